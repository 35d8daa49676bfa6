// arena-bench nav: A* and jump point search per map (medians, p99, nodes), their agreement, and
// the cost of generating cover points.
#include "suites.h"

#include "asset_dir.h"
#include "arena/ae_cover.h"
#include "arena/ae_file.h"
#include "arena/ae_map_file.h"
#include "arena/ae_rng.h"
#include "gen_maps.h"
#include "tool_util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { MAX_QUERIES = 400, COVER_RUNS = 5 };

static const char *const columns[] = {"map",   "method", "median_us", "p99_us",
                                      "nodes", "length", "mean_us",   "ns_per_node"};
static const int widths[] = {16, 8, 10, 10, 10, 10, 10, 11};

typedef struct pair {
    ae_nav_cell a, b;
} pair;

static void row(const tool_table *t, const char *map, const char *method, double med, double p99,
                double nodes, double length, double mean, double ns_node) {
    char c[6][32];
    snprintf(c[0], 32, "%.2f", med);
    snprintf(c[1], 32, "%.2f", p99);
    snprintf(c[2], 32, "%.0f", nodes);
    snprintf(c[3], 32, "%.4f", length);
    snprintf(c[4], 32, "%.2f", mean);
    snprintf(c[5], 32, "%.1f", ns_node);
    const char *cells[] = {map, method, c[0], c[1], c[2], c[3], c[4], c[5]};
    tool_table_row(t, cells);
}

/// Problems of a scenario file, evenly spaced, at most MAX_QUERIES.
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
    int n = 0;
    char buf[1024];
    while (fgets(buf, sizeof buf, f) && n < 20000) {
        int b, w, h, sx, sy, gx, gy;
        char map[512];
        if (sscanf(buf, "%d %511s %d %d %d %d %d %d", &b, map, &w, &h, &sx, &sy, &gx, &gy) == 8)
            all[n++] = (pair){{sx, sy}, {gx, gy}};
    }
    fclose(f);
    int m = n < MAX_QUERIES ? n : MAX_QUERIES;
    for (int i = 0; i < m; i++) out[i] = all[(int)((long)i * n / m)];
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

/// Benchmarks one map; false when A* and JPS disagree.
static bool bench_map(const tool_table *t, const char *name, const ae_grid *g, float cell,
                      float radius, const char *scen) {
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
    static double us[2][MAX_QUERIES], len[2][MAX_QUERIES];
    static ae_nav_status st[2][MAX_QUERIES];
    const ae_nav_method methods[2] = {AE_NAV_ASTAR, AE_NAV_JPS};
    const char *names[2] = {"astar", "jps"};
    bool agree = true;
    for (int m = 0; m < 2; m++) {
        double nodes = 0.0, total_len = 0.0, total_us = 0.0;
        for (int i = 0; i < n; i++) {
            ae_nav_query q = {pairs[i].a, pairs[i].b, 0, methods[m]};
            uint64_t t0 = tool_now_ns();
            st[m][i] = ae_nav_find_path(s, &nav, &q);
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
        row(t, name, names[m], med, p99, n ? nodes / n : 0.0, n ? total_len / n : 0.0, mean,
            ns_node);
    }
    for (int i = 0; i < n; i++)
        if (st[0][i] != st[1][i] || len[0][i] != len[1][i]) agree = false;
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
    row(t, name, "cover", cover_us, cover_us, points, 0.0, cover_us, 0.0);
    if (!t->csv && !agree) printf("  %s: A* and JPS DISAGREE\n", name);
    ae_nav_search_destroy(s);
    ae_nav_grid_free(&nav);
    ae_sdf_free(&sdf);
    return agree;
}

int bench_nav(bool csv) {
    tool_table t = {csv, 8, columns, widths};
    if (!csv)
        printf("\n# nav: per query (up to %d per map; Moving AI: evenly spaced scenario "
               "problems, radius 0, cell 1; others: random connected pairs, radius 12, cell 32)\n"
               "# nodes = mean expanded per query, length = mean path length (cells); cover: "
               "median_us = generation time, nodes = points\n",
               MAX_QUERIES);
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
            ok &= bench_map(&t, names[i], &g, 32.0f, 12.0f, NULL);
            ae_grid_free(&g);
            maps++;
        }
    }
    free(path);
    ae_grid g;
    if (gen_arena_map(&g, 512, 512, 7)) {
        ok &= bench_map(&t, "gen-arena512", &g, 32.0f, 12.0f, NULL);
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
        ok &= bench_map(&t, mai[i], &g, 1.0f, 0.0f, scen);
        ae_grid_free(&g);
        maps++;
    }
    if (!csv)
        printf("check: A* and JPS give the same status and length on every query: %s\n",
               ok ? "ok" : "FAILED");
    return ok ? TOOL_EXIT_OK : TOOL_EXIT_FAIL;
}
