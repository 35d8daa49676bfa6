// The cover search's own flood (ae_cover_flood, ae_cover.h): Dijkstra over a small window of
// cells around the agent, resumable to a farther cost.
#ifndef COVER_FLOOD_H
#define COVER_FLOOD_H

#include "arena/ae_cover.h"

/// Starts a flood from `start` over nav layer `layer` (nothing expanded yet). False when the
/// start is not passable.
bool cover_flood_begin(ae_cover_flood *f, const ae_nav_grid *nav, ae_nav_cell start, int layer);

/// Expands every cell up to max_cost (cells; at most the context's reach), going on from where
/// the last call stopped: the cells and costs are those of one flood to max_cost from scratch.
void cover_flood_run(ae_cover_flood *f, double max_cost);

/// Path cost in cells from the start to cell (x, y) as ae_nav_flood_cost gives it after
/// ae_nav_flood to the last max_cost (the same double), or -1 when unreached.
double cover_flood_cost(const ae_cover_flood *f, int x, int y);

#endif
