/// Timing of brush strokes for `arena-bench editor`: a disc of cells painted through the field,
/// the nav grid and the cover points, batched (ae_sdf_set_cells and the *_on_cells_edit calls)
/// against the per-cell path (ae_sdf_set_cell and the *_on_cell_edit calls for every cell).
#ifndef BENCH_STROKE_H
#define BENCH_STROKE_H

#include "arena/ae_grid.h"

enum {
    STROKE_FIELD = 0, ///< ae_sdf_set_cells
    STROKE_NAV = 1,   ///< ae_nav_grid_on_cells_edit (radius 12, cell 32)
    STROKE_COVER = 2, ///< ae_cover_on_cells_edit (radius 12, the default cover definition)
    STROKE_PARTS = 3,
};

/// A map with its field, nav grid and cover points, as the editor keeps them.
typedef struct stroke_world stroke_world;

/// Builds the world of a copy of `map`. NULL (with err) when memory runs out.
stroke_world *stroke_world_create(const ae_grid *map, ae_error *err);
void stroke_world_destroy(stroke_world *w);

typedef struct stroke_timing {
    int cells;                    ///< cells one stamp writes
    int strokes;                  ///< batched strokes timed
    int cell_strokes;             ///< per-cell strokes timed (the first ones)
    double median_ms, p90_ms;     ///< batched stroke: field + nav + cover, wall clock
    double part_ms[STROKE_PARTS]; ///< medians of the batched stroke's parts
    double cpu_ms;                ///< median thread CPU of a batched stroke
    double cell_median_ms, cell_p90_ms, cell_cpu_ms; ///< the same for the per-cell path
    bool exact; ///< the first batched stroke equalled a rebake of the field and fresh builds of
                ///< the nav grid and cover points, and every stroke undone gave the first bake
} stroke_timing;

/// Times `strokes` strokes of a disc `brush` cells across (1..GEN_BRUSH_MAX) at random places of
/// the world's map: walls painted on open ground and, every other stroke, walls erased. Each is
/// made batched and, for the first `cell_strokes`, per cell too, in alternating order, and undone
/// (untimed) after each, so both paths start from the same map every time. False (with err) when
/// memory runs out.
bool stroke_time(stroke_world *w, int brush, int strokes, int cell_strokes, stroke_timing *out,
                 ae_error *err);

#endif
