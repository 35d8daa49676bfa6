#include "sim_collide.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ae_aabb world_box(const sim_world *w) {
    float mw = (float)w->grid.width * w->cfg.cell_size,
          mh = (float)w->grid.height * w->cfg.cell_size;
    return (ae_aabb){{{0.0f, 0.0f}}, {{mw, mh}}};
}

bool sim_collide_create(sim_world *w, ae_error *err) {
    sim_collide *c = ae_calloc(1, sizeof *c);
    if (!c) goto oom;
    w->collide = c;
    ae_broadphase_def def = ae_default_broadphase_def();
    def.method = AE_BP_MBP;
    def.world = world_box(w);
    def.capacity = w->agent_count;
    c->bp = ae_broadphase_create(&def);
    c->agent_proxy = ae_calloc((size_t)w->agent_count, sizeof *c->agent_proxy);
    c->near = ae_alloc((size_t)w->agent_count * sizeof *c->near);
    c->agent_cells_tick = -1;
    if (!c->bp || (w->agent_count > 0 && (!c->agent_proxy || !c->near))) goto oom; // 0: a map
    for (int i = 0; i < w->agent_count; i++) {
        const sim_agent *a = &w->agents[i];
        c->agent_proxy[i] = ae_broadphase_add_box(
            c->bp, ae_aabb_of_sweep(a->pos, a->pos, a->radius), SIM_CAT_AGENT, 0u, (uint64_t)i);
    }
    return true;
oom:
    ae_error_set(err, "out of memory for the broadphase");
    return false;
}

void sim_collide_destroy(sim_world *w) {
    sim_collide *c = w->collide;
    if (!c) return;
    if (c->bp) ae_broadphase_destroy(c->bp);
    ae_free(c->agent_proxy, (size_t)w->agent_count * sizeof *c->agent_proxy);
    ae_free(c->near, (size_t)w->agent_count * sizeof *c->near);
    sim_cells_free(&c->agent_cells);
    ae_free(c, sizeof *c);
    w->collide = NULL;
}

bool sim_collide_rebuild(sim_world *w, ae_error *err) {
    const uint32_t jumps = w->collide ? w->collide->bullet_jumps : 0u;
    sim_collide_destroy(w);
    if (!sim_collide_create(w, err)) return false;
    w->collide->bullet_jumps = jumps + 1u;
    for (int i = 0; i < w->agent_count; i++) sim_collide_agent(w, i); // drops the dead
    return true;
}

void sim_collide_agent(sim_world *w, int i) {
    sim_collide *c = w->collide;
    const sim_agent *a = &w->agents[i];
    if (ae_proxy_is_null(c->agent_proxy[i])) return;
    c->agent_epoch++;
    if (a->placement != 0) {
        ae_broadphase_remove(c->bp, c->agent_proxy[i]);
        c->agent_proxy[i] = ae_proxy_null();
        return;
    }
    ae_broadphase_move_box(c->bp, c->agent_proxy[i],
                           ae_aabb_of_sweep(a->prev_pos, a->pos, a->radius));
}

void sim_collide_bullets_jumped(sim_world *w) {
    w->collide->bullet_jumps++;
}

uint32_t sim_collide_bullet_jumps(const sim_world *w) {
    return w->collide->bullet_jumps;
}

const ae_proxy_id *sim_collide_query(sim_world *w, vec2s center, float radius, uint32_t category,
                                     int *count) {
    const ae_proxy_id *ids =
        ae_broadphase_query_circle(w->collide->bp, center, radius, category, count);
    if (*count < 0) { // a few kilobytes at most (one result per agent): cannot be played around
        fprintf(stderr, "arena: out of memory for a blast's targets\n");
        abort();
    }
    return ids;
}

static void note_near(void *context, ae_proxy_id id, uint64_t user) {
    (void)id;
    sim_collide *c = context;
    c->near[c->near_count++] = (int32_t)user;
}

const int32_t *sim_collide_near(sim_world *w, vec2s center, float radius, uint32_t category,
                                int *count) {
    sim_collide *c = w->collide;
    c->near_count = 0;
    ae_broadphase_visit_circle(c->bp, center, radius, category, note_near, c);
    *count = c->near_count;
    return c->near;
}

int sim_collide_owner(const sim_world *w, ae_proxy_id id) {
    return (int)ae_broadphase_user(w->collide->bp, id);
}

const sim_cells *sim_collide_agent_cells(sim_world *w, float *step_max) {
    sim_collide *c = w->collide;
    sim_cells *g = &c->agent_cells;
    if (c->agent_cells_tick != w->tick || c->agent_cells_epoch != c->agent_epoch) {
        sim_cells_begin(g, w, SIM_AGENT_CELL);
        float step2 = 0.0f;
        for (int i = 0; i < w->agent_count; i++) {
            const sim_agent *a = &w->agents[i];
            if (a->placement != 0) continue;
            sim_cells_add(g, sim_cells_at(g, a->pos), i);
            float d2 = glms_vec2_distance2(a->pos, a->prev_pos);
            if (!(d2 <= step2)) step2 = isnan(d2) ? INFINITY : d2; // NaN: no bound holds
        }
        c->agent_step_max = sqrtf(step2);
        c->agent_cells_tick = w->tick;
        c->agent_cells_epoch = c->agent_epoch;
    }
    if (step_max) *step_max = c->agent_step_max;
    return g;
}
