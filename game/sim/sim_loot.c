// Loot in harder places: a better weapon in each room behind a door when the match begins, and
// the supply drop with epic loot that lands as the first circle finishes closing.
#include "sim_internal.h"

/// A room is what a door's side reaches without passing a wall or another door: this many cells
/// at most (more is open ground), this many at least (less is a niche).
#define ROOM_MAX_CELLS 160
#define ROOM_MIN_CELLS 4

int sim_loot_tier(sim_world *w, const int weights[SIM_TIER_COUNT]) {
    int total = 0;
    for (int t = 0; t < SIM_TIER_COUNT; t++) total += weights[t];
    if (total <= 0) return SIM_TIER_COMMON;
    int roll = (int)ae_rng_below(&w->rng, (uint32_t)total);
    for (int t = 0; t < SIM_TIER_COUNT; t++) {
        if (roll < weights[t]) return t;
        roll -= weights[t];
    }
    return SIM_TIER_COMMON;
}

static bool free_cell(const ae_grid *g, int x, int y) {
    return ae_grid_in_bounds(g, x, y) &&
           g->cells[(size_t)y * (size_t)g->width + (size_t)x] == AE_CELL_FREE;
}

/// The cells reached from (x, y) through free cells, breadth first, into cells[] (x + y * width);
/// their count, or 0 when the flood passes ROOM_MAX_CELLS (not a room).
static int flood_room(const ae_grid *g, int x, int y, int32_t cells[ROOM_MAX_CELLS]) {
    if (!free_cell(g, x, y)) return 0;
    int n = 0;
    cells[n++] = x + y * g->width;
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    for (int head = 0; head < n; head++) {
        const int cx = cells[head] % g->width, cy = cells[head] / g->width;
        for (int k = 0; k < 4; k++) {
            const int nx = cx + dx[k], ny = cy + dy[k];
            if (!free_cell(g, nx, ny)) continue;
            const int32_t c = nx + ny * g->width;
            bool seen = false;
            for (int j = 0; j < n && !seen; j++) seen = cells[j] == c;
            if (seen) continue;
            if (n == ROOM_MAX_CELLS) return 0;
            cells[n++] = c;
        }
    }
    return n;
}

/// The room's cell nearest its middle (the first such in flood order), as a point.
static vec2s room_middle(const sim_world *w, const int32_t *cells, int n) {
    const int width = w->grid.width;
    float mx = 0.0f, my = 0.0f;
    for (int j = 0; j < n; j++) {
        mx += (float)(cells[j] % width);
        my += (float)(cells[j] / width);
    }
    mx /= (float)n;
    my /= (float)n;
    int best = 0;
    float best_d2 = 1e30f;
    for (int j = 0; j < n; j++) {
        const float ex = (float)(cells[j] % width) - mx, ey = (float)(cells[j] / width) - my;
        if (ex * ex + ey * ey < best_d2) {
            best_d2 = ex * ex + ey * ey;
            best = j;
        }
    }
    const float c = w->cfg.cell_size;
    return (vec2s){
        {((float)(cells[best] % width) + 0.5f) * c, ((float)(cells[best] / width) + 0.5f) * c}};
}

static bool loot_near(const sim_world *w, vec2s at, float r) {
    for (int s = 0; s < w->pickup_top; s++)
        if (w->pickups[s].alive && glms_vec2_distance2(w->pickups[s].pos, at) < r * r) return true;
    return false;
}

void sim_loot_rooms(sim_world *w) {
    const sim_rules *r = &w->cfg.rules;
    int32_t cells[ROOM_MAX_CELLS];
    for (int d = 0; d < w->door_count; d++) {
        const sim_door *door = &w->doors[d];
        // The door's two sides: across the axis it slides along.
        const int px = -(int)door->axis.y, py = (int)door->axis.x;
        for (int side = -1; side <= 1; side += 2) {
            const int n = flood_room(&w->grid, door->x + side * px, door->y + side * py, cells);
            if (n < ROOM_MIN_CELLS) continue;
            const vec2s at = room_middle(w, cells, n);
            if (loot_near(w, at, 2.0f * w->cfg.cell_size)) continue; // its other door's
            const int weapon = 1 + (int)ae_rng_below(&w->rng, SIM_WEAPON_COUNT - 1);
            sim_pickup_drop(w, at, SIM_PICKUP_WEAPON, weapon, sim_loot_tier(w, r->room_tiers),
                            r->weapon[weapon].ammo);
        }
    }
}

/// The supply drop's loot: an epic weapon, a medkit and two shield cells.
static void land_supply(sim_world *w) {
    const sim_rules *r = &w->cfg.rules;
    sim_zone *z = &w->zone;
    const int weapon = 1 + (int)ae_rng_below(&w->rng, SIM_WEAPON_COUNT - 1);
    const vec2s at = z->supply_pos;
    sim_pickup_drop(w, at, SIM_PICKUP_WEAPON, weapon, SIM_TIER_EPIC, 2 * r->weapon[weapon].ammo);
    sim_pickup_drop(w, (vec2s){{at.x + 20.0f, at.y}}, SIM_PICKUP_MEDKIT, 0, SIM_TIER_COMMON, 1);
    sim_pickup_drop(w, (vec2s){{at.x - 20.0f, at.y}}, SIM_PICKUP_SHIELD, 0, SIM_TIER_COMMON, 2);
    z->supply = SIM_SUPPLY_LANDED;
    z->supply_tick = w->tick;
}

void sim_supply_update(sim_world *w) {
    sim_zone *z = &w->zone;
    if (z->supply == SIM_SUPPLY_LANDED || w->cfg.rules.zone_phase_count < 1) return;
    if (z->supply == SIM_SUPPLY_COMING) {
        if (z->phase >= 1) land_supply(w);
        return;
    }
    const int left = sim_zone_ticks(w, w->cfg.rules.zone[0].shrink_ticks) - z->timer;
    if (z->phase != 0 || !z->shrinking || left > w->cfg.rules.supply_warning) return;
    // Announced with its landing point: inside the circle the first shrink closes to.
    vec2s at = z->next_center;
    if (!sim_random_free_point(w, 2.0f * w->cfg.rules.agent_radius, z->next_center,
                               0.5f * z->next_radius, &at))
        sim_nearest_room(&w->sdf, &w->rooms, z->next_center, 2.0f * w->cfg.rules.agent_radius, &at);
    z->supply = SIM_SUPPLY_COMING;
    z->supply_pos = at;
    z->supply_tick = w->tick + left;
}
