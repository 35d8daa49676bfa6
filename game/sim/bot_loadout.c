// How bots and the novice player model handle their loadout, through their input frame as a
// person would: which weapon slot to hold, when to reload, when to use a carried item.
#include "bot_brain.h"

/// Out of fire: nothing has hurt it for this long.
#define CALM_TICKS SIM_TICK_HZ

/// A slot's worth: the weapon's rank and its tier; one whose magazine is empty is worth little
/// in a fight (its reload would take too long).
static int slot_score(const sim_agent *a, int s, bool fighting) {
    const int rounds = a->mag[s] + (s == SIM_SLOT_PISTOL ? 1 : a->reserve[s]);
    if (a->guns[s] == SIM_WEAPON_COUNT || rounds <= 0) return -1000;
    const int score = 4 * bot_weapon_rank(a->guns[s]) + 2 * a->tiers[s];
    return fighting && a->mag[s] == 0 ? score - 100 : score;
}

/// The item to use now, or -1: a medkit when badly hurt, a bandage when hurt (or badly hurt
/// without a medkit), a shield cell when the shield is low.
static int item_to_use(const sim_world *w, const sim_agent *a) {
    const float hp = a->hp / a->max_hp;
    if (hp < 0.5f && a->items[SIM_ITEM_MEDKIT] > 0) return SIM_ITEM_MEDKIT;
    if (hp < 0.85f && a->items[SIM_ITEM_BANDAGE] > 0) return SIM_ITEM_BANDAGE;
    if (a->shield < 0.5f * w->cfg.rules.max_shield && a->items[SIM_ITEM_CELL] > 0)
        return SIM_ITEM_CELL;
    return -1;
}

void bot_loadout(const sim_world *w, int id, bool fighting, sim_input *out) {
    const sim_agent *a = &w->agents[id];
    int best = a->held, best_score = slot_score(a, a->held, fighting);
    for (int s = 0; s < SIM_SLOT_COUNT; s++) {
        const int score = slot_score(a, s, fighting);
        if (score > best_score) {
            best = s;
            best_score = score;
        }
    }
    // A reload out of a fight is let finish.
    if (best != a->held && (fighting || a->reload_ticks == 0)) {
        out->slot = (uint8_t)(best + 1);
        return;
    }
    if (fighting) return;
    if (a->reload_ticks == 0 &&
        a->mag[a->held] < sim_weapon_magazine(&w->cfg.rules, a->weapon, a->tiers[a->held]))
        out->buttons |= SIM_BUTTON_RELOAD;
    if (a->using_item < 0 && w->tick - a->hurt_tick > CALM_TICKS) {
        const int k = item_to_use(w, a);
        if (k >= 0) out->use = (uint8_t)(k + 1);
    }
}
