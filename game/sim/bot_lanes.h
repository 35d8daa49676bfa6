/// Bullet lanes: for dodging, which bullets may pass near a place soon.
///
/// A bot dodges the bullet that will pass closest to it soonest: one whose closest approach comes
/// within BOT_DODGE_LOOKAHEAD ticks and within its radius + the bullet's + BOT_DODGE_MARGIN (for
/// a bullet whose range runs out first: whose end comes that close). A circle query around the
/// bot for every bullet that could arrive in that time is as wide as a rifle shot flies in two
/// seconds, and finds hundreds of bullets flying elsewhere. The lanes turn it round: each
/// bullet's course over the lookahead (or the rest of its range), widened by that distance, is
/// drawn once into a coarse grid, and a bot reads the one cell it stands in. That is a superset
/// of the bullets that can qualify, and the dodge picks order-independently (soonest, ties to the
/// lowest slot), so it picks what a scan of every bullet would.
///
/// One build serves several ticks, as many as the shortest reaction time of the bots that dodge
/// (7 ticks, the hard bots'): a bullet fired since the build is too fresh for any bot to notice,
/// so it need not be listed, and the bullets listed fly on along the courses drawn (drawn that
/// many ticks longer). A slot listed may hold such a fresh bullet by now, or none: the caller's
/// exact test rejects it. The grid is rebuilt by the first bot that looks once that many ticks
/// have passed, or after a bullet jumped (a bounce: sim_collide's bullet jumps say so), or when
/// the map's size changed; ticks without dodging bots build nothing. It is derived data, outside
/// the state hash, and gives the dodges a build every tick would.
#ifndef BOT_LANES_H
#define BOT_LANES_H

#include "sim_cells.h"

/// Ticks ahead a bot looks for bullets to dodge.
#define BOT_DODGE_LOOKAHEAD (2.0f * SIM_TICK_HZ)
/// A bullet threatens when it will pass within the agent's radius + its own + this many units.
#define BOT_DODGE_MARGIN 6.0f
/// Most ticks one build of the lanes serves.
#define BOT_LANES_REUSE_MAX 8

typedef struct bot_lanes {
    sim_cells cells; ///< per cell: the slots of the bullets whose lanes touch it
    bool built;      ///< false until the first build
    uint32_t jumps;  ///< the bullet jumps ...
    int tick;        ///< ... tick ...
    int reuse;       ///< ... ticks it serves from then (bot_lanes_reuse_ticks) ...
    int map_w;       ///< ... and map size (cells) it was built for
    int map_h;       ///< ...
} bot_lanes;

/// Ticks bullet `bl` flies on before its range runs out, at most `cap`.
float bot_bullet_flight(const sim_bullet *bl, float cap);

/// Frees what the lanes hold (they may be used again: the next update rebuilds them).
void bot_lanes_free(bot_lanes *l);

/// Ticks one build of the lanes serves: the shortest reaction time of a bot that dodges, at most
/// BOT_LANES_REUSE_MAX.
int bot_lanes_reuse_ticks(void);

/// The lanes, rebuilt when due. The list of the cell holding a point (sim_cells_at) holds, each
/// once, every live bullet fired at least bot_lanes_reuse_ticks() ago that may threaten an agent
/// standing there; each may still miss, come too late or be another bullet by now: the caller
/// tests them exactly. An agent's radius must not exceed the rules' agent radius (the lanes are
/// that wide). Valid until the next tick.
const sim_cells *bot_lanes_update(const sim_world *w, bot_lanes *l);

#endif
