// arena-bench editor: what one brush stroke costs batched and cell by cell, and whether it still
// equals a rebake.
#include "bench_stroke.h"

#include "arena/ae_cover.h"
#include "arena/ae_rng.h"
#include "bench_rebuild.h"
#include "gen_maps.h"
#include "tool_util.h"

#include <stdlib.h>
#include <string.h>

struct stroke_world {
    ae_grid grid;
    ae_sdf sdf;
    ae_nav_grid nav;
    ae_cover_set cover;
    ae_sdf first; ///< the field first baked, which every stroke undone must give back
};

static bool warm_up(stroke_world *w, ae_error *err);

stroke_world *stroke_world_create(const ae_grid *map, ae_error *err) {
    stroke_world *w = calloc(1, sizeof *w);
    if (!w) {
        ae_error_set(err, "out of memory");
        return NULL;
    }
    ae_nav_grid_def nd = ae_default_nav_grid_def();
    nd.radii[0] = 12.0f; // the game's agents
    ae_cover_def cd = ae_default_cover_def();
    cd.radius = 12.0f;
    if (!ae_grid_init_copy(&w->grid, map, err) || !ae_sdf_init(&w->sdf, &w->grid, 32.0f, err) ||
        !ae_sdf_init(&w->first, &w->grid, 32.0f, err) ||
        !ae_nav_grid_init(&w->nav, &w->grid, &w->sdf, &nd, err) ||
        !ae_cover_init(&w->cover, &w->grid, &w->sdf, &cd, err) || !warm_up(w, err)) {
        stroke_world_destroy(w);
        return NULL;
    }
    return w;
}

void stroke_world_destroy(stroke_world *w) {
    if (!w) return;
    ae_cover_free(&w->cover);
    ae_nav_grid_free(&w->nav);
    ae_sdf_free(&w->first);
    ae_sdf_free(&w->sdf);
    if (w->grid.cells) ae_grid_free(&w->grid);
    free(w);
}

/// The batched stroke; the parts' times go to ns[], the thread's CPU to *cpu_ns.
static bool batched(stroke_world *w, const ae_cell_write *writes, int n, double ns[STROKE_PARTS],
                    uint64_t *cpu_ns, ae_error *err) {
    const uint64_t c0 = tool_thread_cpu_ns(), t0 = tool_now_ns();
    ae_cell_rect changed;
    if (!ae_sdf_set_cells(&w->sdf, &w->grid, writes, n, &changed, err)) return false;
    const uint64_t t1 = tool_now_ns();
    ae_nav_grid_on_cells_edit(&w->nav, &w->grid, &w->sdf, changed);
    const uint64_t t2 = tool_now_ns();
    if (!ae_cover_on_cells_edit(&w->cover, &w->grid, &w->sdf, changed, err)) return false;
    const uint64_t t3 = tool_now_ns();
    *cpu_ns = tool_thread_cpu_ns() - c0;
    ns[STROKE_FIELD] = (double)(t1 - t0);
    ns[STROKE_NAV] = (double)(t2 - t1);
    ns[STROKE_COVER] = (double)(t3 - t2);
    return true;
}

/// The per-cell path: every cell through the field, the nav grid and the cover points on its own,
/// as the sim does when a wall breaks. Returns the time; the thread's CPU goes to *cpu_ns.
static bool per_cell(stroke_world *w, const ae_cell_write *writes, int n, double *ns,
                     uint64_t *cpu_ns, ae_error *err) {
    const uint64_t c0 = tool_thread_cpu_ns(), t0 = tool_now_ns();
    for (int i = 0; i < n; i++) {
        const int x = writes[i].x, y = writes[i].y;
        if (!ae_sdf_set_cell(&w->sdf, &w->grid, x, y, writes[i].value, err)) return false;
        ae_nav_grid_on_cell_edit(&w->nav, &w->grid, &w->sdf, x, y);
        if (!ae_cover_on_cell_edit(&w->cover, &w->grid, &w->sdf, x, y, err)) return false;
    }
    *ns = (double)(tool_now_ns() - t0);
    *cpu_ns = tool_thread_cpu_ns() - c0;
    return true;
}

/// A batched stroke not timed: an undo, a warm-up.
static bool untimed(stroke_world *w, const ae_cell_write *writes, int n, ae_error *err) {
    double ns[STROKE_PARTS];
    uint64_t cpu;
    return batched(w, writes, n, ns, &cpu, err);
}

/// The writes that undo `writes`: each cell's value now.
static void undo_writes(const stroke_world *w, const ae_cell_write *writes, int n,
                        ae_cell_write *old) {
    for (int k = 0; k < n; k++) {
        const size_t at = (size_t)writes[k].y * (size_t)w->grid.width + (size_t)writes[k].x;
        old[k] = (ae_cell_write){writes[k].x, writes[k].y, w->grid.cells[at]};
    }
}

/// One stroke and its undo, untimed, before any timed one: the first edit of the structures
/// pays for the buffers they keep for edits (the field's window, the cover points' scratch),
/// which a table of few strokes would otherwise show in its first row.
static bool warm_up(stroke_world *w, ae_error *err) {
    ae_cell_write writes[GEN_BRUSH_MAX_WRITES], old[GEN_BRUSH_MAX_WRITES];
    const int n =
        gen_brush_disc(&w->grid, w->grid.width / 2, w->grid.height / 2, 5, AE_CELL_WALL, writes);
    undo_writes(w, writes, n, old);
    return untimed(w, writes, n, err) && untimed(w, old, n, err);
}

/// A random cell at least `margin` cells inside the map that is a wall (want_wall) or free.
static void pick_centre(ae_rng *rng, const ae_grid *g, int margin, bool want_wall, int *x, int *y) {
    const uint32_t span_x = (uint32_t)(g->width - 2 * margin);
    const uint32_t span_y = (uint32_t)(g->height - 2 * margin);
    for (int tries = 0; tries < 10000; tries++) {
        *x = margin + (int)ae_rng_below(rng, span_x);
        *y = margin + (int)ae_rng_below(rng, span_y);
        if (ae_grid_is_wall(g, *x, *y) == want_wall) return;
    }
}

bool stroke_time(stroke_world *w, int brush, int strokes, int cell_strokes, stroke_timing *out,
                 ae_error *err) {
    memset(out, 0, sizeof *out);
    out->strokes = strokes;
    out->cell_strokes = cell_strokes;
    out->exact = true;
    const size_t count = (size_t)strokes, cell_count = (size_t)(cell_strokes ? cell_strokes : 1);
    double *ms = calloc(count * (STROKE_PARTS + 2), sizeof *ms);
    double *cell_ms = calloc(cell_count * 2, sizeof *cell_ms);
    ae_cell_write *writes = malloc(2 * GEN_BRUSH_MAX_WRITES * sizeof *writes);
    if (!ms || !cell_ms || !writes) {
        free(ms);
        free(cell_ms);
        free(writes);
        ae_error_set(err, "out of memory");
        return false;
    }
    double *total = ms + count * STROKE_PARTS, *cpu = total + count;
    double *cell_total = cell_ms, *cell_cpu = cell_ms + cell_count;
    ae_cell_write *old = writes + GEN_BRUSH_MAX_WRITES;
    ae_rng rng;
    ae_rng_seed(&rng, 32, (uint64_t)(w->grid.width * 100 + brush));
    bool ok = true, failed = false;
    for (int i = 0; ok && i < strokes; i++) {
        // Even strokes paint walls on open ground, odd ones erase walls.
        const bool erase = i % 2 == 1;
        int cx = w->grid.width / 2, cy = w->grid.height / 2;
        pick_centre(&rng, &w->grid, brush, erase, &cx, &cy);
        const int n =
            gen_brush_disc(&w->grid, cx, cy, brush, erase ? AE_CELL_FREE : AE_CELL_WALL, writes);
        undo_writes(w, writes, n, old);
        out->cells = n;
        const bool timed_cell = i < cell_strokes;
        for (int turn = 0; ok && turn < 2; turn++) {
            // The two paths take turns at going first, two strokes (a paint and an erase) each.
            if ((turn == 0) == (i / 2 % 2 == 0)) {
                double ns[STROKE_PARTS];
                uint64_t cpu_ns;
                ok = batched(w, writes, n, ns, &cpu_ns, err);
                if (!ok) break;
                for (int p = 0; p < STROKE_PARTS; p++) ms[(size_t)p * count + i] = ns[p] * 1e-6;
                total[i] = (ns[0] + ns[1] + ns[2]) * 1e-6;
                cpu[i] = (double)cpu_ns * 1e-6;
                // The row's first stroke is compared with fresh builds (untimed).
                if (i == 0) {
                    out->exact &= bench_field_equals_rebake(&w->sdf, &w->grid, err, &failed);
                    if (!failed)
                        out->exact &= bench_derived_equal_rebuild(&w->grid, &w->sdf, &w->nav,
                                                                  &w->cover, err, &failed);
                    ok = !failed;
                }
            } else if (timed_cell) {
                double ns = 0.0;
                uint64_t cpu_ns = 0;
                ok = per_cell(w, writes, n, &ns, &cpu_ns, err);
                cell_total[i] = ns * 1e-6;
                cell_cpu[i] = (double)cpu_ns * 1e-6;
            } else {
                continue;
            }
            ok = ok && untimed(w, old, n, err);
        }
    }
    if (ok) {
        out->exact &= bench_same_field(&w->sdf, &w->first);
        for (int p = 0; p < STROKE_PARTS; p++) out->part_ms[p] = tool_median(ms + p * count, count);
        out->median_ms = tool_median(total, count);
        out->p90_ms = tool_percentile(total, count, 90.0);
        out->cpu_ms = tool_median(cpu, count);
        if (cell_strokes > 0) {
            out->cell_median_ms = tool_median(cell_total, (size_t)cell_strokes);
            out->cell_p90_ms = tool_percentile(cell_total, (size_t)cell_strokes, 90.0);
            out->cell_cpu_ms = tool_median(cell_cpu, (size_t)cell_strokes);
        }
    }
    free(ms);
    free(cell_ms);
    free(writes);
    return ok;
}
