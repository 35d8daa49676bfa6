/// Drawing primitives for the map generator: a grid of cells (1 = wall) and shapes on it.
#ifndef MAP_SHAPES_H
#define MAP_SHAPES_H

#include "arena/ae_grid.h"
#include "arena/ae_rng.h"

void shape_rect(ae_grid *g, int x0, int y0, int w, int h, uint8_t v);
/// Clears the whole grid to open ground inside a wall border `thickness` cells thick.
void shape_walled_field(ae_grid *g, int thickness);
/// A hollow building one cell thick with a two-cell door in the middle of each side listed in
/// `doors` ("n", "s", "w", "e" in any combination).
void shape_building(ae_grid *g, int x0, int y0, int w, int h, const char *doors);
void shape_disc(ae_grid *g, float cx, float cy, float r, uint8_t v);
/// A thick straight line from (x0, y0) to (x1, y1).
void shape_line(ae_grid *g, float x0, float y0, float x1, float y1, float half_width, uint8_t v);
/// A clump of trees: a few single wall cells scattered around a point.
void shape_trees(ae_grid *g, ae_rng *rng, int cx, int cy, int count, int spread);
/// Walls off every free pocket not connected to the largest free area, so nobody spawns in one.
void shape_fill_pockets(ae_grid *g);

#endif
