// The signed distance field: exactness (to the stored 1/256 cell), saturation, gradient, slide,
// tunnelling, disk cast (edits: test_edits.c).
#include "test.h"

#include "arena/ae_rng.h"
#include "arena/ae_sdf.h"
#include "gen_maps.h"

/// Distance from point (px, py) to the closed unit square with top-left corner (x, y).
static double square_dist(double px, double py, int x, int y) {
    double dx = px < x ? x - px : (px > x + 1 ? px - x - 1 : 0);
    double dy = py < y ? y - py : (py > y + 1 ? py - y - 1 : 0);
    return sqrt(dx * dx + dy * dy);
}

/// Signed distance from the definition: distance to the wall region (wall cells and a ring of
/// outside cells, which is all of the outside that can be nearest) when positive, else minus the
/// distance to the free region.
static double brute_signed(const ae_grid *g, double px, double py) {
    double to_wall = INFINITY, to_free = INFINITY;
    for (int y = -1; y <= g->height; y++)
        for (int x = -1; x <= g->width; x++) {
            double d = square_dist(px, py, x, y);
            if (ae_grid_is_wall(g, x, y)) {
                if (d < to_wall) to_wall = d;
            } else if (d < to_free) {
                to_free = d;
            }
        }
    return to_wall > 0 ? to_wall : -to_free;
}

/// The stored field is the exact distance rounded to the nearest 1/256 cell: within 1/512.
static void check_exact(const ae_grid *g) {
    ae_sdf sdf;
    REQUIRE(ae_sdf_init(&sdf, g, 1.0f, NULL));
    const double tolerance = 0.5 / AE_SDF_UNITS;
    double worst = 0;
    for (int cy = 0; cy <= g->height; cy++)
        for (int cx = 0; cx <= g->width; cx++) {
            double d = fabs(ae_sdf_corner(&sdf, cx, cy) - brute_signed(g, cx, cy));
            if (d > worst) worst = d;
        }
    CHECK(worst <= tolerance);
    if (worst > tolerance)
        fprintf(stderr, "  %dx%d map: max error %g\n", g->width, g->height, worst);
    ae_sdf_free(&sdf);
}

static void test_exact_random(void) {
    const float fractions[] = {0.0f, 0.05f, 0.2f, 0.5f, 0.8f, 0.97f, 1.0f};
    for (int i = 0; i < 28; i++) {
        ae_grid g;
        int w = 8 + i % 7 * 5, h = 8 + i % 4 * 9;
        REQUIRE(gen_random_map(&g, w, h, (uint64_t)i, fractions[i % 7]));
        check_exact(&g);
        ae_grid_free(&g);
    }
}

static void test_exact_special(void) {
    ae_grid g;
    // One-cell walls scattered in the open.
    REQUIRE(ae_grid_init(&g, 20, 16, NULL));
    g.cells[5 * 20 + 7] = g.cells[11 * 20 + 3] = g.cells[2 * 20 + 17] = 1;
    check_exact(&g);
    // Diagonal-only contacts: a checkerboard and a diagonal line.
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 20; x++) g.cells[y * 20 + x] = (uint8_t)((x + y) % 2);
    check_exact(&g);
    memset(g.cells, 0, 20 * 16);
    for (int k = 0; k < 16; k++) g.cells[k * 20 + k] = 1;
    check_exact(&g);
    // Walls touching the border, and a single free cell in a sea of wall.
    memset(g.cells, 0, 20 * 16);
    for (int x = 0; x < 20; x++) g.cells[x] = g.cells[15 * 20 + x] = 1;
    for (int y = 0; y < 16; y++) g.cells[y * 20 + 19] = 1;
    check_exact(&g);
    memset(g.cells, 1, 20 * 16);
    g.cells[9 * 20 + 10] = 0;
    check_exact(&g);
    ae_grid_free(&g);
    CHECK(ae_live_bytes() == 0);
}

static vec2s random_point(ae_rng *rng, const ae_sdf *s) {
    return (vec2s){{ae_rng_range(rng, 0.0f, (float)s->width * s->cell_size),
                    ae_rng_range(rng, 0.0f, (float)s->height * s->cell_size)}};
}

static void test_gradient(void) {
    ae_rng rng;
    ae_rng_seed(&rng, 5, 0);
    ae_grid g;
    REQUIRE(gen_arena_map(&g, 48, 40, 3));
    ae_sdf s;
    REQUIRE(ae_sdf_init(&s, &g, 1.0f, NULL));
    int compared = 0;
    for (int i = 0; i < 20000; i++) {
        vec2s p = random_point(&rng, &s);
        vec2s gr = ae_sdf_gradient(&s, p);
        CHECK_NEAR(glms_vec2_norm(gr), 1.0, 1e-5);
        // Away from cell edges (where the bilinear patch changes) compare to central differences.
        float fx = p.x - floorf(p.x), fy = p.y - floorf(p.y);
        if (fx < 0.02f || fx > 0.98f || fy < 0.02f || fy > 0.98f) continue;
        const float h = 1e-3f;
        float gx =
            ae_sdf_sample(&s, (vec2s){{p.x + h, p.y}}) - ae_sdf_sample(&s, (vec2s){{p.x - h, p.y}});
        float gy =
            ae_sdf_sample(&s, (vec2s){{p.x, p.y + h}}) - ae_sdf_sample(&s, (vec2s){{p.x, p.y - h}});
        float len = sqrtf(gx * gx + gy * gy) / (2 * h);
        if (len < 0.1f) continue; // flat or a ridge: direction is a fallback there
        float dot = (gr.x * gx + gr.y * gy) / (2 * h * len);
        CHECK(dot > 0.999f);
        compared++;
    }
    CHECK(compared > 10000);
    // Flat patches, saddles, outside the map and non-finite input still give unit vectors.
    ae_grid open;
    REQUIRE(ae_grid_init(&open, 32, 32, NULL));
    ae_sdf so;
    REQUIRE(ae_sdf_init(&so, &open, 1.0f, NULL));
    const vec2s probes[] = {{{16.0f, 16.0f}}, {{16.5f, 16.0f}}, {{-5.0f, 3.0f}},
                            {{40.0f, 40.0f}}, {{NAN, 1.0f}},    {{INFINITY, 2.0f}}};
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
        vec2s gr = ae_sdf_gradient(&so, probes[i]);
        CHECK_NEAR(glms_vec2_norm(gr), 1.0, 1e-5);
    }
    // Outside the map the gradient points back in.
    CHECK(ae_sdf_gradient(&so, (vec2s){{-5.0f, 16.0f}}).x > 0.99f);
    CHECK(ae_sdf_sample(&so, (vec2s){{NAN, 0.0f}}) < -1e20f);
    ae_sdf_free(&so);
    ae_grid_free(&open);
    ae_sdf_free(&s);
    ae_grid_free(&g);
}

/// An open 32x32 map with a wall filling the rows y >= 20.
static void floor_map(ae_grid *g, ae_sdf *s, float cell) {
    ae_grid_init(g, 32, 32, NULL);
    for (int y = 20; y < 32; y++)
        for (int x = 0; x < 32; x++) g->cells[y * 32 + x] = 1;
    ae_sdf_init(s, g, cell, NULL);
}

static void test_slide_45(void) {
    ae_grid g;
    ae_sdf s;
    floor_map(&g, &s, 32.0f);
    const float r = 12.0f, wall_y = 20 * 32.0f;
    vec2s p = {{10 * 32.0f, wall_y - r - 1.0f}};
    float start_x = p.x;
    for (int i = 0; i < 40; i++) {
        p = ae_sdf_move_circle(&s, p, r, (vec2s){{3.0f, 3.0f}});
        CHECK(ae_sdf_sample(&s, p) >= r - 1e-4f * 32.0f);
    }
    // It keeps moving right along the wall at about the tangential speed, and rests on it.
    CHECK(p.x - start_x > 40 * 3.0f * 0.9f);
    CHECK_NEAR(p.y, wall_y - r, 0.05);
    ae_sdf_free(&s);
    ae_grid_free(&g);
}

static void test_concave_corner(void) {
    ae_grid g;
    ae_sdf s;
    floor_map(&g, &s, 32.0f);
    for (int y = 0; y < 32; y++)
        for (int x = 24; x < 32; x++) ae_sdf_set_cell(&s, &g, x, y, true, NULL);
    const float r = 12.0f;
    const float angles[] = {0.785f, 0.3f, 1.2f};
    for (int a = 0; a < 3; a++) {
        vec2s p = {{12 * 32.0f, 10 * 32.0f}};
        vec2s delta = {{4.0f * cosf(angles[a]), 4.0f * sinf(angles[a])}};
        vec2s prev = p;
        float last_moves = 0.0f;
        for (int i = 0; i < 400; i++) {
            p = ae_sdf_move_circle(&s, p, r, delta);
            CHECK(ae_sdf_sample(&s, p) >= r - 1e-4f * 32.0f);
            if (i >= 380) last_moves += glms_vec2_distance(p, prev);
            prev = p;
        }
        // Pressed into the corner it comes to rest instead of oscillating.
        CHECK(last_moves < 1e-3f);
        // It rests in contact, tucked into the corner (the bilinear field rounds the corner a
        // little, so not as deep as the exact geometry would allow).
        CHECK(ae_sdf_sample(&s, p) < r + 0.5f);
        CHECK(glms_vec2_distance(p, (vec2s){{24 * 32.0f, 20 * 32.0f}}) < 3.0f * r);
    }
    ae_sdf_free(&s);
    ae_grid_free(&g);
}

static void test_random_moves(void) {
    ae_rng rng;
    ae_rng_seed(&rng, 99, 0);
    const float cells[] = {1.0f, 32.0f};
    for (int m = 0; m < 4; m++) {
        float cell = cells[m % 2];
        ae_grid g;
        REQUIRE(m < 2 ? gen_arena_map(&g, 40, 40, (uint64_t)m)
                      : gen_random_map(&g, 40, 40, (uint64_t)m, 0.25f));
        ae_sdf s;
        REQUIRE(ae_sdf_init(&s, &g, cell, NULL));
        const float r = ae_rng_range(&rng, 0.2f, 0.6f) * cell;
        vec2s p;
        int bad = 0;
        for (int tries = 0;; tries++) {
            p = random_point(&rng, &s);
            if (ae_sdf_sample(&s, p) >= r) break;
            REQUIRE(tries < 100000);
        }
        for (int i = 0; i < 2500; i++) {
            float ang = ae_rng_range(&rng, 0.0f, 6.2831853f),
                  len = ae_rng_range(&rng, 0.0f, 1.5f) * cell;
            p = ae_sdf_move_circle(&s, p, r, (vec2s){{len * cosf(ang), len * sinf(ang)}});
            bad += ae_sdf_sample(&s, p) < r - 1e-4f * cell;
        }
        CHECK(bad == 0);
        ae_sdf_free(&s);
        ae_grid_free(&g);
    }
}

static void test_no_tunnelling(void) {
    // A one-cell wall column at x = 16 across the whole map.
    ae_grid g;
    REQUIRE(ae_grid_init(&g, 32, 32, NULL));
    for (int y = 0; y < 32; y++) g.cells[y * 32 + 16] = 1;
    ae_sdf s;
    REQUIRE(ae_sdf_init(&s, &g, 1.0f, NULL));
    ae_rng rng;
    ae_rng_seed(&rng, 4, 0);
    for (int i = 0; i < 2000; i++) {
        float r = ae_rng_range(&rng, 0.05f, 1.5f);
        vec2s p = {{ae_rng_range(&rng, r + 1.0f, 16.0f - r), ae_rng_range(&rng, 4.0f, 28.0f)}};
        if (ae_sdf_sample(&s, p) < r) continue;
        float speed = ae_rng_range(&rng, 0.5f, 10.0f), ang = ae_rng_range(&rng, -1.2f, 1.2f);
        for (int k = 0; k < 5; k++) {
            p = ae_sdf_move_circle(&s, p, r, (vec2s){{speed * cosf(ang), speed * sinf(ang)}});
            CHECK(p.x < 16.0f);
        }
    }
    ae_sdf_free(&s);
    ae_grid_free(&g);
}

static void test_disk_cast(void) {
    ae_rng rng;
    ae_rng_seed(&rng, 8, 0);
    ae_grid g;
    REQUIRE(gen_arena_map(&g, 40, 40, 11));
    ae_sdf s;
    REQUIRE(ae_sdf_init(&s, &g, 1.0f, NULL));
    int hits = 0;
    for (int i = 0; i < 400; i++) {
        float r = ae_rng_range(&rng, 0.0f, 0.8f);
        vec2s o = random_point(&rng, &s);
        if (ae_sdf_sample(&s, o) < r + 0.01f) continue;
        float ang = ae_rng_range(&rng, 0.0f, 6.2831853f);
        vec2s dir = {{cosf(ang), sinf(ang)}};
        bool hit;
        float t = ae_sdf_disk_cast(&s, o, dir, r, 20.0f, &hit);
        // Dense sampling: first t where the disk touches.
        float dense = 20.0f;
        bool dense_hit = false;
        for (float u = 0.0f; u <= 20.0f; u += 1e-3f) {
            if (ae_sdf_sample(&s, glms_vec2_add(o, glms_vec2_scale(dir, u))) < r) {
                dense = u;
                dense_hit = true;
                break;
            }
        }
        CHECK(hit == dense_hit || fabsf(t - dense) < 2e-3f);
        if (hit && dense_hit) {
            CHECK_NEAR(t, dense, 2e-3);
            hits++;
        }
    }
    CHECK(hits > 100);
    // Ray (radius 0) along a wall-free line reaches max distance; one starting in contact is 0.
    bool hit;
    CHECK(ae_sdf_disk_cast(&s, (vec2s){{0.5f, 0.5f}}, (vec2s){{1, 0}}, 2.0f, 5.0f, &hit) == 0.0f &&
          hit);
    ae_sdf_free(&s);
    ae_grid_free(&g);
}

static bool field_equals_bake(const ae_sdf *s, const ae_grid *g) {
    ae_sdf fresh;
    if (!ae_sdf_init(&fresh, g, s->cell_size, NULL)) return false;
    bool same = memcmp(fresh.dist, s->dist,
                       (size_t)(g->width + 1) * (size_t)(g->height + 1) * sizeof *s->dist) == 0;
    ae_sdf_free(&fresh);
    return same;
}

/// Open ground farther than 128 cells from any wall: corners saturate, max_abs stays a bound of
/// what is stored, casts still stop at the wall, and edits in and near the saturated ground give
/// the full bake's field bit for bit.
static void test_saturated(void) {
    const int n = 600;
    ae_grid g;
    REQUIRE(ae_grid_init(&g, n, n, NULL));
    ae_sdf s;
    REQUIRE(ae_sdf_init(&s, &g, 2.0f, NULL));
    const float sat = (float)AE_SDF_SAT_UNITS / AE_SDF_UNITS;
    CHECK(sizeof *s.dist == 2);
    CHECK(ae_sdf_corner(&s, n / 2, n / 2) == sat); // exactly 300 cells from the map's edge
    CHECK(ae_sdf_corner(&s, 100, n / 2) == 100.0f);
    CHECK(s.max_abs == sat);
    // A disk from the centre to the right edge (x = 1200): contact when its edge reaches it.
    bool hit;
    float t = ae_sdf_disk_cast(&s, (vec2s){{601.0f, 601.0f}}, (vec2s){{1, 0}}, 3.0f, 2000.0f, &hit);
    CHECK(hit);
    CHECK_NEAR(t, 1200.0f - 3.0f - 601.0f, 0.01);
    vec2s moved = ae_sdf_move_circle(&s, (vec2s){{601.0f, 601.0f}}, 3.0f, (vec2s){{900.0f, 0.0f}});
    CHECK_NEAR(moved.x, 1197.0f, 0.01);
    CHECK_NEAR(moved.y, 601.0f, 1e-3);
    // A wall in the middle of the saturated ground, then one near an edge, then both gone.
    ae_sdf first;
    REQUIRE(ae_sdf_init(&first, &g, 2.0f, NULL));
    REQUIRE(ae_sdf_set_cell(&s, &g, n / 2, n / 2, AE_CELL_WALL, NULL));
    CHECK(field_equals_bake(&s, &g));
    CHECK(ae_sdf_corner(&s, n / 2 + 51, n / 2) == 50.0f); // the wall cell spans [300, 301]
    REQUIRE(ae_sdf_set_cell(&s, &g, 20, 170, AE_CELL_WALL, NULL));
    CHECK(field_equals_bake(&s, &g));
    REQUIRE(ae_sdf_set_cell(&s, &g, n / 2, n / 2, AE_CELL_FREE, NULL));
    REQUIRE(ae_sdf_set_cell(&s, &g, 20, 170, AE_CELL_FREE, NULL));
    CHECK(memcmp(first.dist, s.dist, (size_t)(n + 1) * (size_t)(n + 1) * sizeof *s.dist) == 0);
    CHECK(s.max_abs >= first.max_abs);
    ae_sdf_free(&first);
    ae_sdf_free(&s);
    ae_grid_free(&g);
    CHECK(ae_live_bytes() == 0);
}

TEST_MAIN(TEST_CASE(exact_random), TEST_CASE(exact_special), TEST_CASE(gradient),
          TEST_CASE(slide_45), TEST_CASE(concave_corner), TEST_CASE(random_moves),
          TEST_CASE(no_tunnelling), TEST_CASE(disk_cast), TEST_CASE(saturated))
