// The replay theatre in the window: keys, pad buttons and clicks to the transport, the free
// camera, and what the tick driver asks of its playback (ticks due, interpolation, the killer).
#include "view_internal.h"

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

void view_theatre_open(match_view *v, uint32_t start_tick) {
    const sim_world *w = session_world(v->shown);
    const int first = v->theatre_first >= 0 && v->theatre_first < sim_agent_count(w)
                          ? v->theatre_first
                      : sim_config_of(w)->humans > 0 ? 0
                                                     : view_focus(v);
    v->theatre_first = -1;
    theatre_open(&v->th, v->shown, start_tick, first);
    v->drag = DRAG_NONE;
    v->free_center = v->cam.center;
}

static bool inside(SDL_FRect r, float x, float y) {
    return x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;
}

/// After a jump in time: effects of the old moment go, the camera is at once where it looks.
static void after_seek(match_view *v) {
    fx_clear(&v->fx);
    v->alpha = 1.0f;
    v->accumulator = 0;
    // The theatre is never behind the title: the camera may frame several humans.
    camera_jump(&v->cam, view_camera_target(v, true), view_map_size(session_world(v->shown)));
}

static void seek(match_view *v, int64_t tick) {
    theatre_seek(&v->th, v->shown, tick);
    after_seek(v);
}

/// The agent drawn nearest a screen point (within a touch's reach), or -1.
static int agent_at(const match_view *v, float x, float y) {
    const sim_world *w = session_world(v->shown);
    int best = -1;
    float best_d2 = 44.0f * 44.0f;
    for (int i = 0; i < sim_agent_count(w); i++) {
        if (sim_agents(w)[i].placement != 0) continue;
        vec2s p = camera_to_screen(&v->cam, agent_draw_pos(&sim_agents(w)[i], v->alpha));
        p.y -= 16.0f * v->cam.zoom; // its body, above its feet
        const float dx = p.x - x, dy = p.y - y, d2 = dx * dx + dy * dy;
        if (d2 < best_d2) {
            best_d2 = d2;
            best = i;
        }
    }
    return best;
}

static void follow(match_view *v, int id) {
    v->th.follow = id;
    if (id >= 0) v->th.last_follow = id;
}

static void jump_to_kill(match_view *v, int dir) {
    int killer;
    const uint32_t now = (uint32_t)sim_tick(session_world(v->shown));
    const uint32_t to = theatre_kill_near(&v->th, now, dir, &killer);
    if (to == now) return;
    if (killer >= 0 && v->th.follow >= 0) follow(v, killer); // watch it happen from the killer
    seek(v, to);
}

/// Play from the end starts again from the beginning.
static void toggle_play(match_view *v) {
    if (v->th.paused && (uint32_t)sim_tick(session_world(v->shown)) >= v->th.stop) seek(v, 0);
    v->th.paused = !v->th.paused;
}

static view_event press_button(match_view *v, theatre_button b) {
    switch (b) {
    case THEATRE_BTN_PLAY:
        toggle_play(v);
        break;
    case THEATRE_BTN_SLOWER:
        theatre_change_speed(&v->th, -1);
        break;
    case THEATRE_BTN_FASTER:
        theatre_change_speed(&v->th, +1);
        break;
    case THEATRE_BTN_PREV_KILL:
        jump_to_kill(v, -1);
        break;
    case THEATRE_BTN_NEXT_KILL:
        jump_to_kill(v, +1);
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
static view_event mouse(match_view *v, input_state *in) {
    view_event ev = VIEW_NONE;
    while (ev == VIEW_NONE && input_take_action(in, ACT_CLICK)) { // the menu takes later clicks
        v->drag = DRAG_NONE;
        for (int b = 0; b < THEATRE_BTN_COUNT; b++)
            if (inside(theatre_view_button(&v->cam, (theatre_button)b), in->click_x, in->click_y)) {
                const view_event e = press_button(v, (theatre_button)b);
                if (e != VIEW_NONE) ev = e;
            }
        SDL_FRect bar = theatre_view_bar(&v->cam);
        bar.y -= 8;
        bar.h += 16;
        if (inside(bar, in->click_x, in->click_y)) {
            v->drag = DRAG_TIMELINE;
            seek(v, theatre_view_tick_at(&v->cam, &v->th, in->click_x));
        } else if (in->click_y < theatre_view_bar(&v->cam).y - 40) {
            v->drag = DRAG_WORLD_PRESS;
            v->press_x = in->click_x;
            v->press_y = in->click_y;
            v->press_center = v->cam.center;
        }
    }
    const float dx = in->mouse_x - v->press_x, dy = in->mouse_y - v->press_y;
    switch (v->drag) {
    case DRAG_TIMELINE:
        if (in->mouse_fire) {
            const uint32_t to = theatre_view_tick_at(&v->cam, &v->th, in->mouse_x);
            if (to != (uint32_t)sim_tick(session_world(v->shown))) seek(v, to);
        }
        break;
    case DRAG_WORLD_PRESS:
        if (in->mouse_fire && dx * dx + dy * dy > DRAG_SLOP * DRAG_SLOP) {
            v->drag = DRAG_WORLD_PAN;
            v->press_center = v->cam.center;
            follow(v, -1);
        } else if (!in->mouse_fire) {
            const int id = agent_at(v, v->press_x, v->press_y);
            if (id >= 0) follow(v, id);
        }
        break;
    case DRAG_WORLD_PAN:
        v->free_center =
            (vec2s){{v->press_center.x - dx / v->cam.zoom, v->press_center.y - dy / v->cam.zoom}};
        break;
    case DRAG_NONE:
        break;
    }
    if (!in->mouse_fire) v->drag = DRAG_NONE;
    return ev;
}

/// The free camera also moves with the movement bindings and the first pad's left stick.
static void pan(match_view *v, input_state *in, float dt) {
    const vec2s by = input_pan(in);
    const float x = by.x, y = by.y;
    if (x == 0 && y == 0) return;
    if (v->th.follow >= 0) {
        v->free_center = v->cam.center;
        follow(v, -1);
    }
    v->free_center.x += x * PAN_SPEED * dt / v->cam.zoom;
    v->free_center.y += y * PAN_SPEED * dt / v->cam.zoom;
}

/// Take over: in a paused replay, the first player's controls drive the followed agent from this
/// tick; the match goes on live and records itself (the file's content up to here, then this).
/// True when taken over; what happened, or why not, is the view's notice.
static bool take_over(match_view *v) {
    theatre *t = &v->th;
    char *msg = v->notice, name[24];
    const size_t n = sizeof v->notice;
    const sim_world *w = session_world(v->shown);
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
    if (!session_take_over(v->shown, t->follow, &err)) {
        snprintf(msg, n, "cannot take over %s: %s", name, err.msg);
        return false;
    }
    snprintf(msg, n, "You took over %s at tick %d: the match is live and records itself", name,
             tick);
    theatre_close(t);
    v->spectate = -1;
    return true;
}

view_event view_theatre_update(match_view *v, input_state *in, float dt, bool back) {
    theatre *t = &v->th;
    if (t->killcam) { // any press that began after it started skips it; it ends by itself
        if (back || input_take_action(in, ACT_ANY)) return view_killcam_end(v);
        v->clock = APP_CLOCK_THEATRE;
        return VIEW_NONE;
    }
    if (back || input_take_action(in, ACT_PAUSE)) return VIEW_WANTS_PAUSE;
    if (t->reading) {
        if (!theatre_read(t, v->shown, tool_now_ns, READ_BUDGET_NS)) return VIEW_NONE;
        // Starting where the one followed is already out: its killer, else someone alive.
        const sim_world *w = session_world(v->shown);
        if (t->follow >= 0 && sim_agents(w)[t->follow].placement != 0) {
            const int killer = sim_agents(w)[t->follow].killer;
            follow(v, killer >= 0 && sim_agents(w)[killer].placement == 0
                          ? killer
                          : theatre_cycle_follow(t, w, +1));
        }
        after_seek(v);
        return VIEW_NONE;
    }
    const sim_world *w = session_world(v->shown);
    const int64_t now = sim_tick(w);
    if (input_take_action(in, ACT_PLAY_PAUSE)) toggle_play(v);
    if (input_take_action(in, ACT_SPEED_UP)) theatre_change_speed(t, +1);
    if (input_take_action(in, ACT_SPEED_DOWN)) theatre_change_speed(t, -1);
    if (input_take_action(in, ACT_SEEK_BACK)) seek(v, now - SEEK_STEP_TICKS);
    if (input_take_action(in, ACT_SEEK_FORWARD)) seek(v, now + SEEK_STEP_TICKS);
    if (input_take_action(in, ACT_SEEK_START)) seek(v, 0);
    if (input_take_action(in, ACT_SEEK_END)) seek(v, t->stop);
    if (input_take_action(in, ACT_STEP_BACK)) {
        t->paused = true;
        seek(v, sim_tick(w) - 1);
    }
    if (input_take_action(in, ACT_STEP_FORWARD)) {
        t->paused = true;
        if ((uint32_t)sim_tick(w) < t->stop) v->theatre_steps++;
        v->alpha = 1.0f;
    }
    if (input_take_action(in, ACT_PREV_KILL)) jump_to_kill(v, -1);
    if (input_take_action(in, ACT_NEXT_KILL)) jump_to_kill(v, +1);
    if (input_take_action(in, ACT_SPECTATE_NEXT)) follow(v, theatre_cycle_follow(t, w, +1));
    if (input_take_action(in, ACT_FREE_CAM)) {
        if (t->follow >= 0) {
            v->free_center = v->cam.center;
            follow(v, -1);
        } else {
            follow(v, t->last_follow);
        }
    }
    if (input_take_action(in, ACT_TAKE_OVER) && take_over(v)) return VIEW_TAKEN_OVER;
    if (input_take_action(in, ACT_WHEEL_UP)) camera_zoom_by(&v->cam, 1.15f);
    if (input_take_action(in, ACT_WHEEL_DOWN)) camera_zoom_by(&v->cam, 1.0f / 1.15f);
    const view_event ev = mouse(v, in);
    pan(v, in, dt);
    v->clock = APP_CLOCK_THEATRE; // the playback plays on: the tick driver steps it
    return ev;
}

int view_theatre_ticks_due(match_view *v, float dt) {
    const theatre *t = &v->th;
    const sim_world *w = session_world(v->shown);
    v->follow_alive = !t->killcam && t->follow >= 0 && sim_agents(w)[t->follow].placement == 0;
    return v->theatre_steps + theatre_ticks_due(&v->th, v->shown, dt);
}

view_event view_theatre_played(match_view *v, float dt) {
    theatre *t = &v->th;
    const sim_world *w = session_world(v->shown);
    // The followed agent eliminated as it played: the camera goes on with its killer.
    const int killer = v->follow_alive ? sim_agents(w)[t->follow].killer : -1;
    if (v->follow_alive && sim_agents(w)[t->follow].placement != 0 && killer >= 0 &&
        sim_agents(w)[killer].placement == 0)
        follow(v, killer);
    // The fraction towards the next tick, for drawing.
    v->alpha = t->paused ? 1.0f : (float)t->owed;
    return t->killcam ? view_killcam_linger(v, dt) : VIEW_NONE;
}
