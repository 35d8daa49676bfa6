// arena-bench replay (second table): the replay theatre's seeking. A 100-agent match is recorded
// with the autopilot, then played back with keyframes every K ticks: the first pass (which saves
// the keyframes), random seeks anywhere (forwards and backwards), and steps one tick back, timed
// one by one; keyframe memory and the match's own heap are reported. Every seek must hash exactly
// as playing straight to its tick does.
#include "suites.h"

#include "arena/ae_rng.h"
#include "map_designs.h"
#include "session.h"
#include "tool_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { SEEK_AGENTS = 100, SEEKS = 200, STEPS_BACK = 100 };

/// Records the match into `path`; false when it could not be made.
static bool record_match(const map_design *design, const char *path) {
    ae_grid map;
    if (!map_design_build(design, &map)) return false;
    session_def def = {0};
    def.map = &map;
    def.config = sim_default_config();
    def.config.seed = 42;
    def.config.bots = SEEK_AGENTS - 1;
    def.pilot = SIM_PILOT_BOT;
    def.record_path = path;
    ae_error err;
    session *s = session_create(&def, &err);
    bool ok = s != NULL;
    if (s) {
        while (!session_done(s)) session_step(s, NULL);
        ok = session_finish(s, &err);
        session_destroy(s);
    }
    ae_grid_free(&map);
    if (!ok) tool_fail(ARENA_BENCH, path, "%s", err.msg);
    return ok;
}

int bench_replay_seek(bool csv) {
    static const char *const columns[] = {"keyframe_every",
                                          "ticks",
                                          "first_pass_ms",
                                          "keyframes",
                                          "kf_mb",
                                          "heap_mb",
                                          "seek_median_ms",
                                          "seek_p99_ms",
                                          "seek_max_ms",
                                          "back_median_ms",
                                          "back_max_ms",
                                          "first_pass_cpu_ms",
                                          "seek_cpu_median_ms",
                                          "back_cpu_median_ms"};
    static const int widths[] = {14, 6, 13, 9, 6, 7, 14, 11, 11, 14, 11, 17, 18, 18};
    enum { COLS = sizeof widths / sizeof widths[0] };
    tool_table t = {csv, COLS, columns, widths};
    char path[64];
    snprintf(path, sizeof path, "/tmp/arena-bench-seek-%d.arp", (int)getpid());
    // Ruins with this seed plays 12,509 ticks: the length of match the targets are set for.
    const map_design *design = &map_designs[0];
    for (int i = 0; i < map_design_count; i++)
        if (!strcmp(map_designs[i].name, "ruins")) design = &map_designs[i];
    if (!record_match(design, path)) return TOOL_EXIT_FAIL;
    // What playing straight through gives at every tick.
    session_def def = {0};
    def.replay_path = path;
    ae_error err;
    session *plain = session_create(&def, &err);
    if (!plain) {
        tool_fail(ARENA_BENCH, path, "%s", err.msg);
        remove(path);
        return TOOL_EXIT_FAIL;
    }
    const uint32_t length = session_length(plain);
    uint64_t *want = malloc(((size_t)length + 1) * sizeof *want);
    want[0] = sim_hash(session_world(plain));
    while (!session_done(plain)) {
        session_step(plain, NULL);
        want[sim_tick(session_world(plain))] = sim_hash(session_world(plain));
    }
    session_destroy(plain);
    if (!csv)
        printf(
            "\n# replay seek: a %d-agent match of %u ticks on '%s', %d random seeks and %d steps "
            "back per row (ms; memory in MB)\n",
            SEEK_AGENTS, length, design->name, SEEKS, STEPS_BACK);
    tool_table_header(&t);
    static const int intervals[] = {120, 240, 480};
    bool agree = true, within = true;
    double seek_ms[SEEKS], back_ms[STEPS_BACK], seek_cpu[SEEKS], back_cpu[STEPS_BACK];
    for (int r = 0; r < 3; r++) {
        def.keyframe_interval = intervals[r];
        session *s = session_create(&def, &err);
        if (!s) {
            agree = false;
            break;
        }
        tool_stopwatch sw = tool_stopwatch_start();
        session_seek(s, length);
        double first, first_cpu;
        tool_stopwatch_ms(sw, &first, &first_cpu);
        ae_rng rng;
        ae_rng_seed(&rng, 5, 9);
        for (int i = 0; i < SEEKS; i++) {
            const uint32_t to = ae_rng_below(&rng, length + 1);
            sw = tool_stopwatch_start();
            session_seek(s, to);
            tool_stopwatch_ms(sw, &seek_ms[i], &seek_cpu[i]);
            agree = agree && sim_hash(session_world(s)) == want[to];
        }
        for (int i = 0; i < STEPS_BACK; i++) {
            const uint32_t at = 1 + ae_rng_below(&rng, length);
            session_seek(s, at);
            sw = tool_stopwatch_start();
            session_seek(s, at - 1);
            tool_stopwatch_ms(sw, &back_ms[i], &back_cpu[i]);
            agree = agree && sim_hash(session_world(s)) == want[at - 1];
        }
        const double kf_mb = (double)session_keyframe_bytes(s) / (1 << 20);
        const double seek_max = tool_percentile(seek_ms, SEEKS, 100.0);
        const double seek_median = tool_median(seek_ms, SEEKS);
        char cells[COLS][32];
        snprintf(cells[0], 32, "%d", intervals[r]);
        snprintf(cells[1], 32, "%u", length);
        snprintf(cells[2], 32, "%.0f", first);
        snprintf(cells[3], 32, "%d", session_keyframe_count(s));
        snprintf(cells[4], 32, "%.1f", kf_mb);
        snprintf(cells[5], 32, "%.1f", (double)session_heap_bytes(s) / (1 << 20));
        snprintf(cells[6], 32, "%.1f", seek_median);
        snprintf(cells[7], 32, "%.1f", tool_percentile(seek_ms, SEEKS, 99.0));
        snprintf(cells[8], 32, "%.1f", seek_max);
        snprintf(cells[9], 32, "%.1f", tool_median(back_ms, STEPS_BACK));
        snprintf(cells[10], 32, "%.1f", tool_percentile(back_ms, STEPS_BACK, 100.0));
        snprintf(cells[11], 32, "%.0f", first_cpu);
        snprintf(cells[12], 32, "%.1f", tool_median(seek_cpu, SEEKS));
        snprintf(cells[13], 32, "%.1f", tool_median(back_cpu, STEPS_BACK));
        const char *row[COLS];
        for (int i = 0; i < COLS; i++) row[i] = cells[i];
        tool_table_row(&t, row);
        if (intervals[r] == SESSION_THEATRE_KEYFRAMES)
            within = seek_median < 100.0 && seek_max < 250.0 && kf_mb < 64.0;
        session_destroy(s);
    }
    free(want);
    remove(path);
    if (!csv)
        printf("check: every seek and step back hashes as straight playback: %s; the theatre's "
               "keyframes (every %d ticks): seek median < 100 ms, max < 250 ms, keyframes < 64 MB: "
               "%s\n",
               agree ? "ok" : "FAILED", SESSION_THEATRE_KEYFRAMES, within ? "ok" : "MISSED");
    return agree ? TOOL_EXIT_OK : TOOL_EXIT_FAIL;
}
