// Private helpers shared by the search files: the open heap and node relaxation.
#ifndef NAV_INTERNAL_H
#define NAV_INTERNAL_H

#include "arena/ae_nav.h"

#define NAV_SQRT2 1.4142135623730951

/// Heap order: lower f first; on equal f the deeper node (higher g), then the lower index, so
/// the order never depends on insertion history.
static inline bool nav_before(const ae_nav_node *nodes, int32_t a, int32_t b) {
    const ae_nav_node *na = &nodes[a], *nb = &nodes[b];
    if (na->f != nb->f) return na->f < nb->f;
    if (na->g != nb->g) return na->g > nb->g;
    return a < b;
}

static inline void nav_sift_up(ae_nav_search *s, int i) {
    int32_t *h = s->heap;
    int32_t v = h[i];
    while (i > 0) {
        int p = (i - 1) >> 1;
        if (!nav_before(s->nodes, v, h[p])) break;
        h[i] = h[p];
        s->nodes[h[i]].heap = i;
        i = p;
    }
    h[i] = v;
    s->nodes[v].heap = i;
}

static inline int32_t nav_pop(ae_nav_search *s) {
    int32_t *h = s->heap;
    int32_t top = h[0];
    int32_t v = h[--s->heap_size];
    int n = s->heap_size, i = 0;
    if (n > 0) {
        for (;;) {
            int c = 2 * i + 1;
            if (c >= n) break;
            if (c + 1 < n && nav_before(s->nodes, h[c + 1], h[c])) c++;
            if (!nav_before(s->nodes, h[c], v)) break;
            h[i] = h[c];
            s->nodes[h[i]].heap = i;
            i = c;
        }
        h[i] = v;
        s->nodes[v].heap = i;
    }
    s->nodes[top].heap = -1;
    return top;
}

/// Octile heuristic from padded index m to the goal (0 for floods).
static inline double nav_h(const ae_nav_search *s, int32_t m) {
    if (s->goal < 0) return 0.0;
    int stride = s->nav->stride;
    int dx = abs(m % stride - s->goal % stride), dy = abs(m / stride - s->goal / stride);
    int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return (double)(hi - lo) + (double)lo * NAV_SQRT2;
}

/// Offers node m a path through n with cost g.
static inline void nav_relax(ae_nav_search *s, int32_t m, int32_t n, double g) {
    ae_nav_node *nm = &s->nodes[m];
    if (nm->stamp != s->stamp) {
        nm->stamp = s->stamp;
        nm->g = g;
        nm->f = g + nav_h(s, m);
        nm->parent = n;
        s->heap[s->heap_size] = m;
        nav_sift_up(s, s->heap_size++);
    } else if (nm->heap >= 0 && g < nm->g) {
        nm->f = g + nav_h(s, m);
        nm->g = g;
        nm->parent = n;
        nav_sift_up(s, nm->heap);
    }
}

/// Expansion loops of the two methods; both stop at the goal, an empty heap or the budget.
ae_nav_status nav_astar_run(ae_nav_search *s, int64_t max_nodes, int64_t *expanded);
ae_nav_status nav_jps_run(ae_nav_search *s, int64_t max_nodes, int64_t *expanded);

#endif
