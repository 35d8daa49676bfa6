// Private helpers shared by the search files: node tiles, the open heap and node relaxation.
#ifndef NAV_INTERNAL_H
#define NAV_INTERNAL_H

#include "arena/ae_nav.h"

#include <stdlib.h>

#define NAV_SQRT2 1.4142135623730951

/// ae_nav_node.heap of a node not reached by the current search.
#define NAV_UNSEEN (-2)
#define NAV_TILE   (1 << AE_NAV_TILE_SHIFT)

/// The node at index i, its tile reset first when an earlier search last used it.
static inline ae_nav_node *nav_touch(ae_nav_search *s, int32_t i) {
    AE_ASSERT(i >= 0 && i < s->capacity); // a flood band too narrow for its cost is misuse
    const uint32_t t = (uint32_t)i >> AE_NAV_TILE_SHIFT;
    if (s->tile_stamp[t] != s->stamp) {
        s->tile_stamp[t] = s->stamp;
        ae_nav_node *n = s->nodes + ((size_t)t << AE_NAV_TILE_SHIFT);
        for (int k = 0; k < NAV_TILE; k++) n[k].heap = NAV_UNSEEN;
    }
    return &s->nodes[i];
}

/// Row of index i: i / stride by a multiply and a shift (s->row_magic = ceil(2^42 / stride)),
/// exact for every index of a padded grid up to 4098 x 4098 cells (i < 2^25, stride < 2^13).
static inline int32_t nav_row(const ae_nav_search *s, int32_t i) {
    return (int32_t)(((uint64_t)(uint32_t)i * s->row_magic) >> 42);
}

/// Octile heuristic from index m to the goal (0 for floods). Indices of one search share their
/// first row, so differences of columns and rows are the grid's.
static inline double nav_h(const ae_nav_search *s, int32_t m) {
    if (s->goal < 0) return 0.0;
    int32_t y = nav_row(s, m), x = m - y * s->stride;
    int dx = abs(x - s->goal_x), dy = abs(y - s->goal_y);
    int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return (double)(hi - lo) + (double)lo * NAV_SQRT2;
}

/// A heap key: lower f first; on equal f the deeper node (higher g), then the lower index, so
/// the order never depends on insertion history.
typedef struct nav_key {
    double f, g;
    int32_t i;
} nav_key;

static inline nav_key nav_key_of(const ae_nav_search *s, int32_t i) {
    double g = s->nodes[i].g;
    return (nav_key){g + nav_h(s, i), g, i};
}

static inline bool nav_key_before(nav_key a, nav_key b) {
    if (a.f != b.f) return a.f < b.f;
    if (a.g != b.g) return a.g > b.g;
    return a.i < b.i;
}

static inline void nav_sift_up(ae_nav_search *s, int i) {
    int32_t *h = s->heap;
    const nav_key v = nav_key_of(s, h[i]);
    while (i > 0) {
        int p = (i - 1) >> 1;
        if (!nav_key_before(v, nav_key_of(s, h[p]))) break;
        h[i] = h[p];
        s->nodes[h[i]].heap = i;
        i = p;
    }
    h[i] = v.i;
    s->nodes[v.i].heap = i;
}

static inline int32_t nav_pop(ae_nav_search *s) {
    int32_t *h = s->heap;
    int32_t top = h[0];
    int32_t last = h[--s->heap_size];
    int n = s->heap_size, i = 0;
    if (n > 0) {
        const nav_key v = nav_key_of(s, last);
        for (;;) {
            int c = 2 * i + 1;
            if (c >= n) break;
            nav_key kc = nav_key_of(s, h[c]);
            if (c + 1 < n) {
                nav_key kd = nav_key_of(s, h[c + 1]);
                if (nav_key_before(kd, kc)) {
                    c++;
                    kc = kd;
                }
            }
            if (!nav_key_before(kc, v)) break;
            h[i] = h[c];
            s->nodes[h[i]].heap = i;
            i = c;
        }
        h[i] = last;
        s->nodes[last].heap = i;
    }
    s->nodes[top].heap = -1;
    return top;
}

/// Offers node m a path through n with cost g.
static inline void nav_relax(ae_nav_search *s, int32_t m, int32_t n, double g) {
    ae_nav_node *nm = nav_touch(s, m);
    if (nm->heap == NAV_UNSEEN) {
        nm->g = g;
        nm->parent = n;
        s->heap[s->heap_size] = m;
        nav_sift_up(s, s->heap_size++);
    } else if (nm->heap >= 0 && g < nm->g) {
        nm->g = g;
        nm->parent = n;
        nav_sift_up(s, nm->heap);
    }
}

/// Expansion loops of the two methods; both stop at the goal, an empty heap or the budget.
ae_nav_status nav_astar_run(ae_nav_search *s, int64_t max_nodes, int64_t *expanded);
ae_nav_status nav_jps_run(ae_nav_search *s, int64_t max_nodes, int64_t *expanded);

#endif
