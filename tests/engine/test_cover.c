// Cover points: validity, normals, AABB queries and the best-cover helper (edits: test_edits.c).
#include "test.h"

#include "nav_fixture.h"

#include "arena/ae_cover.h"
#include "arena/ae_rng.h"

#include <stdlib.h>
#include <string.h>

static void test_valid(void) {
    fixture f;
    const float radii[] = {12.0f};
    REQUIRE(gen_arena_map(&f.grid, 96, 96, 4));
    REQUIRE(fixture_init(&f, 32.0f, radii, 1));
    ae_cover_set set;
    ae_cover_def def = ae_default_cover_def();
    def.radius = 12.0f;
    REQUIRE(ae_cover_init(&set, &f.grid, &f.sdf, &def, NULL));
    CHECK(set.count > 500);
    CHECK(sizeof(ae_cover_point) == 4);
    CHECK(set.bucket_start[0] == 0 && set.bucket_start[set.buckets_x * set.buckets_y] == set.count);
    const float lattice = 32.0f / 4096.0f; // the game's agents take the finest lattice
    CHECK(set.step == lattice);
    for (int b = 0; b < set.buckets_x * set.buckets_y; b++) {
        CHECK(set.bucket_start[b] <= set.bucket_start[b + 1]);
        const vec2s o = ae_cover_origin(&set, b);
        for (int i = set.bucket_start[b]; i < set.bucket_start[b + 1]; i++) {
            const vec2s p = ae_cover_point_pos(&set, b, set.points[i]);
            CHECK(ae_cover_bucket_of(&set, i) == b);
            CHECK(ae_cover_pos(&set, i).x == p.x && ae_cover_pos(&set, i).y == p.y);
            // On the lattice of its bucket (within the rounding of the sum), and within radius
            // + 1 cell of the bucket's cells (its source cell is one of them).
            const float qx = (p.x - o.x) / lattice, qy = (p.y - o.y) / lattice;
            CHECK(fabsf(qx - roundf(qx)) < 0.01f && fabsf(qy - roundf(qy)) < 0.01f);
            const float near = 12.0f + 32.0f + 0.01f, side = 32.0f * AE_COVER_BUCKET;
            const vec2s corner = {
                {(float)(b % set.buckets_x) * side, (float)(b / set.buckets_x) * side}};
            CHECK(p.x >= corner.x - near && p.x <= corner.x + side + near &&
                  p.y >= corner.y - near && p.y <= corner.y + side + near);
            CHECK(fabsf(ae_sdf_sample(&f.sdf, p) - 12.0f) <= set.tolerance);
            const vec2s normal = ae_cover_normal(&f.sdf, p);
            CHECK_NEAR(glms_vec2_norm(normal), 1.0, 1e-4);
            // Stepping along the normal moves away from the wall.
            vec2s out = glms_vec2_add(p, glms_vec2_scale(normal, 2.0f));
            CHECK(ae_sdf_sample(&f.sdf, out) > ae_sdf_sample(&f.sdf, p));
        }
    }
    ae_cover_free(&set);
    fixture_free(&f);
}

static void test_query_aabb(void) {
    fixture f;
    const float radii[] = {12.0f};
    REQUIRE(gen_arena_map(&f.grid, 70, 50, 8));
    REQUIRE(fixture_init(&f, 32.0f, radii, 1));
    ae_cover_set set;
    ae_cover_def def = ae_default_cover_def();
    def.radius = 12.0f;
    REQUIRE(ae_cover_init(&set, &f.grid, &f.sdf, &def, NULL));
    int32_t *got = malloc((size_t)set.count * sizeof *got);
    ae_rng rng;
    ae_rng_seed(&rng, 2, 2);
    for (int t = 0; t < 200; t++) {
        vec2s a = {{ae_rng_range(&rng, -100, 2400), ae_rng_range(&rng, -100, 1700)}};
        vec2s size = {{ae_rng_range(&rng, 0, 600), ae_rng_range(&rng, 0, 600)}};
        vec2s b = glms_vec2_add(a, size);
        int n = ae_cover_query_aabb(&set, a, b, got, set.count);
        int k = 0;
        for (int i = 0; i < set.count; i++) {
            vec2s p = ae_cover_pos(&set, i);
            if (p.x < a.x || p.x > b.x || p.y < a.y || p.y > b.y) continue;
            CHECK(k < n && got[k] == i);
            k++;
        }
        CHECK(k == n);
    }
    free(got);
    ae_cover_free(&set);
    fixture_free(&f);
}

static void test_best_cover(void) {
    // An open room with one pillar block in the middle; the threat stands west of it.
    fixture f;
    REQUIRE(ae_grid_init(&f.grid, 32, 32, NULL));
    for (int y = 14; y < 18; y++)
        for (int x = 14; x < 18; x++) f.grid.cells[y * 32 + x] = 1;
    const float radii[] = {12.0f};
    REQUIRE(fixture_init(&f, 32.0f, radii, 1));
    ae_cover_set set;
    ae_cover_def def = ae_default_cover_def();
    def.radius = 12.0f;
    REQUIRE(ae_cover_init(&set, &f.grid, &f.sdf, &def, NULL));
    int32_t *scratch = malloc((size_t)set.count * sizeof *scratch);
    ae_cover_flood *flood =
        ae_cover_flood_create(ae_cover_flood_cost(20.0f * 32, 32.0f), set.count, NULL);
    REQUIRE(flood != NULL);
    vec2s threat = {{4.5f * 32, 16.0f * 32}}, agent = {{20.5f * 32, 10.5f * 32}};
    ae_cover_choice c = ae_cover_find_best(&set, &f.sdf, &f.nav, flood, 0, agent, threat,
                                           20.0f * 32, scratch, set.count);
    REQUIRE(c.index >= 0);
    const vec2s p = ae_cover_pos(&set, c.index);
    CHECK(c.pos.x == p.x && c.pos.y == p.y);
    // The wall it stands against is between it and the threat.
    CHECK(glms_vec2_dot(ae_cover_normal(&f.sdf, p), glms_vec2_sub(threat, p)) < 0.0f);
    CHECK(!ae_sdf_clear_path(&f.sdf, threat, p, 0.0f)); // hidden
    // No other hidden point is closer by path (within the flood cell rounding).
    for (int i = 0; i < set.count; i++) {
        if (ae_sdf_clear_path(&f.sdf, threat, ae_cover_pos(&set, i), 0.0f)) continue;
        CHECK(glms_vec2_distance(agent, ae_cover_pos(&set, i)) >=
              glms_vec2_distance(agent, p) - 2.0f * 32);
    }
    // From the open side with nothing to hide behind in range: none.
    ae_cover_choice none =
        ae_cover_find_best(&set, &f.sdf, &f.nav, flood, 0, (vec2s){{2.5f * 32, 2.5f * 32}}, threat,
                           3.0f * 32, scratch, set.count);
    CHECK(none.index == -1);
    ae_cover_flood_destroy(flood);
    free(scratch);
    ae_cover_free(&set);
    fixture_free(&f);
}

// The best cover as ae_cover_find_best found it before it flooded in stages: one flood to the
// full cost, then every point in the box in index order, the cheapest hidden one kept.
static ae_cover_choice one_flood_best(const ae_cover_set *set, fixture *f, vec2s agent,
                                      vec2s threat, float max_dist, int32_t *scratch, int cap) {
    ae_cover_choice best = {-1, {{0.0f, 0.0f}}, INFINITY};
    const float c = f->nav.cell_size;
    ae_nav_cell start = {(int)floorf(agent.x / c), (int)floorf(agent.y / c)};
    if (!ae_nav_flood(f->search, &f->nav, start, 0, ae_cover_flood_cost(max_dist, c))) return best;
    vec2s lo = {{agent.x - max_dist, agent.y - max_dist}},
          hi = {{agent.x + max_dist, agent.y + max_dist}};
    int n = ae_cover_query_aabb(set, lo, hi, scratch, cap);
    if (n > cap) n = cap;
    for (int k = 0; k < n; k++) {
        const vec2s p = ae_cover_pos(set, scratch[k]);
        int px = (int)floorf(p.x / c), py = (int)floorf(p.y / c);
        float cost = INFINITY;
        for (int y = py - 1; y <= py + 1; y++)
            for (int x = px - 1; x <= px + 1; x++) {
                double g = ae_nav_flood_cost(f->search, x, y);
                if (g < 0.0) continue;
                vec2s cc = ae_nav_cell_center(&f->nav, (ae_nav_cell){x, y});
                float d = (float)g * c + glms_vec2_distance(cc, p);
                if (d < cost) cost = d;
            }
        if (!(cost < best.path_length)) continue;
        if (ae_sdf_clear_path(&f->sdf, threat, p, 0.0f)) continue;
        best.index = scratch[k];
        best.pos = p;
        best.path_length = cost;
    }
    return best;
}

// The staged floods (a few cells, then farther only while no nearer hidden point settles it) of
// the cover search's own flood give exactly the answer of one full ae_nav_flood: near, far and
// no cover, on random maps and spots (at the edges too, where its window leaves the map), one
// flood context serving maps of two sizes.
static void test_staged_matches_full(void) {
    int near = 0, far = 0, none = 0, cases = 0;
    ae_cover_flood *flood = ae_cover_flood_create(ae_cover_flood_cost(480.0f, 32.0f), 8192, NULL);
    REQUIRE(flood != NULL);
    for (int map = 0; map < 4; map++) {
        fixture f;
        const float radii[] = {12.0f};
        const int size = map < 2 ? 64 : 40;
        REQUIRE(gen_arena_map(&f.grid, size, size, 11u + (uint32_t)map));
        REQUIRE(fixture_init(&f, 32.0f, radii, 1));
        ae_cover_set set;
        ae_cover_def def = ae_default_cover_def();
        def.radius = 12.0f;
        def.radius = 12.0f;
        REQUIRE(ae_cover_init(&set, &f.grid, &f.sdf, &def, NULL));
        REQUIRE(set.count <= 8192);
        int32_t *scratch = malloc((size_t)set.count * sizeof *scratch);
        ae_rng rng;
        ae_rng_seed(&rng, 5, (uint64_t)map);
        for (int t = 0; t < 300; t++) {
            const float side = (float)size * 32;
            vec2s agent = {{ae_rng_range(&rng, 0, side), ae_rng_range(&rng, 0, side)}};
            vec2s threat = glms_vec2_add(
                agent, (vec2s){{ae_rng_range(&rng, -400, 400), ae_rng_range(&rng, -400, 400)}});
            float max_dist = ae_rng_range(&rng, 64.0f, 480.0f);
            ae_cover_choice want =
                one_flood_best(&set, &f, agent, threat, max_dist, scratch, set.count);
            ae_cover_choice got = ae_cover_find_best(&set, &f.sdf, &f.nav, flood, 0, agent, threat,
                                                     max_dist, scratch, set.count);
            CHECK(got.index == want.index);
            CHECK(got.pos.x == want.pos.x && got.pos.y == want.pos.y);
            CHECK(got.path_length == want.path_length ||
                  (isinf(got.path_length) && isinf(want.path_length)));
            cases++;
            if (want.index < 0)
                none++;
            else if (want.path_length < 4.0f * 32)
                near++;
            else if (want.path_length >= 10.0f * 32)
                far++; // settled only by the last, full flood
        }
        free(scratch);
        ae_cover_free(&set);
        fixture_free(&f);
    }
    ae_cover_flood_destroy(flood);
    fprintf(stderr, "%d cases: %d near, %d far, %d none\n", cases, near, far, none);
    CHECK(near > 50 && far > 5 && none > 5);
}

/// ae_cover_free takes a zeroed set, one whose init failed and one already freed; a zeroed set
/// answers a query with nothing.
static void test_free_zeroed(void) {
    const size_t live = ae_live_bytes();
    ae_cover_set set;
    memset(&set, 0, sizeof set);
    int32_t out[4];
    CHECK(ae_cover_query_aabb(&set, (vec2s){{0.0f, 0.0f}}, (vec2s){{1e4f, 1e4f}}, out, 4) == 0);
    ae_cover_free(&set);
    fixture f;
    const float radii[] = {12.0f};
    REQUIRE(gen_arena_map(&f.grid, 40, 30, 5));
    REQUIRE(fixture_init(&f, 32.0f, radii, 1));
    ae_cover_def def = ae_default_cover_def();
    def.radius = 12.0f;
    def.edge_samples = 0;
    ae_error err;
    CHECK(!ae_cover_init(&set, &f.grid, &f.sdf, &def, &err));
    ae_cover_free(&set);
    def.edge_samples = 2;
    REQUIRE(ae_cover_init(&set, &f.grid, &f.sdf, &def, NULL));
    CHECK(set.count > 0 && set.index != NULL);
    ae_cover_free(&set);
    ae_cover_free(&set); // freed already: zeroed
    CHECK(set.points == NULL && set.index == NULL && set.count == 0);
    fixture_free(&f);
    CHECK(ae_live_bytes() == live);
}

/// Generation holds the points once, in room for about as many as it finds (a few percent and 256
/// more for edits): 4 bytes a point, its bucket and source implied, plus the bucket offsets. A
/// list that doubled held 1.5 times its room while it moved, and its room reached twice the
/// points; a point and its index entry took 16 bytes.
static void test_init_no_transient(void) {
    fixture f;
    const float radii[] = {12.0f};
    REQUIRE(gen_arena_map(&f.grid, 160, 160, 4));
    REQUIRE(fixture_init(&f, 32.0f, radii, 1));
    ae_cover_def def = ae_default_cover_def();
    def.radius = 12.0f;
    const size_t before = ae_live_bytes();
    ae_reset_peak_live_bytes();
    ae_cover_set set;
    REQUIRE(ae_cover_init(&set, &f.grid, &f.sdf, &def, NULL));
    CHECK(set.count > 2000);
    const double per_point = (double)(ae_peak_live_bytes() - before) / set.count;
    const size_t offsets = ((160 / 8) * (160 / 8) + 1) * sizeof(int32_t);
    fprintf(stderr, "%d points, %.2f bytes per point at the peak\n", set.count, per_point);
    CHECK((double)(ae_peak_live_bytes() - before) <=
          (1.05 * set.count + 256) * 4.0 + (double)offsets + 256);
    ae_cover_free(&set);
    fixture_free(&f);
}

TEST_MAIN(TEST_CASE(valid), TEST_CASE(query_aabb), TEST_CASE(best_cover),
          TEST_CASE(staged_matches_full), TEST_CASE(free_zeroed), TEST_CASE(init_no_transient))
