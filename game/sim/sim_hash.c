// Canonical state hash: FNV-1a 64 over every field that shapes the future, in a fixed order:
// the records' fields as their tables list them (sim_state_fields.h), by value, never through
// struct memory (no padding bytes).
#include "sim_internal.h"

#include "sim_state_fields.h"

#include "arena/rp_hash.h"

typedef struct hasher {
    uint64_t h;
} hasher;

/// The low `bytes` bytes of v, little-endian.
static void put(hasher *s, uint64_t v, int bytes) {
    uint8_t b[8];
    s->h = rp_fnv1a(s->h, b, (size_t)(rp_put_le(b, v, bytes) - b));
}
static void put_int(hasher *s, int v) {
    put(s, (uint32_t)v, 4);
}
/// The record's hashed fields, in its table's order (sim_state_fields.h).
static void put_record(hasher *s, const sim_state_table *t, const void *record) {
    uint8_t b[SIM_STATE_MAX_BYTES];
    s->h = rp_fnv1a(s->h, b, sim_state_encode(t, record, SIM_FIELD_HASH, b));
}

const char *const sim_hash_field_names[SIM_HASH_FIELD_COUNT] = {
    "tick", "rng", "map", "agents", "bullets", "gems", "zone", "bots", "props", "pickups"};

uint64_t sim_hash_prop_damage(uint64_t h, int index, float hp) {
    hasher s = {h};
    put_int(&s, index);
    put(&s, rp_f32_bits(hp), 4);
    return s.h;
}

void sim_hash_fields(const sim_world *w, uint64_t out[SIM_HASH_FIELD_COUNT]) {
    const uint64_t basis = RP_FNV_BASIS;
    hasher s = {basis};
    put_int(&s, w->tick);
    put(&s, w->over, 1);
    put_int(&s, w->winner);
    out[SIM_HASH_TICK] = s.h;

    s.h = basis;
    put(&s, w->rng.state, 8);
    put(&s, w->rng.inc, 8);
    out[SIM_HASH_RNG] = s.h;

    out[SIM_HASH_MAP] = sim_map_hash(w);

    s.h = basis;
    put_int(&s, w->agent_count);
    put_int(&s, w->alive_count);
    for (int i = 0; i < w->agent_count; i++) put_record(&s, &sim_agent_table, &w->agents[i]);
    // Who drives whom, where a take-over changed it (sim_take_over): the agent and its slot.
    for (int i = 0; i < w->agent_count; i++) {
        const sim_agent *a = &w->agents[i];
        if (a->slot != (a->bot ? -1 : i)) {
            put_int(&s, i);
            put_int(&s, a->slot);
        }
    }
    out[SIM_HASH_AGENTS] = s.h;

    s.h = basis;
    put_int(&s, w->bullet_count);
    for (int i = 0; i < w->bullet_top; i++) {
        if (!w->bullets[i].alive) continue;
        put_int(&s, i);
        put_record(&s, &sim_bullet_table, &w->bullets[i]);
    }
    out[SIM_HASH_BULLETS] = s.h;

    s.h = basis;
    put_int(&s, w->gem_count);
    put_int(&s, w->spawned_gems);
    for (int i = 0; i < w->gem_top; i++) {
        if (!w->gems[i].alive) continue;
        put_int(&s, i);
        put_record(&s, &sim_gem_table, &w->gems[i]);
    }
    out[SIM_HASH_GEMS] = s.h;

    s.h = basis;
    put_record(&s, &sim_zone_table, &w->zone);
    out[SIM_HASH_ZONE] = s.h;

    s.h = basis;
    for (int i = 0; i < w->agent_count; i++) put_record(&s, &sim_brain_table, sim_bots_brain(w, i));
    out[SIM_HASH_BOTS] = s.h;

    // Props by the running hash of every damage dealt to them (a huge map's props are never
    // walked per call), then the doors.
    s.h = w->props_hash;
    put_int(&s, w->prop_count);
    put_int(&s, w->props_broken);
    put_int(&s, w->door_count);
    // Every door not listed is closed and still; the list is in door order after each tick.
    for (int q = 0; q < w->door_active_count; q++) {
        put_int(&s, w->door_active[q]);
        put_record(&s, &sim_door_table, &w->doors[w->door_active[q]]);
    }
    out[SIM_HASH_PROPS] = s.h;

    s.h = basis;
    put_int(&s, w->pickup_count);
    for (int i = 0; i < w->pickup_top; i++) {
        if (!w->pickups[i].alive) continue;
        put_int(&s, i);
        put_record(&s, &sim_pickup_table, &w->pickups[i]);
    }
    out[SIM_HASH_PICKUPS] = s.h;
}

uint64_t sim_hash_grid(const ae_grid *grid) {
    hasher s = {RP_FNV_BASIS};
    put_int(&s, grid->width);
    put_int(&s, grid->height);
    s.h = rp_fnv1a(s.h, grid->cells, (size_t)grid->width * (size_t)grid->height);
    return s.h;
}

uint64_t sim_hash_combine(const uint64_t fields[SIM_HASH_FIELD_COUNT]) {
    hasher s = {RP_FNV_BASIS};
    for (int i = 0; i < SIM_HASH_FIELD_COUNT; i++) put(&s, fields[i], 8);
    return s.h;
}

uint64_t sim_hash(const sim_world *w) {
    uint64_t fields[SIM_HASH_FIELD_COUNT];
    sim_hash_fields(w, fields);
    return sim_hash_combine(fields);
}
