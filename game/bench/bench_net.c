// arena-bench net: online play over the in-memory link on its virtual clock (net_rig.h): the real
// match server and 100 real clients, each flown by a novice pilot from its own mirror, on
// `arena` with 100 agents, at 0 ms, at 150 ms round trips with 10 ms jitter, and with 5% of
// messages lost on top. Per client: the bytes on the wire each way (WebSocket frames and their
// headers, net_link's counters), own-agent corrections over one unit, extrapolated frames; for
// the server: the thread CPU time of its update calls. A tick's start lateness needs the real
// clock and a real loop (the virtual clock starts every tick on time), so it is not here: the
// p99 of a tick's server CPU time stands for what one tick can hold the next one up.
#include "suites.h"

#include "connect.h"
#include "asset_dir.h"
#include "net_rig.h"
#include "sim_state.h"
#include "tool_util.h"

#include <stdio.h>
#include <stdlib.h>

#define CLIENTS 100
#define TICKS   3600 // a minute of play per link

typedef struct net_case {
    const char *name;
    net_link_def link;
} net_case;

typedef struct net_result {
    double down_mean, down_worst, up_mean, up_worst; ///< bytes/s: medians over the clients
    double down_worst_max;                           ///< the worst second of any client
    int down_worst_max_at;                           ///< which second of its play that was
    double corr_per_k, corr_per_k_max;               ///< corrections > 1 unit per 1,000 ticks
    double extrap_pct, extrap_pct_max;
    double cpu_pct, tick_p99_us;
    int ticks, clients;
} net_result;

static double median_of(double *v, int n) {
    return tool_median(v, (size_t)n);
}

static double max_of(const double *v, int n) {
    double m = 0;
    for (int i = 0; i < n; i++) m = v[i] > m ? v[i] : m;
    return m;
}

static bool run_case(const net_case *nc, net_result *out) {
    char map_path[4096];
    snprintf(map_path, sizeof map_path, "%s/maps/arena.png", app_asset_dir());
    net_rig_def def = {0};
    def.server.match.map_path = map_path;
    def.server.match.config = sim_default_config();
    def.server.match.config.seed = 7;
    def.server.match.config.humans = CLIENTS;
    def.server.match.config.bots = 0;
    def.server.map_name = "arena";
    def.server.join_window_ticks = 600;
    def.server.end_tick = TICKS;
    def.server.token_seed = 1;
    def.link = nc->link;
    def.clients = CLIENTS;
    def.pilot = SIM_PILOT_NOVICE;
    def.pilot_seed = 3;
    def.load_map = arena_load_net_map;
    def.cpu_ns = tool_thread_cpu_ns;
    *out = (net_result){0};
    ae_error err;
    net_rig *r = net_rig_create(&def, &err);
    if (!r) {
        tool_fail(ARENA_BENCH, "net", "%s", err.msg);
        return false;
    }
    for (long n = 0; !net_rig_finished(r) && n < 100000000L; n++) net_rig_step(r);
    double down[CLIENTS], down_worst[CLIENTS], up[CLIENTS], up_worst[CLIENTS], corr[CLIENTS],
        extrap[CLIENTS];
    int n = 0;
    for (int i = 0; i < CLIENTS; i++) {
        const net_client *c = net_rig_client(r, i);
        const net_rig_figures f = net_rig_client_figures(r, i);
        const net_client_stats *st = net_client_get_stats(c);
        if (!f.seconds || !st->ticks) continue;
        down[n] = (double)f.down / f.seconds;
        down_worst[n] = (double)f.worst_down;
        if ((double)f.worst_down > out->down_worst_max) {
            out->down_worst_max = (double)f.worst_down;
            out->down_worst_max_at = (int)f.worst_down_at;
        }
        up[n] = (double)f.up / f.seconds;
        up_worst[n] = (double)f.worst_up;
        corr[n] = 1000.0 * st->corrections_over_1 / st->ticks;
        extrap[n] = 100.0 * st->extrapolated_ticks / st->ticks;
        n++;
    }
    const sim_world *w = session_world(net_server_session(net_rig_server(r)));
    out->clients = n;
    out->ticks = sim_tick(w);
    uint64_t p99_ns = 0;
    const uint64_t cpu = net_rig_server_cpu_ns(r, &p99_ns);
    out->cpu_pct = 100.0 * (double)cpu / ((double)out->ticks * 1e9 / SIM_TICK_HZ);
    out->tick_p99_us = (double)p99_ns / 1000.0;
    net_rig_destroy(r);
    if (n == 0) {
        tool_fail(ARENA_BENCH, "net", "%s: no client played", nc->name);
        return false;
    }
    out->corr_per_k_max = max_of(corr, n);
    out->extrap_pct_max = max_of(extrap, n);
    out->down_mean = median_of(down, n);
    out->down_worst = median_of(down_worst, n);
    out->up_mean = median_of(up, n);
    out->up_worst = median_of(up_worst, n);
    out->corr_per_k = median_of(corr, n);
    out->extrap_pct = median_of(extrap, n);
    return true;
}

int bench_net(bool csv) {
    static const char *const columns[] = {
        "link",        "clients",  "ticks",      "down_Bps",       "down_worst_s",
        "down_max",    "up_Bps",   "up_worst_s", "server_cpu_pct", "tick_cpu_p99_us",
        "corr_per_1k", "corr_max", "extrap_pct", "extrap_max"};
    enum { NCOLS = 14 };
    static const int widths[NCOLS] = {14, 7, 5, 8, 12, 11, 6, 10, 14, 15, 11, 8, 10, 10};
    tool_table t = {csv, NCOLS, columns, widths};
    const net_case cases[] = {
        {"0ms", {.seed = 1}},
        {"150ms", {.seed = 1, .latency_us = 75000, .jitter_us = 10000}},
        {"150ms+5%loss", {.seed = 1, .latency_us = 75000, .jitter_us = 10000, .loss = 0.05}},
    };
    if (!csv)
        printf("\n# net: %d clients flown by novice pilots, 100 agents on 'arena', %d ticks per "
               "link (virtual clock); per client, medians over the clients (max: the worst "
               "client); bytes on the wire with WebSocket framing; 150ms: round trip, with 10 ms "
               "jitter\n",
               CLIENTS, TICKS);
    tool_table_header(&t);
    bool agree = true;
    for (int k = 0; k < 3; k++) {
        net_result res;
        if (!run_case(&cases[k], &res)) return TOOL_EXIT_FAIL;
        char cells[NCOLS][32];
        snprintf(cells[0], 32, "%s", cases[k].name);
        snprintf(cells[1], 32, "%d", res.clients);
        snprintf(cells[2], 32, "%d", res.ticks);
        snprintf(cells[3], 32, "%.0f", res.down_mean);
        snprintf(cells[4], 32, "%.0f", res.down_worst);
        snprintf(cells[5], 32, "%.0f@%ds", res.down_worst_max, res.down_worst_max_at);
        snprintf(cells[6], 32, "%.0f", res.up_mean);
        snprintf(cells[7], 32, "%.0f", res.up_worst);
        snprintf(cells[8], 32, "%.2f", res.cpu_pct);
        snprintf(cells[9], 32, "%.0f", res.tick_p99_us);
        snprintf(cells[10], 32, "%.2f", res.corr_per_k);
        snprintf(cells[11], 32, "%.2f", res.corr_per_k_max);
        snprintf(cells[12], 32, "%.2f", res.extrap_pct);
        snprintf(cells[13], 32, "%.2f", res.extrap_pct_max);
        const char *row[NCOLS];
        for (int i = 0; i < NCOLS; i++) row[i] = cells[i];
        tool_table_row(&t, row);
        // Every client plays to the end of the match, whatever the link.
        agree = agree && res.clients == CLIENTS && res.ticks == TICKS;
    }
    if (!csv)
        printf("check: every client played each link's match to its end (%d ticks): %s\n", TICKS,
               agree ? "ok" : "FAILED");

    // The live row: real sockets and the real clock.
    static const char *const live_columns[] = {"live",        "clients",     "ended",
                                               "ticks",       "missed",      "late_p50_us",
                                               "late_p99_us", "late_max_us", "server_cpu_pct"};
    enum { LCOLS = 9 };
    static const int live_widths[LCOLS] = {14, 7, 5, 5, 6, 11, 11, 11, 14};
    tool_table lt = {csv, LCOLS, live_columns, live_widths};
    if (!csv)
        printf("\n# net live: the server on its own thread over real sockets on 127.0.0.1 on the "
               "monotonic clock (arena-server's loop), 100 clients flown by novice pilots on "
               "another thread; how late its ticks start, and its thread's CPU\n");
    tool_table_header(&lt);
    bench_net_live_result live;
    if (!bench_net_live(&live)) return TOOL_EXIT_FAIL;
    char lc[LCOLS][32];
    snprintf(lc[0], 32, "loopback");
    snprintf(lc[1], 32, "%d", live.clients);
    snprintf(lc[2], 32, "%d", live.clients_ended);
    snprintf(lc[3], 32, "%d", live.ticks);
    snprintf(lc[4], 32, "%d", live.missed);
    snprintf(lc[5], 32, "%.0f", live.late_p50_us);
    snprintf(lc[6], 32, "%.0f", live.late_p99_us);
    snprintf(lc[7], 32, "%.0f", live.late_max_us);
    snprintf(lc[8], 32, "%.2f", live.cpu_pct);
    const char *lrow[LCOLS];
    for (int i = 0; i < LCOLS; i++) lrow[i] = lc[i];
    tool_table_row(&lt, lrow);
    const bool live_ok = live.clients_ended == live.clients && live.ticks == LIVE_ROW_TICKS;
    if (!csv)
        printf("check: every live client played the match to its end: %s\n",
               live_ok ? "ok" : "FAILED");
    return agree && live_ok ? TOOL_EXIT_OK : TOOL_EXIT_FAIL;
}
