/// Read-only views of the sim's internals for the debug overlays (game/app/draw/overlays.c) and
/// tools: the field, the navigation grid, the cover points, the broadphase and each bot's mind.
/// Nothing here changes the world; pointers stay valid until the next sim_step, map swap or
/// sim_take_over.
#ifndef SIM_DEBUG_H
#define SIM_DEBUG_H

#include "arena/ae_broadphase.h"
#include "arena/ae_cover.h"
#include "arena/ae_nav.h"
#include "arena/ae_sdf.h"
#include "sim_state.h"

/// The map's signed distance field (walls only; the doors are not in it).
const ae_sdf *sim_debug_sdf(const sim_world *w);
/// The bots' navigation grid.
const ae_nav_grid *sim_debug_nav(const sim_world *w);
/// The bots' cover points.
const ae_cover_set *sim_debug_cover(const sim_world *w);
/// The broadphase over agents and bullets (its regions and proxy counts).
const ae_broadphase *sim_debug_broadphase(const sim_world *w);

/// What a bot brain is doing.
typedef struct sim_bot_view {
    const char *state; ///< "wander", "gems", "loot", "fight", "cover" or "zone"
    int target;        ///< the enemy it fights, -1 for none
    const vec2s *path; ///< the waypoints still ahead of it, next first ...
    int path_left;     ///< ... this many
} sim_bot_view;

/// The brain of agent `agent` (0 .. sim_agent_count - 1; a human's brain idles while a slot
/// drives it).
sim_bot_view sim_debug_bot(const sim_world *w, int agent);

#endif
