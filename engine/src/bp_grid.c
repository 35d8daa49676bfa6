// Uniform grid: rebuilt from scratch at each update with a counting sort of the proxies into every
// cell their box covers. A pair is reported by the one cell that holds the lower corner of the two
// boxes' intersection, so proxies that span cells never give duplicates.
#include "bp_internal.h"

#include <string.h>

// Larger grids would spend more time clearing counts than they save.
#define GRID_MAX_SIDE 1024

typedef struct grid_impl {
    float ox, oy, inv;
    int nx, ny;
    int sized_for;  // population the cell size was chosen for (auto sizing only)
    int32_t *start; // nx * ny + 1 offsets into entries
    int start_capacity;
    bp_entry *entries; // per cell, copies of the proxies' fat boxes; index < 0 means ~index spans
    int entry_capacity;
    int32_t (*rect)[4]; // per proxy: x0, y0, x1, y1 cell range, reused between count and fill
} grid_impl;

static bool grid_create(ae_broadphase *bp) {
    grid_impl *g = ae_calloc(1, sizeof *g);
    bp->impl = g;
    return g != NULL;
}

static void grid_destroy(ae_broadphase *bp) {
    grid_impl *g = bp->impl;
    ae_free(g->start, sizeof *g->start * (size_t)g->start_capacity);
    ae_free(g->entries, sizeof *g->entries * (size_t)g->entry_capacity);
    ae_free(g->rect, sizeof *g->rect * (size_t)bp->capacity);
    ae_free(g, sizeof *g);
}

static bool grid_grow(ae_broadphase *bp, int n0, int n1) {
    grid_impl *g = bp->impl;
    void *r = bp_realloc(g->rect, sizeof *g->rect, (size_t)n0, (size_t)n1);
    if (!r) return false;
    g->rect = r;
    return true;
}

// Cell side: about two proxies per cell but never under twice the mean proxy extent (cells
// smaller than the proxies make every proxy span several cells). False, with the grid as it was,
// when memory for its cells ran out.
static bool grid_size(ae_broadphase *bp, grid_impl *g) {
    const ae_aabb w = bp->def.world;
    float ww = w.upper.x - w.lower.x, wh = w.upper.y - w.lower.y;
    double ext = 0.0;
    int n = 0;
    for (int i = 0; i < bp->high; i++) {
        if (!bp_is_alive(bp, i)) continue;
        const bp_box *b = &bp->box[i];
        ext += (double)fmaxf(b->maxx - b->minx, b->maxy - b->miny);
        n++;
    }
    double mean = n ? ext / n : 0.0;
    double by_pop = sqrt((double)ww * (double)wh * 2.0 / (n > 0 ? n : 1));
    float cell = (float)fmax(by_pop, 2.0 * mean);
    float min_cell = fmaxf(ww, wh) / (float)GRID_MAX_SIDE;
    if (!(cell >= min_cell)) cell = min_cell;
    const float inv = 1.0f / cell;
    const int nx = ae_clampi((int)ceilf(ww * inv), 1, GRID_MAX_SIDE),
              ny = ae_clampi((int)ceilf(wh * inv), 1, GRID_MAX_SIDE), cells = nx * ny + 1;
    if (cells > g->start_capacity) {
        int32_t *start = ae_alloc(sizeof *start * (size_t)cells);
        if (!start) return false;
        ae_free(g->start, sizeof *g->start * (size_t)g->start_capacity);
        g->start = start;
        g->start_capacity = cells;
    }
    g->sized_for = n;
    g->inv = inv;
    g->ox = w.lower.x;
    g->oy = w.lower.y;
    g->nx = nx;
    g->ny = ny;
    return true;
}

static bool grid_sync(ae_broadphase *bp) {
    grid_impl *g = bp->impl;
    int n = bp->alive_count;
    if ((g->nx == 0 || (n > 16 && (n > 2 * g->sized_for || 2 * n < g->sized_for))) &&
        !grid_size(bp, g))
        return false;
    const int nx = g->nx, ny = g->ny, cells = nx * ny;
    int32_t *start = g->start;
    memset(start, 0, sizeof *start * (size_t)(cells + 1));
    long total = 0;
    for (int i = 0; i < bp->high; i++) {
        if (!bp_is_alive(bp, i)) continue;
        const bp_box *b = &bp->box[i];
        int32_t *r = g->rect[i];
        r[0] = bp_cell(b->minx, g->ox, g->inv, nx);
        r[1] = bp_cell(b->miny, g->oy, g->inv, ny);
        r[2] = bp_cell(b->maxx, g->ox, g->inv, nx);
        r[3] = bp_cell(b->maxy, g->oy, g->inv, ny);
        for (int y = r[1]; y <= r[3]; y++)
            for (int x = r[0]; x <= r[2]; x++) start[y * nx + x + 1]++;
        total += (long)(r[2] - r[0] + 1) * (r[3] - r[1] + 1);
    }
    if (total > g->entry_capacity) { // (the grid is rebuilt whole at every sync: none is kept)
        if (total >= INT32_MAX) return false;
        long cap = g->entry_capacity ? g->entry_capacity : 1024;
        while (cap < total) cap *= 2;
        if (cap > INT32_MAX) cap = total;
        bp_entry *entries = ae_alloc(sizeof *entries * (size_t)cap);
        if (!entries) return false;
        ae_free(g->entries, sizeof *g->entries * (size_t)g->entry_capacity);
        g->entries = entries;
        g->entry_capacity = (int)cap;
    }
    for (int c = 0; c < cells; c++) start[c + 1] += start[c];
    // Fill with start[c] as the write cursor of cell c; afterwards start[c] holds the end of cell
    // c, so shifting by one slot restores the beginnings.
    for (int i = 0; i < bp->high; i++) {
        if (!bp_is_alive(bp, i)) continue;
        const bp_box *b = &bp->box[i];
        const int32_t *r = g->rect[i];
        bool spans = r[0] != r[2] || r[1] != r[3];
        bp_entry e = {b->minx, b->maxx, b->miny, b->maxy, spans ? ~i : i};
        for (int y = r[1]; y <= r[3]; y++)
            for (int x = r[0]; x <= r[2]; x++) g->entries[start[y * nx + x]++] = e;
    }
    for (int c = cells; c > 0; c--) start[c] = start[c - 1];
    start[0] = 0;
    return true;
}

static void grid_find_pairs(ae_broadphase *bp) {
    grid_impl *g = bp->impl;
    const int nx = g->nx, ny = g->ny;
    for (int cy = 0; cy < ny; cy++)
        for (int cx = 0; cx < nx; cx++) {
            int c = cy * nx + cx;
            const bp_entry *e = g->entries + g->start[c];
            int n = g->start[c + 1] - g->start[c];
            for (int i = 0; i < n; i++) {
                const bp_entry *a = &e[i];
                for (int j = i + 1; j < n; j++) {
                    const bp_entry *b = &e[j];
                    if (a->min0 > b->max0 || b->min0 > a->max0 || a->min1 > b->max1 ||
                        b->min1 > a->max1)
                        continue;
                    if (a->index < 0 && b->index < 0) {
                        // Both span cells: only the cell of the intersection's lower corner.
                        float px = bp_maxf(a->min0, b->min0), py = bp_maxf(a->min1, b->min1);
                        if (bp_cell(px, g->ox, g->inv, nx) != cx ||
                            bp_cell(py, g->oy, g->inv, ny) != cy)
                            continue;
                    }
                    bp_candidate(bp, a->index < 0 ? ~a->index : a->index,
                                 b->index < 0 ? ~b->index : b->index);
                }
            }
        }
}

static void grid_query(ae_broadphase *bp, bp_box q) {
    grid_impl *g = bp->impl;
    int x0 = bp_cell(q.minx, g->ox, g->inv, g->nx), x1 = bp_cell(q.maxx, g->ox, g->inv, g->nx);
    int y0 = bp_cell(q.miny, g->oy, g->inv, g->ny), y1 = bp_cell(q.maxy, g->oy, g->inv, g->ny);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            int c = y * g->nx + x;
            for (int k = g->start[c]; k < g->start[c + 1]; k++) {
                const bp_entry *e = &g->entries[k];
                if (e->min0 > q.maxx || q.minx > e->max0 || e->min1 > q.maxy || q.miny > e->max1)
                    continue;
                bp_query_hit(bp, e->index < 0 ? ~e->index : e->index);
            }
        }
}

const bp_vtable bp_grid_vtable = {
    .create = grid_create,
    .destroy = grid_destroy,
    .grow = grid_grow,
    .sync = grid_sync,
    .find_pairs = grid_find_pairs,
    .query = grid_query,
};
