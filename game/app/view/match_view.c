// The match view's questions about what it shows (the player's agent, the focus, where the camera
// heads) and the tick driver's: what owes ticks this frame, the live match's accumulator or the
// theatre's playback, and what follows them. app_run_ticks steps the ticks in between.
#include "view_internal.h"

#include "sim_state.h"

/// A long stall is not made up at once: at most this many live ticks a frame.
#define MAX_LIVE_TICKS 8

sim_world *view_world(const match_view *v) {
    return v->shown ? session_world(v->shown) : v->net ? net_client_world(v->net) : NULL;
}

bool view_online(const match_view *v) {
    return v->net && !v->live;
}

int view_players(const match_view *v) {
    return view_online(v) || view_online_replay(v) ? 1 : sim_config_of(view_world(v))->humans;
}

bool view_online_replay(const match_view *v) {
    if (!v->shown || !session_replaying(v->shown)) return false;
    for (int h = 0, n = sim_config_of(session_world(v->shown))->humans; h < n; h++)
        if (session_slot_name(v->shown, h)[0]) return true;
    return false;
}

bool view_done(const match_view *v) {
    if (!view_online(v)) return session_done(v->shown);
    const net_client_state st = net_client_get_state(v->net);
    return st == NET_CLIENT_ENDED || st == NET_CLIENT_FAILED;
}

bool view_replaying(const match_view *v) {
    return v->shown && session_replaying(v->shown);
}

int view_player(const match_view *v, int h) {
    if (view_online(v)) return net_client_agent(v->net);
    const int id = sim_slot_agent(session_world(v->shown), h);
    return id >= 0 ? id : h; // a slot whose agent another took: its own, as a spectator would
}

int view_focus(const match_view *v) {
    const sim_world *w = view_world(v);
    if (v->pinned >= 0) return v->pinned; // --frames --follow N: agent N throughout
    if (v->th.active) return v->th.follow >= 0 ? v->th.follow : v->th.last_follow;
    if (view_players(v) > 0 && sim_agents(w)[view_player(v, 0)].placement == 0)
        return view_player(v, 0);
    if (v->spectate >= 0 && v->spectate < sim_agent_count(w) &&
        sim_agents(w)[v->spectate].placement == 0)
        return v->spectate;
    // Follow the killer, else anyone alive, else the winner.
    if (view_players(v) > 0 && sim_agents(w)[view_player(v, 0)].killer >= 0 &&
        sim_agents(w)[sim_agents(w)[view_player(v, 0)].killer].placement == 0)
        return sim_agents(w)[view_player(v, 0)].killer;
    for (int i = 0; i < sim_agent_count(w); i++)
        if (sim_agents(w)[i].placement == 0) return i;
    return sim_winner(w) >= 0 ? sim_winner(w) : 0;
}

vec2s view_camera_target(match_view *v, bool frame_humans) {
    const sim_world *w = view_world(v);
    // Several humans share the screen: frame all of those alive, zooming out as they spread.
    vec2s lo = {{1e30f, 1e30f}}, hi = {{-1e30f, -1e30f}};
    int alive = 0;
    for (int h = 0; h < view_players(v); h++) {
        if (sim_agents(w)[view_player(v, h)].placement != 0) continue;
        vec2s p = agent_draw_pos(&sim_agents(w)[view_player(v, h)], v->alpha);
        lo = glms_vec2_minv(lo, p);
        hi = glms_vec2_maxv(hi, p);
        alive++;
    }
    if (v->th.active && v->th.follow < 0) return v->free_center;
    if (alive < 2 || !frame_humans || v->th.active || v->pinned >= 0)
        return agent_draw_pos(&sim_agents(w)[view_focus(v)], v->alpha);
    float need_w = hi.x - lo.x + 400.0f, need_h = hi.y - lo.y + 300.0f;
    float fit = fminf(v->cam.screen_w / need_w, v->cam.screen_h / need_h);
    camera_frame(&v->cam, fit);
    return glms_vec2_scale(glms_vec2_add(lo, hi), 0.5f);
}

vec2s view_map_size(const sim_world *w) {
    const float cs = sim_config_of(w)->cell_size;
    return (vec2s){{(float)sim_grid(w)->width * cs, (float)sim_grid(w)->height * cs}};
}

int view_ticks_due(match_view *v, float dt, bool world_runs) {
    if (v->net) return view_net_ticks_due(v, dt); // online, or joining behind the title's world
    if (v->clock == APP_CLOCK_THEATRE) return view_theatre_ticks_due(v, dt);
    if (!world_runs) return 0;
    v->clock = APP_CLOCK_LIVE;
    v->accumulator += dt;
    const double step = 1.0 / SIM_TICK_HZ;
    int due = 0;
    while (v->accumulator >= step && due < MAX_LIVE_TICKS) {
        v->accumulator -= step;
        due++;
    }
    if (due == MAX_LIVE_TICKS) v->accumulator = 0; // never spiral after a long stall
    return due;
}

view_event view_ticks_done(match_view *v, float dt) {
    view_event ev = VIEW_NONE;
    if (v->clock == APP_CLOCK_LIVE) v->alpha = (float)(v->accumulator / (1.0 / SIM_TICK_HZ));
    if (v->clock == APP_CLOCK_THEATRE) ev = view_theatre_played(v, dt);
    if (v->clock == APP_CLOCK_NET) ev = view_net_done(v);
    v->clock = APP_CLOCK_STILL;
    v->theatre_steps = 0;
    return ev;
}
