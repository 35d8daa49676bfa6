// Cover point generation, local rebuilds and box queries.
#include "arena/ae_cover.h"

#include "base_internal.h"
#include "cover_flood.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

ae_cover_def ae_default_cover_def(void) {
    return (ae_cover_def){
        .radius = 0.0f, .edge_samples = 2, .tolerance_share = 0.05f, .cookie = AE_DEF_COOKIE};
}

/// Growable point list: an edit's scratch, and the set's points while init fills them.
typedef struct plist {
    ae_cover_point *p;
    int n, cap;
} plist;

/// Room for n points in all (at least doubling); false on out-of-memory, leaving it as it was.
static bool plist_reserve(plist *l, int64_t n) {
    if (n <= l->cap) return true;
    const int64_t want = ae_maxi(l->cap, 128) * (int64_t)2;
    const int64_t cap = want > n ? want : n;
    if (cap > INT32_MAX) return false;
    ae_cover_point *q = ae_alloc((size_t)cap * sizeof *q);
    if (!q) return false;
    if (l->p) {
        memcpy(q, l->p, (size_t)l->n * sizeof *q);
        ae_free(l->p, (size_t)l->cap * sizeof *q);
    }
    l->p = q;
    l->cap = (int)cap;
    return true;
}

static bool plist_push(plist *l, ae_cover_point pt) {
    if (l->n == l->cap && !plist_reserve(l, (int64_t)l->n + 1)) return false;
    l->p[l->n++] = pt;
    return true;
}

static void plist_free(plist *l) {
    if (l->p) ae_free(l->p, (size_t)l->cap * sizeof *l->p);
    memset(l, 0, sizeof *l);
}

/// What the set keeps besides its public fields (ae_cover.h keeps it opaque): the capacity of
/// its points and an edit's scratch, kept so that an edit allocates nothing once they have grown.
struct ae_cover_index {
    int cap;            ///< capacity of the set's points
    plist run;          ///< an edit's new points of the buckets it spans
    int32_t *run_start; ///< an edit's new offsets of those buckets, from the run's start
    int run_start_cap;  ///< capacity of run_start
};

/// Side k: 0 = -y (up), 1 = +x, 2 = +y, 3 = -x.
static const int side_dx[4] = {0, 1, 0, -1}, side_dy[4] = {-1, 0, 1, 0};

/// Lattice steps per cell are 1 << COVER_LATTICE_SHIFT, and an offset has 16 bits.
#define COVER_LATTICE_SHIFT 12
#define COVER_OFFSET_BITS   16

/// The set's lattice: offsets span 2^16 steps, a bucket and `margin` cells on either side. A
/// point lies within radius + 1 cell of its source cell (gen_cell), so the margin must exceed
/// that (half a cell more covers the snap and rounding); 1/4096 cell gives 4 cells, enough for
/// a radius of 2.5 cells (the game's agents: 0.375), and a larger radius takes a coarser one.
static void choose_lattice(ae_cover_set *s) {
    const float need = s->def.radius / s->cell_size + 1.5f;
    int shift = COVER_LATTICE_SHIFT;
    while (shift > 0 &&
           (float)((1 << (COVER_OFFSET_BITS - 1 - shift)) - AE_COVER_BUCKET / 2) < need)
        shift--;
    s->margin = (1 << (COVER_OFFSET_BITS - 1 - shift)) - AE_COVER_BUCKET / 2;
    s->step = ldexpf(s->cell_size, -shift);
}

/// The largest |SDF - radius| a kept point may have: the tolerance, or what a converged Newton
/// walk (1e-4 cells) plus the snap to the lattice (at most a step, the field's slope being at
/// most sqrt 2 and the move at most sqrt 2 / 2 steps) can leave when that is more.
static float accept_error(const ae_cover_set *s) {
    return fmaxf(s->tolerance, 1e-4f * s->cell_size + s->step);
}

/// How far beyond its source cell a point can lie (world units): radius + 1 cell from the
/// walk, the snap, and a margin for rounding. The query widens its box by this.
static float source_reach(const ae_cover_set *s) {
    return s->def.radius + 1.125f * s->cell_size + 2.0f * s->step;
}

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
    // A point needs SDF >= r - accept_error; the margin covers float rounding of the
    // interpolation. The first corner that clears it answers (scaling by c is monotone, so that
    // is the test on the largest corner).
    const float need = s->def.radius - accept_error(s);
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

/// The point at p of bucket b snapped to the lattice: its nearest lattice position. False when
/// p is beyond the lattice (only for a radius of more than 32,000 cells).
static bool snap(const ae_cover_set *s, int b, vec2s p, ae_cover_point *out) {
    const vec2s o = ae_cover_origin(s, b);
    const float fx = floorf((p.x - o.x) / s->step + 0.5f);
    const float fy = floorf((p.y - o.y) / s->step + 0.5f);
    const float end = (float)(1 << COVER_OFFSET_BITS);
    if (!(fx >= 0.0f && fx < end && fy >= 0.0f && fy < end)) return false;
    *out = (ae_cover_point){(uint16_t)fx, (uint16_t)fy};
    return true;
}

/// Samples of every wall edge of free cell (x, y), projected onto SDF == r, snapped to the
/// lattice and kept when they are still within accept_error of it, outside walls.
static bool gen_cell(plist *l, const ae_cover_set *s, const ae_grid *g, const ae_sdf *sdf, int x,
                     int y) {
    const unsigned sides = wall_sides(s, g, sdf, x, y);
    if (!sides) return true;
    const float c = sdf->cell_size, r = s->def.radius;
    const int k = s->def.edge_samples;
    const int b = y / AE_COVER_BUCKET * s->buckets_x + x / AE_COVER_BUCKET;
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
            ae_cover_point pt;
            if (!ok || !snap(s, b, p, &pt)) continue;
            // What is kept is the snapped point, as every reader decodes it.
            p = ae_cover_point_pos(s, b, pt);
            if (fabsf(ae_sdf_sample(sdf, p) - r) > accept_error(s)) continue;
            if (ae_grid_is_wall(g, (int)floorf(p.x / c), (int)floorf(p.y / c))) continue;
            if (!plist_push(l, pt)) return false;
        }
    }
    return true;
}

/// The points of the cells of bucket b, in source order.
static bool gen_bucket(plist *l, const ae_cover_set *s, const ae_grid *g, const ae_sdf *sdf,
                       int b) {
    const int bx = b % s->buckets_x * AE_COVER_BUCKET, by = b / s->buckets_x * AE_COVER_BUCKET;
    const int x1 = ae_mini(bx + AE_COVER_BUCKET, g->width),
              y1 = ae_mini(by + AE_COVER_BUCKET, g->height);
    for (int y = by; y < y1; y++)
        for (int x = bx; x < x1; x++)
            if (!gen_cell(l, s, g, sdf, x, y)) return false;
    return true;
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
    choose_lattice(set);
    set->buckets_x = (grid->width + AE_COVER_BUCKET - 1) / AE_COVER_BUCKET;
    set->buckets_y = (grid->height + AE_COVER_BUCKET - 1) / AE_COVER_BUCKET;
    const int nb = set->buckets_x * set->buckets_y;
    set->index = ae_calloc(1, sizeof *set->index);
    set->bucket_start = set->index ? ae_calloc((size_t)nb + 1, sizeof *set->bucket_start) : NULL;
    // The points are sized once, by a count of the edges that may give points (cheap next to
    // the Newton steps, and exact unless a step fails), and made in place, bucket by bucket:
    // nothing moves while they are made and nothing is held twice. A little more room
    // (untouched, so not resident until used) lets edits that add points, such as props
    // breaking in a match, go on for long before the set must grow and move whole.
    int64_t bound = 0;
    for (int y = 0; y < grid->height; y++)
        for (int x = 0; x < grid->width; x++) bound += cell_bound(set, grid, sdf, x, y);
    const int64_t room = bound + bound / 64 + 256;
    plist l = {0};
    bool ok = set->bucket_start != NULL && room <= INT32_MAX;
    if (ok && bound > 0) {
        l.cap = (int)room;
        l.p = ae_alloc((size_t)l.cap * sizeof *l.p);
        ok = l.p != NULL;
    }
    for (int b = 0; ok && b < nb; b++) {
        set->bucket_start[b] = l.n;
        ok = gen_bucket(&l, set, grid, sdf, b);
    }
    if (ok) {
        set->bucket_start[nb] = l.n;
        set->points = l.p;
        set->count = l.n;
        set->index->cap = l.cap;
        return true;
    }
    plist_free(&l);
    ae_cover_free(set);
    ae_error_set(err, "cover: out of memory");
    return false;
}

void ae_cover_free(ae_cover_set *s) {
    struct ae_cover_index *ix = s->index;
    if (ix) { // (points and offsets are only ever installed with it)
        if (s->points) ae_free(s->points, (size_t)ix->cap * sizeof *s->points);
        if (s->bucket_start)
            ae_free(s->bucket_start,
                    ((size_t)s->buckets_x * (size_t)s->buckets_y + 1) * sizeof *s->bucket_start);
        plist_free(&ix->run);
        if (ix->run_start) ae_free(ix->run_start, (size_t)ix->run_start_cap * sizeof(int32_t));
        ae_free(ix, sizeof *ix);
    }
    memset(s, 0, sizeof *s);
}

bool ae_cover_equal(const ae_cover_set *a, const ae_cover_set *b) {
    if (a->count != b->count || a->buckets_x != b->buckets_x || a->buckets_y != b->buckets_y)
        return false;
    const size_t offsets = (size_t)a->buckets_x * (size_t)a->buckets_y + 1;
    return (a->count == 0 ||
            memcmp(a->points, b->points, (size_t)a->count * sizeof *a->points) == 0) &&
           (offsets == 1 ||
            memcmp(a->bucket_start, b->bucket_start, offsets * sizeof *a->bucket_start) == 0);
}

/// A capacity of cap + more, or n when that is larger (at most INT32_MAX).
static int grown(int cap, int more, int64_t n) {
    const int64_t c = (int64_t)cap + more;
    return (int)(c < n ? n : c > INT32_MAX ? INT32_MAX : c);
}

/// Makes room for n points, moving them into a block half as large again (or n) when it is
/// full: the only copy of the whole set an edit makes, and only when the set outgrows its room.
/// False on out-of-memory, leaving them as they were.
static bool reserve_points(ae_cover_set *s, int64_t n) {
    struct ae_cover_index *ix = s->index;
    if (n <= ix->cap) return true;
    if (n > INT32_MAX) return false;
    const int cap = grown(ix->cap, ix->cap / 2, n);
    ae_cover_point *points = ae_alloc((size_t)cap * sizeof *points);
    if (!points) return false;
    if (s->count) memcpy(points, s->points, (size_t)s->count * sizeof *points);
    if (s->points) ae_free(s->points, (size_t)ix->cap * sizeof *s->points);
    s->points = points;
    ix->cap = cap;
    return true;
}

/// Makes room for n offsets in run_start (scratch: its contents need not survive).
static bool reserve_run_start(struct ae_cover_index *ix, int n) {
    if (n <= ix->run_start_cap) return true;
    const int cap = grown(ix->run_start_cap, ix->run_start_cap, n);
    int32_t *r = ae_alloc((size_t)cap * sizeof *r);
    if (!r) return false;
    if (ix->run_start) ae_free(ix->run_start, (size_t)ix->run_start_cap * sizeof *r);
    ix->run_start = r;
    ix->run_start_cap = cap;
    return true;
}

bool ae_cover_on_cells_edit(ae_cover_set *set, const ae_grid *grid, const ae_sdf *sdf,
                            ae_cell_rect changed, ae_error *err) {
    if (ae_cell_rect_is_empty(changed)) return true;
    // A point reads the field within radius + 1.5 cells of its edge, and corner distances there
    // are at most radius + 3 cells, so only a changed cell that close can change it.
    const int m = (int)ceilf(2.0f * set->def.radius / set->cell_size) + 7;
    const int x0 = ae_maxi(changed.x0 - m, 0), x1 = ae_mini(changed.x1 + m, grid->width - 1);
    const int y0 = ae_maxi(changed.y0 - m, 0), y1 = ae_mini(changed.y1 + m, grid->height - 1);
    // The points of the buckets the window reaches afresh, all their cells' (a point does not
    // say which cell it comes from; the cells outside the window give the points they gave).
    // The buckets from the window's first to its last, in storage order, hold one run of the
    // set: the run is made anew in scratch (the buckets between that the window misses copied
    // as they are), and the points after it move by the change in its length. Every buffer is
    // kept in the set, so once they have grown nothing is allocated, and they are all grown
    // before the set changes.
    struct ae_cover_index *ix = set->index;
    const int bw = set->buckets_x, nb = bw * set->buckets_y;
    const int bx0 = x0 / AE_COVER_BUCKET, bx1 = x1 / AE_COVER_BUCKET;
    const int first = y0 / AE_COVER_BUCKET * bw + bx0, last = y1 / AE_COVER_BUCKET * bw + bx1;
    int32_t *start = set->bucket_start;
    const int lo = start[first], hi = start[last + 1];
    bool ok = reserve_run_start(ix, last - first + 1);
    ix->run.n = 0;
    for (int b = first; ok && b <= last; b++) {
        ix->run_start[b - first] = ix->run.n;
        const int bx = b % bw;
        if (bx >= bx0 && bx <= bx1) {
            ok = gen_bucket(&ix->run, set, grid, sdf, b);
        } else {
            const int n = start[b + 1] - start[b];
            ok = plist_reserve(&ix->run, (int64_t)ix->run.n + n);
            if (ok && n > 0) {
                memcpy(ix->run.p + ix->run.n, set->points + start[b],
                       (size_t)n * sizeof *ix->run.p);
                ix->run.n += n;
            }
        }
    }
    const int n = ix->run.n, old_count = set->count, delta = n - (hi - lo);
    ok = ok && reserve_points(set, (int64_t)old_count + delta);
    if (!ok) {
        ae_error_set(err, "cover: out of memory");
        return false;
    }
    if (delta != 0 && old_count > hi)
        memmove(set->points + lo + n, set->points + hi,
                (size_t)(old_count - hi) * sizeof *set->points);
    if (n > 0) memcpy(set->points + lo, ix->run.p, (size_t)n * sizeof *set->points);
    set->count = old_count + delta;
    for (int b = first + 1; b <= last; b++) start[b] = lo + ix->run_start[b - first];
    if (delta != 0)
        for (int b = last + 1; b <= nb; b++) start[b] += delta;
    return true;
}

bool ae_cover_on_cell_edit(ae_cover_set *set, const ae_grid *grid, const ae_sdf *sdf, int x, int y,
                           ae_error *err) {
    return ae_cover_on_cells_edit(set, grid, sdf, (ae_cell_rect){x, y, x, y}, err);
}

/// ae_cover_query_aabb, also writing each point's position to pos when pos is not NULL. Points
/// are stored by the bucket of their source, and lie at most source_reach beyond it: the
/// buckets of the box widened by that hold every point inside it. Visited in storage order,
/// they give the points in index order.
static inline int query(const ae_cover_set *s, vec2s lo, vec2s hi, int32_t *out, vec2s *pos,
                        int cap) {
    if (s->count == 0 || !(lo.x <= hi.x) || !(lo.y <= hi.y)) return 0;
    const float size = s->cell_size * AE_COVER_BUCKET, reach = source_reach(s);
    const int bw = s->buckets_x, bh = s->buckets_y;
    // Read once: the writes to out could alias the offsets.
    const int32_t *start = s->bucket_start;
    const ae_cover_point *points = s->points;
    const int bx0 = ae_clampi((int)floorf((lo.x - reach) / size), 0, bw - 1);
    const int bx1 = ae_clampi((int)floorf((hi.x + reach) / size), 0, bw - 1);
    const int by0 = ae_clampi((int)floorf((lo.y - reach) / size), 0, bh - 1);
    const int by1 = ae_clampi((int)floorf((hi.y + reach) / size), 0, bh - 1);
    int n = 0;
    for (int by = by0; by <= by1; by++)
        for (int bx = bx0; bx <= bx1; bx++) {
            const int b = by * bw + bx;
            const vec2s o = ae_cover_origin(s, b);
            for (int i = start[b], end = start[b + 1]; i < end; i++) {
                const vec2s p = ae_cover_offset_pos(s, o, points[i]);
                if (p.x < lo.x || p.x > hi.x || p.y < lo.y || p.y > hi.y) continue;
                if (n < cap) {
                    out[n] = i;
                    if (pos) pos[n] = p;
                }
                n++;
            }
        }
    return n;
}

int ae_cover_query_aabb(const ae_cover_set *s, vec2s lo, vec2s hi, int32_t *out, int cap) {
    return query(s, lo, hi, out, NULL, cap);
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
static ae_cover_choice best_flooded(const ae_sdf *sdf, const ae_nav_grid *nav,
                                    ae_cover_flood *flood, vec2s threat, int32_t *scratch,
                                    const vec2s *pos, int n, vec2s from, double reach) {
    const float c = nav->cell_size;
    // A point this far from `from` has all its cells around it beyond the flood (a cell centre
    // within reach, then at most about 2.1 cells to the point).
    const float unreached = ((float)reach + 3.0f) * c;
    cover_candidate *h = cover_flood_candidates(flood, n);
    int m = 0;
    for (int k = 0; k < n; k++) {
        if (scratch[k] < 0) continue; // seen from the threat
        const float line = glms_vec2_distance(from, pos[k]);
        if (line <= unreached) h[m++] = (cover_candidate){line - 0.01f * c, k, false};
    }
    for (int i = m / 2 - 1; i >= 0; i--) cand_sift_down(h, m, i);
    while (m > 0) {
        const int k = h[0].k;
        if (!h[0].exact) {
            h[0].cost = point_cost(flood, nav, pos[k]);
            h[0].exact = true;
            if (h[0].cost < INFINITY) {
                cand_sift_down(h, m, 0);
                continue;
            }
        } else if (!ae_sdf_clear_path(sdf, threat, pos[k], 0.0f)) {
            return (ae_cover_choice){scratch[k], pos[k], h[0].cost};
        } else {
            scratch[k] = -1 - scratch[k];
        }
        h[0] = h[--m]; // unreached or seen: dropped
        cand_sift_down(h, m, 0);
    }
    return (ae_cover_choice){-1, {{0.0f, 0.0f}}, INFINITY};
}

/// The first flood's reach (cells) and how much farther each next one goes. Cover is mostly
/// a few cells away: a short flood finds it at a fraction of the full flood's cost.
#define COVER_FIRST_REACH  4.0
#define COVER_REACH_GROWTH 2.5

ae_cover_choice ae_cover_find_best(const ae_cover_set *set, const ae_sdf *sdf,
                                   const ae_nav_grid *nav, ae_cover_flood *flood, int layer,
                                   vec2s agent, vec2s threat, float max_dist, int32_t *scratch,
                                   int scratch_cap) {
    const ae_cover_choice none = {-1, {{0.0f, 0.0f}}, INFINITY};
    const float c = nav->cell_size;
    const ae_nav_cell start = {(int)floorf(agent.x / c), (int)floorf(agent.y / c)};
    const vec2s from = ae_nav_cell_center(nav, start);
    const double full = ae_cover_flood_cost(max_dist, c);
    vec2s lo = {{agent.x - max_dist, agent.y - max_dist}},
          hi = {{agent.x + max_dist, agent.y + max_dist}};
    vec2s *pos = cover_flood_positions(flood, scratch_cap);
    int n = query(set, lo, hi, scratch, pos, scratch_cap);
    if (n > scratch_cap) n = scratch_cap;
    // One flood taken farther in stages until one settles the answer. A flood up to R knows
    // every cell's exact cost up to R; a cell beyond costs at least (float)R * c, so a best
    // point cheaper than that is the full flood's best too (same costs, same tie-break).
    if (!cover_flood_begin(flood, nav, start, layer)) return none;
    for (double reach = fmin(COVER_FIRST_REACH, full);;
         reach = fmin(reach * COVER_REACH_GROWTH, full)) {
        cover_flood_run(flood, reach);
        ae_cover_choice best = best_flooded(sdf, nav, flood, threat, scratch, pos, n, from, reach);
        if (reach >= full || best.path_length < (float)reach * c) return best;
    }
}
