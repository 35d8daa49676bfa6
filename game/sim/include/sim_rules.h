/// The numbers of a match: base stats, skill effects, XP curve, zone phases, weapons. One table,
/// sim_default_rules in sim_rules.c, read by the sim, so balance changes happen in one place. The
/// README quotes its values where it explains the game: "The rules a newcomer meets" (Bots, the
/// novice and balance) and the weapons table (Weapons, props, loot, the blink and doors); a
/// change to the table updates them.
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

/// Weapons. Everyone starts with the pistol, which never runs out of rounds (it reloads all the
/// same) and is never lost; the others lie in crates and rooms and are dropped by the eliminated,
/// with the rounds of `ammo`. A weapon with no rounds left at all is thrown away for the pistol.
typedef enum sim_weapon {
    SIM_WEAPON_PISTOL,
    SIM_WEAPON_SHOTGUN, ///< a fan of pellets, short range
    SIM_WEAPON_RIFLE,   ///< fast, far, hard-hitting, slow to fire
    SIM_WEAPON_SMG,     ///< rapid and inaccurate
    SIM_WEAPON_GRENADE, ///< slow, bounces off walls along the field's gradient, bursts in an area
    SIM_WEAPON_COUNT
} sim_weapon;

typedef struct sim_weapon_def {
    int cooldown;       ///< ticks between shots
    int pellets;        ///< bullets per shot, fanned evenly over `spread`
    float spread;       ///< radians: the fan of several pellets, or a single bullet's random error
    float damage;       ///< per bullet (a grenade: at the centre of its burst)
    float speed;        ///< units per tick
    float range;        ///< units
    float radius;       ///< of the bullet
    int ammo;           ///< rounds in a pickup; 0 = never runs out
    float blast_radius; ///< > 0: it bounces off walls and bursts (this radius) on whoever it
                        ///< meets or at the end of its flight
    int magazine;       ///< rounds fired between reloads (a common one; tiers add to it)
    int reload;         ///< ticks a reload takes
} sim_weapon_def;

/// Loot tiers: a weapon's tier adds to its damage and its magazine (rules.tier_*).
typedef enum sim_tier { SIM_TIER_COMMON, SIM_TIER_RARE, SIM_TIER_EPIC, SIM_TIER_COUNT } sim_tier;

/// Weapon slots (an input frame's `slot` is 1 + one of them): two for found weapons, and the
/// pistol's, which it never leaves.
enum { SIM_SLOT_FIRST, SIM_SLOT_SECOND, SIM_SLOT_PISTOL, SIM_SLOT_COUNT };

/// Carried items (an input frame's `use` is 1 + one of them), used over a short time.
typedef enum sim_item {
    SIM_ITEM_BANDAGE, ///< a small heal, quick
    SIM_ITEM_MEDKIT,  ///< a big heal, slow
    SIM_ITEM_CELL,    ///< a shield cell
    SIM_ITEM_COUNT
} sim_item;

typedef struct sim_item_def {
    int stack;     ///< most carried at once
    int use_ticks; ///< ticks from starting to use one to its effect
    float heal;    ///< HP it restores (up to max_hp)
    float shield;  ///< shield it gives (up to max_shield)
} sim_item_def;

/// Short display names ("Pistol", "Shotgun", ...; "Common", "Rare", "Epic"; "Bandage", ...).
const char *sim_weapon_name(sim_weapon w);
const char *sim_tier_name(sim_tier t);
const char *sim_item_name(sim_item k);

/// Breakable props: walls tagged AE_CELL_BREAKABLE. Their kind comes from the cell's position
/// (sim_prop_kind_at), the same on every machine.
typedef enum sim_prop_kind {
    SIM_PROP_CRATE,  ///< drops loot when it breaks
    SIM_PROP_BARREL, ///< bursts like a grenade when it breaks
    SIM_PROP_BUSH,   ///< soft: few hit points
    SIM_PROP_KIND_COUNT
} sim_prop_kind;

typedef struct sim_rules {
    // Agents (world units, ticks).
    float agent_radius;
    float agent_speed; ///< units per tick at full stick
    float agent_hp;
    // Auto-aim (input without an aim): it locks on to the nearest enemy in sight within this
    // share of the range, and fires once the lock has held this many ticks.
    float auto_aim_range;
    int auto_aim_lock_ticks;
    // Weapons: slow bullets, dodgeable.
    sim_weapon_def weapon[SIM_WEAPON_COUNT];
    // Props, loot, the blink and doors.
    float prop_hp[SIM_PROP_KIND_COUNT];
    float barrel_damage; ///< a breaking barrel's burst: damage at its centre ...
    float barrel_radius; ///< ... falling to nothing at this distance
    float pickup_radius; ///< an agent this close to a pickup takes it
    float max_shield;    ///< shield (from cells) takes damage before HP
    int loot_weights[4]; ///< a broken crate's drop: weapon, medkit, shield cell, bandage
    // The loadout: items, switching, tiers and where the better ones lie.
    sim_item_def item[SIM_ITEM_COUNT];
    float use_move_scale;            ///< speed share while using an item
    int switch_ticks;                ///< a weapon switched to fires after at least this many ticks
    float tier_damage_bonus;         ///< damage * (1 + tier * bonus)
    float tier_mag_bonus;            ///< magazine * (1 + tier * bonus)
    int crate_tiers[SIM_TIER_COUNT]; ///< a crate's weapon: weights of common, rare, epic
    int room_tiers[SIM_TIER_COUNT];  ///< the weapon in a room behind a door at the start: ...
    int supply_warning;              ///< ticks the supply drop is announced before it lands
    int start_bandages;              ///< bandages everyone starts the match with
    float blink_distance;            ///< how far a blink carries (units)
    int blink_cooldown;              ///< ticks between blinks
    float door_open_radius;          ///< a door opens while a living agent is this close to it ...
    float door_speed;                ///< ... sliding this share of its width per tick
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
    // Fair sight (README "Bots, the novice and balance"): bots fire at a person only from
    // inside the person's view less this margin (units), and pick no person as a target in the
    // match's first spawn_grace_ticks.
    float view_margin;
    int spawn_grace_ticks;
} sim_rules;

/// The default rules.
sim_rules sim_default_rules(void);

/// XP needed to go from `level` to level + 1.
int sim_rules_xp_for_level(const sim_rules *r, int level);

#endif
