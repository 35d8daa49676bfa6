// arena-bench nav: A* and jump point search per map (medians, p99, nodes, thread CPU time), their
// agreement, the cost of generating cover points and, where ARENA_WARTHOG names a warthog-jps
// binary, warthog's jps2 and jps on the same Moving AI problems in alternating rounds.
#include "suites.h"

#include "asset_dir.h"
#include "arena/ae_cover.h"
#include "arena/ae_file.h"
#include "arena/ae_map_file.h"
#include "arena/ae_rng.h"
#include "gen_maps.h"
#include "tool_util.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_QUERIES = 400, COVER_RUNS = 5, ROUNDS = 3 };

static const char *const columns[] = {"map",    "method",  "median_us",   "p99_us", "nodes",
                                      "length", "mean_us", "ns_per_node", "cpu_us", "cpu_mean_us"};
static const int widths[] = {16, 8, 10, 10, 10, 10, 10, 11, 10, 11};

typedef struct pair {
    ae_nav_cell a, b;
} pair;

/// A row's figures; a negative one prints as "-" (what a row does not measure).
typedef struct figures {
    double med, p99, nodes, length, mean, ns_node, cpu_med, cpu_mean;
} figures;

static void row(const tool_table *t, const char *map, const char *method, figures f) {
    const double v[8] = {f.med, f.p99, f.nodes, f.length, f.mean, f.ns_node, f.cpu_med, f.cpu_mean};
    static const char *const fmt[8] = {"%.2f", "%.2f", "%.0f", "%.4f",
                                       "%.2f", "%.1f", "%.2f", "%.2f"};
    char c[8][32];
    for (int i = 0; i < 8; i++) {
        if (v[i] < 0.0)
            snprintf(c[i], 32, "-");
        else
            snprintf(c[i], 32, fmt[i], v[i]);
    }
    const char *cells[] = {map, method, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]};
    tool_table_row(t, cells);
}

/// Median and mean of n values (the array is sorted).
static void med_mean(double *v, int n, double *med, double *mean) {
    double sum = 0.0;
    for (int i = 0; i < n; i++) sum += v[i];
    *mean = n ? sum / n : 0.0;
    *med = n ? tool_median(v, (size_t)n) : 0.0;
}

/// The scenario lines of the problems scen_pairs chose, for the reference program.
static char scen_lines[MAX_QUERIES][1024];

/// Problems of a scenario file, evenly spaced, at most MAX_QUERIES (their lines in scen_lines).
static int scen_pairs(const char *path, pair *out) {
    uint64_t size;
    ae_error err;
    int fd = ae_file_open(path, &size, &err); // like every reader: never blocks on a FIFO
    FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
    if (!f) {
        if (fd >= 0) close(fd);
        return 0;
    }
    static pair all[20000];
    static long offset[20000];
    int n = 0;
    char buf[1024];
    for (long at = ftell(f); fgets(buf, sizeof buf, f) && n < 20000; at = ftell(f)) {
        int b, w, h, sx, sy, gx, gy;
        char map[512];
        if (sscanf(buf, "%d %511s %d %d %d %d %d %d", &b, map, &w, &h, &sx, &sy, &gx, &gy) == 8) {
            offset[n] = at;
            all[n++] = (pair){{sx, sy}, {gx, gy}};
        }
    }
    int m = n < MAX_QUERIES ? n : MAX_QUERIES;
    for (int i = 0; i < m; i++) {
        const int k = (int)((long)i * n / m);
        out[i] = all[k];
        if (fseek(f, offset[k], SEEK_SET) != 0 || !fgets(scen_lines[i], sizeof scen_lines[i], f))
            scen_lines[i][0] = '\0';
    }
    fclose(f);
    return m;
}

/// Random connected pairs of passable cells.
static int random_pairs(const ae_nav_grid *nav, ae_nav_search *s, pair *out) {
    ae_rng rng;
    ae_rng_seed(&rng, 12345, 9);
    int n = 0;
    for (int tries = 0; n < MAX_QUERIES && tries < 100000; tries++) {
        ae_nav_cell a = {(int)ae_rng_below(&rng, (uint32_t)nav->width),
                         (int)ae_rng_below(&rng, (uint32_t)nav->height)};
        ae_nav_cell b = {(int)ae_rng_below(&rng, (uint32_t)nav->width),
                         (int)ae_rng_below(&rng, (uint32_t)nav->height)};
        ae_nav_query q = {a, b, 0, AE_NAV_JPS};
        if (ae_nav_find_path(s, nav, &q) == AE_NAV_FOUND) out[n++] = (pair){a, b};
    }
    return n;
}

/// One run of the reference (warthog-jps at `bin`, algorithm `alg`) on the scenario file `scen`
/// of n problems: per problem its own timer's search time (us), expansions and path length.
/// False when it cannot be run or does not answer every problem.
static bool reference_run(const char *bin, const char *alg, const char *map, const char *scen,
                          int n, double *us, double *nodes, double *len) {
    if (strchr(bin, '\'') || strchr(map, '\'')) return false; // quoted for the shell below
    char cmd[3 * 4096];
    if (snprintf(cmd, sizeof cmd, "'%s' --alg %s --scen '%s' --map '%s' 2>/dev/null", bin, alg,
                 scen, map) >= (int)sizeof cmd)
        return false;
    FILE *p = popen(cmd, "r");
    if (!p) return false;
    int got = 0;
    char buf[1024];
    while (fgets(buf, sizeof buf, p)) {
        // id alg expanded generated reopen surplus heapops nanos plen pcost scost map
        int id;
        char a[32];
        double e, ns, pcost;
        if (sscanf(buf, "%d %31s %lf %*f %*f %*f %*f %lf %*f %lf", &id, a, &e, &ns, &pcost) == 5 &&
            id >= 0 && id < n) {
            us[id] = ns * 1e-3;
            nodes[id] = e;
            len[id] = pcost;
            got++;
        }
    }
    return pclose(p) == 0 && got == n;
}

/// Our JPS against the reference on a Moving AI map's chosen problems (scen_lines): ROUNDS rounds,
/// each running ours on every problem and then each reference algorithm on all of them, the
/// minimum per problem over the rounds (thread CPU time for ours; the reference's own timer).
/// Rows jps-min, wh-jps2, wh-jps (none, and a line, when the reference does not run). False when
/// one of its lengths disagrees with ours.
static bool bench_reference(const tool_table *t, const char *name, const char *bin,
                            const char *map_file, ae_nav_search *s, const ae_nav_grid *nav,
                            const pair *pairs, int n, const double *ours_len) {
    char scen[] = "/tmp/arena-bench-nav-XXXXXX";
    const int fd = mkstemp(scen);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) {
        if (fd >= 0) {
            close(fd);
            unlink(scen);
        }
        return false;
    }
    fputs("version 1\n", f);
    for (int i = 0; i < n; i++) fputs(scen_lines[i], f);
    bool ok = fclose(f) == 0;
    static const char *const algs[2] = {"jps2", "jps"}, *const rows[2] = {"wh-jps2", "wh-jps"};
    static double ours[MAX_QUERIES], theirs[2][MAX_QUERIES], nodes[2][MAX_QUERIES],
        len[2][MAX_QUERIES], us[MAX_QUERIES];
    for (int i = 0; i < n; i++) ours[i] = theirs[0][i] = theirs[1][i] = 1e300;
    for (int r = 0; ok && r < ROUNDS; r++) {
        for (int i = 0; i < n; i++) {
            ae_nav_query q = {pairs[i].a, pairs[i].b, 0, AE_NAV_JPS};
            const uint64_t c0 = tool_thread_cpu_ns();
            ae_nav_find_path(s, nav, &q);
            const double c = (double)(tool_thread_cpu_ns() - c0) * 1e-3;
            if (c < ours[i]) ours[i] = c;
        }
        for (int a = 0; ok && a < 2; a++) {
            ok = reference_run(bin, algs[a], map_file, scen, n, us, nodes[a], len[a]);
            for (int i = 0; ok && i < n; i++)
                if (us[i] < theirs[a][i]) theirs[a][i] = us[i];
        }
    }
    unlink(scen);
    if (!ok) {
        // Not a disagreement: the rows are missing, and the line says why.
        if (!t->csv) printf("  %s: the reference %s did not run (skipped)\n", name, bin);
        return true;
    }
    const figures none = {-1, -1, -1, -1, -1, -1, -1, -1};
    figures fig = none;
    med_mean(ours, n, &fig.cpu_med, &fig.cpu_mean);
    row(t, name, "jps-min", fig);
    bool agree = true;
    for (int a = 0; a < 2; a++) {
        double sum_nodes = 0.0, sum_len = 0.0;
        for (int i = 0; i < n; i++) {
            sum_nodes += nodes[a][i];
            sum_len += len[a][i];
            // warthog prints lengths with 6 significant digits
            if (fabs(len[a][i] - ours_len[i]) > 1e-5 * fmax(1.0, ours_len[i])) agree = false;
        }
        fig = none;
        fig.nodes = sum_nodes / n;
        fig.length = sum_len / n;
        med_mean(theirs[a], n, &fig.cpu_med, &fig.cpu_mean);
        row(t, name, rows[a], fig);
    }
    if (!t->csv && !agree) printf("  %s: warthog's lengths DISAGREE with ours\n", name);
    return agree;
}

/// Benchmarks one map; false when A* and JPS disagree (or the reference, when `reference` names
/// it, with `map_file` the Moving AI map file).
static bool bench_map(const tool_table *t, const char *name, const ae_grid *g, float cell,
                      float radius, const char *scen, const char *map_file, const char *reference) {
    ae_sdf sdf;
    ae_nav_grid nav;
    ae_nav_search *s = NULL;
    ae_nav_grid_def def = ae_default_nav_grid_def();
    def.radii[0] = radius;
    if (!ae_sdf_init(&sdf, g, cell, NULL)) return false;
    if (!ae_nav_grid_init(&nav, g, &sdf, &def, NULL) || !(s = ae_nav_search_create(&nav, NULL))) {
        ae_sdf_free(&sdf);
        return false;
    }
    static pair pairs[MAX_QUERIES];
    int n = scen ? scen_pairs(scen, pairs) : random_pairs(&nav, s, pairs);
    static double us[2][MAX_QUERIES], cpu[2][MAX_QUERIES], len[2][MAX_QUERIES];
    static ae_nav_status st[2][MAX_QUERIES];
    const ae_nav_method methods[2] = {AE_NAV_ASTAR, AE_NAV_JPS};
    const char *names[2] = {"astar", "jps"};
    bool agree = true;
    for (int m = 0; m < 2; m++) {
        double nodes = 0.0, total_len = 0.0, total_us = 0.0;
        for (int i = 0; i < n; i++) {
            ae_nav_query q = {pairs[i].a, pairs[i].b, 0, methods[m]};
            const uint64_t t0 = tool_now_ns(), c0 = tool_thread_cpu_ns();
            st[m][i] = ae_nav_find_path(s, &nav, &q);
            cpu[m][i] = (double)(tool_thread_cpu_ns() - c0) * 1e-3;
            us[m][i] = (double)(tool_now_ns() - t0) * 1e-3;
            len[m][i] = ae_nav_search_length(s);
            nodes += (double)ae_nav_search_expanded(s);
            total_len += ae_nav_search_length(s);
            total_us += us[m][i];
        }
        double mean = n ? total_us / n : 0.0;
        double ns_node = nodes > 0.0 ? total_us * 1e3 / nodes : 0.0;
        double *sorted = malloc((size_t)(n ? n : 1) * sizeof *sorted);
        memcpy(sorted, us[m], (size_t)n * sizeof *sorted);
        double med = n ? tool_median(sorted, (size_t)n) : 0.0;
        double p99 = n ? tool_percentile(sorted, (size_t)n, 99.0) : 0.0;
        free(sorted);
        figures fig = {med, p99, n ? nodes / n : 0.0, n ? total_len / n : 0.0, mean, ns_node, 0, 0};
        med_mean(cpu[m], n, &fig.cpu_med, &fig.cpu_mean);
        row(t, name, names[m], fig);
    }
    for (int i = 0; i < n; i++)
        if (st[0][i] != st[1][i] || len[0][i] != len[1][i]) agree = false;
    if (reference)
        agree &= bench_reference(t, name, reference, map_file, s, &nav, pairs, n, len[1]);
    // Cover generation for the same radius.
    double ms[COVER_RUNS];
    int points = 0;
    for (int r = 0; r < COVER_RUNS; r++) {
        ae_cover_set set;
        ae_cover_def cd = ae_default_cover_def();
        cd.radius = radius > 0.0f ? radius : 0.5f * cell;
        uint64_t t0 = tool_now_ns();
        bool ok = ae_cover_init(&set, g, &sdf, &cd, NULL);
        ms[r] = (double)(tool_now_ns() - t0) * 1e-3;
        points = ok ? set.count : 0;
        if (ok) ae_cover_free(&set);
    }
    double cover_us = tool_median(ms, COVER_RUNS);
    row(t, name, "cover", (figures){cover_us, cover_us, points, 0, cover_us, 0, -1, -1});
    if (!t->csv && !agree) printf("  %s: A* and JPS DISAGREE\n", name);
    ae_nav_search_destroy(s);
    ae_nav_grid_free(&nav);
    ae_sdf_free(&sdf);
    return agree;
}

int bench_nav(bool csv) {
    tool_table t = {csv, 10, columns, widths};
    const char *reference = getenv("ARENA_WARTHOG");
    if (reference && !*reference) reference = NULL;
    if (!csv) {
        printf("\n# nav: per query (up to %d per map; Moving AI: evenly spaced scenario "
               "problems, radius 0, cell 1; others: random connected pairs, radius 12, cell 32)\n"
               "# nodes = mean expanded per query (ours count the goal's pop, warthog's do not), "
               "length = mean path length (cells); cpu_us = median thread CPU time; cover: "
               "median_us = generation time, nodes = points\n",
               MAX_QUERIES);
        if (reference)
            printf("# reference ARENA_WARTHOG=%s: per Moving AI map %d rounds of our jps "
                   "(jps-min) then warthog --alg jps2 (wh-jps2) and --alg jps (wh-jps), minimum "
                   "per problem; warthog's time is its own timer's\n",
                   reference, ROUNDS);
        else
            printf("# reference: none (ARENA_WARTHOG unset: warthog rows skipped)\n");
    }
    tool_table_header(&t);
    bool ok = true;
    int maps = 0;
    char *path = tool_join(app_asset_dir(), "maps");
    DIR *d = path ? opendir(path) : NULL;
    if (d) {
        // Sorted names so the table order does not depend on the directory order.
        char names[64][256]; // d_name holds at most 255 bytes
        int nn = 0;
        struct dirent *e;
        while ((e = readdir(d)) && nn < 64) {
            size_t l = strlen(e->d_name);
            if (l > 4 && l < 256 && !strcmp(e->d_name + l - 4, ".png"))
                memcpy(names[nn++], e->d_name, l + 1);
        }
        closedir(d);
        qsort(names, (size_t)nn, sizeof names[0], (int (*)(const void *, const void *))strcmp);
        for (int i = 0; i < nn; i++) {
            char *file = tool_join(path, names[i]);
            ae_grid g;
            ae_error err;
            if (!file || !ae_map_load_file(file, &g, &err)) {
                if (file) fprintf(stderr, "%s: %s: %s (skipped)\n", ARENA_BENCH, file, err.msg);
                free(file);
                continue;
            }
            free(file);
            ok &= bench_map(&t, names[i], &g, 32.0f, 12.0f, NULL, NULL, NULL);
            ae_grid_free(&g);
            maps++;
        }
    }
    free(path);
    ae_grid g;
    if (gen_arena_map(&g, 512, 512, 7)) {
        ok &= bench_map(&t, "gen-arena512", &g, 32.0f, 12.0f, NULL, NULL, NULL);
        ae_grid_free(&g);
    }
    static const char *const mai[] = {"arena2",      "brc202d",        "den520d",
                                      "maze512-1-0", "random512-10-0", "32room_000"};
    for (int i = 0; i < 6; i++) {
        // Built-in names under a folder known when building: the buffer fits them by its size.
        char map[sizeof ARENA_SHARED_DIR + 64], scen[sizeof map + 8];
        snprintf(map, sizeof map, "%s/data/movingai/%s.map", ARENA_SHARED_DIR, mai[i]);
        snprintf(scen, sizeof scen, "%s.scen", map);
        ae_error err;
        if (!ae_map_load_file(map, &g, &err)) {
            if (!csv) printf("  %s: not present, skipped\n", mai[i]);
            continue;
        }
        ok &= bench_map(&t, mai[i], &g, 1.0f, 0.0f, scen, map, reference);
        ae_grid_free(&g);
        maps++;
    }
    if (!csv)
        printf("check: A* and JPS give the same status and length on every query%s: %s\n",
               reference ? ", warthog's lengths ours" : "", ok ? "ok" : "FAILED");
    return ok ? TOOL_EXIT_OK : TOOL_EXIT_FAIL;
}
