// The budgeted path request queue.
#include "arena/ae_nav_queue.h"

#include "base_internal.h"
#include "nav_internal.h"

#include <math.h>
#include <string.h>

/// Per-agent request slot.
typedef struct nav_slot {
    uint32_t generation;    ///< current request number
    uint8_t status;         ///< ae_nav_request_status
    bool queued;            ///< has an entry in the ring
    ae_nav_request_def def; ///< the request
    vec2s *points;          ///< smoothed waypoints
    int point_count;        ///< waypoints in points
    int point_cap;          ///< capacity of points
} nav_slot;

struct ae_nav_queue {
    ae_nav_search search; ///< the one search context
    int max_agents;       ///< slot count
    nav_slot *slots;      ///< max_agents slots
    int32_t *ring;        ///< FIFO of agent indices, max_agents entries
    int head;             ///< ring index of the oldest entry
    int size;             ///< ring entries in use
    int active;           ///< agent whose search is in the context, -1 when none
    ae_nav_cell *cells;   ///< scratch for grid paths, as long as the longest path so far
    int cell_cap;         ///< capacity of cells
};

ae_nav_queue_def ae_default_nav_queue_def(void) {
    return (ae_nav_queue_def){.max_agents = 0, .cookie = AE_DEF_COOKIE};
}

ae_nav_request_def ae_default_nav_request_def(void) {
    ae_nav_request_def d;
    memset(&d, 0, sizeof d);
    d.method = AE_NAV_AUTO;
    d.cookie = AE_DEF_COOKIE;
    return d;
}

/// A search context for grids of nav's size (the old one stays until the new one exists).
static bool alloc_search(ae_nav_queue *q, const ae_nav_grid *nav, ae_error *err) {
    ae_nav_search s;
    if (!nav_search_init(&s, nav, err)) {
        ae_error_set(err, "nav queue: out of memory");
        return false;
    }
    if (q->search.pages) nav_search_free(&q->search);
    q->search = s;
    return true;
}

/// Grid path scratch for n cells: grown to the longest path met so far, never shrunk.
static bool reserve_cells(ae_nav_queue *q, int n) {
    if (n <= q->cell_cap) return true;
    int cap = q->cell_cap ? q->cell_cap : 256;
    while (cap < n) cap = cap > INT32_MAX / 2 ? n : cap * 2;
    ae_nav_cell *cells = ae_alloc((size_t)cap * sizeof *cells);
    if (!cells) return false;
    if (q->cells) ae_free(q->cells, (size_t)q->cell_cap * sizeof *q->cells);
    q->cells = cells;
    q->cell_cap = cap;
    return true;
}

ae_nav_queue *ae_nav_queue_create(const ae_nav_grid *nav, const ae_nav_queue_def *def,
                                  ae_error *err) {
    AE_ASSERT(def->cookie == AE_DEF_COOKIE);
    AE_ASSERT(def->max_agents > 0);
    ae_nav_queue *q = ae_calloc(1, sizeof *q);
    if (!q) {
        ae_error_set(err, "nav queue: out of memory");
        return NULL;
    }
    q->slots = ae_calloc((size_t)def->max_agents, sizeof *q->slots);
    q->ring = ae_calloc((size_t)def->max_agents, sizeof *q->ring);
    q->max_agents = def->max_agents;
    q->active = -1;
    if (!q->slots || !q->ring || !alloc_search(q, nav, err)) {
        ae_error_set(err, "nav queue: out of memory");
        ae_nav_queue_destroy(q);
        return NULL;
    }
    return q;
}

void ae_nav_queue_destroy(ae_nav_queue *q) {
    if (!q) return;
    if (q->slots) {
        for (int i = 0; i < q->max_agents; i++)
            if (q->slots[i].points)
                ae_free(q->slots[i].points, (size_t)q->slots[i].point_cap * sizeof(vec2s));
        ae_free(q->slots, (size_t)q->max_agents * sizeof *q->slots);
    }
    if (q->ring) ae_free(q->ring, (size_t)q->max_agents * sizeof *q->ring);
    if (q->cells) ae_free(q->cells, (size_t)q->cell_cap * sizeof *q->cells);
    if (q->search.pages) nav_search_free(&q->search);
    ae_free(q, sizeof *q);
}

bool ae_nav_queue_restart(ae_nav_queue *q, const ae_nav_grid *nav, ae_error *err) {
    if (nav->store->stride != q->search.stride || nav->height + 2 > q->search.rows) {
        if (!alloc_search(q, nav, err)) return false;
    }
    q->active = -1;
    return true;
}

void ae_nav_queue_clear(ae_nav_queue *q) {
    for (int i = 0; i < q->max_agents; i++) {
        nav_slot *s = &q->slots[i];
        s->generation++;
        if (s->generation == 0) s->generation = 1;
        s->status = AE_NAV_REQUEST_INVALID;
        s->queued = false;
        s->point_count = 0;
    }
    q->head = q->size = 0;
    q->active = -1;
}

ae_nav_request_id ae_nav_queue_request(ae_nav_queue *q, int agent, const ae_nav_request_def *def) {
    AE_ASSERT(def->cookie == AE_DEF_COOKIE);
    AE_ASSERT(agent >= 0 && agent < q->max_agents);
    nav_slot *s = &q->slots[agent];
    s->generation++;
    if (s->generation == 0) s->generation = 1;
    s->def = *def;
    s->status = AE_NAV_REQUEST_PENDING;
    s->point_count = 0;
    if (q->active == agent) q->active = -1; // the old search is dropped; its place is kept
    if (!s->queued) {
        q->ring[(q->head + q->size) % q->max_agents] = agent;
        q->size++;
        s->queued = true;
    }
    return (ae_nav_request_id){(uint32_t)agent + 1u, s->generation};
}

static nav_slot *slot_of(const ae_nav_queue *q, ae_nav_request_id id) {
    if (id.index1 == 0 || id.index1 > (uint32_t)q->max_agents) return NULL;
    nav_slot *s = &q->slots[id.index1 - 1];
    return s->generation == id.generation ? s : NULL;
}

/// The passable cell nearest to a world position: its own cell, else the closest centre within
/// two cells (ties in scan order). False when there is none.
static bool snap(const ae_nav_grid *nav, int layer, vec2s p, ae_nav_cell *out) {
    float u = p.x / nav->cell_size, v = p.y / nav->cell_size;
    if (!isfinite(u) || !isfinite(v) || u < -4.0f || v < -4.0f || u > (float)nav->width + 4.0f ||
        v > (float)nav->height + 4.0f)
        return false;
    int cx = (int)floorf(u), cy = (int)floorf(v);
    if (nav_grid_passable(nav, layer, cx, cy)) {
        *out = (ae_nav_cell){cx, cy};
        return true;
    }
    float best = INFINITY;
    for (int y = cy - 2; y <= cy + 2; y++)
        for (int x = cx - 2; x <= cx + 2; x++) {
            if (!nav_grid_passable(nav, layer, x, y)) continue;
            float dx = (float)x + 0.5f - u, dy = (float)y + 0.5f - v;
            float d = dx * dx + dy * dy;
            if (d < best) {
                best = d;
                *out = (ae_nav_cell){x, y};
            }
        }
    return best < INFINITY;
}

static bool reserve_points(nav_slot *s, int n) {
    if (n <= s->point_cap) return true;
    int cap = s->point_cap ? s->point_cap : 16;
    while (cap < n) cap *= 2;
    vec2s *p = ae_alloc((size_t)cap * sizeof *p);
    if (!p) return false;
    if (s->points) ae_free(s->points, (size_t)s->point_cap * sizeof *p);
    s->points = p;
    s->point_cap = cap;
    return true;
}

/// Turns the finished search of the active agent into waypoints.
static void finish(ae_nav_queue *q, const ae_nav_grid *nav, const ae_sdf *sdf, nav_slot *s,
                   ae_nav_status st) {
    if (st != AE_NAV_FOUND) {
        s->status = AE_NAV_REQUEST_NO_PATH;
        return;
    }
    int n = ae_nav_path_count(&q->search);
    if (!reserve_cells(q, n) || !reserve_points(s, n + 2)) {
        s->status = AE_NAV_REQUEST_NO_PATH;
        return;
    }
    ae_nav_path_cells(&q->search, q->cells, q->cell_cap);
    const float r = s->def.radius;
    ae_nav_cell gc = q->cells[n - 1];
    vec2s goal = s->def.goal;
    // A goal position the agent cannot stand at is replaced by its cell's centre.
    if (ae_sdf_sample(sdf, goal) < r) goal = ae_nav_cell_center(nav, gc);
    s->point_count = ae_nav_smooth(sdf, r, s->def.start, goal, q->cells, n, s->points, n + 2);
    s->status = AE_NAV_REQUEST_FOUND;
}

int64_t ae_nav_queue_update(ae_nav_queue *q, const ae_nav_grid *nav, const ae_sdf *sdf,
                            int64_t budget) {
    AE_ASSERT(nav->store->stride == q->search.stride && nav->height + 2 <= q->search.rows);
    // A search paused on another grid, or on this one before a cell edit, starts again.
    if (q->active >= 0 && (q->search.nav != nav || q->search.nav_version != nav->version))
        q->active = -1;
    int64_t used = 0;
    while (q->size > 0 && used < budget) {
        int agent = q->ring[q->head];
        nav_slot *s = &q->slots[agent];
        ae_nav_status st;
        if (q->active != agent) {
            int layer = ae_nav_layer(nav, s->def.radius);
            AE_ASSERT(layer >= 0);
            ae_nav_query query = {{0, 0}, {0, 0}, layer, s->def.method};
            if (!snap(nav, layer, s->def.start, &query.start) ||
                !snap(nav, layer, s->def.goal, &query.goal))
                st = AE_NAV_BAD_ENDPOINT;
            else
                st = ae_nav_search_begin(&q->search, nav, &query);
            q->active = agent;
        } else {
            st = q->search.status;
        }
        if (st == AE_NAV_RUNNING) {
            int64_t done = 0;
            st = ae_nav_search_step(&q->search, budget - used, &done);
            used += done;
        }
        if (st == AE_NAV_RUNNING) break; // budget spent; resume next tick
        finish(q, nav, sdf, s, st);
        s->queued = false;
        q->head = (q->head + 1) % q->max_agents;
        q->size--;
        q->active = -1;
    }
    return used;
}

ae_nav_request_status ae_nav_queue_status(const ae_nav_queue *q, ae_nav_request_id id) {
    nav_slot *s = slot_of(q, id);
    return s ? (ae_nav_request_status)s->status : AE_NAV_REQUEST_INVALID;
}

const vec2s *ae_nav_queue_path(const ae_nav_queue *q, ae_nav_request_id id, int *count) {
    nav_slot *s = slot_of(q, id);
    if (!s || s->status != AE_NAV_REQUEST_FOUND) {
        *count = 0;
        return NULL;
    }
    *count = s->point_count;
    return s->points;
}

int ae_nav_queue_pending(const ae_nav_queue *q) {
    return q->size;
}
