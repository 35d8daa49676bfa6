// The debug overlays' read-only views of the sim's internals.
#include "sim_debug.h"

#include "sim_bots.h"
#include "sim_collide.h"

const ae_sdf *sim_debug_sdf(const sim_world *w) {
    return &w->sdf;
}

const ae_nav_grid *sim_debug_nav(const sim_world *w) {
    return sim_bots_nav(w);
}

const ae_cover_set *sim_debug_cover(const sim_world *w) {
    return sim_bots_cover(w);
}

const ae_broadphase *sim_debug_broadphase(const sim_world *w) {
    return w->collide->bp;
}

sim_bot_view sim_debug_bot(const sim_world *w, int agent) {
    AE_ASSERT(agent >= 0 && agent < w->agent_count);
    const bot_brain *b = sim_bots_brain(w, agent);
    const int next = b->path_next < b->path_count ? b->path_next : b->path_count;
    return (sim_bot_view){bot_state_names[b->state], b->target, b->path + next,
                          b->path_count - next};
}
