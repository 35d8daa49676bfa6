// Canonical state hash: FNV-1a 64 over every field that shapes the future, in a fixed order.
// Floats are hashed by their bit patterns, never through struct memory (no padding bytes).
#include "sim_internal.h"

#include "sim_bots.h"

#include "arena/rp_hash.h"

#include <string.h>

typedef struct hasher {
    uint64_t h;
} hasher;

static void put_u8(hasher *s, uint8_t v) {
    s->h = rp_fnv1a(s->h, &v, 1);
}
static void put_u32(hasher *s, uint32_t v) {
    uint8_t b[4];
    s->h = rp_fnv1a(s->h, b, (size_t)(rp_put_le(b, v, 4) - b));
}
static void put_u64(hasher *s, uint64_t v) {
    uint8_t b[8];
    s->h = rp_fnv1a(s->h, b, (size_t)(rp_put_le(b, v, 8) - b));
}
static void put_i32(hasher *s, int v) {
    put_u32(s, (uint32_t)v);
}
static void put_f32(hasher *s, float v) {
    uint32_t bits;
    memcpy(&bits, &v, 4);
    put_u32(s, bits);
}
static void put_vec2(hasher *s, vec2s v) {
    put_f32(s, v.x);
    put_f32(s, v.y);
}

const char *const sim_hash_field_names[SIM_HASH_FIELD_COUNT] = {
    "tick", "rng", "map", "agents", "bullets", "gems", "zone", "bots", "props", "pickups"};

uint64_t sim_hash_prop_damage(uint64_t h, int index, float hp) {
    hasher s = {h};
    put_i32(&s, index);
    put_f32(&s, hp);
    return s.h;
}

void sim_hash_fields(const sim_world *w, uint64_t out[SIM_HASH_FIELD_COUNT]) {
    const uint64_t basis = RP_FNV_BASIS;
    hasher s = {basis};
    put_i32(&s, w->tick);
    put_u8(&s, w->over);
    put_i32(&s, w->winner);
    out[SIM_HASH_TICK] = s.h;

    s.h = basis;
    put_u64(&s, w->rng.state);
    put_u64(&s, w->rng.inc);
    out[SIM_HASH_RNG] = s.h;

    out[SIM_HASH_MAP] = w->map_hash;

    s.h = basis;
    put_i32(&s, w->agent_count);
    put_i32(&s, w->alive_count);
    for (int i = 0; i < w->agent_count; i++) {
        const sim_agent *a = &w->agents[i];
        put_vec2(&s, a->pos);
        put_vec2(&s, a->facing);
        put_f32(&s, a->hp);
        put_f32(&s, a->max_hp);
        put_i32(&s, a->xp);
        put_i32(&s, a->level);
        put_i32(&s, a->pending_picks);
        put_i32(&s, a->fire_cooldown);
        put_i32(&s, a->kills);
        put_i32(&s, a->placement);
        put_i32(&s, a->killer);
        put_i32(&s, (int)a->cause);
        put_i32(&s, a->last_hit_by);
        put_i32(&s, a->hurt_tick);
        put_i32(&s, a->auto_target);
        put_i32(&s, a->auto_since);
        for (int k = 0; k < SIM_SKILL_COUNT; k++) put_u8(&s, a->skills[k]);
        put_u8(&s, a->weapon);
        put_i32(&s, a->ammo);
        put_f32(&s, a->shield);
        put_i32(&s, a->blink_cooldown);
        put_i32(&s, a->last_hit_weapon);
        put_u8(&s, a->swap_held);
    }
    // Who drives whom, where a take-over changed it (sim_take_over): the agent and its slot.
    for (int i = 0; i < w->agent_count; i++) {
        const sim_agent *a = &w->agents[i];
        if (a->slot != (a->bot ? -1 : i)) {
            put_i32(&s, i);
            put_i32(&s, a->slot);
        }
    }
    out[SIM_HASH_AGENTS] = s.h;

    s.h = basis;
    put_i32(&s, w->bullet_count);
    for (int i = 0; i < w->bullet_top; i++) {
        const sim_bullet *b = &w->bullets[i];
        if (!b->alive) continue;
        put_i32(&s, i);
        put_vec2(&s, b->pos);
        put_vec2(&s, b->vel);
        put_f32(&s, b->damage);
        put_f32(&s, b->range_left);
        put_i32(&s, b->owner);
        put_i32(&s, b->fired_tick);
        put_u8(&s, b->weapon);
        put_f32(&s, b->blast);
    }
    out[SIM_HASH_BULLETS] = s.h;

    s.h = basis;
    put_i32(&s, w->gem_count);
    put_i32(&s, w->spawned_gems);
    for (int i = 0; i < w->gem_top; i++) {
        const sim_gem *g = &w->gems[i];
        if (!g->alive) continue;
        put_i32(&s, i);
        put_vec2(&s, g->pos);
        put_i32(&s, g->xp);
    }
    out[SIM_HASH_GEMS] = s.h;

    s.h = basis;
    const sim_zone *z = &w->zone;
    put_i32(&s, z->phase);
    put_i32(&s, z->timer);
    put_u8(&s, z->shrinking);
    put_vec2(&s, z->center);
    put_f32(&s, z->radius);
    put_vec2(&s, z->next_center);
    put_f32(&s, z->next_radius);
    put_f32(&s, z->time_scale);
    out[SIM_HASH_ZONE] = s.h;

    s.h = basis;
    for (int i = 0; i < w->agent_count; i++) {
        const bot_brain *b = sim_bots_brain(w, i);
        put_u64(&s, b->rng.state);
        put_u64(&s, (uint64_t)b->state);
        put_u64(&s, (uint32_t)b->target);
        put_u64(&s, (uint32_t)b->path_count);
        put_u64(&s, (uint64_t)b->path_pending);
    }
    out[SIM_HASH_BOTS] = s.h;

    // Props by the running hash of every damage dealt to them (a huge map's props are never
    // walked per call), then the doors.
    s.h = w->props_hash;
    put_i32(&s, w->prop_count);
    put_i32(&s, w->props_broken);
    put_i32(&s, w->door_count);
    // Every door not listed is closed and still; the list is in door order after each tick.
    for (int q = 0; q < w->door_active_count; q++) {
        const sim_door *d = &w->doors[w->door_active[q]];
        put_i32(&s, w->door_active[q]);
        put_f32(&s, d->open);
        put_u8(&s, (uint8_t)d->moving);
    }
    out[SIM_HASH_PROPS] = s.h;

    s.h = basis;
    put_i32(&s, w->pickup_count);
    for (int i = 0; i < w->pickup_top; i++) {
        const sim_pickup *p = &w->pickups[i];
        if (!p->alive) continue;
        put_i32(&s, i);
        put_vec2(&s, p->pos);
        put_u8(&s, p->kind);
        put_u8(&s, p->weapon);
        put_i32(&s, p->ammo);
        put_i32(&s, p->drop_tick);
    }
    out[SIM_HASH_PICKUPS] = s.h;
}

uint64_t sim_hash_grid(const ae_grid *grid) {
    hasher s = {RP_FNV_BASIS};
    put_i32(&s, grid->width);
    put_i32(&s, grid->height);
    for (size_t i = 0; i < (size_t)grid->width * (size_t)grid->height; i++)
        put_u8(&s, grid->cells[i]);
    return s.h;
}

uint64_t sim_hash_combine(const uint64_t fields[SIM_HASH_FIELD_COUNT]) {
    hasher s = {RP_FNV_BASIS};
    for (int i = 0; i < SIM_HASH_FIELD_COUNT; i++) put_u64(&s, fields[i]);
    return s.h;
}

uint64_t sim_hash(const sim_world *w) {
    uint64_t fields[SIM_HASH_FIELD_COUNT];
    sim_hash_fields(w, fields);
    return sim_hash_combine(fields);
}
