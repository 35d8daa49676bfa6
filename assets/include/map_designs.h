/// The shipped maps as code. `arena-make-maps` writes them to assets/maps/*.png; a test checks
/// that the committed PNGs still match what this code draws.
#ifndef MAP_DESIGNS_H
#define MAP_DESIGNS_H

#include "arena/ae_grid.h"
#include "arena/ae_rng.h"

typedef struct map_design {
    const char *name;
    int size;
    void (*draw)(ae_grid *g, ae_rng *rng);
    /// Places the breakable props (shape_props) once the layout is final: drawn, pockets walled
    /// off, doors that lost their doorway opened. It goes on with the design's random stream.
    void (*furnish)(ae_grid *g, ae_rng *rng);
} map_design;

extern const map_design map_designs[];
extern const int map_design_count;

/// Draws a design into a new grid: the layout, pockets walled off, doors that lost their doorway
/// opened, then the breakable props.
bool map_design_build(const map_design *d, ae_grid *g);

#endif
