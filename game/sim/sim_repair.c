// Repairs of state the sim itself never produces: positions that are not finite, off the map or
// inside a wall. Only something poking the world from outside (a test, a tool, a bad edit) gets
// there, so in a normal match nothing here changes anything; the checks are cheap and keep the
// broadphase and the navigation from ever seeing such a number.
#include "sim_internal.h"

#include <math.h>

bool sim_nearest_room(const ae_sdf *sdf, vec2s from, float radius, vec2s *out) {
    float best = INFINITY;
    for (int y = 0; y < sdf->height; y++)
        for (int x = 0; x < sdf->width; x++) {
            vec2s c = {{((float)x + 0.5f) * sdf->cell_size, ((float)y + 0.5f) * sdf->cell_size}};
            float d2 = glms_vec2_distance2(c, from);
            if (!(d2 < best) || ae_sdf_sample(sdf, c) < radius) continue; // NaN: never
            best = d2;
            *out = c;
        }
    return best < INFINITY;
}

static bool finite2(vec2s v) {
    return isfinite(v.x) && isfinite(v.y);
}

/// Centre off the map, inside a wall or not finite (the field reads those as deep in a wall).
static bool in_wall(const sim_world *w, vec2s p) {
    return !(ae_sdf_sample(&w->sdf, p) >= 0.0f);
}

void sim_agent_place_in_room(sim_world *w, sim_agent *a) {
    const float mw = (float)w->sdf.width * w->sdf.cell_size;
    const float mh = (float)w->sdf.height * w->sdf.cell_size;
    vec2s from = {{isfinite(a->pos.x) ? ae_clampf(a->pos.x, 0.0f, mw) : 0.5f * mw,
                   isfinite(a->pos.y) ? ae_clampf(a->pos.y, 0.0f, mh) : 0.5f * mh}};
    // sim_map_can_host guaranteed rooms for every agent, so one is always found.
    if (!sim_nearest_room(&w->sdf, from, a->radius, &a->pos)) a->pos = from;
    a->prev_pos = a->pos; // a jump, not a sweep: it hits no bullet on the way
}

static void repair_agent(sim_world *w, sim_agent *a) {
    if (!finite2(a->prev_pos)) a->prev_pos = a->pos;
    if (in_wall(w, a->pos)) sim_agent_place_in_room(w, a);
}

void sim_repair(sim_world *w) {
    for (int i = 0; i < w->agent_count; i++) repair_agent(w, &w->agents[i]);
    for (int k = 0; k < w->cfg.max_bullets; k++) {
        sim_bullet *b = &w->bullets[k];
        if (!b->alive) continue;
        float speed = glms_vec2_norm(b->vel);
        if (in_wall(w, b->pos) || !(speed > 0.0f) || !isfinite(speed) || !isfinite(b->range_left) ||
            !isfinite(b->damage)) {
            b->threat = -1; // not a dodge either
            sim_bullet_kill(w, k, -1);
        }
    }
    for (int g = 0; g < w->cfg.max_gems; g++)
        if (w->gems[g].alive && in_wall(w, w->gems[g].pos)) sim_gem_remove(w, g);
}
