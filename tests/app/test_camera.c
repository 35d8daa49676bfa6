// The camera's zoom: the player's range inside the fair range, a bigger screen shows no more of
// the world, and the wider framing of several humans lasts only while it is asked for.
#include "test.h"

#include "camera.h"

#include <math.h>

static const vec2s big_map = {{8192.0f, 8192.0f}};

static void settle(camera *c) {
    for (int i = 0; i < 300; i++) camera_follow(c, (vec2s){{4096.0f, 4096.0f}}, big_map, 1.0f / 60);
}

static void test_zoom_range(void) {
    camera c;
    camera_init(&c, (vec2s){{4096.0f, 4096.0f}}, CAMERA_REF_W, CAMERA_REF_H);
    CHECK(c.zoom == 1.0f && c.zoom_min == CAMERA_ZOOM_DEFAULT_MIN &&
          c.zoom_max == CAMERA_ZOOM_DEFAULT_MAX);
    // Zooming out stops at the player's minimum however often it is asked, and so does zooming in.
    for (int i = 0; i < 20; i++) camera_zoom_by(&c, 1.0f / 1.15f);
    CHECK(c.target_zoom == CAMERA_ZOOM_DEFAULT_MIN);
    settle(&c);
    CHECK(fabsf(c.zoom - CAMERA_ZOOM_DEFAULT_MIN) < 1e-3f);
    // The widest fair view reaches about the rifle's range sideways.
    vec2s edge = camera_to_world(&c, (vec2s){{CAMERA_REF_W, CAMERA_REF_H * 0.5f}});
    CHECK(edge.x - c.center.x <= 800.5f);
    for (int i = 0; i < 20; i++) camera_zoom_by(&c, 1.15f);
    CHECK(c.target_zoom == CAMERA_ZOOM_DEFAULT_MAX);
    // A range asked for outside the fair one is clamped into it; the target follows the range.
    camera_set_zoom_range(&c, 0.1f, 9.0f);
    CHECK(c.zoom_min == CAMERA_ZOOM_FAIR_MIN && c.zoom_max == CAMERA_ZOOM_FAIR_MAX);
    for (int i = 0; i < 20; i++) camera_zoom_by(&c, 1.15f);
    CHECK(c.target_zoom == CAMERA_ZOOM_FAIR_MAX);
    camera_set_zoom_range(&c, 1.0f, 1.2f);
    CHECK(c.zoom_min == 1.0f && c.zoom_max == 1.2f && c.target_zoom == 1.2f);
    // Nonsense gives a sensible range: lo above hi meets at hi, NaN falls to the fair bound.
    camera_set_zoom_range(&c, 1.9f, 1.1f);
    CHECK(c.zoom_min == 1.1f && c.zoom_max == 1.1f && c.target_zoom == 1.1f);
    camera_set_zoom_range(&c, NAN, NAN);
    CHECK(c.zoom_min == CAMERA_ZOOM_FAIR_MIN && c.zoom_max == CAMERA_ZOOM_FAIR_MAX);
    // A reset goes back to level 1, or the nearest level of the range.
    camera_set_zoom_range(&c, 1.3f, 1.8f);
    camera_reset_zoom(&c);
    CHECK(c.zoom == 1.3f && c.target_zoom == 1.3f);
}

static void test_view_scale(void) {
    // A screen three times the reference size sees the same stretch of the world.
    CHECK(camera_view_scale(3840.0f, 2160.0f) == 3.0f);
    CHECK(camera_view_scale(800.0f, 450.0f) == 1.0f);  // a small window just sees less
    CHECK(camera_view_scale(2560.0f, 720.0f) == 2.0f); // ultra-wide: not more sideways either
    camera c;
    camera_init(&c, (vec2s){{4096.0f, 4096.0f}}, CAMERA_REF_W, CAMERA_REF_H);
    for (int i = 0; i < 20; i++) camera_zoom_by(&c, 1.0f / 1.15f);
    settle(&c);
    float seen = CAMERA_REF_W / c.zoom;
    // The window goes fullscreen on a 4K screen: the view keeps its level and shows as much.
    c.screen_w = 3840.0f;
    c.screen_h = 2160.0f;
    settle(&c);
    CHECK(fabsf(c.screen_w / c.zoom - seen) < 0.5f);
    for (int i = 0; i < 20; i++) camera_zoom_by(&c, 1.0f / 1.15f);
    settle(&c);
    CHECK(c.screen_w / c.zoom <= seen + 0.5f);
    camera_reset_zoom(&c);
    CHECK(c.zoom == 3.0f);
    camera d;
    camera_init(&d, (vec2s){{0, 0}}, 3840.0f, 2160.0f);
    CHECK(d.zoom == 3.0f);
}

static void test_framing(void) {
    camera c;
    camera_init(&c, (vec2s){{4096.0f, 4096.0f}}, CAMERA_REF_W, CAMERA_REF_H);
    // Two humans far apart: the view widens past the player's range to hold both...
    for (int i = 0; i < 300; i++) {
        camera_frame(&c, 0.1f);
        camera_follow(&c, (vec2s){{4096.0f, 4096.0f}}, big_map, 1.0f / 60);
    }
    CHECK(fabsf(c.zoom - CAMERA_ZOOM_MIN) < 1e-3f);
    // ... and never zooms in past level 1 to frame them.
    camera_frame(&c, 5.0f);
    CHECK(c.target_zoom == 1.0f);
    // Once one is left, the view comes back into the player's range.
    settle(&c);
    CHECK(fabsf(c.zoom - 1.0f) < 1e-3f);
    camera_frame(&c, 0.1f);
    settle(&c);
    CHECK(fabsf(c.zoom - CAMERA_ZOOM_DEFAULT_MIN) < 1e-3f);
}

TEST_MAIN(TEST_CASE(zoom_range), TEST_CASE(view_scale), TEST_CASE(framing))
