// Breakable props: hit points for the map's breakable walls, breaking them through the engine's
// cell edit (field, navigation, cover points and room index follow), and what they leave.
#include "sim_internal.h"

#include "sim_bots.h"

#include <math.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

sim_prop_kind sim_prop_kind_at(int x, int y) {
    // A fixed integer hash of the cell: half crates, three in ten bushes, one in five barrels.
    uint32_t h = (uint32_t)x * 0x9E3779B1u ^ (uint32_t)y * 0x85EBCA77u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    uint32_t k = h % 10u;
    return k < 5u ? SIM_PROP_CRATE : k < 8u ? SIM_PROP_BUSH : SIM_PROP_BARREL;
}

/// Binary search of an array in cell order whose items begin with their cell's `int x, y`.
static int find_cell(const void *items, int count, size_t stride, int x, int y) {
    int lo = 0, hi = count - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2, at[2];
        memcpy(at, (const char *)items + (size_t)mid * stride, sizeof at);
        if (at[1] == y && at[0] == x) return mid;
        if (at[1] < y || (at[1] == y && at[0] < x))
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}
_Static_assert(offsetof(sim_prop, x) == 0 && offsetof(sim_prop, y) == sizeof(int), "x, y first");
_Static_assert(offsetof(sim_door, x) == 0 && offsetof(sim_door, y) == sizeof(int), "x, y first");

int sim_prop_find(const sim_world *w, int x, int y) {
    return find_cell(w->props, w->prop_count, sizeof *w->props, x, y);
}

int sim_door_find(const sim_world *w, int x, int y) {
    return find_cell(w->doors, w->door_count, sizeof *w->doors, x, y);
}

static vec2s cell_center(const sim_world *w, int x, int y) {
    float c = w->cfg.cell_size;
    return (vec2s){{((float)x + 0.5f) * c, ((float)y + 0.5f) * c}};
}

/// A crate's loot: a weapon (not the pistol; rare more often than elsewhere, by the rules' crate
/// tiers), a medkit, a shield cell or a bandage, by the rules' weights.
static void drop_loot(sim_world *w, vec2s at) {
    const sim_rules *r = &w->cfg.rules;
    int total = 0;
    for (int k = 0; k < 4; k++) total += r->loot_weights[k];
    if (total <= 0) return;
    int roll = (int)ae_rng_below(&w->rng, (uint32_t)total);
    if (roll < r->loot_weights[0]) {
        int weapon = 1 + (int)ae_rng_below(&w->rng, SIM_WEAPON_COUNT - 1);
        int tier = sim_loot_tier(w, r->crate_tiers);
        sim_pickup_drop(w, at, SIM_PICKUP_WEAPON, weapon, tier, r->weapon[weapon].ammo);
        return;
    }
    static const sim_pickup_kind items[3] = {SIM_PICKUP_MEDKIT, SIM_PICKUP_SHIELD,
                                             SIM_PICKUP_BANDAGE};
    roll -= r->loot_weights[0];
    for (int k = 0; k < 3; k++) {
        if (roll < r->loot_weights[k + 1]) {
            sim_pickup_drop(w, at, items[k], 0, SIM_TIER_COMMON, 1);
            return;
        }
        roll -= r->loot_weights[k + 1];
    }
}

void sim_prop_free_cell(sim_world *w, int x, int y) {
    ae_error err;
    const sim_cell_write free_cell = {x, y, AE_CELL_FREE};
    if (!sim_cells_write(w, &free_cell, 1, &err)) {
        // A few kilobytes of scratch: running out here cannot be played around deterministically.
        fprintf(stderr, "arena: %s\n", err.msg);
        abort();
    }
}

void sim_prop_damage(sim_world *w, int index, int by, int weapon, float amount) {
    sim_prop *p = &w->props[index];
    if (p->hp <= 0.0f || amount <= 0.0f) return;
    p->hp = fmaxf(0.0f, p->hp - amount);
    p->hit_tick = w->tick;
    w->props_hash = sim_hash_prop_damage(w->props_hash, index, p->hp);
    vec2s at = cell_center(w, p->x, p->y);
    sim_event_push(w, SIM_EVENT_PROP_HIT, by, index, amount, at);
    if (p->hp > 0.0f) return;
    w->props_broken++;
    if (by >= 0) w->agents[by].stats.props_broken++;
    sim_prop_free_cell(w, p->x, p->y);
    sim_event_push(w, SIM_EVENT_PROP_BREAK, by, index, 0.0f, at);
    if (p->kind == SIM_PROP_CRATE) drop_loot(w, at);
    if (p->kind != SIM_PROP_BARREL) return;
    // A barrel bursts; the agent who broke it is its owner, so its kills count as theirs (by the
    // weapon that broke it). A burst that breaks more barrels queues them (each breaks once), so
    // a chain across a map of barrels takes a loop, never a deep recursion.
    p->broken_by = by;
    p->broken_weapon = weapon;
    p->next_burst = -1;
    if (w->burst_tail >= 0)
        w->props[w->burst_tail].next_burst = index;
    else
        w->burst_head = index;
    w->burst_tail = index;
    if (w->burst_head != index) return; // a burst further up is draining the queue
    while (w->burst_head >= 0) {
        const sim_prop *b = &w->props[w->burst_head];
        vec2s c = cell_center(w, b->x, b->y);
        sim_blast(w, b->broken_by, b->broken_weapon, SIM_HARM_BARREL, c, w->cfg.rules.barrel_radius,
                  w->cfg.rules.barrel_damage, c, w->tick);
        w->burst_head = b->next_burst;
        if (w->burst_head < 0) w->burst_tail = -1;
    }
}

void sim_props_bullet_hit(sim_world *w, int owner, int weapon, vec2s contact, float radius,
                          float damage) {
    if (w->prop_count == 0) return;
    // The wall point the bullet touched lies `radius` down the gradient; probe just past it.
    vec2s n = ae_sdf_gradient(&w->sdf, contact);
    vec2s probe = glms_vec2_sub(contact, glms_vec2_scale(n, radius + 0.25f * w->cfg.cell_size));
    int x = (int)floorf(probe.x / w->cfg.cell_size), y = (int)floorf(probe.y / w->cfg.cell_size);
    int index = sim_prop_find(w, x, y);
    if (index >= 0) sim_prop_damage(w, index, owner, weapon, damage);
}

void sim_props_blast(sim_world *w, int owner, int weapon, vec2s at, float radius, float damage) {
    if (w->prop_count == 0 || radius <= 0.0f) return;
    const float c = w->cfg.cell_size;
    int x0 = (int)floorf((at.x - radius) / c), x1 = (int)floorf((at.x + radius) / c);
    int y0 = (int)floorf((at.y - radius) / c), y1 = (int)floorf((at.y + radius) / c);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            if (!ae_grid_in_bounds(&w->grid, x, y)) continue;
            if (w->grid.cells[(size_t)y * (size_t)w->grid.width + (size_t)x] !=
                (AE_CELL_WALL | AE_CELL_BREAKABLE))
                continue;
            int index = sim_prop_find(w, x, y);
            if (index < 0) continue;
            float d = glms_vec2_distance(cell_center(w, x, y), at);
            if (d < radius) sim_prop_damage(w, index, owner, weapon, damage * (1.0f - d / radius));
        }
}
