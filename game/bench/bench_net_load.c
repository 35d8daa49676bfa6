// arena-bench net-load: many matches on one machine, measured as they would run. M arena-server
// processes (load_server.h) and M x N lightweight clients over real sockets on loopback
// (load_client.h), in a network namespace of their own when one can be made (load_netns.h). Per
// match: the server process's CPU, how late its ticks started and how many it missed (its own
// `server:` line), the bytes per client per second each way on the wire, the clients that did
// not play to the end; then the clients' own CPU. Capped in count (16 matches of 100) and time
// (the match, then 30 s at most for the ends; every server is stopped by then).
#include "suites.h"

#include "load_client.h"
#include "load_netns.h"
#include "load_server.h"
#include "net_serve.h"
#include "tool_args.h"
#include "tool_util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#define MAX_MATCHES   16
#define MAX_CLIENTS   100 // a match's player slots (arena-server --players)
#define MAX_SECONDS   600
#define END_MARGIN_US (30 * 1000000ull) // past the match: END, BYE, the servers' exits

typedef struct load_opts {
    int matches, clients, seconds;
    bool csv;
} load_opts;

static bool parse_opts(int argc, char **argv, load_opts *o) {
    enum { OPT_MATCHES, OPT_CLIENTS, OPT_SECONDS, OPT_CSV, OPT_COUNT };
    static const tool_option options[OPT_COUNT] = {
        {"--matches", true}, {"--clients", true}, {"--seconds", true}, {"--csv", false}};
    tool_args a;
    if (!tool_args_read(ARENA_BENCH, options, OPT_COUNT, 0, argc, argv, &a)) return false;
    struct {
        int opt, lo, hi, def;
        int *out;
        const char *needs;
    } nums[] = {
        {OPT_MATCHES, 1, MAX_MATCHES, 10, &o->matches,
         "--matches needs a whole number from 1 to 16"},
        {OPT_CLIENTS, 1, MAX_CLIENTS, 100, &o->clients,
         "--clients needs a whole number from 1 to 100"},
        {OPT_SECONDS, 1, MAX_SECONDS, 60, &o->seconds,
         "--seconds needs a whole number from 1 to 600"},
    };
    for (size_t i = 0; i < sizeof nums / sizeof nums[0]; i++) {
        long v = nums[i].def;
        if (a.given[nums[i].opt] &&
            !tool_parse_int(a.value[nums[i].opt], nums[i].lo, nums[i].hi, &v)) {
            tool_fail(ARENA_BENCH, a.value[nums[i].opt], "%s", nums[i].needs);
            return false;
        }
        *nums[i].out = (int)v;
    }
    o->csv = a.given[OPT_CSV];
    return true;
}

// arena-server beside this arena-bench (both in build/bin, or both installed in one bin).
static bool server_exe(char *out, size_t size) {
    char self[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) return false;
    self[n] = '\0';
    char *slash = strrchr(self, '/');
    if (!slash) return false;
    *slash = '\0';
    snprintf(out, size, "%s/arena-server", self);
    return access(out, X_OK) == 0;
}

// Every connection is a descriptor: the soft limit goes up to what this needs (or the hard one).
static bool enough_descriptors(int needed, char *why, size_t why_size) {
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0) return true;
    if (rl.rlim_cur >= (rlim_t)needed) return true;
    rl.rlim_cur = rl.rlim_max == RLIM_INFINITY || rl.rlim_max >= (rlim_t)needed ? (rlim_t)needed
                                                                                : rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
    if (rl.rlim_cur >= (rlim_t)needed) return true;
    snprintf(why, why_size, "%d connections need %d descriptors; the limit is %lu", needed - 64,
             needed, (unsigned long)rl.rlim_cur);
    return false;
}

static void print_table(const load_opts *o, const load_server *srv, const load_pool *pool,
                        bool *all_ended, bool *target_met) {
    static const char *const columns[] = {
        "match",       "clients", "ticks",    "server_cpu_pct", "late_p50_us", "late_p99_us",
        "late_max_us", "missed",  "down_Bps", "up_Bps",         "dropped"};
    enum { NCOLS = 11 };
    static const int widths[NCOLS] = {6, 7, 6, 14, 11, 11, 11, 6, 8, 6, 7};
    tool_table t = {o->csv, NCOLS, columns, widths};
    tool_table_header(&t);
    double col[NCOLS][MAX_MATCHES];
    *all_ended = true;
    *target_met = true;
    for (int m = 0; m < o->matches; m++) {
        const load_server *s = &srv[m];
        const load_match_figures f = load_pool_match(pool, m);
        const double v[NCOLS] = {m + 1,
                                 f.clients,
                                 s->ticks,
                                 s->cpu_pct,
                                 (double)s->late_p50_us,
                                 (double)s->late_p99_us,
                                 (double)s->late_max_us,
                                 s->missed,
                                 f.play_s > 0 ? (double)f.bytes_down / f.play_s : 0,
                                 f.play_s > 0 ? (double)f.bytes_up / f.play_s : 0,
                                 f.failed};
        for (int i = 0; i < NCOLS; i++) col[i][m] = v[i];
        *all_ended =
            *all_ended && f.failed == 0 && s->exited_ok && s->ticks == (uint32_t)o->seconds * 60u;
        *target_met = *target_met && s->missed == 0 && s->late_p99_us <= 2000;
        char cells[NCOLS][32];
        const char *row[NCOLS];
        for (int i = 0; i < NCOLS; i++) {
            snprintf(cells[i], 32, i == 3 ? "%.2f" : "%.0f", v[i]);
            row[i] = cells[i];
        }
        tool_table_row(&t, row);
    }
    char cells[NCOLS][32];
    const char *row[NCOLS];
    for (int i = 0; i < NCOLS; i++) {
        snprintf(cells[i], 32, i == 3 ? "%.2f" : "%.0f", tool_median(col[i], (size_t)o->matches));
        row[i] = cells[i];
    }
    snprintf(cells[0], 32, "median");
    tool_table_row(&t, row);
}

int cmd_net_load(int argc, char **argv) {
    load_opts o;
    if (!parse_opts(argc, argv, &o)) return TOOL_EXIT_BAD_INPUT;
    char exe[PATH_MAX + 16], why[256] = "";
    if (!server_exe(exe, sizeof exe)) {
        tool_fail(ARENA_BENCH, "net-load", "no arena-server beside arena-bench");
        return TOOL_EXIT_FAIL;
    }
    if (!enough_descriptors(o.matches * o.clients + 64, why, sizeof why)) {
        tool_fail(ARENA_BENCH, "net-load", "%s", why);
        return TOOL_EXIT_FAIL;
    }
    const bool own_net = load_netns_enter(why, sizeof why);
    if (!o.csv) {
        printf("\n# net-load: %d arena-server processes, %d clients each (one thread of "
               "arena-bench, real sockets), %d s matches of %d agents on 'arena'; per client "
               "bytes on the wire with WebSocket framing; dropped: clients that did not play to "
               "the end\n",
               o.matches, o.clients, o.seconds, o.clients);
        if (own_net)
            printf("# network: a namespace of its own, loopback only\n");
        else
            printf("# network: the machine's loopback (%s)\n", why);
    }
    load_server srv[MAX_MATCHES];
    load_pool *pool = load_pool_create(o.matches, o.clients);
    int started = 0;
    bool ok = pool != NULL;
    if (!pool) snprintf(why, sizeof why, "out of memory");
    for (; ok && started < o.matches; started++)
        ok = load_server_start(exe, o.clients, o.seconds, (uint64_t)started + 1, &srv[started], why,
                               sizeof why);
    if (!ok && started > 0) started--; // the one that failed is reaped already
    for (int m = 0; ok && m < o.matches; m++)
        ok = load_pool_connect(pool, m, srv[m].url, why, sizeof why);
    // Each server plays its match from its own start; the clients give up at the cap.
    const uint64_t cap = net_serve_now_us() + (uint64_t)o.seconds * 1000000u + END_MARGIN_US;
    if (ok) load_pool_run(pool, cap);
    bool summaries = true;
    for (int m = 0; m < started; m++)
        summaries = load_server_finish(&srv[m], ok ? cap : 0) && summaries;
    if (!ok) {
        tool_fail(ARENA_BENCH, "net-load", "%s", why);
        load_pool_destroy(pool);
        return TOOL_EXIT_FAIL;
    }
    bool all_ended, target_met;
    print_table(&o, srv, pool, &all_ended, &target_met);
    uint64_t cpu_ns, wall_us;
    load_pool_cpu(pool, &cpu_ns, &wall_us);
    load_pool_destroy(pool);
    if (!o.csv) {
        printf("clients: %d connections, CPU %.2f%% of a core\n", o.matches * o.clients,
               wall_us ? 100.0 * (double)cpu_ns / 1000.0 / (double)wall_us : 0);
        printf("target: no missed tick and late_p99_us <= 2000 in every match: %s\n",
               target_met ? "met" : "not met");
        printf("check: every client played its match to the end (%d ticks) and every server "
               "exited 0: %s\n",
               o.seconds * 60, all_ended && summaries ? "ok" : "FAILED");
    }
    return all_ended && summaries ? TOOL_EXIT_OK : TOOL_EXIT_FAIL;
}
