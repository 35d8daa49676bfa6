// arena-bench sdf, edit rows: what one cell edit costs in the field, the nav grid and the cover
// points, and whether it still equals a rebake.
#include "bench_sdf_edit.h"

#include "bench_rebuild.h"

#include "arena/ae_cover.h"
#include "arena/ae_rng.h"
#include "tool_util.h"

#include <string.h>

/// A random cell that is a wall (want_wall) or free; false when the map has none after many
/// tries.
static bool pick_cell(ae_rng *rng, const ae_grid *g, bool want_wall, int *x, int *y) {
    for (int tries = 0; tries < 1000000; tries++) {
        *x = (int)ae_rng_below(rng, (uint32_t)g->width);
        *y = (int)ae_rng_below(rng, (uint32_t)g->height);
        if (ae_grid_is_wall(g, *x, *y) == want_wall) return true;
    }
    return false;
}

/// The world a timed edit changes: the grid, its field and, when asked for, its nav grid and
/// cover points (as the game keeps them).
typedef struct edit_world {
    ae_grid grid;
    ae_sdf sdf;
    ae_nav_grid nav;
    ae_cover_set cover;
    bool derived; ///< nav and cover are kept
} edit_world;

static void world_free(edit_world *w) {
    if (w->derived) {
        ae_cover_free(&w->cover);
        ae_nav_grid_free(&w->nav);
    }
    ae_sdf_free(&w->sdf);
    ae_grid_free(&w->grid);
}

/// Sets a cell and brings everything derived along; the three parts' wall milliseconds go to
/// ms[0..2], their thread CPU milliseconds to cpu[0..2].
static bool apply(edit_world *w, int x, int y, uint8_t value, double ms[3], double cpu[3],
                  ae_error *err) {
    tool_stopwatch sw = tool_stopwatch_start();
    if (!ae_sdf_set_cell(&w->sdf, &w->grid, x, y, value, err)) return false;
    tool_stopwatch_ms(sw, &ms[0], &cpu[0]);
    if (!w->derived) return true;
    sw = tool_stopwatch_start();
    ae_nav_grid_on_cell_edit(&w->nav, &w->grid, &w->sdf, x, y);
    tool_stopwatch_ms(sw, &ms[1], &cpu[1]);
    sw = tool_stopwatch_start();
    if (!ae_cover_on_cell_edit(&w->cover, &w->grid, &w->sdf, x, y, err)) return false;
    tool_stopwatch_ms(sw, &ms[2], &cpu[2]);
    return true;
}

bool sdf_edit_time(const ae_grid *map, bool derived, sdf_edit_timing *out, ae_error *err) {
    memset(out, 0, sizeof *out);
    out->exact = true;
    edit_world w = {.derived = derived};
    if (!ae_grid_init_copy(&w.grid, map, err)) return false;
    if (!ae_sdf_init(&w.sdf, &w.grid, 32.0f, err)) {
        ae_grid_free(&w.grid);
        return false;
    }
    ae_sdf start;
    bool ok = ae_sdf_init(&start, &w.grid, 32.0f, err);
    if (!ok) {
        ae_sdf_free(&w.sdf);
        ae_grid_free(&w.grid);
        return false;
    }
    if (derived) {
        ae_nav_grid_def nd = ae_default_nav_grid_def();
        nd.radii[0] = 12.0f; // the game's agents
        ae_cover_def cd = ae_default_cover_def();
        cd.radius = 12.0f; // the game's agents
        ok = ae_nav_grid_init(&w.nav, &w.grid, &w.sdf, &nd, err);
        if (ok && !ae_cover_init(&w.cover, &w.grid, &w.sdf, &cd, err)) {
            ae_nav_grid_free(&w.nav);
            ok = false;
        }
        if (!ok) w.derived = false;
    }
    ae_rng rng;
    ae_rng_seed(&rng, 77, (uint64_t)map->width);
    double times[SDF_EDIT_KINDS][SDF_EDIT_PARTS][SDF_EDIT_COUNT];
    double cpu_times[SDF_EDIT_KINDS][SDF_EDIT_PARTS][SDF_EDIT_COUNT];
    bool failed = !ok;
    for (int i = 0; ok && !failed && i < SDF_EDIT_COUNT; i++) {
        for (int kind = 0; kind < SDF_EDIT_KINDS && !failed; kind++) {
            // Break: a wall cell becomes free. Add: a free cell becomes a wall. Each edit is then
            // undone (untimed), so every one starts from the same map.
            bool breaking = kind == SDF_EDIT_BREAK;
            int x, y;
            if (!pick_cell(&rng, &w.grid, breaking, &x, &y)) {
                out->missing_kind = true;
                continue;
            }
            const uint8_t old = w.grid.cells[(size_t)y * (size_t)w.grid.width + (size_t)x];
            double ms[3] = {0.0, 0.0, 0.0}, cpu[3] = {0.0, 0.0, 0.0}, undo[3], undo_cpu[3];
            if (!apply(&w, x, y, breaking ? AE_CELL_FREE : AE_CELL_WALL, ms, cpu, err)) {
                failed = true;
                break;
            }
            for (int p = 0; p < SDF_EDIT_PARTS; p++) {
                times[kind][p][i] = ms[p];
                cpu_times[kind][p][i] = cpu[p];
            }
            // The first edit of each kind is compared with a rebake of the edited map.
            if (i == 0 && !bench_field_equals_rebake(&w.sdf, &w.grid, err, &failed))
                out->exact = false;
            if (i == 0 && w.derived && !failed &&
                !bench_derived_equal_rebuild(&w.grid, &w.sdf, &w.nav, &w.cover, err, &failed))
                out->exact = false;
            if (!failed && !apply(&w, x, y, old, undo, undo_cpu, err)) failed = true;
        }
    }
    if (!failed) {
        // Every edit undone: the field is the one first baked, bit for bit.
        if (!bench_same_field(&w.sdf, &start)) out->exact = false;
        for (int kind = 0; kind < SDF_EDIT_KINDS; kind++)
            for (int p = 0; p < SDF_EDIT_PARTS && !out->missing_kind; p++) {
                out->median_ms[kind][p] = tool_median(times[kind][p], SDF_EDIT_COUNT);
                out->cpu_ms[kind][p] = tool_median(cpu_times[kind][p], SDF_EDIT_COUNT);
            }
    }
    ae_sdf_free(&start);
    world_free(&w);
    return !failed;
}
