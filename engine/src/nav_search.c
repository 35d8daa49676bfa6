// Search contexts: allocation, starting a search, budgeted stepping, paths and floods.
#include "nav_internal.h"

#include <stdlib.h>
#include <string.h>

bool ae_nav_search_init(ae_nav_search *s, const ae_nav_grid *nav, ae_error *err) {
    memset(s, 0, sizeof *s);
    int cap = nav->stride * (nav->height + 2);
    s->nodes = ae_calloc((size_t)cap, sizeof *s->nodes);
    s->heap = ae_alloc((size_t)cap * sizeof *s->heap);
    if (!s->nodes || !s->heap) {
        ae_error_set(err, "nav: out of memory for a search context");
        ae_nav_search_free(s);
        return false;
    }
    s->capacity = cap;
    return true;
}

void ae_nav_search_free(ae_nav_search *s) {
    if (s->nodes) ae_free(s->nodes, (size_t)s->capacity * sizeof *s->nodes);
    if (s->heap) ae_free(s->heap, (size_t)s->capacity * sizeof *s->heap);
    memset(s, 0, sizeof *s);
}

/// Opens a new search number; on wrap-around every stamp is cleared once.
static void next_stamp(ae_nav_search *s) {
    if (++s->stamp == 0) {
        for (int i = 0; i < s->capacity; i++) s->nodes[i].stamp = 0;
        s->stamp = 1;
    }
    s->heap_size = 0;
    s->expanded = 0;
    s->length = 0.0;
}

static void push_start(ae_nav_search *s, int32_t start) {
    ae_nav_node *n = &s->nodes[start];
    n->stamp = s->stamp;
    n->g = 0.0;
    n->f = nav_h(s, start);
    n->parent = -1;
    s->heap[0] = start;
    n->heap = 0;
    s->heap_size = 1;
}

static int32_t padded(const ae_nav_grid *nav, ae_nav_cell c) {
    return (c.y + 1) * nav->stride + (c.x + 1);
}

ae_nav_status ae_nav_search_begin(ae_nav_search *s, const ae_nav_grid *nav, const ae_nav_query *q) {
    AE_ASSERT(s->capacity >= nav->stride * (nav->height + 2));
    AE_ASSERT(q->layer >= 0 && q->layer < nav->radius_count);
    next_stamp(s);
    s->nav = nav;
    s->nav_version = nav->version;
    s->mask = (uint8_t)(1u << q->layer);
    s->method = q->method == AE_NAV_ASTAR ? AE_NAV_ASTAR : AE_NAV_JPS;
    s->max_cost = 0.0;
    if (!ae_nav_passable(nav, q->layer, q->start.x, q->start.y) ||
        !ae_nav_passable(nav, q->layer, q->goal.x, q->goal.y)) {
        s->status = AE_NAV_BAD_ENDPOINT;
        return s->status;
    }
    s->start = padded(nav, q->start);
    s->goal = padded(nav, q->goal);
    push_start(s, s->start);
    s->status = AE_NAV_RUNNING;
    return s->status;
}

/// Length of the parent chain, counted as straight and diagonal steps so that A* and jump point
/// paths of the same optimal cost give bit-identical lengths.
static double chain_length(const ae_nav_search *s) {
    int64_t straight = 0, diagonal = 0;
    const int stride = s->nav->stride;
    for (int32_t n = s->goal; s->nodes[n].parent >= 0; n = s->nodes[n].parent) {
        int32_t p = s->nodes[n].parent;
        int dx = abs(n % stride - p % stride), dy = abs(n / stride - p / stride);
        int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
        diagonal += lo;
        straight += hi - lo;
    }
    return (double)straight + (double)diagonal * NAV_SQRT2;
}

ae_nav_status ae_nav_search_step(ae_nav_search *s, int64_t max_nodes, int64_t *expanded) {
    int64_t done = 0;
    if (s->status == AE_NAV_RUNNING) {
        AE_ASSERT(s->nav->version == s->nav_version);
        s->status = s->method == AE_NAV_ASTAR ? nav_astar_run(s, max_nodes, &done)
                                              : nav_jps_run(s, max_nodes, &done);
        s->expanded += done;
        if (s->status == AE_NAV_FOUND && s->goal >= 0) s->length = chain_length(s);
    }
    if (expanded) *expanded = done;
    return s->status;
}

ae_nav_status ae_nav_find_path(ae_nav_search *s, const ae_nav_grid *nav, const ae_nav_query *q) {
    if (ae_nav_search_begin(s, nav, q) != AE_NAV_RUNNING) return s->status;
    return ae_nav_search_step(s, INT64_MAX, NULL);
}

int ae_nav_path_count(const ae_nav_search *s) {
    if (s->status != AE_NAV_FOUND || s->goal < 0) return 0;
    const int stride = s->nav->stride;
    int count = 1;
    for (int32_t n = s->goal; s->nodes[n].parent >= 0; n = s->nodes[n].parent) {
        int32_t p = s->nodes[n].parent;
        int dx = abs(n % stride - p % stride), dy = abs(n / stride - p / stride);
        count += dx > dy ? dx : dy;
    }
    return count;
}

int ae_nav_path_cells(const ae_nav_search *s, ae_nav_cell *out, int cap) {
    int count = ae_nav_path_count(s);
    const int stride = s->nav->stride;
    int i = count - 1;
    // Walk back from the goal; every parent link is a straight or diagonal line of cells.
    for (int32_t n = s->goal; i >= 0; n = s->nodes[n].parent) {
        int x = n % stride - 1, y = n / stride - 1;
        int32_t p = s->nodes[n].parent;
        if (p < 0) {
            if (i < cap) out[i] = (ae_nav_cell){x, y};
            break;
        }
        int px = p % stride - 1, py = p / stride - 1;
        int sx = (px > x) - (px < x), sy = (py > y) - (py < y);
        while (x != px || y != py) {
            if (i < cap) out[i] = (ae_nav_cell){x, y};
            i--;
            x += sx;
            y += sy;
        }
    }
    return count;
}

bool ae_nav_flood(ae_nav_search *s, const ae_nav_grid *nav, ae_nav_cell start, int layer,
                  double max_cost) {
    AE_ASSERT(s->capacity >= nav->stride * (nav->height + 2));
    next_stamp(s);
    s->nav = nav;
    s->nav_version = nav->version;
    s->mask = (uint8_t)(1u << layer);
    s->method = AE_NAV_ASTAR;
    s->goal = -1;
    s->max_cost = max_cost;
    if (!ae_nav_passable(nav, layer, start.x, start.y)) {
        s->status = AE_NAV_BAD_ENDPOINT;
        return false;
    }
    s->start = padded(nav, start);
    push_start(s, s->start);
    s->status = AE_NAV_RUNNING;
    ae_nav_search_step(s, INT64_MAX, NULL);
    return true;
}

double ae_nav_flood_cost(const ae_nav_search *s, int x, int y) {
    if (s->goal >= 0 || !s->nav) return -1.0;
    if (x < 0 || y < 0 || x >= s->nav->width || y >= s->nav->height) return -1.0;
    const ae_nav_node *n = &s->nodes[(y + 1) * s->nav->stride + (x + 1)];
    if (n->stamp != s->stamp || n->heap >= 0 || n->g > s->max_cost) return -1.0;
    return n->g;
}
