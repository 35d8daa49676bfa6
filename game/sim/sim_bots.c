// The sim's bots: brains stored in the world, navigation built from the world's map.
#include "sim_bots.h"

#include "bot_nav.h"

#include <string.h>

/// Navigation built from one map: replaced whole on a map swap.
typedef struct sim_bots_maps {
    ae_nav_grid nav;
    ae_cover_set cover;
    bot_nav paths;
} sim_bots_maps;

typedef struct sim_bots {
    bot_brain *brains;   ///< one per agent
    sim_bots_maps *maps; ///< heap-allocated so its address (held by the planner) never moves
} sim_bots;

static void maps_destroy(sim_bots_maps *m) {
    if (!m) return;
    bot_nav_free(&m->paths);
    if (m->cover.points || m->cover.order) ae_cover_free(&m->cover);
    if (m->nav.pass) ae_nav_grid_free(&m->nav);
    ae_free(m, sizeof *m);
}

/// Builds navigation for a map. `sdf_home` is where the field will live when the maps are in use
/// (the world's own ae_sdf), read only when paths are served.
static sim_bots_maps *maps_create(const sim_world *w, const ae_grid *grid, const ae_sdf *sdf,
                                  const ae_sdf *sdf_home, ae_error *err) {
    sim_bots_maps *m = ae_calloc(1, sizeof *m);
    if (!m) {
        ae_error_set(err, "out of memory for bot navigation");
        return NULL;
    }
    ae_nav_def nd = ae_nav_default_def();
    nd.radii[0] = w->cfg.rules.agent_radius;
    nd.radius_count = 1;
    ae_cover_def cd = ae_cover_default_def();
    cd.radius = w->cfg.rules.agent_radius;
    if (!ae_nav_grid_build(&m->nav, grid, sdf, &nd, err) ||
        !ae_cover_build(&m->cover, grid, sdf, &cd, err) ||
        !bot_nav_init(&m->paths, &m->nav, sdf_home, &m->cover, w->agent_count, err)) {
        maps_destroy(m);
        return NULL;
    }
    return m;
}

bool sim_bots_create(sim_world *w, ae_error *err) {
    sim_bots *bots = ae_calloc(1, sizeof *bots);
    if (bots) bots->brains = ae_calloc((size_t)w->agent_count, sizeof *bots->brains);
    if (!bots || !bots->brains) {
        if (bots) ae_free(bots, sizeof *bots);
        ae_error_set(err, "out of memory for bots");
        return false;
    }
    w->bots = bots;
    for (int i = 0; i < w->agent_count; i++) bot_brain_init(&bots->brains[i], w->cfg.seed, i);
    bots->maps = maps_create(w, &w->grid, &w->sdf, &w->sdf, err);
    return bots->maps != NULL;
}

void sim_bots_destroy(sim_world *w) {
    sim_bots *bots = w->bots;
    if (!bots) return;
    maps_destroy(bots->maps);
    ae_free(bots->brains, (size_t)w->agent_count * sizeof *bots->brains);
    ae_free(bots, sizeof *bots);
    w->bots = NULL;
}

void sim_bots_think(sim_world *w, int id, sim_input *out) {
    bot_brain_update(w, &w->bots->brains[id], id, &w->bots->maps->paths.planner, out);
}

void sim_bots_serve_paths(sim_world *w) {
    bot_nav_serve(&w->bots->maps->paths, w->bots->brains, w->agent_count, BOT_NAV_BUDGET);
}

sim_bots_maps *sim_bots_prepare_maps(const sim_world *w, const ae_grid *grid, const ae_sdf *sdf,
                                     ae_error *err) {
    return maps_create(w, grid, sdf, &w->sdf, err);
}

void sim_bots_discard_maps(sim_bots_maps *maps) {
    maps_destroy(maps);
}

void sim_bots_commit_maps(sim_world *w, sim_bots_maps *maps) {
    sim_bots *bots = w->bots;
    maps_destroy(bots->maps);
    bots->maps = maps;
    for (int i = 0; i < w->agent_count; i++) {
        bot_brain *b = &bots->brains[i];
        b->path_count = b->path_next = 0;
        b->path_pending = false;
        b->replan_tick = -1000000;
    }
}

const ae_nav_grid *sim_bots_nav(const sim_world *w) {
    return &w->bots->maps->nav;
}

const ae_cover_set *sim_bots_cover(const sim_world *w) {
    return &w->bots->maps->cover;
}

const bot_brain *sim_bots_brain(const sim_world *w, int id) {
    return &w->bots->brains[id];
}

bool bot_find_cover(const sim_world *w, int id, bot_planner *planner, vec2s threat, vec2s *out) {
    const sim_agent *a = &w->agents[id];
    ae_cover_choice c =
        ae_cover_find_best(planner->cover, &w->sdf, planner->nav, planner->flood, 0, a->pos, threat,
                           BOT_COVER_RANGE, planner->scratch, planner->scratch_cap);
    if (c.index < 0) return false;
    *out = planner->cover->points[c.index].pos;
    return true;
}
