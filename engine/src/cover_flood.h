// The cover search's own flood (ae_cover_flood, ae_cover.h): Dijkstra over a small window of
// cells around the agent, resumable to a farther cost.
#ifndef COVER_FLOOD_H
#define COVER_FLOOD_H

#include "arena/ae_cover.h"

#include <stdint.h>

/// A window cell: its cost, whether it was expanded, and the flood that last touched it (cells
/// of older floods count as unreached, so a flood clears nothing).
typedef struct flood_cell {
    double g;
    uint32_t stamp; ///< the flood that last touched the cell
    uint32_t done;  ///< expanded by that flood
} flood_cell;

/// An entry of a bucket's list.
typedef struct flood_entry {
    int32_t cell;
    int32_t next; ///< the next entry of the bucket, -1 at the end
} flood_entry;

struct ae_cover_flood {
    double reach;
    int half;  ///< cells from the start to the window's edge
    int shift; ///< the window's row pitch is 1 << shift (columns 0 .. 2 * half used)
    int rows;  ///< 2 * half + 1
    int buckets;
    int entry_cap; ///< a cell is filed at most once per neighbour, and the start once
    flood_cell *cells;
    struct cover_candidate *candidates;
    vec2s *positions; ///< the weighed points' positions (candidate_cap of them)
    int candidate_cap;
    int32_t *bucket;      ///< per bucket the first entry, -1 when empty
    flood_entry *entries; ///< the lists' entries, taken in order by each flood
    int entry_count;
    int current; ///< the first bucket that may hold unexpanded cells
    uint32_t stamp;
    // The current flood.
    const uint8_t *pass; ///< the nav grid's padded passability
    int pass_stride;
    uint8_t mask;
    ae_nav_cell start;
    int width, height; ///< the grid's
    double max_cost;   ///< the last run's
};

/// A point the cover search weighs: its path cost (or a lower bound of it until `exact`) and its
/// place in the search's scratch.
typedef struct cover_candidate {
    float cost;
    int32_t k;
    bool exact;
} cover_candidate;

/// Room for n candidates (n at most the context's `candidates`).
cover_candidate *cover_flood_candidates(ae_cover_flood *f, int n);
/// Room for the positions of n points (n at most the context's `candidates`).
vec2s *cover_flood_positions(ae_cover_flood *f, int n);

/// Starts a flood from `start` over nav layer `layer` (nothing expanded yet). False when the
/// start is not passable.
bool cover_flood_begin(ae_cover_flood *f, const ae_nav_grid *nav, ae_nav_cell start, int layer);

/// Expands every cell up to max_cost (cells; at most the context's reach), going on from where
/// the last call stopped: the cells and costs are those of one flood to max_cost from scratch.
void cover_flood_run(ae_cover_flood *f, double max_cost);

/// Path cost in cells from the start to cell (x, y) as ae_nav_flood_cost gives it after
/// ae_nav_flood to the last max_cost (the same double), or -1 when unreached. Inline: the cover
/// search asks for the nine cells around each point it weighs.
static inline double cover_flood_cost(const ae_cover_flood *f, int x, int y) {
    if (x < 0 || y < 0 || x >= f->width || y >= f->height) return -1.0;
    const int wx = x - f->start.x + f->half, wy = y - f->start.y + f->half;
    if (wx < 0 || wy < 0 || wx >= f->rows || wy >= f->rows) return -1.0;
    const flood_cell *c = &f->cells[(wy << f->shift) + wx];
    if (c->stamp != f->stamp || !c->done) return -1.0;
    return c->g;
}

#endif
