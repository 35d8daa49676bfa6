/// Timing of single-cell edits for `arena-bench sdf`.
#ifndef BENCH_SDF_EDIT_H
#define BENCH_SDF_EDIT_H

#include "arena/ae_sdf.h"

enum {
    SDF_EDIT_BREAK = 0, ///< a wall cell becomes free
    SDF_EDIT_ADD = 1,   ///< a free cell becomes a wall
    SDF_EDIT_KINDS = 2,
    SDF_EDIT_FIELD = 0, ///< ae_sdf_set_cell
    SDF_EDIT_NAV = 1,   ///< ae_nav_grid_on_cell_edit (radius 12, cell 32)
    SDF_EDIT_COVER = 2, ///< ae_cover_on_cell_edit (the default cover definition)
    SDF_EDIT_PARTS = 3,
    SDF_EDIT_COUNT = 51, ///< edits of each kind, at random cells of the map
};

typedef struct sdf_edit_timing {
    double median_ms[SDF_EDIT_KINDS][SDF_EDIT_PARTS]; ///< per edit; nav and cover 0 unless kept
    double cpu_ms[SDF_EDIT_KINDS][SDF_EDIT_PARTS];    ///< the same, of the thread's CPU time
    bool exact;        ///< edits equalled a rebake (and a fresh nav grid and cover set)
    bool missing_kind; ///< the map has no wall or no free cell to edit
} sdf_edit_timing;

/// Times SDF_EDIT_COUNT breaks and as many added walls at random cells of a copy of `map` (each
/// undone before the next), with the nav grid and cover points kept along when `derived`.
/// False (with err) when memory runs out.
bool sdf_edit_time(const ae_grid *map, bool derived, sdf_edit_timing *out, ae_error *err);

#endif
