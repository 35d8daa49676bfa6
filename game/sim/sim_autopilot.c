#include "sim_autopilot.h"

#include "bot_brain.h"

struct sim_autopilot {
    bot_brain brains[SIM_MAX_HUMANS];
    bot_planner planner;
};

static void direct_request(bot_planner *p, const sim_world *w, int id, bot_brain *brain, vec2s from,
                           vec2s to) {
    (void)p;
    (void)w;
    (void)id;
    (void)from;
    brain->path[0] = to;
    brain->path_count = 1;
    brain->path_next = 0;
    brain->path_pending = false;
}

sim_autopilot *sim_autopilot_create(const sim_world *w, uint64_t seed) {
    sim_autopilot *ap = ae_calloc(1, sizeof *ap);
    if (!ap) return NULL;
    for (int i = 0; i < SIM_MAX_HUMANS; i++) bot_brain_init(&ap->brains[i], seed ^ 0xA11CEull, i);
    ap->planner.request = direct_request;
    (void)w;
    return ap;
}

void sim_autopilot_destroy(sim_autopilot *ap) {
    ae_free(ap, sizeof *ap);
}

void sim_autopilot_input(sim_autopilot *ap, const sim_world *w, int human, sim_input *out) {
    bot_brain_update(w, &ap->brains[human], human, &ap->planner, out);
}
