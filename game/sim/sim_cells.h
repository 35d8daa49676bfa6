/// Cell lists: a coarse grid over the map whose cells list small integers (agent ids, bullet
/// slots), rebuilt from scratch as often as wanted without clearing anything: a cell's list is
/// valid only when its stamp is the current build's, so a build costs what it adds.
///
///   sim_cells_begin(&g, w, 128.0f);          // cell side >= 128 units
///   sim_cells_add(&g, sim_cells_at(&g, p), id);
///   for (int32_t e = sim_cells_first(&g, cell); e >= 0; e = sim_cells_next(&g, e))
///       use(sim_cells_value(&g, e));           // the last added first
///
/// Arrays grow when the map or the entries outgrow every build before, and never shrink: in a
/// steady match building allocates nothing.
#ifndef SIM_CELLS_H
#define SIM_CELLS_H

#include "sim_world.h"

typedef struct sim_cells {
    float side;      ///< cell side, world units
    float inv_side;  ///< 1 / side
    int nx;          ///< cells across
    int ny;          ///< cells down
    int cells_cap;   ///< cells `head` and `stamp` hold
    int32_t *head;   ///< per cell: its last entry, valid when its stamp is `build`
    uint32_t *stamp; ///< per cell: the build that last added to it
    uint32_t build;  ///< number of the current build
    int32_t *next;   ///< per entry: the cell's entry added before, -1 for none
    int32_t *value;  ///< per entry: what was added
    int entry_cap;   ///< entries `next` and `value` hold
    int entries;     ///< entries added in this build
} sim_cells;

/// Most cells a side: on big maps the cells grow past the side asked for.
#define SIM_CELLS_MAX_SIDE 256

/// Starts a build over world w's map with cells of at least `min_side` units: every list empty.
void sim_cells_begin(sim_cells *g, const sim_world *w, float min_side);
/// Frees the arrays (the grid may be begun again).
void sim_cells_free(sim_cells *g);

/// The column or row of coordinate v (world units), clamped to the grid: everything beyond the
/// map falls in the border cells. n is g->nx or g->ny.
static inline int sim_cells_coord(const sim_cells *g, float v, int n) {
    float u = v * g->inv_side;
    if (!(u >= 0.0f)) return 0; // NaN too
    if (u >= (float)n) return n - 1;
    return (int)u;
}

/// The cell holding point p (clamped to the grid).
static inline int sim_cells_at(const sim_cells *g, vec2s p) {
    return sim_cells_coord(g, p.y, g->ny) * g->nx + sim_cells_coord(g, p.x, g->nx);
}

/// The first entry of a cell's list, -1 when empty.
static inline int32_t sim_cells_first(const sim_cells *g, int cell) {
    return g->stamp[cell] == g->build ? g->head[cell] : -1;
}

/// Makes room for more entries (sim_cells_add calls it when full).
void sim_cells_grow(sim_cells *g);

/// Adds `value` to the list of `cell`.
static inline void sim_cells_add(sim_cells *g, int cell, int32_t value) {
    if (g->entries == g->entry_cap) sim_cells_grow(g);
    const int32_t e = g->entries++;
    g->next[e] = sim_cells_first(g, cell);
    g->value[e] = value;
    g->stamp[cell] = g->build;
    g->head[cell] = e;
}
/// The entry after e in its cell's list, -1 at the end.
static inline int32_t sim_cells_next(const sim_cells *g, int32_t e) {
    return g->next[e];
}
/// The value entry e holds.
static inline int32_t sim_cells_value(const sim_cells *g, int32_t e) {
    return g->value[e];
}

/// A walk over the entries of every cell a box touches, cell by cell (rows, then columns), each
/// cell's list as sim_cells_first gives it:
///
///   for (sim_cells_walk it = sim_cells_walk_box(&g, lo, hi, margin); sim_cells_walk_next(&it);)
///       use(it.value);
typedef struct sim_cells_walk {
    const sim_cells *g;
    int x0, x1, y1; ///< the cells walked: columns x0..x1, rows up to y1
    int x, y;       ///< the cell being walked
    int32_t e;      ///< its entry being walked, -1 before its first
    int32_t value;  ///< that entry's value, once sim_cells_walk_next returned true
} sim_cells_walk;

/// A walk over the cells the box [lo, hi] (lo <= hi) grown by `margin` >= 0 on every side touches
/// (clamped to the grid: everything beyond the map lies in the border cells).
static inline sim_cells_walk sim_cells_walk_box(const sim_cells *g, vec2s lo, vec2s hi,
                                                float margin) {
    const int x0 = sim_cells_coord(g, lo.x - margin, g->nx);
    return (sim_cells_walk){g,
                            x0,
                            sim_cells_coord(g, hi.x + margin, g->nx),
                            sim_cells_coord(g, hi.y + margin, g->ny),
                            x0 - 1,
                            sim_cells_coord(g, lo.y - margin, g->ny),
                            -1,
                            -1};
}

/// Steps to the next entry: true with its value in it->value, false when the walk is over.
static inline bool sim_cells_walk_next(sim_cells_walk *it) {
    const sim_cells *g = it->g;
    if (it->e >= 0) it->e = sim_cells_next(g, it->e);
    while (it->e < 0) {
        if (++it->x > it->x1) {
            if (++it->y > it->y1) return false;
            it->x = it->x0;
        }
        it->e = sim_cells_first(g, it->y * g->nx + it->x);
    }
    it->value = sim_cells_value(g, it->e);
    return true;
}

#endif
