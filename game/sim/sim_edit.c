// Cells that change: the one path every cell write of the sim takes (a prop breaking, the map
// editor's strokes), and the editor's entry to it.
#include "sim_internal.h"

#include "sim_bots.h"

bool sim_cells_write(sim_world *w, const sim_cell_write *cells, int n, ae_error *err) {
    // One batched engine edit: the field rebaked in one window for every cell, then the room
    // index, the bots' navigation and cover points over the rectangle whose walls changed.
    ae_cell_rect changed;
    if (!ae_sdf_set_cells(&w->sdf, &w->grid, cells, n, &changed, err)) return false;
    if (ae_cell_rect_is_empty(changed)) return true; // tags alone: nothing derived changes
    sim_room_index_on_cells_edit(&w->rooms, &w->sdf, changed);
    return sim_bots_on_cells_edit(w, changed, err);
}

/// A cell the props' and doors' lists hold.
static bool listed(uint8_t cell) {
    return cell == (AE_CELL_WALL | AE_CELL_BREAKABLE) || cell == AE_CELL_DOOR;
}

/// True when a door stands beside cell (x, y): a door slides towards a plain wall beside it, so
/// its neighbours' changes can turn it.
static bool beside_door(const ae_grid *g, int x, int y) {
    static const int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, -1, 1};
    for (int k = 0; k < 4; k++) {
        const int nx = x + dx[k], ny = y + dy[k];
        if (ae_grid_in_bounds(g, nx, ny) &&
            g->cells[(size_t)ny * (size_t)g->width + (size_t)nx] == AE_CELL_DOOR)
            return true;
    }
    return false;
}

static bool check_writes(const sim_world *w, const sim_cell_write *cells, int n, ae_error *err) {
    if (n < 0) {
        ae_error_set(err, "%d cell writes", n);
        return false;
    }
    for (int i = 0; i < n; i++) {
        const sim_cell_write *c = &cells[i];
        if (!ae_grid_in_bounds(&w->grid, c->x, c->y)) {
            ae_error_set(err, "cell (%d, %d) is outside the %dx%d map", (int)c->x, (int)c->y,
                         w->grid.width, w->grid.height);
            return false;
        }
        if (!ae_grid_cell_valid(c->value)) {
            ae_error_set(err, "cell (%d, %d): %u is not a map cell", (int)c->x, (int)c->y,
                         (unsigned)c->value);
            return false;
        }
    }
    return true;
}

bool sim_edit_cells(sim_world *w, const sim_cell_write *cells, int n, ae_error *err) {
    if (!check_writes(w, cells, n, err)) return false;
    bool changed = false, relist = w->things_stale;
    for (int i = 0; i < n; i++) {
        const uint8_t old =
            w->grid.cells[(size_t)cells[i].y * (size_t)w->grid.width + (size_t)cells[i].x];
        if (old == cells[i].value) continue;
        changed = true;
        relist |=
            listed(old) || listed(cells[i].value) || beside_door(&w->grid, cells[i].x, cells[i].y);
    }
    if (!changed && !relist) return true;
    bool ok = sim_cells_write(w, cells, n, err);
    // The props and doors are listed afresh from the grid (whole and closed, as a map swap lists
    // them): a scan of the grid, only when a written cell was or becomes one, or stands beside a
    // door (whose sliding side it may change). Their indices
    // change, so the bots forget the crates they meant to break.
    if (relist) {
        sim_map_things t;
        if (sim_map_things_build(&t, &w->grid, &w->cfg.rules, w->cfg.cell_size,
                                 ok ? err : &(ae_error){{0}})) {
            sim_map_things old = sim_world_give_things(w);
            sim_map_things_free(&old);
            sim_world_take_things(w, &t);
            sim_bots_forget_props(w);
            w->things_stale = false;
        } else {
            w->things_stale = true; // the next edit lists them again
            ok = false;
        }
    }
    w->map_hash_stale = true; // sim_map_hash hashes the edited grid when asked
    w->map_generation++;
    return ok;
}
