/// The sim's lookups of agents by position: the agent cells, living agents by position, built
/// afresh when an agent moved, went or the tick changed, and never kept up by the tick itself
/// (no broadphase: nothing is updated per agent and tick but a counter). Bullets find the agents
/// their flight meets in them, pickups and doors the agents touching them, bots and auto-aim their
/// candidates, blasts their victims (by id, the order their damage is dealt in). Every query
/// answers a superset of the agents within its reach, and every caller picks by its own exact
/// test, so results never depend on the cells' shape. Bullets themselves are not in them:
/// nothing asks where bullets are (dodging reads bot_lanes.h).
///
/// A query may rebuild the cells (which may grow their arrays) and writes its answer into the
/// world. So the queries take the world writable and belong to the sim's own step, which runs in
/// the world's heap when it has one (a replay's, session.h); what reads the world from outside
/// between ticks (the renderer, the HUD) uses sim_state.h's read-only views.
#ifndef SIM_COLLIDE_H
#define SIM_COLLIDE_H

#include "sim_cells.h"
#include "sim_world.h"

typedef struct sim_collide {
    int32_t *near;              ///< sim_collide_near's answer: room for every agent ...
    int near_count;             ///< ... and how many it holds
    uint32_t bullet_jumps;      ///< bumped whenever a bullet moves other than by its flight
    uint32_t agent_epoch;       ///< bumped whenever an agent moves or goes
    sim_cells agent_cells;      ///< living agents by position (sim_collide_agent_cells) ...
    float agent_step_max;       ///< ... the longest step (pos - prev_pos) among them ...
    float agent_radius_max;     ///< ... their largest radius ...
    int agent_cells_tick;       ///< ... as of this tick, -1 before the first
    uint32_t agent_cells_epoch; ///< ... and agent epoch
} sim_collide;

/// Side (world units) of the agent cells.
#define SIM_AGENT_CELL 128.0f

bool sim_collide_create(sim_world *w, ae_error *err);
void sim_collide_destroy(sim_world *w);
/// After a map swap: the cells follow the new world's size, the bullet lanes are stale.
void sim_collide_map_swapped(sim_world *w);
/// An agent moved (prev_pos to pos), jumped or went: the cells are stale.
void sim_collide_agents_moved(sim_world *w);
/// A bullet's course changed other than by its straight flight (a bounce, a snapshot written
/// into a mirror world): data derived from the courses (the bullet lanes) is stale. Firing,
/// flying and dying need no call.
void sim_collide_bullets_jumped(sim_world *w);
/// Changes whenever a bullet jumped (also across a map swap): courses drawn while it holds are
/// still the bullets' courses.
uint32_t sim_collide_bullet_jumps(const sim_world *w);

/// Living agents in the cells round a circle, in no particular order: every living agent whose
/// position lies within `radius` of `center` among them (and others nearby), for callers whose
/// answer does not depend on the order (a minimum with ties to the lowest id, a yes or no).
/// Valid until the next call.
const int32_t *sim_collide_near(sim_world *w, vec2s center, float radius, int *count);
/// Living agents in the cells round a circle, in id order: every living agent whose circle
/// (its own radius) overlaps the one given among them. For callers whose answer depends on the
/// order they handle them in (blasts). Valid until the next call.
const int32_t *sim_collide_touching(sim_world *w, vec2s center, float radius, int *count);

/// Living agents by position, each in the cell holding it (cells of SIM_AGENT_CELL units, or
/// wider on big maps: the cells a box touches hold every agent inside it); *step_max (optional)
/// receives the longest step any of them took this tick. For many checks of small reach (gems,
/// bullets' flights) or of agents near a line (a fresh bullet's threat): cheaper than a query
/// each. Rebuilt when the agents moved (or the tick changed); valid until they move again.
const sim_cells *sim_collide_agent_cells(sim_world *w, float *step_max);

#endif
