// Helpers for the degenerate-play tests: maps, worlds, special floats and a whole-state sanity
// check that every case runs after every tick.
#ifndef DEGENERATE_UTIL_H
#define DEGENERATE_UTIL_H

#include "sim_internal.h"

/// Sanitizer builds run many times slower: the long cases take fewer ticks (or smaller pools)
/// there.
#ifdef DEGENERATE_SLOW
#define DG_BUILD(release, sanitize) (sanitize)
#else
#define DG_BUILD(release, sanitize) (release)
#endif

/// Builds a shipped map design ("arena", "ruins", "islands", "large") into g.
bool dg_design(const char *name, ae_grid *g);
/// A w x h grid of walls with the free rectangle [x0, x1) x [y0, y1) (empty when x1 <= x0).
bool dg_walled(ae_grid *g, int w, int h, int x0, int y0, int x1, int y1);
/// A world on a design (NULL after printing the reason when it cannot be made).
sim_world *dg_world(const char *map, uint64_t seed, int humans, int bots);

/// Special floats: NaN (both signs), infinities, the largest finite values, huge, tiny and
/// subnormal values, signed zeros and a few ordinary ones.
extern const float dg_specials[];
extern const int dg_special_count;

/// True when every number in the agents, bullets, gems and zone is finite, every living agent
/// stands inside the map with its radius clear of walls (1e-3 slack), moves and faces with
/// vectors of length <= 1 (facing: unit), bullets and gems lie inside the map, and the live
/// counts match the pools. Prints the first problem with `what` and the tick.
bool dg_world_sane(const sim_world *w, const char *what);

/// Hash of the map grid alone (the SIM_HASH_MAP field).
uint64_t dg_map_hash(const sim_world *w);

/// Writes an RGB PNG of a grid (its cells in the colours of ae_grid_cell_color) to path through a
/// temporary file and a rename, so a watcher always sees a new version.
bool dg_write_map_png(const char *path, const ae_grid *g);

#endif
