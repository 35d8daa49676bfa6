/// Navigation for bot brains: a path request queue over the world's nav grid, a flood context
/// for cover queries, and the planner that brains call. The sim owns one for its bots; the
/// autopilot owns another, so driving a human never changes the world's state.
#ifndef BOT_NAV_H
#define BOT_NAV_H

#include "bot_brain.h"

typedef struct bot_nav {
    bot_planner planner; ///< first member: the planner callbacks find their bot_nav from it
    ae_nav_queue *queue;
    ae_cover_flood *flood;
    int32_t *scratch;
    int scratch_cap;
} bot_nav;

/// Maps the world's navigation for `agents` agents.
bool bot_nav_init(bot_nav *n, const ae_nav_grid *nav, const ae_cover_set *cover, int agents,
                  ae_error *err);
void bot_nav_free(bot_nav *n);
/// Points at new maps after a swap; every brain must drop its path.
bool bot_nav_set_maps(bot_nav *n, const ae_nav_grid *nav, const ae_cover_set *cover, ae_error *err);
/// Drops every request (a swap starts the queue afresh).
void bot_nav_clear(bot_nav *n);
/// Serves requests within `budget` expanded nodes (smoothing on the world's field `sdf`) and
/// hands finished paths to their brains.
void bot_nav_serve(bot_nav *n, bot_brain *brains, int count, const ae_sdf *sdf, int64_t budget);

/// How far (world units, a box around the bot) cover is looked for.
#define BOT_COVER_RANGE 320.0f

/// Per-tick node budget of the sim's path queue.
#define BOT_NAV_BUDGET 20000

#endif
