// arena-bench soak: many whole matches in one process, the way a long-running game host would
// play them, to catch leaks, slow memory growth and rare divergences.
//
// Each match starts on a random shipped map with a random seed, gets a map swap to another
// random map at a random tick (as hot reload does), is recorded, and the recording is played back
// and must verify. The first match swaps through every other map in turn, so that the baseline
// taken after it has seen the first use of every code path and map size. After each match
// everything is freed and resident memory is read. The check: resident memory after the last
// match is within 1% of what it was after the first, and the engine's live-byte counter is back
// to its starting value after every match.
#include "suites.h"

#include "asset_dir.h"
#include "arena/ae_map_file.h"
#include "arena/ae_rng.h"
#include "session.h"
#include "tool_args.h"
#include "tool_util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

static const char *const soak_maps[] = {"arena", "ruins", "islands", "large"};
#define SOAK_LAST_SWAP 3060 // latest swap tick the schedule below can draw
enum { SOAK_MAP_COUNT = sizeof soak_maps / sizeof soak_maps[0] };

typedef struct soak_opts {
    int matches;
    int agents;
    int max_ticks; ///< per match; 0: play to the end
    uint64_t seed;
    bool csv;
    bool rss_check; ///< off under valgrind, whose own allocator owns the resident set
} soak_opts;

typedef struct soak_match {
    uint64_t seed;
    int map;
    int swap_count;
    int swap_map[SOAK_MAP_COUNT - 1];
    int swap_tick[SOAK_MAP_COUNT - 1]; ///< increasing
    int ticks;
    double ms, cpu_ms; ///< wall and thread CPU time of the match and its replay
    bool replay_ok;
} soak_match;

/// Resident memory in bytes, zeros when unknown: `anon` is what the process allocated (heap,
/// stacks), `total` adds file-backed pages such as code. Read from /proc/self/smaps_rollup,
/// which walks the page tables: the VmRSS of /proc/self/status is kept per thread in batches
/// and can be off by a few hundred kB, more than the 1% this soak checks.
typedef struct soak_rss {
    size_t total, anon;
} soak_rss;

static soak_rss resident(void) {
    soak_rss r = {0, 0};
    FILE *f = fopen("/proc/self/smaps_rollup", "r");
    if (!f) return r;
    char line[256];
    while (fgets(line, sizeof line, f)) {
        unsigned long kb;
        if (sscanf(line, "Rss: %lu kB", &kb) == 1) r.total = (size_t)kb * 1024u;
        if (sscanf(line, "Anonymous: %lu kB", &kb) == 1) r.anon = (size_t)kb * 1024u;
    }
    fclose(f);
    return r;
}

static double growth_percent(size_t first, size_t last) {
    return first ? 100.0 * ((double)last - (double)first) / (double)first : 0.0;
}

/// Plays one recorded, swapped match and then its replay. False (with a message) on any error.
static bool play_match(const soak_opts *o, soak_match *m, const char *record) {
    char *path = app_asset_map(soak_maps[m->map]);
    if (!path) {
        tool_fail(ARENA_BENCH, soak_maps[m->map], "out of memory");
        return false;
    }
    session_def def = {0};
    def.map_path = path;
    def.config = sim_default_config();
    def.config.seed = m->seed;
    def.config.humans = 1;
    def.config.bots = o->agents - 1;
    def.pilot = SIM_PILOT_BOT;
    def.record_path = record;
    ae_error err;
    session *s = session_create(&def, &err);
    if (!s) tool_fail(ARENA_BENCH, path, "%s", err.msg);
    free(path);
    if (!s) return false;
    const tool_stopwatch start = tool_stopwatch_start();
    bool ok = true;
    int next_swap = 0;
    while (ok && !session_done(s) && (!o->max_ticks || sim_tick(session_world(s)) < o->max_ticks)) {
        if (next_swap < m->swap_count && sim_tick(session_world(s)) == m->swap_tick[next_swap]) {
            const char *name = soak_maps[m->swap_map[next_swap++]];
            char *swap_path = app_asset_map(name);
            ae_grid swap = {0};
            if (!swap_path) {
                tool_fail(ARENA_BENCH, name, "out of memory");
                ok = false;
            } else if (!ae_map_load_file(swap_path, &swap, &err)) {
                tool_fail(ARENA_BENCH, swap_path, "%s", err.msg);
                ok = false;
            } else if (!session_swap_map(s, &swap, swap_path, &err)) {
                tool_fail(ARENA_BENCH, swap_path, "swap refused: %s", err.msg);
                ok = false;
            }
            ae_grid_free(&swap);
            free(swap_path);
        }
        session_step(s, NULL);
    }
    m->ticks = sim_tick(session_world(s));
    if (ok && !session_finish(s, &err)) {
        tool_fail(ARENA_BENCH, record, "%s", err.msg);
        ok = false;
    }
    session_destroy(s);
    if (!ok) return false;

    session_def play = {0};
    play.replay_path = record;
    s = session_create(&play, &err);
    if (!s) {
        tool_fail(ARENA_BENCH, record, "%s", err.msg);
        return false;
    }
    while (!session_done(s) && !session_diverged(s, NULL, 0)) session_step(s, NULL);
    char msg[160];
    m->replay_ok = !session_diverged(s, msg, sizeof msg);
    if (!m->replay_ok) tool_fail(ARENA_BENCH, record, "%s", msg);
    session_destroy(s);
    tool_stopwatch_ms(start, &m->ms, &m->cpu_ms);
    return true;
}

static bool parse_opts(int argc, char **argv, soak_opts *o) {
    *o = (soak_opts){50, 100, 0, tool_now_ns() % (uint64_t)LONG_MAX, false, true};
    enum { OPT_MATCHES, OPT_AGENTS, OPT_MAX_TICKS, OPT_SEED, OPT_CSV, OPT_NO_RSS, OPT_COUNT };
    static const tool_option options[OPT_COUNT] = {
        {"--matches", true}, {"--agents", true}, {"--max-ticks", true},
        {"--seed", true},    {"--csv", false},   {"--no-rss-check", false}};
    static const long lo[4] = {1, 2, 1, 0}, hi[4] = {100000, SIM_MAX_AGENTS, 100000000, LONG_MAX};
    tool_args args;
    if (!tool_args_read(ARENA_BENCH, options, OPT_COUNT, 0, argc, argv, &args)) return false;
    long v[4] = {o->matches, o->agents, o->max_ticks, (long)o->seed};
    for (int f = OPT_MATCHES; f <= OPT_SEED; f++)
        if (args.given[f] && !tool_parse_int(args.value[f], lo[f], hi[f], &v[f])) {
            tool_fail(ARENA_BENCH, args.value[f], "%s needs a whole number from %ld to %ld",
                      options[f].name, lo[f], hi[f]);
            return false;
        }
    o->matches = (int)v[OPT_MATCHES];
    o->agents = (int)v[OPT_AGENTS];
    o->max_ticks = (int)v[OPT_MAX_TICKS];
    o->seed = (uint64_t)v[OPT_SEED];
    o->csv = args.given[OPT_CSV];
    o->rss_check = !args.given[OPT_NO_RSS];
    return true;
}

int cmd_soak(int argc, char **argv) {
    soak_opts o;
    if (!parse_opts(argc, argv, &o)) return TOOL_EXIT_BAD_INPUT;
    char dir[] = "/tmp/arena-soak-XXXXXX";
    if (!mkdtemp(dir)) {
        tool_fail(ARENA_BENCH, "/tmp", "cannot create a temporary directory");
        return TOOL_EXIT_FAIL;
    }
    char record[sizeof dir + 16];
    snprintf(record, sizeof record, "%s/match.arp", dir);

    static const char *const columns[] = {"match",  "seed",    "map",       "swaps",
                                          "ticks",  "ms",      "cpu_ms",    "replay",
                                          "rss_mb", "anon_mb", "live_bytes"};
    static const int widths[] = {5, 10, 7, 34, 6, 8, 8, 6, 8, 8, 10};
    enum { COLS = sizeof widths / sizeof widths[0] };
    tool_table t = {o.csv, COLS, columns, widths};
    if (!o.csv)
        printf("\n# soak: %d matches of %d agents (1 autopilot + bots), soak seed %llu; each on a "
               "random map with random map swaps (match 1 visits every map), recorded and "
               "replayed\n",
               o.matches, o.agents, (unsigned long long)o.seed);
    tool_table_header(&t);

    ae_rng rng;
    ae_rng_seed(&rng, o.seed, 0x50a6u);
    size_t live_before = ae_live_bytes();
    soak_rss first = {0, 0}, last = {0, 0};
    int failures = 0;
    for (int i = 0; i < o.matches; i++) {
        soak_match m = {0};
        m.seed = ae_rng_next(&rng);
        m.map = (int)ae_rng_below(&rng, SOAK_MAP_COUNT);
        // Match 1 swaps to every other map in a random order; later ones to one random map.
        int order[SOAK_MAP_COUNT - 1];
        for (int k = 0; k < SOAK_MAP_COUNT - 1; k++) order[k] = (m.map + 1 + k) % SOAK_MAP_COUNT;
        for (int k = SOAK_MAP_COUNT - 2; k > 0; k--) {
            int j = (int)ae_rng_below(&rng, (uint32_t)k + 1);
            int swapped = order[k];
            order[k] = order[j], order[j] = swapped;
        }
        m.swap_count = i == 0 ? SOAK_MAP_COUNT - 1 : 1;
        for (int k = 0; k < m.swap_count; k++) {
            m.swap_map[k] = order[k];
            m.swap_tick[k] = 60 + 1000 * k + (int)ae_rng_below(&rng, i == 0 ? 900 : 3000);
            // A match cut short by --max-ticks still gets all its swaps, in the same order and
            // at distinct ticks (a match swaps at most once a tick).
            if (o.max_ticks > 0 && o.max_ticks < SOAK_LAST_SWAP + 120)
                m.swap_tick[k] =
                    60 + k + (m.swap_tick[k] - 60) * ae_maxi(o.max_ticks - 120, 0) / SOAK_LAST_SWAP;
        }
        bool ok = play_match(&o, &m, record) && m.replay_ok;
        size_t live = ae_live_bytes();
        if (!ok || live != live_before) failures++;
        if (live != live_before)
            tool_fail(ARENA_BENCH, "soak", "match %d left %zu bytes allocated", i + 1,
                      live - live_before);
#ifdef __GLIBC__
        malloc_trim(0); // measure what is held, not what the allocator keeps cached for reuse
#endif
        last = resident();

        char cells[COLS][48];
        snprintf(cells[0], 48, "%d", i + 1);
        snprintf(cells[1], 48, "%llu", (unsigned long long)m.seed);
        snprintf(cells[2], 48, "%s", soak_maps[m.map]);
        int len = 0;
        for (int k = 0; k < m.swap_count; k++)
            len += snprintf(cells[3] + len, 48 - (size_t)len, "%s%s@%d", k ? "," : "",
                            soak_maps[m.swap_map[k]], m.swap_tick[k]);
        snprintf(cells[4], 48, "%d", m.ticks);
        snprintf(cells[5], 48, "%.0f", m.ms);
        snprintf(cells[6], 48, "%.0f", m.cpu_ms);
        snprintf(cells[7], 48, "%s", ok ? "ok" : "FAIL");
        snprintf(cells[8], 48, "%.2f", (double)last.total / 1048576.0);
        snprintf(cells[9], 48, "%.2f", (double)last.anon / 1048576.0);
        snprintf(cells[10], 48, "%zu", live - live_before);
        const char *row[COLS];
        for (int c = 0; c < COLS; c++) row[c] = cells[c];
        tool_table_row(&t, row);
        fflush(stdout);
        // The baseline is read once match 1's row is out: printing it is the first use of
        // libc's formatting code, whose pages (about 200 kB with the kernel's fault-around)
        // would otherwise count as growth after match 1.
        if (i == 0) first = resident();
    }
    remove(record);
    rmdir(dir);

    // The check is on the whole resident set, as a host would see it; the anonymous part (heap
    // and stacks, where a leak would show) is printed beside it.
    double growth = growth_percent(first.total, last.total);
    bool rss_ok = !o.rss_check || growth < 1.0;
    if (!o.csv)
        printf("resident after match 1 -> after match %d: %.2f -> %.2f MB (%+.2f%%); anonymous "
               "part %.2f -> %.2f MB (%+.1f kB)\n"
               "check: every match freed all it allocated and replayed ok: %s; resident growth "
               "under 1%%: %s\n",
               o.matches, (double)first.total / 1048576.0, (double)last.total / 1048576.0, growth,
               (double)first.anon / 1048576.0, (double)last.anon / 1048576.0,
               ((double)last.anon - (double)first.anon) / 1024.0, failures ? "FAILED" : "ok",
               !o.rss_check ? "not checked"
               : rss_ok     ? "ok"
                            : "FAILED");
    return failures || !rss_ok ? TOOL_EXIT_FAIL : TOOL_EXIT_OK;
}
