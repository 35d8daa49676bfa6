// Cell lists: stamped heads per cell, entries chained in arrays that only grow.
#include "sim_cells.h"

#include <math.h>
#include <string.h>

/// Grows an array of `cap` 4-byte entries to `n1`, keeping its contents (zeros after them). Out of
/// memory stops the program, as a broadphase that cannot grow does: the grid only grows when the
/// map or the entries outgrow every build before.
static void *grow(void *arr, int cap, int n1) {
    uint32_t *p = ae_calloc((size_t)n1, sizeof *p);
    AE_ASSERT(p != NULL);
    if (cap > 0) memcpy(p, arr, (size_t)cap * sizeof *p);
    ae_free(arr, (size_t)cap * sizeof *p);
    return p;
}

void sim_cells_begin(sim_cells *g, const sim_world *w, float min_side) {
    const float cs = w->cfg.cell_size;
    const float mw = (float)w->grid.width * cs, mh = (float)w->grid.height * cs;
    const float big = (mw > mh ? mw : mh) / (float)SIM_CELLS_MAX_SIDE;
    g->side = min_side > big ? min_side : big;
    g->inv_side = 1.0f / g->side;
    g->nx = ae_maxi(1, (int)ceilf(mw * g->inv_side));
    g->ny = ae_maxi(1, (int)ceilf(mh * g->inv_side));
    const int cells = g->nx * g->ny;
    if (cells > g->cells_cap) {
        g->head = grow(g->head, g->cells_cap, cells);
        g->stamp = grow(g->stamp, g->cells_cap, cells);
        g->cells_cap = cells;
    }
    if (++g->build == 0) { // the stamps wrapped: clear them so no stale stamp matches
        memset(g->stamp, 0, (size_t)g->cells_cap * sizeof *g->stamp);
        g->build = 1;
    }
    g->entries = 0;
}

void sim_cells_free(sim_cells *g) {
    ae_free(g->head, (size_t)g->cells_cap * sizeof *g->head);
    ae_free(g->stamp, (size_t)g->cells_cap * sizeof *g->stamp);
    ae_free(g->next, (size_t)g->entry_cap * sizeof *g->next);
    ae_free(g->value, (size_t)g->entry_cap * sizeof *g->value);
    memset(g, 0, sizeof *g);
}

void sim_cells_grow(sim_cells *g) {
    int n1 = g->entry_cap > 0 ? 2 * g->entry_cap : 1024;
    g->next = grow(g->next, g->entry_cap, n1);
    g->value = grow(g->value, g->entry_cap, n1);
    g->entry_cap = n1;
}
