// Loot on the ground: dropped by broken crates and the eliminated, taken by walking over it.
#include "sim_internal.h"

#include "sim_collide.h"

#include <math.h>

static int alloc_pickup(sim_world *w) {
    for (int i = 0; i < w->pickup_top; i++)
        if (!w->pickups[i].alive) return i;
    return w->pickup_top < w->pickup_capacity ? w->pickup_top++ : -1;
}

void sim_pickup_drop(sim_world *w, vec2s pos, sim_pickup_kind kind, int weapon, int tier,
                     int ammo) {
    int slot = alloc_pickup(w);
    if (slot < 0) return;
    // Where there is room for it: a broken crate's cell is free now, a body may lie by a wall.
    vec2s at = pos;
    if (!(sim_field_sample(w, at) >= SIM_GEM_RADIUS) &&
        !sim_nearest_room(&w->sdf, &w->rooms, pos, SIM_GEM_RADIUS, &at)) {
        if (slot == w->pickup_top - 1) w->pickup_top--;
        return;
    }
    w->pickups[slot] =
        (sim_pickup){at, (uint8_t)kind, (uint8_t)weapon, (uint8_t)tier, ammo, w->tick, true};
    w->pickup_count++;
}

void sim_pickup_remove(sim_world *w, int slot) {
    w->pickups[slot].alive = false;
    w->pickup_count--;
    while (w->pickup_top > 0 && !w->pickups[w->pickup_top - 1].alive) w->pickup_top--;
}

/// A weapon slot's weapon as a pickup at pos (its magazine's and reserve's rounds together).
static void drop_gun(sim_world *w, const sim_agent *a, int s, vec2s pos) {
    const int rounds = a->mag[s] + a->reserve[s];
    if (a->guns[s] != SIM_WEAPON_COUNT && rounds > 0)
        sim_pickup_drop(w, pos, SIM_PICKUP_WEAPON, a->guns[s], a->tiers[s], rounds);
}

void sim_pickups_drop_belongings(sim_world *w, const sim_agent *a) {
    for (int s = SIM_SLOT_FIRST; s < SIM_SLOT_PISTOL; s++) drop_gun(w, a, s, a->pos);
    for (int k = 0; k < SIM_ITEM_COUNT; k++)
        if (a->items[k] > 0)
            sim_pickup_drop(w, a->pos, sim_item_pickup((sim_item)k), 0, SIM_TIER_COMMON,
                            a->items[k]);
}

/// Whether agent i takes pickup p when touching it: a weapon into a slot that has it (the same
/// weapon of a tier as good: the rounds add up) or is empty, or, on a fresh press of swap, in
/// place of the one held; an item while its stack has room.
static bool wants(const sim_world *w, int i, const sim_pickup *p) {
    const sim_agent *a = &w->agents[i];
    if (p->kind == SIM_PICKUP_WEAPON)
        return sim_pickup_slot_for(a, p) >= 0 ||
               ((w->controls[i].buttons & SIM_BUTTON_SWAP) && !a->swap_held);
    const int k = sim_pickup_item((sim_pickup_kind)p->kind);
    return k >= 0 && a->items[k] < w->cfg.rules.item[k].stack;
}

static void take_weapon(sim_world *w, int i, const sim_pickup *p) {
    sim_agent *a = &w->agents[i];
    int s = sim_pickup_slot_for(a, p);
    if (s >= 0 && a->guns[s] == p->weapon) { // the same weapon: its rounds
        a->reserve[s] += p->ammo;
        return;
    }
    if (s >= 0) { // an empty slot: held at once when the pistol is
        sim_agent_load(w, a, s, p->weapon, p->tier, p->ammo);
        if (a->held == SIM_SLOT_PISTOL) sim_agent_hold(w, a, s);
        return;
    }
    // A swap: into the held slot (the first, with the pistol held); the weapon there is left
    // where the new one lay.
    s = a->held == SIM_SLOT_PISTOL ? SIM_SLOT_FIRST : a->held;
    drop_gun(w, a, s, p->pos);
    sim_agent_load(w, a, s, p->weapon, p->tier, p->ammo);
    if (a->held == s) { // the weapon in hand changed: as a switch
        a->reload_ticks = 0;
        if (a->fire_cooldown < w->cfg.rules.switch_ticks)
            a->fire_cooldown = w->cfg.rules.switch_ticks;
    } else {
        sim_agent_hold(w, a, s);
    }
}

static void take(sim_world *w, int i, int slot) {
    sim_agent *a = &w->agents[i];
    sim_pickup p = w->pickups[slot];
    const int k = sim_pickup_item((sim_pickup_kind)p.kind);
    if (k >= 0) {
        // As many as the stack has room for; the rest stays on the ground.
        const int n = ae_mini(p.ammo, w->cfg.rules.item[k].stack - a->items[k]);
        a->items[k] = (uint8_t)(a->items[k] + n);
        w->pickups[slot].ammo -= n;
        if (w->pickups[slot].ammo <= 0) sim_pickup_remove(w, slot);
    } else {
        sim_pickup_remove(w, slot);
        take_weapon(w, i, &p);
    }
    a->stats.pickups++;
    a->stats.picked[p.kind]++;
    sim_event_push(w, SIM_EVENT_LOOT, i, p.kind, (float)p.weapon, p.pos);
}

void sim_pickups_update(sim_world *w) {
    // Every agent has the rules' radius; a unit more for rounding.
    const float reach = w->cfg.rules.pickup_radius + w->cfg.rules.agent_radius + 1.0f;
    // Each pickup goes to the lowest-id living agent touching it that wants it. A weapon left
    // behind by a swap lands in a slot of its own and waits for the next tick. The agents near
    // a pickup come from the agent cells (nobody moves in this phase): a few reads, where a
    // broadphase query cost about 500 instructions among 1,000 agents.
    const int top = w->pickup_top;
    const sim_cells *cells = sim_collide_agent_cells(w, NULL); // (a take moves nobody)
    for (int s = 0; s < top; s++) {
        if (!w->pickups[s].alive || w->pickups[s].drop_tick == w->tick) continue;
        const vec2s at = w->pickups[s].pos;
        int taker = -1;
        for (sim_cells_walk it = sim_cells_walk_box(cells, at, at, reach);
             sim_cells_walk_next(&it);) {
            const int i = it.value;
            const sim_agent *a = &w->agents[i];
            if (a->placement != 0 || (taker >= 0 && i > taker)) continue;
            float touch = a->radius + w->cfg.rules.pickup_radius;
            if (glms_vec2_distance2(a->pos, at) >= touch * touch) continue;
            if (wants(w, i, &w->pickups[s])) taker = i;
        }
        if (taker >= 0) take(w, taker, s);
    }
    for (int i = 0; i < w->agent_count; i++)
        w->agents[i].swap_held = (w->controls[i].buttons & SIM_BUTTON_SWAP) != 0;
}
