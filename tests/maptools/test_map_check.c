// Map checking: the analysis against brute-force references on random maps, breakable walls and
// doors, and the picture `arena-map check --png` writes.
#include "test.h"

#include "arena/ae_map_check.h"
#include "arena/ae_map_file.h"
#include "arena/ae_nav.h"
#include "arena/ae_rng.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

/// Components by repeated relaxation (every passable cell takes the smallest label among its
/// Moving AI neighbours: 8 directions, a diagonal only when both orthogonal cells are passable)
/// until nothing changes, then renumbered in row-major order of first appearance.
static void brute_components(const ae_nav_grid *nav, int w, int h, int *label) {
    for (int i = 0; i < w * h; i++) label[i] = ae_nav_passable(nav, 0, i % w, i / w) ? i : -1;
    for (bool changed = true; changed;) {
        changed = false;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                if (label[y * w + x] < 0) continue;
                for (int dy = -1; dy <= 1; dy++)
                    for (int dx = -1; dx <= 1; dx++) {
                        if (!ae_nav_passable(nav, 0, x + dx, y + dy)) continue;
                        if (dx && dy &&
                            (!ae_nav_passable(nav, 0, x + dx, y) ||
                             !ae_nav_passable(nav, 0, x, y + dy)))
                            continue;
                        int o = label[(y + dy) * w + x + dx];
                        if (o < label[y * w + x]) {
                            label[y * w + x] = o;
                            changed = true;
                        }
                    }
            }
    }
    // Labels are now the row-major index of each component's first cell: renumber 0, 1, ...
    int next = 0;
    int *map = malloc((size_t)(w * h) * sizeof *map);
    for (int i = 0; i < w * h; i++) map[i] = -1;
    for (int i = 0; i < w * h; i++)
        if (label[i] >= 0) {
            if (map[label[i]] < 0) map[label[i]] = next++;
            label[i] = map[label[i]];
        }
    free(map);
}

/// Narrow passages by definition: group tight cells (4-connected, by relaxation), collect the
/// passable cells bordering each group and look for two at Chebyshev distance >= 2.
static void brute_narrow(const ae_map_check *c, const int *comp, bool *narrow) {
    const int w = c->width, h = c->height, n = w * h;
    int *g = malloc((size_t)n * sizeof *g);
    for (int i = 0; i < n; i++) {
        int k = c->cells[i] & AE_MAP_CELL_KIND_MASK;
        g[i] = (k == AE_MAP_CELL_TIGHT || k == AE_MAP_CELL_NARROW) ? i : -1;
    }
    static const int d4[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < n; i++)
            for (int k = 0; g[i] >= 0 && k < 4; k++) {
                int x = i % w + d4[k][0], y = i / w + d4[k][1];
                if (x < 0 || y < 0 || x >= w || y >= h || g[y * w + x] < 0) continue;
                if (g[y * w + x] < g[i]) {
                    g[i] = g[y * w + x];
                    changed = true;
                }
            }
    }
    int *touch = malloc((size_t)n * 4 * sizeof *touch);
    for (int i = 0; i < n; i++) {
        narrow[i] = false;
        if (g[i] < 0) continue;
        int count = 0;
        for (int j = 0; j < n; j++) {
            if (g[j] != g[i]) continue;
            for (int k = 0; k < 4; k++) {
                int x = j % w + d4[k][0], y = j / w + d4[k][1];
                if (x >= 0 && y >= 0 && x < w && y < h && comp[y * w + x] >= 0)
                    touch[count++] = y * w + x;
            }
        }
        for (int a = 0; a < count && !narrow[i]; a++)
            for (int b = a + 1; b < count; b++) {
                int ddx = abs(touch[a] % w - touch[b] % w), ddy = abs(touch[a] / w - touch[b] / w);
                if (ddx >= 2 || ddy >= 2) {
                    narrow[i] = true;
                    break;
                }
            }
    }
    free(touch);
    free(g);
}

static void random_map(ae_grid *g, ae_rng *rng) {
    int w = 8 + (int)ae_rng_below(rng, 40), h = 8 + (int)ae_rng_below(rng, 40);
    REQUIRE(ae_grid_init(g, w, h, NULL));
    float density = ae_rng_range(rng, 0.05f, 0.45f);
    for (int i = 0; i < w * h; i++) g->cells[i] = ae_rng_float(rng) < density;
    // A few solid walls so there are rooms, corridors and pockets, not only noise.
    for (int k = (int)ae_rng_below(rng, 6); k > 0; k--) {
        int x = (int)ae_rng_below(rng, (uint32_t)w), y = (int)ae_rng_below(rng, (uint32_t)h);
        bool horizontal = ae_rng_below(rng, 2) != 0;
        for (int t = 0; t < 30; t++) {
            int cx = horizontal ? x + t : x, cy = horizontal ? y : y + t;
            if (cx < w && cy < h) g->cells[cy * w + cx] = 1;
        }
    }
}

static void test_random_vs_brute_force(void) {
    static const float radii[] = {0.0f, 0.375f, 0.5f, 0.75f, 1.0f, 1.5f};
    ae_rng rng;
    ae_rng_seed(&rng, 7, 3);
    int narrow_seen = 0, pockets_seen = 0;
    for (int iter = 0; iter < 150; iter++) {
        ae_grid g;
        random_map(&g, &rng);
        const int w = g.width, h = g.height, n = w * h;
        ae_sdf sdf;
        REQUIRE(ae_sdf_init(&sdf, &g, 32.0f, NULL));
        const float radius = radii[iter % 6]; // in cells
        ae_map_check_def def = ae_default_map_check_def();
        def.radius = radius * 32.0f;
        def.agents = 100;
        ae_map_check c;
        REQUIRE(ae_map_check_init(&c, &g, &sdf, &def, NULL));
        ae_nav_grid_def nd = ae_default_nav_grid_def();
        nd.radii[0] = radius * 32.0f;
        ae_nav_grid nav;
        REQUIRE(ae_nav_grid_init(&nav, &g, &sdf, &nd, NULL));
        int *comp = malloc((size_t)n * sizeof *comp);
        bool *narrow = malloc((size_t)n * sizeof *narrow);
        brute_components(&nav, w, h, comp);
        int ncomp = 0, passable = 0, free_cells = 0, mismatch = 0;
        for (int i = 0; i < n; i++) {
            mismatch += comp[i] != c.component[i];
            ncomp = comp[i] + 1 > ncomp ? comp[i] + 1 : ncomp;
            passable += comp[i] >= 0;
            free_cells += g.cells[i] == 0;
        }
        CHECK(mismatch == 0);
        CHECK(ncomp == c.component_count);
        CHECK(passable == c.passable_cells);
        CHECK(free_cells == c.free_cells);
        int *size = calloc((size_t)ncomp + 1, sizeof *size);
        for (int i = 0; i < n; i++)
            if (comp[i] >= 0) size[comp[i]]++;
        int best = -1;
        for (int k = 0; k < ncomp; k++)
            if (best < 0 || size[k] > size[best]) best = k;
        CHECK(best == c.largest_id);
        CHECK((best < 0 ? 0 : size[best]) == c.largest_cells);
        CHECK(c.pocket_cells == passable - (best < 0 ? 0 : size[best]));
        CHECK(c.pocket_count == (ncomp > 0 ? ncomp - 1 : 0));
        pockets_seen += c.pocket_count > 0;
        brute_narrow(&c, comp, narrow);
        int narrow_cells = 0;
        for (int i = 0; i < n; i++) {
            int kind = c.cells[i] & AE_MAP_CELL_KIND_MASK;
            int want = g.cells[i]     ? AE_MAP_CELL_WALL
                       : comp[i] >= 0 ? (comp[i] == best ? AE_MAP_CELL_LARGEST : AE_MAP_CELL_POCKET)
                       : narrow[i]    ? AE_MAP_CELL_NARROW
                                      : AE_MAP_CELL_TIGHT;
            if (kind != want) mismatch++;
            narrow_cells += narrow[i];
        }
        CHECK(mismatch == 0);
        CHECK(narrow_cells == c.narrow_cells);
        narrow_seen += narrow_cells > 0;
        // Spawn spots: clearance, spacing, and greedy maximality (every candidate left out is
        // too close to a spot taken before it in row-major order).
        const double sep2 = 16.0 * (double)radius * (double)radius;
        int spawns = 0;
        for (int i = 0; i < n; i++) {
            bool cand = comp[i] == best && best >= 0 && c.clearance[i] >= 2.0f * radius * 32.0f;
            bool taken = (c.cells[i] & AE_MAP_CELL_SPAWN) != 0;
            if (taken) {
                spawns++;
                CHECK(cand);
            }
            if (!cand) continue;
            bool blocked = false;
            for (int j = 0; j < n; j++) {
                if (j == i || !(c.cells[j] & AE_MAP_CELL_SPAWN)) continue;
                double dx = i % w - j % w, dy = i / w - j / w;
                if (dx * dx + dy * dy < sep2) {
                    CHECK(!taken); // two taken spots too close
                    if (j < i) blocked = true;
                }
            }
            CHECK(taken || blocked);
        }
        CHECK(spawns == c.spawn_capacity);
        free(size);
        free(narrow);
        free(comp);
        ae_nav_grid_free(&nav);
        ae_map_check_free(&c);
        ae_sdf_free(&sdf);
        ae_grid_free(&g);
    }
    // The random maps must exercise the interesting cases.
    CHECK(narrow_seen > 10);
    CHECK(pockets_seen > 10);
    CHECK(ae_live_bytes() == 0);
}

static void test_bad_def(void) {
    ae_grid g;
    REQUIRE(ae_grid_init(&g, 8, 8, NULL));
    ae_sdf sdf;
    REQUIRE(ae_sdf_init(&sdf, &g, 1.0f, NULL));
    ae_map_check c;
    ae_error err;
    ae_map_check_def def = ae_default_map_check_def();
    def.radius = -1.0f;
    CHECK(!ae_map_check_init(&c, &g, &sdf, &def, &err));
    def = ae_default_map_check_def();
    def.min_largest_share = 2.0f;
    CHECK(!ae_map_check_init(&c, &g, &sdf, &def, &err));
    def = ae_default_map_check_def();
    def.radius = 0.375f; // the game's agents on 1-unit cells
    def.agents = 100;
    def.min_largest_cells = 400;
    REQUIRE(ae_map_check_init(&c, &g, &sdf, &def, &err));
    // An open 8 x 8 map: every cell passable, one area, far too small for a match.
    CHECK(c.passable_cells == 64 - 4); // the four corner cells are too tight (0.25 < 0.375)
    CHECK(c.component_count == 1);
    CHECK(c.problems == (AE_MAP_PROBLEM_SMALL_AREA | AE_MAP_PROBLEM_NO_ROOM));
    ae_map_check_free(&c);
    // The defaults ask for nothing: the same map has no problem.
    def = ae_default_map_check_def();
    REQUIRE(ae_map_check_init(&c, &g, &sdf, &def, &err));
    CHECK(c.problems == 0);
    ae_map_check_free(&c);
    ae_sdf_free(&sdf);
    ae_grid_free(&g);
}

/// Breakable walls and doors are counted and flagged, and change nothing else in the analysis:
/// it equals the one of the same map with plain walls and plain free cells.
static void test_tags(void) {
    ae_rng rng;
    ae_rng_seed(&rng, 12, 0);
    for (int m = 0; m < 6; m++) {
        ae_grid tagged, plain;
        REQUIRE(ae_grid_init(&tagged, 40, 36, NULL));
        for (int i = 0; i < 40 * 36; i++)
            tagged.cells[i] = ae_rng_below(&rng, 4) == 0 ? AE_CELL_WALL : AE_CELL_FREE;
        int breakable = 0, doors = 0, water = 0;
        for (int i = 0; i < 40 * 36; i++) {
            if (ae_rng_below(&rng, 3) != 0) continue;
            if (tagged.cells[i] == AE_CELL_WALL && ae_rng_below(&rng, 3) == 0) {
                tagged.cells[i] = AE_CELL_WALL | AE_CELL_WATER;
                water++;
            } else if (tagged.cells[i] == AE_CELL_WALL) {
                tagged.cells[i] = AE_CELL_WALL | AE_CELL_BREAKABLE;
                breakable++;
            } else {
                tagged.cells[i] = AE_CELL_DOOR;
                doors++;
            }
        }
        REQUIRE(ae_grid_init_copy(&plain, &tagged, NULL));
        for (int i = 0; i < 40 * 36; i++) plain.cells[i] &= AE_CELL_WALL;
        CHECK(ae_grid_count(&tagged, AE_CELL_WALL | AE_CELL_BREAKABLE) == (size_t)breakable);
        CHECK(ae_grid_count(&tagged, AE_CELL_DOOR) == (size_t)doors);
        ae_sdf sdf;
        REQUIRE(ae_sdf_init(&sdf, &tagged, 32.0f, NULL));
        ae_map_check_def def = ae_default_map_check_def();
        def.radius = 12.0f;
        def.agents = 100;
        ae_map_check a, b;
        REQUIRE(ae_map_check_init(&a, &tagged, &sdf, &def, NULL));
        REQUIRE(ae_map_check_init(&b, &plain, &sdf, &def, NULL));
        CHECK(ae_grid_count(&tagged, AE_CELL_WALL | AE_CELL_WATER) == (size_t)water);
        CHECK(a.breakable_cells == breakable && a.door_cells == doors && a.water_cells == water);
        CHECK(b.breakable_cells == 0 && b.door_cells == 0 && b.water_cells == 0);
        CHECK(breakable > 30 && doors > 100 && water > 15);
        int wrong = 0;
        for (int i = 0; i < 40 * 36; i++) {
            uint8_t flags =
                a.cells[i] & (AE_MAP_CELL_BREAKABLE | AE_MAP_CELL_DOOR | AE_MAP_CELL_WATER);
            uint8_t want = tagged.cells[i] == (AE_CELL_WALL | AE_CELL_BREAKABLE)
                               ? AE_MAP_CELL_BREAKABLE
                           : tagged.cells[i] == (AE_CELL_WALL | AE_CELL_WATER) ? AE_MAP_CELL_WATER
                           : tagged.cells[i] == AE_CELL_DOOR                   ? AE_MAP_CELL_DOOR
                                                                               : 0;
            wrong += flags != want || (uint8_t)(a.cells[i] & ~flags) != b.cells[i];
        }
        CHECK(wrong == 0);
        CHECK(a.passable_cells == b.passable_cells && a.largest_cells == b.largest_cells &&
              a.narrow_cells == b.narrow_cells && a.spawn_capacity == b.spawn_capacity &&
              a.problems == b.problems);
        ae_map_check_free(&a);
        ae_map_check_free(&b);
        ae_sdf_free(&sdf);
        ae_grid_free(&plain);
        ae_grid_free(&tagged);
    }
    CHECK(ae_live_bytes() == 0);
}

static int run(const char *cmd) {
    int status = system(cmd);
    return status >= 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_png(void) {
    char dir[] = "/tmp/arena-check-XXXXXX";
    REQUIRE(mkdtemp(dir));
    char out[256], cmd[1024];
    snprintf(out, sizeof out, "%s/out.png", dir);
    snprintf(cmd, sizeof cmd,
             "'%s/arena-map' check '%s/tests/data/maps/check-corridor.map' --png '%s' >/dev/null",
             ARENA_BIN_DIR, ARENA_SOURCE_DIR, out);
    CHECK(run(cmd) == 0);
    // The picture decodes whole and has 4 x 4 pixels per cell (48 x 34 cells).
    ae_grid pic;
    ae_error err;
    bool ok = ae_map_load_file(out, &pic, &err);
    if (!ok) fprintf(stderr, "%s: %s\n", out, err.msg);
    CHECK(ok);
    if (ok) {
        CHECK(pic.width == 48 * 4 && pic.height == 34 * 4);
        ae_grid_free(&pic);
    }
    // No temporary file is left beside it.
    snprintf(cmd, sizeof cmd, "test $(ls -A '%s' | wc -l) = 1", dir);
    CHECK(run(cmd) == 0);
    // A big map gets one pixel per cell.
    snprintf(cmd, sizeof cmd,
             "'%s/arena-map' check '%s/assets/maps/large.png' --png '%s' >/dev/null", ARENA_BIN_DIR,
             ARENA_SOURCE_DIR, out);
    CHECK(run(cmd) == 0);
    ok = ae_map_load_file(out, &pic, &err);
    CHECK(ok);
    if (ok) {
        CHECK(pic.width == 512 && pic.height == 512);
        ae_grid_free(&pic);
    }
    // Never over the input map: the copy stays byte-identical and the tool exits 2.
    snprintf(
        cmd, sizeof cmd,
        "cp '%s/tests/data/maps/check-corridor.map' '%s/in.map' && cp '%s/in.map' '%s/keep.map'",
        ARENA_SOURCE_DIR, dir, dir, dir);
    REQUIRE(run(cmd) == 0);
    snprintf(cmd, sizeof cmd,
             "'%s/arena-map' check '%s/in.map' --png '%s/./in.map' >/dev/null 2>&1", ARENA_BIN_DIR,
             dir, dir);
    CHECK(run(cmd) == 2);
    snprintf(cmd, sizeof cmd, "cmp -s '%s/in.map' '%s/keep.map'", dir, dir);
    CHECK(run(cmd) == 0);
    // Breakable walls and doors are drawn in their own colours, where they are (tagged.png:
    // mid-grey breakables at (3, 2) and (14, 6), doors at (19, 2) and (7, 7); a plain wall at
    // (0, 0), open ground at (10, 10)).
    snprintf(cmd, sizeof cmd,
             "'%s/arena-map' check '%s/tests/data/maps/tagged.png' --png '%s' "
             ">/dev/null",
             ARENA_BIN_DIR, ARENA_SOURCE_DIR, out);
    CHECK(run(cmd) == 1); // too small for a match
    SDL_Surface *loaded = IMG_Load(out);
    REQUIRE(loaded);
    SDL_Surface *rgb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGB24, 0);
    SDL_FreeSurface(loaded);
    REQUIRE(rgb && rgb->w == 24 * 4 && rgb->h == 16 * 4);
    static const struct {
        int x, y;
        uint8_t r, g, b;
    } expect[] = {{3, 2, 165, 110, 55},
                  {14, 6, 165, 110, 55},
                  {19, 2, 40, 210, 230},
                  {7, 7, 40, 210, 230},
                  {0, 0, 30, 30, 38}};
    for (size_t k = 0; k < sizeof expect / sizeof expect[0]; k++) {
        // A corner pixel of the cell (spawn dots sit in the middle).
        const uint8_t *px = (const uint8_t *)rgb->pixels +
                            (size_t)(expect[k].y * 4) * (size_t)rgb->pitch +
                            (size_t)(expect[k].x * 4) * 3;
        CHECK(px[0] == expect[k].r && px[1] == expect[k].g && px[2] == expect[k].b);
    }
    const uint8_t *open =
        (const uint8_t *)rgb->pixels + (size_t)(10 * 4) * (size_t)rgb->pitch + 10 * 4 * 3;
    CHECK(open[1] > open[0] && open[1] > open[2]); // green: the largest area
    SDL_FreeSurface(rgb);
    // Water too (water-town.png: the sea over the west edge, a pond at 26..30 x 14..17; a plain
    // wall on the north border at (20, 0)).
    snprintf(cmd, sizeof cmd,
             "'%s/arena-map' check '%s/tests/bad/maps/props/water-town.png' --png '%s' >/dev/null",
             ARENA_BIN_DIR, ARENA_SOURCE_DIR, out);
    CHECK(run(cmd) == 0);
    loaded = IMG_Load(out);
    REQUIRE(loaded);
    rgb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGB24, 0);
    SDL_FreeSurface(loaded);
    REQUIRE(rgb && rgb->w == 48 * 4 && rgb->h == 48 * 4);
    static const struct {
        int x, y;
        uint8_t r, g, b;
    } water[] = {
        {0, 20, 30, 70, 150}, {3, 0, 30, 70, 150}, {28, 15, 30, 70, 150}, {20, 0, 30, 30, 38}};
    for (size_t k = 0; k < sizeof water / sizeof water[0]; k++) {
        const uint8_t *px = (const uint8_t *)rgb->pixels +
                            (size_t)(water[k].y * 4) * (size_t)rgb->pitch +
                            (size_t)(water[k].x * 4) * 3;
        CHECK(px[0] == water[k].r && px[1] == water[k].g && px[2] == water[k].b);
    }
    SDL_FreeSurface(rgb);
    // An unwritable destination: exit 2 and nothing left behind.
    snprintf(cmd, sizeof cmd,
             "'%s/arena-map' check '%s/in.map' --png '%s/no/such/dir/x.png' >/dev/null 2>&1",
             ARENA_BIN_DIR, dir, dir);
    CHECK(run(cmd) == 2);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(run(cmd) == 0);
}

TEST_MAIN(TEST_CASE(random_vs_brute_force), TEST_CASE(bad_def), TEST_CASE(tags), TEST_CASE(png))
