// The cover search's flood: the same Dijkstra as ae_nav_flood (8 neighbours, no corner cutting,
// steps of 1 and sqrt 2 summed in the same doubles) over a window of cells around its start,
// with a record per window cell instead of the whole map's node storage. A flood up to `reach`
// settles cells at most floor(reach) cells from its start (every step costs at least 1 and
// moves one cell at most) and offers a cost to their neighbours, so a window of
// 2 * (floor(reach) + 1) + 1 cells a side holds everything it touches.
//
// Pops follow the same total order as nav_astar_run's (lower cost, then the lower cell in
// row-major order): the window's rows are the grid's rows, so its indices order cells the same
// way. Every cell then gets the same cost as in ae_nav_flood, bit for bit.
#include "cover_flood.h"

#include "base_internal.h"
#include "nav_grid_internal.h"

#include <math.h>
#include <string.h>

/// sqrt 2 as the nav searches add it (nav_internal.h's NAV_SQRT2).
#define COVER_SQRT2 1.4142135623730951

/// A window cell: its cost, its place in the open heap, and the flood that last touched it
/// (cells of older floods count as unreached, so a flood clears nothing).
typedef struct flood_cell {
    double g;
    int32_t heap;   ///< heap position, FLOOD_CLOSED once expanded
    uint32_t stamp; ///< the flood that last touched the cell
} flood_cell;

#define FLOOD_CLOSED (-1)

typedef struct flood_open {
    double g;
    int32_t cell;
} flood_open;

struct ae_cover_flood {
    double reach;
    int half;  ///< cells from the start to the window's edge
    int shift; ///< the window's row pitch is 1 << shift (columns 0 .. 2 * half used)
    int rows;  ///< 2 * half + 1
    flood_cell *cells;
    flood_open *heap;
    int heap_size;
    uint32_t stamp;
    // The current flood.
    const uint8_t *pass; ///< the nav grid's padded passability
    int pass_stride;
    uint8_t mask;
    ae_nav_cell start;
    int width, height; ///< the grid's
    double max_cost;   ///< the last run's
};

static size_t cell_count(const ae_cover_flood *f) {
    return (size_t)f->rows << f->shift;
}

ae_cover_flood *ae_cover_flood_create(double reach, ae_error *err) {
    AE_ASSERT(reach >= 0.0 && reach < 4096.0);
    ae_cover_flood *f = ae_alloc(sizeof *f);
    if (!f) {
        ae_error_set(err, "cover: out of memory for a flood context");
        return NULL;
    }
    memset(f, 0, sizeof *f);
    f->reach = reach;
    f->half = (int)reach + 1;
    f->rows = 2 * f->half + 1;
    while ((1 << f->shift) < f->rows) f->shift++;
    f->cells = ae_alloc(cell_count(f) * sizeof *f->cells);
    f->heap = ae_alloc(cell_count(f) * sizeof *f->heap);
    if (!f->cells || !f->heap) {
        ae_error_set(err, "cover: out of memory for a flood context");
        ae_cover_flood_destroy(f);
        return NULL;
    }
    memset(f->cells, 0, cell_count(f) * sizeof *f->cells); // stamp 0: no flood yet
    return f;
}

void ae_cover_flood_destroy(ae_cover_flood *f) {
    if (!f) return;
    if (f->cells) ae_free(f->cells, cell_count(f) * sizeof *f->cells);
    if (f->heap) ae_free(f->heap, cell_count(f) * sizeof *f->heap);
    ae_free(f, sizeof *f);
}

/// Heap order: lower cost first, then the lower cell (row-major, as the grid's indices).
static inline bool before(flood_open a, flood_open b) {
    return a.g < b.g || (a.g == b.g && a.cell < b.cell);
}

static inline void sift_up(ae_cover_flood *f, int i, flood_open v) {
    flood_open *h = f->heap;
    while (i > 0) {
        const int p = (i - 1) >> 1;
        if (!before(v, h[p])) break;
        h[i] = h[p];
        f->cells[h[i].cell].heap = i;
        i = p;
    }
    h[i] = v;
    f->cells[v.cell].heap = i;
}

static inline void sift_down(ae_cover_flood *f, int i, flood_open v) {
    flood_open *h = f->heap;
    const int n = f->heap_size;
    for (int c = 2 * i + 1; c < n; c = 2 * i + 1) {
        if (c + 1 < n && before(h[c + 1], h[c])) c++;
        if (!before(h[c], v)) break;
        h[i] = h[c];
        f->cells[h[i].cell].heap = i;
        i = c;
    }
    h[i] = v;
    f->cells[v.cell].heap = i;
}

/// Offers window cell m the cost g.
static inline void relax(ae_cover_flood *f, int32_t m, double g) {
    flood_cell *c = &f->cells[m];
    if (c->stamp != f->stamp) {
        c->stamp = f->stamp;
        c->g = g;
        sift_up(f, f->heap_size++, (flood_open){g, m});
    } else if (c->heap >= 0 && g < c->g) {
        c->g = g;
        sift_up(f, c->heap, (flood_open){g, m});
    }
}

bool cover_flood_begin(ae_cover_flood *f, const ae_nav_grid *nav, ae_nav_cell start, int layer) {
    if (++f->stamp == 0) { // wrapped: cells of 2^32 floods ago would look current
        memset(f->cells, 0, cell_count(f) * sizeof *f->cells);
        f->stamp = 1;
    }
    f->pass = nav->store->pass;
    f->pass_stride = nav->store->stride;
    f->mask = (uint8_t)(1u << layer);
    f->start = start;
    f->width = nav->width;
    f->height = nav->height;
    f->max_cost = -1.0;
    f->heap_size = 0;
    if (!nav_grid_passable(nav, layer, start.x, start.y)) return false;
    relax(f, (int32_t)(f->half << f->shift) + f->half, 0.0);
    return true;
}

void cover_flood_run(ae_cover_flood *f, double max_cost) {
    AE_ASSERT(max_cost <= f->reach && max_cost >= f->max_cost);
    f->max_cost = max_cost;
    const uint8_t *pass = f->pass;
    const uint8_t mask = f->mask;
    const int32_t ps = f->pass_stride, ws = 1 << f->shift;
    // The padded index of window cell 0: window (wx, wy) is padded (wx + px0, wy + py0).
    const int px0 = f->start.x - f->half + 1, py0 = f->start.y - f->half + 1;
    while (f->heap_size > 0 && f->heap[0].g <= max_cost) {
        const flood_open top = f->heap[0];
        const flood_open last = f->heap[--f->heap_size];
        if (f->heap_size > 0) sift_down(f, 0, last);
        const int32_t m = top.cell;
        f->cells[m].heap = FLOOD_CLOSED;
        const double g = top.g;
        // A settled cell is inside the map and at most half - 1 cells from the start: its
        // padded neighbours exist and its window neighbours are inside the window.
        const int wx = m & (ws - 1), wy = m >> f->shift;
        const int32_t p = (wy + py0) * ps + (wx + px0);
        const bool e = pass[p + 1] & mask, w = pass[p - 1] & mask;
        const bool so = pass[p + ps] & mask, no = pass[p - ps] & mask;
        if (e) relax(f, m + 1, g + 1.0);
        if (w) relax(f, m - 1, g + 1.0);
        if (so) relax(f, m + ws, g + 1.0);
        if (no) relax(f, m - ws, g + 1.0);
        const double gd = g + COVER_SQRT2;
        if (e && so && (pass[p + ps + 1] & mask)) relax(f, m + ws + 1, gd);
        if (w && so && (pass[p + ps - 1] & mask)) relax(f, m + ws - 1, gd);
        if (e && no && (pass[p - ps + 1] & mask)) relax(f, m - ws + 1, gd);
        if (w && no && (pass[p - ps - 1] & mask)) relax(f, m - ws - 1, gd);
    }
}

double cover_flood_cost(const ae_cover_flood *f, int x, int y) {
    if (x < 0 || y < 0 || x >= f->width || y >= f->height) return -1.0;
    const int wx = x - f->start.x + f->half, wy = y - f->start.y + f->half;
    if (wx < 0 || wy < 0 || wx >= f->rows || wy >= f->rows) return -1.0;
    const flood_cell *c = &f->cells[(wy << f->shift) + wx];
    if (c->stamp != f->stamp || c->heap != FLOOD_CLOSED) return -1.0;
    return c->g;
}
