// arena-bench sdf: bake times against the reference article's brute force, single-cell edits
// next to the bake of the same map, and query costs.
#include "suites.h"

#include "bench_sdf_edit.h"

#include "arena/ae_rng.h"
#include "arena/ae_sdf.h"
#include "gen_maps.h"
#include "sdf_timing.h"
#include "tool_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/// The reference article's bake: for every corner, the distance to every wall cell's nearest
/// corner (unsigned, O(corners x walls)). Kept only as the baseline to beat.
static void brute_bake(const ae_grid *g, float *out) {
    const int nw = g->width + 1, nh = g->height + 1;
    for (int cy = 0; cy < nh; cy++)
        for (int cx = 0; cx < nw; cx++) {
            float best = INFINITY;
            for (int y = -1; y <= g->height; y++)
                for (int x = -1; x <= g->width; x++) {
                    if (!ae_grid_is_wall(g, x, y)) continue;
                    float dx = (float)(cx < x ? x - cx : (cx > x + 1 ? cx - x - 1 : 0));
                    float dy = (float)(cy < y ? y - cy : (cy > y + 1 ? cy - y - 1 : 0));
                    float d = sqrtf(dx * dx + dy * dy);
                    if (d < best) best = d;
                }
            out[(size_t)cy * (size_t)nw + (size_t)cx] = best;
        }
}

static const char *const columns[] = {"case", "size", "method", "median_ms", "cpu_ms", "ns_per_op"};
static const int widths[] = {10, 6, 12, 12, 12, 12};

/// One row: the wall-clock median, the thread CPU median and the wall time per operation.
static void row(const tool_table *t, const char *name, int size, const char *method, double ms,
                double cpu_ms, double ns_per_op) {
    char s[16], m[24], c[24], n[24];
    snprintf(s, sizeof s, "%d", size);
    snprintf(m, sizeof m, "%.4f", ms);
    snprintf(c, sizeof c, "%.4f", cpu_ms);
    snprintf(n, sizeof n, "%.1f", ns_per_op);
    const char *cells[] = {name, s, method, m, c, n};
    tool_table_row(t, cells);
}

/// Random free positions of the map (world units), for the query benchmarks.
static vec2s *free_points(const ae_sdf *sdf, int n, float radius, uint64_t seed) {
    vec2s *p = malloc((size_t)n * sizeof *p);
    ae_rng rng;
    ae_rng_seed(&rng, seed, 3);
    const float w = (float)sdf->width * sdf->cell_size, h = (float)sdf->height * sdf->cell_size;
    for (int i = 0; i < n;) {
        vec2s q = {{ae_rng_range(&rng, 0.0f, w), ae_rng_range(&rng, 0.0f, h)}};
        if (ae_sdf_sample(sdf, q) >= radius) p[i++] = q;
    }
    return p;
}

enum { QUERY_COUNT = 100000, QUERY_RUNS = 7 };

typedef enum query_kind { Q_SAMPLE, Q_GRADIENT, Q_MOVE, Q_CAST } query_kind;

/// The median wall milliseconds of QUERY_COUNT queries; the thread's CPU median to *cpu_ms.
static double time_queries(const ae_sdf *sdf, const vec2s *pts, query_kind kind, double *sink,
                           double *cpu_ms) {
    double ms[QUERY_RUNS], cpu[QUERY_RUNS];
    const float radius = 12.0f;
    for (int r = 0; r < QUERY_RUNS; r++) {
        double acc = 0.0;
        const tool_stopwatch sw = tool_stopwatch_start();
        for (int i = 0; i < QUERY_COUNT; i++) {
            vec2s p = pts[i], dir = {{0.6f, 0.8f}};
            switch (kind) {
            case Q_SAMPLE:
                acc += ae_sdf_sample(sdf, p);
                break;
            case Q_GRADIENT:
                acc += ae_sdf_gradient(sdf, p).x;
                break;
            case Q_MOVE:
                acc += ae_sdf_move_circle(sdf, p, radius, (vec2s){{4.0f, 3.0f}}).x;
                break;
            case Q_CAST:
                acc += ae_sdf_disk_cast(sdf, p, dir, radius, 100.0f, NULL);
                break;
            }
        }
        tool_stopwatch_ms(sw, &ms[r], &cpu[r]);
        *sink += acc;
    }
    *cpu_ms = tool_median(cpu, QUERY_RUNS);
    return tool_median(ms, QUERY_RUNS);
}

/// Rows for one edit of each kind in the field (and the nav grid and cover points when timed).
static void edit_rows(const tool_table *t, int n, const sdf_edit_timing *e, bool derived) {
    static const char *const cases[SDF_EDIT_PARTS] = {"edit", "nav_edit", "cover_edit"};
    static const char *const kinds[SDF_EDIT_KINDS] = {"break wall", "add wall"};
    for (int p = 0; p < (derived ? SDF_EDIT_PARTS : 1); p++)
        for (int k = 0; k < SDF_EDIT_KINDS; k++) {
            double ms = e->median_ms[k][p];
            row(t, cases[p], n, kinds[k], ms, e->cpu_ms[k][p], ms * 1e6);
        }
}

/// Largest map side whose edits are also timed in the nav grid and the cover points (building
/// those for bigger maps takes seconds).
#define DERIVED_MAX_SIDE 1024

int bench_sdf(bool csv) {
    tool_table t = {csv, 6, columns, widths};
    if (!csv)
        printf("\n# sdf: bake (median of %d), single-cell edits (median of %d each: a wall cell "
               "made free, a free cell made wall) and queries (median of %d x %d)\n",
               SDF_TIMING_RUNS, SDF_EDIT_COUNT, QUERY_RUNS, QUERY_COUNT);
    tool_table_header(&t);
    const int sizes[] = {64, 128, 256, 512, 1024, 2048, 4096};
    double worst_diff = 0.0, bake_512 = 0.0;
    sdf_edit_timing edit_512 = {0};
    bool edits_exact = true;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int n = sizes[i];
        ae_grid g;
        gen_arena_map(&g, n, n, 7);
        double ms, cpu_ms;
        ae_error err;
        if (!sdf_time_bake(&g, &ms, &cpu_ms, &err)) {
            tool_fail(ARENA_BENCH, "sdf", "%s", err.msg);
            return TOOL_EXIT_FAIL;
        }
        double corners = (double)(n + 1) * (double)(n + 1);
        row(&t, "bake", n, "exact-edt", ms, cpu_ms, ms * 1e6 / corners);
        if (n <= 128) {
            float *ref = malloc((size_t)corners * sizeof *ref);
            const tool_stopwatch sw = tool_stopwatch_start();
            brute_bake(&g, ref);
            double bms, bcpu;
            tool_stopwatch_ms(sw, &bms, &bcpu);
            row(&t, "bake", n, "brute-force", bms, bcpu, bms * 1e6 / corners);
            ae_sdf sdf;
            ae_sdf_init(&sdf, &g, 1.0f, NULL);
            for (size_t k = 0; k < (size_t)corners; k++) {
                // The article's field is unsigned: compare where ours is positive.
                const int cx = (int)(k % (size_t)(n + 1)), cy = (int)(k / (size_t)(n + 1));
                double d = fabs(fmax(ae_sdf_corner(&sdf, cx, cy), 0.0f) - ref[k]);
                if (d > worst_diff) worst_diff = d;
            }
            ae_sdf_free(&sdf);
            free(ref);
        }
        sdf_edit_timing e;
        const bool derived = n <= DERIVED_MAX_SIDE;
        if (!sdf_edit_time(&g, derived, &e, &err)) {
            tool_fail(ARENA_BENCH, "sdf", "%s", err.msg);
            ae_grid_free(&g);
            return TOOL_EXIT_FAIL;
        }
        edit_rows(&t, n, &e, derived);
        edits_exact &= e.exact && !e.missing_kind;
        if (n == 512) {
            bake_512 = cpu_ms;
            edit_512 = e;
        }
        ae_grid_free(&g);
    }
    ae_grid g;
    gen_arena_map(&g, 512, 512, 7);
    ae_sdf sdf;
    ae_sdf_init(&sdf, &g, 32.0f, NULL);
    vec2s *pts = free_points(&sdf, QUERY_COUNT, 12.0f, 11);
    static const char *const names[] = {"sample", "gradient", "move", "disk_cast"};
    static const char *const methods[] = {"bilinear", "analytic", "slide r12", "100 units"};
    double sink = 0.0;
    for (int k = Q_SAMPLE; k <= Q_CAST; k++) {
        double cpu_ms, ms = time_queries(&sdf, pts, (query_kind)k, &sink, &cpu_ms);
        row(&t, names[k], 512, methods[k], ms, cpu_ms, ms * 1e6 / QUERY_COUNT);
    }
    free(pts);
    ae_sdf_free(&sdf);
    ae_grid_free(&g);
    // The field stores the exact distance rounded to the nearest 1/256 cell.
    bool ok = worst_diff <= 0.5 / AE_SDF_UNITS;
    if (!csv) {
        printf("check: exact-edt (stored to 1/256 cell) == brute-force within 1/512 cell on the "
               "positive side at 64 and 128: %s (max |diff| %.2g)%s\n",
               ok ? "ok" : "FAILED", worst_diff, sink == 12345.0 ? " " : "");
        printf("check: each size's first edit of each kind == a rebake at every corner (and a "
               "fresh nav grid and cover set up to %d), every edit undone == the first bake: %s\n",
               DERIVED_MAX_SIDE, edits_exact ? "ok" : "FAILED");
        double worst = fmax(edit_512.cpu_ms[SDF_EDIT_BREAK][SDF_EDIT_FIELD],
                            edit_512.cpu_ms[SDF_EDIT_ADD][SDF_EDIT_FIELD]);
        printf("target: one edit under 1%% of the 512x512 rebake by CPU time (%.4f ms): break "
               "%.4f ms, add %.4f ms, the dearer %.2f%%: %s\n",
               bake_512, edit_512.cpu_ms[SDF_EDIT_BREAK][SDF_EDIT_FIELD],
               edit_512.cpu_ms[SDF_EDIT_ADD][SDF_EDIT_FIELD], 100.0 * worst / bake_512,
               worst < 0.01 * bake_512 ? "yes" : "no");
    }
    ok = ok && edits_exact;
    return ok ? TOOL_EXIT_OK : TOOL_EXIT_FAIL;
}
