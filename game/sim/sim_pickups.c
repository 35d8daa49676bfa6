// Loot on the ground: dropped by broken crates and the eliminated, taken by walking over it.
#include "sim_internal.h"

#include "sim_collide.h"

#include <math.h>

static int alloc_pickup(sim_world *w) {
    for (int i = 0; i < w->pickup_top; i++)
        if (!w->pickups[i].alive) return i;
    return w->pickup_top < w->pickup_capacity ? w->pickup_top++ : -1;
}

void sim_pickup_drop(sim_world *w, vec2s pos, sim_pickup_kind kind, int weapon, int ammo) {
    int slot = alloc_pickup(w);
    if (slot < 0) return;
    // Where there is room for it: a broken crate's cell is free now, a body may lie by a wall.
    vec2s at = pos;
    if (!(sim_field_sample(w, at) >= SIM_GEM_RADIUS) &&
        !sim_nearest_room(&w->sdf, &w->rooms, pos, SIM_GEM_RADIUS, &at)) {
        if (slot == w->pickup_top - 1) w->pickup_top--;
        return;
    }
    w->pickups[slot] = (sim_pickup){at, (uint8_t)kind, (uint8_t)weapon, ammo, w->tick, true};
    w->pickup_count++;
}

void sim_pickup_remove(sim_world *w, int slot) {
    w->pickups[slot].alive = false;
    w->pickup_count--;
    while (w->pickup_top > 0 && !w->pickups[w->pickup_top - 1].alive) w->pickup_top--;
}

void sim_pickups_drop_belongings(sim_world *w, const sim_agent *a) {
    if (a->weapon != SIM_WEAPON_PISTOL && a->ammo > 0)
        sim_pickup_drop(w, a->pos, SIM_PICKUP_WEAPON, a->weapon, a->ammo);
}

/// Whether agent i takes pickup p when touching it: a weapon when it holds the pistol, the same
/// weapon (its rounds add up) or has just pressed swap (holding it swaps once); a medkit when hurt;
/// a shield when not full.
static bool wants(const sim_world *w, int i, const sim_pickup *p) {
    const sim_agent *a = &w->agents[i];
    const sim_rules *r = &w->cfg.rules;
    switch ((sim_pickup_kind)p->kind) {
    case SIM_PICKUP_WEAPON:
        return a->weapon == SIM_WEAPON_PISTOL || a->weapon == p->weapon ||
               ((w->controls[i].buttons & SIM_BUTTON_SWAP) && !a->swap_held);
    case SIM_PICKUP_MEDKIT:
        return a->hp < a->max_hp;
    case SIM_PICKUP_SHIELD:
        return a->shield < r->max_shield;
    case SIM_PICKUP_KIND_COUNT:
        break;
    }
    return false;
}

static void take(sim_world *w, int i, int slot) {
    sim_agent *a = &w->agents[i];
    const sim_rules *r = &w->cfg.rules;
    sim_pickup p = w->pickups[slot];
    sim_pickup_remove(w, slot);
    switch ((sim_pickup_kind)p.kind) {
    case SIM_PICKUP_WEAPON:
        if (a->weapon == p.weapon) {
            a->ammo += p.ammo;
        } else {
            // The weapon held (not the pistol) is left where the new one lay.
            if (a->weapon != SIM_WEAPON_PISTOL && a->ammo > 0)
                sim_pickup_drop(w, p.pos, SIM_PICKUP_WEAPON, a->weapon, a->ammo);
            a->weapon = p.weapon;
            a->ammo = p.ammo;
            a->fire_cooldown = 0;
        }
        break;
    case SIM_PICKUP_MEDKIT:
        a->hp = fminf(a->max_hp, a->hp + r->medkit_heal);
        break;
    case SIM_PICKUP_SHIELD:
        a->shield = fminf(r->max_shield, a->shield + r->shield_points);
        break;
    case SIM_PICKUP_KIND_COUNT:
        break;
    }
    a->stats.pickups++;
    sim_event_push(w, SIM_EVENT_LOOT, i, p.kind, (float)p.weapon, p.pos);
}

void sim_pickups_update(sim_world *w) {
    const float reach = w->cfg.rules.pickup_radius + w->cfg.rules.agent_radius;
    // Each pickup goes to the lowest-id living agent touching it that wants it. A weapon left
    // behind by a swap lands in a slot of its own and waits for the next tick.
    const int top = w->pickup_top;
    for (int s = 0; s < top; s++) {
        if (!w->pickups[s].alive || w->pickups[s].drop_tick == w->tick) continue;
        int n, taker = -1;
        const int32_t *near = sim_collide_near(w, w->pickups[s].pos, reach, SIM_CAT_AGENT, &n);
        for (int k = 0; k < n; k++) {
            int i = near[k];
            const sim_agent *a = &w->agents[i];
            if (a->placement != 0 || (taker >= 0 && i > taker)) continue;
            float touch = a->radius + w->cfg.rules.pickup_radius;
            if (glms_vec2_distance2(a->pos, w->pickups[s].pos) >= touch * touch) continue;
            if (wants(w, i, &w->pickups[s])) taker = i;
        }
        if (taker >= 0) take(w, taker, s);
    }
    for (int i = 0; i < w->agent_count; i++)
        w->agents[i].swap_held = (w->controls[i].buttons & SIM_BUTTON_SWAP) != 0;
}
