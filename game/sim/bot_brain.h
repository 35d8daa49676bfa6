/// The bot brain itself: reads a const world, writes one input frame. Shared by the sim's bots
/// and the --autopilot controller; only the path planner differs between them.
#ifndef BOT_BRAIN_H
#define BOT_BRAIN_H

#include "arena/ae_cover.h"
#include "arena/ae_nav_queue.h"
#include "sim_bots.h"
#include "sim_cells.h"

typedef struct bot_planner bot_planner;

/// Asks for a path for agent `id` from `from` to `to`; the planner fills brain->path now or later
/// (clearing brain->path_pending when it does).
typedef void bot_request_fn(bot_planner *p, const sim_world *w, int id, bot_brain *brain,
                            vec2s from, vec2s to);

/// How a brain reaches navigation: its path requests, and the cover points and flood context
/// for finding cover. The sim's bots and the autopilot each own one (see bot_nav.h).
struct bot_planner {
    bot_request_fn *request;
    const ae_nav_grid *nav;    ///< passability (layer 0: the agents' radius)
    const ae_cover_set *cover; ///< cover points for the agents' radius
    ae_cover_flood *flood;     ///< context for cover floods
    int32_t *scratch;          ///< room for cover query results
    int scratch_cap;
};

/// Difficulty settings: a bot perceives and reacts like a person of that skill.
typedef struct bot_skill {
    int think_interval;     ///< ticks between decisions
    int reaction_ticks;     ///< a thing must have been in view this long before the bot acts on it
    float aim_error;        ///< max aim error (tangent of the angle) at a still target up close
    float aim_error_far;    ///< ... plus this much at the edge of its range
    float aim_error_moving; ///< ... plus this much per unit of the target's sideways speed / bullet
                            ///< speed
    float lead;             ///< share of the target's motion that is led (0..1)
    float view_cos;         ///< cosine of half its field of view: bullets outside it go unseen
                            ///< unless its own target fired them
    float dodge_chance; ///< chance that a seen bullet on course is dodged (decided once per bullet)
    int strafe_min;     ///< ticks a strafing direction is held in a fight, at least ...
    int strafe_max;     ///< ... and at most
    float plant_chance; ///< chance a new strafe is standing still to shoot
    float cover_hp;     ///< HP share below which it looks for cover
    float loot_close;   ///< while looting (the first circle), it starts fights only with
                        ///< enemies within this share of its range, or who just shot it
    int chase_ticks;    ///< how long it chases an enemy running out of its range
    float blink_dodge;  ///< chance it blinks out of the way of a bullet it dodges, if it can
    float loot_range;   ///< how far it goes for loot it wants, and looks for crates to break
    float retreat_margin; ///< > 0: it also takes cover when its HP share trails its enemy's by
                          ///< more than this (it leaves fights it is losing)
    int hunt_phase;       ///< from this zone phase on it seeks out the nearest enemy, unseen,
                          ///< before gems (every bot does after gems from the third circle)
} bot_skill;

const bot_skill *bot_skill_for(sim_difficulty d);

void bot_brain_init(bot_brain *b, uint64_t seed, int id);
/// One tick of thinking for agent `id`.
void bot_brain_update(sim_world *w, bot_brain *b, int id, bot_planner *planner, sim_input *out);

/// Internal pieces (bot_aim.c, bot_motion.c).
/// The aim spread (tangent) of skill `sk` at `range_share` of its range against a target crossing
/// the line of fire at `crossing` times the bullet's speed; the novice player model uses it too.
float bot_aim_spread(const bot_skill *sk, float range_share, float crossing);
vec2s bot_aim_at(const sim_world *w, bot_brain *b, int id, int target);
uint8_t bot_pick_skill(const sim_world *w, const sim_agent *a);
/// Steering along the current path (unit-ish vector), replanning when stuck.
vec2s bot_follow_path(const sim_world *w, bot_brain *b, int id, bot_planner *planner);
/// A sideways step away from the most dangerous incoming bullet, or zero when none threatens;
/// *eta: ticks until that bullet passes closest (1e30 when none).
vec2s bot_dodge(sim_world *w, const bot_brain *b, int id, float *eta);
/// The world's bullet lanes (bot_lanes.h), rebuilt when the bullets changed: the list of the
/// cell holding a point names every bullet that may threaten an agent there. Rebuilding writes
/// the world (and may allocate), so it takes the world writable.
const sim_cells *bot_bullet_lanes(sim_world *w);
/// The live pickups by position, each in the cell holding it (cells of SIM_AGENT_CELL units or
/// wider), built once a tick: valid through the bots phase, as pickups come and go only in the
/// phases after it (taken, dropped, spawned). Building writes the world and may allocate.
const sim_cells *bot_pickup_cells(sim_world *w);
/// The loadout (bot_loadout.c), for bots and the novice alike: the slot to hold (the best weapon
/// with rounds; in a fight one with rounds in its magazine), and out of a fight a reload and,
/// out of fire too, the item its HP or shield calls for.
void bot_loadout(const sim_world *w, int id, bool fighting, sim_input *out);
/// Loot (bot_loot.c). How much a bot likes a weapon (the pistol least).
int bot_weapon_rank(int weapon);
/// A bot standing on weapon pickup p presses swap for it: no slot takes it as it is, and it is
/// better than the weapon the swap would leave behind.
bool bot_wants_swap(const sim_world *w, const sim_agent *a, const sim_pickup *p);
/// How much agent `a` wants pickup `p` (0: not at all).
int bot_loot_value(const sim_world *w, const sim_agent *a, const sim_pickup *p);
/// The most wanted pickup within `range` inside the circle (c, r), nearer first; -1 for none.
int bot_find_loot(const sim_world *w, int id, float range, vec2s c, float r);
/// A crate within `range` it can see and shoot, nearest first; -1 for none.
int bot_find_crate(const sim_world *w, int id, float range);
/// Where to shoot at prop `index`: its cell's centre.
vec2s bot_prop_center(const sim_world *w, int index);
/// A spot near agent `id` hidden from `threat` (line of sight blocked), or false when none.
bool bot_find_cover(const sim_world *w, int id, bot_planner *planner, vec2s threat, vec2s *out);
/// Asks for a path to `goal` unless one to about the same place is fresh.
void bot_go_to(const sim_world *w, bot_brain *b, int id, bot_planner *planner, vec2s goal);

#endif
