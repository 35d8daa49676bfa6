/// Match figures for `--stats` and `arena-bench balance`: how the bots of each difficulty and each
/// human did. Read from the world; nothing here changes it.
#ifndef SIM_STATS_H
#define SIM_STATS_H

#include "sim_state.h"

typedef struct sim_difficulty_stats {
    int bots;
    double mean_placement; ///< survivors count as 1
    int shots, hits;
    int threats, dodged; ///< dodgeable incoming bullets, and how many of them missed
    int zone_deaths, bullet_deaths;
    int stuck_ticks, longest_stuck;
    int kills_with[SIM_WEAPON_COUNT]; ///< kills by the weapon of the blow that downed the victim
    int props_broken, pickups, blinks;
} sim_difficulty_stats;

/// Sums over the bots of difficulty `d`; bots == 0 when there are none.
void sim_stats_difficulty(const sim_world *w, sim_difficulty d, sim_difficulty_stats *out);

typedef struct sim_human_stats {
    int placement;        ///< 1 = winner; 0 while the match goes on and it lives
    int agents;           ///< of how many
    double survived_s;    ///< until its death, or until now
    double first_level_s; ///< when it reached level 2; negative when it never did
    int level, kills;
    double hit_rate; ///< hits per shot (0 without shots)
    double dodged;   ///< share of dodgeable bullets that missed it (0 without any)
    int threats;
    int kills_with[SIM_WEAPON_COUNT];
    int props_broken, pickups, blinks;
    double damage_dealt;  ///< HP and shield its hits took off other agents (no overkill)
    double first_fight_s; ///< when it first dealt or took damage from another agent; negative
                          ///< when it never did
    /// What it took from beyond its view, from bots and from people (sim_agent_stats').
    double unseen_from_bots, unseen_from_people;
    int picked[SIM_PICKUP_KIND_COUNT]; ///< pickups per sim_pickup_kind
    int items_used[SIM_ITEM_COUNT];    ///< carried items used up, per sim_item
    int reloads;
} sim_human_stats;

void sim_stats_human(const sim_world *w, int human, sim_human_stats *out);

/// When the first circle has closed (the first zone phase's hold and shrink, stretched for the
/// map): a fight before it is a fight in the match's opening.
double sim_stats_first_circle_s(const sim_world *w);

/// Living agents when the last zone phase began to shrink (-1 if it has not): the match should be
/// decided by fights before the circle closes.
int sim_stats_alive_at_last_shrink(const sim_world *w);

#endif
