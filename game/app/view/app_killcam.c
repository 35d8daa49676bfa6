// The killcam: once the player is eliminated, the last five seconds before it from the killer's
// view, played from the match's own in-memory recording while the live match waits. It is read in
// the background while the player sees the elimination happen live; any key, button or click
// pressed after it started skips it (keys held from before never do); the settings turn it off.
#include "app.h"

#include "sim_state.h"
#include "tool_util.h"

/// How much of the match before the elimination it shows.
#define KILLCAM_TICKS (5 * SIM_TICK_HZ)
/// The elimination is seen live this long before the killcam starts (seconds)...
#define KILLCAM_DELAY 1.2f
/// ... and it lingers this long on its last frame before the live match comes back.
#define KILLCAM_LINGER 1.0f
/// Reading time per frame: the spectating view stays smooth.
#define KILLCAM_READ_NS 6000000ull

void app_killcam_drop(app *a) {
    if (a->view.kc_session) session_destroy(a->view.kc_session);
    a->view.kc_session = NULL;
    theatre_close(&a->view.kc);
    if (match_view_killcam_plays(&a->view)) { // playing: the live match is shown again
        session_destroy(a->view.shown);
        a->view.shown = a->view.live;
        theatre_close(&a->view.th);
    }
}

void app_killcam_prepare(app *a) {
    app_killcam_drop(a);
    const sim_world *w = session_world(a->view.live);
    const sim_agent *me = &sim_agents(w)[app_player(a, 0)];
    if (!a->set.killcam || a->view.th.active || !session_recording(a->view.live)) return;
    uint8_t *data;
    size_t size;
    ae_error err;
    if (!session_recording_bytes(a->view.live, &data, &size, &err)) return; // no killcam, no harm
    session_def def = {0};
    def.replay_data = data;
    def.replay_size = size;
    def.keyframe_interval = SESSION_THEATRE_KEYFRAMES;
    a->view.kc_session = session_create(&def, &err);
    ae_free(data, size);
    if (!a->view.kc_session) return;
    const uint32_t end = session_length(a->view.kc_session);
    theatre_open(&a->view.kc, a->view.kc_session, end > KILLCAM_TICKS ? end - KILLCAM_TICKS : 0,
                 me->killer >= 0 ? me->killer : app_player(a, 0));
    a->view.kc.killcam = true;
    a->view.kc_age = 0;
}

/// Puts the world `s` on screen (its map may differ in size from the last one drawn).
static void show_world(app *a, session *s) {
    a->view.shown = s;
    const sim_world *w = session_world(s);
    world_renderer_init(&a->view.wr, &a->g);
    hud_build_minimap(&a->hud, a->renderer, w);
    fx_clear(&a->view.fx);
    a->view.alpha = 1.0f;
    a->view.accumulator = 0;
    camera_jump(&a->view.cam, app_camera_target(a), app_map_size(w));
}

view_event app_killcam_update(app *a) {
    if (!a->view.kc_session) return VIEW_NONE;
    if (a->screen != SCREEN_DEAD) { // the player went on without it
        app_killcam_drop(a);
        return VIEW_NONE;
    }
    a->view.kc_age += a->frame_dt;
    if (!theatre_read(&a->view.kc, a->view.kc_session, tool_now_ns, KILLCAM_READ_NS))
        return VIEW_NONE;
    if (a->view.kc_age < KILLCAM_DELAY) return VIEW_NONE;
    // Play it: the live match waits (still a->view.live), the theatre takes the killcam's world.
    a->view.th = a->view.kc; // the marks move with it
    a->view.kc = (theatre){0};
    session *k = a->view.kc_session;
    a->view.kc_session = NULL;
    a->view.kc_age = 0;
    show_world(a, k);
    return VIEW_KILLCAM_STARTED;
}

view_event app_killcam_linger(app *a) {
    if (!a->view.th.paused) {
        a->view.kc_age = 0;
        return VIEW_NONE;
    }
    a->view.kc_age += a->frame_dt;
    return a->view.kc_age >= KILLCAM_LINGER ? app_killcam_end(a) : VIEW_NONE;
}

view_event app_killcam_end(app *a) {
    if (!match_view_killcam_plays(&a->view)) return VIEW_NONE;
    session *k = a->view.shown;
    theatre_close(&a->view.th);
    show_world(a, a->view.live);
    session_destroy(k);
    return VIEW_KILLCAM_ENDED;
}
