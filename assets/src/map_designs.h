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
} map_design;

extern const map_design map_designs[];
extern const int map_design_count;

/// Draws a design into a new grid (wall pockets filled).
bool map_design_build(const map_design *d, ae_grid *g);

#endif
