// The replay theatre in the window: keys, pad buttons and clicks to the transport, the free
// camera, and what the tick driver asks of its playback (ticks due, interpolation, the killer).
#include "app.h"

#include "sim_names.h"
#include "sim_state.h"
#include "theatre_view.h"
#include "tool_util.h"

/// Time the first pass may take per frame: the window stays responsive while it reads.
#define READ_BUDGET_NS 12000000ull
/// A press that moves farther than this (pixels) drags instead of clicking.
#define DRAG_SLOP 6.0f
/// Arrow keys and the d-pad seek this far.
#define SEEK_STEP_TICKS (5 * SIM_TICK_HZ)
/// The free camera's speed with WASD or the left stick, in screen pixels per second.
#define PAN_SPEED 900.0f

void app_theatre_open(app *a, uint32_t start_tick) {
    const sim_world *w = session_world(a->view.shown);
    theatre_open(&a->view.th, a->view.shown, start_tick,
                 sim_config_of(w)->humans > 0 ? 0 : app_focus(a));
    a->view.drag = DRAG_NONE;
    a->view.free_center = a->view.cam.center;
}

static bool inside(SDL_FRect r, float x, float y) {
    return x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;
}

/// After a jump in time: effects of the old moment go, the camera is at once where it looks.
static void after_seek(app *a) {
    fx_clear(&a->view.fx);
    a->view.alpha = 1.0f;
    a->view.accumulator = 0;
    camera_jump(&a->view.cam, app_camera_target(a), app_map_size(session_world(a->view.shown)));
}

static void seek(app *a, int64_t tick) {
    theatre_seek(&a->view.th, a->view.shown, tick);
    after_seek(a);
}

/// The agent drawn nearest a screen point (within a touch's reach), or -1.
static int agent_at(const app *a, float x, float y) {
    const sim_world *w = session_world(a->view.shown);
    int best = -1;
    float best_d2 = 44.0f * 44.0f;
    for (int i = 0; i < sim_agent_count(w); i++) {
        if (sim_agents(w)[i].placement != 0) continue;
        vec2s p = camera_to_screen(&a->view.cam, agent_draw_pos(&sim_agents(w)[i], a->view.alpha));
        p.y -= 16.0f * a->view.cam.zoom; // its body, above its feet
        const float dx = p.x - x, dy = p.y - y, d2 = dx * dx + dy * dy;
        if (d2 < best_d2) {
            best_d2 = d2;
            best = i;
        }
    }
    return best;
}

static void follow(app *a, int id) {
    a->view.th.follow = id;
    if (id >= 0) a->view.th.last_follow = id;
}

static void jump_to_kill(app *a, int dir) {
    int killer;
    const uint32_t now = (uint32_t)sim_tick(session_world(a->view.shown));
    const uint32_t to = theatre_kill_near(&a->view.th, now, dir, &killer);
    if (to == now) return;
    if (killer >= 0 && a->view.th.follow >= 0) follow(a, killer); // watch it happen from the killer
    seek(a, to);
}

/// Play from the end starts again from the beginning.
static void toggle_play(app *a) {
    if (a->view.th.paused && (uint32_t)sim_tick(session_world(a->view.shown)) >= a->view.th.stop)
        seek(a, 0);
    a->view.th.paused = !a->view.th.paused;
}

static view_event press_button(app *a, theatre_button b) {
    switch (b) {
    case THEATRE_BTN_PLAY:
        toggle_play(a);
        break;
    case THEATRE_BTN_SLOWER:
        theatre_change_speed(&a->view.th, -1);
        break;
    case THEATRE_BTN_FASTER:
        theatre_change_speed(&a->view.th, +1);
        break;
    case THEATRE_BTN_PREV_KILL:
        jump_to_kill(a, -1);
        break;
    case THEATRE_BTN_NEXT_KILL:
        jump_to_kill(a, +1);
        break;
    case THEATRE_BTN_MENU:
        return VIEW_WANTS_PAUSE;
    case THEATRE_BTN_COUNT:
        break;
    }
    return VIEW_NONE;
}

/// The left button: a press on the bar scrubs while held; on a button presses it; on the world
/// it picks the agent under it on release, or pans the free camera when it drags.
static view_event mouse(app *a) {
    input_state *in = &a->in;
    view_event ev = VIEW_NONE;
    while (ev == VIEW_NONE && input_take_action(in, ACT_CLICK)) { // the menu takes later clicks
        a->view.drag = DRAG_NONE;
        for (int b = 0; b < THEATRE_BTN_COUNT; b++)
            if (inside(theatre_view_button(&a->view.cam, (theatre_button)b), in->click_x,
                       in->click_y)) {
                const view_event e = press_button(a, (theatre_button)b);
                if (e != VIEW_NONE) ev = e;
            }
        SDL_FRect bar = theatre_view_bar(&a->view.cam);
        bar.y -= 8;
        bar.h += 16;
        if (inside(bar, in->click_x, in->click_y)) {
            a->view.drag = DRAG_TIMELINE;
            seek(a, theatre_view_tick_at(&a->view.cam, &a->view.th, in->click_x));
        } else if (in->click_y < theatre_view_bar(&a->view.cam).y - 40) {
            a->view.drag = DRAG_WORLD_PRESS;
            a->view.press_x = in->click_x;
            a->view.press_y = in->click_y;
            a->view.press_center = a->view.cam.center;
        }
    }
    const float dx = in->mouse_x - a->view.press_x, dy = in->mouse_y - a->view.press_y;
    switch (a->view.drag) {
    case DRAG_TIMELINE:
        if (in->mouse_fire) {
            const uint32_t to = theatre_view_tick_at(&a->view.cam, &a->view.th, in->mouse_x);
            if (to != (uint32_t)sim_tick(session_world(a->view.shown))) seek(a, to);
        }
        break;
    case DRAG_WORLD_PRESS:
        if (in->mouse_fire && dx * dx + dy * dy > DRAG_SLOP * DRAG_SLOP) {
            a->view.drag = DRAG_WORLD_PAN;
            a->view.press_center = a->view.cam.center;
            follow(a, -1);
        } else if (!in->mouse_fire) {
            const int id = agent_at(a, a->view.press_x, a->view.press_y);
            if (id >= 0) follow(a, id);
        }
        break;
    case DRAG_WORLD_PAN:
        a->view.free_center = (vec2s){{a->view.press_center.x - dx / a->view.cam.zoom,
                                       a->view.press_center.y - dy / a->view.cam.zoom}};
        break;
    case DRAG_NONE:
        break;
    }
    if (!in->mouse_fire) a->view.drag = DRAG_NONE;
    return ev;
}

/// The free camera also moves with the movement bindings and the first pad's left stick.
static void pan(app *a, float dt) {
    const vec2s v = input_pan(&a->in);
    const float x = v.x, y = v.y;
    if (x == 0 && y == 0) return;
    if (a->view.th.follow >= 0) {
        a->view.free_center = a->view.cam.center;
        follow(a, -1);
    }
    a->view.free_center.x += x * PAN_SPEED * dt / a->view.cam.zoom;
    a->view.free_center.y += y * PAN_SPEED * dt / a->view.cam.zoom;
}

/// Take over: in a paused replay, the first player's controls drive the followed agent from this
/// tick; the match goes on live and records itself (the file's content up to here, then this).
/// True when taken over; what happened, or why not, is the view's notice.
static bool take_over(app *a) {
    theatre *t = &a->view.th;
    char *msg = a->view.notice, name[24];
    const size_t n = sizeof a->view.notice;
    const sim_world *w = session_world(a->view.shown);
    if (!t->paused || t->follow < 0) {
        snprintf(msg, n, "%s",
                 t->follow < 0 ? "Take over: follow an agent first (click on it, or Tab)"
                               : "Take over: pause first (Space), then T");
        return false;
    }
    // Its own name, as it entered the match: sim_agent_name calls player 1's agent "You".
    const sim_agent *taken = &sim_agents(w)[t->follow];
    if (taken->bot)
        snprintf(name, sizeof name, "Bot %d", t->follow - sim_config_of(w)->humans + 1);
    else
        snprintf(name, sizeof name, "P%d", t->follow + 1);
    const int tick = sim_tick(w);
    ae_error err = {{0}};
    if (!session_take_over(a->view.shown, t->follow, &err)) {
        snprintf(msg, n, "cannot take over %s: %s", name, err.msg);
        return false;
    }
    snprintf(msg, n, "You took over %s at tick %d: the match is live and records itself", name,
             tick);
    theatre_close(t);
    a->watching = false;
    a->recording = true; // the branch, for Watch replay and Save replay on its results
    a->recording_to_file = false;
    a->spectate = -1;
    return true;
}

view_event app_theatre_update(app *a, bool back) {
    theatre *t = &a->view.th;
    input_state *in = &a->in;
    const float dt = a->frame_dt;
    if (t->killcam) { // any press that began after it started skips it; it ends by itself
        if (back || input_take_action(in, ACT_ANY)) return app_killcam_end(a);
        a->view.clock = APP_CLOCK_THEATRE;
        return VIEW_NONE;
    }
    if (back || input_take_action(in, ACT_PAUSE)) return VIEW_WANTS_PAUSE;
    if (t->reading) {
        if (!theatre_read(t, a->view.shown, tool_now_ns, READ_BUDGET_NS)) return VIEW_NONE;
        // Starting where the one followed is already out: its killer, else someone alive.
        const sim_world *w = session_world(a->view.shown);
        if (t->follow >= 0 && sim_agents(w)[t->follow].placement != 0) {
            const int killer = sim_agents(w)[t->follow].killer;
            follow(a, killer >= 0 && sim_agents(w)[killer].placement == 0
                          ? killer
                          : theatre_cycle_follow(t, w, +1));
        }
        after_seek(a);
        return VIEW_NONE;
    }
    const sim_world *w = session_world(a->view.shown);
    const int64_t now = sim_tick(w);
    if (input_take_action(in, ACT_PLAY_PAUSE)) toggle_play(a);
    if (input_take_action(in, ACT_SPEED_UP)) theatre_change_speed(t, +1);
    if (input_take_action(in, ACT_SPEED_DOWN)) theatre_change_speed(t, -1);
    if (input_take_action(in, ACT_SEEK_BACK)) seek(a, now - SEEK_STEP_TICKS);
    if (input_take_action(in, ACT_SEEK_FORWARD)) seek(a, now + SEEK_STEP_TICKS);
    if (input_take_action(in, ACT_SEEK_START)) seek(a, 0);
    if (input_take_action(in, ACT_SEEK_END)) seek(a, t->stop);
    if (input_take_action(in, ACT_STEP_BACK)) {
        t->paused = true;
        seek(a, sim_tick(w) - 1);
    }
    if (input_take_action(in, ACT_STEP_FORWARD)) {
        t->paused = true;
        if ((uint32_t)sim_tick(w) < t->stop) a->view.theatre_steps++;
        a->view.alpha = 1.0f;
    }
    if (input_take_action(in, ACT_PREV_KILL)) jump_to_kill(a, -1);
    if (input_take_action(in, ACT_NEXT_KILL)) jump_to_kill(a, +1);
    if (input_take_action(in, ACT_SPECTATE_NEXT)) follow(a, theatre_cycle_follow(t, w, +1));
    if (input_take_action(in, ACT_FREE_CAM)) {
        if (t->follow >= 0) {
            a->view.free_center = a->view.cam.center;
            follow(a, -1);
        } else {
            follow(a, t->last_follow);
        }
    }
    if (input_take_action(in, ACT_TAKE_OVER) && take_over(a)) return VIEW_TAKEN_OVER;
    if (input_take_action(in, ACT_WHEEL_UP)) camera_zoom_by(&a->view.cam, 1.15f);
    if (input_take_action(in, ACT_WHEEL_DOWN)) camera_zoom_by(&a->view.cam, 1.0f / 1.15f);
    const view_event ev = mouse(a);
    pan(a, dt);
    a->view.clock = APP_CLOCK_THEATRE; // the playback plays on: the tick driver steps it
    return ev;
}

int app_theatre_ticks_due(app *a, float dt) {
    const theatre *t = &a->view.th;
    const sim_world *w = session_world(a->view.shown);
    a->view.follow_alive = !t->killcam && t->follow >= 0 && sim_agents(w)[t->follow].placement == 0;
    return a->view.theatre_steps + theatre_ticks_due(&a->view.th, a->view.shown, dt);
}

view_event app_theatre_played(app *a) {
    theatre *t = &a->view.th;
    const sim_world *w = session_world(a->view.shown);
    // The followed agent eliminated as it played: the camera goes on with its killer.
    const int killer = a->view.follow_alive ? sim_agents(w)[t->follow].killer : -1;
    if (a->view.follow_alive && sim_agents(w)[t->follow].placement != 0 && killer >= 0 &&
        sim_agents(w)[killer].placement == 0)
        follow(a, killer);
    // The fraction towards the next tick, for drawing.
    a->view.alpha = t->paused ? 1.0f : (float)t->owed;
    return t->killcam ? app_killcam_linger(a) : VIEW_NONE;
}
