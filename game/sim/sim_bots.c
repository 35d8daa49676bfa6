// The sim's bots: brains stored in the world, paths served through the world's planner.
#include "sim_bots.h"

#include "bot_brain.h"

#include <string.h>

typedef struct sim_bots {
    bot_brain *brains; ///< one per agent
    bot_planner planner;
} sim_bots;

static void straight_request(bot_planner *p, const sim_world *w, int id, bot_brain *brain,
                             vec2s from, vec2s to) {
    (void)p;
    (void)w;
    (void)id;
    (void)from;
    brain->path[0] = to;
    brain->path_count = 1;
    brain->path_next = 0;
    brain->path_pending = false;
}

bool sim_bots_create(sim_world *w, ae_error *err) {
    sim_bots *bots = ae_calloc(1, sizeof *bots);
    if (bots) bots->brains = ae_calloc((size_t)w->agent_count, sizeof *bots->brains);
    if (!bots || !bots->brains) {
        ae_free(bots, sizeof *bots);
        ae_error_set(err, "out of memory for bots");
        return false;
    }
    for (int i = 0; i < w->agent_count; i++) bot_brain_init(&bots->brains[i], w->cfg.seed, i);
    bots->planner.request = straight_request;
    w->bots = bots;
    return true;
}

void sim_bots_destroy(sim_world *w) {
    sim_bots *bots = w->bots;
    if (!bots) return;
    ae_free(bots->brains, (size_t)w->agent_count * sizeof *bots->brains);
    ae_free(bots, sizeof *bots);
    w->bots = NULL;
}

void sim_bots_think(sim_world *w, int id, sim_input *out) {
    bot_brain_update(w, &w->bots->brains[id], id, &w->bots->planner, out);
}

void sim_bots_serve_paths(sim_world *w) {
    (void)w;
}

bool sim_bots_on_map_changed(sim_world *w, ae_error *err) {
    (void)err;
    for (int i = 0; i < w->agent_count; i++) {
        bot_brain *b = &w->bots->brains[i];
        b->path_count = b->path_next = 0;
        b->path_pending = false;
    }
    return true;
}

uint64_t sim_bots_hash(const sim_world *w) {
    uint64_t h = 0xCBF29CE484222325ull;
    for (int i = 0; i < w->agent_count; i++) {
        const bot_brain *b = &w->bots->brains[i];
        uint64_t parts[4] = {b->rng.state, (uint64_t)b->state, (uint64_t)(uint32_t)b->target,
                             (uint64_t)(uint32_t)b->path_count};
        for (int k = 0; k < 4; k++)
            for (int byte = 0; byte < 8; byte++)
                h = (h ^ ((parts[k] >> (8 * byte)) & 0xFF)) * 0x100000001B3ull;
    }
    return h;
}

bool bot_find_cover(const sim_world *w, int id, vec2s threat, vec2s *out) {
    // Look on rings around the agent for the nearest spot with room that the threat cannot see.
    const sim_agent *a = &w->agents[id];
    static const vec2s dirs[8] = {
        {{1, 0}},  {{0.7071f, 0.7071f}},   {{0, 1}},  {{-0.7071f, 0.7071f}},
        {{-1, 0}}, {{-0.7071f, -0.7071f}}, {{0, -1}}, {{0.7071f, -0.7071f}}};
    for (int ring = 1; ring <= 6; ring++) {
        for (int k = 0; k < 8; k++) {
            vec2s p = glms_vec2_add(a->pos, glms_vec2_scale(dirs[k], 40.0f * (float)ring));
            if (ae_sdf_sample(&w->sdf, p) < a->radius * 1.5f) continue;
            if (ae_sdf_clear_path(&w->sdf, threat, p, 0.0f)) continue;
            *out = p;
            return true;
        }
    }
    return false;
}
