// One tick of the match, phases in a fixed order (DESIGN.md "data flow of one frame").
#include "sim_internal.h"

#include "sim_bots.h"

void sim_step(sim_world *w, const sim_input *inputs) {
    if (w->over) return;
    w->event_count = 0;
    sim_input controls[SIM_MAX_AGENTS];
    sim_agents_control(w, inputs, controls); // humans' inputs and bot thinking
    sim_bots_serve_paths(w);                 // path requests within the node budget
    sim_agents_move(w);                      // SDF slide
    sim_agents_fire(w, controls);
    sim_bullets_update(w); // walls by disk cast, agents by swept test
    sim_gems_update(w);
    sim_zone_update(w);
    sim_agents_regen_and_deaths(w); // deaths, drops, placements, match end
    w->tick++;
}
