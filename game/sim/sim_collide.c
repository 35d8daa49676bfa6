#include "sim_collide.h"

#include <string.h>

/// Proxy user values: the agent or bullet index, with this bit set for bullets.
#define BULLET_BIT (1ull << 32)

static ae_aabb world_box(const sim_world *w) {
    float mw = (float)w->grid.width * w->cfg.cell_size,
          mh = (float)w->grid.height * w->cfg.cell_size;
    return (ae_aabb){{{0.0f, 0.0f}}, {{mw, mh}}};
}

/// Every proxy there can be: one per agent and one per bullet slot.
static size_t near_cap(const sim_world *w) {
    return (size_t)w->agent_count + (size_t)w->cfg.max_bullets;
}

bool sim_collide_create(sim_world *w, ae_error *err) {
    sim_collide *c = ae_calloc(1, sizeof *c);
    if (!c) goto oom;
    w->collide = c;
    ae_broadphase_def def = ae_default_broadphase_def();
    def.method = AE_BP_MBP;
    def.world = world_box(w);
    def.capacity = w->agent_count + w->cfg.max_bullets;
    c->bp = ae_broadphase_create(&def);
    c->agent_proxy = ae_calloc((size_t)w->agent_count, sizeof *c->agent_proxy);
    c->bullet_proxy = ae_calloc((size_t)w->cfg.max_bullets, sizeof *c->bullet_proxy);
    c->first = ae_alloc((size_t)w->cfg.max_bullets * sizeof *c->first);
    c->cand_cap = 1024;
    c->agent_cells_tick = -1;
    c->next = ae_alloc((size_t)c->cand_cap * sizeof *c->next);
    c->agent = ae_alloc((size_t)c->cand_cap * sizeof *c->agent);
    c->near = ae_alloc((size_t)near_cap(w) * sizeof *c->near);
    if (!c->bp || !c->agent_proxy || !c->bullet_proxy || !c->first || !c->next || !c->agent ||
        !c->near)
        goto oom;
    for (int i = 0; i < w->agent_count; i++) {
        const sim_agent *a = &w->agents[i];
        c->agent_proxy[i] =
            ae_broadphase_add_box(c->bp, ae_aabb_of_sweep(a->pos, a->pos, a->radius), SIM_CAT_AGENT,
                                  SIM_CAT_BULLET, (uint64_t)i);
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
    ae_free(c->bullet_proxy, (size_t)w->cfg.max_bullets * sizeof *c->bullet_proxy);
    ae_free(c->first, (size_t)w->cfg.max_bullets * sizeof *c->first);
    ae_free(c->next, (size_t)c->cand_cap * sizeof *c->next);
    ae_free(c->agent, (size_t)c->cand_cap * sizeof *c->agent);
    ae_free(c->near, near_cap(w) * sizeof *c->near);
    sim_cells_free(&c->agent_cells);
    ae_free(c, sizeof *c);
    w->collide = NULL;
}

bool sim_collide_rebuild(sim_world *w, ae_error *err) {
    const uint32_t epoch = w->collide ? w->collide->bullet_epoch : 0u;
    sim_collide_destroy(w);
    if (!sim_collide_create(w, err)) return false;
    w->collide->bullet_epoch = epoch + 1u;
    for (int i = 0; i < w->agent_count; i++) sim_collide_agent(w, i); // drops the dead
    for (int k = 0; k < w->bullet_top; k++)
        if (w->bullets[k].alive) sim_collide_bullet_added(w, k);
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

void sim_collide_bullet_added(sim_world *w, int slot) {
    sim_collide *c = w->collide;
    const sim_bullet *b = &w->bullets[slot];
    c->bullet_epoch++;
    c->bullet_proxy[slot] =
        ae_broadphase_add_box(c->bp, ae_aabb_of_sweep(b->pos, b->pos, b->radius), SIM_CAT_BULLET,
                              SIM_CAT_AGENT, BULLET_BIT | (uint64_t)slot);
}

void sim_collide_bullet_removed(sim_world *w, int slot) {
    sim_collide *c = w->collide;
    if (ae_proxy_is_null(c->bullet_proxy[slot])) return;
    c->bullet_epoch++;
    ae_broadphase_remove(c->bp, c->bullet_proxy[slot]);
    c->bullet_proxy[slot] = ae_proxy_null();
}

void sim_collide_bullet_sweep(sim_world *w, int slot, vec2s p0, vec2s p1) {
    sim_collide *c = w->collide;
    c->bullet_epoch++;
    ae_broadphase_move_box(c->bp, c->bullet_proxy[slot],
                           ae_aabb_of_sweep(p0, p1, w->bullets[slot].radius));
}

static void grow(sim_collide *c, int need) {
    int cap = c->cand_cap;
    while (cap < need) cap *= 2;
    int32_t *next = ae_alloc((size_t)cap * sizeof *next),
            *agent = ae_alloc((size_t)cap * sizeof *agent);
    AE_ASSERT(next && agent);
    ae_free(c->next, (size_t)c->cand_cap * sizeof *c->next);
    ae_free(c->agent, (size_t)c->cand_cap * sizeof *c->agent);
    c->next = next;
    c->agent = agent;
    c->cand_cap = cap;
}

void sim_collide_update(sim_world *w) {
    sim_collide *c = w->collide;
    int n;
    const ae_pair *pairs = ae_broadphase_update(c->bp, &n);
    if (n > c->cand_cap) grow(c, n);
    for (int k = 0; k < w->bullet_top; k++) c->first[k] = -1;
    for (int k = 0; k < n; k++) {
        // Filters only let bullets meet agents: one side of every pair is each.
        uint64_t ua = ae_broadphase_user(c->bp, pairs[k].a),
                 ub = ae_broadphase_user(c->bp, pairs[k].b);
        uint64_t bullet = ua & BULLET_BIT ? ua : ub, other = ua & BULLET_BIT ? ub : ua;
        int slot = (int)(bullet & ~BULLET_BIT), agent = (int)other;
        c->agent[k] = agent;
        c->next[k] = c->first[slot];
        c->first[slot] = k;
    }
}

const ae_proxy_id *sim_collide_query(const sim_world *w, vec2s center, float radius,
                                     uint32_t category, int *count) {
    return ae_broadphase_query_circle(w->collide->bp, center, radius, category, count);
}

static void note_near(void *context, ae_proxy_id id, uint64_t user) {
    (void)id;
    sim_collide *c = context;
    c->near[c->near_count++] = (int32_t)(user & ~BULLET_BIT);
}

const int32_t *sim_collide_near(const sim_world *w, vec2s center, float radius, uint32_t category,
                                int *count) {
    sim_collide *c = w->collide;
    c->near_count = 0;
    ae_broadphase_visit_circle(c->bp, center, radius, category, note_near, c);
    *count = c->near_count;
    return c->near;
}

const sim_cells *sim_collide_agent_cells(const sim_world *w, float side) {
    sim_collide *c = w->collide;
    sim_cells *g = &c->agent_cells;
    if (c->agent_cells_tick != w->tick || c->agent_cells_epoch != c->agent_epoch ||
        g->side < side || g->side > side) {
        sim_cells_begin(g, w, side);
        for (int i = 0; i < w->agent_count; i++)
            if (w->agents[i].placement == 0) sim_cells_add(g, sim_cells_at(g, w->agents[i].pos), i);
        c->agent_cells_tick = w->tick;
        c->agent_cells_epoch = c->agent_epoch;
    }
    return g;
}

uint32_t sim_collide_bullet_epoch(const sim_world *w) {
    return w->collide->bullet_epoch;
}

int sim_collide_owner(const sim_world *w, ae_proxy_id id) {
    return (int)(ae_broadphase_user(w->collide->bp, id) & ~BULLET_BIT);
}
