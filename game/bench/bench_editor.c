// arena-bench editor: the map editor's brush strokes through the field, the nav grid and the
// cover points, batched against cell by cell, on generated maps of 256, 1024 and 4096 cells.
#include "suites.h"

#include "bench_stroke.h"
#include "gen_maps.h"
#include "tool_args.h"
#include "tool_util.h"

#include <stdio.h>

static const char *const columns[] = {"size",
                                      "brush",
                                      "cells",
                                      "median_ms",
                                      "p90_ms",
                                      "cpu_ms",
                                      "field_ms",
                                      "nav_ms",
                                      "cover_ms",
                                      "per_cell_median_ms",
                                      "per_cell_p90_ms",
                                      "per_cell_cpu_ms",
                                      "speedup",
                                      "equal_rebake"};
static const int widths[] = {5, 5, 5, 9, 9, 9, 9, 9, 9, 18, 15, 15, 7, 12};
enum { COLUMNS = sizeof columns / sizeof columns[0] };

/// The most strokes per row --strokes asks for, and the default.
enum { MAX_STROKES = 1001, DEFAULT_STROKES = 21 };
/// The largest map whose rows time the per-cell path on every stroke: above it each cell's cover
/// merge copies millions of points, so a 20-cell stroke cell by cell takes many seconds, and
/// only the first stroke is timed that way. Its batched strokes are a quarter as many.
#define EVERY_STROKE_MAX_SIDE 1024

static void row(const tool_table *t, int size, int brush, const stroke_timing *s) {
    char c[COLUMNS][32];
    snprintf(c[0], sizeof c[0], "%d", size);
    snprintf(c[1], sizeof c[1], "%d", brush);
    snprintf(c[2], sizeof c[2], "%d", s->cells);
    const double v[] = {s->median_ms,      s->p90_ms,      s->cpu_ms,
                        s->part_ms[0],     s->part_ms[1],  s->part_ms[2],
                        s->cell_median_ms, s->cell_p90_ms, s->cell_cpu_ms};
    for (size_t k = 0; k < sizeof v / sizeof v[0]; k++)
        snprintf(c[3 + k], sizeof c[3 + k], "%.4f", v[k]);
    snprintf(c[12], sizeof c[12], "%.1f",
             s->median_ms > 0.0 ? s->cell_median_ms / s->median_ms : 0.0);
    snprintf(c[13], sizeof c[13], "%s", s->exact ? "yes" : "NO");
    const char *cells[COLUMNS];
    for (int k = 0; k < COLUMNS; k++) cells[k] = c[k];
    tool_table_row(t, cells);
}

static int run(int strokes, bool csv) {
    tool_table t = {csv, COLUMNS, columns, widths};
    const int big_strokes = strokes / 4 > 0 ? strokes / 4 : 1;
    if (!csv)
        printf("\n# editor: one brush stroke, a disc `brush` cells across, on a generated map of "
               "buildings through the field, the nav grid (r 12) and the cover points (r 12)\n"
               "# walls painted on open ground, then walls erased, each stroke undone untimed; "
               "median and p90 of %d strokes (%d at sizes above %d)\n"
               "# batched (ae_sdf_set_cells, ae_nav_grid_on_cells_edit, ae_cover_on_cells_edit) "
               "against per cell (ae_sdf_set_cell and the on_cell_edit calls for every cell, "
               "timed once above %d), taking turns; cpu = the thread's CPU time\n",
               strokes, big_strokes, EVERY_STROKE_MAX_SIDE, EVERY_STROKE_MAX_SIDE);
    tool_table_header(&t);
    const int sizes[] = {256, 1024, 4096}, brushes[] = {1, 5, 20};
    bool exact = true;
    stroke_timing target = {0};
    for (int i = 0; i < 3; i++) {
        const int n = sizes[i];
        ae_grid g;
        ae_error err;
        if (!gen_arena_map(&g, n, n, 7)) {
            tool_fail(ARENA_BENCH, "editor", "out of memory");
            return TOOL_EXIT_FAIL;
        }
        stroke_world *w = stroke_world_create(&g, &err);
        ae_grid_free(&g);
        if (!w) {
            tool_fail(ARENA_BENCH, "editor", "%s", err.msg);
            return TOOL_EXIT_FAIL;
        }
        const bool every = n <= EVERY_STROKE_MAX_SIDE;
        for (int b = 0; b < 3; b++) {
            stroke_timing s;
            if (!stroke_time(w, brushes[b], every ? strokes : big_strokes, every ? strokes : 1, &s,
                             &err)) {
                tool_fail(ARENA_BENCH, "editor", "%s", err.msg);
                stroke_world_destroy(w);
                return TOOL_EXIT_FAIL;
            }
            row(&t, n, brushes[b], &s);
            exact &= s.exact;
            if (n == 1024 && brushes[b] == 5) target = s;
        }
        stroke_world_destroy(w);
    }
    if (!csv) {
        printf("check: each row's first stroke == a rebake of the field and fresh builds of the "
               "nav grid and cover points, every stroke undone == the first bake: %s\n",
               exact ? "ok" : "FAILED");
        printf("target: a stroke of a 5-cell brush at 1024 with nav and cover under 4 ms: median "
               "%.4f ms (per cell %.4f ms): %s\n",
               target.median_ms, target.cell_median_ms, target.median_ms < 4.0 ? "yes" : "no");
    }
    return exact ? TOOL_EXIT_OK : TOOL_EXIT_FAIL;
}

int bench_editor(bool csv) {
    return run(DEFAULT_STROKES, csv);
}

int cmd_editor(int argc, char **argv) {
    enum { OPT_STROKES, OPT_CSV, OPT_COUNT };
    static const tool_option options[OPT_COUNT] = {{"--strokes", true}, {"--csv", false}};
    tool_args args;
    if (!tool_args_read(ARENA_BENCH, options, OPT_COUNT, 0, argc, argv, &args))
        return TOOL_EXIT_BAD_INPUT;
    long strokes = DEFAULT_STROKES;
    if (args.given[OPT_STROKES] &&
        !tool_parse_int(args.value[OPT_STROKES], 1, MAX_STROKES, &strokes)) {
        tool_fail(ARENA_BENCH, args.value[OPT_STROKES],
                  "--strokes needs a whole number from 1 to %d", MAX_STROKES);
        return TOOL_EXIT_BAD_INPUT;
    }
    return run((int)strokes, args.given[OPT_CSV]);
}
