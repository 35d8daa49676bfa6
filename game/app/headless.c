#include "headless.h"

#include "frame_stats.h"
#include "hot_reload.h"
#include "session.h"
#include "sim_world.h"

#include <inttypes.h>
#include <stdio.h>
#include <time.h>

static void print_stats(const sim_world *w) {
    static const char *const names[SIM_DIFFICULTY_COUNT] = {"easy", "normal", "hard"};
    printf("stats: difficulty bots mean_placement hit_rate dodged zone_deaths bullet_deaths "
           "stuck_s max_stuck_s\n");
    for (int d = 0; d < SIM_DIFFICULTY_COUNT; d++) {
        int n = 0, zone = 0, bullet = 0, shots = 0, hits = 0, threats = 0, dodged = 0;
        int stuck = 0, longest = 0;
        double placement = 0;
        for (int i = 0; i < w->agent_count; i++) {
            const sim_agent *a = &w->agents[i];
            if (!a->bot || (int)a->difficulty != d) continue;
            n++;
            placement += a->placement ? a->placement : 1;
            zone += a->cause == SIM_DIED_ZONE;
            bullet += a->cause == SIM_DIED_BULLET;
            shots += a->stats.shots;
            hits += a->stats.hits;
            threats += a->stats.threats;
            dodged += a->stats.threats_dodged;
            stuck += a->stats.stuck_ticks;
            if (a->stats.longest_stuck > longest) longest = a->stats.longest_stuck;
        }
        if (n == 0) continue;
        printf("stats: %s %d %.2f %.3f %.3f %d %d %.1f %.1f\n", names[d], n, placement / n,
               shots ? (double)hits / shots : 0.0, threats ? (double)dodged / threats : 0.0, zone,
               bullet, (double)stuck / SIM_TICK_HZ, (double)longest / SIM_TICK_HZ);
    }
}

static void print_summary(const sim_world *w) {
    int total_kills = 0, top = -1;
    for (int i = 0; i < w->agent_count; i++) {
        total_kills += w->agents[i].kills;
        if (top < 0 || w->agents[i].kills > w->agents[top].kills) top = i;
    }
    if (w->over && w->winner >= 0)
        printf("winner: %d (%s, %d kills)\n", w->winner, w->agents[w->winner].bot ? "bot" : "human",
               w->agents[w->winner].kills);
    else
        printf("winner: none\n");
    printf("ticks: %d\n", w->tick);
    printf("alive: %d\n", w->over ? (w->winner >= 0 ? 1 : 0) : w->alive_count);
    printf("kills: %d (most: agent %d with %d)\n", total_kills, top,
           top >= 0 ? w->agents[top].kills : 0);
}

static void sleep_until(struct timespec *next) {
    next->tv_nsec += 1000000000L / SIM_TICK_HZ;
    if (next->tv_nsec >= 1000000000L) {
        next->tv_nsec -= 1000000000L;
        next->tv_sec++;
    }
    clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, next, NULL);
}

int arena_run_headless(const arena_options *o) {
    char path[1024];
    arena_resolve_map(o->map, path, sizeof path);
    session_def def = {0};
    def.map_path = path;
    def.config = sim_default_config();
    def.config.seed = o->seed;
    def.config.humans = o->humans;
    if (o->bots >= 0) def.config.bots = o->bots;
    def.autopilot = o->autopilot;
    def.record_path = o->record;
    def.replay_path = o->replay;
    ae_error err;
    session *s = session_create(&def, &err);
    if (!s) {
        fprintf(stderr, "%s: %s: %s\n", ARENA_PROGRAM, o->replay ? o->replay : path, err.msg);
        return 2;
    }
    sim_world *w = session_world(s);
    struct timespec next;
    clock_gettime(CLOCK_MONOTONIC, &next);
    char diverged[160], msg[1280];
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
        fprintf(stderr, "%s: %s: %s\n", ARENA_PROGRAM, o->record, err.msg);
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
