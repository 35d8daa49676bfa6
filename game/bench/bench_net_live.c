// arena-bench net, the live row: what the virtual clock cannot show. The match server runs as
// arena-server does, on a thread of its own over real sockets on 127.0.0.1 (net_ws) on the
// monotonic clock, sleeping in net_service until its next tick; 100 clients flown by novice
// pilots run on a second thread, each with its own WebSocket connection. Measured: how late the
// server's ticks start (p50, p99, max) and how many it had to drop, and the server thread's CPU
// time as a share of one core. Loopback only; the run is bounded by its tick count and a time cap.
#include "suites.h"

#include "asset_dir.h"
#include "connect.h"
#include "net_client.h"
#include "net_serve.h"
#include "net_server.h"
#include "net_ws.h"
#include "sim_state.h"
#include "tool_util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define LIVE_CLIENTS 100
#define LIVE_CAP_US  (90 * 1000000ull) // the whole row gives up after this

typedef struct live_server {
    net_server *srv;
    net_transport *t;
    uint64_t cpu_ns, wall_us, t0_us;
    atomic_bool stop; // the clients gave up: end the match
    atomic_bool done;
} live_server;

static bool live_stop(void *user) {
    live_server *ls = user;
    return atomic_load(&ls->stop) || net_serve_now_us() - ls->t0_us >= LIVE_CAP_US;
}

static void *serve(void *arg) {
    live_server *ls = arg;
    const uint64_t cpu0 = tool_thread_cpu_ns();
    ls->t0_us = net_serve_now_us();
    net_serve(ls->srv, ls->t, live_stop, ls);
    ls->cpu_ns = tool_thread_cpu_ns() - cpu0;
    ls->wall_us = net_serve_now_us() - ls->t0_us;
    atomic_store(&ls->done, true);
    return NULL;
}

typedef struct live_client {
    net_transport *t;
    net_client *c;
    sim_autopilot *ap;
    const sim_world *piloted;
    uint64_t next_us;
} live_client;

// Runs every client until each has ended or failed; how many ended.
static int play_clients(live_client *cs, int n, live_server *ls) {
    const uint64_t t0 = net_serve_now_us();
    int live = n;
    while (live > 0 && net_serve_now_us() - t0 < LIVE_CAP_US) {
        live = 0;
        const uint64_t now = net_serve_now_us();
        for (int i = 0; i < n; i++) {
            live_client *k = &cs[i];
            net_client_update(k->c, now);
            const net_client_state st = net_client_get_state(k->c);
            if (st == NET_CLIENT_ENDED || st == NET_CLIENT_FAILED) continue;
            live++;
            if (now < k->next_us) continue;
            k->next_us = (k->next_us ? k->next_us : now) + net_client_tick_period_us(k->c);
            sim_world *w = net_client_world(k->c);
            if (w && w != k->piloted) {
                sim_autopilot_destroy(k->ap);
                k->ap = sim_autopilot_create(w, (uint64_t)i + 1, SIM_PILOT_NOVICE);
                k->piloted = w;
            }
            sim_input in = {0};
            if (k->ap && st == NET_CLIENT_PLAYING) net_client_pilot_input(k->c, k->ap, &in);
            net_client_tick(k->c, &in);
            net_service(k->t, 0);
        }
        struct timespec nap = {0, 1000000}; // 1 ms: the clients' loop need not spin
        nanosleep(&nap, NULL);
    }
    if (live > 0) atomic_store(&ls->stop, true);
    int ended = 0;
    for (int i = 0; i < n; i++) ended += net_client_get_state(cs[i].c) == NET_CLIENT_ENDED;
    return ended;
}

bool bench_net_live(bench_net_live_result *out) {
    *out = (bench_net_live_result){0};
    char map_path[4096];
    snprintf(map_path, sizeof map_path, "%s/maps/arena.png", app_asset_dir());
    ae_error err;
    net_limits limits = {.max_message = 512, .max_per_address = LIVE_CLIENTS + 1};
    live_server ls = {0};
    ls.t = net_ws_listen("127.0.0.1", 0, &limits, &err);
    if (!ls.t) {
        tool_fail(ARENA_BENCH, "net", "%s", err.msg);
        return false;
    }
    net_server_def def = {0};
    def.match.map_path = map_path;
    def.match.config = sim_default_config();
    def.match.config.seed = 7;
    def.match.config.humans = LIVE_CLIENTS;
    def.match.config.bots = 0;
    def.map_name = "arena";
    def.join_window_ticks = 600;
    def.end_tick = LIVE_ROW_TICKS; // 20 s of play
    def.token_seed = 1;
    ls.srv = net_server_create(&def, ls.t, net_serve_now_us(), &err);
    if (!ls.srv) {
        tool_fail(ARENA_BENCH, "net", "%s", err.msg);
        net_transport_destroy(ls.t);
        return false;
    }
    char url[64];
    snprintf(url, sizeof url, "ws://127.0.0.1:%d", net_ws_port(ls.t));
    live_client *cs = calloc(LIVE_CLIENTS, sizeof *cs);
    int made = 0;
    for (; cs && made < LIVE_CLIENTS; made++) {
        live_client *k = &cs[made];
        k->t = net_ws_connect(url, NULL, &err);
        net_client_def cd = {.name = "Bench", .load_map = arena_load_net_map};
        k->c = k->t ? net_client_create(k->t, &cd, &err) : NULL;
        if (!k->c) break;
    }
    pthread_t thread;
    bool ok = made == LIVE_CLIENTS && pthread_create(&thread, NULL, serve, &ls) == 0;
    if (ok) {
        out->clients_ended = play_clients(cs, made, &ls);
        pthread_join(thread, NULL);
        const net_server_stats st = net_server_get_stats(ls.srv);
        out->ticks = (int)st.ticks;
        out->missed = (int)st.missed;
        out->late_p50_us = (double)st.late_us_p50;
        out->late_p99_us = (double)st.late_us_p99;
        out->late_max_us = (double)st.late_us_max;
        out->cpu_pct = ls.wall_us ? 100.0 * (double)ls.cpu_ns / 1000.0 / (double)ls.wall_us : 0;
        out->clients = made;
    } else {
        tool_fail(ARENA_BENCH, "net", "could not start %d clients: %s", LIVE_CLIENTS, err.msg);
    }
    for (int i = 0; i < made; i++) {
        sim_autopilot_destroy(cs[i].ap);
        net_client_destroy(cs[i].c);
        net_transport_destroy(cs[i].t);
    }
    if (made < LIVE_CLIENTS && cs[made].t) net_transport_destroy(cs[made].t);
    free(cs);
    net_server_destroy(ls.srv);
    net_transport_destroy(ls.t);
    return ok;
}
