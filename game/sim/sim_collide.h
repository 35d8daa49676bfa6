/// The match's broadphase (Multi Box Pruning) over the living agents: each registers the box it
/// swept this tick. A bullet asks it for the agents whose boxes meet the box of its flight this
/// tick (then sweeps circles against those); targeting, doors, pickups and blasts ask it by
/// circle query. Every use picks its winner by the same rule the plain loops used (smallest
/// value, ties to the lowest id), so results never depend on proxy order. Bullets themselves are
/// not in it: nothing asks where bullets are by box (dodging reads bot_lanes.h).
///
/// A query changes the world: it brings the broadphase's regions up to date (which may grow
/// their buffers) and writes its answer into the world. So the queries take the world writable
/// and belong to the sim's own step, which runs in the world's heap when it has one (a replay's,
/// session.h); what reads the world from outside between ticks (the renderer, the HUD) uses
/// sim_state.h's read-only views.
#ifndef SIM_COLLIDE_H
#define SIM_COLLIDE_H

#include "arena/ae_broadphase.h"
#include "sim_cells.h"
#include "sim_world.h"

enum { SIM_CAT_AGENT = 1u };

typedef struct sim_collide {
    ae_broadphase *bp;
    ae_proxy_id *agent_proxy;   ///< per agent, null once dead
    int32_t *near;              ///< sim_collide_near's answer: room for every agent ...
    int near_count;             ///< ... and how many it holds
    uint32_t bullet_jumps;      ///< bumped whenever a bullet moves other than by its flight
    uint32_t agent_epoch;       ///< bumped whenever an agent's proxy moves or goes
    sim_cells agent_cells;      ///< living agents by position (sim_collide_agent_cells) ...
    float agent_step_max;       ///< ... the longest step (pos - prev_pos) among them ...
    int agent_cells_tick;       ///< ... as of this tick, -1 before the first
    uint32_t agent_cells_epoch; ///< ... and agent epoch
} sim_collide;

/// Side (world units) of the agent cells.
#define SIM_AGENT_CELL 128.0f

bool sim_collide_create(sim_world *w, ae_error *err);
void sim_collide_destroy(sim_world *w);
/// After a map swap: a broadphase sized for the new world, holding every living agent.
bool sim_collide_rebuild(sim_world *w, ae_error *err);
/// Registers what agent i swept this tick (prev_pos to pos); removes it once dead.
void sim_collide_agent(sim_world *w, int i);
/// A bullet's course changed other than by its straight flight (a bounce, a snapshot written
/// into a mirror world): data derived from the courses (the bullet lanes) is stale. Firing,
/// flying and dying need no call.
void sim_collide_bullets_jumped(sim_world *w);
/// Changes whenever a bullet jumped (also across a rebuild): courses drawn while it holds are
/// still the bullets' courses.
uint32_t sim_collide_bullet_jumps(const sim_world *w);

/// Agents overlapping a circle, as proxies in proxy order (the result is valid until the next
/// query). For callers whose answer depends on the order they handle them in (blasts).
const ae_proxy_id *sim_collide_query(sim_world *w, vec2s center, float radius, uint32_t category,
                                     int *count);
/// The agents whose boxes overlap a circle, in no particular order: for callers whose answer
/// does not depend on it (a minimum with ties to the lowest id, a yes or no). Cheaper than
/// sim_collide_query: no sort, no handles. Valid until the next call.
const int32_t *sim_collide_near(sim_world *w, vec2s center, float radius, uint32_t category,
                                int *count);
/// The agent behind a proxy.
int sim_collide_owner(const sim_world *w, ae_proxy_id id);

/// Living agents by position, each in the cell holding it (cells of SIM_AGENT_CELL units, or
/// wider on big maps: the cells a box touches hold every agent inside it); *step_max (optional)
/// receives the longest step any of them took this tick. For many checks of small reach (gems,
/// bullets' flights) or of agents near a line (a fresh bullet's threat): cheaper than a query
/// each. Rebuilt when
/// the agents moved (or the tick changed); valid until they move again.
const sim_cells *sim_collide_agent_cells(sim_world *w, float *step_max);

#endif
