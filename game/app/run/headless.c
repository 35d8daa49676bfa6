#include "headless.h"

#include "frame_stats.h"
#include "hot_reload.h"
#include "session.h"
#include "sim_dump.h"
#include "sim_stats.h"
#include "tool_util.h"

#include <inttypes.h>
#include <stdio.h>
#include <time.h>

/// " kills_pistol K ... props_broken P pickups N blinks B", or the values alone (the line goes
/// on).
static void print_world_stats(const int kills_with[SIM_WEAPON_COUNT], int props, int pickups,
                              int blinks, bool labels) {
    static const char *const weapons[SIM_WEAPON_COUNT] = {"pistol", "shotgun", "rifle", "smg",
                                                          "grenade"};
    for (int k = 0; k < SIM_WEAPON_COUNT; k++)
        if (labels)
            printf(" kills_%s %d", weapons[k], kills_with[k]);
        else
            printf(" %d", kills_with[k]);
    if (labels)
        printf(" props_broken %d pickups %d blinks %d", props, pickups, blinks);
    else
        printf(" %d %d %d", props, pickups, blinks);
}

static void print_stats(const sim_world *w) {
    static const char *const names[SIM_DIFFICULTY_COUNT] = {"easy", "normal", "hard"};
    printf("stats: difficulty bots mean_placement hit_rate dodged zone_deaths bullet_deaths "
           "stuck_s max_stuck_s kills_pistol kills_shotgun kills_rifle kills_smg kills_grenade "
           "props_broken pickups blinks\n");
    for (int d = 0; d < SIM_DIFFICULTY_COUNT; d++) {
        sim_difficulty_stats st;
        sim_stats_difficulty(w, (sim_difficulty)d, &st);
        if (st.bots == 0) continue;
        printf("stats: %s %d %.2f %.3f %.3f %d %d %.1f %.1f", names[d], st.bots, st.mean_placement,
               st.shots ? (double)st.hits / st.shots : 0.0,
               st.threats ? (double)st.dodged / st.threats : 0.0, st.zone_deaths, st.bullet_deaths,
               (double)st.stuck_ticks / SIM_TICK_HZ, (double)st.longest_stuck / SIM_TICK_HZ);
        print_world_stats(st.kills_with, st.props_broken, st.pickups, st.blinks, false);
        printf("\n");
    }
    for (int h = 0; h < sim_config_of(w)->humans; h++) {
        sim_human_stats hs;
        sim_stats_human(w, h, &hs);
        char first[32] = "-";
        if (hs.first_level_s >= 0) snprintf(first, sizeof first, "%.1f", hs.first_level_s);
        printf("stats: human %d placement %d of %d survived_s %.1f first_level_s %s level %d "
               "kills %d hit_rate %.2f dodged %.2f",
               h + 1, hs.placement, hs.agents, hs.survived_s, first, hs.level, hs.kills,
               hs.hit_rate, hs.dodged);
        print_world_stats(hs.kills_with, hs.props_broken, hs.pickups, hs.blinks, true);
        printf(" damage_dealt %.0f unseen_bots %.0f unseen_people %.0f\n", hs.damage_dealt,
               hs.unseen_from_bots, hs.unseen_from_people);
    }
}

static void print_summary(const sim_world *w) {
    int total_kills = 0, top = -1;
    for (int i = 0; i < sim_agent_count(w); i++) {
        total_kills += sim_agents(w)[i].kills;
        if (top < 0 || sim_agents(w)[i].kills > sim_agents(w)[top].kills) top = i;
    }
    if (sim_over(w) && sim_winner(w) >= 0)
        printf("winner: %d (%s, %d kills)\n", sim_winner(w),
               sim_agents(w)[sim_winner(w)].bot ? "bot" : "human",
               sim_agents(w)[sim_winner(w)].kills);
    else
        printf("winner: none\n");
    printf("ticks: %d\n", sim_tick(w));
    printf("alive: %d\n", sim_over(w) ? (sim_winner(w) >= 0 ? 1 : 0) : sim_alive_count(w));
    printf("kills: %d (most: agent %d with %d)\n", total_kills, top,
           top >= 0 ? sim_agents(w)[top].kills : 0);
}

// Sleeps until the next tick's time on tool_now_ns's clock (CLOCK_MONOTONIC).
static void sleep_until(uint64_t *next_ns) {
    *next_ns += 1000000000u / SIM_TICK_HZ;
    struct timespec t = {(time_t)(*next_ns / 1000000000u), (long)(*next_ns % 1000000000u)};
    clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL);
}

/// --dump-tick T: plays the replay to tick T, verifying its checkpoints on the way, and prints
/// the state there. A divergence on the way is reported after the dump (exit 3): the dump of
/// the build that diverged is what a `diff` against a good build needs.
static int dump_tick(session *s, const arena_options *o) {
    sim_world *w = session_world(s);
    while (sim_tick(w) < o->dump_tick && !session_done(s)) session_step(s, NULL);
    ae_error err;
    if (session_done(s)) session_finish(s, &err); // a match over too soon diverged
    sim_dump(w, stdout);
    char diverged[160];
    if (!session_diverged(s, diverged, sizeof diverged)) return 0;
    printf("%s\n", diverged);
    return 3;
}

int arena_run_headless(const arena_options *o) {
    char shipped[ARENA_SHIPPED_MAP_PATH];
    const char *path = arena_resolve_map(o->map, shipped, sizeof shipped);
    session_def def = {0};
    def.map_path = path;
    def.config = sim_default_config();
    def.config.seed = o->seed;
    def.config.humans = o->humans;
    if (o->bots >= 0) def.config.bots = o->bots;
    def.config.bot_difficulty = o->difficulty;
    def.pilot = o->pilot;
    def.record_path = o->record;
    def.replay_path = o->replay;
    ae_error err;
    session *s = session_create(&def, &err);
    if (!s) {
        tool_fail(ARENA_PROGRAM, o->replay ? o->replay : path, "%s", err.msg);
        return 2;
    }
    sim_world *w = session_world(s);
    if (o->replay && !arena_check_replay(o, (int)session_length(s), sim_agent_count(w))) {
        session_destroy(s);
        return 2;
    }
    if (o->dump_tick >= 0) {
        int status = dump_tick(s, o);
        session_destroy(s);
        return status;
    }
    uint64_t next = tool_now_ns();
    char diverged[160], msg[PATH_MAX + 512]; // a reload message names the map's path
    // In real time the map file is watched and reloaded at tick boundaries, as in the window.
    hot_reload reload;
    hot_reload_init(&reload, s, hot_reload_now());
    frame_stats stats;
    frame_stats_init(&stats);
    while (!session_done(s) && (o->ticks < 0 || sim_tick(w) < o->ticks)) {
        double t0 = hot_reload_now();
        session_step(s, NULL);
        if (session_diverged(s, NULL, 0)) break;
        if (o->realtime) {
            hot_reload_poll(&reload, s, hot_reload_now(), msg, sizeof msg);
            if (msg[0]) {
                printf("%s\n", msg);
                fflush(stdout);
            }
            frame_stats_add(&stats, (hot_reload_now() - t0) * 1000.0);
            sleep_until(&next);
        }
    }
    if (o->realtime) frame_stats_report(&stats);
    bool ok = session_finish(s, &err);
    int status = 0;
    if (!ok) {
        tool_fail(ARENA_PROGRAM, o->record, "%s", err.msg);
        status = 2;
    }
    print_summary(w);
    if (o->stats) print_stats(w);
    printf("hash: %016" PRIx64 "\n", sim_hash(w));
    if (session_replaying(s)) {
        if (session_diverged(s, diverged, sizeof diverged)) {
            printf("%s\n", diverged);
            status = 3;
        } else {
            printf("replay ok\n");
        }
    }
    hot_reload_free(&reload);
    session_destroy(s);
    return status;
}
