// The shipped maps: the committed PNGs are what the map designs draw (cell tags included), every
// map can host a full match (one connected free area with room for 100 agents), and its
// breakable props and doors are where the sim can use them without blocking a way.
#include "test.h"

#include "arena/ae_map_check.h"
#include "arena/ae_map_file.h"
#include "arena/ae_sdf.h"
#include "map_designs.h"

static void test_reproducible(void) {
    for (int i = 0; i < map_design_count; i++) {
        ae_grid drawn, loaded;
        REQUIRE(map_design_build(&map_designs[i], &drawn));
        char path[512];
        snprintf(path, sizeof path, "%s/assets/maps/%s.png", ARENA_SOURCE_DIR, map_designs[i].name);
        ae_error err;
        bool ok = ae_map_load_file(path, &loaded, &err);
        if (!ok) fprintf(stderr, "%s: %s\n", path, err.msg);
        CHECK(ok);
        if (!ok) {
            ae_grid_free(&drawn);
            continue;
        }
        CHECK(loaded.width == drawn.width && loaded.height == drawn.height);
        if (loaded.width == drawn.width && loaded.height == drawn.height)
            CHECK(memcmp(loaded.cells, drawn.cells, (size_t)drawn.width * (size_t)drawn.height) ==
                  0);
        ae_grid_free(&loaded);
        ae_grid_free(&drawn);
    }
}

static void test_room_for_a_match(void) {
    for (int i = 0; i < map_design_count; i++) {
        ae_grid g;
        REQUIRE(map_design_build(&map_designs[i], &g));
        ae_sdf sdf;
        REQUIRE(ae_sdf_init(&sdf, &g, 32.0f, NULL));
        int roomy = 0;
        for (int y = 0; y < g.height; y++)
            for (int x = 0; x < g.width; x++)
                roomy += ae_sdf_sample(&sdf, (vec2s){{((float)x + 0.5f) * 32.0f,
                                                      ((float)y + 0.5f) * 32.0f}}) >= 24.0f;
        CHECK(roomy >= 100 * 4);
        ae_sdf_free(&sdf);
        ae_grid_free(&g);
    }
}

static uint8_t cell(const ae_grid *g, int x, int y) {
    return ae_grid_in_bounds(g, x, y) ? g->cells[(size_t)y * (size_t)g->width + (size_t)x] : 0xff;
}

/// The map check of a grid for the game's agents.
static bool check_map(const ae_grid *g, ae_map_check *c) {
    ae_sdf sdf;
    if (!ae_sdf_init(&sdf, g, 1.0f, NULL)) return false;
    ae_map_check_def def = ae_default_map_check_def();
    def.radius = 12.0f / 32.0f;   // the game's agents (12 units on 32-unit cells) on 1-unit cells
    def.agents = 100;             // a full match
    def.min_largest_share = 0.5f; // one main area, as `arena-map check` asks
    def.min_largest_cells = 400;
    bool ok = ae_map_check_init(c, g, &sdf, &def, NULL);
    ae_sdf_free(&sdf);
    return ok;
}

/// A door the sim can slide: it takes the first plain wall of left, right, up, down (on the map)
/// as the way it opens, and the doorway is open ground on both sides across that line.
static bool door_works(const ae_grid *g, int x, int y) {
    static const int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, -1, 1};
    if (x == 0 || y == 0 || x == g->width - 1 || y == g->height - 1) return false;
    for (int k = 0; k < 4; k++) {
        if (cell(g, x + dx[k], y + dy[k]) != AE_CELL_WALL) continue;
        int ax = dy[k], ay = dx[k]; // across the wall line
        return cell(g, x + ax, y + ay) == AE_CELL_FREE && cell(g, x - ax, y - ay) == AE_CELL_FREE;
    }
    return false;
}

static void test_props_and_doors(void) {
    // Breakable cells and door cells each map aims at: tens of props per 128x128, more on large;
    // water: the sea of islands and the river of large, none elsewhere.
    static const struct {
        const char *name;
        int props_min, props_max, doors_min, water_min;
    } want[] = {{"arena", 60, 120, 24, 0},
                {"ruins", 60, 100, 60, 0},
                {"islands", 40, 120, 10, 12000},
                {"large", 960, 1920, 50, 3000}};
    REQUIRE(map_design_count == (int)(sizeof want / sizeof want[0]));
    for (int i = 0; i < map_design_count; i++) {
        CHECK_STR(map_designs[i].name, want[i].name);
        ae_grid g, bare;
        REQUIRE(map_design_build(&map_designs[i], &g));
        REQUIRE(ae_grid_init_copy(&bare, &g, NULL));
        int props = 0, doors = 0, broken = 0, water = 0;
        for (int y = 0; y < g.height; y++)
            for (int x = 0; x < g.width; x++) {
                uint8_t v = cell(&g, x, y);
                CHECK(ae_grid_cell_valid(v));
                if (v == (AE_CELL_WALL | AE_CELL_BREAKABLE)) {
                    props++;
                    bare.cells[(size_t)y * (size_t)g.width + (size_t)x] = AE_CELL_FREE;
                } else if (v == AE_CELL_DOOR) {
                    doors++;
                    broken += !door_works(&g, x, y);
                } else if (v == (AE_CELL_WALL | AE_CELL_WATER)) {
                    water++;
                }
            }
        printf("%s: %d breakable cells, %d door cells, %d water cells\n", want[i].name, props,
               doors, water);
        CHECK(props >= want[i].props_min && props <= want[i].props_max);
        CHECK(doors >= want[i].doors_min);
        CHECK(broken == 0);
        CHECK(want[i].water_min ? water >= want[i].water_min : water == 0);
        // Props block nothing: without them the check finds the same areas, pockets and narrow
        // passages (they only take the cells they stand on).
        ae_map_check with, without;
        REQUIRE(check_map(&g, &with));
        REQUIRE(check_map(&bare, &without));
        CHECK(with.problems == 0);
        CHECK(with.component_count == without.component_count);
        CHECK(with.pocket_cells == without.pocket_cells);
        CHECK(with.narrow_count == without.narrow_count);
        CHECK(with.narrow_cells == without.narrow_cells);
        CHECK(with.passable_cells < without.passable_cells);
        CHECK(with.spawn_capacity >= 1000);
        ae_map_check_free(&with);
        ae_map_check_free(&without);
        ae_grid_free(&bare);
        ae_grid_free(&g);
    }
    CHECK(ae_live_bytes() == 0);
}

TEST_MAIN(TEST_CASE(reproducible), TEST_CASE(room_for_a_match), TEST_CASE(props_and_doors))
