// The loadout: weapon slots and switching, magazines and reloading, carried items and their use.
// It runs in an agent's control (sim_agent_control), so a client's prediction runs it too.
#include "sim_internal.h"

#include <math.h>

_Static_assert(SIM_SLOT_COUNT == SIM_INPUT_SLOTS, "an input slot per weapon slot");
_Static_assert(SIM_ITEM_COUNT == SIM_INPUT_ITEMS, "an input use per item");

int sim_weapon_magazine(const sim_rules *r, int weapon, int tier) {
    const int base = r->weapon[weapon < SIM_WEAPON_COUNT ? weapon : SIM_WEAPON_PISTOL].magazine;
    return base + (int)((float)base * r->tier_mag_bonus * (float)tier);
}

int sim_pickup_item(sim_pickup_kind kind) {
    switch (kind) {
    case SIM_PICKUP_MEDKIT:
        return SIM_ITEM_MEDKIT;
    case SIM_PICKUP_SHIELD:
        return SIM_ITEM_CELL;
    case SIM_PICKUP_BANDAGE:
        return SIM_ITEM_BANDAGE;
    case SIM_PICKUP_WEAPON:
    case SIM_PICKUP_KIND_COUNT:
        break;
    }
    return -1;
}

sim_pickup_kind sim_item_pickup(sim_item item) {
    return item == SIM_ITEM_MEDKIT ? SIM_PICKUP_MEDKIT
           : item == SIM_ITEM_CELL ? SIM_PICKUP_SHIELD
                                   : SIM_PICKUP_BANDAGE;
}

bool sim_item_useful(const sim_world *w, const sim_agent *a, sim_item item) {
    const sim_item_def *d = &w->cfg.rules.item[item];
    return (d->heal > 0.0f && a->hp < a->max_hp) ||
           (d->shield > 0.0f && a->shield < w->cfg.rules.max_shield);
}

int sim_pickup_slot_for(const sim_agent *a, const sim_pickup *p) {
    for (int s = SIM_SLOT_FIRST; s < SIM_SLOT_PISTOL; s++)
        if (a->guns[s] == p->weapon && a->tiers[s] >= p->tier) return s;
    for (int s = SIM_SLOT_FIRST; s < SIM_SLOT_PISTOL; s++)
        if (a->guns[s] == SIM_WEAPON_COUNT) return s;
    return -1;
}

int sim_agent_next_slot(const sim_agent *a, int dir) {
    const int step = dir < 0 ? SIM_SLOT_COUNT - 1 : 1;
    for (int k = 1, s = a->held; k < SIM_SLOT_COUNT; k++) {
        s = (s + step) % SIM_SLOT_COUNT;
        if (a->guns[s] != SIM_WEAPON_COUNT) return s;
    }
    return a->held;
}

int sim_agent_best_item(const sim_world *w, const sim_agent *a) {
    const bool hurt = a->hp < a->max_hp;
    if (a->items[SIM_ITEM_MEDKIT] > 0 && a->hp < 0.5f * a->max_hp) return SIM_ITEM_MEDKIT;
    if (hurt && a->items[SIM_ITEM_BANDAGE] > 0) return SIM_ITEM_BANDAGE;
    if (hurt && a->items[SIM_ITEM_MEDKIT] > 0) return SIM_ITEM_MEDKIT;
    if (a->items[SIM_ITEM_CELL] > 0 && sim_item_useful(w, a, SIM_ITEM_CELL)) return SIM_ITEM_CELL;
    return -1;
}

void sim_agent_arm(const sim_rules *r, sim_agent *a) {
    for (int s = 0; s < SIM_SLOT_COUNT; s++) {
        a->guns[s] = SIM_WEAPON_COUNT;
        a->tiers[s] = SIM_TIER_COMMON;
        a->mag[s] = a->reserve[s] = 0;
    }
    a->guns[SIM_SLOT_PISTOL] = SIM_WEAPON_PISTOL;
    a->mag[SIM_SLOT_PISTOL] = sim_weapon_magazine(r, SIM_WEAPON_PISTOL, SIM_TIER_COMMON);
    a->held = SIM_SLOT_PISTOL;
    a->weapon = SIM_WEAPON_PISTOL;
    a->reload_ticks = 0;
    for (int k = 0; k < SIM_ITEM_COUNT; k++) a->items[k] = 0;
    a->items[SIM_ITEM_BANDAGE] = (uint8_t)ae_mini(r->start_bandages, 255);
    a->using_item = -1;
    a->use_ticks = 0;
}

void sim_agent_hold(const sim_world *w, sim_agent *a, int slot) {
    if (slot == a->held) return;
    a->held = (uint8_t)slot;
    a->weapon = a->guns[slot];
    a->reload_ticks = 0;
    a->using_item = -1;
    if (a->fire_cooldown < w->cfg.rules.switch_ticks) a->fire_cooldown = w->cfg.rules.switch_ticks;
}

void sim_agent_load(const sim_world *w, sim_agent *a, int slot, int weapon, int tier, int rounds) {
    a->guns[slot] = (uint8_t)weapon;
    a->tiers[slot] = (uint8_t)tier;
    a->mag[slot] = ae_mini(rounds, sim_weapon_magazine(&w->cfg.rules, weapon, tier));
    a->reserve[slot] = rounds - a->mag[slot];
    if (slot == a->held) a->weapon = (uint8_t)weapon;
}

/// Whether the held weapon can start a reload: its magazine is not full and rounds are left.
static bool can_reload(const sim_world *w, const sim_agent *a) {
    const int s = a->held;
    return a->mag[s] < sim_weapon_magazine(&w->cfg.rules, a->guns[s], a->tiers[s]) &&
           (s == SIM_SLOT_PISTOL || a->reserve[s] > 0);
}

static void finish_reload(const sim_world *w, sim_agent *a) {
    const int s = a->held;
    const int room = sim_weapon_magazine(&w->cfg.rules, a->guns[s], a->tiers[s]) - a->mag[s];
    const int rounds = s == SIM_SLOT_PISTOL ? room : ae_mini(room, a->reserve[s]);
    a->mag[s] += rounds;
    if (s != SIM_SLOT_PISTOL) a->reserve[s] -= rounds;
    a->stats.reloads++;
}

static void finish_use(const sim_world *w, sim_agent *a) {
    const sim_rules *r = &w->cfg.rules;
    const int k = a->using_item;
    a->hp = fminf(a->max_hp, a->hp + r->item[k].heal);
    a->shield = fminf(r->max_shield, a->shield + r->item[k].shield);
    a->items[k]--;
    a->stats.items_used[k]++;
    a->using_item = -1;
}

void sim_agent_loadout(sim_world *w, int i, const sim_input *in) {
    sim_agent *a = &w->agents[i];
    const sim_rules *r = &w->cfg.rules;
    // Switching is at once, but the weapon fires only after switch_ticks; it ends a reload and an
    // item's use.
    if (in->slot > 0 && a->guns[in->slot - 1] != SIM_WEAPON_COUNT)
        sim_agent_hold(w, a, in->slot - 1);
    // A reload asked for, or one of its own when the magazine is empty.
    if (a->reload_ticks == 0 && ((in->buttons & SIM_BUTTON_RELOAD) || a->mag[a->held] == 0) &&
        can_reload(w, a))
        a->reload_ticks = r->weapon[a->weapon].reload;
    else if (a->reload_ticks > 0 && --a->reload_ticks == 0)
        finish_reload(w, a);
    // An item: started when carried and of use, then it takes its time (damage does not stop it).
    if (in->use > 0 && a->using_item < 0 && a->items[in->use - 1] > 0 &&
        sim_item_useful(w, a, (sim_item)(in->use - 1))) {
        a->using_item = (int8_t)(in->use - 1);
        a->use_ticks = r->item[in->use - 1].use_ticks;
    } else if (a->using_item >= 0 && --a->use_ticks <= 0) {
        finish_use(w, a);
    }
}

void sim_agent_spent(sim_world *w, sim_agent *a) {
    const int s = a->held;
    a->mag[s]--;
    a->using_item = -1; // firing ends an item's use
    if (s != SIM_SLOT_PISTOL && a->mag[s] <= 0 && a->reserve[s] <= 0) {
        // Out of rounds: thrown away, back to the pistol.
        a->guns[s] = SIM_WEAPON_COUNT;
        a->tiers[s] = SIM_TIER_COMMON;
        a->mag[s] = 0;
        sim_agent_hold(w, a, SIM_SLOT_PISTOL);
    }
}
