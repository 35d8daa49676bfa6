// Narrow phase: strict overlap tests and the swept circle test that catches fast bullets.
#include "test.h"

#include "arena/ae_broadphase.h"
#include "arena/ae_collide.h"

static vec2s v(float x, float y) {
    return (vec2s){{x, y}};
}

static void test_circle_circle(void) {
    CHECK(!ae_circles_overlap(v(0, 0), 2.5f, v(3, 4), 2.5f)); // touching
    CHECK(ae_circles_overlap(v(0, 0), 2.5f, v(3, 4), 2.50001f));
    CHECK(ae_circles_overlap(v(0, 0), 1.0f, v(0, 0), 0.0f));
    CHECK(!ae_circles_overlap(v(1, 1), 0.0f, v(1, 1), 0.0f)); // two points: distance 0 < 0 fails
    CHECK(!ae_circles_overlap(v(0, 0), 1.0f, v(10, 0), 1.0f));
}

static void test_circle_aabb(void) {
    ae_aabb b = {{{0, 0}}, {{10, 10}}};
    CHECK(ae_circle_aabb_overlap(v(5, 5), 1.0f, b));   // inside
    CHECK(!ae_circle_aabb_overlap(v(12, 5), 2.0f, b)); // touches the right side
    CHECK(ae_circle_aabb_overlap(v(11.9f, 5), 2.0f, b));
    CHECK(!ae_circle_aabb_overlap(v(13, 14), 5.0f, b)); // touches the corner (3-4-5)
    CHECK(ae_circle_aabb_overlap(v(13, 14), 5.001f, b));
    CHECK(!ae_circle_aabb_overlap(v(10, 5), 0.0f, b)); // a point on the edge
    CHECK(!ae_aabb_overlap(b, (ae_aabb){{{10, 0}}, {{20, 10}}}));
    CHECK(ae_aabb_overlap(b, (ae_aabb){{{9.5f, 9.5f}}, {{20, 20}}}));
}

static void test_sweep_catches_what_discrete_misses(void) {
    // A bullet of radius 2 crosses an agent of radius 10 between two ticks, at several speeds up
    // to absurd ones: neither end position overlaps, the sweep does.
    const float speeds[] = {30.0f, 100.0f, 1e4f, 1e6f};
    for (size_t k = 0; k < sizeof speeds / sizeof speeds[0]; k++) {
        float s = speeds[k];
        vec2s p0 = v(-s / 2, 3), p1 = v(s / 2, 3), agent = v(0, 0);
        CHECK(!ae_circles_overlap(p0, 2, agent, 10));
        CHECK(!ae_circles_overlap(p1, 2, agent, 10));
        float toi = -1.0f;
        CHECK(ae_sweep_circle_circle(p0, p1, 2, agent, 10, &toi));
        // First contact where x = -sqrt(12^2 - 3^2).
        float expect = (s / 2 - sqrtf(144.0f - 9.0f)) / s;
        CHECK_NEAR(toi, expect, 1e-5);
        vec2s hit = glms_vec2_lerp(p0, p1, toi);
        CHECK_NEAR(glms_vec2_distance(hit, agent), 12.0, 1e-3 * (s > 1e4f ? s / 1e4f : 1.0f));
    }
}

static void test_sweep_misses_and_edges(void) {
    float toi = -1.0f;
    // Passing by with a gap of 1.
    CHECK(!ae_sweep_circle_circle(v(-100, 13), v(100, 13), 2, v(0, 0), 10, &toi));
    // Grazing exactly (distance reaches 12 but never drops below): not a hit.
    CHECK(!ae_sweep_circle_circle(v(-100, 12), v(100, 12), 2, v(0, 0), 10, &toi));
    // Stops short of the agent.
    CHECK(!ae_sweep_circle_circle(v(-100, 0), v(-12.5f, 0), 2, v(0, 0), 10, &toi));
    // Moving away from an agent it touches.
    CHECK(!ae_sweep_circle_circle(v(12, 0), v(50, 0), 2, v(0, 0), 10, &toi));
    // Already overlapping at the start: time 0.
    CHECK(ae_sweep_circle_circle(v(5, 0), v(50, 0), 2, v(0, 0), 10, &toi));
    CHECK(toi == 0.0f);
    // Not moving, apart.
    CHECK(!ae_sweep_circle_circle(v(20, 0), v(20, 0), 2, v(0, 0), 10, &toi));
    // Both moving: head-on at relative speed 40, gap 28 -> contact at t = 0.7.
    CHECK(ae_sweep_circles(v(-20, 0), v(0, 0), 2, v(20, 0), v(0, 0), 10, &toi));
    CHECK_NEAR(toi, 0.7, 1e-6);
    // Both moving in parallel at the same speed: never closer.
    CHECK(!ae_sweep_circles(v(-20, 0), v(80, 0), 2, v(0, 0), v(100, 0), 10, &toi));
}

static void test_swept_bullet_through_broadphase(void) {
    // The game's use: the bullet's proxy is the box of its sweep, the agents are circles. The
    // broadphase pairs them, the sweep confirms a hit that both end positions miss.
    for (int m = 0; m < AE_BP_METHOD_COUNT; m++) {
        ae_broadphase_def def = ae_default_broadphase_def();
        def.method = (ae_bp_method)m;
        def.world = (ae_aabb){{{0, 0}}, {{16384, 16384}}};
        ae_broadphase *bp = ae_broadphase_create(&def);
        enum { AGENT = 1u, BULLET = 2u };
        for (int i = 0; i < 100; i++)
            ae_broadphase_add_circle(
                bp, v(100.0f + 160.0f * (float)(i % 10), 100.0f + 160.0f * (float)(i / 10)), 10.0f,
                AGENT, BULLET, (uint64_t)i);
        vec2s p0 = v(60, 420), p1 = v(1000, 420); // crosses agents 20..25 (y = 420) in one tick
        ae_proxy_id bullet =
            ae_broadphase_add_box(bp, ae_aabb_of_sweep(p0, p1, 2.0f), BULLET, AGENT, 1000);
        int n;
        const ae_pair *p = ae_broadphase_update(bp, &n);
        int hits = 0;
        for (int k = 0; k < n; k++) {
            ae_proxy_id agent = ae_proxy_index(p[k].a) == ae_proxy_index(bullet) ? p[k].b : p[k].a;
            int i = (int)ae_broadphase_user(bp, agent);
            vec2s c = v(100.0f + 160.0f * (float)(i % 10), 100.0f + 160.0f * (float)(i / 10));
            float toi;
            if (ae_sweep_circle_circle(p0, p1, 2.0f, c, 10.0f, &toi)) hits++;
            CHECK(!ae_circles_overlap(p0, 2.0f, c, 10.0f) &&
                  !ae_circles_overlap(p1, 2.0f, c, 10.0f));
        }
        CHECK(n == 6);
        CHECK(hits == 6);
        ae_broadphase_destroy(bp);
    }
}

TEST_MAIN(TEST_CASE(circle_circle), TEST_CASE(circle_aabb),
          TEST_CASE(sweep_catches_what_discrete_misses), TEST_CASE(sweep_misses_and_edges),
          TEST_CASE(swept_bullet_through_broadphase))
