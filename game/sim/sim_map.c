// Map swaps at a tick boundary (hot reload, recorded in replays), in two steps: the heavy
// preparation reads nothing of the world that changes, the commit applies it.
#include "sim_internal.h"

#include "sim_bots.h"
#include "sim_collide.h"

#include <string.h>

struct sim_map_prep {
    ae_grid grid;
    ae_sdf sdf;
    sim_room_index rooms;
    uint64_t hash;
    sim_bots_maps *nav;
    sim_map_things things;
};

void sim_swap_discard(sim_map_prep *p) {
    if (!p) return;
    if (p->nav) sim_bots_discard_maps(p->nav);
    sim_map_things_free(&p->things);
    sim_room_index_free(&p->rooms);
    if (p->sdf.dist) ae_sdf_free(&p->sdf);
    if (p->grid.cells) ae_grid_free(&p->grid);
    ae_free(p, sizeof *p);
}

sim_map_prep *sim_swap_prepare(const sim_config *cfg, const ae_grid *grid, ae_error *err) {
    sim_map_prep *p = ae_calloc(1, sizeof *p);
    if (!p) {
        ae_error_set(err, "out of memory");
        return NULL;
    }
    bool ok = ae_grid_init_copy(&p->grid, grid, err) &&
              ae_sdf_init(&p->sdf, &p->grid, cfg->cell_size, err) &&
              sim_map_can_host(&p->sdf, cfg, err) &&
              (p->nav = sim_bots_prepare_maps(cfg, &p->grid, &p->sdf, err)) != NULL &&
              sim_map_things_build(&p->things, &p->grid, &cfg->rules, cfg->cell_size, err);
    if (ok && !sim_room_index_build(&p->rooms, &p->sdf)) {
        ae_error_set(err, "out of memory");
        ok = false;
    }
    if (!ok) {
        sim_swap_discard(p);
        return NULL;
    }
    p->hash = sim_hash_grid(&p->grid);
    return p;
}

const ae_grid *sim_map_prep_grid(const sim_map_prep *p) {
    return &p->grid;
}

bool sim_swap_commit(sim_world *w, sim_map_prep *p, ae_error *err) {
    // The one step that can fail (search contexts growing for a larger map) comes first.
    if (!sim_bots_use_maps(w, p->nav, err)) {
        sim_swap_discard(p);
        return false;
    }
    sim_repair(w); // anything poked off the map since the last tick, so the rebuild sees none
    const int old_width = w->sdf.width, old_height = w->sdf.height;
    ae_sdf_free(&w->sdf);
    ae_grid_free(&w->grid);
    sim_room_index_free(&w->rooms);
    w->rooms = p->rooms;
    w->grid = p->grid;
    w->sdf = p->sdf; // the navigation reads the field through &w->sdf
    w->map_hash = p->hash;
    w->map_hash_stale = false;
    w->map_generation++;
    // The new file's props and doors, whole and closed: a reload restores what it says.
    sim_map_things old = sim_world_give_things(w);
    sim_map_things_free(&old);
    sim_world_take_things(w, &p->things);
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
    for (int s = 0; s < w->pickup_top; s++) {
        sim_pickup *pk = &w->pickups[s];
        if (pk->alive && ae_sdf_sample(&w->sdf, pk->pos) < SIM_GEM_RADIUS) sim_pickup_remove(w, s);
    }
    sim_bots_commit_maps(w, p->nav);
    ae_free(p, sizeof *p); // its grid, field and navigation now belong to the world
    // The broadphase's regions follow the new world's size. Out of memory here cannot be undone
    // (the map is already swapped), so it stops the program like any other broadphase growth.
    bool rebuilt = sim_collide_rebuild(w, err);
    AE_ASSERT(rebuilt);
    return true;
}

bool sim_swap_map(sim_world *w, const ae_grid *grid, ae_error *err) {
    sim_map_prep *p = sim_swap_prepare(&w->cfg, grid, err);
    return p && sim_swap_commit(w, p, err);
}
