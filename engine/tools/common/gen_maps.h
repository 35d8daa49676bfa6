/// Procedural maps shared by tests and benchmarks, so both measure the same scenes.
#ifndef GEN_MAPS_H
#define GEN_MAPS_H

#include "arena/ae_grid.h"

/// Independent random walls with probability wall_fraction; keeps at least one free cell.
bool gen_random_map(ae_grid *g, int w, int h, uint64_t seed, float wall_fraction);

/// An arena-like map: scattered rectangular buildings and single-cell pillars on open ground,
/// about a fifth of it wall, like the shipped maps.
bool gen_arena_map(ae_grid *g, int w, int h, uint64_t seed);

#endif
