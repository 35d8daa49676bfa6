// The map field combined with moving shapes: exact shape distances, the zero-shape case equal to
// the map's queries bit for bit, slides that never end inside a shape, disk casts against a
// brute-force march, blocked paths and gradients.
#include "test.h"

#include "arena/ae_field.h"
#include "arena/ae_rng.h"
#include "gen_maps.h"

static bool same_bits(float a, float b) {
    return memcmp(&a, &b, sizeof a) == 0;
}

static bool same_vec(vec2s a, vec2s b) {
    return same_bits(a.x, b.x) && same_bits(a.y, b.y);
}

static vec2s random_point(ae_rng *rng, const ae_sdf *s) {
    return (vec2s){{ae_rng_range(rng, 0.0f, (float)s->width * s->cell_size),
                    ae_rng_range(rng, 0.0f, (float)s->height * s->cell_size)}};
}

static ae_shape random_shape(ae_rng *rng, const ae_sdf *s, float lo, float hi) {
    vec2s c = random_point(rng, s);
    if (ae_rng_below(rng, 2)) return ae_shape_circle(c, ae_rng_range(rng, lo, hi) * s->cell_size);
    return ae_shape_box(c, (vec2s){{ae_rng_range(rng, lo, hi) * s->cell_size,
                                    ae_rng_range(rng, lo, hi) * s->cell_size}});
}

/// The shape's distance from its definition: the distance to a dense sampling of its boundary,
/// negative inside.
static double brute_shape_distance(const ae_shape *s, vec2s p) {
    double best = INFINITY;
    const int n = 4000;
    for (int i = 0; i < n; i++) {
        double bx, by;
        if (s->kind == AE_SHAPE_CIRCLE) {
            double a = 6.283185307179586 * i / n;
            bx = s->center.x + s->radius * cos(a);
            by = s->center.y + s->radius * sin(a);
        } else {
            // Walk the perimeter: side i / (n / 4), position along it.
            int side = i / (n / 4);
            double t = (double)(i % (n / 4)) / (n / 4) * 2.0 - 1.0;
            double hx = s->half.x, hy = s->half.y;
            double ux = side == 0 ? t : side == 1 ? 1 : side == 2 ? -t : -1;
            double uy = side == 0 ? -1 : side == 1 ? t : side == 2 ? 1 : -t;
            bx = s->center.x + ux * hx;
            by = s->center.y + uy * hy;
        }
        double d = hypot(p.x - bx, p.y - by);
        if (d < best) best = d;
    }
    bool inside = s->kind == AE_SHAPE_CIRCLE
                      ? hypot(p.x - s->center.x, p.y - s->center.y) < s->radius
                      : fabs(p.x - s->center.x) < s->half.x && fabs(p.y - s->center.y) < s->half.y;
    return inside ? -best : best;
}

static void test_shape_distance(void) {
    ae_rng rng;
    ae_rng_seed(&rng, 3, 0);
    for (int k = 0; k < 40; k++) {
        ae_shape s = ae_rng_below(&rng, 2)
                         ? ae_shape_circle((vec2s){{ae_rng_range(&rng, -5, 5), 2.0f}},
                                           ae_rng_range(&rng, 0.5f, 4.0f))
                         : ae_shape_box((vec2s){{1.0f, ae_rng_range(&rng, -5, 5)}},
                                        (vec2s){{ae_rng_range(&rng, 0.2f, 4.0f),
                                                 ae_rng_range(&rng, 0.2f, 4.0f)}});
        for (int i = 0; i < 50; i++) {
            vec2s p = {{ae_rng_range(&rng, -12, 12), ae_rng_range(&rng, -12, 12)}};
            // The sampled boundary is within 4.2e-3 of the true one (perimeter <= 32, 4000
            // samples), so the brute force is that close.
            CHECK_NEAR(ae_shape_distance(&s, p), brute_shape_distance(&s, p), 5e-3);
        }
        vec2s lo, hi;
        ae_shape_bounds(&s, &lo, &hi);
        // The bounds touch the shape: their corners' distances are those of the extreme points.
        vec2s mid_left = {{lo.x, s.center.y}}, mid_top = {{s.center.x, lo.y}};
        CHECK_NEAR(ae_shape_distance(&s, mid_left), 0.0, 1e-5);
        CHECK_NEAR(ae_shape_distance(&s, mid_top), 0.0, 1e-5);
        CHECK_NEAR(ae_shape_distance(&s, (vec2s){{hi.x, s.center.y}}), 0.0, 1e-5);
        CHECK(ae_shape_distance(&s, glms_vec2_add(hi, (vec2s){{0.01f, 0.0f}})) > 0.0f);
    }
    // The centre of a box is as deep as its nearer face.
    ae_shape b = ae_shape_box((vec2s){{0, 0}}, (vec2s){{3, 1}});
    CHECK(ae_shape_distance(&b, (vec2s){{0, 0}}) == -1.0f);
    CHECK(ae_shape_distance(&b, (vec2s){{7, 4}}) == 5.0f); // (4, 3) from the corner
}

/// Runs every query on the bare map and on the field, and counts those that differ in any bit.
static int count_differences(const ae_sdf *s, const ae_field *f, ae_rng *rng, int n) {
    int differ = 0;
    const float c = s->cell_size;
    for (int i = 0; i < n; i++) {
        vec2s p = random_point(rng, s);
        if (ae_rng_below(rng, 16) == 0) p.x = -2.0f * c; // outside the map too
        float r = ae_rng_range(rng, 0.0f, 0.8f) * c;
        float ang = ae_rng_range(rng, 0.0f, 6.2831853f);
        vec2s dir = {{cosf(ang), sinf(ang)}};
        vec2s delta = glms_vec2_scale(dir, ae_rng_range(rng, 0.0f, 3.0f) * c);
        float max_dist = ae_rng_range(rng, 0.0f, 20.0f) * c;
        differ += !same_bits(ae_sdf_sample(s, p), ae_field_sample(f, p));
        differ += !same_vec(ae_sdf_gradient(s, p), ae_field_gradient(f, p));
        differ += !same_vec(ae_sdf_push_out(s, p, r), ae_field_push_out(f, p, r));
        differ +=
            !same_vec(ae_sdf_move_circle(s, p, r, delta), ae_field_move_circle(f, p, r, delta));
        bool hit;
        int fhit;
        float t = ae_sdf_disk_cast(s, p, dir, r, max_dist, &hit);
        float ft = ae_field_disk_cast(f, p, dir, r, max_dist, &fhit);
        differ += !same_bits(t, ft) || fhit != (hit ? AE_FIELD_HIT_MAP : AE_FIELD_NO_HIT);
        vec2s b = glms_vec2_add(p, delta);
        differ += ae_sdf_clear_path(s, p, b, r) != ae_field_clear_path(f, p, b, r);
    }
    return differ;
}

static void test_zero_shapes(void) {
    ae_rng rng;
    ae_rng_seed(&rng, 17, 0);
    const float cells[] = {1.0f, 32.0f};
    for (int m = 0; m < 4; m++) {
        ae_grid g;
        REQUIRE(m < 2 ? gen_arena_map(&g, 48, 40, (uint64_t)m)
                      : gen_random_map(&g, 40, 48, (uint64_t)m, 0.3f));
        ae_sdf s;
        REQUIRE(ae_sdf_init(&s, &g, cells[m % 2], NULL));
        ae_field bare = {&s, NULL, 0};
        CHECK(count_differences(&s, &bare, &rng, 3000) == 0);
        // Shapes far off the map (farther than any query reaches) change nothing either.
        const float far = 1e4f * s.cell_size;
        ae_shape away[2] = {ae_shape_circle((vec2s){{far, far}}, s.cell_size),
                            ae_shape_box((vec2s){{-far, 0.0f}}, (vec2s){{s.cell_size, far}})};
        ae_field distant = {&s, away, 2};
        CHECK(count_differences(&s, &distant, &rng, 3000) == 0);
        ae_sdf_free(&s);
        ae_grid_free(&g);
    }
    CHECK(ae_live_bytes() == 0);
}

/// Shapes placed on free ground of the map (their centres at least `clear` cells from walls).
static int place_shapes(ae_rng *rng, const ae_sdf *s, ae_shape *out, int n, float lo, float hi) {
    int k = 0;
    for (int tries = 0; k < n && tries < 100000; tries++) {
        ae_shape sh = random_shape(rng, s, lo, hi);
        if (ae_sdf_sample(s, sh.center) >= 1.0f * s->cell_size) out[k++] = sh;
    }
    return k;
}

static void test_move_never_inside(void) {
    ae_rng rng;
    ae_rng_seed(&rng, 23, 0);
    const float cell = 32.0f, r = 12.0f, tol = 1e-4f * cell;
    int contacts = 0;
    float travelled = 0.0f;
    for (int m = 0; m < 4; m++) {
        ae_grid g;
        REQUIRE(m % 2 ? gen_arena_map(&g, 40, 40, (uint64_t)m + 7)
                      : ae_grid_init(&g, 40, 40, NULL));
        ae_sdf s;
        REQUIRE(ae_sdf_init(&s, &g, cell, NULL));
        ae_shape shapes[12];
        int n = place_shapes(&rng, &s, shapes, 12, 0.2f, 2.5f);
        REQUIRE(n == 12);
        // A thin wall of a box (2 units thick) right across, so fast moves must not tunnel it.
        shapes[0] =
            ae_shape_box((vec2s){{20.0f * cell, 20.0f * cell}}, (vec2s){{1.0f, 30.0f * cell}});
        ae_field f = {&s, shapes, n};
        vec2s p;
        for (int tries = 0;; tries++) {
            p = random_point(&rng, &s);
            if (ae_field_sample(&f, p) >= r) break;
            REQUIRE(tries < 100000);
        }
        const bool left = p.x < 20.0f * cell;
        int bad = 0, crossed = 0;
        for (int i = 0; i < 3000; i++) {
            float ang = ae_rng_range(&rng, 0.0f, 6.2831853f);
            float len = ae_rng_range(&rng, 0.0f, 2.0f) * cell;
            vec2s q = ae_field_move_circle(&f, p, r, (vec2s){{len * cosf(ang), len * sinf(ang)}});
            travelled += glms_vec2_distance(p, q);
            p = q;
            for (int k = 0; k < n; k++) {
                float d = ae_shape_distance(&shapes[k], p);
                bad += d < r - tol;
                contacts += d < r + 0.01f * cell;
            }
            bad += ae_sdf_sample(&s, p) < r - tol;
            crossed += (p.x < 20.0f * cell) != left;
        }
        CHECK(bad == 0);
        CHECK(crossed == 0);
        ae_sdf_free(&s);
        ae_grid_free(&g);
    }
    // The circle did get around, and slid along the shapes many times.
    CHECK(travelled > 4 * 3000 * 0.3f * cell);
    CHECK(contacts > 500);
    // A circle that starts overlapping a shape is pushed out of it.
    ae_grid g;
    REQUIRE(ae_grid_init(&g, 16, 16, NULL));
    ae_sdf s;
    REQUIRE(ae_sdf_init(&s, &g, cell, NULL));
    ae_shape box = ae_shape_box((vec2s){{8 * cell, 8 * cell}}, (vec2s){{cell, cell}});
    ae_field f = {&s, &box, 1};
    vec2s p = ae_field_move_circle(&f, (vec2s){{9.5f * cell, 8 * cell}}, r, (vec2s){{0, 0}});
    CHECK(ae_shape_distance(&box, p) >= r - tol);
    CHECK(p.x > 9.0f * cell); // out through the nearer face
    ae_sdf_free(&s);
    ae_grid_free(&g);
}

static void test_disk_cast(void) {
    ae_rng rng;
    ae_rng_seed(&rng, 31, 0);
    ae_grid g;
    REQUIRE(gen_arena_map(&g, 40, 40, 5));
    ae_sdf s;
    REQUIRE(ae_sdf_init(&s, &g, 1.0f, NULL));
    ae_shape shapes[16];
    int n = place_shapes(&rng, &s, shapes, 16, 0.2f, 2.0f);
    REQUIRE(n == 16);
    ae_field f = {&s, shapes, n};
    int by_shape = 0, by_map = 0, misses = 0;
    for (int i = 0; i < 600; i++) {
        float r = ae_rng_range(&rng, 0.0f, 0.8f);
        vec2s o = random_point(&rng, &s);
        if (ae_field_sample(&f, o) < r + 0.01f) continue;
        float ang = ae_rng_range(&rng, 0.0f, 6.2831853f);
        vec2s dir = {{cosf(ang), sinf(ang)}};
        int hit;
        float t = ae_field_disk_cast(&f, o, dir, r, 15.0f, &hit);
        // March: the first u where the disk overlaps the map or a shape, and which one.
        float dense = 15.0f;
        int dense_hit = AE_FIELD_NO_HIT;
        for (float u = 0.0f; u <= 15.0f; u += 1e-3f) {
            vec2s p = glms_vec2_add(o, glms_vec2_scale(dir, u));
            if (ae_field_sample(&f, p) < r) {
                dense = u;
                dense_hit = AE_FIELD_HIT_MAP;
                for (int k = 0; k < n; k++)
                    if (ae_shape_distance(&shapes[k], p) < r) dense_hit = k;
                break;
            }
        }
        // Near the end of the range the two may disagree on hitting at all.
        if ((hit == AE_FIELD_NO_HIT) != (dense_hit == AE_FIELD_NO_HIT)) {
            CHECK(fabsf(dense - 15.0f) < 2e-3f);
            continue;
        }
        CHECK_NEAR(t, dense, 2e-3);
        if (hit == AE_FIELD_NO_HIT) {
            misses++;
            continue;
        }
        // Who stopped it: the same, unless the map and a shape (or two shapes) touch the disk
        // within the march's resolution of each other.
        vec2s at = glms_vec2_add(o, glms_vec2_scale(dir, t));
        bool tie = false;
        for (int k = -1; k < n; k++) {
            float d = k < 0 ? ae_sdf_sample(&s, at) : ae_shape_distance(&shapes[k], at);
            if (k != hit && d < r + 3e-3f) tie = true;
        }
        if (!tie) CHECK(hit == dense_hit);
        by_shape += hit >= 0;
        by_map += hit == AE_FIELD_HIT_MAP;
    }
    CHECK(by_shape > 50);
    CHECK(by_map > 50);
    CHECK(misses > 5);
    // A disk that starts touching a shape is stopped at once by it.
    int hit;
    vec2s touching = {{shapes[3].center.x, shapes[3].center.y}};
    CHECK(ae_field_disk_cast(&f, touching, (vec2s){{1, 0}}, 0.1f, 5.0f, &hit) == 0.0f);
    CHECK(hit >= 0);
    ae_sdf_free(&s);
    ae_grid_free(&g);
}

static void test_clear_path(void) {
    const float cell = 32.0f, r = 12.0f;
    ae_grid g;
    REQUIRE(ae_grid_init(&g, 32, 32, NULL));
    ae_sdf s;
    REQUIRE(ae_sdf_init(&s, &g, cell, NULL));
    const vec2s a = {{5 * cell, 16 * cell}}, b = {{27 * cell, 16 * cell}};
    ae_field bare = {&s, NULL, 0};
    CHECK(ae_field_clear_path(&bare, a, b, r));
    // A circle across the line blocks it; one farther than r + its radius does not.
    ae_shape c = ae_shape_circle((vec2s){{16 * cell, 16 * cell + 20.0f}}, 10.0f);
    ae_field f = {&s, &c, 1};
    CHECK(!ae_field_clear_path(&f, a, b, r));
    CHECK(ae_field_clear_path(&f, a, b, 0.0f)); // a ray passes 10 units beside it
    c.center.y = 16 * cell + 22.5f;
    CHECK(ae_field_clear_path(&f, a, b, r));
    // A box: blocked through it, and the disk passes its corner exactly by its rounding. The
    // line below runs diagonally past the corner at (17, 17) cells: 1 unit more than r from it,
    // yet well inside the box grown by r without rounded corners.
    ae_shape box = ae_shape_box((vec2s){{16 * cell, 16 * cell}}, (vec2s){{cell, cell}});
    f.shapes = &box;
    CHECK(!ae_field_clear_path(&f, a, b, r));
    const vec2s corner = {{17 * cell, 17 * cell}};
    const vec2s out = {{0.70710678f, 0.70710678f}}, along = {{0.70710678f, -0.70710678f}};
    for (int k = 0; k < 2; k++) {
        float off = k == 0 ? r + 1.0f : r - 1.0f;
        vec2s mid = glms_vec2_add(corner, glms_vec2_scale(out, off));
        vec2s p = glms_vec2_sub(mid, glms_vec2_scale(along, 4 * cell));
        vec2s q = glms_vec2_add(mid, glms_vec2_scale(along, 4 * cell));
        CHECK(ae_field_clear_path(&f, p, q, r) == (k == 0));
        int hit;
        ae_field_disk_cast(&f, p, along, r, 8 * cell, &hit);
        CHECK(hit == (k == 0 ? AE_FIELD_NO_HIT : 0));
    }
    // A point path (a == b) is clear exactly when it is clear of the shape.
    CHECK(!ae_field_clear_path(&f, (vec2s){{16 * cell, 17 * cell + 5}},
                               (vec2s){{16 * cell, 17 * cell + 5}}, r));
    CHECK(ae_field_clear_path(&f, (vec2s){{16 * cell, 17 * cell + 13}},
                              (vec2s){{16 * cell, 17 * cell + 13}}, r));
    ae_sdf_free(&s);
    ae_grid_free(&g);
}

static void test_gradient(void) {
    ae_rng rng;
    ae_rng_seed(&rng, 41, 0);
    const float cell = 32.0f;
    ae_grid g;
    REQUIRE(gen_arena_map(&g, 40, 40, 9));
    ae_sdf s;
    REQUIRE(ae_sdf_init(&s, &g, cell, NULL));
    ae_shape shapes[10];
    int n = place_shapes(&rng, &s, shapes, 10, 0.3f, 2.0f);
    REQUIRE(n == 10);
    ae_field f = {&s, shapes, n};
    int checked = 0, inside = 0;
    for (int i = 0; i < 20000; i++) {
        vec2s p = random_point(&rng, &s);
        // Only where one shape is clearly the nearest solid.
        int best = -1;
        float d_best = ae_sdf_sample(&s, p), second = INFINITY;
        for (int k = 0; k < n; k++) {
            float d = ae_shape_distance(&shapes[k], p);
            if (d < d_best) {
                second = d_best;
                d_best = d;
                best = k;
            } else if (d < second) {
                second = d;
            }
        }
        if (best < 0 || second - d_best < 0.05f * cell) continue;
        const ae_shape *sh = &shapes[best];
        // Skip the box's inner diagonals, where the nearest face changes.
        if (sh->kind == AE_SHAPE_BOX && d_best < 0.0f) {
            float qx = fabsf(p.x - sh->center.x) - sh->half.x;
            float qy = fabsf(p.y - sh->center.y) - sh->half.y;
            if (fabsf(qx - qy) < 0.01f * cell) continue;
        }
        if (sh->kind == AE_SHAPE_CIRCLE && glms_vec2_distance(p, sh->center) < 0.01f * cell)
            continue;
        vec2s gr = ae_field_gradient(&f, p);
        CHECK_NEAR(glms_vec2_norm(gr), 1.0, 1e-5);
        // Central differences of the shape's distance.
        const float h = 1e-2f;
        float gx = ae_shape_distance(sh, (vec2s){{p.x + h, p.y}}) -
                   ae_shape_distance(sh, (vec2s){{p.x - h, p.y}});
        float gy = ae_shape_distance(sh, (vec2s){{p.x, p.y + h}}) -
                   ae_shape_distance(sh, (vec2s){{p.x, p.y - h}});
        float len = sqrtf(gx * gx + gy * gy);
        CHECK((gr.x * gx + gr.y * gy) / len > 0.999f);
        // Away from the shape: from outside, the shape's nearest point lies behind.
        if (d_best > 0.0f) {
            vec2s back = glms_vec2_sub(p, glms_vec2_scale(gr, d_best));
            CHECK(fabsf(ae_shape_distance(sh, back)) < 1e-3f * cell);
        } else {
            inside++;
        }
        checked++;
    }
    CHECK(checked > 1000);
    CHECK(inside > 100);
    // The centre of a circle has no direction: the map's fallback.
    ae_shape c = ae_shape_circle(shapes[0].center, 5.0f); // on free ground
    ae_field one = {&s, &c, 1};
    vec2s gc = ae_field_gradient(&one, c.center);
    CHECK(gc.x == 0.0f && gc.y == -1.0f);
    ae_sdf_free(&s);
    ae_grid_free(&g);
}

TEST_MAIN(TEST_CASE(shape_distance), TEST_CASE(zero_shapes), TEST_CASE(move_never_inside),
          TEST_CASE(disk_cast), TEST_CASE(clear_path), TEST_CASE(gradient))
