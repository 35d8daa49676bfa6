// Edits equal a rebake: random sequences of cell edits (walls broken, breakable walls broken,
// new walls, tag changes) on random maps of several sizes and densities; after each edit the
// field equals a full bake at every corner, the nav grid a fresh build, and the cover points a
// fresh build.
#include "edit_world.h"
#include "gen_maps.h"

/// One edit the way the game makes it: the field first, then what is derived from it.
static bool world_edit(world *w, int x, int y, uint8_t value) {
    if (!ae_sdf_set_cell(&w->sdf, &w->grid, x, y, value, NULL)) return false;
    ae_nav_grid_on_cell_edit(&w->nav, &w->grid, &w->sdf, x, y);
    for (int k = 0; k < COVERS; k++)
        if (!ae_cover_on_cell_edit(&w->cover[k], &w->grid, &w->sdf, x, y, NULL)) return false;
    return true;
}

/// A cell for the next edit: often on the map's border, where windows are clipped, and often a
/// wall, so that open maps see as many breaks as new walls.
static void pick(ae_rng *rng, const ae_grid *g, int *x, int *y) {
    *x = (int)ae_rng_below(rng, (uint32_t)g->width);
    *y = (int)ae_rng_below(rng, (uint32_t)g->height);
    switch (ae_rng_below(rng, 8)) {
    case 2:
    case 3:
        for (int tries = 0; tries < 50 && !ae_grid_is_wall(g, *x, *y); tries++) {
            *x = (int)ae_rng_below(rng, (uint32_t)g->width);
            *y = (int)ae_rng_below(rng, (uint32_t)g->height);
        }
        break;
    case 0:
        *x = ae_rng_below(rng, 2) ? 0 : g->width - 1;
        break;
    case 1:
        *y = ae_rng_below(rng, 2) ? 0 : g->height - 1;
        break;
    default:
        break;
    }
}

/// The value an edit gives a cell: walls (plain or breakable) are broken (made free, sometimes
/// a door), free cells become walls (plain or breakable), and now and then only the tag changes.
static uint8_t next_value(ae_rng *rng, uint8_t old, bool *tag_only) {
    static const uint8_t walls[2] = {AE_CELL_WALL, AE_CELL_WALL | AE_CELL_BREAKABLE};
    static const uint8_t frees[2] = {AE_CELL_FREE, AE_CELL_DOOR};
    const bool wall = (old & AE_CELL_WALL) != 0;
    *tag_only = ae_rng_below(rng, 6) == 0;
    const uint8_t *same_kind = wall ? walls : frees, *other = wall ? frees : walls;
    if (*tag_only) return same_kind[same_kind[0] == old ? 1 : 0];
    return other[ae_rng_below(rng, 4) == 0 ? 1 : 0];
}

/// Breakable walls (value 3) and doors (value 4) sprinkled over a map's walls and free cells.
static void tag_cells(ae_grid *g, ae_rng *rng) {
    for (int i = 0; i < g->width * g->height; i++) {
        if (ae_rng_below(rng, 3) != 0) continue;
        g->cells[i] = g->cells[i] ? (AE_CELL_WALL | AE_CELL_BREAKABLE) : AE_CELL_DOOR;
    }
}

/// Runs `edits` random edits on a map, comparing after every `every`-th edit.
static void run(ae_grid *g, uint64_t seed, int edits, int every, int *changed, int *breaks,
                int *walls) {
    ae_rng rng;
    ae_rng_seed(&rng, seed, 14);
    tag_cells(g, &rng);
    world w;
    memset(&w, 0, sizeof w);
    w.grid = *g;
    REQUIRE(world_build(&w));
    size_t corners = (size_t)(g->width + 1) * (size_t)(g->height + 1);
    int16_t *before = malloc(corners * sizeof *before);
    for (int e = 0; e < edits; e++) {
        int x, y;
        pick(&rng, &w.grid, &x, &y);
        uint8_t *cell = &w.grid.cells[(size_t)y * (size_t)w.grid.width + (size_t)x];
        bool tag_only;
        uint8_t old = *cell, value = next_value(&rng, old, &tag_only);
        memcpy(before, w.sdf.dist, corners * sizeof *before);
        int points = w.cover[0].count;
        REQUIRE(world_edit(&w, x, y, value));
        CHECK(*cell == value);
        bool field_changed = memcmp(before, w.sdf.dist, corners * sizeof *before) != 0;
        if (tag_only) {
            CHECK(!field_changed); // a change of tags alone costs nothing
        } else {
            *breaks += (old & AE_CELL_WALL) != 0;
            *walls += (old & AE_CELL_WALL) == 0;
            *changed += field_changed + (w.cover[0].count != points);
        }
        if (e % every == every - 1 || e == edits - 1) {
            int bad = differences(&w, &rng);
            CHECK(bad == 0);
            if (bad) {
                fprintf(stderr, "  %dx%d map, seed %llu, edit %d at (%d, %d) %u -> %u\n", g->width,
                        g->height, (unsigned long long)seed, e, x, y, old, value);
                break;
            }
        }
    }
    free(before);
    *g = w.grid; // the caller frees it
    w.grid = (ae_grid){0};
    world_free(&w);
}

/// Random maps at several densities, from the smallest size up.
static void test_random_maps(void) {
    const float fractions[] = {0.0f, 0.05f, 0.2f, 0.5f, 0.8f, 1.0f};
    const int sizes[][2] = {{8, 8}, {16, 40}, {40, 16}, {33, 33}, {64, 48}};
    int changed = 0, breaks = 0, walls = 0;
    for (int s = 0; s < 5; s++)
        for (int f = 0; f < 6; f++) {
            ae_grid g;
            uint64_t seed = (uint64_t)(s * 6 + f);
            REQUIRE(gen_random_map(&g, sizes[s][0], sizes[s][1], seed, fractions[f]));
            run(&g, seed, 60, sizes[s][0] * sizes[s][1] > 1500 ? 3 : 1, &changed, &breaks, &walls);
            ae_grid_free(&g);
        }
    CHECK(breaks > 500 && walls > 500); // both kinds of edit were made many times
    CHECK(changed > 1500);
    CHECK(ae_live_bytes() == 0);
}

/// Arena-like maps (buildings and pillars in the open), and long runs that break and rebuild on
/// the same map until it looks nothing like the start.
static void test_arena_maps(void) {
    int changed = 0, breaks = 0, walls = 0;
    for (int m = 0; m < 4; m++) {
        ae_grid g;
        int w = 48 + 23 * m, h = 96 - 17 * m;
        REQUIRE(gen_arena_map(&g, w, h, (uint64_t)m + 100));
        run(&g, (uint64_t)m + 100, 240, 4, &changed, &breaks, &walls);
        ae_grid_free(&g);
    }
    CHECK(breaks > 200 && walls > 300);
    CHECK(changed > 1000);
    CHECK(ae_live_bytes() == 0);
}

TEST_MAIN(TEST_CASE(random_maps), TEST_CASE(arena_maps))
