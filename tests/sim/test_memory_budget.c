// Memory budgets per map size, checked through the engine allocator's peak of live bytes (so
// the numbers are bytes, the same on every run and machine). README "Memory" states them:
//   a match (headless, or one in the window), autopilot and recording included:
//       MATCH_PER_CELL per cell + MATCH_PER_POINT per cover point + MATCH_FIXED
//   a hot reload: the match's budget for the old map, plus SWAP_PER_CELL per cell and
//       MATCH_PER_POINT per cover point of the new one
//   arena-map path: PATH_PER_CELL per cell + TOOL_FIXED
//   arena-map cover: COVER_PER_CELL per cell + COVER_PER_POINT per cover point + TOOL_FIXED
// plus, while a map file is decoded, the file and SDL2_image's pixels (not counted here: at most
// 8 bytes per pixel, freed before the match is built).
#include "degenerate_util.h"
#include "session.h"
#include "sim_bots.h"
#include "test.h"

#include "arena/ae_cover.h"
#include "arena/ae_map_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MATCH_PER_CELL  7.0
#define MATCH_PER_POINT 6.0
#define MATCH_FIXED     (24.0 * 1024 * 1024)
#define SWAP_PER_CELL   3.0
#define PATH_PER_CELL   5.0
#define COVER_PER_CELL  4.0
#define COVER_PER_POINT 5.0
#define TOOL_FIXED      (1.0 * 1024 * 1024)

/// The sizes checked: the largest only where a match on it takes a moment.
#ifdef DEGENERATE_SLOW
static const int sizes[] = {256, 1024};
#else
static const int sizes[] = {256, 1024, 2048, 4096};
#endif
#define SIZE_COUNT ((int)(sizeof sizes / sizeof sizes[0]))

/// Map shapes: 0 open ground; 1 blocks of 8 cells in a checkerboard (walls everywhere, the most
/// cover points); 2 a serpentine of walls 16 cells apart, open at alternate ends (the longest
/// path, which a search from one corner to the other must walk).
static bool make_map(ae_grid *g, int n, int shape) {
    if (!ae_grid_init(g, n, n, NULL)) return false;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            bool wall = false;
            if (shape == 1) wall = ((x / 8) + (y / 8)) % 2 == 1;
            if (shape == 2 && x % 16 == 8) wall = (x / 16) % 2 ? y > 1 : y < n - 2;
            g->cells[y * n + x] = wall;
        }
    return true;
}

static char dir[64];

static void map_file(char *path, size_t len, int n, int shape) {
    snprintf(path, len, "%s/m%d-%d.png", dir, n, shape);
    ae_grid g;
    REQUIRE(make_map(&g, n, shape));
    REQUIRE(dg_write_map_png(path, &g));
    ae_grid_free(&g);
}

static void setup(void) {
    snprintf(dir, sizeof dir, "/tmp/arena-budget-XXXXXX");
    REQUIRE(mkdtemp(dir));
}

static void cleanup(void) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
}

static bool within(const char *what, int n, size_t peak, double budget) {
    fprintf(stderr, "%-24s %4d: peak %10zu bytes = %6.2f per cell (budget %10.0f)\n", what, n, peak,
            (double)peak / ((double)n * n), budget);
    return (double)peak <= budget;
}

/// A match as `arena --headless --autopilot --record` plays it: 30 agents, 240 ticks.
static void test_match(void) {
    setup();
    for (int i = 0; i < SIZE_COUNT; i++)
        for (int shape = 0; shape < 2; shape++) {
            const int n = sizes[i];
            char path[128], rec[160];
            map_file(path, sizeof path, n, shape);
            snprintf(rec, sizeof rec, "%s/r.arp", dir);
            REQUIRE(ae_live_bytes() == 0);
            ae_reset_peak_live_bytes();
            session_def def = {0};
            def.map_path = path;
            def.config = sim_default_config();
            def.pilot = SIM_PILOT_BOT;
            def.record_path = rec;
            ae_error err;
            session *s = session_create(&def, &err);
            REQUIRE(s);
            for (int t = 0; t < 240; t++) session_step(s, NULL);
            const int points = sim_bots_cover(session_world(s))->count;
            REQUIRE(session_finish(s, &err));
            session_destroy(s);
            fprintf(stderr, "  %d cover points\n", points);
            CHECK(within(shape ? "match, checkerboard" : "match, open", n, ae_peak_live_bytes(),
                         MATCH_PER_CELL * n * n + MATCH_PER_POINT * points + MATCH_FIXED));
        }
    cleanup();
}

/// A hot reload to a map of the same size: both maps' data live while the swap is prepared (and
/// the caller's grid of the new map, counted as one byte per cell).
static void test_swap(void) {
    setup();
    for (int i = 0; i < SIZE_COUNT; i++) {
        const int n = sizes[i];
        char path[128];
        map_file(path, sizeof path, n, 0);
        ae_grid next;
        REQUIRE(make_map(&next, n, 1));
        REQUIRE(ae_live_bytes() == (size_t)n * n);
        ae_reset_peak_live_bytes();
        session_def def = {0};
        def.map_path = path;
        def.config = sim_default_config();
        def.pilot = SIM_PILOT_BOT;
        ae_error err;
        session *s = session_create(&def, &err);
        REQUIRE(s);
        const int old_points = sim_bots_cover(session_world(s))->count;
        for (int t = 0; t < 64; t++) session_step(s, NULL);
        REQUIRE(session_swap_map(s, &next, "next.png", &err));
        const int points = sim_bots_cover(session_world(s))->count;
        for (int t = 0; t < 60; t++) session_step(s, NULL);
        session_destroy(s);
        ae_grid_free(&next);
        CHECK(within("swap, open to checkerboard", n, ae_peak_live_bytes(),
                     MATCH_PER_CELL * n * n + MATCH_PER_POINT * old_points + MATCH_FIXED +
                         (double)n * n + SWAP_PER_CELL * n * n + MATCH_PER_POINT * points));
    }
    cleanup();
}

/// What `arena-map path MAP 0 0 N-1 N-1` allocates through the engine (its output arrays are
/// the tool's own, at most 24 bytes per cell of the path).
static void test_path(void) {
    setup();
    for (int i = 0; i < SIZE_COUNT; i++) {
        const int n = sizes[i];
        char path[128];
        map_file(path, sizeof path, n, 2);
        REQUIRE(ae_live_bytes() == 0);
        ae_reset_peak_live_bytes();
        ae_grid grid;
        ae_sdf sdf;
        ae_nav_grid nav;
        ae_nav_grid_def def = ae_default_nav_grid_def();
        REQUIRE(ae_map_load_file(path, &grid, NULL));
        REQUIRE(ae_sdf_init(&sdf, &grid, 1.0f, NULL));
        REQUIRE(ae_nav_grid_init(&nav, &grid, &sdf, &def, NULL));
        ae_nav_search *search = ae_nav_search_create(&nav, NULL);
        REQUIRE(search);
        ae_nav_query q = {{0, 0}, {n - 1, n - 1}, 0, AE_NAV_AUTO};
        CHECK(ae_nav_find_path(search, &nav, &q) == AE_NAV_FOUND);
        CHECK(ae_nav_search_length(search) > (double)n * n / 16); // up and down every corridor
        ae_nav_search_destroy(search);
        ae_nav_grid_free(&nav);
        ae_sdf_free(&sdf);
        ae_grid_free(&grid);
        CHECK(
            within("arena-map path", n, ae_peak_live_bytes(), PATH_PER_CELL * n * n + TOOL_FIXED));
    }
    cleanup();
}

/// What `arena-map cover MAP` allocates, on the shape with the most points.
static void test_cover(void) {
    setup();
    for (int i = 0; i < SIZE_COUNT; i++) {
        const int n = sizes[i];
        char path[128];
        map_file(path, sizeof path, n, 1);
        REQUIRE(ae_live_bytes() == 0);
        ae_reset_peak_live_bytes();
        ae_grid grid;
        ae_sdf sdf;
        ae_cover_set set;
        ae_cover_def def = ae_default_cover_def();
        def.radius = 0.5f;
        REQUIRE(ae_map_load_file(path, &grid, NULL));
        REQUIRE(ae_sdf_init(&sdf, &grid, 1.0f, NULL));
        REQUIRE(ae_cover_init(&set, &grid, &sdf, &def, NULL));
        const int points = set.count;
        ae_cover_free(&set);
        ae_sdf_free(&sdf);
        ae_grid_free(&grid);
        fprintf(stderr, "  %d cover points\n", points);
        CHECK(within("arena-map cover", n, ae_peak_live_bytes(),
                     COVER_PER_CELL * n * n + COVER_PER_POINT * points + TOOL_FIXED));
    }
    cleanup();
}

/// A live session holds the map it loaded once: creating one peaks no higher than loading the map
/// and letting a world take it (the session kept its grid while the world copied it: a byte per
/// cell more).
static void test_session_one_grid(void) {
    setup();
    const int n = 1024;
    char path[128];
    map_file(path, sizeof path, n, 1);
    sim_config cfg = sim_default_config();
    ae_error err;
    REQUIRE(ae_live_bytes() == 0);
    ae_reset_peak_live_bytes();
    ae_grid g;
    REQUIRE(ae_map_load_file(path, &g, &err));
    sim_world *w = sim_create_taking(&cfg, &g, &err);
    REQUIRE(w);
    const size_t world_peak = ae_peak_live_bytes();
    sim_destroy(w);
    REQUIRE(ae_live_bytes() == 0);
    ae_reset_peak_live_bytes();
    session_def def = {0};
    def.map_path = path;
    def.config = cfg;
    session *s = session_create(&def, &err);
    REQUIRE(s);
    const size_t session_peak = ae_peak_live_bytes();
    session_destroy(s);
    fprintf(stderr, "peak: world from a loaded map %zu bytes, session %zu\n", world_peak,
            session_peak);
    CHECK(session_peak < world_peak + (size_t)n * n / 2);
    cleanup();
}

TEST_MAIN(TEST_CASE(match), TEST_CASE(swap), TEST_CASE(path), TEST_CASE(cover),
          TEST_CASE(session_one_grid))
