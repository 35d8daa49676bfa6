#include "sim_collide.h"

#include <math.h>
#include <stdlib.h>

bool sim_collide_create(sim_world *w, ae_error *err) {
    sim_collide *c = ae_calloc(1, sizeof *c);
    if (!c) goto oom;
    w->collide = c;
    c->near = ae_alloc((size_t)w->agent_count * sizeof *c->near);
    c->agent_cells_tick = -1;
    if (w->agent_count > 0 && !c->near) goto oom; // 0: a map
    return true;
oom:
    ae_error_set(err, "out of memory for the agent lookups");
    return false;
}

void sim_collide_destroy(sim_world *w) {
    sim_collide *c = w->collide;
    if (!c) return;
    ae_free(c->near, (size_t)w->agent_count * sizeof *c->near);
    sim_cells_free(&c->agent_cells);
    ae_free(c, sizeof *c);
    w->collide = NULL;
}

void sim_collide_map_swapped(sim_world *w) {
    w->collide->bullet_jumps++;
    w->collide->agent_epoch++; // the cells' grid follows the map at the next build
}

void sim_collide_agents_moved(sim_world *w) {
    w->collide->agent_epoch++;
}

void sim_collide_bullets_jumped(sim_world *w) {
    w->collide->bullet_jumps++;
}

uint32_t sim_collide_bullet_jumps(const sim_world *w) {
    return w->collide->bullet_jumps;
}

/// The agents of the cells the box center +- reach touches into c->near. The box is a unit
/// wider than the reach, so rounding never loses an agent on a cell's edge.
static int collect(sim_world *w, vec2s center, float reach) {
    const sim_cells *g = sim_collide_agent_cells(w, NULL);
    sim_collide *c = w->collide;
    const float r = reach + 1.0f;
    const sim_cells_rect rc = sim_cells_cover(g, center, center, r);
    int n = 0;
    for (int y = rc.y0; y <= rc.y1; y++)
        for (int x = rc.x0; x <= rc.x1; x++)
            for (int32_t e = sim_cells_first(g, y * g->nx + x); e >= 0; e = sim_cells_next(g, e))
                c->near[n++] = sim_cells_value(g, e);
    c->near_count = n;
    return n;
}

const int32_t *sim_collide_near(sim_world *w, vec2s center, float radius, int *count) {
    *count = collect(w, center, radius);
    return w->collide->near;
}

static int cmp_id(const void *a, const void *b) {
    const int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

const int32_t *sim_collide_touching(sim_world *w, vec2s center, float radius, int *count) {
    sim_collide_agent_cells(w, NULL); // its radius bound is this build's
    int n = collect(w, center, radius + w->collide->agent_radius_max);
    qsort(w->collide->near, (size_t)n, sizeof *w->collide->near, cmp_id);
    *count = n;
    return w->collide->near;
}

const sim_cells *sim_collide_agent_cells(sim_world *w, float *step_max) {
    sim_collide *c = w->collide;
    sim_cells *g = &c->agent_cells;
    if (c->agent_cells_tick != w->tick || c->agent_cells_epoch != c->agent_epoch) {
        sim_cells_begin(g, w, SIM_AGENT_CELL);
        float step2 = 0.0f, radius = 0.0f;
        for (int i = 0; i < w->agent_count; i++) {
            const sim_agent *a = &w->agents[i];
            if (a->placement != 0) continue;
            sim_cells_add(g, sim_cells_at(g, a->pos), i);
            float d2 = glms_vec2_distance2(a->pos, a->prev_pos);
            if (!(d2 <= step2)) step2 = isnan(d2) ? INFINITY : d2; // NaN: no bound holds
            if (!(a->radius <= radius)) radius = isnan(a->radius) ? INFINITY : a->radius;
        }
        c->agent_step_max = sqrtf(step2);
        c->agent_radius_max = radius;
        c->agent_cells_tick = w->tick;
        c->agent_cells_epoch = c->agent_epoch;
    }
    if (step_max) *step_max = c->agent_step_max;
    return g;
}
