// Cover point generation, local rebuilds and the bucket index.
#include "arena/ae_cover.h"

#include "base_internal.h"
#include "cover_flood.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/// Cells per side of an index bucket.
#define COVER_BUCKET 8

ae_cover_def ae_default_cover_def(void) {
    return (ae_cover_def){
        .radius = 0.0f, .edge_samples = 2, .tolerance_share = 0.05f, .cookie = AE_DEF_COOKIE};
}

/// Growable point list used while generating.
typedef struct plist {
    ae_cover_point *p;
    int n, cap;
} plist;

static bool plist_push(plist *l, ae_cover_point pt) {
    if (l->n == l->cap) {
        int cap = l->cap ? l->cap * 2 : 256;
        ae_cover_point *q = ae_alloc((size_t)cap * sizeof *q);
        if (!q) return false;
        if (l->p) {
            memcpy(q, l->p, (size_t)l->n * sizeof *q);
            ae_free(l->p, (size_t)l->cap * sizeof *q);
        }
        l->p = q;
        l->cap = cap;
    }
    l->p[l->n++] = pt;
    return true;
}

static void plist_free(plist *l) {
    if (l->p) ae_free(l->p, (size_t)l->cap * sizeof *l->p);
    memset(l, 0, sizeof *l);
}

/// The bucket index (ae_cover.h keeps it opaque): point indices grouped by the bucket of the map
/// they lie in, each bucket's in increasing order, so a box query visits only the buckets it
/// overlaps. It also keeps the scratch of the local rebuilds, so that an edit allocates nothing
/// once they have grown.
struct ae_cover_index {
    int cap;                ///< capacity of the set's points and of order
    int bw;                 ///< buckets across
    int bh;                 ///< buckets down
    int32_t *order;         ///< point indices grouped by bucket (cap entries)
    plist fresh;            ///< an edit's window of points afresh
    ae_cover_point *run;    ///< an edit's merged run of points (run_cap entries)
    int run_cap;            ///< capacity of run
    int32_t bucket_start[]; ///< bw * bh + 1 offsets into order
};

static size_t index_size(int bw, int bh) {
    return sizeof(struct ae_cover_index) + (size_t)(bw * bh + 1) * sizeof(int32_t);
}

/// Side k: 0 = -y (up), 1 = +x, 2 = +y, 3 = -x.
static const int side_dx[4] = {0, 1, 0, -1}, side_dy[4] = {-1, 0, 1, 0};

/// False when no sample from the edges of cell (x, y) can land on the iso-line: the walk below
/// reads the field only within r + 1.5 cells of an edge (it starts r away, steps at most half a
/// cell and is dropped beyond r + 1 cells), and a bilinear value is at most the largest of its
/// cell's corners, so when every corner in reach is below the value a point needs, the Newton
/// steps cannot succeed. The skip changes no result; it saves their cost where walls are
/// everywhere (a checkerboard of single cells made arena-map cover spend 14 s at 4096x4096).
static bool can_reach_iso(const ae_cover_set *s, const ae_sdf *sdf, int x, int y) {
    const float c = sdf->cell_size;
    const int m = (int)ceilf(s->def.radius / c + 1.5f) + 1;
    const int cx0 = ae_maxi(0, x - m), cx1 = ae_mini(sdf->width, x + 1 + m);
    const int cy0 = ae_maxi(0, y - m), cy1 = ae_mini(sdf->height, y + 1 + m);
    // A point needs SDF >= r - max(tolerance, the Newton test's 1e-4 cells); the margin covers
    // float rounding of the interpolation. The first corner that clears it answers (scaling by
    // c is monotone, so that is the test on the largest corner).
    const float need = s->def.radius - fmaxf(s->tolerance, 1e-4f * c);
    const float bar = need - 1e-3f * c - 1e-4f * fabsf(need);
    for (int cy = cy0; cy <= cy1; cy++)
        for (int cx = cx0; cx <= cx1; cx++)
            if (ae_sdf_corner(sdf, cx, cy) * c >= bar) return true;
    return false;
}

/// The wall sides of cell (x, y) that may give it points, bit k for side k: none when it is a
/// wall, has no wall beside it, or cannot reach the iso-line.
static unsigned wall_sides(const ae_cover_set *s, const ae_grid *g, const ae_sdf *sdf, int x,
                           int y) {
    if (ae_grid_is_wall(g, x, y)) return 0;
    unsigned sides = 0;
    for (int side = 0; side < 4; side++)
        if (ae_grid_is_wall(g, x + side_dx[side], y + side_dy[side])) sides |= 1u << side;
    return sides && can_reach_iso(s, sdf, x, y) ? sides : 0;
}

/// At most how many points cell (x, y) gives: edge_samples per side of wall_sides.
static int64_t cell_bound(const ae_cover_set *s, const ae_grid *g, const ae_sdf *sdf, int x,
                          int y) {
    const unsigned sides = wall_sides(s, g, sdf, x, y);
    const int n = (int)(sides & 1u) + (int)(sides >> 1 & 1u) + (int)(sides >> 2 & 1u) +
                  (int)(sides >> 3 & 1u);
    return (int64_t)n * s->def.edge_samples;
}

/// Samples of every wall edge of free cell (x, y), projected onto SDF == r.
static bool gen_cell(plist *l, const ae_cover_set *s, const ae_grid *g, const ae_sdf *sdf, int x,
                     int y) {
    const unsigned sides = wall_sides(s, g, sdf, x, y);
    if (!sides) return true;
    const float c = sdf->cell_size, r = s->def.radius;
    const int k = s->def.edge_samples;
    for (int side = 0; side < 4; side++) {
        if (!(sides >> side & 1u)) continue;
        // The edge's endpoints and the direction into the free cell.
        float cx = ((float)x + 0.5f) * c, cy = ((float)y + 0.5f) * c;
        float ex = cx + (float)side_dx[side] * 0.5f * c, ey = cy + (float)side_dy[side] * 0.5f * c;
        float tx = (float)-side_dy[side], ty = (float)side_dx[side]; // along the edge
        for (int i = 0; i < k; i++) {
            float t = ((float)i + 0.5f) / (float)k - 0.5f;
            vec2s q = {{ex + tx * t * c, ey + ty * t * c}};
            vec2s p = {{q.x - (float)side_dx[side] * r, q.y - (float)side_dy[side] * r}};
            bool ok = false;
            // Newton steps onto the iso-line; steps are capped and the walk may not stray, so a
            // point depends only on the field near its edge (that keeps local rebuilds exact).
            for (int it = 0; it < 12; it++) {
                float e = ae_sdf_sample(sdf, p) - r;
                if (fabsf(e) <= 1e-4f * c) {
                    ok = true;
                    break;
                }
                float step = ae_clampf(e, -0.5f * c, 0.5f * c);
                p = glms_vec2_sub(p, glms_vec2_scale(ae_sdf_gradient(sdf, p), step));
                if (glms_vec2_distance(p, q) > r + c) break;
            }
            if (!ok && fabsf(ae_sdf_sample(sdf, p) - r) <= s->tolerance &&
                glms_vec2_distance(p, q) <= r + c)
                ok = true;
            if (!ok) continue;
            int px = (int)floorf(p.x / c), py = (int)floorf(p.y / c);
            if (ae_grid_is_wall(g, px, py)) continue;
            ae_cover_point pt = {p, (uint32_t)(y * g->width + x) * 64u + (uint32_t)side * 16u +
                                        (uint32_t)i};
            if (!plist_push(l, pt)) return false;
        }
    }
    return true;
}

/// The bucket grid's shape, copied out of the index so that loops writing int32 arrays (which
/// could alias the index's ints) keep it in registers.
typedef struct bucket_grid {
    float size; ///< world units per bucket side
    int bw;     ///< buckets across
    int bh;     ///< buckets down
} bucket_grid;

static bucket_grid buckets(const ae_cover_set *s) {
    return (bucket_grid){s->cell_size * COVER_BUCKET, s->index->bw, s->index->bh};
}

/// The bucket of a point: the one its position falls in, clamped to the grid. (Truncating is
/// flooring where it matters: a quotient that truncates to 0 or less is clamped to 0 anyway.)
static int bucket_of(bucket_grid g, vec2s p) {
    int bx = ae_clampi((int)(p.x / g.size), 0, g.bw - 1);
    int by = ae_clampi((int)(p.y / g.size), 0, g.bh - 1);
    return by * g.bw + bx;
}

/// Lists the points [from, to) that lie in buckets [b0, b1) in those buckets' part of order, each
/// bucket's in increasing order (a counting sort). bucket_start[b0] and bucket_start[b1] are
/// given; the offsets between them are rebuilt, and the points of the range found there must be
/// all those buckets hold. Init sorts every point into every bucket; an edit redoes a band.
static void sort_into_buckets(ae_cover_set *s, int from, int to, int b0, int b1) {
    const bucket_grid g = buckets(s);
    int32_t *start = s->index->bucket_start, *order = s->index->order;
    const ae_cover_point *points = s->points;
    const int32_t first = start[b0];
    // Counts go one bucket up (start[b + 1]); the last bucket's end is given.
    for (int b = b0 + 1; b < b1; b++) start[b] = 0;
    for (int i = from; i < to; i++) {
        const int b = bucket_of(g, points[i].pos);
        if (b >= b0 && b < b1 - 1) start[b + 1]++;
    }
    for (int b = b0 + 1; b < b1; b++) start[b] += start[b - 1];
    for (int i = from; i < to; i++) {
        const int b = bucket_of(g, points[i].pos);
        if (b >= b0 && b < b1) order[start[b]++] = i; // start[b] is a cursor, restored below
    }
    AE_ASSERT(start[b1 - 1] == start[b1]); // the points found fill the buckets exactly
    for (int b = b1 - 1; b > b0; b--) start[b] = start[b - 1];
    start[b0] = first;
}

bool ae_cover_init(ae_cover_set *set, const ae_grid *grid, const ae_sdf *sdf,
                   const ae_cover_def *def, ae_error *err) {
    memset(set, 0, sizeof *set);
    AE_ASSERT(def->cookie == AE_DEF_COOKIE);
    set->def = *def;
    if (!(def->radius >= 0.0f) || !(def->tolerance_share >= 0.0f) || def->edge_samples < 1 ||
        def->edge_samples > 16) {
        ae_error_set(err, "cover: radius and tolerance must be >= 0, edge samples 1..16");
        return false;
    }
    set->tolerance = def->tolerance_share * sdf->cell_size;
    set->width = grid->width;
    set->height = grid->height;
    set->cell_size = sdf->cell_size;
    const int bw = (grid->width + COVER_BUCKET - 1) / COVER_BUCKET;
    const int bh = (grid->height + COVER_BUCKET - 1) / COVER_BUCKET;
    struct ae_cover_index *ix = ae_calloc(1, index_size(bw, bh));
    set->index = ix;
    if (ix) {
        ix->bw = bw;
        ix->bh = bh;
    }
    // The list is sized once, by a count of the edges that may give points (cheap next to the
    // Newton steps, and exact unless a step fails): the points never move while they are made,
    // where a doubling list held 1.5 times its room while it moved and kept up to twice what
    // it needed. A little more room (untouched, so not resident until used) lets edits that add
    // points, such as props breaking in a match, go on for long before the set must grow and
    // move whole.
    int64_t bound = 0;
    for (int y = 0; y < grid->height; y++)
        for (int x = 0; x < grid->width; x++) bound += cell_bound(set, grid, sdf, x, y);
    const int64_t room = bound + bound / 64 + 256;
    plist l = {0};
    bool ok = ix != NULL && room <= INT32_MAX;
    if (ok && bound > 0) {
        l.cap = (int)room;
        l.p = ae_alloc((size_t)l.cap * sizeof *l.p);
        ok = l.p != NULL;
    }
    for (int y = 0; ok && y < grid->height; y++)
        for (int x = 0; ok && x < grid->width; x++) ok = gen_cell(&l, set, grid, sdf, x, y);
    int32_t *order = ok && l.cap ? ae_alloc((size_t)l.cap * sizeof *order) : NULL;
    if (ok && (order || !l.cap)) {
        set->points = l.p;
        set->count = l.n;
        ix->cap = l.cap;
        ix->order = order;
        ix->bucket_start[bw * bh] = l.n;
        sort_into_buckets(set, 0, l.n, 0, bw * bh);
        return true;
    }
    plist_free(&l);
    ae_cover_free(set);
    ae_error_set(err, "cover: out of memory");
    return false;
}

void ae_cover_free(ae_cover_set *s) {
    struct ae_cover_index *ix = s->index;
    if (ix) { // (points are only ever installed with the index)
        if (s->points) ae_free(s->points, (size_t)ix->cap * sizeof *s->points);
        if (ix->order) ae_free(ix->order, (size_t)ix->cap * sizeof *ix->order);
        plist_free(&ix->fresh);
        if (ix->run) ae_free(ix->run, (size_t)ix->run_cap * sizeof *ix->run);
        ae_free(ix, index_size(ix->bw, ix->bh));
    }
    memset(s, 0, sizeof *s);
}

/// First index of the sorted points whose key is >= the first key of cell `cell` (a cell index
/// y * width + x, up to the cell count).
static int lower_bound(const ae_cover_set *s, int64_t cell) {
    const int64_t key = cell * 64;
    int lo = 0, hi = s->count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if ((int64_t)s->points[mid].key < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/// A capacity of cap + more, or n when that is larger (at most INT32_MAX).
static int grown(int cap, int more, int n) {
    const int64_t c = (int64_t)cap + more;
    return c < n ? n : c > INT32_MAX ? INT32_MAX : (int)c;
}

/// Makes room for n points and as many index entries, moving both into blocks half as large
/// again (or n) when they are full: the only copy of the whole set an edit makes, and only when
/// the set outgrows its room. False on out-of-memory, leaving them as they were.
static bool reserve_points(ae_cover_set *s, int n) {
    struct ae_cover_index *ix = s->index;
    if (n <= ix->cap) return true;
    const int cap = grown(ix->cap, ix->cap / 2, n);
    ae_cover_point *points = ae_alloc((size_t)cap * sizeof *points);
    int32_t *order = points ? ae_alloc((size_t)cap * sizeof *order) : NULL;
    if (!order) {
        if (points) ae_free(points, (size_t)cap * sizeof *points);
        return false;
    }
    if (s->count) {
        memcpy(points, s->points, (size_t)s->count * sizeof *points);
        memcpy(order, ix->order, (size_t)s->count * sizeof *order);
    }
    if (s->points) ae_free(s->points, (size_t)ix->cap * sizeof *s->points);
    if (ix->order) ae_free(ix->order, (size_t)ix->cap * sizeof *ix->order);
    s->points = points;
    ix->order = order;
    ix->cap = cap;
    return true;
}

/// Makes room for n points in the edit's run (scratch: its contents need not survive).
static bool reserve_run(struct ae_cover_index *ix, int n) {
    if (n <= ix->run_cap) return true;
    const int cap = grown(ix->run_cap, ix->run_cap, n);
    ae_cover_point *run = ae_alloc((size_t)cap * sizeof *run);
    if (!run) return false;
    if (ix->run) ae_free(ix->run, (size_t)ix->run_cap * sizeof *ix->run);
    ix->run = run;
    ix->run_cap = cap;
    return true;
}

/// Brings the bucket index up to date after the points of rows y0..y1 were replaced and the
/// points after them moved by delta places (old_count points before). Only the lists of the band
/// of bucket rows that the points of those rows can lie in change: the buckets before the band
/// hold points of earlier rows, left as they are, and the buckets after it points of later rows,
/// which only move by delta, in index and in place.
static void patch_index(ae_cover_set *s, int delta, int old_count, int y0, int y1) {
    struct ae_cover_index *ix = s->index;
    const bucket_grid g = buckets(s);
    // A point lies within radius + 1 cell of an edge of its source cell (gen_cell), so within
    // `reach` rows of that cell; one more row covers rounding.
    const int reach = (int)ceilf(s->def.radius / s->cell_size) + 2;
    const int r0 = ae_mini(ae_maxi(y0 - reach, 0) / COVER_BUCKET, g.bh - 1);
    const int r1 = ae_mini((y1 + reach) / COVER_BUCKET, g.bh - 1);
    const int b0 = r0 * g.bw, b1 = (r1 + 1) * g.bw, nb = g.bw * g.bh;
    int32_t *start = ix->bucket_start, *order = ix->order;
    if (delta != 0) {
        const int e1 = start[b1];
        if (old_count > e1)
            memmove(order + e1 + delta, order + e1, (size_t)(old_count - e1) * sizeof *order);
        for (int k = e1 + delta; k < old_count + delta; k++) order[k] += delta;
        for (int b = b1; b <= nb; b++) start[b] += delta;
    }
    // The band afresh from the points of the rows whose points can lie in it.
    const int64_t w = s->width;
    const int from = lower_bound(s, ae_maxi(r0 * COVER_BUCKET - reach, 0) * w);
    const int to = lower_bound(s, ae_mini((r1 + 1) * COVER_BUCKET + reach, s->height) * w);
    sort_into_buckets(s, from, to, b0, b1);
}

bool ae_cover_on_cells_edit(ae_cover_set *set, const ae_grid *grid, const ae_sdf *sdf,
                            ae_cell_rect changed, ae_error *err) {
    if (ae_cell_rect_is_empty(changed)) return true;
    // A point reads the field within radius + 1.5 cells of its edge, and corner distances there
    // are at most radius + 3 cells, so only a changed cell that close can change it.
    const int m = (int)ceilf(2.0f * set->def.radius / set->cell_size) + 7;
    const int x0 = ae_maxi(changed.x0 - m, 0), x1 = ae_mini(changed.x1 + m, grid->width - 1);
    const int y0 = ae_maxi(changed.y0 - m, 0), y1 = ae_mini(changed.y1 + m, grid->height - 1);
    // The window's points afresh. Cells are visited in row-major order and each cell's points
    // come in key order, so the list is sorted by key, as the set is: one merge replaces the
    // window's old points with them. Keys order points by source cell, so every point of the
    // window lies in one run [lo, hi) of the set (its rows, from x0 in the first to x1 in the
    // last): only that run is merged, into scratch, and the points after it move by the change
    // in its length. Every buffer is kept in the set, so once they have grown nothing is
    // allocated, and they are all grown before the set changes.
    struct ae_cover_index *ix = set->index;
    plist *fresh = &ix->fresh;
    fresh->n = 0;
    bool ok = true;
    for (int cy = y0; ok && cy <= y1; cy++)
        for (int cx = x0; ok && cx <= x1; cx++) ok = gen_cell(fresh, set, grid, sdf, cx, cy);
    const int64_t w = grid->width;
    const int lo = lower_bound(set, y0 * w + x0), hi = lower_bound(set, y1 * w + x1 + 1);
    ok = ok && reserve_run(ix, hi - lo + fresh->n);
    int n = 0; // the merged run's length
    for (int i = lo, j = 0; ok && (i < hi || j < fresh->n);) {
        if (i < hi) {
            const ae_cover_point *p = &set->points[i];
            int cell = (int)(p->key / 64u), cx = cell % set->width;
            if (cx >= x0 && cx <= x1) {
                i++; // in the window (the run spans its rows): replaced by its fresh points
                continue;
            }
            if (j == fresh->n || p->key < fresh->p[j].key) {
                ix->run[n++] = *p;
                i++;
                continue;
            }
        }
        ix->run[n++] = fresh->p[j++];
    }
    const int old_count = set->count, delta = n - (hi - lo);
    ok = ok && reserve_points(set, old_count + delta);
    if (!ok) {
        ae_error_set(err, "cover: out of memory");
        return false;
    }
    if (n == 0 && hi == lo) return true; // no points here before or now
    if (delta != 0 && old_count > hi)
        memmove(set->points + lo + n, set->points + hi,
                (size_t)(old_count - hi) * sizeof *set->points);
    if (n > 0) memcpy(set->points + lo, ix->run, (size_t)n * sizeof *set->points);
    set->count = old_count + delta;
    patch_index(set, delta, old_count, y0, y1);
    return true;
}

bool ae_cover_on_cell_edit(ae_cover_set *set, const ae_grid *grid, const ae_sdf *sdf, int x, int y,
                           ae_error *err) {
    return ae_cover_on_cells_edit(set, grid, sdf, (ae_cell_rect){x, y, x, y}, err);
}

int ae_cover_query_aabb(const ae_cover_set *s, vec2s lo, vec2s hi, int32_t *out, int cap) {
    if (s->count == 0 || !(lo.x <= hi.x) || !(lo.y <= hi.y)) return 0;
    // Read once: the writes to out could alias the index's ints (see bucket_grid).
    const bucket_grid g = buckets(s);
    const int32_t *start = s->index->bucket_start, *order = s->index->order;
    const ae_cover_point *points = s->points;
    int bx0 = ae_clampi((int)floorf(lo.x / g.size), 0, g.bw - 1);
    int bx1 = ae_clampi((int)floorf(hi.x / g.size), 0, g.bw - 1);
    int by0 = ae_clampi((int)floorf(lo.y / g.size), 0, g.bh - 1);
    int by1 = ae_clampi((int)floorf(hi.y / g.size), 0, g.bh - 1);
    int n = 0;
    for (int by = by0; by <= by1; by++)
        for (int bx = bx0; bx <= bx1; bx++) {
            int b = by * g.bw + bx;
            for (int k = start[b]; k < start[b + 1]; k++) {
                int i = order[k];
                vec2s p = points[i].pos;
                if (p.x < lo.x || p.x > hi.x || p.y < lo.y || p.y > hi.y) continue;
                if (n < cap) out[n] = i;
                n++;
            }
        }
    // Buckets list points in index order; sort across buckets so callers see index order.
    int m = n < cap ? n : cap;
    for (int i = 1; i < m; i++) {
        int32_t v = out[i];
        int j = i - 1;
        while (j >= 0 && out[j] > v) {
            out[j + 1] = out[j];
            j--;
        }
        out[j + 1] = v;
    }
    return n;
}

double ae_cover_flood_cost(float max_dist, float cell_size) {
    // A flood a bit beyond max_dist: paths bend around walls.
    return 2.0 * (double)(max_dist / cell_size) + 2.0;
}

/// Path cost to a point: through the best passable cell around it (INFINITY when none is
/// reached).
static float point_cost(const ae_cover_flood *flood, const ae_nav_grid *nav, vec2s pos) {
    const float c = nav->cell_size;
    int px = (int)floorf(pos.x / c), py = (int)floorf(pos.y / c);
    float cost = INFINITY;
    for (int y = py - 1; y <= py + 1; y++)
        for (int x = px - 1; x <= px + 1; x++) {
            double g = cover_flood_cost(flood, x, y);
            if (g < 0.0) continue;
            vec2s cc = ae_nav_cell_center(nav, (ae_nav_cell){x, y});
            float d = (float)g * c + glms_vec2_distance(cc, pos);
            if (d < cost) cost = d;
        }
    return cost;
}

/// Candidate order: the lower cost (or bound), then the lower index.
static inline bool cand_before(cover_candidate a, cover_candidate b) {
    return a.cost < b.cost || (a.cost == b.cost && a.k < b.k);
}

/// Moves h[i] down the binary min-heap of m candidates to its place.
static void cand_sift_down(cover_candidate *h, int m, int i) {
    const cover_candidate v = h[i];
    for (int c = 2 * i + 1; c < m; c = 2 * i + 1) {
        if (c + 1 < m && cand_before(h[c + 1], h[c])) c++;
        if (!cand_before(h[c], v)) break;
        h[i] = h[c];
        i = c;
    }
    h[i] = v;
}

/// The best of the n candidates in scratch after a flood from the cell centred at `from` up to
/// `reach` cells (see ae_cover_find_best): the cheapest hidden one, ties to the lower index.
///
/// A path is never shorter than the straight line, so each candidate starts with its distance
/// as a lower bound of its cost (less a margin for rounding), in a min-heap; the first one's
/// bound is replaced by its exact cost until the first is exact: no other can beat it then.
/// That one pays for a sight line; one the threat sees is dropped and marked in scratch
/// (-1 - index) so a farther stage skips it. Only candidates nearer than the answer pay for a
/// cost, and only those cheaper than it for a sight line.
static ae_cover_choice best_flooded(const ae_cover_set *set, const ae_sdf *sdf,
                                    const ae_nav_grid *nav, ae_cover_flood *flood, vec2s threat,
                                    int32_t *scratch, int n, vec2s from, double reach) {
    const float c = nav->cell_size;
    // A point this far from `from` has all its cells around it beyond the flood (a cell centre
    // within reach, then at most about 2.1 cells to the point).
    const float unreached = ((float)reach + 3.0f) * c;
    cover_candidate *h = cover_flood_candidates(flood, n);
    int m = 0;
    for (int k = 0; k < n; k++) {
        if (scratch[k] < 0) continue; // seen from the threat
        const float line = glms_vec2_distance(from, set->points[scratch[k]].pos);
        if (line <= unreached) h[m++] = (cover_candidate){line - 0.01f * c, k, false};
    }
    for (int i = m / 2 - 1; i >= 0; i--) cand_sift_down(h, m, i);
    while (m > 0) {
        const int k = h[0].k;
        const vec2s pos = set->points[scratch[k]].pos;
        if (!h[0].exact) {
            h[0].cost = point_cost(flood, nav, pos);
            h[0].exact = true;
            if (h[0].cost < INFINITY) {
                cand_sift_down(h, m, 0);
                continue;
            }
        } else if (!ae_sdf_clear_path(sdf, threat, pos, 0.0f)) {
            return (ae_cover_choice){scratch[k], h[0].cost};
        } else {
            scratch[k] = -1 - scratch[k];
        }
        h[0] = h[--m]; // unreached or seen: dropped
        cand_sift_down(h, m, 0);
    }
    return (ae_cover_choice){-1, INFINITY};
}

/// The first flood's reach (cells) and how much farther each next one goes. Cover is mostly
/// a few cells away: a short flood finds it at a fraction of the full flood's cost.
#define COVER_FIRST_REACH  4.0
#define COVER_REACH_GROWTH 2.5

ae_cover_choice ae_cover_find_best(const ae_cover_set *set, const ae_sdf *sdf,
                                   const ae_nav_grid *nav, ae_cover_flood *flood, int layer,
                                   vec2s agent, vec2s threat, float max_dist, int32_t *scratch,
                                   int scratch_cap) {
    const ae_cover_choice none = {-1, INFINITY};
    const float c = nav->cell_size;
    const ae_nav_cell start = {(int)floorf(agent.x / c), (int)floorf(agent.y / c)};
    const vec2s from = ae_nav_cell_center(nav, start);
    const double full = ae_cover_flood_cost(max_dist, c);
    vec2s lo = {{agent.x - max_dist, agent.y - max_dist}},
          hi = {{agent.x + max_dist, agent.y + max_dist}};
    int n = ae_cover_query_aabb(set, lo, hi, scratch, scratch_cap);
    if (n > scratch_cap) n = scratch_cap;
    // One flood taken farther in stages until one settles the answer. A flood up to R knows
    // every cell's exact cost up to R; a cell beyond costs at least (float)R * c, so a best
    // point cheaper than that is the full flood's best too (same costs, same tie-break).
    if (!cover_flood_begin(flood, nav, start, layer)) return none;
    for (double reach = fmin(COVER_FIRST_REACH, full);;
         reach = fmin(reach * COVER_REACH_GROWTH, full)) {
        cover_flood_run(flood, reach);
        ae_cover_choice best = best_flooded(set, sdf, nav, flood, threat, scratch, n, from, reach);
        if (reach >= full || best.path_length < (float)reach * c) return best;
    }
}
