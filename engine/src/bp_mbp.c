// Multi Box Pruning: the world is cut into a grid of regions and each region runs its own
// sweep-and-prune on x over the proxies whose box touches it, kept sorted between updates with
// insertion sort. A proxy that spans several regions is listed in each, and a pair is reported
// only by the region holding the lower corner of the two boxes' intersection, which both boxes
// touch, so there are no duplicates. Proxies outside the world go to the border regions.
//
// Between updates only proxies that changed region set are re-filed; the others just have their
// bounds refreshed in place (lazily, just before the region is swept, while its entries are in
// the cache). The sweep reads only the region's arrays, front to back: its x bounds in one array,
// its boxes in another; the exact tests read copies of the entries' shapes and filters gathered in
// the region's order just before the sweep. So each entry costs two reads of the proxy pool in
// random order per update (its box at refresh, its shape before the sweep), whatever the number
// of candidate pairs. The region grid is sized from the world and the population: about
// mbp_proxies_per_region proxies per region, regions short (a few mean proxy extents tall: the
// sweep on x meets more proxies the taller a region is) and as wide as that target allows. It is
// re-sized when the population doubles or halves.
#include "bp_internal.h"

#include <string.h>

#define MBP_MAX_SIDE 128
// Regions at least this many mean proxy extents tall keep proxies spanning two rows rare.
#define MBP_MIN_EXTENTS 4.0
// Regions are at least side / MBP_ASPECT tall, side being that of a square region holding the
// per-region target; the width then keeps the target (side^2 / height).
#define MBP_ASPECT 8.0
// Candidates collected per batch in the sweep.
#define MBP_HIT_BATCH 256
// Entries the sweep tests per block, and the padding past every region's last entry.
#define MBP_PAD 4

// A region's arrays share one block of capacity + MBP_PAD slots.
typedef struct mbp_region {
    bp_entry *entries;
    float *xs;    // entries' min0 in order, then MBP_PAD times +inf: the sweep's x test, unbounded
    float *reach; // reach[k]: the largest max0 of entries 0..k, where a query starts (built by
                  // the first query after a refresh)
    float *y0;    // entries' min1 and max1 in order, padded like xs: the sweep's y tests read
    float *y1;    // four of each at once, in step with xs (built by the sweep)
    int count;
    int capacity;
    int pending; // entries appended since the last sort (at the end of entries)
    bool compact;
    uint32_t fresh;   // the impl's stamp when last refreshed
    uint32_t reached; // the stamp reach was built at: only queries read it, so they build it
} mbp_region;

// Bytes per slot of a region's block.
#define MBP_SLOT_BYTES (sizeof(bp_entry) + 4 * sizeof(float))

typedef struct mbp_impl {
    int nx, ny;
    float ox, oy, inv_x, inv_y;
    float lane_origin[4], lane_inv[4], lane_last[4]; // (x, y, x, y) copies for rect_of
    // col_start[x]: the least float whose bp_cell column is x or more (-inf for 0); row_start too.
    float col_start[MBP_MAX_SIDE], row_start[MBP_MAX_SIDE];
    int sized_for;
    uint32_t stamp; // bumped by each sync: regions with an older stamp need a refresh
    mbp_region *regions;
    int region_count;
    int32_t (*rect)[4]; // per proxy: region range x0, y0, x1, y1 it is filed in; x0 > x1: none
    uint8_t *dirty;
    uint32_t *moved; // per proxy: the stamp of the last sync that changed its region range
    int32_t *dirty_list;
    int dirty_count;
    int most; // the most entries a region has held since the grid was made: what scratch and
              // the sweep's arrays hold, so that only a sync allocates
    bp_entry *scratch;
    int scratch_capacity;
    // The region being swept: its shapes and filters in its entries' order, and the entries that
    // meet their successor on x (the only ones a sweep can start a pair from).
    bp_hot *shapes;
    int32_t *active;
    int sweep_capacity;
} mbp_impl;

static bool mbp_create(ae_broadphase *bp) {
    mbp_impl *m = ae_calloc(1, sizeof *m);
    bp->impl = m;
    return m != NULL;
}

static size_t region_bytes(int capacity) {
    return capacity ? MBP_SLOT_BYTES * (size_t)(capacity + MBP_PAD) : 0;
}

static void free_regions(mbp_impl *m) {
    for (int r = 0; r < m->region_count; r++)
        ae_free(m->regions[r].entries, region_bytes(m->regions[r].capacity));
    ae_free(m->regions, sizeof *m->regions * (size_t)m->region_count);
    m->regions = NULL;
    m->region_count = 0;
}

static void mbp_destroy(ae_broadphase *bp) {
    mbp_impl *m = bp->impl;
    size_t n = (size_t)bp->capacity;
    free_regions(m);
    ae_free(m->rect, sizeof *m->rect * n);
    ae_free(m->dirty, sizeof *m->dirty * n);
    ae_free(m->dirty_list, sizeof *m->dirty_list * n);
    ae_free(m->moved, sizeof *m->moved * n);
    ae_free(m->scratch, sizeof *m->scratch * (size_t)m->scratch_capacity);
    ae_free(m->shapes, sizeof *m->shapes * (size_t)m->sweep_capacity);
    ae_free(m->active, sizeof *m->active * (size_t)m->sweep_capacity);
    ae_free(m, sizeof *m);
}

static bool mbp_grow(ae_broadphase *bp, int n0, int n1) {
    mbp_impl *m = bp->impl;
    void *old[] = {m->rect, m->dirty, m->dirty_list, m->moved};
    const size_t elem[] = {sizeof *m->rect, sizeof *m->dirty, sizeof *m->dirty_list,
                           sizeof *m->moved};
    void *grown[4];
    if (!bp_grow_arrays(old, elem, 4, (size_t)n0, (size_t)n1, grown)) return false;
    m->rect = grown[0];
    m->dirty = grown[1];
    m->dirty_list = grown[2];
    m->moved = grown[3];
    for (int i = n0; i < n1; i++) m->rect[i][0] = 1, m->rect[i][2] = 0;
    return true;
}

static inline void mark_dirty(mbp_impl *m, int i) {
    if (m->dirty[i]) return;
    m->dirty[i] = 1;
    m->dirty_list[m->dirty_count++] = i;
}

// Four floats or ints at once (GCC and Clang vector extensions; where there is no SIMD they
// become scalar code). The region range is computed for every proxy at every sync, and written
// as four scalar lanes the compilers left it scalar: about three times the instructions.
typedef float mbp_v4f __attribute__((vector_size(16)));
typedef int32_t mbp_v4i __attribute__((vector_size(16)));

// The region range of a box: bp_cell on each of its four sides (x0, y0, x1, y1), the same
// operations lane by lane, so the results equal bp_cell's exactly: (v - origin) * inv, then 0
// for anything not above 0 (NaN included), then at most the last cell, then truncation.
static inline mbp_v4i rect_of(const mbp_impl *m, const bp_box *b) {
    mbp_v4f v, origin, inv, last;
    memcpy(&v, b, sizeof v); // (minx, miny, maxx, maxy)
    memcpy(&origin, m->lane_origin, sizeof origin);
    memcpy(&inv, m->lane_inv, sizeof inv);
    memcpy(&last, m->lane_last, sizeof last);
    mbp_v4f f = (v - origin) * inv;
    f = (mbp_v4f)((mbp_v4i)f & (f > 0.0f));
    const mbp_v4i below = f < last;
    f = (mbp_v4f)(((mbp_v4i)f & below) | ((mbp_v4i)last & ~below));
    return __builtin_convertvector(f, mbp_v4i);
}

// The least float v with bp_cell(v) >= c. bp_cell is monotonic, so for a box that reaches cell c
// "its lower side lies in cell c" is "its lower side >= cell_start(c)": one compare. Found by
// stepping one float at a time from the estimate, so it agrees with bp_cell to the last bit.
static float cell_start(float origin, float inv, int n, int c) {
    if (c <= 0) return -INFINITY;
    float v = origin + (float)c / inv;
    while (bp_cell(v, origin, inv, n) >= c) v = nextafterf(v, -INFINITY);
    while (bp_cell(v, origin, inv, n) < c) v = nextafterf(v, INFINITY);
    return v;
}

static void mbp_on_add(ae_broadphase *bp, int i) {
    mark_dirty(bp->impl, i);
}

static void mbp_on_remove(ae_broadphase *bp, int i) {
    mark_dirty(bp->impl, i);
}

// Marks the live proxies whose region range changed since they were filed. One tight pass over
// the boxes at sync instead of a check per move call.
static void find_moved(ae_broadphase *bp, mbp_impl *m) {
    for (int i = 0; i < bp->high; i++) {
        mbp_v4i o;
        memcpy(&o, m->rect[i], sizeof o);
        const mbp_v4i d = rect_of(m, &bp->box[i]) ^ o;
        uint64_t w[2]; // the four differences as two words: one test for all of them
        memcpy(w, &d, sizeof w);
        // A dead slot is filed nowhere, whatever its old box says; mark_dirty skips the proxies
        // marked already.
        if ((w[0] | w[1]) && bp_is_alive(bp, i)) mark_dirty(m, i);
    }
}

// Files nothing: no regions, every proxy to be filed afresh by the next sync's mbp_resize. What
// a sync that ran out of memory leaves, whole.
static void unfile_all(ae_broadphase *bp, mbp_impl *m) {
    free_regions(m);
    m->dirty_count = 0;
    for (int i = 0; i < bp->high; i++) {
        m->rect[i][0] = 1;
        m->rect[i][2] = 0;
        m->dirty[i] = 0;
    }
}

// Chooses the region grid for the current population and files every live proxy afresh. False,
// with the grid as it was, when memory for the regions ran out.
static bool mbp_resize(ae_broadphase *bp, mbp_impl *m) {
    const ae_aabb w = bp->def.world;
    double ww = (double)w.upper.x - w.lower.x, wh = (double)w.upper.y - w.lower.y;
    double ext = 0.0;
    int n = 0;
    for (int i = 0; i < bp->high; i++) {
        if (!bp_is_alive(bp, i)) continue;
        const bp_box *b = &bp->box[i];
        // Huge proxies say nothing about the typical size; cap their weight at the world size.
        ext += fmin((double)fmaxf(b->maxx - b->minx, b->maxy - b->miny), fmax(ww, wh));
        n++;
    }
    int per = bp->def.mbp_proxies_per_region;
    // The sweep on x meets, per proxy, the proxies whose x-interval starts inside its own: their
    // number grows with the region's height, not its width. So regions are short (a few mean
    // proxy extents, to keep proxies spanning two rows rare) and as wide as the per-region
    // target allows.
    double mean = n ? ext / n : 0.0;
    double height = fmax(MBP_MIN_EXTENTS * mean, sqrt(ww * wh * per / fmax(n, 1.0)) / MBP_ASPECT);
    double width = n ? fmax(height, ww * wh * per / ((double)n * height)) : ww;
    int nx = (int)fmin(fmax(floor(ww / width + 0.5), 1.0), MBP_MAX_SIDE);
    int ny = (int)fmin(fmax(floor(wh / height + 0.5), 1.0), MBP_MAX_SIDE);
    mbp_region *regions = ae_calloc((size_t)(nx * ny), sizeof *regions);
    if (!regions) return false;
    free_regions(m);
    m->regions = regions;
    m->region_count = nx * ny;
    m->most = 0;
    m->nx = nx;
    m->ny = ny;
    m->ox = w.lower.x;
    m->oy = w.lower.y;
    m->inv_x = (float)(nx / ww);
    m->inv_y = (float)(ny / wh);
    for (int u = 0; u < 4; u++) {
        m->lane_origin[u] = u % 2 ? m->oy : m->ox;
        m->lane_inv[u] = u % 2 ? m->inv_y : m->inv_x;
        m->lane_last[u] = (float)((u % 2 ? ny : nx) - 1);
    }
    for (int c = 0; c < nx; c++) m->col_start[c] = cell_start(m->ox, m->inv_x, nx, c);
    for (int c = 0; c < ny; c++) m->row_start[c] = cell_start(m->oy, m->inv_y, ny, c);
    m->sized_for = n;
    m->dirty_count = 0;
    for (int i = 0; i < bp->high; i++) {
        m->rect[i][0] = 1;
        m->rect[i][2] = 0;
        m->dirty[i] = 0;
        if (bp_is_alive(bp, i)) mark_dirty(m, i);
    }
    return true;
}

static inline bool rect_has(const int32_t r[4], int x, int y) {
    return x >= r[0] && x <= r[2] && y >= r[1] && y <= r[3];
}

// False when memory ran out.
static bool region_append(mbp_impl *m, mbp_region *g, int i) {
    if (g->count == g->capacity) {
        // MBP_PAD extra slots past the capacity let the sweep read a whole block past the end.
        // Only the entries are kept; the rest is rebuilt by the region's next refresh.
        int n1 = g->capacity ? g->capacity * 2 : 16;
        size_t phys = (size_t)(n1 + MBP_PAD);
        bp_entry *p = ae_alloc(region_bytes(n1));
        if (!p) return false;
        if (g->count) memcpy(p, g->entries, sizeof *p * (size_t)g->count);
        ae_free(g->entries, region_bytes(g->capacity));
        g->entries = p;
        g->xs = (float *)(p + phys);
        g->reach = g->xs + phys;
        g->y0 = g->reach + phys;
        g->y1 = g->y0 + phys;
        g->capacity = n1;
    }
    g->entries[g->count++].index = i;
    g->pending++;
    if (g->count > m->most) m->most = g->count;
    return true;
}

// Re-files the proxies whose region set changed: a region they left is compacted, a region they
// entered gets an entry appended (sorted in at the region's next sort). False when memory ran
// out, part way.
static bool refile(ae_broadphase *bp, mbp_impl *m) {
    for (int k = 0; k < m->dirty_count; k++) {
        int i = m->dirty_list[k];
        m->dirty[i] = 0;
        int32_t o[4] = {m->rect[i][0], m->rect[i][1], m->rect[i][2], m->rect[i][3]}, r[4];
        if (bp_is_alive(bp, i)) {
            const mbp_v4i v = rect_of(m, &bp->box[i]);
            memcpy(r, &v, sizeof r);
        } else {
            r[0] = 1, r[1] = 0, r[2] = 0, r[3] = 0;
        }
        if (o[0] == r[0] && o[1] == r[1] && o[2] == r[2] && o[3] == r[3]) continue;
        for (int y = o[1]; o[0] <= o[2] && y <= o[3]; y++)
            for (int x = o[0]; x <= o[2]; x++)
                if (!rect_has(r, x, y)) m->regions[y * m->nx + x].compact = true;
        for (int y = r[1]; r[0] <= r[2] && y <= r[3]; y++)
            for (int x = r[0]; x <= r[2]; x++)
                if (!rect_has(o, x, y) && !region_append(m, &m->regions[y * m->nx + x], i))
                    return false;
        memcpy(m->rect[i], r, sizeof r);
        m->moved[i] = m->stamp;
    }
    m->dirty_count = 0;
    return true;
}

// Brings one region up to date: drops proxies that left, refreshes every entry's bounds, sorts
// (insertion sort, or a merge for the proxies that arrived) and rebuilds the x array (the sweep's
// y arrays wait for the sweep, the queries' prefix maximum for a query: see first_reaching).
static void refresh(ae_broadphase *bp, mbp_impl *m, int r) {
    mbp_region *g = &m->regions[r];
    if (g->fresh == m->stamp) return;
    g->fresh = m->stamp;
    int rx = r % m->nx, ry = r / m->nx;
    bp_entry *e = g->entries;
    // Note where the pending tail starts once the dropped entries are gone.
    const int old_head = g->count - g->pending;
    int count = 0, head = 0;
    for (int k = 0; k < g->count; k++) {
        int i = e[k].index;
        if (k == old_head) head = count;
        // Only proxies re-filed by the last sync can have left (the small moved array spares a
        // random read of rect for every entry).
        if (g->compact && m->moved[i] == m->stamp && !rect_has(m->rect[i], rx, ry)) continue;
        const bp_box *b = &bp->box[i];
        e[count++] = (bp_entry){b->minx, b->maxx, b->miny, b->maxy, i};
    }
    if (old_head == g->count) head = count;
    g->count = count;
    g->compact = false;
    if (g->pending) {
        AE_ASSERT(count <= m->scratch_capacity); // reserved by the sync (reserve_most)
        bp_merge_tail(e, head, count, m->scratch);
        g->pending = 0;
    } else {
        bp_insertion_sort(e, count);
    }
    if (!g->capacity) return;
    for (int k = 0; k < count; k++) g->xs[k] = e[k].min0;
    for (int k = count; k < count + MBP_PAD; k++) {
        g->xs[k] = g->y0[k] = g->y1[k] = INFINITY;
        e[k] = (bp_entry){INFINITY, INFINITY, INFINITY, INFINITY, 0};
    }
}

// Room for what a region of m->most entries needs when it is refreshed (scratch) and swept
// (shapes, active), so that updates and queries allocate nothing. All or none.
static bool reserve_most(mbp_impl *m) {
    if (m->most <= m->scratch_capacity && m->most <= m->sweep_capacity) return true;
    const int n1 = m->most * 2;
    bp_entry *scratch = ae_alloc(sizeof *scratch * (size_t)n1);
    bp_hot *shapes = ae_alloc(sizeof *shapes * (size_t)n1);
    int32_t *active = ae_alloc(sizeof *active * (size_t)n1);
    if (!scratch || !shapes || !active) { // (ae_free ignores NULL)
        ae_free(scratch, sizeof *scratch * (size_t)n1);
        ae_free(shapes, sizeof *shapes * (size_t)n1);
        ae_free(active, sizeof *active * (size_t)n1);
        return false;
    }
    ae_free(m->scratch, sizeof *m->scratch * (size_t)m->scratch_capacity);
    ae_free(m->shapes, sizeof *m->shapes * (size_t)m->sweep_capacity);
    ae_free(m->active, sizeof *m->active * (size_t)m->sweep_capacity);
    m->scratch = scratch;
    m->shapes = shapes;
    m->active = active;
    m->scratch_capacity = m->sweep_capacity = n1;
    return true;
}

static bool mbp_sync(ae_broadphase *bp) {
    mbp_impl *m = bp->impl;
    // Regions that queries left stale since the last sync are brought up to date first: refile
    // relies on every region holding exactly the proxies whose range covers it, and a region's
    // compaction only looks at proxies re-filed by the sync just before it.
    for (int r = 0; r < m->region_count; r++) refresh(bp, m, r);
    int n = bp->alive_count;
    // Out of memory for a new grid, the old one serves on (only a grid is required).
    if ((m->region_count == 0 || (n > 16 && (n > 2 * m->sized_for || 2 * n < m->sized_for))) &&
        !mbp_resize(bp, m) && m->region_count == 0)
        return false;
    if (++m->stamp == 0) {
        // After 2^32 syncs: restart the stamps (0 is the stamp of "never").
        for (int r = 0; r < m->region_count; r++) m->regions[r].fresh = m->regions[r].reached = 0;
        memset(m->moved, 0, sizeof *m->moved * (size_t)bp->capacity);
        m->stamp = 1;
    }
    find_moved(bp, m);
    if (!refile(bp, m) || !reserve_most(m)) {
        unfile_all(bp, m);
        return false;
    }
    // Regions are refreshed (bounds, order) lazily, right before they are swept or queried, so
    // their entries are still in the cache when the sweep reads them.
    return true;
}

// The shape of the region's entry at pos: its gathered copy, or the pool's.
static inline const bp_hot *hit_shape(const ae_broadphase *bp, const mbp_impl *m, const bp_entry *e,
                                      int pos, bool gathered) {
    return gathered ? &m->shapes[pos] : &bp->hot[e[pos].index];
}

// Tests the collected (i, j) hits of one region, which it owns, exactly. The owner region of a
// pair holds the lower corner of the two boxes' intersection: j's min0 (the larger, as the list is
// sorted) and the larger min1. Both boxes reach this region and bp_cell is monotonic, so that
// corner is here exactly when j's min0 lies in this column and i's or j's min1 in this row:
// compares with the column's and the row's first floats, in the sweep.
//
// The shapes are read from copies gathered in the region's order (independent loads, so their
// misses overlap) once the hits are a quarter of the entries or more: a read per entry instead of
// two random reads per hit. A sparse region, where most entries meet nobody, reads the pool.
static void flush_hits(ae_broadphase *bp, mbp_impl *m, const mbp_region *g, bool *gathered,
                       const int32_t *hi, const int32_t *hj, int k) {
    const bp_entry *e = g->entries;
    if (!*gathered && 4 * k >= g->count) {
        for (int i = 0; i < g->count; i++) m->shapes[i] = bp->hot[e[i].index];
        *gathered = true;
    }
    const bool gat = *gathered;
    if (!bp_reserve_keys(bp, k)) { // no room for the whole batch: its pairs one at a time
        for (int h = 0; h < k; h++) {
            if (!bp_accepts(hit_shape(bp, m, e, hi[h], gat), hit_shape(bp, m, e, hj[h], gat)))
                continue;
            if (!bp_reserve_keys(bp, 1)) {
                bp->key_overflow = true;
                return;
            }
            bp->keys[bp->key_count++] = bp_pair_key(bp, e[hi[h]].index, e[hj[h]].index);
        }
        return;
    }
    uint64_t *keys = bp->keys;
    int n = bp->key_count;
    // Without branches: the filters' and the exact test's outcomes are random (bullets meet
    // bullets they ignore) and would mispredict.
    if (gat) {
        for (int h = 0; h < k; h++) {
            keys[n] = bp_pair_key(bp, e[hi[h]].index, e[hj[h]].index);
            n += bp_accepts(&m->shapes[hi[h]], &m->shapes[hj[h]]);
        }
    } else {
        for (int h = 0; h < k; h++) {
            const int a = e[hi[h]].index, b = e[hj[h]].index;
            keys[n] = bp_pair_key(bp, a, b);
            n += bp_accepts(&bp->hot[a], &bp->hot[b]);
        }
    }
    bp->key_count = n;
}

static void mbp_find_pairs(ae_broadphase *bp) {
    mbp_impl *m = bp->impl;
    int32_t hi[MBP_HIT_BATCH], hj[MBP_HIT_BATCH];
    for (int r = 0; r < m->region_count; r++) {
        refresh(bp, m, r);
        const mbp_region *g = &m->regions[r];
        const float x_start = m->col_start[r % m->nx], y_start = m->row_start[r / m->nx];
        const bp_entry *e = g->entries;
        const float *xs = g->xs, *y0 = g->y0, *y1 = g->y1;
        const int n = g->count;
        if (n < 2) continue;
        AE_ASSERT(n <= m->sweep_capacity); // reserved by the sync (reserve_most)
        int32_t *active = m->active;
        // Fill the y arrays, and list the entries that meet their successor on x without a
        // branch: in a sparse region most meet nobody.
        int na = 0;
        for (int i = 0; i < n; i++) {
            g->y0[i] = e[i].min1;
            g->y1[i] = e[i].max1;
            active[na] = i;
            na += xs[i + 1] <= e[i].max0;
        }
        bool gathered = false;
        int k = 0;
        for (int a = 0; a < na; a++) {
            const int i = active[a];
            const float max0 = e[i].max0, min1 = e[i].min1, max1 = e[i].max1;
            // The owner test folded into the box tests (a pair seen by several regions costs no
            // exact test in those that do not own it): j's min0 in this column, and i's or j's
            // min1 in this row, so j's must be when i's is not.
            const float min1_from = min1 >= y_start ? -INFINITY : y_start;
            // Blocks of MBP_PAD entries, tested without branches: x (xs is sorted and padded with
            // +inf, so past the first miss every test fails) and y are folded into the write
            // index. Their outcomes are random and would mispredict as branches; the block loop
            // itself rarely runs twice.
            for (int j = i + 1;; j += MBP_PAD) {
                mbp_v4f x, lo, hi1;
                memcpy(&x, xs + j, sizeof x);
                memcpy(&lo, y0 + j, sizeof lo);
                memcpy(&hi1, y1 + j, sizeof hi1);
                const mbp_v4i hit = (x <= max0) & (x >= x_start) & (lo <= max1) &
                                    (lo >= min1_from) & (min1 <= hi1); // -1 or 0
                for (int u = 0; u < MBP_PAD; u++) {
                    hi[k] = i;
                    hj[k] = j + u;
                    k -= hit[u];
                }
                if (!(xs[j + MBP_PAD - 1] <= max0)) break;
                if (k > MBP_HIT_BATCH - MBP_PAD) {
                    flush_hits(bp, m, g, &gathered, hi, hj, k);
                    k = 0;
                }
            }
            if (k > MBP_HIT_BATCH - MBP_PAD) {
                flush_hits(bp, m, g, &gathered, hi, hj, k);
                k = 0;
            }
        }
        flush_hits(bp, m, g, &gathered, hi, hj, k);
    }
}

// The first entry whose box reaches x (reach[k] >= x), or count: the entries before it end left
// of x. A galloping search from the start, so skipping p entries costs about 2 log p steps and a
// query that starts left of the region's entries costs one.
static int first_reaching(const mbp_impl *m, mbp_region *g, float x) {
    if (g->reached != m->stamp) {
        g->reached = m->stamp;
        float most = -INFINITY;
        for (int k = 0; k < g->count; k++) g->reach[k] = most = bp_maxf(most, g->entries[k].max0);
    }
    const float *reach = g->reach;
    int lo = -1, hi = 0, step = 1; // reach[lo] < x (lo = -1: before the start)
    while (hi < g->count && reach[hi] < x) {
        lo = hi;
        hi += step;
        step *= 2;
    }
    if (hi > g->count) hi = g->count;
    while (hi - lo > 1) { // reach[lo] < x <= reach[hi] (hi = count: past the end)
        int mid = lo + (hi - lo) / 2;
        if (reach[mid] < x)
            lo = mid;
        else
            hi = mid;
    }
    return hi;
}

// Each region is scanned from the first entry that reaches the query's left edge to the last that
// starts before its right edge, so a query costs what it touches (plus a galloping search).
static void mbp_query(ae_broadphase *bp, bp_box q) {
    mbp_impl *m = bp->impl;
    int x0 = bp_cell(q.minx, m->ox, m->inv_x, m->nx), x1 = bp_cell(q.maxx, m->ox, m->inv_x, m->nx);
    int y0 = bp_cell(q.miny, m->oy, m->inv_y, m->ny), y1 = bp_cell(q.maxy, m->oy, m->inv_y, m->ny);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            refresh(bp, m, y * m->nx + x);
            mbp_region *g = &m->regions[y * m->nx + x];
            for (int k = first_reaching(m, g, q.minx); k < g->count && g->xs[k] <= q.maxx; k++) {
                const bp_entry *e = &g->entries[k];
                if (e->max0 >= q.minx && e->min1 <= q.maxy && q.miny <= e->max1)
                    bp_query_hit(bp, e->index);
            }
        }
}

static int mbp_regions(const ae_broadphase *bp, ae_bp_region *out, int cap) {
    const mbp_impl *m = bp->impl;
    for (int r = 0; r < m->region_count && r < cap; r++) {
        float x0 = m->ox + (float)(r % m->nx) / m->inv_x,
              y0 = m->oy + (float)(r / m->nx) / m->inv_y;
        out[r].box = (ae_aabb){{{x0, y0}}, {{x0 + 1.0f / m->inv_x, y0 + 1.0f / m->inv_y}}};
        out[r].proxies = m->regions[r].count;
    }
    return m->region_count;
}

const bp_vtable bp_mbp_vtable = {
    .regions = mbp_regions,
    .create = mbp_create,
    .destroy = mbp_destroy,
    .grow = mbp_grow,
    .on_add = mbp_on_add,
    .on_remove = mbp_on_remove,
    .sync = mbp_sync,
    .find_pairs = mbp_find_pairs,
    .query = mbp_query,
};
