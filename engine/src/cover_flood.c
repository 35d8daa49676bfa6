// The cover search's flood: the same Dijkstra as ae_nav_flood (8 neighbours, no corner cutting,
// steps of 1 and sqrt 2 summed in the same doubles) over a window of cells around its start,
// with a record per window cell instead of the whole map's node storage. A flood up to `reach`
// settles cells at most floor(reach) cells from its start (every step costs at least 1 and
// moves one cell at most) and offers a cost to their neighbours, so a window of
// 2 * (floor(reach) + 1) + 1 cells a side holds everything it touches.
//
// Instead of a heap, open cells wait in buckets of whole costs (bucket k: costs in [k, k + 1)).
// A step costs at least 1, so expanding a cell of bucket k offers costs to later buckets only:
// when the flood reaches bucket k every cost in it is final, and its cells can be expanded in
// any order. Each cell's cost is then the least of fl(neighbour's cost + step) over the cells
// expanded before it, the same double ae_nav_flood computes (whose heap pops one order of the
// many that settle the same costs). An improved cost files the cell again in its new bucket;
// the stale entry is skipped once the cell is expanded.
#include "cover_flood.h"

#include "base_internal.h"
#include "nav_grid_internal.h"

#include <math.h>
#include <string.h>

/// sqrt 2 as the nav searches add it (nav_internal.h's NAV_SQRT2).
#define COVER_SQRT2 1.4142135623730951

static size_t cell_count(const ae_cover_flood *f) {
    return (size_t)f->rows << f->shift;
}

ae_cover_flood *ae_cover_flood_create(double reach, int candidates, ae_error *err) {
    AE_ASSERT(reach >= 0.0 && reach < 4096.0 && candidates >= 0);
    ae_cover_flood *f = ae_alloc(sizeof *f);
    if (!f) {
        ae_error_set(err, "cover: out of memory for a flood context");
        return NULL;
    }
    memset(f, 0, sizeof *f);
    f->reach = reach;
    f->half = (int)reach + 1;
    f->rows = 2 * f->half + 1;
    while ((1 << f->shift) < f->rows) f->shift++;
    // Costs up to reach are expanded; they offer at most reach + sqrt 2 < floor(reach) + 3.
    f->buckets = (int)reach + 3;
    f->entry_cap = 8 * f->rows * f->rows + 1;
    f->candidate_cap = candidates;
    f->cells = ae_alloc(cell_count(f) * sizeof *f->cells);
    f->candidates = ae_alloc((size_t)ae_maxi(candidates, 1) * sizeof *f->candidates);
    f->positions = ae_alloc((size_t)ae_maxi(candidates, 1) * sizeof *f->positions);
    f->bucket = ae_alloc((size_t)f->buckets * sizeof *f->bucket);
    f->entries = ae_alloc((size_t)f->entry_cap * sizeof *f->entries);
    if (!f->cells || !f->candidates || !f->positions || !f->bucket || !f->entries) {
        ae_error_set(err, "cover: out of memory for a flood context");
        ae_cover_flood_destroy(f);
        return NULL;
    }
    memset(f->cells, 0, cell_count(f) * sizeof *f->cells); // stamp 0: no flood yet
    return f;
}

void ae_cover_flood_destroy(ae_cover_flood *f) {
    if (!f) return;
    if (f->cells) ae_free(f->cells, cell_count(f) * sizeof *f->cells);
    if (f->candidates)
        ae_free(f->candidates, (size_t)ae_maxi(f->candidate_cap, 1) * sizeof *f->candidates);
    if (f->positions)
        ae_free(f->positions, (size_t)ae_maxi(f->candidate_cap, 1) * sizeof *f->positions);
    if (f->bucket) ae_free(f->bucket, (size_t)f->buckets * sizeof *f->bucket);
    if (f->entries) ae_free(f->entries, (size_t)f->entry_cap * sizeof *f->entries);
    ae_free(f, sizeof *f);
}

cover_candidate *cover_flood_candidates(ae_cover_flood *f, int n) {
    AE_ASSERT(n <= f->candidate_cap);
    return f->candidates;
}

vec2s *cover_flood_positions(ae_cover_flood *f, int n) {
    AE_ASSERT(n <= f->candidate_cap);
    return f->positions;
}

static inline void file(ae_cover_flood *f, int32_t m, double g) {
    AE_ASSERT(f->entry_count < f->entry_cap);
    const int b = (int)g;
    f->entries[f->entry_count] = (flood_entry){m, f->bucket[b]};
    f->bucket[b] = f->entry_count++;
}

/// Offers window cell m the cost g.
static inline void relax(ae_cover_flood *f, int32_t m, double g) {
    flood_cell *c = &f->cells[m];
    if (c->stamp != f->stamp) {
        *c = (flood_cell){g, f->stamp, 0};
        file(f, m, g);
    } else if (!c->done && g < c->g) {
        c->g = g;
        file(f, m, g);
    }
}

bool cover_flood_begin(ae_cover_flood *f, const ae_nav_grid *nav, ae_nav_cell start, int layer) {
    if (++f->stamp == 0) { // wrapped: cells of 2^32 floods ago would look current
        memset(f->cells, 0, cell_count(f) * sizeof *f->cells);
        f->stamp = 1;
    }
    f->pass = nav->store->pass;
    f->pass_stride = nav->store->stride;
    f->mask = (uint8_t)(1u << layer);
    f->start = start;
    f->width = nav->width;
    f->height = nav->height;
    f->max_cost = -1.0;
    f->entry_count = 0;
    f->current = 0;
    for (int b = 0; b < f->buckets; b++) f->bucket[b] = -1;
    if (!nav_grid_passable(nav, layer, start.x, start.y)) return false;
    relax(f, (int32_t)(f->half << f->shift) + f->half, 0.0);
    return true;
}

void cover_flood_run(ae_cover_flood *f, double max_cost) {
    AE_ASSERT(max_cost <= f->reach && max_cost >= f->max_cost);
    f->max_cost = max_cost;
    const uint8_t *pass = f->pass;
    const uint8_t mask = f->mask;
    const int32_t ps = f->pass_stride, ws = 1 << f->shift;
    // The padded index of window cell 0: window (wx, wy) is padded (wx + px0, wy + py0).
    const int px0 = f->start.x - f->half + 1, py0 = f->start.y - f->half + 1;
    for (; f->current < f->buckets && (double)f->current <= max_cost; f->current++) {
        // Cells costing more than max_cost wait in their bucket for a farther run.
        int32_t wait = -1;
        for (int32_t e = f->bucket[f->current]; e >= 0;) {
            const flood_entry en = f->entries[e];
            flood_cell *cell = &f->cells[en.cell];
            if (cell->done) {
                e = en.next;
                continue;
            }
            if (cell->g > max_cost) {
                f->entries[e].next = wait;
                wait = e;
                e = en.next;
                continue;
            }
            e = en.next;
            cell->done = 1;
            const int32_t m = en.cell;
            const double g = cell->g;
            // A settled cell is inside the map and at most half - 1 cells from the start: its
            // padded neighbours exist and its window neighbours are inside the window.
            const int wx = m & (ws - 1), wy = m >> f->shift;
            const int32_t p = (wy + py0) * ps + (wx + px0);
            const bool ea = pass[p + 1] & mask, we = pass[p - 1] & mask;
            const bool so = pass[p + ps] & mask, no = pass[p - ps] & mask;
            if (ea) relax(f, m + 1, g + 1.0);
            if (we) relax(f, m - 1, g + 1.0);
            if (so) relax(f, m + ws, g + 1.0);
            if (no) relax(f, m - ws, g + 1.0);
            const double gd = g + COVER_SQRT2;
            if (ea && so && (pass[p + ps + 1] & mask)) relax(f, m + ws + 1, gd);
            if (we && so && (pass[p + ps - 1] & mask)) relax(f, m + ws - 1, gd);
            if (ea && no && (pass[p - ps + 1] & mask)) relax(f, m - ws + 1, gd);
            if (we && no && (pass[p - ps - 1] & mask)) relax(f, m - ws - 1, gd);
        }
        f->bucket[f->current] = wait;
        if (wait >= 0) break; // the bucket holds cells beyond max_cost: resume here
    }
}
