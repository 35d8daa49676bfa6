#include "sim_config_io.h"

#include <math.h>
#include <string.h>

typedef struct writer {
    uint8_t *p;
    size_t n;
} writer;

static void w32(writer *w, uint32_t v) {
    for (int i = 0; i < 4; i++) w->p[w->n++] = (uint8_t)(v >> (8 * i));
}
static void wi(writer *w, int v) {
    w32(w, (uint32_t)v);
}
static void wf(writer *w, float v) {
    uint32_t bits;
    memcpy(&bits, &v, 4);
    w32(w, bits);
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
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) v |= (uint32_t)r->p[r->pos++] << (8 * i);
    return v;
}
static int ri(reader *r) {
    return (int)r32(r);
}
static float rf(reader *r) {
    uint32_t bits = r32(r);
    float v;
    memcpy(&v, &bits, 4);
    return v;
}

/// Every field in one list, so packing and unpacking can never disagree on the order.
#define CONFIG_FIELDS(I, F)                                                                        \
    I(bots)                                                                                        \
    I(bot_difficulty)                                                                              \
    I(max_bullets)                                                                                 \
    I(max_gems)                                                                                    \
    F(cell_size) F(rules.agent_radius) F(rules.agent_speed) F(rules.agent_hp)                      \
        I(rules.fire_cooldown) F(rules.bullet_radius) F(rules.bullet_speed) F(rules.bullet_damage) \
            F(rules.bullet_range) I(rules.gem_xp) I(rules.xp_first_level) I(rules.xp_level_step)   \
                I(rules.gem_spawn_interval) I(rules.gems_max_spawned) F(rules.regen_hp_per_second) \
                    F(rules.attack_bonus) F(rules.fire_rate_bonus) F(rules.range_bonus)            \
                        F(rules.move_speed_bonus) F(rules.bullet_speed_bonus)                      \
                            I(rules.time_limit_ticks) I(rules.zone_phase_count)

size_t sim_config_pack(const sim_config *cfg, uint8_t out[SIM_CONFIG_MAX_BYTES]) {
    writer w = {out, 0};
#define PUT_I(f) wi(&w, cfg->f);
#define PUT_F(f) wf(&w, cfg->f);
    CONFIG_FIELDS(PUT_I, PUT_F)
    for (int i = 0; i < cfg->rules.zone_phase_count; i++) {
        const sim_zone_phase *z = &cfg->rules.zone[i];
        wi(&w, z->hold_ticks);
        wi(&w, z->shrink_ticks);
        wf(&w, z->radius_scale);
        wf(&w, z->dps);
    }
    return w.n;
}

static bool in_range(float v, float lo, float hi) {
    return isfinite(v) && v >= lo && v <= hi;
}

bool sim_config_unpack(const uint8_t *data, size_t size, sim_config *cfg, ae_error *err) {
    reader r = {data, size, 0, true};
    sim_config c = *cfg;
#define GET_I(f) c.f = ri(&r);
#define GET_F(f) c.f = rf(&r);
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
        if (r.ok && (z->hold_ticks < 0 || z->shrink_ticks < 1 || z->hold_ticks > 1000000 ||
                     z->shrink_ticks > 1000000 || !in_range(z->radius_scale, 0, 1) ||
                     !in_range(z->dps, 0, 10000))) {
            ae_error_set(err, "config: zone phase %d out of range", i);
            return false;
        }
    }
    if (!r.ok || r.pos != size) {
        ae_error_set(err, "config: %zu bytes do not hold a version %d match config", size,
                     SIM_CONFIG_VERSION);
        return false;
    }
    bool ok = c.bots >= 0 && c.bots <= SIM_MAX_AGENTS && c.bot_difficulty >= -1 &&
              c.bot_difficulty < SIM_DIFFICULTY_COUNT && c.max_bullets >= 1 &&
              c.max_bullets <= 1 << 20 && c.max_gems >= 1 && c.max_gems <= 1 << 20 &&
              in_range(c.cell_size, 4, 256) && in_range(R->agent_radius, 1, 64) &&
              in_range(R->agent_speed, 0, 64) && in_range(R->agent_hp, 1, 1e6f) &&
              R->fire_cooldown >= 1 && R->fire_cooldown <= 100000 &&
              in_range(R->bullet_radius, 0.5f, 64) && in_range(R->bullet_speed, 0.01f, 256) &&
              in_range(R->bullet_damage, 0, 1e6f) && in_range(R->bullet_range, 1, 1e6f) &&
              R->gem_xp >= 0 && R->gem_xp <= 1000 && R->xp_first_level >= 1 &&
              R->xp_first_level <= 100000 && R->xp_level_step >= 0 && R->xp_level_step <= 100000 &&
              R->gem_spawn_interval >= 1 && R->gem_spawn_interval <= 1000000 &&
              R->gems_max_spawned >= 0 && R->gems_max_spawned <= 1 << 20 &&
              in_range(R->regen_hp_per_second, 0, 1e4f) && in_range(R->attack_bonus, 0, 100) &&
              in_range(R->fire_rate_bonus, 0, 0.19f) && in_range(R->range_bonus, 0, 100) &&
              in_range(R->move_speed_bonus, 0, 100) && in_range(R->bullet_speed_bonus, 0, 100) &&
              R->time_limit_ticks >= 1 && R->time_limit_ticks <= 100000000;
    if (!ok) {
        ae_error_set(err, "config: a value is out of range");
        return false;
    }
    *cfg = c;
    return true;
}
