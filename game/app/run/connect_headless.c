// arena --connect URL --headless --pilot bot|novice: an online match played by a pilot without a
// window, on the monotonic clock, until the server ends it. What tests and load runs use as a
// player; it prints the match's end as arena --headless does, then its own `stats:` line.
#include "connect.h"

#include "net_client.h"
#ifndef __EMSCRIPTEN__
#include "net_lobby.h"
#endif
#include "net_token.h"
#include "net_ws.h"
#include "sim_state.h"
#include "tool_util.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static uint64_t now_us(void) {
    return tool_now_ns() / 1000u;
}

static void print_end(net_client *c) {
    const net_client_stats *st = net_client_get_stats(c);
    net_end end;
    if (net_client_end(c, &end)) {
        if (end.winner >= 0)
            printf("winner: %d\n", end.winner);
        else
            printf("winner: none\n");
        printf("ticks: %u\n", end.tick);
        printf("hash: %016" PRIx64 "\n", end.hash);
        printf("placement: %u\n", end.placement);
    }
    size_t replay_size = 0;
    net_client_replay(c, &replay_size);
    printf("stats: online agent %d snapshots %u ticks %u ping_ms %.1f jitter_ms %.1f "
           "corrections_over_1 %u of %u snapped %u extrapolated_ticks %u bytes_down %" PRIu64
           " bytes_up %" PRIu64 " replay_bytes %zu\n",
           net_client_agent(c), st->snapshots, st->ticks, st->ping_ms, st->jitter_ms,
           st->corrections_over_1, st->compared, st->snapped, st->extrapolated_ticks,
           st->bytes_down, st->bytes_up, replay_size);
}

#ifndef __EMSCRIPTEN__
// --connect http://...: the lobby's seat, its server's url into url and its token into token.
static bool ask_lobby(const char *lobby, char *url, size_t n, uint8_t *token) {
    ae_error err;
    net_lobby_ask *q = net_lobby_ask_start(lobby, now_us(), &err);
    if (!q) {
        tool_fail(ARENA_PROGRAM, lobby, "%s", err.msg);
        return false;
    }
    net_lobby_state state;
    while ((state = net_lobby_ask_poll(q, 100, now_us())) == NET_LOBBY_WAITING) continue;
    if (state == NET_LOBBY_SEATED) {
        snprintf(url, n, "%s", net_lobby_ask_url(q));
        memcpy(token, net_lobby_ask_token(q), NET_TOKEN_BYTES);
    } else {
        tool_fail(ARENA_PROGRAM, lobby, "%s", net_lobby_ask_error(q));
    }
    net_lobby_ask_destroy(q);
    return state == NET_LOBBY_SEATED;
}
#endif

int arena_run_connect_headless(const arena_options *o) {
    ae_error err;
    char url[512];
    uint8_t token[NET_TOKEN_BYTES];
    snprintf(url, sizeof url, "%s", o->connect);
    const bool has_token = o->token_hex || !strncmp(o->connect, "http://", 7);
#ifdef __EMSCRIPTEN__ // the browser delivers a socket's news only once this loop returned
    ae_error_set(&err, "a headless online run needs the native arena (the page plays online)");
    net_transport *t = NULL;
#else
    if (o->token_hex) memcpy(token, o->token, sizeof token); // options.c read it
    if (net_lobby_url(o->connect) && !ask_lobby(o->connect, url, sizeof url, token)) return 2;
    net_transport *t = net_ws_connect(url, NULL, &err);
#endif
    if (!t) {
        tool_fail(ARENA_PROGRAM, url, "%s", err.msg);
        return 2;
    }
    net_client_def def = {.name = o->name ? o->name : "Pilot",
                          .token = has_token ? token : NULL,
                          .load_map = arena_load_net_map};
    net_client *c = net_client_create(t, &def, &err);
    if (!c) {
        tool_fail(ARENA_PROGRAM, url, "%s", err.msg);
        net_transport_destroy(t);
        return 2;
    }
    sim_autopilot *ap = NULL;
    const sim_world *piloted = NULL;
    uint64_t next = now_us();
    int status = 0;
    for (;;) {
        net_client_state state = net_client_get_state(c);
        if (state == NET_CLIENT_ENDED) break;
        if (state == NET_CLIENT_FAILED) {
            tool_fail(ARENA_PROGRAM, url, "%s", net_client_failure(c));
            status = 2;
            break;
        }
        uint64_t now = now_us();
        int wait_ms = next > now ? (int)((next - now) / 1000u) : 0;
        net_service(t, wait_ms);
        net_client_update(c, now_us());
        if (now_us() < next) continue;
        next += net_client_tick_period_us(c);
        sim_world *w = net_client_world(c);
        if (w && w != piloted) { // the mirror came with WELCOME: a pilot for it
            sim_autopilot_destroy(ap);
            ap = sim_autopilot_create(w, o->seed, (sim_pilot)o->pilot);
            piloted = w;
        }
        sim_input in = {0};
        if (ap && net_client_get_state(c) == NET_CLIENT_PLAYING) net_client_pilot_input(c, ap, &in);
        net_client_tick(c, &in);
    }
    if (status == 0) print_end(c);
    sim_autopilot_destroy(ap);
    net_client_destroy(c);
    net_transport_destroy(t);
    return status;
}
