// Smoothing and the budgeted request queue.
#include "test.h"

#include "nav_fixture.h"

#include "arena/ae_nav_queue.h"
#include "arena/ae_rng.h"

#include <stdlib.h>

/// Smallest SDF along a segment, sampled every 1/64 cell.
static float min_along(const ae_sdf *sdf, vec2s a, vec2s b) {
    float len = glms_vec2_distance(a, b);
    int n = 1 + (int)(len / sdf->cell_size * 64.0f);
    float m = INFINITY;
    for (int i = 0; i <= n; i++) {
        float t = (float)i / (float)n;
        m = fminf(m, ae_sdf_sample(sdf, glms_vec2_lerp(a, b, t)));
    }
    return m;
}

static void test_smoothing(void) {
    const float radii[] = {0.0f, 12.0f, 14.0f};
    int paths = 0, shorter = 0;
    for (int m = 0; m < 3; m++) {
        fixture f;
        REQUIRE(gen_arena_map(&f.grid, 96, 80, 40u + (uint64_t)m));
        REQUIRE(fixture_init(&f, 32.0f, radii, 3));
        ae_rng rng;
        ae_rng_seed(&rng, 3u + (uint64_t)m, 2);
        ae_nav_cell *cells = malloc((size_t)96 * 80 * sizeof *cells);
        vec2s *pts = malloc((size_t)(96 * 80 + 2) * sizeof *pts);
        for (int t = 0; t < 120; t++) {
            int layer = t % 3;
            ae_nav_cell a = {(int)ae_rng_below(&rng, 96), (int)ae_rng_below(&rng, 80)};
            ae_nav_cell b = {(int)ae_rng_below(&rng, 96), (int)ae_rng_below(&rng, 80)};
            ae_nav_query q = {a, b, layer, AE_NAV_AUTO};
            if (ae_nav_find_path(f.search, &f.nav, &q) != AE_NAV_FOUND) continue;
            int n = ae_nav_path_cells(f.search, cells, 96 * 80);
            vec2s pa = ae_nav_cell_center(&f.nav, a), pb = ae_nav_cell_center(&f.nav, b);
            int k = ae_nav_smooth(&f.sdf, radii[layer], pa, pb, cells, n, pts, n + 2);
            REQUIRE(k >= 1 && k <= n + 2);
            CHECK(pts[0].x == pa.x && pts[0].y == pa.y);
            CHECK(pts[k - 1].x == pb.x && pts[k - 1].y == pb.y);
            float grid_len = (float)ae_nav_search_length(f.search) * 32.0f;
            float len = ae_nav_polyline_length(pts, k);
            CHECK(len <= grid_len * (1.0f + 1e-5f) + 1e-3f);
            if (len < grid_len - 1.0f) shorter++;
            // Shortcut segments never bring the disk closer than the slack to a wall. Segments
            // between neighbouring cells are the grid path itself and are allowed as they are.
            const float slack = 2.0f * AE_NAV_SMOOTH_SLACK * 32.0f;
            for (int i = 1; i < k; i++) {
                float d = glms_vec2_distance(pts[i - 1], pts[i]);
                if (d <= 32.0f * 1.4143f) continue;
                float lo = min_along(&f.sdf, pts[i - 1], pts[i]);
                CHECK(lo >= radii[layer] - slack);
            }
            paths++;
        }
        free(pts);
        free(cells);
        fixture_free(&f);
    }
    CHECK(paths > 150);
    CHECK(shorter > paths / 2);
}

/// Requests for many agents give the same waypoints whatever the per-tick budget.
static void run_queue(fixture *f, int64_t budget, vec2s *out, int *counts, int *ticks) {
    ae_nav_queue_def def = ae_default_nav_queue_def();
    def.max_agents = 40;
    ae_nav_queue *q = ae_nav_queue_create(&f->nav, &def, NULL);
    REQUIRE(q);
    ae_rng rng;
    ae_rng_seed(&rng, 77, 3);
    ae_nav_request_id ids[40];
    const float w = (float)f->grid.width * 32.0f, h = (float)f->grid.height * 32.0f;
    for (int a = 0; a < 40; a++) {
        ae_nav_request_def r = ae_default_nav_request_def();
        r.radius = 12.0f;
        r.method = a % 3 == 0 ? AE_NAV_ASTAR : AE_NAV_AUTO;
        r.start = (vec2s){{ae_rng_range(&rng, 0, w), ae_rng_range(&rng, 0, h)}};
        r.goal = (vec2s){{ae_rng_range(&rng, 0, w), ae_rng_range(&rng, 0, h)}};
        ids[a] = ae_nav_queue_request(q, a, &r);
        if (a % 7 == 0) {
            // The agent changes its mind: the first id goes stale, the new one takes its place.
            r.goal = (vec2s){{ae_rng_range(&rng, 0, w), ae_rng_range(&rng, 0, h)}};
            ae_nav_request_id again = ae_nav_queue_request(q, a, &r);
            CHECK(ae_nav_queue_status(q, ids[a]) == AE_NAV_REQUEST_INVALID);
            ids[a] = again;
        }
    }
    CHECK(ae_nav_queue_pending(q) == 40);
    *ticks = 0;
    while (ae_nav_queue_pending(q) > 0) {
        int64_t used = ae_nav_queue_update(q, &f->nav, &f->sdf, budget);
        CHECK(used <= budget);
        (*ticks)++;
        REQUIRE(*ticks < 1000000);
    }
    for (int a = 0; a < 40; a++) {
        ae_nav_request_status st = ae_nav_queue_status(q, ids[a]);
        CHECK(st == AE_NAV_REQUEST_FOUND || st == AE_NAV_REQUEST_NO_PATH);
        int n = 0;
        const vec2s *p = ae_nav_queue_path(q, ids[a], &n);
        counts[a] = n;
        for (int i = 0; i < n && i < 64; i++) out[a * 64 + i] = p[i];
    }
    ae_nav_queue_destroy(q);
}

static void test_queue_budget(void) {
    fixture f;
    const float radii[] = {12.0f};
    REQUIRE(gen_arena_map(&f.grid, 80, 80, 9));
    REQUIRE(fixture_init(&f, 32.0f, radii, 1));
    static vec2s ref[40 * 64], got[40 * 64];
    int ref_n[40], got_n[40], ticks_ref, ticks;
    run_queue(&f, INT64_MAX, ref, ref_n, &ticks_ref);
    CHECK(ticks_ref == 1);
    int found = 0;
    for (int a = 0; a < 40; a++) found += ref_n[a] > 0;
    CHECK(found > 20);
    const int64_t budgets[] = {1, 7, 100, 2000};
    for (int b = 0; b < 4; b++) {
        run_queue(&f, budgets[b], got, got_n, &ticks);
        CHECK(ticks > 1);
        CHECK(memcmp(ref_n, got_n, sizeof ref_n) == 0);
        for (int a = 0; a < 40; a++)
            for (int i = 0; i < ref_n[a] && i < 64; i++)
                CHECK(ref[a * 64 + i].x == got[a * 64 + i].x &&
                      ref[a * 64 + i].y == got[a * 64 + i].y);
    }
    fixture_free(&f);
    CHECK(ae_live_bytes() == 0);
}

/// Eight agents' requests, the same in every run.
static void request_all(ae_nav_queue *q, const fixture *f, ae_nav_request_id *ids) {
    ae_rng rng;
    ae_rng_seed(&rng, 5, 9);
    const float w = (float)f->grid.width * 32.0f, h = (float)f->grid.height * 32.0f;
    for (int a = 0; a < 8; a++) {
        ae_nav_request_def r = ae_default_nav_request_def();
        r.radius = 12.0f;
        r.start = (vec2s){{ae_rng_range(&rng, 0, w), ae_rng_range(&rng, 0, h)}};
        r.goal = (vec2s){{ae_rng_range(&rng, 0, w), ae_rng_range(&rng, 0, h)}};
        ids[a] = ae_nav_queue_request(q, a, &r);
    }
}

/// A cell edit while a search is paused needs no call: the next update sees the nav grid's new
/// version and starts that search again, so every request still waiting at the edit is answered
/// as a fresh queue on the edited map answers it.
static void test_queue_edit(void) {
    fixture f;
    const float radii[] = {12.0f};
    REQUIRE(gen_arena_map(&f.grid, 80, 80, 9));
    REQUIRE(fixture_init(&f, 32.0f, radii, 1));
    ae_nav_queue_def def = ae_default_nav_queue_def();
    def.max_agents = 8;
    ae_nav_queue *q = ae_nav_queue_create(&f.nav, &def, NULL);
    REQUIRE(q);
    ae_nav_request_id ids[8];
    request_all(q, &f, ids);
    ae_nav_queue_update(q, &f.nav, &f.sdf, 10);
    bool waiting[8];
    int paused = 0;
    for (int a = 0; a < 8; a++) {
        waiting[a] = ae_nav_queue_status(q, ids[a]) == AE_NAV_REQUEST_PENDING;
        paused += waiting[a];
    }
    CHECK(paused > 0);
    // Wall off every free cell of a band across the map's middle row but one in ten.
    for (int x = 0; x < f.grid.width; x++)
        if (x % 10 != 0 && !ae_grid_is_wall(&f.grid, x, 40)) {
            REQUIRE(ae_sdf_set_cell(&f.sdf, &f.grid, x, 40, AE_CELL_WALL, NULL));
            ae_nav_grid_on_cell_edit(&f.nav, &f.grid, &f.sdf, x, 40);
        }
    int ticks = 0;
    while (ae_nav_queue_pending(q) > 0 && ticks++ < 1000000)
        ae_nav_queue_update(q, &f.nav, &f.sdf, 40);
    ae_nav_queue *fresh = ae_nav_queue_create(&f.nav, &def, NULL);
    REQUIRE(fresh);
    ae_nav_request_id want[8];
    request_all(fresh, &f, want);
    ae_nav_queue_update(fresh, &f.nav, &f.sdf, INT64_MAX);
    for (int a = 0; a < 8; a++) {
        if (!waiting[a]) continue;
        CHECK(ae_nav_queue_status(q, ids[a]) == ae_nav_queue_status(fresh, want[a]));
        int n = 0, m = 0;
        const vec2s *p = ae_nav_queue_path(q, ids[a], &n);
        const vec2s *r = ae_nav_queue_path(fresh, want[a], &m);
        CHECK(n == m);
        for (int i = 0; i < n && i < m; i++) CHECK(p[i].x == r[i].x && p[i].y == r[i].y);
    }
    ae_nav_queue_destroy(fresh);
    ae_nav_queue_destroy(q);
    fixture_free(&f);
    CHECK(ae_live_bytes() == 0);
}

TEST_MAIN(TEST_CASE(smoothing), TEST_CASE(queue_budget), TEST_CASE(queue_edit))
