// The match view's online source: a net_client whose mirror world is drawn as a session's is.
// The client keeps its own tick schedule (net_client_tick_period_us, nudged by the server's
// queue) on a clock made of the frames' seconds, so a test that steps frames of a fixed length
// drives it as exactly as a window does on the wall clock.
#include "view_internal.h"

#include "sim_state.h"

#include <stdio.h>

/// A long stall is not made up at once: at most this many client ticks a frame.
#define MAX_NET_TICKS 8
/// Transport services a frame before its ticks (each reads what one socket read brings, so a
/// slow frame takes two), and one after them (the inputs sent).
#define SERVICE_ROUNDS 2

void view_net_open(match_view *v, net_transport *t, net_client *c) {
    view_net_close(v);
    v->net_t = t;
    v->net = c;
    v->net_now_us = 0;
    v->net_next_us = 0;
    v->net_said = VIEW_NONE;
}

void view_net_close(match_view *v) {
    if (!v->net) return;
    net_client_leave(v->net);
    net_service(v->net_t, 0); // the BYE and the close on their way, as far as they go now
    net_client_destroy(v->net);
    if (v->net_final) session_destroy(v->net_final);
    v->net_final = NULL;
    net_transport_destroy(v->net_t);
    v->net = NULL;
    v->net_t = NULL;
}

int view_net_ticks_due(match_view *v, float dt) {
    v->clock = APP_CLOCK_NET;
    v->net_now_us += (uint64_t)((double)dt * 1e6 + 0.5);
    for (int i = 0; i < SERVICE_ROUNDS; i++) net_client_update(v->net, v->net_now_us);
    const net_client_state st = net_client_get_state(v->net);
    if (st != NET_CLIENT_PLAYING && st != NET_CLIENT_SPECTATING) return 0;
    if (!v->net_next_us) v->net_next_us = v->net_now_us; // the first tick: now
    int due = 0;
    while (v->net_now_us >= v->net_next_us && due < MAX_NET_TICKS) {
        v->net_next_us += net_client_tick_period_us(v->net);
        due++;
    }
    if (due == MAX_NET_TICKS && v->net_now_us >= v->net_next_us)
        v->net_next_us = v->net_now_us + net_client_tick_period_us(v->net); // no spiral
    return due;
}

view_event view_net_done(match_view *v) {
    net_service(v->net_t, 0); // the inputs on their way
    // Between the last client tick and the next, as the live accumulator's alpha.
    const uint32_t period = net_client_tick_period_us(v->net);
    const uint64_t left = v->net_next_us > v->net_now_us ? v->net_next_us - v->net_now_us : 0;
    v->alpha = left >= period ? 0.0f : 1.0f - (float)left / (float)period;
    view_event ev = VIEW_NONE;
    switch (net_client_get_state(v->net)) {
    case NET_CLIENT_FAILED:
        snprintf(v->notice, sizeof v->notice, "%s", net_client_failure(v->net));
        ev = VIEW_NET_FAILED;
        break;
    case NET_CLIENT_ENDED:
        ev = net_client_world(v->net) ? VIEW_NET_ENDED : VIEW_NET_FAILED;
        if (ev == VIEW_NET_FAILED) // over before WELCOME: nothing to show of it
            snprintf(v->notice, sizeof v->notice, "the server ended the match before it began");
        break;
    case NET_CLIENT_PLAYING:
    case NET_CLIENT_SPECTATING:
        if (net_client_get_stats(v->net)->snapshots > 0) ev = VIEW_NET_JOINED;
        break;
    case NET_CLIENT_CONNECTING:
        break;
    }
    // Each is said once: joined, then ended or failed.
    if (ev == VIEW_NONE || ev == v->net_said) return VIEW_NONE;
    v->net_said = ev;
    return ev;
}
