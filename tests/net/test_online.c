// Online play end to end (net_rig.h): the real match server and real clients over the in-memory
// link on its virtual clock, the clients flown by pilots from their mirrors or by a script.
// A lossy link's match plays to its end with a replay that verifies and every client holding
// it, its figures under the targets and the same for the same seed; the prediction
// is exact on every shipped map; a player cut off comes back to its slot and agent.
#include "test.h"

#include "arena/ae_map_file.h"
#include "net_client_internal.h"
#include "net_rig.h"
#include "sim_state.h"
#include "sim_world.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MS 1000u

static bool load_map(void *ctx, const char *name, const uint8_t *data, size_t size, ae_grid *grid,
                     ae_error *err) {
    (void)ctx;
    if (data) return ae_map_load_memory(data, size, "map.png", grid, err);
    char path[512];
    snprintf(path, sizeof path, "%s/assets/maps/%s.png", ARENA_SOURCE_DIR, name);
    return ae_map_load_file(path, grid, err);
}

static void log_line(void *user, const char *line) {
    (void)user;
    if (getenv("NET_LOG")) fprintf(stderr, "server: %s\n", line);
}

static net_rig_def match_def(const char *map, int humans, int agents, int clients) {
    static char path[512];
    snprintf(path, sizeof path, "%s/assets/maps/%s.png", ARENA_SOURCE_DIR, map);
    net_rig_def def = {0};
    def.server.match.map_path = path;
    def.server.match.config = sim_default_config();
    def.server.match.config.seed = 5;
    def.server.match.config.humans = humans;
    def.server.match.config.bots = agents - humans;
    def.server.map_name = map;
    def.server.join_window_ticks = 600;
    def.server.token_seed = 17;
    def.server.log = log_line;
    def.clients = clients;
    def.load_map = load_map;
    return def;
}

// Plays the replay's bytes back to their end: true when it verifies.
static bool replay_verifies(const uint8_t *data, size_t size) {
    session_def def = {0};
    def.replay_data = data;
    def.replay_size = size;
    ae_error err;
    session *s = session_create(&def, &err);
    if (!s) {
        fprintf(stderr, "replay: %s\n", err.msg);
        return false;
    }
    while (!session_done(s)) session_step(s, NULL);
    bool ok = session_finish(s, &err) && !session_diverged(s, NULL, 0);
    session_destroy(s);
    return ok;
}

// ---- A lossy match to its end ----

typedef struct match_result {
    uint64_t hash;
    uint32_t ticks;
    net_client_stats st[4];
    net_rig_figures fig[4];
    net_server_stats srv;
    bool replays_equal, verifies;
} match_result;

/// A 30-agent match (4 slots, 4 clients flown by novice pilots) on a link of 150 ms round trips,
/// 10 ms jitter and 5% of messages lost, to its end.
static void lossy_match(uint64_t seed, match_result *out) {
    net_rig_def def = match_def("arena", 4, 30, 4);
    def.link =
        (net_link_def){.seed = seed, .latency_us = 75 * MS, .jitter_us = 10 * MS, .loss = 0.05};
    def.pilot = SIM_PILOT_NOVICE;
    def.pilot_seed = seed;
    ae_error err;
    net_rig *r = net_rig_create(&def, &err);
    match_result res = {0};
    *out = res;
    REQUIRE(r);
    for (int n = 0; !net_rig_finished(r) && n < 20000000; n++) net_rig_step(r);
    CHECK(net_rig_finished(r));
    net_server *srv = net_rig_server(r);
    CHECK(net_server_ended(srv));
    size_t size = 0;
    const uint8_t *replay = net_server_replay(srv, &size);
    CHECK(replay && size > 0);
    res.verifies = replay && replay_verifies(replay, size);
    res.hash = sim_hash(session_world(net_server_session(srv)));
    res.ticks = (uint32_t)sim_tick(session_world(net_server_session(srv)));
    res.srv = net_server_get_stats(srv);
    res.replays_equal = true;
    for (int i = 0; i < 4; i++) {
        net_client *c = net_rig_client(r, i);
        CHECK(net_client_get_state(c) == NET_CLIENT_ENDED);
        size_t got = 0;
        const uint8_t *mine = net_client_replay(c, &got);
        res.replays_equal &= mine && replay && got == size && !memcmp(mine, replay, size);
        res.st[i] = *net_client_get_stats(c);
        fprintf(stderr, "client %d ends with a queue target of %d and a delay of %d ticks\n", i,
                net_client_queue_target(c), net_client_interp_ticks(c));
        res.fig[i] = net_rig_client_figures(r, i);
        const net_client_stats *st = &res.st[i];
        const net_rig_figures *f = &res.fig[i];
        fprintf(stderr,
                "client %d: %u ticks, %u compared, %u corrections over 1 unit (%.2f%% of ticks), "
                "%u snapped, worst %.1f; %u extrapolated (%.1f%%); %u s: down %.0f B/s (worst "
                "%llu), up %.0f B/s (worst %llu)\n",
                i, st->ticks, st->compared, st->corrections_over_1,
                100.0 * st->corrections_over_1 / st->ticks, st->snapped, (double)st->max_correction,
                st->extrapolated_ticks, 100.0 * st->extrapolated_ticks / st->ticks, f->seconds,
                (double)f->down / f->seconds, (unsigned long long)f->worst_down,
                (double)f->up / f->seconds, (unsigned long long)f->worst_up);
    }
    fprintf(stderr,
            "seed %llu: %u ticks, hash %016llx; the server repeated %u inputs, dropped %u\n",
            (unsigned long long)seed, res.ticks, (unsigned long long)res.hash,
            res.srv.inputs_repeated, res.srv.inputs_dropped);
    net_rig_destroy(r);
    *out = res;
}

static void test_lossy_match(void) {
    match_result a, b;
    lossy_match(21, &a);
    CHECK(a.verifies);
    CHECK(a.replays_equal);
    CHECK(a.srv.joined == 4);
    for (int i = 0; i < 4; i++) {
        const net_client_stats *st = &a.st[i];
        CHECK(st->ticks > 1000);
        CHECK(st->compared > 100);
        // The targets at this link: corrections over one unit in under 1% of ticks,
        // extrapolated frames under 10%; download within 4 kB/s on average and 8 kB/s in the
        // worst second, upload within 3 kB/s.
        CHECK(st->corrections_over_1 * 100 < st->ticks);
        CHECK(st->extrapolated_ticks * 10 < st->ticks);
        CHECK(a.fig[i].seconds > 10);
        CHECK(a.fig[i].down <= 4000u * a.fig[i].seconds);
        CHECK(a.fig[i].worst_down <= 8000u);
        CHECK(a.fig[i].up <= 3000u * a.fig[i].seconds);
    }
    // The same seed: the same match and the same figures.
    lossy_match(21, &b);
    CHECK(b.hash == a.hash && b.ticks == a.ticks);
    for (int i = 0; i < 4; i++) {
        const net_client_stats *x = &a.st[i], *y = &b.st[i];
        CHECK(x->ticks == y->ticks && x->compared == y->compared &&
              x->corrections == y->corrections && x->corrections_over_1 == y->corrections_over_1 &&
              x->snapped == y->snapped && x->max_correction == y->max_correction &&
              x->extrapolated_ticks == y->extrapolated_ticks && x->bytes_down == y->bytes_down &&
              x->bytes_up == y->bytes_up && x->ping_ms == y->ping_ms);
        CHECK(a.fig[i].down == b.fig[i].down && a.fig[i].worst_down == b.fig[i].worst_down &&
              a.fig[i].up == b.fig[i].up && a.fig[i].seconds == b.fig[i].seconds);
    }
}

TEST_MAIN(TEST_CASE(lossy_match))
