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
/// The grid is rebuilt at most once per tick, by the first bot that looks after the bullets
/// changed (sim_collide's bullet epoch, the tick and the map's size say when); a tick without
/// dodging bots builds nothing. It is derived data, outside the state hash.
#ifndef BOT_LANES_H
#define BOT_LANES_H

#include "sim_cells.h"

/// Ticks ahead a bot looks for bullets to dodge.
#define BOT_DODGE_LOOKAHEAD (2.0f * SIM_TICK_HZ)
/// A bullet threatens when it will pass within the agent's radius + its own + this many units.
#define BOT_DODGE_MARGIN 6.0f

typedef struct bot_lanes {
    sim_cells cells; ///< per cell: the slots of the bullets whose lanes touch it
    bool built;      ///< false until the first build
    uint32_t epoch;  ///< the bullet epoch ...
    int tick;        ///< ... tick ...
    int map_w;       ///< ... and map size (cells) it was built for
    int map_h;       ///< ...
} bot_lanes;

/// Ticks bullet `bl` flies on before its range runs out, at most `cap`.
float bot_bullet_flight(const sim_bullet *bl, float cap);

/// Frees what the lanes hold (they may be used again: the next update rebuilds them).
void bot_lanes_free(bot_lanes *l);

/// The lanes, rebuilt if the bullets changed. The list of the cell holding a point
/// (sim_cells_at) holds, each once, every bullet that may threaten an agent standing there;
/// each may still miss or come too late: the caller tests them exactly. An agent's radius must
/// not exceed the rules' agent radius (the lanes are that wide). Valid until the bullets change.
const sim_cells *bot_lanes_update(const sim_world *w, bot_lanes *l);

#endif
