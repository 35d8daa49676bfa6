/// The numbers of a match: base stats, skill effects, XP curve, zone phases. One table, read by
/// the sim and shown by the README, so balance changes happen in one place.
#ifndef SIM_RULES_H
#define SIM_RULES_H

#include "sim_skills.h"

#include <stdint.h>

#define SIM_TICK_HZ         60
#define SIM_MAX_ZONE_PHASES 8

/// One zone phase: hold the circle, then shrink it to radius * scale around a random centre
/// inside the current circle. Outside the circle agents lose `dps` HP per second.
typedef struct sim_zone_phase {
    int hold_ticks;
    int shrink_ticks;
    float radius_scale;
    float dps;
} sim_zone_phase;

typedef struct sim_rules {
    // Agents (world units, ticks).
    float agent_radius;
    float agent_speed; ///< units per tick at full stick
    float agent_hp;
    int fire_cooldown; ///< ticks between shots
    // Auto-aim (input without an aim): it locks on to the nearest enemy in sight within this
    // share of the range, and fires once the lock has held this many ticks.
    float auto_aim_range;
    int auto_aim_lock_ticks;
    // Bullets: slow enough to dodge.
    float bullet_radius;
    float bullet_speed; ///< units per tick
    float bullet_damage;
    float bullet_range; ///< units
    // Gems and levels.
    int gem_xp;
    int xp_first_level;      ///< XP for level 2
    int xp_level_step;       ///< each further level needs this much more
    int gem_spawn_interval;  ///< ticks between spawned gems
    int gems_max_spawned;    ///< cap on gems lying around from spawning
    int gems_at_start;       ///< gems scattered over the map when the match begins (spawned ones)
    float gem_magnet_radius; ///< gems this close to a living agent drift towards it ...
    float gem_magnet_speed;  ///< ... at this many units per tick
    // Skill effects per level.
    float regen_hp_per_second;      ///< per level of the Regen skill
    int calm_regen_delay;           ///< ticks without taking damage before calm regeneration starts
    float calm_regen_hp_per_second; ///< regeneration out of combat, for everyone
    float attack_bonus;             ///< damage * (1 + level * bonus)
    float fire_rate_bonus;          ///< cooldown * (1 - level * bonus)
    float range_bonus;
    float move_speed_bonus;
    float bullet_speed_bonus;
    // Zone.
    int zone_phase_count;
    sim_zone_phase zone[SIM_MAX_ZONE_PHASES];
    int time_limit_ticks; ///< the match ends here at the latest
} sim_rules;

/// The default rules.
sim_rules sim_default_rules(void);

/// XP needed to go from `level` to level + 1.
int sim_rules_xp_for_level(const sim_rules *r, int level);

#endif
