// The nav grid's storage (ae_nav.h keeps it opaque): the layout the searches and floods read.
#ifndef NAV_GRID_INTERNAL_H
#define NAV_GRID_INTERNAL_H

#include "arena/ae_nav.h"

/// Passability of a grid's cells, stored with a one-cell wall border so searches never test
/// bounds.
struct ae_nav_store {
    int stride; ///< width + 2: row pitch of `pass`
    /// The same passability as bit lines, per layer, so jump point search scans 64 cells at a
    /// time: padded row y of layer k is row_bits + (k * (height + 2) + y) * row_words (bit x of
    /// word x / 64), padded column x is col_bits + (k * (width + 2) + x) * col_words (the
    /// transposed grid, so vertical scans read consecutive words too). Each array has one spare
    /// word before and after it, so 8 bytes read around any cell stay inside the allocation.
    uint64_t *row_bits;
    uint64_t *col_bits;
    int row_words;  ///< 64-bit words per padded row: ceil((width + 2) / 64)
    int col_words;  ///< 64-bit words per padded column: ceil((height + 2) / 64)
    uint8_t pass[]; ///< (width + 2) * (height + 2) bytes; bit k set = passable for radii[k]
};

/// ae_nav_passable for the engine's own loops, inlined.
static inline bool nav_grid_passable(const ae_nav_grid *nav, int layer, int x, int y) {
    if (x < 0 || y < 0 || x >= nav->width || y >= nav->height) return false;
    const struct ae_nav_store *st = nav->store;
    return (st->pass[(size_t)(y + 1) * (size_t)st->stride + (size_t)(x + 1)] >> layer) & 1u;
}

#endif
