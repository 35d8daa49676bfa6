// Map swaps at a tick boundary (hot reload, recorded in replays).
#include "sim_internal.h"

#include "sim_bots.h"
#include "sim_collide.h"

#include <string.h>

bool sim_swap_map(sim_world *w, const ae_grid *grid, ae_error *err) {
    ae_grid new_grid;
    ae_sdf new_sdf;
    if (!ae_grid_copy(&new_grid, grid, err)) return false;
    if (!ae_sdf_bake(&new_sdf, &new_grid, w->cfg.cell_size, err)) {
        ae_grid_free(&new_grid);
        return false;
    }
    sim_bots_maps *nav = NULL;
    if (!sim_map_can_host(&new_sdf, &w->cfg, err) ||
        !(nav = sim_bots_prepare_maps(w, &new_grid, &new_sdf, err))) {
        ae_sdf_free(&new_sdf);
        ae_grid_free(&new_grid);
        return false;
    }
    sim_repair(w); // anything poked off the map since the last tick, so the rebuild sees none
    const int old_width = w->sdf.width, old_height = w->sdf.height;
    ae_sdf_free(&w->sdf);
    ae_grid_free(&w->grid);
    w->grid = new_grid;
    w->sdf = new_sdf; // the navigation prepared above reads the field through &w->sdf
    w->map_hash = sim_hash_grid(&w->grid);
    sim_zone_fit(w, old_width, old_height);
    for (int i = 0; i < w->agent_count; i++) {
        sim_agent *a = &w->agents[i];
        if (a->placement == 0 && !(ae_sdf_sample(&w->sdf, a->pos) >= a->radius))
            sim_agent_place_in_room(w, a);
    }
    for (int k = 0; k < w->bullet_top; k++) {
        sim_bullet *b = &w->bullets[k];
        if (b->alive && ae_sdf_sample(&w->sdf, b->pos) < b->radius) sim_bullet_kill(w, k, -1);
    }
    for (int g = 0; g < w->gem_top; g++) {
        sim_gem *gem = &w->gems[g];
        if (gem->alive && ae_sdf_sample(&w->sdf, gem->pos) < SIM_GEM_RADIUS) sim_gem_remove(w, g);
    }
    sim_bots_commit_maps(w, nav);
    // The broadphase's regions follow the new world's size. Out of memory here cannot be undone
    // (the map is already swapped), so it stops the program like any other broadphase growth.
    bool rebuilt = sim_collide_rebuild(w, err);
    AE_ASSERT(rebuilt);
    return true;
}
