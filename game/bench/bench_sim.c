// arena-bench sim: whole matches on the default map, ticks per second and time per phase.
#include "suites.h"

#include "map_designs.h"
#include "sim.h"
#include "tool_util.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct sim_run {
    int ticks;
    double total_us;
    double median_us;
    double cpu_us;                    ///< the thread's CPU time, all ticks
    double cpu_median_us;             ///< ... and its median per tick
    double phase_us[SIM_PHASE_COUNT]; ///< mean per tick
    uint64_t hash;
} sim_run;

static bool run_match(const ae_grid *map, int agents, int max_ticks, uint64_t seed, sim_run *out) {
    sim_config cfg = sim_default_config();
    cfg.seed = seed;
    cfg.humans = 0;
    cfg.bots = agents;
    ae_error err;
    sim_world *w = sim_create(&cfg, map, &err);
    if (!w) {
        tool_fail(ARENA_BENCH, "sim", "%s", err.msg);
        return false;
    }
    // Grown as the match goes (max_ticks can be "until it ends": 2^30 ticks of doubles would
    // not even fit a 32-bit size_t, as in the web build).
    size_t capacity = 4096;
    double *per_tick = malloc(capacity * sizeof *per_tick);
    double *cpu_per_tick = malloc(capacity * sizeof *cpu_per_tick);
    *out = (sim_run){0};
    bool ok = per_tick != NULL && cpu_per_tick != NULL;
    while (ok && !sim_over(w) && sim_tick(w) < max_ticks) {
        if ((size_t)out->ticks == capacity) { // between ticks, outside the timing
            double *more = realloc(per_tick, 2 * capacity * sizeof *per_tick);
            if (more) per_tick = more;
            double *more_cpu = more ? realloc(cpu_per_tick, 2 * capacity * sizeof *more_cpu) : NULL;
            if (more_cpu) cpu_per_tick = more_cpu;
            ok = more_cpu != NULL;
            if (!ok) break;
            capacity *= 2;
        }
        // The thread's CPU clock is read outside the wall clock's span, so neither read is in
        // the other's figure but for a wall clock read.
        const uint64_t cpu0 = tool_thread_cpu_ns();
        uint64_t start = tool_now_ns(), t0 = start;
        for (int p = 0; p < SIM_PHASE_COUNT; p++) {
            sim_step_phase(w, NULL, (sim_phase)p);
            uint64_t t1 = tool_now_ns();
            out->phase_us[p] += (double)(t1 - t0) * 1e-3;
            t0 = t1;
        }
        const uint64_t cpu1 = tool_thread_cpu_ns();
        cpu_per_tick[out->ticks] = (double)(cpu1 - cpu0) * 1e-3;
        out->cpu_us += (double)(cpu1 - cpu0) * 1e-3;
        per_tick[out->ticks++] = (double)(t0 - start) * 1e-3;
        out->total_us += (double)(t0 - start) * 1e-3;
    }
    if (!ok || out->ticks == 0) {
        tool_fail(ARENA_BENCH, "sim", "out of memory");
        free(per_tick);
        free(cpu_per_tick);
        sim_destroy(w);
        return false;
    }
    for (int p = 0; p < SIM_PHASE_COUNT; p++) out->phase_us[p] /= out->ticks;
    out->median_us = tool_median(per_tick, (size_t)out->ticks);
    out->cpu_median_us = tool_median(cpu_per_tick, (size_t)out->ticks);
    out->hash = sim_hash(w);
    free(per_tick);
    free(cpu_per_tick);
    sim_destroy(w);
    return true;
}

int bench_sim(bool csv) {
    static const char *const columns[] = {"agents",       "ticks",      "realtime_factor",
                                          "us_per_tick",  "median_us",  "bots",
                                          "paths",        "move",       "fire",
                                          "bullets",      "gems",       "zone",
                                          "deaths",       "cpu_factor", "cpu_us",
                                          "cpu_median_us"};
    enum { COLUMNS = sizeof columns / sizeof columns[0] };
    static const int widths[COLUMNS] = {6, 6, 15, 11, 9, 7, 7, 7, 7, 7, 7, 7, 7, 10, 7, 13};
    tool_table t = {csv, COLUMNS, columns, widths};
    ae_grid map;
    if (!map_design_build(&map_designs[0], &map)) return TOOL_EXIT_FAIL;
    if (!csv)
        printf(
            "\n# sim: whole matches on the default map '%s' (%dx%d); phases in mean us per tick\n"
            "# cpu_factor, cpu_us, cpu_median_us: realtime_factor, us_per_tick and median_us by "
            "the thread's CPU time (the figures to judge by on a shared machine)\n",
            map_designs[0].name, map.width, map.height);
    tool_table_header(&t);
    const struct { int agents, max_ticks; } cases[] = {{100, 1 << 30}, {1000, 1800}};
    bool agree = true;
    for (int c = 0; c < 2; c++) {
        sim_run run;
        if (!run_match(&map, cases[c].agents, cases[c].max_ticks, 42, &run)) return TOOL_EXIT_FAIL;
        double us = run.total_us / run.ticks;
        char cells[COLUMNS][32];
        snprintf(cells[0], 32, "%d", cases[c].agents);
        snprintf(cells[1], 32, "%d", run.ticks);
        snprintf(cells[2], 32, "%.1f", (1e6 / SIM_TICK_HZ) / us);
        snprintf(cells[3], 32, "%.1f", us);
        snprintf(cells[4], 32, "%.1f", run.median_us);
        for (int p = 0; p < SIM_PHASE_COUNT; p++)
            snprintf(cells[5 + p], 32, "%.1f", run.phase_us[p]);
        const double cpu = run.cpu_us / run.ticks;
        snprintf(cells[13], 32, "%.1f", (1e6 / SIM_TICK_HZ) / cpu);
        snprintf(cells[14], 32, "%.1f", cpu);
        snprintf(cells[15], 32, "%.1f", run.cpu_median_us);
        const char *row[COLUMNS];
        for (int i = 0; i < COLUMNS; i++) row[i] = cells[i];
        tool_table_row(&t, row);
        if (c == 0) { // determinism: the same match again gives the same hash
            sim_run again;
            if (!run_match(&map, cases[c].agents, cases[c].max_ticks, 42, &again))
                return TOOL_EXIT_FAIL;
            agree = again.hash == run.hash && again.ticks == run.ticks;
        }
    }
    ae_grid_free(&map);
    if (!csv)
        printf("check: a repeated 100-agent match ends on the same tick with the same hash: %s\n",
               agree ? "ok" : "FAILED");
    return agree ? TOOL_EXIT_OK : TOOL_EXIT_FAIL;
}
