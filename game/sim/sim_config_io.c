#include "sim_config_io.h"

#include "arena/rp_hash.h"

#include <math.h>

// Packed as little-endian 32-bit words (rp_put_le), floats by their bit patterns.
static uint8_t *put_int(uint8_t *p, int v) {
    return rp_put_le(p, (uint32_t)v, 4);
}
static uint8_t *put_float(uint8_t *p, float v) {
    return rp_put_le(p, rp_f32_bits(v), 4);
}

typedef struct reader {
    const uint8_t *p;
    size_t n, pos;
    bool ok;
} reader;

static uint32_t r32(reader *r) {
    if (r->n - r->pos < 4) {
        r->ok = false;
        return 0;
    }
    uint32_t v = (uint32_t)rp_get_le(r->p + r->pos, 4);
    r->pos += 4;
    return v;
}
static int ri(reader *r) {
    return (int)r32(r);
}
static float rf(reader *r) {
    return rp_bits_f32(r32(r));
}

/// A weapon's fields (k: its index in rules.weapon).
#define WEAPON_FIELDS(I, F, k)                                                                     \
    I(rules.weapon[k].cooldown, 1, 100000)                                                         \
    I(rules.weapon[k].pellets, 1, 16)                                                              \
    F(rules.weapon[k].spread, 0, 3.14159f)                                                         \
    F(rules.weapon[k].damage, 0, 1e6f)                                                             \
    F(rules.weapon[k].speed, 0.01f, 256)                                                           \
    F(rules.weapon[k].range, 1, 1e6f)                                                              \
    F(rules.weapon[k].radius, 0.5f, 64)                                                            \
    I(rules.weapon[k].ammo, 0, 100000)                                                             \
    F(rules.weapon[k].blast_radius, 0, 1e4f)                                                       \
    I(rules.weapon[k].magazine, 1, 100000)                                                         \
    I(rules.weapon[k].reload, 1, 100000)

/// A carried item's fields (k: its index in rules.item).
#define ITEM_FIELDS(I, F, k)                                                                       \
    I(rules.item[k].stack, 0, 1000)                                                                \
    I(rules.item[k].use_ticks, 1, 100000)                                                          \
    F(rules.item[k].heal, 0, 1e6f)                                                                 \
    F(rules.item[k].shield, 0, 1e6f)

/// Every packed field in one list with the range a match accepts, so packing, unpacking and
/// checking can never disagree on the order or the limits.
#define CONFIG_FIELDS(I, F)                                                                        \
    I(bots, 0, SIM_MAX_AGENTS)                                                                     \
    I(bot_difficulty, -1, SIM_DIFFICULTY_COUNT - 1)                                                \
    I(max_bullets, 1, 1 << 20)                                                                     \
    I(max_gems, 1, 1 << 20)                                                                        \
    F(cell_size, 4, 256)                                                                           \
    F(rules.agent_radius, 1, 64)                                                                   \
    F(rules.agent_speed, 0, 64)                                                                    \
    F(rules.agent_hp, 1, 1e6f)                                                                     \
    F(rules.auto_aim_range, 0, 1)                                                                  \
    I(rules.auto_aim_lock_ticks, 0, 100000)                                                        \
    WEAPON_FIELDS(I, F, 0)                                                                         \
    WEAPON_FIELDS(I, F, 1)                                                                         \
    WEAPON_FIELDS(I, F, 2)                                                                         \
    WEAPON_FIELDS(I, F, 3)                                                                         \
    WEAPON_FIELDS(I, F, 4)                                                                         \
    F(rules.prop_hp[0], 1, 1e6f)                                                                   \
    F(rules.prop_hp[1], 1, 1e6f)                                                                   \
    F(rules.prop_hp[2], 1, 1e6f)                                                                   \
    F(rules.barrel_damage, 0, 1e6f)                                                                \
    F(rules.barrel_radius, 0, 1e4f)                                                                \
    F(rules.pickup_radius, 0, 1e4f)                                                                \
    F(rules.max_shield, 0, 1e6f)                                                                   \
    I(rules.loot_weights[0], 0, 1000)                                                              \
    I(rules.loot_weights[1], 0, 1000)                                                              \
    I(rules.loot_weights[2], 0, 1000)                                                              \
    I(rules.loot_weights[3], 0, 1000)                                                              \
    ITEM_FIELDS(I, F, 0)                                                                           \
    ITEM_FIELDS(I, F, 1)                                                                           \
    ITEM_FIELDS(I, F, 2)                                                                           \
    F(rules.use_move_scale, 0, 1)                                                                  \
    I(rules.switch_ticks, 0, 100000)                                                               \
    F(rules.tier_damage_bonus, 0, 100)                                                             \
    F(rules.tier_mag_bonus, 0, 100)                                                                \
    I(rules.crate_tiers[0], 0, 1000)                                                               \
    I(rules.crate_tiers[1], 0, 1000)                                                               \
    I(rules.crate_tiers[2], 0, 1000)                                                               \
    I(rules.room_tiers[0], 0, 1000)                                                                \
    I(rules.room_tiers[1], 0, 1000)                                                                \
    I(rules.room_tiers[2], 0, 1000)                                                                \
    I(rules.supply_warning, 0, 100000000)                                                          \
    I(rules.start_bandages, 0, 255)                                                                \
    F(rules.blink_distance, 0, 1e4f)                                                               \
    I(rules.blink_cooldown, 1, 100000000)                                                          \
    F(rules.door_open_radius, 0, 1e4f)                                                             \
    F(rules.door_speed, 0.001f, 1)                                                                 \
    I(rules.gem_xp, 0, 1000)                                                                       \
    I(rules.xp_first_level, 1, 100000)                                                             \
    I(rules.xp_level_step, 0, 100000)                                                              \
    I(rules.gem_spawn_interval, 1, 1000000)                                                        \
    I(rules.gems_max_spawned, 0, 1 << 20)                                                          \
    I(rules.gems_at_start, 0, 1 << 20)                                                             \
    F(rules.gem_magnet_radius, 0, 1e4f)                                                            \
    F(rules.gem_magnet_speed, 0, 256)                                                              \
    F(rules.regen_hp_per_second, 0, 1e4f)                                                          \
    I(rules.calm_regen_delay, 0, 100000000)                                                        \
    F(rules.calm_regen_hp_per_second, 0, 1e4f)                                                     \
    F(rules.attack_bonus, 0, 100)                                                                  \
    F(rules.fire_rate_bonus, 0, 0.19f)                                                             \
    F(rules.range_bonus, 0, 100)                                                                   \
    F(rules.move_speed_bonus, 0, 100)                                                              \
    F(rules.bullet_speed_bonus, 0, 100)                                                            \
    I(rules.time_limit_ticks, 1, 100000000)                                                        \
    F(rules.view_margin, 0, 1e4f)                                                                  \
    I(rules.spawn_grace_ticks, 0, 100000000)                                                       \
    I(rules.zone_phase_count, 1, SIM_MAX_ZONE_PHASES)

size_t sim_config_pack(const sim_config *cfg, uint8_t out[SIM_CONFIG_MAX_BYTES]) {
    uint8_t *p = out;
#define PUT_I(f, lo, hi) p = put_int(p, cfg->f);
#define PUT_F(f, lo, hi) p = put_float(p, cfg->f);
    CONFIG_FIELDS(PUT_I, PUT_F)
    for (int i = 0; i < cfg->rules.zone_phase_count; i++) {
        const sim_zone_phase *z = &cfg->rules.zone[i];
        p = put_int(p, z->hold_ticks);
        p = put_int(p, z->shrink_ticks);
        p = put_float(p, z->radius_scale);
        p = put_float(p, z->dps);
    }
    return (size_t)(p - out);
}

static bool in_range(float v, float lo, float hi) {
    return isfinite(v) && v >= lo && v <= hi;
}

bool sim_config_check(const sim_config *c, ae_error *err) {
#define CHECK_I(f, lo, hi)                                                                         \
    if (c->f < (lo) || c->f > (hi)) {                                                              \
        ae_error_set(err, "config: %s is %d, not %d to %d", #f, c->f, lo, hi);                     \
        return false;                                                                              \
    }
#define CHECK_F(f, lo, hi)                                                                         \
    if (!in_range(c->f, lo, hi)) {                                                                 \
        ae_error_set(err, "config: %s is %g, not %g to %g", #f, (double)c->f, (double)(lo),        \
                     (double)(hi));                                                                \
        return false;                                                                              \
    }
    CONFIG_FIELDS(CHECK_I, CHECK_F)
    for (int i = 0; i < c->rules.zone_phase_count; i++) {
        const sim_zone_phase *z = &c->rules.zone[i];
        if (z->hold_ticks < 0 || z->shrink_ticks < 1 || z->hold_ticks > 1000000 ||
            z->shrink_ticks > 1000000 || !in_range(z->radius_scale, 0, 1) ||
            !in_range(z->dps, 0, 10000)) {
            ae_error_set(err, "config: zone phase %d out of range", i);
            return false;
        }
    }
    return true;
}

bool sim_config_unpack(const uint8_t *data, size_t size, sim_config *cfg, ae_error *err) {
    reader r = {data, size, 0, true};
    sim_config c = *cfg;
#define GET_I(f, lo, hi) c.f = ri(&r);
#define GET_F(f, lo, hi) c.f = rf(&r);
    CONFIG_FIELDS(GET_I, GET_F)
    const sim_rules *R = &c.rules;
    if (r.ok && (R->zone_phase_count < 1 || R->zone_phase_count > SIM_MAX_ZONE_PHASES)) {
        ae_error_set(err, "config: zone phase count %d out of range", R->zone_phase_count);
        return false;
    }
    for (int i = 0; r.ok && i < R->zone_phase_count; i++) {
        sim_zone_phase *z = &c.rules.zone[i];
        z->hold_ticks = ri(&r);
        z->shrink_ticks = ri(&r);
        z->radius_scale = rf(&r);
        z->dps = rf(&r);
    }
    if (!r.ok || r.pos != size) {
        ae_error_set(err, "config: %zu bytes do not hold a version %d match config", size,
                     SIM_CONFIG_VERSION);
        return false;
    }
    if (!sim_config_check(&c, err)) return false;
    *cfg = c;
    return true;
}
