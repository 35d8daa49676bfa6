/// The match's broadphase (Multi Box Pruning): every living agent registers the box it swept
/// this tick, every bullet the box of its flight this tick. Bullet hits come from its pairs;
/// auto-aim, gem pickups and bot dodging ask it by circle query. Every use picks its winner by
/// the same rule the plain loops used (smallest value, ties to the lowest id), so results never
/// depend on proxy order.
#ifndef SIM_COLLIDE_H
#define SIM_COLLIDE_H

#include "arena/ae_broadphase.h"
#include "sim_cells.h"
#include "sim_world.h"

enum { SIM_CAT_AGENT = 1u, SIM_CAT_BULLET = 2u };

typedef struct sim_collide {
    ae_broadphase *bp;
    ae_proxy_id *agent_proxy;   ///< per agent, null once dead
    ae_proxy_id *bullet_proxy;  ///< per bullet slot, null when free
    int32_t *first;             ///< per bullet slot: first candidate agent entry, -1 for none
    int32_t *next;              ///< per entry: next entry of the same bullet
    int32_t *agent;             ///< per entry: the agent
    int cand_cap;               ///< entries the three arrays above hold
    int32_t *near;              ///< sim_collide_near's answer: room for every proxy there can be
    int near_count;             ///< ... and how many it holds
    uint32_t bullet_epoch;      ///< bumped whenever a bullet is added, removed or swept
    uint32_t agent_epoch;       ///< bumped whenever an agent's proxy moves or goes
    sim_cells agent_cells;      ///< living agents by position (sim_collide_agent_cells) ...
    int agent_cells_tick;       ///< ... as of this tick, -1 before the first
    uint32_t agent_cells_epoch; ///< ... and agent epoch
} sim_collide;

bool sim_collide_create(sim_world *w, ae_error *err);
void sim_collide_destroy(sim_world *w);
/// After a map swap: a broadphase sized for the new world, holding every living agent and bullet.
bool sim_collide_rebuild(sim_world *w, ae_error *err);
/// Registers what agent i swept this tick (prev_pos to pos); removes it once dead.
void sim_collide_agent(sim_world *w, int i);
void sim_collide_bullet_added(sim_world *w, int slot);
void sim_collide_bullet_removed(sim_world *w, int slot);
/// Registers bullet `slot`'s flight this tick from p0 to p1.
void sim_collide_bullet_sweep(sim_world *w, int slot, vec2s p0, vec2s p1);
/// Runs the broadphase and files the candidate agents of every bullet (see first/next/agent).
void sim_collide_update(sim_world *w);
/// Proxies of `category` overlapping a circle, in proxy order (the result is valid until the
/// next call).
const ae_proxy_id *sim_collide_query(const sim_world *w, vec2s center, float radius,
                                     uint32_t category, int *count);
/// The agents or bullet slots (by `category`) whose proxies overlap a circle, in no particular
/// order: for callers whose answer does not depend on it (a minimum with ties to the lowest id,
/// a yes or no). Cheaper than sim_collide_query: no sort, no handles. Valid until the next call.
const int32_t *sim_collide_near(const sim_world *w, vec2s center, float radius, uint32_t category,
                                int *count);
/// Living agents by position, each in the cell holding it, in cells of at least `side` units
/// (the cells a box touches hold every agent inside it). For many checks of small reach (gems):
/// cheaper than a circle query each. Rebuilt when the agents moved (or the tick or the side
/// changed); valid until they move again.
const sim_cells *sim_collide_agent_cells(const sim_world *w, float side);
/// Changes whenever any bullet is added, removed or moved (also across a rebuild): data derived
/// from the bullets stays valid while it holds.
uint32_t sim_collide_bullet_epoch(const sim_world *w);
/// The agent or bullet slot behind a proxy.
int sim_collide_owner(const sim_world *w, ae_proxy_id id);

#endif
