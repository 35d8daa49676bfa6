// What the player sees of the fight, with the software renderer and no display: the title
// screen's difficulty reaches the match, the screen shake never moves the aim, a hit flashes the
// target and reddens the screen's edge, the low-health heartbeat, and the crosshair.
#include "test.h"

#include "app.h"
#include "app_rig.h"
#include "camera.h"
#include "render_world.h"
#include "session.h"
#include "sim_internal.h"
#include "sim_names.h"
#include "sim_world.h"

#define W APP_RIG_W
#define H APP_RIG_H

/// One menu key press, handled as a frame would.
static void press(app *a, input_action act) {
    a->in.actions[act] = 1;
    app_update_screens(a);
}

/// From the title screen: moves to the difficulty item, presses right `steps` times (left
/// when negative), goes back up to Start and starts the match.
static void choose_difficulty_and_start(app *a, int steps) {
    press(a, ACT_DOWN); // Play online
    press(a, ACT_DOWN); // Your record
    press(a, ACT_DOWN);
    press(a, ACT_DOWN);
    for (int i = 0; i < abs(steps); i++) press(a, steps > 0 ? ACT_RIGHT : ACT_LEFT);
    press(a, ACT_UP);
    press(a, ACT_UP);
    press(a, ACT_UP);
    press(a, ACT_UP);
    press(a, ACT_CONFIRM);
}

static void test_title_difficulty(void) {
    static app_rig r;
    REQUIRE(app_rig_open(&r));
    app *a = &r.a;
    // Normal unless chosen otherwise.
    choose_difficulty_and_start(a, 0);
    REQUIRE(a->screen == SCREEN_PLAY);
    const sim_world *w = session_world(a->view.shown);
    CHECK(w->cfg.bot_difficulty == SIM_NORMAL);
    CHECK(w->cfg.bots == 12);
    // Normal -> Hard: every bot of the started match is hard.
    a->screen = SCREEN_TITLE;
    a->nav.selected = 0;
    choose_difficulty_and_start(a, 1);
    REQUIRE(a->screen == SCREEN_PLAY);
    w = session_world(a->view.shown);
    CHECK(w->cfg.bot_difficulty == SIM_HARD);
    for (int i = w->cfg.humans; i < w->agent_count; i++) CHECK(w->agents[i].difficulty == SIM_HARD);
    // Hard -> Mixed: the match mixes all three.
    a->screen = SCREEN_TITLE;
    a->nav.selected = 0;
    choose_difficulty_and_start(a, 1);
    w = session_world(a->view.shown);
    CHECK(w->cfg.bot_difficulty == -1);
    int seen[SIM_DIFFICULTY_COUNT] = {0};
    for (int i = w->cfg.humans; i < w->agent_count; i++) seen[w->agents[i].difficulty]++;
    CHECK(seen[SIM_EASY] > 0 && seen[SIM_NORMAL] > 0 && seen[SIM_HARD] > 0);
    // Mixed -> Easy wraps around; and Easy <- left wraps back to Mixed.
    a->screen = SCREEN_TITLE;
    a->nav.selected = 0;
    choose_difficulty_and_start(a, 1);
    CHECK(session_world(a->view.shown)->cfg.bot_difficulty == SIM_EASY);
    a->screen = SCREEN_TITLE;
    a->nav.selected = 0;
    choose_difficulty_and_start(a, -1);
    CHECK(session_world(a->view.shown)->cfg.bot_difficulty == -1);
    // The match behind the title menu is not the player's: it mixes every difficulty.
    a->screen = SCREEN_TITLE;
    a->nav.selected = 5; // the map item: changing the map restarts the attract match
    press(a, ACT_RIGHT);
    CHECK(a->screen == SCREEN_TITLE);
    CHECK(session_world(a->view.shown)->cfg.humans == 0);
    CHECK(session_world(a->view.shown)->cfg.bot_difficulty == -1);
    app_rig_close(&r);
}

static int differing_pixels(const SDL_Surface *x, const SDL_Surface *y) {
    int n = 0;
    for (int row = 0; row < H; row++)
        n += memcmp((const Uint8 *)x->pixels + row * x->pitch,
                    (const Uint8 *)y->pixels + row * y->pitch, (size_t)W * 4) != 0;
    return n;
}

static void test_shake_keeps_aim(void) {
    // Two identical matches; the player fires at the cursor in both, but one screen shakes
    // hard all the time. The pictures differ, the matches must not.
    static app_rig calm, shaken;
    REQUIRE(app_rig_open(&calm) && app_rig_open(&shaken));
    app_rig *rs[2] = {&calm, &shaken};
    for (int k = 0; k < 2; k++) {
        app *a = &rs[k]->a;
        a->opts.seed_set = true;
        char err[256];
        REQUIRE(app_start_match(a, false, err, sizeof err));
        a->screen = SCREEN_PLAY;
        a->in.mouse_x = W * 0.5f + 90;
        a->in.mouse_y = H * 0.5f - 40;
        a->in.mouse_fire = true;
    }
    int pictures_differ = 0;
    for (int t = 0; t < 240; t++) {
        shaken.a.view.fx.trauma = 1.0f;
        for (int k = 0; k < 2; k++) {
            app *a = &rs[k]->a;
            vec2s before = a->view.cam.center;
            app_draw(a);
            CHECK(a->view.cam.center.x == before.x && a->view.cam.center.y == before.y);
            app_tick(a);
            a->time += 1.0f / SIM_TICK_HZ;
        }
        const sim_world *wc = session_world(calm.a.view.shown),
                        *ws = session_world(shaken.a.view.shown);
        CHECK(memcmp(&wc->controls[0], &ws->controls[0], sizeof wc->controls[0]) == 0);
        if (t % 60 == 0) pictures_differ += differing_pixels(calm.surface, shaken.surface) > H / 2;
    }
    CHECK(pictures_differ >= 3); // the shake did show
    CHECK(sim_hash(session_world(calm.a.view.shown)) ==
          sim_hash(session_world(shaken.a.view.shown)));
    vec2s s = fx_shake(&shaken.a.view.fx, 1.234f);
    CHECK(fabsf(s.x) <= FX_SHAKE_MAX && fabsf(s.y) <= FX_SHAKE_MAX && (s.x != 0 || s.y != 0));
    app_rig_close(&calm);
    app_rig_close(&shaken);
}

/// Mean of (red - green) over a rectangle of the surface.
static double redness(const SDL_Surface *s, int x0, int y0, int w, int h) {
    double sum = 0;
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++) {
            const Uint8 *p = (const Uint8 *)s->pixels + y * s->pitch + 4 * x;
            sum += (double)p[0] - (double)p[1];
        }
    return sum / (w * h);
}

/// Mean brightness over a rectangle.
static double brightness(const SDL_Surface *s, int x0, int y0, int w, int h) {
    double sum = 0;
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++) {
            const Uint8 *p = (const Uint8 *)s->pixels + y * s->pitch + 4 * x;
            sum += (double)p[0] + p[1] + p[2];
        }
    return sum / (3.0 * w * h);
}

static void test_hit_feedback(void) {
    static app_rig r;
    REQUIRE(app_rig_open(&r));
    app *a = &r.a;
    a->opts.seed_set = true;
    a->opts.pilot = SIM_PILOT_BOT; // the player fights like a bot: it gets shot at and shoots
    char err[256];
    REQUIRE(app_start_match(a, false, err, sizeof err));
    a->screen = SCREEN_PLAY;
    sim_world *w = session_world(a->view.shown);
    // Play until the player is hit by a bullet.
    int t = 0;
    bool hit = false, shot = false;
    float damage = 0;
    for (; t < 60 * 120 && !hit && w->agents[0].placement == 0; t++) {
        app_tick(a);
        for (int i = 0; i < w->event_count; i++) {
            const sim_event *e = &w->events[i];
            if (e->kind == SIM_EVENT_HIT && e->b == 0) {
                hit = true;
                damage = e->value;
            }
            if (e->kind == SIM_EVENT_SHOT && e->a >= 0) {
                shot = true;
                CHECK(a->view.fx.muzzle[e->a] == FX_MUZZLE_LIFE);
            }
        }
    }
    REQUIRE(hit && shot);
    // The screen shakes and its edge flashes, more for more damage; both fade within a second.
    CHECK(a->view.fx.trauma > 0.3f && a->view.fx.hurt > 0.45f);
    vec2s s = fx_shake(&a->view.fx, 0.37f);
    CHECK(s.x != 0.0f || s.y != 0.0f);
    static fx_state more, less;
    sim_event big = {SIM_EVENT_HIT, 1, 0, 2.0f * damage, w->agents[0].pos, w->agents[1].pos};
    sim_event small = big;
    small.value = 0.5f * damage;
    sim_event *saved = w->events;
    int saved_count = w->event_count;
    w->events = &big;
    w->event_count = 1;
    fx_absorb(&more, w);
    w->events = &small;
    fx_absorb(&less, w);
    w->events = saved;
    w->event_count = saved_count;
    CHECK(more.trauma > less.trauma && more.hurt > less.hurt);

    // The picture: the edge is redder than after the flash has faded, the middle is not.
    a->view.alpha = 1.0f;
    a->view.cam.center = w->agents[0].pos;
    fx_state flash = a->view.fx;
    flash.trauma = 0; // keep the picture still for the comparison
    a->view.fx = flash;
    app_draw(a);
    double edge_hit = redness(r.surface, 0, H / 2 - 20, 12, 40);
    int target = 0; // the hit agent flashes white: brighter than the same agent without it
    vec2s foot = camera_to_screen(&a->view.cam, w->agents[target].pos);
    int fx0 = (int)foot.x - 12, fy0 = (int)foot.y - 36;
    REQUIRE(fx0 > 0 && fy0 > 0 && fx0 + 24 < W && fy0 + 30 < H);
    double body_flash = brightness(r.surface, fx0, fy0, 24, 30);
    int flash_ticks = w->agents[target].hit_flash;
    CHECK(flash_ticks > 0);
    a->view.fx.hurt = 0;
    w->agents[target].hit_flash = 0;
    app_draw(a);
    double edge_calm = redness(r.surface, 0, H / 2 - 20, 12, 40);
    double body_calm = brightness(r.surface, fx0, fy0, 24, 30);
    w->agents[target].hit_flash = flash_ticks;
    CHECK(edge_hit > edge_calm + 20.0);
    CHECK(body_flash > body_calm + 20.0);
    fx_update(&a->view.fx, 1.0f);
    CHECK(a->view.fx.trauma == 0.0f && a->view.fx.hurt == 0.0f);
    s = fx_shake(&a->view.fx, 0.37f);
    CHECK(s.x == 0.0f && s.y == 0.0f);
    app_rig_close(&r);
}

static void test_low_health(void) {
    fx_state f = {0};
    const float dt = 1.0f / 60.0f;
    // Healthy: no beat, no pulse.
    for (int i = 0; i < 120; i++) CHECK(!fx_heartbeat(&f, dt, 0.6f));
    CHECK(f.pulse == 0.0f && !f.beating);
    // Low: a beat at once, then a steady rhythm that quickens as health drops.
    int beats_low = 0, beats_dying = 0;
    float peak = 0;
    for (int i = 0; i < 600; i++) {
        beats_low += fx_heartbeat(&f, dt, 0.25f);
        peak = fmaxf(peak, f.pulse);
    }
    fx_heartbeat(&f, dt, 1.0f); // back to health stops it
    CHECK(!f.beating && f.pulse == 0.0f);
    for (int i = 0; i < 600; i++) beats_dying += fx_heartbeat(&f, dt, 0.03f);
    CHECK(beats_low >= 11 && beats_low <= 14);     // 10 s at about 75 a minute
    CHECK(beats_dying >= 18 && beats_dying <= 21); // ... and at about 115
    CHECK(peak > 0.5f);
    CHECK(!fx_heartbeat(&f, dt, 0.0f)); // dead: silence

    // On screen: the edge reddens with the pulse, the middle of the screen does not change.
    static app_rig r;
    REQUIRE(app_rig_open(&r));
    app *a = &r.a;
    a->screen = SCREEN_PLAY;
    char err[256];
    REQUIRE(app_start_match(a, false, err, sizeof err));
    app_draw(a);
    double edge_ok = redness(r.surface, 0, H / 2 - 20, 12, 40);
    SDL_Surface *ok = SDL_ConvertSurface(r.surface, r.surface->format, 0);
    a->view.fx.beating = true;
    a->view.fx.pulse = 1.0f;
    app_draw(a);
    CHECK(redness(r.surface, 0, H / 2 - 20, 12, 40) > edge_ok + 30.0);
    CHECK(memcmp((Uint8 *)ok->pixels + (H / 2) * ok->pitch + 4 * (W / 2 - 40),
                 (Uint8 *)r.surface->pixels + (H / 2) * ok->pitch + 4 * (W / 2 - 40), 4 * 80) == 0);
    SDL_FreeSurface(ok);
    app_rig_close(&r);
}

/// Pixels that differ between two surfaces outside a box of half-size `half` around (cx, cy),
/// and inside it.
static void diff_around(const SDL_Surface *x, const SDL_Surface *y, int cx, int cy, int half,
                        int *inside, int *outside) {
    *inside = *outside = 0;
    for (int row = 0; row < H; row++)
        for (int col = 0; col < W; col++) {
            bool differs = memcmp((const Uint8 *)x->pixels + row * x->pitch + 4 * col,
                                  (const Uint8 *)y->pixels + row * y->pitch + 4 * col, 4) != 0;
            bool in = abs(row - cy) <= half && abs(col - cx) <= half;
            *(in ? inside : outside) += differs;
        }
}

static void test_crosshair(void) {
    static app_rig r;
    REQUIRE(app_rig_open(&r) && app_rig_play(&r.a));
    app *a = &r.a;
    const int mx = W / 2 + 100, my = H / 2 + 30;
    a->in.mouse_x = (float)mx;
    a->in.mouse_y = (float)my;
    CHECK(app_crosshair_shown(a));
    app_draw(a);
    SDL_Surface *with = SDL_ConvertSurface(r.surface, r.surface->format, 0);
    // A pad in player 1's hands hides it; the mouse moving brings it back.
    SDL_Event e = {0};
    e.type = SDL_CONTROLLERAXISMOTION;
    e.caxis.which = 7;
    a->in.players[0].pad_id = 7;
    e.caxis.value = 30000;
    input_handle_event(&a->in, &e);
    CHECK(!app_crosshair_shown(a));
    app_draw(a);
    int inside, outside;
    diff_around(with, r.surface, mx, my, 26, &inside, &outside);
    CHECK(inside > 40);  // the crosshair is drawn at the mouse ...
    CHECK(outside == 0); // ... and nowhere else
    e.type = SDL_MOUSEMOTION;
    e.motion.x = mx;
    e.motion.y = my;
    input_handle_event(&a->in, &e);
    CHECK(app_crosshair_shown(a));
    // Not in menus, nor when the player is not the one aiming.
    a->screen = SCREEN_PAUSE;
    CHECK(!app_crosshair_shown(a));
    a->screen = SCREEN_PLAY;
    a->opts.pilot = SIM_PILOT_BOT;
    CHECK(!app_crosshair_shown(a));
    a->opts.pilot = SIM_PILOT_NONE;
    // Firing spreads its arms: the kick moves pixels only around the cursor.
    app_draw(a);
    SDL_Surface *still = SDL_ConvertSurface(r.surface, r.surface->format, 0);
    a->view.fx.kick = 1.0f;
    app_draw(a);
    diff_around(still, r.surface, mx, my, 30, &inside, &outside);
    CHECK(inside > 20 && outside == 0);
    SDL_FreeSurface(still);
    SDL_FreeSurface(with);
    app_rig_close(&r);
}

/// The crosshair turns red over an enemy only when a shot could reach it: never through a wall.
static void test_crosshair_needs_sight(void) {
    static app_rig r;
    REQUIRE(app_rig_open(&r) && app_rig_play(&r.a));
    sim_world *w = session_world(r.a.view.shown);
    // A wall cell with open ground four cells either side of it (and in the rows above).
    const ae_grid *g = sim_grid(w);
    int fx = -1, fy = -1;
    for (int y = 8; y < g->height - 8 && fx < 0; y++)
        for (int x = 8; x < g->width - 8 && fx < 0; x++) {
            bool ok = g->cells[y * g->width + x] == AE_CELL_WALL;
            for (int d = 1; d <= 4 && ok; d++)
                for (int yy = y - 2; yy <= y; yy++)
                    ok = ok && g->cells[yy * g->width + x - d] == 0 &&
                         g->cells[yy * g->width + x + d] == 0;
            if (ok) fx = x, fy = y;
        }
    REQUIRE(fx >= 0);
    const float cs = w->cfg.cell_size, y = ((float)fy + 0.5f) * cs;
    w->agents[0].pos = (vec2s){{((float)fx - 2.5f) * cs, y}};
    w->agents[1].pos = (vec2s){{((float)fx + 3.5f) * cs, y}}; // behind the wall
    vec2s body = {{w->agents[1].pos.x, w->agents[1].pos.y - ART_AGENT_BODY_Y}};
    CHECK(!sim_agent_sees(w, 0, 1));
    CHECK(screen_fx_target(w, 0, body) == -1);
    w->agents[1].pos = (vec2s){{((float)fx - 1.0f) * cs, y}}; // on this side of it
    body = (vec2s){{w->agents[1].pos.x, w->agents[1].pos.y - ART_AGENT_BODY_Y}};
    CHECK(sim_agent_sees(w, 0, 1));
    CHECK(screen_fx_target(w, 0, body) == 1);
    CHECK(screen_fx_target(w, 0, w->agents[0].pos) == -1); // never yourself
    app_rig_close(&r);
}

/// Seconds of ticks in which player 1 does nothing.
static void idle_ticks(app *a, float seconds) {
    for (int t = 0; t < (int)(seconds * SIM_TICK_HZ); t++) app_tick(a);
}

/// The move-and-fire hint is for a person playing the match: it shows after a moment of doing
/// nothing, but never over a menu, a replay or the killcam (the theatre's screen), and never
/// again once the guided start has taught moving and firing.
static void test_idle_hints(void) {
    static app_rig r;
    REQUIRE(app_rig_open(&r) && app_rig_play(&r.a));
    app *a = &r.a;
    sim_world *w = session_world(a->view.shown);
    // Nobody in sight: every bot out but the one farthest from the player (the match goes on).
    int far = 1;
    for (int i = 1; i < w->agent_count; i++)
        if (glms_vec2_distance2(w->agents[i].pos, w->agents[0].pos) >
            glms_vec2_distance2(w->agents[far].pos, w->agents[0].pos))
            far = i;
    for (int i = 1; i < w->agent_count; i++)
        if (i != far) sim_damage(w, i, -1, -1, SIM_HARM_ZONE, 1e6f);
    w->agents[0].hp = 1e6f; // the zone waits longer than this test
    REQUIRE(sim_nearest_visible_enemy(w, 0, 500.0f) < 0);
    // No guide run (it is off): the hint comes after a few idle seconds.
    a->set.onboarding_done = false;
    idle_ticks(a, 4.5f);
    REQUIRE(sim_nearest_visible_enemy(w, 0, 500.0f) < 0);
    CHECK(a->hud.show_move_hint);
    // Paused: not over the menu (no tick runs there to take it away).
    a->screen = SCREEN_PAUSE;
    app_draw(a);
    CHECK(!a->hud.show_move_hint);
    // The theatre (a replay or the killcam) is nobody's to play. (A fresh HUD: the old one's
    // minimap freed first.)
    hud_free(&a->hud);
    hud_init(&a->hud);
    a->screen = SCREEN_THEATRE;
    idle_ticks(a, 5.0f);
    CHECK(!a->hud.show_move_hint);
    // The guide done: never again.
    a->screen = SCREEN_PLAY;
    a->set.onboarding_done = true;
    idle_ticks(a, 5.0f);
    CHECK(!a->hud.show_move_hint);
    app_rig_close(&r);
}

/// What stacks above the level-up panel stays clear of it (its title shows), on any screen.
static void test_hud_layout(void) {
    const float sizes[][2] = {{1280, 720}, {960, 540}, {800, 600}, {1920, 1080}, {640, 480}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        camera c;
        camera_init(&c, glms_vec2_zero(), sizes[k][0], sizes[k][1]);
        const SDL_FRect up = hud_level_up_rect(&c);
        const SDL_FRect guide = hud_guide_rect(&c, 600, true);
        const SDL_FRect pick = hud_hint_rect(&c, 0, true), move = hud_hint_rect(&c, 1, true);
        CHECK(guide.y + guide.h <= up.y && guide.y >= 0);
        CHECK(pick.y + pick.h <= up.y && move.y + move.h <= pick.y && move.y >= 0);
        // The theatre's banner keeps clear of the corner panels' figures (health, alive).
        const SDL_FRect band = hud_top_band(&c, 40);
        const SDL_FRect player = hud_panel_rect(NULL, HUD_PANEL_PLAYER, &c, c.screen_h),
                        match = hud_panel_rect(NULL, HUD_PANEL_MATCH, &c, c.screen_h);
        CHECK(!SDL_HasIntersectionF(&band, &player) && !SDL_HasIntersectionF(&band, &match));
        CHECK(band.w >= 300 && band.x >= 0 && band.x + band.w <= c.screen_w);
        // Without a level-up they keep their place in the lower middle.
        CHECK(hud_guide_rect(&c, 600, false).y >= 0.6f * c.screen_h);
        CHECK(hud_hint_rect(&c, 0, false).y >= 0.6f * c.screen_h);
    }
}

/// A clock that stands still: theatre_read reads the whole replay in one call.
static uint64_t still_clock(void) {
    return 0;
}

/// The current screen's menu has an item labelled `label`.
static bool menu_has(app *a, const char *label) {
    static menu m;
    app_screen_menu(a, &m);
    for (int i = 0; i < m.count; i++)
        if (!strcmp(m.items[i].label, label)) return true;
    return false;
}

/// Taking over a bot in the theatre: the pause menu of a replay has no guide to skip, the notice
/// names the agent taken by its own name (never "You took over You"), and once the player is out
/// the camera follows the killer, not the agent player 1 drove in the recording.
static void test_take_over_names_and_killer(void) {
    static app_rig r;
    REQUIRE(app_rig_open(&r));
    app *a = &r.a;
    a->set.killcam = false;             // straight to spectating
    onboarding_start(&a->guide, false); // a first run: the guide is on
    REQUIRE(app_rig_play(a));
    a->screen = SCREEN_PAUSE;
    CHECK(menu_has(a, "Skip the guide")); // in a match ...
    app_watch_file(a, ARENA_SOURCE_DIR "/tests/replays/arena-s11.arp");
    REQUIRE(a->screen == SCREEN_THEATRE && a->view.th.active);
    a->screen = SCREEN_PAUSE;
    CHECK(menu_has(a, "Leave replay") && !menu_has(a, "Skip the guide")); // ... not in a replay
    a->screen = SCREEN_THEATRE;
    REQUIRE(theatre_read(&a->view.th, a->view.shown, still_clock, 1));
    theatre_seek(&a->view.th, a->view.shown, 600);
    const sim_world *w = session_world(a->view.shown);
    const int humans = w->cfg.humans;
    REQUIRE(humans == 1 && w->agents[0].placement == 0);
    // Player 1's own agent first: its own name, P1.
    a->view.th.paused = true;
    a->view.th.follow = 0;
    a->in.actions[ACT_TAKE_OVER] = 1;
    app_view_event(a, view_theatre_update(&a->view, &a->in, a->frame_dt, false));
    CHECK(!strncmp(a->notice, "You took over P1 at tick 600", 28));
    // Again from the replay, a bot this time.
    app_watch_file(a, ARENA_SOURCE_DIR "/tests/replays/arena-s11.arp");
    REQUIRE(theatre_read(&a->view.th, a->view.shown, still_clock, 1));
    theatre_seek(&a->view.th, a->view.shown, 600);
    sim_world *ww = session_world(a->view.shown);
    int taken = -1, killer = -1;
    for (int i = humans; i < ww->agent_count; i++)
        if (ww->agents[i].placement == 0) {
            if (taken < 0)
                taken = i;
            else if (killer < 0)
                killer = i;
        }
    REQUIRE(taken >= 0 && killer >= 0);
    a->view.th.paused = true;
    a->view.th.follow = taken;
    a->in.actions[ACT_TAKE_OVER] = 1;
    app_view_event(a, view_theatre_update(&a->view, &a->in, a->frame_dt, false));
    char want[64];
    snprintf(want, sizeof want, "You took over Bot %d at tick 600", taken - humans + 1);
    CHECK(!strncmp(a->notice, want, strlen(want)));
    REQUIRE(a->screen == SCREEN_PLAY && view_player(&a->view, 0) == taken);
    // Out, by another bot: the camera follows that killer while it lives.
    ww = session_world(a->view.shown);
    sim_damage(ww, taken, killer, 0, (sim_harm)0, 1e6f);
    app_tick(a); // the deaths phase
    app_update_screens(a);
    REQUIRE(a->screen == SCREEN_DEAD && ww->agents[taken].killer == killer);
    CHECK(view_focus(&a->view) == killer);
    app_rig_close(&r);
}

// The title screen's bot count never goes below one (a lone player's match of one would end at
// once), and the kill feed and banners name the player "You" and bots from 1.
static void test_names_and_bots(void) {
    app_rig r;
    REQUIRE(app_rig_open(&r));
    r.a.bots = 6;
    press(&r.a, ACT_DOWN); // Play online
    press(&r.a, ACT_DOWN); // Your record
    press(&r.a, ACT_DOWN); // the bot count: by ones below 10, never under one
    for (int i = 0; i < 8; i++) press(&r.a, ACT_LEFT);
    CHECK(r.a.bots == 1);
    press(&r.a, ACT_UP);
    press(&r.a, ACT_UP);
    press(&r.a, ACT_UP);
    press(&r.a, ACT_CONFIRM);
    const sim_world *w = session_world(r.a.view.shown);
    REQUIRE(w && w->cfg.humans == 1);
    CHECK(w->agent_count == 2);
    char name[24];
    sim_agent_name(w, 0, name, sizeof name);
    CHECK(!strcmp(name, "You"));
    sim_agent_name(w, 1, name, sizeof name);
    CHECK(!strcmp(name, "Bot 1"));
    app_rig_close(&r);
}

// The camera stops at the map's edge, and centres a map narrower than the view on that axis.
static void test_camera_on_map(void) {
    camera c;
    camera_init(&c, (vec2s){{1000.0f, 1000.0f}}, 800.0f, 450.0f);
    const vec2s big = {{4096.0f, 4096.0f}}, small = {{300.0f, 600.0f}};
    for (int i = 0; i < 60; i++) camera_follow(&c, (vec2s){{-500.0f, 5000.0f}}, big, 1.0f / 60);
    CHECK(c.center.x == 400.0f && c.center.y == 4096.0f - 225.0f);
    for (int i = 0; i < 60; i++) camera_follow(&c, (vec2s){{2000.0f, 2000.0f}}, big, 1.0f / 60);
    CHECK(c.center.x > 1900.0f && c.center.x < 2000.0f); // mid-map: it simply follows
    camera_follow(&c, (vec2s){{0.0f, 0.0f}}, small, 1.0f / 60);
    CHECK(c.center.x == 150.0f && c.center.y == 600.0f - 225.0f); // taller than the view: clamped
}

// A tap or a click on a skill of the level-up panel picks that skill (touch has no keys for it),
// and fires nothing; elsewhere it picks nothing.
static void test_tap_skill(void) {
    static app_rig r;
    REQUIRE(app_rig_open(&r) && app_rig_play(&r.a));
    app *a = &r.a;
    sim_world *w = session_world(a->view.shown);
    w->agents[0].pending_picks = 1;
    float tile_x = 0.5f * a->view.cam.screen_w - 0.5f * (6 * 96 + 24) + 12 + 96 * 3 + 48;
    float tile_y = a->view.cam.screen_h - 190 + 80;
    CHECK(hud_level_up_hit(&a->view.cam, &w->agents[0], tile_x, tile_y) == 3);
    a->in.mouse_fire = true;
    a->in.click_x = tile_x;
    a->in.click_y = tile_y;
    press(a, ACT_CLICK);
    CHECK(a->in.players[0].pick == 4 && !a->in.mouse_fire);
    a->in.players[0].pick = 0;
    a->in.click_y = 100; // in the world
    press(a, ACT_CLICK);
    CHECK(a->in.players[0].pick == 0);
    w->agents[0].pending_picks = 0; // nothing to pick: the panel is not there
    CHECK(hud_level_up_hit(&a->view.cam, &w->agents[0], tile_x, tile_y) == -1);
    app_rig_close(&r);
}

TEST_MAIN(TEST_CASE(title_difficulty), TEST_CASE(shake_keeps_aim), TEST_CASE(hit_feedback),
          TEST_CASE(low_health), TEST_CASE(crosshair), TEST_CASE(crosshair_needs_sight),
          TEST_CASE(idle_hints), TEST_CASE(hud_layout), TEST_CASE(take_over_names_and_killer),
          TEST_CASE(names_and_bots), TEST_CASE(camera_on_map), TEST_CASE(tap_skill))
