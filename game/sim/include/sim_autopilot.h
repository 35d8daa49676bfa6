/// Pilots: controllers that drive the humans' agents from outside the sim (--autopilot,
/// --pilot novice). A pilot reads the world and hands back input frames, so what it does is
/// recorded and replayed like a person's play; it never changes the match (its paths come from
/// its own planner), but its look round asks the world's broadphase, whose queries update its
/// regions and may allocate: it takes the world writable, between the world's steps.
#ifndef SIM_AUTOPILOT_H
#define SIM_AUTOPILOT_H

#include "sim.h"

typedef enum sim_pilot {
    SIM_PILOT_NONE,   ///< people play the humans
    SIM_PILOT_BOT,    ///< a normal bot's brain (--autopilot)
    SIM_PILOT_NOVICE, ///< the novice player model (pilot_novice.h)
} sim_pilot;

typedef struct sim_autopilot sim_autopilot;

/// NULL when out of memory (or for SIM_PILOT_NONE).
sim_autopilot *sim_autopilot_create(const sim_world *w, uint64_t seed, sim_pilot pilot);
void sim_autopilot_destroy(sim_autopilot *ap);
/// The input frame that flies agent `agent` this tick (any agent of the world; a session asks
/// for its humans' agents 0 .. humans-1, a network client for the agent the server gave it; out
/// of range: a zero frame). The pilots' path queue is served at the first call of each world
/// tick, whichever agent it asks for.
void sim_autopilot_input(sim_autopilot *ap, sim_world *w, int agent, sim_input *out);

#endif
