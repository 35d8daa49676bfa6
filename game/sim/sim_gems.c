// Gems: spawned over time inside the zone, dropped on death, picked up on overlap.
#include "sim_internal.h"

#include "sim_collide.h"

#include <math.h>

static int alloc_gem(sim_world *w) {
    for (int i = 0; i < w->gem_top; i++)
        if (!w->gems[i].alive) return i;
    return w->gem_top < w->cfg.max_gems ? w->gem_top++ : -1;
}

static void place_gem(sim_world *w, vec2s pos, bool dropped) {
    int slot = alloc_gem(w);
    if (slot < 0) return;
    w->gems[slot] = (sim_gem){pos, w->cfg.rules.gem_xp, true, dropped};
    w->gem_count++;
    w->spawned_gems += !dropped;
}

void sim_gems_drop(sim_world *w, vec2s pos, int count) {
    for (int i = 0; i < count; i++) {
        vec2s p;
        if (sim_random_free_point(w, SIM_GEM_RADIUS, pos, 40.0f, &p)) place_gem(w, p, true);
    }
}

void sim_gem_remove(sim_world *w, int slot) {
    sim_gem *gem = &w->gems[slot];
    gem->alive = false;
    w->gem_count--;
    while (w->gem_top > 0 && !w->gems[w->gem_top - 1].alive) w->gem_top--;
    w->spawned_gems -= !gem->dropped;
}

static void level_up(sim_world *w, int id) {
    sim_agent *a = &w->agents[id];
    for (;;) {
        int need = sim_rules_xp_for_level(&w->cfg.rules, a->level);
        if (a->xp < need) break;
        a->xp -= need;
        a->level++;
        a->pending_picks++;
        if (a->stats.first_level_tick < 0) a->stats.first_level_tick = w->tick;
        sim_event_push(w, SIM_EVENT_LEVEL_UP, id, a->level, 0.0f, a->pos);
    }
}

void sim_gems_update(sim_world *w) {
    const sim_rules *r = &w->cfg.rules;
    if (w->tick % r->gem_spawn_interval == 0 && w->spawned_gems < r->gems_max_spawned) {
        vec2s p;
        float radius = w->zone.shrinking ? w->zone.next_radius : w->zone.radius;
        vec2s center = w->zone.shrinking ? w->zone.next_center : w->zone.center;
        if (radius > SIM_GEM_RADIUS && sim_random_free_point(w, SIM_GEM_RADIUS, center, radius, &p))
            place_gem(w, p, false);
    }
    // Each gem: the lowest-id living agent touching it takes it; else it drifts towards the
    // nearest living agent within the magnet radius (ties to the lowest id), unless that would put
    // it against a wall.
    // Agents by position: the cells that the box of a gem's reach touches (at most four while
    // the cells are twice the reach) hold every agent that can take or pull it.
    const float reach = fmaxf(SIM_GEM_RADIUS + r->agent_radius, r->gem_magnet_radius);
    const sim_cells *cells = sim_collide_agent_cells(w, NULL);
    for (int g = 0; g < w->gem_top; g++) {
        sim_gem *gem = &w->gems[g];
        if (!gem->alive) continue;
        int taker = -1, pull = -1;
        float pull_d2 = r->gem_magnet_radius * r->gem_magnet_radius;
        for (sim_cells_walk it = sim_cells_walk_box(cells, gem->pos, gem->pos, reach);
             sim_cells_walk_next(&it);) {
            int i = it.value;
            const sim_agent *a = &w->agents[i];
            float d2 = glms_vec2_distance2(a->pos, gem->pos);
            float touch = a->radius + SIM_GEM_RADIUS;
            if (d2 < touch * touch && (taker < 0 || i < taker)) taker = i;
            if (d2 < pull_d2 || (d2 == pull_d2 && pull >= 0 && i < pull)) {
                pull_d2 = d2;
                pull = i;
            }
        }
        if (taker >= 0) {
            w->agents[taker].xp += gem->xp;
            sim_gem_remove(w, g);
            sim_event_push(w, SIM_EVENT_PICKUP, taker, -1, 0.0f, gem->pos);
            level_up(w, taker);
            continue;
        }
        if (pull < 0 || r->gem_magnet_speed <= 0.0f) continue;
        vec2s to = glms_vec2_sub(w->agents[pull].pos, gem->pos);
        float d = sqrtf(pull_d2);
        vec2s next =
            glms_vec2_add(gem->pos, glms_vec2_scale(to, fminf(r->gem_magnet_speed, d) / d));
        if (ae_sdf_sample(&w->sdf, next) >= SIM_GEM_RADIUS) gem->pos = next;
    }
}

void sim_gems_scatter(sim_world *w) {
    for (int i = 0; i < w->cfg.rules.gems_at_start; i++) {
        vec2s p;
        if (sim_random_free_point(w, SIM_GEM_RADIUS, glms_vec2_zero(), 0.0f, &p))
            place_gem(w, p, false);
    }
}
