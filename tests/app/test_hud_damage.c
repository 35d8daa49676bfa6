// The HUD's damage-direction markers, drawn with the software renderer and no display: a blow
// from off screen marks the screen's edge on its side, a blow from on screen marks the ring round
// the player on its side, and a bullet fired from off screen marks the edge where it came in.
#include "test.h"

#include "app.h"
#include "app_rig.h"
#include "camera.h"
#include "session.h"
#include "sim_internal.h"
#include "sim_world.h"

#define W APP_RIG_W
#define H APP_RIG_H

/// A player's match, the camera on the player.
static bool rig_open(app_rig *r) {
    if (!app_rig_open(r) || !app_rig_play(&r->a)) return false;
    r->a.view.alpha = 1.0f;
    r->a.view.cam.center = session_world(r->a.view.shown)->agents[0].pos;
    return true;
}

/// How much more red (red over green and blue) and yellow (red and green over blue) the box
/// (cx, cy) +- half is in `now` than in `before`, per pixel.
static double gain(const SDL_Surface *before, const SDL_Surface *now, int cx, int cy, int half,
                   bool yellow) {
    double sum = 0;
    int n = 0;
    for (int y = cy - half; y <= cy + half; y++)
        for (int x = cx - half; x <= cx + half; x++) {
            if (x < 0 || y < 0 || x >= W || y >= H) continue;
            const Uint8 *p = (const Uint8 *)now->pixels + y * now->pitch + 4 * x;
            const Uint8 *q = (const Uint8 *)before->pixels + y * before->pitch + 4 * x;
            const double a = yellow ? 0.5 * (p[0] + p[1]) - p[2] : p[0] - 0.5 * (p[1] + p[2]);
            const double b = yellow ? 0.5 * (q[0] + q[1]) - q[2] : q[0] - 0.5 * (q[1] + q[2]);
            sum += a - b;
            n++;
        }
    return n ? sum / n : 0.0;
}

/// The picture with one blow to the player from `from`.
static void draw_blow(app_rig *r, vec2s from, SDL_Surface **out) {
    fx_clear(&r->a.view.fx);
    r->a.view.fx.sources[0] = (fx_source){0, from, 0.0f};
    r->a.view.fx.source_count = 1;
    app_draw(&r->a);
    *out = SDL_DuplicateSurface(r->surface);
}

static void test_markers(void) {
    static app_rig r;
    REQUIRE(rig_open(&r));
    sim_world *w = session_world(r.a.view.shown);
    const vec2s me = w->agents[0].pos;
    const vec2s s = camera_to_screen(&r.a.view.cam, me);
    const int px = (int)s.x, py = (int)s.y;
    REQUIRE(px > 150 && px < W - 150 && py > 120 && py < H - 120);
    fx_clear(&r.a.view.fx);
    app_draw(&r.a);
    SDL_Surface *calm = SDL_DuplicateSurface(r.surface);
    REQUIRE(calm);

    // From far to the right, off screen: the right edge at the player's height.
    SDL_Surface *right;
    draw_blow(&r, (vec2s){{me.x + 3000.0f, me.y}}, &right);
    REQUIRE(right);
    CHECK(gain(calm, right, W - 30, py, 12, false) > 40.0);
    CHECK(fabs(gain(calm, right, 30, py, 12, false)) < 2.0);
    CHECK(fabs(gain(calm, right, px, 30, 12, false)) < 2.0);
    // From far above: the top edge above the player.
    SDL_Surface *up;
    draw_blow(&r, (vec2s){{me.x, me.y - 3000.0f}}, &up);
    REQUIRE(up);
    CHECK(gain(calm, up, px, 30, 12, false) > 40.0);
    CHECK(fabs(gain(calm, up, W - 30, py, 12, false)) < 2.0);
    // From a little to the left, on screen: the ring round the player, on the left, not the edge.
    SDL_Surface *near;
    draw_blow(&r, (vec2s){{me.x - 120.0f, me.y}}, &near);
    REQUIRE(near);
    CHECK(gain(calm, near, px - 76, py, 6, false) > 40.0);
    CHECK(fabs(gain(calm, near, 30, py, 12, false)) < 2.0);
    // After a second it is gone.
    fx_update(&r.a.view.fx, FX_SOURCE_LIFE);
    CHECK(r.a.view.fx.source_count == 0);

    // A bullet fired from far to the left that has just come into view: the left edge, at its
    // height, turns yellow; its own sprite is well inside.
    fx_clear(&r.a.view.fx);
    sim_bullet *b = &w->bullets[0];
    *b = (sim_bullet){0};
    b->alive = true;
    b->owner = 1;
    b->vel = (vec2s){{5.0f, 0.0f}};
    b->radius = 5.0f;
    b->range_left = 400.0f;
    b->pos = camera_to_world(&r.a.view.cam, (vec2s){{120.0f, (float)py - 60.0f}});
    b->from = (vec2s){{b->pos.x - 3000.0f, b->pos.y}};
    b->fired_tick = w->tick;
    if (w->bullet_top < 1) w->bullet_top = 1;
    w->bullet_count++;
    app_draw(&r.a);
    SDL_Surface *entry = SDL_DuplicateSurface(r.surface);
    REQUIRE(entry);
    CHECK(gain(calm, entry, 12, py - 60, 3, true) > 40.0);
    CHECK(fabs(gain(calm, entry, W - 14, py - 60, 8, true)) < 2.0);
    // The player's own bullets mark nothing.
    b->owner = 0;
    app_draw(&r.a);
    CHECK(fabs(gain(calm, r.surface, 14, py - 60, 8, true)) < 2.0);

    SDL_FreeSurface(entry);
    SDL_FreeSurface(near);
    SDL_FreeSurface(up);
    SDL_FreeSurface(right);
    SDL_FreeSurface(calm);
    app_rig_close(&r);
}

TEST_MAIN(TEST_CASE(markers))
