// The shipped maps: the committed PNGs are what the map designs draw, and every map can host a
// full match (one connected free area with room for 100 agents).
#include "test.h"

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
        REQUIRE(ae_sdf_bake(&sdf, &g, 32.0f, NULL));
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

TEST_MAIN(TEST_CASE(reproducible), TEST_CASE(room_for_a_match))
