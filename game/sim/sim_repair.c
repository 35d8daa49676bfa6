// Repairs of state the sim itself never produces: positions that are not finite, off the map or
// inside a wall. Only something poking the world from outside (a test, a tool, a bad edit) gets
// there, so in a normal match nothing here changes anything; the checks are cheap and keep the
// broadphase and the navigation from ever seeing such a number.
#include "sim_internal.h"

#include <math.h>

static bool finite2(vec2s v) {
    return isfinite(v.x) && isfinite(v.y);
}

/// Off the map, in a wall cell or not finite. A cell lookup, not a field sample: this runs for
/// every agent and gem every tick. Whatever the sim places has a positive SDF, so it lies inside
/// a free cell.
static bool in_wall(const sim_world *w, vec2s p) {
    float u = p.x * w->sdf.inv_cell, v = p.y * w->sdf.inv_cell;
    if (!(u >= 0.0f && v >= 0.0f && u < (float)w->grid.width && v < (float)w->grid.height))
        return true; // NaN fails the test too
    return ae_grid_is_wall(&w->grid, (int)u, (int)v);
}

void sim_agent_place_in_room(sim_world *w, sim_agent *a) {
    const float mw = (float)w->sdf.width * w->sdf.cell_size;
    const float mh = (float)w->sdf.height * w->sdf.cell_size;
    vec2s from = {{isfinite(a->pos.x) ? ae_clampf(a->pos.x, 0.0f, mw) : 0.5f * mw,
                   isfinite(a->pos.y) ? ae_clampf(a->pos.y, 0.0f, mh) : 0.5f * mh}};
    // sim_map_can_host guaranteed rooms for every agent, so one is always found.
    if (!sim_nearest_room(&w->sdf, &w->rooms, from, a->radius, &a->pos)) a->pos = from;
    a->prev_pos = a->pos; // a jump, not a sweep: it hits no bullet on the way
}

static void repair_agent(sim_world *w, sim_agent *a) {
    if (!finite2(a->prev_pos)) a->prev_pos = a->pos;
    if (in_wall(w, a->pos)) sim_agent_place_in_room(w, a);
}

bool sim_bullet_broken(const sim_world *w, const sim_bullet *b) {
    const float mw = (float)w->sdf.width * w->sdf.cell_size;
    const float mh = (float)w->sdf.height * w->sdf.cell_size;
    float speed = glms_vec2_norm(b->vel);
    // Written so that NaN fails every test.
    return !(b->pos.x >= 0.0f && b->pos.x <= mw && b->pos.y >= 0.0f && b->pos.y <= mh) ||
           !(speed > 0.0f && speed < INFINITY) || !isfinite(b->range_left) || !isfinite(b->damage);
}

void sim_repair(sim_world *w) {
    for (int i = 0; i < w->agent_count; i++) repair_agent(w, &w->agents[i]);
    if (w->gem_count == 0) return;
    for (int g = 0; g < w->gem_top; g++)
        if (w->gems[g].alive && in_wall(w, w->gems[g].pos)) sim_gem_remove(w, g);
}
