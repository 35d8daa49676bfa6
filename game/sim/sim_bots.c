// The sim's bots: brains stored in the world, navigation built from the world's map.
#include "sim_bots.h"

#include "bot_lanes.h"
#include "bot_nav.h"
#include "sim_collide.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Navigation data built from one map: replaced whole on a map swap. It holds no search
/// state, so it can be prepared while the world plays on.
typedef struct sim_bots_maps {
    ae_nav_grid nav;
    ae_cover_set cover;
} sim_bots_maps;

typedef struct sim_bots {
    bot_brain *brains;   ///< one per agent
    int *attackers;      ///< per agent: bots fighting it as the tick began
    sim_bots_maps *maps; ///< heap-allocated so its address (held by the planner) never moves
    bot_nav paths;       ///< path queue and flood context over `maps`, kept across swaps
    bot_lanes lanes;     ///< bullets by where they pass soon, for dodging (derived data)
    sim_cells pickups;   ///< live pickups by position (bot_pickup_cells; derived data) ...
    int pickups_tick;    ///< ... built in this tick's bots phase, -1 before the first
} sim_bots;

static void maps_destroy(sim_bots_maps *m) {
    if (!m) return;
    ae_cover_free(&m->cover); // (both accept the zeroed struct of a failed or skipped init)
    ae_nav_grid_free(&m->nav);
    ae_free(m, sizeof *m);
}

sim_bots_maps *sim_bots_prepare_maps(const sim_config *cfg, const ae_grid *grid, const ae_sdf *sdf,
                                     ae_error *err) {
    sim_bots_maps *m = ae_calloc(1, sizeof *m);
    if (!m) {
        ae_error_set(err, "out of memory for bot navigation");
        return NULL;
    }
    ae_nav_grid_def nd = ae_default_nav_grid_def();
    nd.radii[0] = cfg->rules.agent_radius;
    nd.radius_count = 1;
    ae_cover_def cd = ae_default_cover_def();
    cd.radius = cfg->rules.agent_radius;
    if (!ae_nav_grid_init(&m->nav, grid, sdf, &nd, err) ||
        !ae_cover_init(&m->cover, grid, sdf, &cd, err)) {
        maps_destroy(m);
        return NULL;
    }
    return m;
}

bool sim_bots_create(sim_world *w, ae_error *err) {
    sim_bots *bots = ae_calloc(1, sizeof *bots);
    if (bots) bots->brains = ae_calloc((size_t)w->agent_count, sizeof *bots->brains);
    if (bots) bots->attackers = ae_calloc((size_t)w->agent_count, sizeof *bots->attackers);
    // A world of no agents (a map on its own) has no brains: no arrays, and that is no failure.
    if (!bots || (w->agent_count > 0 && (!bots->brains || !bots->attackers))) {
        if (bots && bots->brains)
            ae_free(bots->brains, (size_t)w->agent_count * sizeof *bots->brains);
        if (bots && bots->attackers)
            ae_free(bots->attackers, (size_t)w->agent_count * sizeof *bots->attackers);
        if (bots) ae_free(bots, sizeof *bots);
        ae_error_set(err, "out of memory for bots");
        return false;
    }
    w->bots = bots;
    bots->pickups_tick = -1;
    for (int i = 0; i < w->agent_count; i++) bot_brain_init(&bots->brains[i], w->cfg.seed, i);
    bots->maps = sim_bots_prepare_maps(&w->cfg, &w->grid, &w->sdf, err);
    return bots->maps &&
           bot_nav_init(&bots->paths, &bots->maps->nav, &bots->maps->cover, w->agent_count, err);
}

void sim_bots_destroy(sim_world *w) {
    sim_bots *bots = w->bots;
    if (!bots) return;
    bot_nav_free(&bots->paths);
    bot_lanes_free(&bots->lanes);
    sim_cells_free(&bots->pickups);
    maps_destroy(bots->maps);
    ae_free(bots->brains, (size_t)w->agent_count * sizeof *bots->brains);
    ae_free(bots->attackers, (size_t)w->agent_count * sizeof *bots->attackers);
    ae_free(bots, sizeof *bots);
    w->bots = NULL;
}

void sim_bots_count_attackers(sim_world *w) {
    sim_bots *bots = w->bots;
    for (int i = 0; i < w->agent_count; i++) bots->attackers[i] = 0;
    for (int i = 0; i < w->agent_count; i++) {
        const bot_brain *b = &bots->brains[i];
        if (w->agents[i].slot < 0 && w->agents[i].placement == 0 && b->state == BOT_FIGHT &&
            b->target >= 0)
            bots->attackers[b->target]++;
    }
}

int sim_bots_attackers(const sim_world *w, int agent) {
    return w->bots->attackers[agent];
}

void sim_bots_provoke(sim_world *w, int id, int by) {
    if (by >= 0 && by != id && w->agents[id].slot < 0 && w->agents[by].slot >= 0)
        w->bots->brains[id].provoked_by = by;
}

void sim_bots_think(sim_world *w, int id, sim_input *out) {
    bot_brain_update(w, &w->bots->brains[id], id, &w->bots->paths.planner, out);
}

void sim_bots_serve_paths(sim_world *w) {
    bot_nav_serve(&w->bots->paths, w->bots->brains, w->agent_count, &w->sdf, BOT_NAV_BUDGET);
}

void sim_bots_discard_maps(sim_bots_maps *maps) {
    maps_destroy(maps);
}

bool sim_bots_use_maps(sim_world *w, sim_bots_maps *maps, ae_error *err) {
    return bot_nav_set_maps(&w->bots->paths, &maps->nav, &maps->cover, err);
}

void sim_bots_commit_maps(sim_world *w, sim_bots_maps *maps) {
    sim_bots *bots = w->bots;
    maps_destroy(bots->maps);
    bots->maps = maps;
    bot_nav_clear(&bots->paths);
    for (int i = 0; i < w->agent_count; i++) {
        bot_brain *b = &bots->brains[i];
        b->path_count = b->path_next = 0;
        b->path_pending = false;
        b->replan_tick = -1000000;
        b->crate = -1;          // prop indices belong to the old map's props
        b->cover_found = false; // and cover spots to its walls
    }
}

void sim_bots_forget_props(sim_world *w) {
    for (int i = 0; i < w->agent_count; i++) w->bots->brains[i].crate = -1;
}

/// Squared distance from p to the segment ab.
static float segment_d2(vec2s p, vec2s a, vec2s b) {
    vec2s ab = glms_vec2_sub(b, a), ap = glms_vec2_sub(p, a);
    float len2 = glms_vec2_dot(ab, ab);
    float t = len2 > 0.0f ? glm_clamp(glms_vec2_dot(ap, ab) / len2, 0.0f, 1.0f) : 0.0f;
    return glms_vec2_distance2(p, glms_vec2_add(a, glms_vec2_scale(ab, t)));
}

bool sim_bots_on_cells_edit(sim_world *w, ae_cell_rect changed, ae_error *err) {
    sim_bots *bots = w->bots;
    ae_nav_grid_on_cells_edit(&bots->maps->nav, &w->grid, &w->sdf, changed);
    if (!ae_cover_on_cells_edit(&bots->maps->cover, &w->grid, &w->sdf, changed, err)) return false;
    // Brains whose path or cover spot lies near the edit think again: a shorter way may have
    // opened, and a cover spot beside a broken prop hides nothing any more. Near: within three
    // cells of the changed cells' centre, and half the rectangle's diagonal more (nothing more
    // for one cell, the prop that broke).
    const float c = w->cfg.cell_size;
    const float hw = 0.5f * (float)(changed.x1 - changed.x0) * c,
                hh = 0.5f * (float)(changed.y1 - changed.y0) * c;
    const vec2s at = {{((float)(changed.x0 + changed.x1) * 0.5f + 0.5f) * c,
                       ((float)(changed.y0 + changed.y1) * 0.5f + 0.5f) * c}};
    const float near = 3.0f * c + sqrtf(hw * hw + hh * hh), near2 = near * near;
    for (int i = 0; i < w->agent_count; i++) {
        bot_brain *b = &bots->brains[i];
        bool touched = b->state == BOT_COVER &&
                       (glms_vec2_distance2(b->goal, at) < near2 ||
                        (b->cover_found && glms_vec2_distance2(b->cover_spot, at) < near2));
        vec2s from = w->agents[i].pos;
        for (int k = b->path_next; !touched && k < b->path_count; k++) {
            touched = segment_d2(at, from, b->path[k]) < near2;
            from = b->path[k];
        }
        if (!touched) continue;
        if (b->state == BOT_COVER) {
            b->state = BOT_WANDER;
            b->cover_tick = -1000000;
            b->cover_found = false;
        }
        b->replan_tick = -1000000;
        b->path_count = b->path_next = 0;
    }
    return true;
}

const ae_nav_grid *sim_bots_nav(const sim_world *w) {
    return &w->bots->maps->nav;
}

const ae_cover_set *sim_bots_cover(const sim_world *w) {
    return &w->bots->maps->cover;
}

const sim_cells *bot_bullet_lanes(sim_world *w) {
    return bot_lanes_update(w, &w->bots->lanes);
}

const sim_cells *bot_pickup_cells(sim_world *w) {
    sim_bots *bots = w->bots;
    if (bots->pickups_tick != w->tick) {
        sim_cells_begin(&bots->pickups, w, SIM_AGENT_CELL);
        for (int s = 0; s < w->pickup_top; s++)
            if (w->pickups[s].alive)
                sim_cells_add(&bots->pickups, sim_cells_at(&bots->pickups, w->pickups[s].pos), s);
        bots->pickups_tick = w->tick;
    }
    return &bots->pickups;
}

const char *const bot_state_names[BOT_STATE_COUNT] = {"wander", "gems",  "loot",
                                                      "fight",  "cover", "zone"};

const bot_brain *sim_bots_brain(const sim_world *w, int id) {
    return &w->bots->brains[id];
}

bool bot_find_cover(const sim_world *w, int id, bot_planner *planner, vec2s threat, vec2s *out) {
    const sim_agent *a = &w->agents[id];
    ae_cover_choice c =
        ae_cover_find_best(planner->cover, &w->sdf, planner->nav, planner->flood, 0, a->pos, threat,
                           BOT_COVER_RANGE, planner->scratch, planner->scratch_cap);
    if (c.index < 0) return false;
    *out = c.pos;
    return true;
}
