/// --autopilot: a bot brain driving a human's agent from outside the sim. It reads the world
/// and hands back input frames, so what it does is recorded and replayed like a person's play;
/// it never changes the world (its paths come from its own planner).
#ifndef SIM_AUTOPILOT_H
#define SIM_AUTOPILOT_H

#include "sim.h"

typedef struct sim_autopilot sim_autopilot;

sim_autopilot *sim_autopilot_create(const sim_world *w, uint64_t seed);
void sim_autopilot_destroy(sim_autopilot *ap);
/// The input frame for human `human` this tick.
void sim_autopilot_input(sim_autopilot *ap, const sim_world *w, int human, sim_input *out);

#endif
