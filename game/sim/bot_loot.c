// What bots think of loot: which pickups they want, and which crates they shoot open for it.
#include "bot_brain.h"

#include <math.h>

/// How much a bot likes each weapon (the pistol least). A shotgun is worth most up close, but a
/// bot cannot choose its fights by weapon, so the rifle and SMG, good at any range, come first.
static const int weapon_rank[SIM_WEAPON_COUNT] = {
    [SIM_WEAPON_PISTOL] = 0, [SIM_WEAPON_SHOTGUN] = 2, [SIM_WEAPON_RIFLE] = 4,
    [SIM_WEAPON_SMG] = 3,    [SIM_WEAPON_GRENADE] = 1,
};

int bot_loot_value(const sim_world *w, const sim_agent *a, const sim_pickup *p) {
    const sim_rules *r = &w->cfg.rules;
    switch ((sim_pickup_kind)p->kind) {
    case SIM_PICKUP_WEAPON:
        if (p->weapon == a->weapon) // more rounds, when running low
            return a->ammo < r->weapon[a->weapon].ammo / 2 ? 2 : 0;
        return weapon_rank[p->weapon] > weapon_rank[a->weapon]
                   ? 2 + weapon_rank[p->weapon] - weapon_rank[a->weapon]
                   : 0;
    case SIM_PICKUP_MEDKIT:
        return a->hp < 0.7f * a->max_hp ? 5 : 0;
    case SIM_PICKUP_SHIELD:
        return a->shield < 0.5f * r->max_shield ? 3 : 0;
    case SIM_PICKUP_KIND_COUNT:
        break;
    }
    return 0;
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
