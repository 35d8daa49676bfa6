// arena-bench editor: the map editor's brush strokes through the field, the nav grid and the
// cover points, batched against cell by cell, on generated maps of 256, 1024 and 4096 cells.
#include "suites.h"

#include "bench_stroke.h"
#include "editor.h"
#include "gen_maps.h"
#include "arena/ae_rng.h"
#include "tool_args.h"
#include "tool_util.h"

#include <stdio.h>
#include <stdlib.h>

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
                                      "equal_rebake",
                                      "editor_ms"};
static const int widths[] = {5, 5, 5, 9, 9, 9, 9, 9, 9, 18, 15, 15, 7, 12, 9};
enum { COLUMNS = sizeof columns / sizeof columns[0] };

/// The most strokes per row --strokes asks for, and the default.
enum { MAX_STROKES = 1001, DEFAULT_STROKES = 21 };
/// The largest map whose rows time the per-cell path on every stroke: above it each cell's cover
/// edit moves millions of points, so a 20-cell stroke cell by cell takes a few hundred
/// milliseconds, and only the first stroke is timed that way. Its batched strokes are a quarter
/// as many.
#define EVERY_STROKE_MAX_SIDE 1024

static int cmp_double(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/// The whole stroke as the map editor makes it (editor.h: ed_stroke_begin, a click of the brush,
/// ed_stroke_end), through the sim's one path for cells that change (the field, the room index,
/// nav and cover, props and doors when a stroke meets them, the map's hash, the history); each
/// stroke undone untimed. Median ms of `strokes`, or a negative value when memory runs out.
static double editor_stroke_ms(ed_doc *doc, int brush, int strokes) {
    const ae_grid *g = ed_grid(doc);
    ae_rng rng;
    ae_rng_seed(&rng, 91, (uint64_t)g->width * 100u + (uint64_t)brush);
    double *ms = malloc((size_t)strokes * sizeof *ms);
    if (!ms) return -1.0;
    ae_error err;
    bool ok = true;
    for (int i = 0; ok && i < strokes; i++) {
        // Walls painted where a wall is not, then walls erased where one is, by turns.
        const bool erase = i % 2 == 1;
        int x = 0, y = 0;
        for (int tries = 0; tries < 100000; tries++) {
            x = 1 + (int)ae_rng_below(&rng, (uint32_t)(g->width - 2));
            y = 1 + (int)ae_rng_below(&rng, (uint32_t)(g->height - 2));
            if (ae_grid_is_wall(g, x, y) == erase) break;
        }
        const uint64_t t0 = tool_now_ns();
        ed_stroke_begin(doc, erase ? AE_CELL_FREE : AE_CELL_WALL, brush);
        ok = ed_stroke_line(doc, x, y, x, y, &err);
        ed_stroke_end(doc);
        ms[i] = (double)(tool_now_ns() - t0) * 1e-6;
        if (ok && ed_can_undo(doc)) ok = ed_undo(doc, &err);
    }
    qsort(ms, (size_t)strokes, sizeof *ms, cmp_double);
    const double median = ok ? ms[strokes / 2] : -1.0;
    free(ms);
    return median;
}

static void row(const tool_table *t, int size, int brush, const stroke_timing *s,
                double editor_ms) {
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
    snprintf(c[14], sizeof c[14], "%.4f", editor_ms);
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
               "timed once above %d), taking turns; cpu = the thread's CPU time\n"
               "# editor_ms: the whole stroke as the map editor makes it (field, rooms, nav, "
               "cover, props and doors, map hash, history), median\n",
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
        ed_doc *doc = w ? ed_from_grid(&g, 30, &err) : NULL;
        ae_grid_free(&g);
        if (!doc) {
            if (w) stroke_world_destroy(w);
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
                ed_close(doc);
                return TOOL_EXIT_FAIL;
            }
            const double editor_ms =
                editor_stroke_ms(doc, brushes[b], every ? strokes : big_strokes);
            if (editor_ms < 0.0) {
                tool_fail(ARENA_BENCH, "editor", "out of memory");
                stroke_world_destroy(w);
                ed_close(doc);
                return TOOL_EXIT_FAIL;
            }
            row(&t, n, brushes[b], &s, editor_ms);
            exact &= s.exact;
            if (n == 1024 && brushes[b] == 5) target = s;
        }
        stroke_world_destroy(w);
        ed_close(doc);
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
