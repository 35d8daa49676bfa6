// Private helpers shared by the search files: node records, the open heap and node relaxation.
#ifndef NAV_INTERNAL_H
#define NAV_INTERNAL_H

#include "nav_grid_internal.h"

#include <stdlib.h>
#include <string.h>

#define NAV_SQRT2 1.4142135623730951

/// The cost of a diagonal step in a path search's g and f: sqrt 2 rounded to a multiple of 2^-28
/// (1.9e-9 below it). Every sum of such steps and whole ones on a map up to 4098 cells a side is
/// a multiple of 2^-28 below 2^25, exact in a double, so paths of the same step counts get the
/// same f whatever order their steps were added in, and the heap's tie-break towards the larger
/// g decides between them as meant. With the full sqrt 2 the sums' rounding made such ties fall
/// either way (jump point search expanded 4% more nodes than warthog's jps2 on random512-10-0,
/// whose sqrt 2 has float precision for the same reason). The error cannot reorder paths whose
/// true costs differ on the maps played (that needs |a + b sqrt 2| < 1.9e-9 |b| for step count
/// differences a, b), and lengths are counted from the path's steps with NAV_SQRT2. Floods keep
/// NAV_SQRT2: their costs are returned, and the cover search's flood computes the same doubles.
#define NAV_DIAG 0x1.6a09e66p0

/// Per-node search record, valid when `stamp` is the current search's number: a node is reset
/// when a search first touches it, so a sparse jump point search writes only the records it
/// reaches (clearing 32-node tiles on first touch cost it most of its cache misses). An open
/// node's g and f are in its heap entry; floods store a node's g on its page when they close it.
/// Reaching a node writes one 12-byte record (a separate parent array had cost a dense search
/// a second cache line per node).
typedef struct nav_node {
    uint32_t stamp; ///< the search number that last reset the record
    int32_t heap;   ///< position in the open heap; -2 when closed, -1 when not reached yet
    int32_t parent; ///< the parent's index, -1 for the start (reached nodes only)
} nav_node;

/// Nodes live in pages of NAV_PAGE consecutive indices, allocated zeroed (stamp 0: no search)
/// when a search first touches one, so a context costs what its searches reach rather than 20
/// bytes per cell of the map.
#define NAV_PAGE_SHIFT 8
#define NAV_PAGE       (1 << NAV_PAGE_SHIFT)
typedef struct nav_page {
    nav_node node[NAV_PAGE]; ///< first: a record's page is found from its address (nav_pop)
    double g[NAV_PAGE];      ///< cost from the start of closed nodes (what floods return)
} nav_page;

/// An open node in the heap with its f = g + heuristic, its g and its parent, so that
/// comparisons read neither the heuristic nor the node's record (which sits behind the page
/// table), and expanding the node reads neither (in a dense search such as a maze's, the record
/// of the node popped has often left the cache since it was reached).
typedef struct nav_open {
    double f;       ///< g plus the heuristic
    double g;       ///< the node's g (the tie-break)
    nav_node *rec;  ///< the node's record, so moving the entry need not look up its page
    int32_t node;   ///< node index
    int32_t parent; ///< the parent's index, -1 for the start (a copy of the record's)
} nav_open;

/// A search context (ae_nav.h). Node indices count from the first row held (`base_row`), so they
/// keep the padded grid's order. The path queue embeds one.
struct ae_nav_search {
    int capacity;           ///< node indices the pages cover (a multiple of NAV_PAGE)
    int stride;             ///< padded row length the context was sized for
    int rows;               ///< padded rows it holds
    double reach;           ///< flood contexts: the largest flood cost served; < 0: any
    nav_page **pages;       ///< capacity / NAV_PAGE pages, NULL until a search touches one
    nav_open *heap;         ///< the open nodes, a binary heap of heap_cap slots
    int heap_size;          ///< open nodes
    int heap_cap;           ///< slots of heap: grown on demand, kept between searches
    uint32_t stamp;         ///< current search number
    ae_nav_status status;   ///< state of the current search
    ae_nav_method method;   ///< method actually used (never AUTO once begun)
    const ae_nav_grid *nav; ///< grid of the current search
    const uint8_t *pass;    ///< the grid's padded cells from base_row on: indexed like the nodes
    int base_row;           ///< padded row of node index 0 in the current search
    uint32_t nav_version;   ///< nav->version when the search began
    int32_t start;          ///< start index
    int32_t goal;           ///< goal index, -1 for a flood
    int32_t goal_x;         ///< the goal's column and row in index terms (for the heuristic)
    int32_t goal_y;         ///< ...
    uint64_t row_magic;     ///< ceil(2^42 / stride): index / stride without a division
    uint8_t mask;           ///< layer bit
    int layer;              ///< layer index
    double max_cost;        ///< flood limit
    double diag;        ///< a diagonal step's cost: NAV_DIAG in path searches, NAV_SQRT2 in floods
    double length;      ///< path length in cells once FOUND
    int64_t expanded;   ///< nodes expanded so far by this search
    nav_page *spare;    ///< stands in for a page that could not be allocated
    bool out_of_memory; ///< the current search lacked memory: it ends with no path
};

/// Allocates a context embedded in another object (the path queue's): ae_nav_search_create
/// without the allocation of the context itself. False (with err) on out-of-memory.
bool nav_search_init(ae_nav_search *s, const ae_nav_grid *nav, ae_error *err);
/// Frees what nav_search_init allocated.
void nav_search_free(ae_nav_search *s);

/// nav_node.heap of a node not reached by the current search.
#define NAV_UNSEEN (-1)
/// nav_node.heap of a closed node.
#define NAV_CLOSED (-2)

/// Allocates the page of index i (out of line: once per page per context). Out of memory, it
/// marks the search out_of_memory and returns the context's spare page, which the search may
/// scribble on until its loop sees the mark and ends it with no path.
nav_page *nav_page_alloc(ae_nav_search *s, int32_t i);

/// The page of index i, allocated when no search touched it yet.
static inline nav_page *nav_page_of(ae_nav_search *s, int32_t i) {
    AE_ASSERT(i >= 0 && i < s->capacity); // a flood band too narrow for its cost is misuse
    nav_page *pg = s->pages[(uint32_t)i >> NAV_PAGE_SHIFT];
    return pg ? pg : nav_page_alloc(s, i);
}

/// Record i of its page pg, reset first when an earlier search last used it (its parent is then
/// a don't-care).
static inline nav_node *nav_reset(const ae_nav_search *s, nav_page *pg, int32_t i) {
    nav_node *n = &pg->node[i & (NAV_PAGE - 1)];
    if (n->stamp != s->stamp) {
        n->stamp = s->stamp;
        n->heap = NAV_UNSEEN;
    }
    return n;
}

/// The record of index i, once touched by the current search (its page exists).
static inline nav_node *nav_node_at(const ae_nav_search *s, int32_t i) {
    return &s->pages[(uint32_t)i >> NAV_PAGE_SHIFT]->node[i & (NAV_PAGE - 1)];
}

/// The parent of index i, once reached by the current search.
static inline int32_t nav_parent(const ae_nav_search *s, int32_t i) {
    return nav_node_at(s, i)->parent;
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
    return (double)(hi - lo) + (double)lo * s->diag;
}

/// Heap order: lower f first; on equal f the deeper node (higher g), then the higher index, so
/// the order never depends on insertion history. (The last tie is rare with exact costs; the
/// higher index expanded slightly fewer nodes than the lower over random512-10-0's problems.)
static inline bool nav_before(nav_open a, nav_open b) {
    if (a.f != b.f) return a.f < b.f;
    if (a.g != b.g) return a.g > b.g;
    return a.node > b.node;
}

static inline void nav_sift_up(ae_nav_search *s, int i) {
    nav_open *h = s->heap;
    const nav_open v = h[i];
    while (i > 0) {
        int p = (i - 1) >> 1;
        if (!nav_before(v, h[p])) break;
        h[i] = h[p];
        h[i].rec->heap = i;
        i = p;
    }
    h[i] = v;
    v.rec->heap = i;
}

/// Removes the first open node and returns its entry. The hole at the root goes down to a leaf
/// along the earlier child (one comparison a level), then the last node rises from there: it comes
/// from the bottom level and rarely rises far, so this takes about half the comparisons of sifting
/// it down from the root (5% fewer instructions on random512). The order is total (ties end on the
/// index), so every search pops the same nodes as before.
static inline nav_open nav_pop(ae_nav_search *s) {
    nav_open *h = s->heap;
    const nav_open top = h[0];
    const int n = --s->heap_size;
    if (n > 0) {
        int i = 0;
        for (int c = 1; c < n; c = 2 * i + 1) {
            if (c + 1 < n && nav_before(h[c + 1], h[c])) c++;
            h[i] = h[c];
            h[i].rec->heap = i;
            i = c;
        }
        h[i] = h[n];
        nav_sift_up(s, i);
    }
    top.rec->heap = NAV_CLOSED;
    // Only floods return closed nodes' costs. The record is its page's node[top.node % NAV_PAGE],
    // and node[] comes first in the page.
    if (s->goal < 0)
        ((nav_page *)(top.rec - (top.node & (NAV_PAGE - 1))))->g[top.node & (NAV_PAGE - 1)] = top.g;
    return top;
}

/// Room for one more open node: the heap grows by doubling (it is kept between searches, so
/// this allocates only when a search opens more nodes than any before it). False when memory ran
/// out: the search is marked out_of_memory and the node is not opened.
bool nav_heap_grow(ae_nav_search *s);

/// Offers node m a path through n with cost g.
static inline __attribute__((always_inline)) void nav_relax(ae_nav_search *s, int32_t m, int32_t n,
                                                            double g) {
    nav_page *pg = nav_page_of(s, m);
    nav_node *nm = nav_reset(s, pg, m);
    if (nm->heap == NAV_UNSEEN) {
        nm->parent = n;
        if (s->heap_size == s->heap_cap && !nav_heap_grow(s)) return;
        s->heap[s->heap_size] = (nav_open){g + nav_h(s, m), g, nm, m, n};
        nav_sift_up(s, s->heap_size++);
    } else if (nm->heap >= 0 && g < s->heap[nm->heap].g) {
        nm->parent = n;
        s->heap[nm->heap].f = g + nav_h(s, m);
        s->heap[nm->heap].g = g;
        s->heap[nm->heap].parent = n;
        nav_sift_up(s, nm->heap);
    }
}

/// Expansion loops of the two methods; both stop at the goal, an empty heap or the budget.
ae_nav_status nav_astar_run(ae_nav_search *s, int64_t max_nodes, int64_t *expanded);
ae_nav_status nav_jps_run(ae_nav_search *s, int64_t max_nodes, int64_t *expanded);

#endif
