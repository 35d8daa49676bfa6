/// A plain map for sim tests: an open SIDE x SIDE field of 32-unit cells inside a wall border.
#ifndef ARENA_TEST_OPEN_FIELD_H
#define ARENA_TEST_OPEN_FIELD_H

#include "test.h"

#include "arena/ae_grid.h"

enum { SIDE = 24 };

/// The world coordinate of the centre of cell column or row c.
static inline float cell_centre(int c) {
    return ((float)c + 0.5f) * 32.0f;
}

static inline void open_field(ae_grid *g) {
    REQUIRE(ae_grid_init(g, SIDE, SIDE, NULL));
    for (int i = 0; i < SIDE; i++) {
        g->cells[i] = g->cells[(SIDE - 1) * SIDE + i] = AE_CELL_WALL;
        g->cells[i * SIDE] = g->cells[i * SIDE + SIDE - 1] = AE_CELL_WALL;
    }
}

#endif
