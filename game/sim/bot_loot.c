// What bots think of loot: which pickups they want, and which crates they shoot open for it.
#include "bot_brain.h"

#include <math.h>

/// How much a bot likes each weapon (the pistol least). A shotgun is worth most up close, but a
/// bot cannot choose its fights by weapon, so the rifle and SMG, good at any range, come first.
static const int weapon_rank[SIM_WEAPON_COUNT] = {
    [SIM_WEAPON_PISTOL] = 0, [SIM_WEAPON_SHOTGUN] = 2, [SIM_WEAPON_RIFLE] = 4,
    [SIM_WEAPON_SMG] = 3,    [SIM_WEAPON_GRENADE] = 1,
};

int bot_weapon_rank(int weapon) {
    return weapon >= 0 && weapon < SIM_WEAPON_COUNT ? weapon_rank[weapon] : 0;
}

/// A weapon's worth with its tier.
static int gun_value(int weapon, int tier) {
    return bot_weapon_rank(weapon) + 2 * tier;
}

/// The slot a swap would replace: the one held, or the first with the pistol held.
static int swap_slot(const sim_agent *a) {
    return a->held == SIM_SLOT_PISTOL ? SIM_SLOT_FIRST : a->held;
}

bool bot_wants_swap(const sim_world *w, const sim_agent *a, const sim_pickup *p) {
    return p->kind == SIM_PICKUP_WEAPON && sim_pickup_slot_for(a, p) < 0 &&
           bot_loot_value(w, a, p) > 0;
}

int bot_loot_value(const sim_world *w, const sim_agent *a, const sim_pickup *p) {
    const sim_rules *r = &w->cfg.rules;
    if (p->kind == SIM_PICKUP_WEAPON) {
        const int s = sim_pickup_slot_for(a, p);
        if (s >= 0 && a->guns[s] == p->weapon) // more rounds, when running low
            return a->mag[s] + a->reserve[s] < r->weapon[p->weapon].ammo / 2 ? 2 : 0;
        const int value = gun_value(p->weapon, p->tier);
        if (s >= 0) return 2 + value; // an empty slot
        const int k = swap_slot(a), held = gun_value(a->guns[k], a->tiers[k]);
        return value > held ? 2 + value - held : 0;
    }
    // Carried items it has none of (a detour for a full stack is not worth it), heals first; a
    // pickup that its stack has room for is still taken when walked over.
    static const int item_value[SIM_ITEM_COUNT] = {
        [SIM_ITEM_BANDAGE] = 2, [SIM_ITEM_MEDKIT] = 4, [SIM_ITEM_CELL] = 3};
    const int k = sim_pickup_item((sim_pickup_kind)p->kind);
    return k >= 0 && a->items[k] == 0 && r->item[k].stack > 0 ? item_value[k] : 0;
}

int bot_find_loot(const sim_world *w, int id, float range, vec2s c, float r) {
    const sim_agent *a = &w->agents[id];
    int best = -1;
    float best_score = 1e30f;
    for (int s = 0; s < w->pickup_top; s++) {
        const sim_pickup *p = &w->pickups[s];
        if (!p->alive) continue;
        int value = bot_loot_value(w, a, p);
        if (value <= 0) continue;
        float d = glms_vec2_distance(a->pos, p->pos);
        if (d > range || glms_vec2_distance2(p->pos, c) > r * r) continue;
        float score = d / (float)value; // worth walking farther for what it wants more
        if (score < best_score) {
            best_score = score;
            best = s;
        }
    }
    return best;
}

vec2s bot_prop_center(const sim_world *w, int index) {
    const sim_prop *p = &w->props[index];
    float c = w->cfg.cell_size;
    return (vec2s){{((float)p->x + 0.5f) * c, ((float)p->y + 0.5f) * c}};
}

int bot_find_crate(const sim_world *w, int id, float range) {
    if (w->prop_count == w->props_broken) return -1;
    const sim_agent *a = &w->agents[id];
    const float c = w->cfg.cell_size;
    const int reach = (int)ceilf(range / c);
    const int cx = (int)floorf(a->pos.x / c), cy = (int)floorf(a->pos.y / c);
    int best = -1;
    float best_d2 = range * range;
    // A window of cells around it, not the map's list: the cost does not grow with the map.
    for (int y = cy - reach; y <= cy + reach; y++)
        for (int x = cx - reach; x <= cx + reach; x++) {
            if (!ae_grid_in_bounds(&w->grid, x, y) ||
                w->grid.cells[(size_t)y * (size_t)w->grid.width + (size_t)x] !=
                    (AE_CELL_WALL | AE_CELL_BREAKABLE))
                continue;
            int k = sim_prop_find(w, x, y);
            if (k < 0 || w->props[k].kind != SIM_PROP_CRATE) continue;
            vec2s at = bot_prop_center(w, k);
            float d2 = glms_vec2_distance2(a->pos, at);
            if (d2 >= best_d2) continue;
            // In sight: a ray towards its centre stops at its own edge, not before.
            float d = sqrtf(d2);
            vec2s dir = glms_vec2_scale(glms_vec2_sub(at, a->pos), 1.0f / d);
            float free_run = sim_field_disk_cast(w, a->pos, dir, 0.0f, d, NULL);
            if (free_run < d - 0.75f * c) continue;
            best = k;
            best_d2 = d2;
        }
    return best;
}
