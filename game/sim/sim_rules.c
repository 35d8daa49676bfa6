#include "sim_rules.h"

#include <string.h>

sim_rules sim_default_rules(void) {
    sim_rules r;
    memset(&r, 0, sizeof r);
    r.agent_radius = 12.0f;
    r.agent_speed = 2.6f;
    r.agent_hp = 100.0f;
    r.auto_aim_range = 0.65f;
    r.auto_aim_lock_ticks = 18;
    // Each weapon plays differently at about the pistol's damage per second (22.5): a find is a
    // change of style more than of power, so a newcomer without one still has a fair chance.
    // Every range fits the fair view (a 1280x720 window at zoom 1 reaches 360 units up and down).
    // A magazine lasts five to eight seconds of fire and its reload about a second, so reloading
    // costs a weapon at most a sixth of its damage per second (the grenade a fifth).
    //                      cooldown pellets spread damage speed range radius ammo blast mag reload
    r.weapon[SIM_WEAPON_PISTOL] =
        (sim_weapon_def){32, 1, 0.0f, 12.0f, 5.0f, 360.0f, 5.0f, 0, 0.0f, 12, 40};
    r.weapon[SIM_WEAPON_SHOTGUN] =
        (sim_weapon_def){60, 5, 0.5f, 6.0f, 5.5f, 230.0f, 4.0f, 12, 0.0f, 6, 60};
    r.weapon[SIM_WEAPON_RIFLE] =
        (sim_weapon_def){72, 1, 0.0f, 28.0f, 8.0f, 600.0f, 4.0f, 10, 0.0f, 5, 60};
    r.weapon[SIM_WEAPON_SMG] =
        (sim_weapon_def){10, 1, 0.26f, 4.0f, 6.0f, 330.0f, 4.0f, 60, 0.0f, 40, 60};
    r.weapon[SIM_WEAPON_GRENADE] =
        (sim_weapon_def){90, 1, 0.0f, 40.0f, 3.5f, 360.0f, 7.0f, 4, 80.0f, 2, 45};
    r.prop_hp[SIM_PROP_CRATE] = 48.0f;
    r.prop_hp[SIM_PROP_BARREL] = 36.0f;
    r.prop_hp[SIM_PROP_BUSH] = 20.0f;
    r.barrel_damage = 40.0f;
    r.barrel_radius = 72.0f;
    r.pickup_radius = 18.0f;
    r.max_shield = 60.0f;
    r.loot_weights[0] = 6; // weapon
    r.loot_weights[1] = 2; // medkit
    r.loot_weights[2] = 2; // shield cell
    r.loot_weights[3] = 3; // bandage
    //                                    stack use      heal   shield
    r.item[SIM_ITEM_BANDAGE] = (sim_item_def){5, 90, 15.0f, 0.0f};
    r.item[SIM_ITEM_MEDKIT] = (sim_item_def){2, 240, 50.0f, 0.0f};
    r.item[SIM_ITEM_CELL] = (sim_item_def){3, 150, 0.0f, 40.0f};
    r.use_move_scale = 0.5f;
    r.switch_ticks = 15;
    r.tier_damage_bonus = 0.15f;
    r.tier_mag_bonus = 0.25f;
    r.crate_tiers[SIM_TIER_COMMON] = 6;
    r.crate_tiers[SIM_TIER_RARE] = 3;
    r.crate_tiers[SIM_TIER_EPIC] = 1;
    r.room_tiers[SIM_TIER_COMMON] = 0;
    r.room_tiers[SIM_TIER_RARE] = 3;
    r.room_tiers[SIM_TIER_EPIC] = 1;
    r.supply_warning = 10 * SIM_TICK_HZ;
    r.start_bandages = 2; // a newcomer meets carried items before finding any
    r.blink_distance = 120.0f;
    r.blink_cooldown = 4 * SIM_TICK_HZ;
    r.door_open_radius = 44.0f;
    r.door_speed = 0.08f;
    r.gem_xp = 1;
    r.xp_first_level = 3;
    r.xp_level_step = 2;
    r.gem_spawn_interval = 20;
    r.gems_max_spawned = 160;
    r.gems_at_start = 40;
    r.gem_magnet_radius = 64.0f;
    r.gem_magnet_speed = 4.0f;
    r.regen_hp_per_second = 1.6f;
    r.calm_regen_delay = 5 * SIM_TICK_HZ;
    r.calm_regen_hp_per_second = 3.0f;
    r.attack_bonus = 0.2f;
    r.fire_rate_bonus = 0.12f;
    r.range_bonus = 0.15f;
    r.move_speed_bonus = 0.07f;
    r.bullet_speed_bonus = 0.15f;
    // Holding times shrink phase by phase; the last circle closes completely, so every match
    // ends well inside the time limit.
    const sim_zone_phase phases[] = {
        {40 * SIM_TICK_HZ, 20 * SIM_TICK_HZ, 0.60f, 2.0f},
        {25 * SIM_TICK_HZ, 18 * SIM_TICK_HZ, 0.55f, 4.0f},
        {20 * SIM_TICK_HZ, 15 * SIM_TICK_HZ, 0.50f, 7.0f},
        {15 * SIM_TICK_HZ, 12 * SIM_TICK_HZ, 0.45f, 11.0f},
        {12 * SIM_TICK_HZ, 10 * SIM_TICK_HZ, 0.40f, 16.0f},
        {10 * SIM_TICK_HZ, 10 * SIM_TICK_HZ, 0.0f, 25.0f},
    };
    r.zone_phase_count = (int)(sizeof phases / sizeof phases[0]);
    memcpy(r.zone, phases, sizeof phases);
    r.time_limit_ticks = 6 * 60 * SIM_TICK_HZ;
    r.view_margin = 24.0f;
    r.spawn_grace_ticks = 5 * SIM_TICK_HZ;
    return r;
}

int sim_rules_xp_for_level(const sim_rules *r, int level) {
    return r->xp_first_level + (level - 1) * r->xp_level_step;
}

const char *sim_weapon_name(sim_weapon w) {
    static const char *const names[SIM_WEAPON_COUNT] = {"Pistol", "Shotgun", "Rifle", "SMG",
                                                        "Grenade"};
    return (unsigned)w < SIM_WEAPON_COUNT ? names[w] : "?";
}

const char *sim_tier_name(sim_tier t) {
    static const char *const names[SIM_TIER_COUNT] = {"Common", "Rare", "Epic"};
    return (unsigned)t < SIM_TIER_COUNT ? names[t] : "?";
}

const char *sim_item_name(sim_item k) {
    static const char *const names[SIM_ITEM_COUNT] = {"Bandage", "Medkit", "Shield cell"};
    return (unsigned)k < SIM_ITEM_COUNT ? names[k] : "?";
}

const char *sim_skill_name(sim_skill s) {
    static const char *const names[SIM_SKILL_COUNT] = {"Regen", "Attack", "Fire rate",
                                                       "Range", "Speed",  "Bullet speed"};
    return (unsigned)s < SIM_SKILL_COUNT ? names[s] : "?";
}
