/// The novice player model: how a first-time player drives an agent, for measuring what a
/// newcomer's match is like without a person (`--pilot novice`, `arena-bench balance`).
///
/// It reads only what a player sees: the screen around its agent (PILOT_VIEW_HALF_W x
/// PILOT_VIEW_HALF_H world units each way at zoom 1), the zone circles (drawn on the ground and
/// the minimap) and its own HP and level. It never reads bot brains, bullets' owners or anything
/// off screen. Its limits, as the README lists them:
/// - it notices an enemy only after seeing it for at least PILOT_REACTION_TICKS (300 ms) plus a
///   random extra of up to 200 ms, and decides what to do five times a second;
/// - it aims at where it sees the target (no leading), with a spread no smaller than a normal
///   bot's, and a hand that lags the target by 100 ms;
/// - it never dodges on purpose;
/// - it walks to gems it sees, fights an enemy in range (standing its ground or closing in),
///   backs away from the nearest enemy when its HP is below half, heads into the zone when
///   outside it (routing round walls, as a person sees them), and picks skills at random.
#ifndef PILOT_NOVICE_H
#define PILOT_NOVICE_H

#include "bot_brain.h"

#define PILOT_VIEW_HALF_W    640.0f
#define PILOT_VIEW_HALF_H    360.0f
#define PILOT_REACTION_TICKS 18

typedef struct pilot_novice {
    int *seen_since; ///< per agent: tick it came on screen, -1 while off screen
    int agent_count;
    int target;      ///< enemy being fought, -1 for none
    int react_ticks; ///< this noticing's reaction time
    int pick_at;     ///< tick it will choose a skill for a pending level-up
} pilot_novice;

bool pilot_novice_init(pilot_novice *n, const sim_world *w);
void pilot_novice_free(pilot_novice *n);
/// One tick of a novice's play of agent `id`. `walk` is the brain whose path following (goal,
/// path, rng) it uses, served by `planner`; its fighting fields are unused.
void pilot_novice_update(const sim_world *w, pilot_novice *n, bot_brain *walk, int id,
                         bot_planner *planner, sim_input *out);

#endif
