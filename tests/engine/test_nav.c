// Navigation: optimal lengths against a Dijkstra reference, JPS == A*, endpoints, floods (edits:
// test_edits.c).
#include "test.h"

#include "nav_fixture.h"
#include "test_alloc.h"

#include "arena/ae_rng.h"

#include <stdlib.h>
#include <string.h>

/// Reference Dijkstra written independently of the engine: plain coordinates, passability from
/// the grid and a direct SDF sample at the centre, a lazy-deletion heap of (cost, cell).
typedef struct qent {
    double d;
    int c;
} qent;

static void heap_push(qent *h, int *n, qent e) {
    int i = (*n)++;
    while (i > 0 && h[(i - 1) / 2].d > e.d) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i] = e;
}

static qent heap_pop(qent *h, int *n) {
    qent top = h[0], v = h[--(*n)];
    int i = 0;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= *n) break;
        if (c + 1 < *n && h[c + 1].d < h[c].d) c++;
        if (h[c].d >= v.d) break;
        h[i] = h[c];
        i = c;
    }
    h[i] = v;
    return top;
}

static bool ref_ok(const fixture *f, float r, int x, int y) {
    if (ae_grid_is_wall(&f->grid, x, y)) return false;
    float c = f->sdf.cell_size;
    return ae_sdf_sample(&f->sdf, (vec2s){{((float)x + 0.5f) * c, ((float)y + 0.5f) * c}}) >= r;
}

/// Distances from (sx, sy) to every cell; -1 unreachable.
static double *ref_dijkstra(const fixture *f, float r, int sx, int sy) {
    int w = f->grid.width, h = f->grid.height, n = w * h;
    double *d = malloc((size_t)n * sizeof *d);
    qent *heap = malloc((size_t)n * 8 * sizeof *heap);
    for (int i = 0; i < n; i++) d[i] = -1.0;
    int hn = 0;
    double *best = malloc((size_t)n * sizeof *best);
    for (int i = 0; i < n; i++) best[i] = 1e300;
    best[sy * w + sx] = 0.0;
    heap_push(heap, &hn, (qent){0.0, sy * w + sx});
    while (hn > 0) {
        qent e = heap_pop(heap, &hn);
        if (d[e.c] >= 0.0) continue;
        d[e.c] = e.d;
        int x = e.c % w, y = e.c / w;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                if (!dx && !dy) continue;
                if (!ref_ok(f, r, x + dx, y + dy)) continue;
                if (dx && dy && (!ref_ok(f, r, x + dx, y) || !ref_ok(f, r, x, y + dy))) continue;
                double nd = e.d + (dx && dy ? sqrt(2.0) : 1.0);
                int m = (y + dy) * w + x + dx;
                if (d[m] < 0.0 && nd < best[m] - 1e-12) {
                    best[m] = nd;
                    heap_push(heap, &hn, (qent){nd, m});
                }
            }
    }
    free(best);
    free(heap);
    return d;
}

static ae_nav_cell random_cell(ae_rng *rng, const ae_grid *g) {
    return (ae_nav_cell){(int)ae_rng_below(rng, (uint32_t)g->width),
                         (int)ae_rng_below(rng, (uint32_t)g->height)};
}

/// Checks a found path: consecutive cells adjacent, passable, no corner cutting, right length.
static void check_path(fixture *f, int layer, ae_nav_cell a, ae_nav_cell b) {
    int n = ae_nav_path_count(f->search);
    ae_nav_cell *cells = malloc((size_t)n * sizeof *cells);
    REQUIRE(ae_nav_path_cells(f->search, cells, n) == n);
    CHECK(cells[0].x == a.x && cells[0].y == a.y);
    CHECK(cells[n - 1].x == b.x && cells[n - 1].y == b.y);
    double len = 0.0;
    for (int i = 0; i < n; i++) {
        CHECK(ae_nav_passable(&f->nav, layer, cells[i].x, cells[i].y));
        if (i == 0) continue;
        int dx = cells[i].x - cells[i - 1].x, dy = cells[i].y - cells[i - 1].y;
        CHECK(abs(dx) <= 1 && abs(dy) <= 1 && (dx || dy));
        if (dx && dy) {
            CHECK(ae_nav_passable(&f->nav, layer, cells[i - 1].x + dx, cells[i - 1].y));
            CHECK(ae_nav_passable(&f->nav, layer, cells[i - 1].x, cells[i - 1].y + dy));
        }
        len += dx && dy ? sqrt(2.0) : 1.0;
    }
    CHECK_NEAR(len, ae_nav_search_length(f->search), 1e-9);
    free(cells);
}

/// For random maps and radii: A* and JPS lengths equal Dijkstra's, paths are valid.
static void run_optimal(ae_nav_method method) {
    const float radii[] = {0.0f, 12.0f, 20.0f};
    int checked = 0, unreachable = 0;
    for (int m = 0; m < 6; m++) {
        fixture f;
        REQUIRE(gen_random_map(&f.grid, 40 + 7 * m, 36 + 5 * m, 100u + (uint64_t)m,
                               0.15f + 0.04f * (float)m));
        REQUIRE(fixture_init(&f, 32.0f, radii, 3));
        ae_rng rng;
        ae_rng_seed(&rng, 7u + (uint64_t)m, 1);
        for (int layer = 0; layer < 3; layer++) {
            for (int t = 0; t < 12; t++) {
                ae_nav_cell a = random_cell(&rng, &f.grid);
                if (!ae_nav_passable(&f.nav, layer, a.x, a.y)) continue;
                double *ref = ref_dijkstra(&f, radii[layer], a.x, a.y);
                for (int u = 0; u < 10; u++) {
                    ae_nav_cell b = random_cell(&rng, &f.grid);
                    ae_nav_query q = {a, b, layer, method};
                    ae_nav_status st = ae_nav_find_path(f.search, &f.nav, &q);
                    double want = ref[b.y * f.grid.width + b.x];
                    if (!ae_nav_passable(&f.nav, layer, b.x, b.y)) {
                        CHECK(st == AE_NAV_BAD_ENDPOINT);
                    } else if (want < 0.0) {
                        CHECK(st == AE_NAV_NO_PATH);
                        unreachable++;
                    } else {
                        CHECK(st == AE_NAV_FOUND);
                        CHECK_NEAR(ae_nav_search_length(f.search), want, 1e-9);
                        check_path(&f, layer, a, b);
                        checked++;
                    }
                }
                free(ref);
            }
        }
        fixture_free(&f);
    }
    CHECK(checked > 300);
    CHECK(unreachable > 0);
    CHECK(ae_live_bytes() == 0);
}

static void test_astar_optimal(void) {
    run_optimal(AE_NAV_ASTAR);
}

static void test_jps_optimal(void) {
    run_optimal(AE_NAV_JPS);
}

/// JPS and A* agree on length on arena-like maps, and JPS expands fewer nodes overall.
static void test_jps_equals_astar(void) {
    fixture f;
    const float radii[] = {0.0f, 12.0f};
    REQUIRE(gen_arena_map(&f.grid, 160, 120, 5));
    REQUIRE(fixture_init(&f, 32.0f, radii, 2));
    ae_rng rng;
    ae_rng_seed(&rng, 99, 1);
    int64_t na = 0, nj = 0;
    int found = 0;
    for (int t = 0; t < 400; t++) {
        ae_nav_cell a = random_cell(&rng, &f.grid), b = random_cell(&rng, &f.grid);
        int layer = t & 1;
        ae_nav_query q = {a, b, layer, AE_NAV_ASTAR};
        ae_nav_status sa = ae_nav_find_path(f.search, &f.nav, &q);
        double la = ae_nav_search_length(f.search);
        na += ae_nav_search_expanded(f.search);
        q.method = AE_NAV_AUTO;
        ae_nav_status sj = ae_nav_find_path(f.search, &f.nav, &q);
        CHECK(ae_nav_search_method(f.search) == AE_NAV_JPS);
        nj += ae_nav_search_expanded(f.search);
        CHECK(sa == sj);
        if (sa == AE_NAV_FOUND) {
            CHECK(la ==
                  ae_nav_search_length(f.search)); // same step counts give bit-identical lengths
            check_path(&f, layer, a, b);
            found++;
        }
    }
    CHECK(found > 100);
    CHECK(nj < na);
    fixture_free(&f);
}

/// JPS jumps over the nav grid's row and column bit lines, A* steps over its passability bytes:
/// after random edits (walls broken, new walls, each followed by ae_nav_grid_on_cell_edit as the
/// game does it) the two still agree on every query, for every radius. The maps' sides straddle
/// the 64-cell words of the bit lines, and the open ones have runs longer than one word.
static void test_jps_edits(void) {
    const float radii[] = {0.0f, 12.0f, 40.0f};
    const int sizes[][2] = {{62, 62}, {63, 63}, {64, 130}, {200, 150}, {8, 190}, {190, 8}};
    const float fractions[] = {0.02f, 0.15f, 0.35f};
    int found = 0, no_path = 0, flips = 0;
    for (int m = 0; m < 6; m++)
        for (int d = 0; d < 3; d++) {
            fixture f;
            const uint64_t seed = 500u + (uint64_t)(m * 3 + d);
            REQUIRE(gen_random_map(&f.grid, sizes[m][0], sizes[m][1], seed, fractions[d]));
            REQUIRE(fixture_init(&f, 32.0f, radii, 3));
            ae_rng rng;
            ae_rng_seed(&rng, seed, 3);
            for (int round = 0; round < 6; round++) {
                for (int e = 0; e < 1 + round * 4; e++) {
                    ae_nav_cell c = random_cell(&rng, &f.grid);
                    const uint8_t old = f.grid.cells[c.y * f.grid.width + c.x];
                    REQUIRE(ae_sdf_set_cell(&f.sdf, &f.grid, c.x, c.y,
                                            old & AE_CELL_WALL ? AE_CELL_FREE : AE_CELL_WALL,
                                            NULL));
                    ae_nav_grid_on_cell_edit(&f.nav, &f.grid, &f.sdf, c.x, c.y);
                    flips++;
                }
                for (int t = 0; t < 20; t++) {
                    const int layer = (int)ae_rng_below(&rng, 3);
                    ae_nav_cell a = random_cell(&rng, &f.grid), b = random_cell(&rng, &f.grid);
                    ae_nav_query q = {a, b, layer, AE_NAV_ASTAR};
                    const ae_nav_status sa = ae_nav_find_path(f.search, &f.nav, &q);
                    const double la = ae_nav_search_length(f.search);
                    q.method = AE_NAV_JPS;
                    const ae_nav_status sj = ae_nav_find_path(f.search, &f.nav, &q);
                    CHECK(sa == sj);
                    if (sa == AE_NAV_FOUND && sj == AE_NAV_FOUND) {
                        CHECK(la == ae_nav_search_length(f.search));
                        check_path(&f, layer, a, b);
                        found++;
                    }
                    no_path += sa == AE_NAV_NO_PATH;
                }
            }
            fixture_free(&f);
        }
    CHECK(found > 500 && no_path > 20 && flips > 1000);
    CHECK(ae_live_bytes() == 0);
}

/// A cell of the corridor map below, rows and columns swapped when `across`.
static ae_nav_cell corridor_cell(int along, int side, bool across) {
    return across ? (ae_nav_cell){side, along} : (ae_nav_cell){along, side};
}

static void corridor_set(fixture *f, int along, int side, bool across, uint8_t value) {
    ae_nav_cell c = corridor_cell(along, side, across);
    REQUIRE(ae_sdf_set_cell(&f->sdf, &f->grid, c.x, c.y, value, NULL));
    ae_nav_grid_on_cell_edit(&f->nav, &f->grid, &f->sdf, c.x, c.y);
}

/// A straight jump must stop at a forced neighbour however far along its line and wherever in a
/// 64-cell word it lies: a one-cell corridor (line 2 of a map 200 long and 8 wide) has a single
/// opening at `gap` to a dead end on the side (line 3 on), where the goal is. Jumping along the
/// corridor from every start to every gap, a missed stop means no path. Along rows and along
/// columns (the transposed bit lines); the gap is moved by cell edits.
static void test_jps_corridor(void) {
    const int len = 200, side = 8;
    const float radii[] = {0.0f};
    for (int across = 0; across < 2; across++) {
        fixture f;
        REQUIRE(ae_grid_init(&f.grid, across ? side : len, across ? len : side, NULL));
        for (int i = 0; i < len; i++)
            for (int j = 0; j < side; j++) {
                ae_nav_cell c = corridor_cell(i, j, across);
                f.grid.cells[c.y * f.grid.width + c.x] = j == 2 ? AE_CELL_FREE : AE_CELL_WALL;
            }
        REQUIRE(fixture_init(&f, 1.0f, radii, 1));
        int checked = 0;
        for (int gap = 0; gap < len; gap++) {
            for (int j = 3; j < side; j++) corridor_set(&f, gap, j, across, AE_CELL_FREE);
            for (int start = 0; start < len; start++) {
                ae_nav_query q = {corridor_cell(start, 2, across),
                                  corridor_cell(gap, side - 1, across), 0, AE_NAV_JPS};
                CHECK(ae_nav_find_path(f.search, &f.nav, &q) == AE_NAV_FOUND);
                CHECK(ae_nav_search_length(f.search) == (double)(abs(gap - start) + side - 3));
                checked++;
            }
            for (int j = 3; j < side; j++) corridor_set(&f, gap, j, across, AE_CELL_WALL);
        }
        CHECK(checked == len * len);
        fixture_free(&f);
    }
}

/// Diagonal jump points are pruned (warthog's jps2): a diagonal walk makes the jump points its
/// straight jumps find successors of the node it started from, and an expanded node with the goal
/// in sight along the octile line makes the goal its only successor. On an open map that is the
/// start and the goal; round a wall (column 50, rows 0-60) the start, the corner cells (49, 61)
/// and (51, 61) and the goal, where keeping diagonal jump points would also expand (49, 49) and
/// (90, 22). Paths stay whole lines of cells with the optimal length.
static void test_jps_pruned(void) {
    fixture f;
    const float radii[] = {0.0f};
    REQUIRE(ae_grid_init(&f.grid, 100, 80, NULL));
    REQUIRE(fixture_init(&f, 1.0f, radii, 1));
    ae_nav_query q = {{3, 5}, {90, 40}, 0, AE_NAV_JPS};
    CHECK(ae_nav_find_path(f.search, &f.nav, &q) == AE_NAV_FOUND);
    CHECK(ae_nav_search_expanded(f.search) == 2);
    check_path(&f, 0, q.start, q.goal);
    for (int y = 0; y <= 60; y++) {
        REQUIRE(ae_sdf_set_cell(&f.sdf, &f.grid, 50, y, AE_CELL_WALL, NULL));
        ae_nav_grid_on_cell_edit(&f.nav, &f.grid, &f.sdf, 50, y);
    }
    q = (ae_nav_query){{10, 10}, {90, 10}, 0, AE_NAV_ASTAR};
    CHECK(ae_nav_find_path(f.search, &f.nav, &q) == AE_NAV_FOUND);
    const double astar = ae_nav_search_length(f.search);
    q.method = AE_NAV_JPS;
    CHECK(ae_nav_find_path(f.search, &f.nav, &q) == AE_NAV_FOUND);
    CHECK(ae_nav_search_expanded(f.search) == 4);
    CHECK(ae_nav_search_length(f.search) == astar);
    check_path(&f, 0, q.start, q.goal);
    fixture_free(&f);
}

/// A search whose nodes or open heap cannot grow ends with no path instead of aborting, allocates
/// no more than it could, and the context searches normally once memory is back.
static void test_out_of_memory(void) {
    fixture f;
    const float radii[] = {0.0f};
    ae_set_allocator(test_alloc_failing, test_free_counting, NULL); // (only while none is live)
    REQUIRE(ae_grid_init(&f.grid, 300, 300, NULL));
    for (int y = 0; y < 290; y++) f.grid.cells[y * 300 + 150] = 1; // a wall to go round
    const ae_nav_method methods[] = {AE_NAV_ASTAR, AE_NAV_JPS};
    for (int m = 0; m < 2; m++) {
        ae_nav_query q = {{5, 5}, {295, 5}, 0, methods[m]};
        bool found_at_last = false;
        for (long fail = 0; fail < 100000 && !found_at_last;
             fail = fail < 8 ? fail + 1 : fail * 2) {
            // A fresh context; the fail-th allocation of its first search fails, and every later
            // one.
            REQUIRE(fixture_init(&f, 1.0f, radii, 1));
            test_alloc_fail_from = (long)test_alloc_calls + fail;
            const ae_nav_status st = ae_nav_find_path(f.search, &f.nav, &q);
            test_alloc_fail_from = -1;
            CHECK(st == AE_NAV_NO_PATH || st == AE_NAV_FOUND);
            if (st == AE_NAV_FOUND)
                found_at_last = true; // the search needed fewer than `fail` allocations
            else
                CHECK(ae_nav_path_count(f.search) == 0);
            // With memory back the same context finds the path, whatever the failed search left.
            CHECK(ae_nav_find_path(f.search, &f.nav, &q) == AE_NAV_FOUND);
            check_path(&f, 0, q.start, q.goal);
            ae_nav_search_destroy(f.search);
            ae_nav_grid_free(&f.nav);
            ae_sdf_free(&f.sdf);
        }
        CHECK(found_at_last);
    }
    ae_grid_free(&f.grid);
    ae_set_allocator(NULL, NULL, NULL);
}

static void test_endpoints(void) {
    fixture f;
    const float radii[] = {0.0f};
    REQUIRE(ae_grid_init(&f.grid, 16, 16, NULL));
    // A wall splitting the map in two: column 8 is wall.
    for (int y = 0; y < 16; y++) f.grid.cells[y * 16 + 8] = 1;
    REQUIRE(fixture_init(&f, 1.0f, radii, 1));
    ae_nav_query q = {{1, 1}, {14, 14}, 0, AE_NAV_AUTO};
    CHECK(ae_nav_find_path(f.search, &f.nav, &q) == AE_NAV_NO_PATH);
    q.method = AE_NAV_ASTAR;
    CHECK(ae_nav_find_path(f.search, &f.nav, &q) == AE_NAV_NO_PATH);
    CHECK(ae_nav_path_count(f.search) == 0);
    q.goal = (ae_nav_cell){8, 3}; // blocked goal
    CHECK(ae_nav_find_path(f.search, &f.nav, &q) == AE_NAV_BAD_ENDPOINT);
    q.start = (ae_nav_cell){8, 3}; // blocked start
    q.goal = (ae_nav_cell){1, 1};
    CHECK(ae_nav_find_path(f.search, &f.nav, &q) == AE_NAV_BAD_ENDPOINT);
    const ae_nav_cell off[] = {{-1, 0}, {0, -1}, {16, 3}, {3, 16}, {1000000, 5}};
    for (int i = 0; i < 5; i++) {
        ae_nav_query o = {{1, 1}, off[i], 0, AE_NAV_AUTO};
        CHECK(ae_nav_find_path(f.search, &f.nav, &o) == AE_NAV_BAD_ENDPOINT);
        ae_nav_query o2 = {off[i], {1, 1}, 0, AE_NAV_ASTAR};
        CHECK(ae_nav_find_path(f.search, &f.nav, &o2) == AE_NAV_BAD_ENDPOINT);
    }
    ae_nav_query same = {{2, 2}, {2, 2}, 0, AE_NAV_AUTO};
    CHECK(ae_nav_find_path(f.search, &f.nav, &same) == AE_NAV_FOUND);
    CHECK(ae_nav_search_length(f.search) == 0.0 && ae_nav_path_count(f.search) == 1);
    fixture_free(&f);
}

/// Floods give the same distances as the reference Dijkstra within their limit.
static void test_flood(void) {
    fixture f;
    const float radii[] = {12.0f};
    REQUIRE(gen_random_map(&f.grid, 50, 40, 17, 0.2f));
    REQUIRE(fixture_init(&f, 32.0f, radii, 1));
    ae_nav_cell s = {0, 0};
    while (!ae_nav_passable(&f.nav, 0, s.x, s.y)) s.x++;
    double *ref = ref_dijkstra(&f, 12.0f, s.x, s.y);
    REQUIRE(ae_nav_flood(f.search, &f.nav, s, 0, 25.0));
    int inside = 0;
    for (int y = 0; y < 40; y++)
        for (int x = 0; x < 50; x++) {
            double want = ref[y * 50 + x], got = ae_nav_flood_cost(f.search, x, y);
            if (want >= 0.0 && want <= 25.0) {
                CHECK_NEAR(got, want, 1e-9);
                inside++;
            } else {
                CHECK(got < 0.0);
            }
        }
    CHECK(inside > 50);
    free(ref);
    fixture_free(&f);
}

/// A flood context that holds only a band of rows gives bit-identical costs to a whole-grid one,
/// from starts at the top, middle and bottom (the band is clamped there), and takes a fraction
/// of the memory on a tall map.
static void test_flood_band(void) {
    fixture f;
    const float radii[] = {0.0f};
    REQUIRE(gen_random_map(&f.grid, 60, 300, 5, 0.25f));
    REQUIRE(fixture_init(&f, 32.0f, radii, 1));
    const double cost = 22.0;
    ae_nav_search *band = ae_nav_search_create_flood(&f.nav, cost, NULL);
    REQUIRE(band);
    CHECK(ae_nav_search_rows(band) == 2 * (22 + 2) + 1 &&
          ae_nav_search_capacity(band) < ae_nav_search_capacity(f.search) / 5);
    int floods = 0;
    for (int sy = 0; sy < 300; sy += 13)
        for (int sx = 0; sx < 60; sx += 7) {
            ae_nav_cell st = {sx, sy};
            if (!ae_nav_passable(&f.nav, 0, sx, sy)) continue;
            REQUIRE(ae_nav_flood(f.search, &f.nav, st, 0, cost));
            REQUIRE(ae_nav_flood(band, &f.nav, st, 0, cost));
            floods++;
            int differ = 0;
            for (int y = 0; y < 300; y++)
                for (int x = 0; x < 60; x++) {
                    double a = ae_nav_flood_cost(f.search, x, y), b = ae_nav_flood_cost(band, x, y);
                    differ += memcmp(&a, &b, sizeof a) != 0;
                }
            CHECK(differ == 0);
        }
    CHECK(floods > 100);
    // A band is enough for exactly the reach it was made for; a wider map gets its own rows.
    ae_nav_search *whole = ae_nav_search_create_flood(&f.nav, 400.0, NULL);
    REQUIRE(whole);
    CHECK(ae_nav_search_rows(whole) == 302 && ae_nav_search_reach(whole) < 0.0);
    ae_nav_search_destroy(whole);
    ae_nav_search_destroy(band);
    fixture_free(&f);
}

/// ae_nav_grid_equal tells an edited grid from its old build and finds it equal to a fresh build
/// of the edited map (the version aside); ae_nav_grid_free takes a zeroed grid, one whose init
/// failed and one already freed.
static void test_grid_equal(void) {
    const size_t live = ae_live_bytes();
    fixture f;
    const float radii[] = {0.0f, 12.0f};
    REQUIRE(gen_arena_map(&f.grid, 64, 48, 3));
    REQUIRE(fixture_init(&f, 32.0f, radii, 2));
    ae_nav_grid_def def = ae_default_nav_grid_def();
    def.radius_count = 2;
    def.radii[0] = 0.0f;
    def.radii[1] = 12.0f;
    ae_nav_grid old, other;
    REQUIRE(ae_nav_grid_init(&old, &f.grid, &f.sdf, &def, NULL));
    CHECK(ae_nav_grid_equal(&f.nav, &old) && ae_nav_grid_equal(&old, &f.nav));
    def.radii[1] = 13.0f;
    REQUIRE(ae_nav_grid_init(&other, &f.grid, &f.sdf, &def, NULL));
    CHECK(!ae_nav_grid_equal(&f.nav, &other));
    ae_nav_grid_free(&other);
    // Wall a cell passable for both radii: the cell and its neighbours change.
    int i = 0;
    while (i < 64 * 48 && !ae_nav_passable(&f.nav, 1, i % 64, i / 64)) i++;
    REQUIRE(i < 64 * 48);
    const int x = i % 64, y = i / 64;
    REQUIRE(ae_sdf_set_cell(&f.sdf, &f.grid, x, y, AE_CELL_WALL, NULL));
    ae_nav_grid_on_cell_edit(&f.nav, &f.grid, &f.sdf, x, y);
    CHECK(!ae_nav_passable(&f.nav, 0, x, y) && !ae_nav_grid_equal(&f.nav, &old));
    def.radii[1] = 12.0f;
    ae_nav_grid fresh;
    REQUIRE(ae_nav_grid_init(&fresh, &f.grid, &f.sdf, &def, NULL));
    CHECK(fresh.version != f.nav.version && ae_nav_grid_equal(&f.nav, &fresh));
    ae_nav_grid_free(&fresh);
    ae_nav_grid_free(&old);
    ae_nav_grid_free(&old); // freed already: zeroed
    CHECK(old.store == NULL && old.width == 0);
    // A zeroed grid: no cell is passable, it equals only another zeroed grid.
    ae_nav_grid zero;
    memset(&zero, 0, sizeof zero);
    CHECK(!ae_nav_passable(&zero, 0, 0, 0));
    CHECK(ae_nav_grid_equal(&zero, &old) && !ae_nav_grid_equal(&zero, &f.nav));
    ae_nav_grid_free(&zero);
    // A failed init leaves nothing to free, and free takes it.
    def.radius_count = 0;
    ae_error err;
    CHECK(!ae_nav_grid_init(&other, &f.grid, &f.sdf, &def, &err));
    ae_nav_grid_free(&other);
    fixture_free(&f);
    CHECK(ae_live_bytes() == live);
}

TEST_MAIN(TEST_CASE(astar_optimal), TEST_CASE(jps_optimal), TEST_CASE(jps_equals_astar),
          TEST_CASE(jps_edits), TEST_CASE(jps_corridor), TEST_CASE(jps_pruned),
          TEST_CASE(out_of_memory), TEST_CASE(endpoints), TEST_CASE(flood), TEST_CASE(flood_band),
          TEST_CASE(grid_equal))
