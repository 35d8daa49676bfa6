// Search contexts: allocation, starting a search, budgeted stepping, paths and floods.
#include "nav_internal.h"

#include <stdlib.h>
#include <string.h>

/// Open-heap slots a context starts with.
#define NAV_HEAP_START 1024

bool nav_heap_grow(ae_nav_search *s) {
    // A search never holds more open nodes than it has nodes.
    int cap = s->heap_cap > s->capacity / 2 ? s->capacity : 2 * s->heap_cap;
    AE_ASSERT(cap > s->heap_cap);
    nav_open *h = ae_alloc((size_t)cap * sizeof *h);
    if (!h) {
        s->out_of_memory = true;
        return false;
    }
    memcpy(h, s->heap, (size_t)s->heap_size * sizeof *h);
    ae_free(s->heap, (size_t)s->heap_cap * sizeof *s->heap);
    s->heap = h;
    s->heap_cap = cap;
    return true;
}

nav_page *nav_page_alloc(ae_nav_search *s, int32_t i) {
    nav_page **pg = &s->pages[(uint32_t)i >> NAV_PAGE_SHIFT];
    *pg = ae_calloc(1, sizeof **pg);
    if (*pg) return *pg;
    s->out_of_memory = true;
    return s->spare;
}

/// Allocates the page directory and the heap for `rows` padded rows of `stride` cells (the
/// nodes come a page at a time as searches touch them).
static bool search_alloc(ae_nav_search *s, int stride, int rows, double reach, ae_error *err) {
    memset(s, 0, sizeof *s);
    // nav_row's multiply-shift division is exact up to this size (checked for every stride).
    AE_ASSERT(stride <= AE_MAP_MAX_SIDE + 2 && rows <= AE_MAP_MAX_SIDE + 2);
    const size_t cells = (size_t)stride * (size_t)rows;
    const size_t pages = (cells + NAV_PAGE - 1) >> NAV_PAGE_SHIFT;
    const size_t cap = pages << NAV_PAGE_SHIFT;
    s->pages = ae_calloc(pages, sizeof *s->pages);
    s->heap_cap = cap < NAV_HEAP_START ? (int)cap : NAV_HEAP_START;
    s->heap = ae_alloc((size_t)s->heap_cap * sizeof *s->heap);
    s->spare = ae_calloc(1, sizeof *s->spare);
    s->capacity = (int)cap;
    if (!s->pages || !s->heap || !s->spare) {
        ae_error_set(err, "nav: out of memory for a search context");
        nav_search_free(s);
        return false;
    }
    s->stride = stride;
    s->row_magic = ((1ull << 42) + (uint64_t)stride - 1) / (uint64_t)stride;
    s->rows = rows;
    s->reach = reach;
    return true;
}

bool nav_search_init(ae_nav_search *s, const ae_nav_grid *nav, ae_error *err) {
    return search_alloc(s, nav->store->stride, nav->height + 2, -1.0, err);
}

/// A context of its own, filled by search_alloc with `rows` rows.
static ae_nav_search *search_create(int stride, int rows, double reach, ae_error *err) {
    ae_nav_search *s = ae_alloc(sizeof *s);
    if (!s) {
        ae_error_set(err, "nav: out of memory for a search context");
        return NULL;
    }
    if (!search_alloc(s, stride, rows, reach, err)) {
        ae_free(s, sizeof *s);
        return NULL;
    }
    return s;
}

ae_nav_search *ae_nav_search_create(const ae_nav_grid *nav, ae_error *err) {
    return search_create(nav->store->stride, nav->height + 2, -1.0, err);
}

/// Rows of a flood band: a flood up to `cost` expands cells at most floor(cost) rows from its
/// start (every step costs at least 1 and moves at most one row) and touches their neighbours.
static int band_rows(double cost) {
    return 2 * ((int)cost + 2) + 1;
}

ae_nav_search *ae_nav_search_create_flood(const ae_nav_grid *nav, double reach, ae_error *err) {
    AE_ASSERT(reach >= 0.0);
    const int stride = nav->store->stride;
    if (reach >= (double)nav->height) return search_create(stride, nav->height + 2, -1.0, err);
    return search_create(stride, ae_mini(band_rows(reach), nav->height + 2), reach, err);
}

void ae_nav_search_destroy(ae_nav_search *s) {
    if (!s) return;
    nav_search_free(s);
    ae_free(s, sizeof *s);
}

ae_nav_method ae_nav_search_method(const ae_nav_search *s) {
    return s->method;
}

double ae_nav_search_length(const ae_nav_search *s) {
    return s->length;
}

int64_t ae_nav_search_expanded(const ae_nav_search *s) {
    return s->expanded;
}

int ae_nav_search_rows(const ae_nav_search *s) {
    return s->rows;
}

int ae_nav_search_capacity(const ae_nav_search *s) {
    return s->capacity;
}

double ae_nav_search_reach(const ae_nav_search *s) {
    return s->reach;
}

void nav_search_free(ae_nav_search *s) {
    const size_t cap = (size_t)s->capacity;
    if (s->pages) {
        for (size_t p = 0; p < cap >> NAV_PAGE_SHIFT; p++)
            if (s->pages[p]) ae_free(s->pages[p], sizeof *s->pages[p]);
        ae_free(s->pages, (cap >> NAV_PAGE_SHIFT) * sizeof *s->pages);
    }
    if (s->heap) ae_free(s->heap, (size_t)s->heap_cap * sizeof *s->heap);
    if (s->spare) ae_free(s->spare, sizeof *s->spare);
    memset(s, 0, sizeof *s);
}

/// Opens a new search number; on wrap-around every node's stamp is cleared once.
static void next_stamp(ae_nav_search *s) {
    if (++s->stamp == 0) {
        for (int p = 0; p < s->capacity >> NAV_PAGE_SHIFT; p++)
            if (s->pages[p])
                for (int i = 0; i < NAV_PAGE; i++) s->pages[p]->node[i].stamp = 0;
        s->stamp = 1;
    }
    s->heap_size = 0;
    s->expanded = 0;
    s->length = 0.0;
    s->out_of_memory = false;
}

/// Points the context at a grid with node 0 at padded row `base_row`.
static void use_grid(ae_nav_search *s, const ae_nav_grid *nav, int base_row) {
    s->nav = nav;
    s->nav_version = nav->version;
    s->base_row = base_row;
    s->pass = nav->store->pass + (size_t)base_row * (size_t)nav->store->stride;
}

static void push_start(ae_nav_search *s, int32_t start) {
    nav_page *pg = nav_page_of(s, start);
    nav_node *n = nav_reset(s, pg, start);
    n->parent = -1;
    s->heap[0] = (nav_open){nav_h(s, start), 0.0, n, start, -1};
    n->heap = 0;
    s->heap_size = 1;
}

/// Index of a cell in the current search (the context's stride is its grid's).
static int32_t index_of(const ae_nav_search *s, ae_nav_cell c) {
    return (c.y + 1 - s->base_row) * s->stride + (c.x + 1);
}

ae_nav_status ae_nav_search_begin(ae_nav_search *s, const ae_nav_grid *nav, const ae_nav_query *q) {
    AE_ASSERT(s->reach < 0.0 && s->stride == nav->store->stride && s->rows >= nav->height + 2);
    AE_ASSERT(q->layer >= 0 && q->layer < nav->radius_count);
    next_stamp(s);
    use_grid(s, nav, 0);
    s->mask = (uint8_t)(1u << q->layer);
    s->layer = q->layer;
    s->method = q->method == AE_NAV_ASTAR ? AE_NAV_ASTAR : AE_NAV_JPS;
    s->max_cost = 0.0;
    s->diag = NAV_DIAG;
    if (!nav_grid_passable(nav, q->layer, q->start.x, q->start.y) ||
        !nav_grid_passable(nav, q->layer, q->goal.x, q->goal.y)) {
        s->status = AE_NAV_BAD_ENDPOINT;
        return s->status;
    }
    s->start = index_of(s, q->start);
    s->goal = index_of(s, q->goal);
    s->goal_x = q->goal.x + 1;
    s->goal_y = q->goal.y + 1;
    push_start(s, s->start);
    s->status = AE_NAV_RUNNING;
    return s->status;
}

/// Length of the parent chain, counted as straight and diagonal steps so that A* and jump point
/// paths of the same optimal cost give bit-identical lengths.
static double chain_length(const ae_nav_search *s) {
    int64_t straight = 0, diagonal = 0;
    const int stride = s->stride;
    for (int32_t n = s->goal; nav_parent(s, n) >= 0; n = nav_parent(s, n)) {
        int32_t p = nav_parent(s, n);
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
    const int stride = s->stride;
    int count = 1;
    for (int32_t n = s->goal; nav_parent(s, n) >= 0; n = nav_parent(s, n)) {
        int32_t p = nav_parent(s, n);
        int dx = abs(n % stride - p % stride), dy = abs(n / stride - p / stride);
        count += dx > dy ? dx : dy;
    }
    return count;
}

int ae_nav_path_cells(const ae_nav_search *s, ae_nav_cell *out, int cap) {
    int count = ae_nav_path_count(s);
    const int stride = s->stride;
    int i = count - 1;
    // Walk back from the goal; every parent link is an octile line: a diagonal run from the
    // parent, then a straight one.
    for (int32_t n = s->goal; i >= 0; n = nav_parent(s, n)) {
        int x = n % stride - 1, y = n / stride - 1 + s->base_row;
        int32_t p = nav_parent(s, n);
        if (p < 0) {
            if (i < cap) out[i] = (ae_nav_cell){x, y};
            break;
        }
        int px = p % stride - 1, py = p / stride - 1 + s->base_row;
        // Back along the link's straight run, then its diagonal one (a pruned jump point's link).
        while (x != px || y != py) {
            if (i < cap) out[i] = (ae_nav_cell){x, y};
            i--;
            const int ax = abs(px - x), ay = abs(py - y);
            if (ax >= ay) x += (px > x) - (px < x);
            if (ay >= ax) y += (py > y) - (py < y);
        }
    }
    return count;
}

bool ae_nav_flood(ae_nav_search *s, const ae_nav_grid *nav, ae_nav_cell start, int layer,
                  double max_cost) {
    AE_ASSERT(s->stride == nav->store->stride);
    AE_ASSERT(s->reach < 0.0 ? s->rows >= nav->height + 2 : max_cost <= s->reach);
    next_stamp(s);
    // The band of rows the flood can touch, kept inside the padded grid.
    int base_row = 0;
    if (s->rows < nav->height + 2)
        base_row = ae_clampi(start.y + 1 - ((int)max_cost + 2), 0, nav->height + 2 - s->rows);
    use_grid(s, nav, base_row);
    s->mask = (uint8_t)(1u << layer);
    s->layer = layer;
    s->method = AE_NAV_ASTAR;
    s->goal = -1;
    s->max_cost = max_cost;
    s->diag = NAV_SQRT2;
    if (!nav_grid_passable(nav, layer, start.x, start.y)) {
        s->status = AE_NAV_BAD_ENDPOINT;
        return false;
    }
    s->start = index_of(s, start);
    push_start(s, s->start);
    s->status = AE_NAV_RUNNING;
    ae_nav_search_step(s, INT64_MAX, NULL);
    return true;
}

double ae_nav_flood_cost(const ae_nav_search *s, int x, int y) {
    if (s->goal >= 0 || !s->nav) return -1.0;
    if (x < 0 || y < 0 || x >= s->nav->width || y >= s->nav->height) return -1.0;
    const int32_t i = index_of(s, (ae_nav_cell){x, y});
    if (i < 0 || i >= s->capacity || !s->pages[i >> NAV_PAGE_SHIFT]) return -1.0;
    const nav_node *n = nav_node_at(s, i);
    if (n->stamp != s->stamp) return -1.0;
    const double g = s->pages[i >> NAV_PAGE_SHIFT]->g[i & (NAV_PAGE - 1)];
    if (n->heap != NAV_CLOSED || g > s->max_cost) return -1.0;
    return g;
}
