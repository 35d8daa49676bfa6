/// Procedural maps shared by tests and benchmarks, so both measure the same scenes.
#ifndef GEN_MAPS_H
#define GEN_MAPS_H

#include "arena/ae_grid.h"

/// Independent random walls with probability wall_fraction; keeps at least one free cell.
bool gen_random_map(ae_grid *g, int w, int h, uint64_t seed, float wall_fraction);

/// An arena-like map: scattered rectangular buildings and single-cell pillars on open ground,
/// about a fifth of it wall, like the shipped maps.
bool gen_arena_map(ae_grid *g, int w, int h, uint64_t seed);

/// The most cells gen_brush_disc writes (a disc GEN_BRUSH_MAX cells across).
#define GEN_BRUSH_MAX        20
#define GEN_BRUSH_MAX_WRITES (GEN_BRUSH_MAX * GEN_BRUSH_MAX)

/// A brush stamp as the map editor paints it: the cells of a disc `size` (1..GEN_BRUSH_MAX)
/// cells across around cell (cx, cy), centred on the cell for odd sizes and on its top-left
/// corner for even ones, clipped to the map, each given `value`. Returns the number of writes
/// (at most GEN_BRUSH_MAX_WRITES), in row-major order.
int gen_brush_disc(const ae_grid *g, int cx, int cy, int size, uint8_t value, ae_cell_write *out);

#endif
