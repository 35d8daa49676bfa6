/// Drawing primitives for the map generator: a grid of cells (the values of ae_grid.h: 0 free,
/// 1 wall, 3 breakable wall, 4 door, 9
/// water) and shapes on it.
#ifndef MAP_SHAPES_H
#define MAP_SHAPES_H

#include "arena/ae_grid.h"
#include "arena/ae_rng.h"

void shape_rect(ae_grid *g, int x0, int y0, int w, int h, uint8_t v);
/// Clears the whole grid to open ground inside a wall border `thickness` cells thick.
void shape_walled_field(ae_grid *g, int thickness);
/// A hollow building one cell thick with a two-cell doorway in the middle of each side listed in
/// `doors` ("n", "s", "w", "e" in any combination). An upper-case letter ("N") puts a sliding
/// door in that doorway (two AE_CELL_DOOR cells, each sliding into the wall beside it), a
/// lower-case one leaves it open.
void shape_building(ae_grid *g, int x0, int y0, int w, int h, const char *doors);
void shape_disc(ae_grid *g, float cx, float cy, float r, uint8_t v);
/// A thick straight line from (x0, y0) to (x1, y1).
void shape_line(ae_grid *g, float x0, float y0, float x1, float y1, float half_width, uint8_t v);
/// A clump of trees: a few single wall cells scattered around a point.
void shape_trees(ae_grid *g, ae_rng *rng, int cx, int cy, int count, int spread);
/// Walls off every free pocket not connected to the largest free area, so nobody spawns in one.
void shape_fill_pockets(ae_grid *g);
/// Opens every door cell that no longer stands in a doorway after later shapes drew over its
/// surroundings (a tree in front of it, a wall through it, rubble beside it). A door stays when
/// it can slide as the sim slides it, along its wall line into a plain wall cell on the map, and
/// its doorway is whole: along the line its other neighbour is not open ground, and across the
/// line both neighbours are open ground. Returns the number of doors left.
int shape_settle_doors(ae_grid *g);
/// Scatters `clusters` breakable props (crates, barrels, bushes: the sim picks the kind from the
/// cell) with their first cell in x0 <= x < x1, y0 <= y < y1: single cells and clusters of two or
/// three. A cluster goes only where every cell within
/// two cells of its box is open ground (0), or, for a single cell, a pair or a line of three, where
/// it stands against a straight plain wall (or water: a crate on a bank) running two cells past
/// both its ends with open ground two cells deep on its other sides. Either way the ground round it
/// joins every pair of its free neighbours, so a prop never blocks a way, and the passages it
/// leaves are two cells wide (an agent needs more than one: the field is zero at the centre of a
/// one-cell gap). Doors keep their doorways clear, since they are not open ground. Gives up on a
/// cluster after a fixed number of tries, so a crowded map gets fewer. Returns the cells placed.
int shape_props(ae_grid *g, ae_rng *rng, int clusters, int x0, int y0, int x1, int y1);

#endif
