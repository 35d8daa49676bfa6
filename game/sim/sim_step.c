// One tick of the match, phases in a fixed order (game/README.md "One frame").
#include "sim_internal.h"

#include "sim_bots.h"

const char *sim_phase_name(sim_phase phase) {
    static const char *const names[SIM_PHASE_COUNT] = {"bots",    "paths", "move", "fire",
                                                       "bullets", "gems",  "zone", "deaths"};
    return (unsigned)phase < SIM_PHASE_COUNT ? names[phase] : "?";
}

void sim_step_phase(sim_world *w, const sim_input *inputs, sim_phase phase) {
    if (w->over) return;
    switch (phase) {
    case SIM_PHASE_BOTS:
        w->event_count = 0;
        sim_repair(w);
        sim_agents_control(w, inputs);
        break;
    case SIM_PHASE_PATHS:
        sim_bots_serve_paths(w);
        break;
    case SIM_PHASE_MOVE:
        sim_doors_update(w);
        sim_agents_move(w);
        break;
    case SIM_PHASE_FIRE:
        sim_agents_fire(w);
        break;
    case SIM_PHASE_BULLETS:
        sim_bullets_update(w);
        break;
    case SIM_PHASE_GEMS:
        sim_gems_update(w);
        sim_pickups_update(w);
        break;
    case SIM_PHASE_ZONE:
        sim_zone_update(w);
        sim_supply_update(w);
        break;
    case SIM_PHASE_DEATHS:
        sim_agents_regen_and_deaths(w);
        w->tick++;
#ifdef SIM_TEST_PERTURB_TICK
        // Only in the deliberately perturbed build of tests/replays (the state dump's test):
        // one agent is moved one unit as the tick ends, and nothing else changes.
        if (w->tick == SIM_TEST_PERTURB_TICK && SIM_TEST_PERTURB_AGENT < w->agent_count)
            w->agents[SIM_TEST_PERTURB_AGENT].pos.x += 1.0f;
#endif
        break;
    case SIM_PHASE_COUNT:
        break;
    }
}

void sim_step(sim_world *w, const sim_input *inputs) {
    for (int p = 0; p < SIM_PHASE_COUNT; p++) sim_step_phase(w, inputs, (sim_phase)p);
}
