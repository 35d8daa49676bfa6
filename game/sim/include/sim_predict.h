/// Client-side prediction: one agent advanced by one tick with the sim's own code, so a client
/// can move its own agent ahead of the server's snapshots and find its corrections near zero.
#ifndef SIM_PREDICT_H
#define SIM_PREDICT_H

#include "sim.h"

/// Advances agent `agent` by one tick exactly as sim_step would with `in` as its input frame
/// (read through sim_input_normalize; a fallen agent takes a zero frame): its controls, stick,
/// skill pick (speed included), facing (the aim, else auto-aim's lock on the agents as they
/// stand, else the way it walks), then the move phase's own per-agent code: prev_pos, the blink
/// with its cooldown, the slide along the field with unbroken props and the doors where they
/// stand now, the stuck statistics and the hit flash. A blink pushes its SIM_EVENT_BLINK onto
/// the world's events, as in a step.
///
/// Nothing else changes: no other agent, no RNG draw, bullet, gem, pickup, zone, door, bot brain
/// or tick. So what a step does around the move is not predicted: the doors' phase before it
/// (the world's doors are taken as they are: a client's mirror has them from the server), and
/// after it firing (a shot turns the agent to its aim, which for auto-aim is measured from where
/// it now stands), blows, pickups and deaths. Agents never push each other in this sim: the
/// move has no contact between agents to leave out.
void sim_predict_agent(sim_world *w, int agent, const sim_input *in);

#endif
