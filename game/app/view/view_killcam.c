// The killcam: once the player is eliminated, the last five seconds before it from the killer's
// view, played from the match's own in-memory recording while the live match waits. It is read in
// the background while the player sees the elimination happen live; any key, button or click
// pressed after it started skips it (keys held from before never do); the settings turn it off.
#include "view_internal.h"

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

void view_killcam_drop(match_view *v) {
    if (v->kc_session) session_destroy(v->kc_session);
    v->kc_session = NULL;
    theatre_close(&v->kc);
    if (match_view_killcam_plays(v)) { // playing: the live match is shown again
        session_destroy(v->shown);
        v->shown = v->live;
        theatre_close(&v->th);
    }
}

void view_killcam_prepare(match_view *v, bool enabled) {
    view_killcam_drop(v);
    if (!v->live) return; // online: the match is the server's, with no recording here
    const sim_world *w = session_world(v->live);
    const sim_agent *me = &sim_agents(w)[view_player(v, 0)];
    if (!enabled || v->th.active || !session_recording(v->live)) return;
    uint8_t *data;
    size_t size;
    ae_error err;
    if (!session_recording_bytes(v->live, &data, &size, &err)) return; // no killcam, no harm
    session_def def = {0};
    def.replay_data = data;
    def.replay_size = size;
    def.keyframe_interval = SESSION_THEATRE_KEYFRAMES;
    v->kc_session = session_create(&def, &err);
    ae_free(data, size);
    if (!v->kc_session) return;
    const uint32_t end = session_length(v->kc_session);
    theatre_open(&v->kc, v->kc_session, end > KILLCAM_TICKS ? end - KILLCAM_TICKS : 0,
                 me->killer >= 0 ? me->killer : view_player(v, 0));
    v->kc.killcam = true;
    v->kc_age = 0;
}

/// Puts the world `s` on screen (its map may differ in size from the last one drawn; the HUD
/// rebuilds its minimap when it draws a map of another hash, app_draw).
static void show_world(match_view *v, session *s) {
    v->shown = s;
    const sim_world *w = session_world(s);
    world_renderer_init(&v->wr, v->wr.g); // its scratch and cached ground were the last map's
    fx_clear(&v->fx);
    v->alpha = 1.0f;
    v->accumulator = 0;
    // The killcam plays only after the player's elimination, never behind the title.
    camera_jump(&v->cam, view_camera_target(v, true), view_map_size(w));
}

view_event view_killcam_update(match_view *v, float dt, bool spectating) {
    if (!v->kc_session) return VIEW_NONE;
    if (!spectating) { // the player went on without it
        view_killcam_drop(v);
        return VIEW_NONE;
    }
    v->kc_age += dt;
    if (!theatre_read(&v->kc, v->kc_session, tool_now_ns, KILLCAM_READ_NS)) return VIEW_NONE;
    if (v->kc_age < KILLCAM_DELAY) return VIEW_NONE;
    // Play it: the live match waits (still v->live), the theatre takes the killcam's world.
    v->th = v->kc; // the marks move with it
    v->kc = (theatre){0};
    session *k = v->kc_session;
    v->kc_session = NULL;
    v->kc_age = 0;
    show_world(v, k);
    return VIEW_KILLCAM_STARTED;
}

view_event view_killcam_linger(match_view *v, float dt) {
    if (!v->th.paused) {
        v->kc_age = 0;
        return VIEW_NONE;
    }
    v->kc_age += dt;
    return v->kc_age >= KILLCAM_LINGER ? view_killcam_end(v) : VIEW_NONE;
}

view_event view_killcam_end(match_view *v) {
    if (!match_view_killcam_plays(v)) return VIEW_NONE;
    session *k = v->shown;
    theatre_close(&v->th);
    show_world(v, v->live);
    session_destroy(k);
    return VIEW_KILLCAM_ENDED;
}
