// The map check of the document, computed again when the grid changed, and its markers: where
// the pockets and the narrow passages are.
#include "ed_internal.h"

#include "sim_debug.h"

#include <stdlib.h>
#include <string.h>

/// A group of cells being measured: its size, the sum of its cells' coordinates (for the mean)
/// and the cell nearest the mean so far.
typedef struct group {
    int cells;
    double sx, sy;
    int best_x, best_y;
    double best_d2;
    int order; ///< the order groups were found in, for equal sizes
    bool narrow;
} group;

static int by_size(const void *a, const void *b) {
    const group *p = a, *q = b;
    if (p->cells != q->cells) return p->cells > q->cells ? -1 : 1;
    return (p->order > q->order) - (p->order < q->order);
}

static void nearer(group *gr, int x, int y) {
    const double dx = (double)x - gr->sx / gr->cells, dy = (double)y - gr->sy / gr->cells;
    const double d2 = dx * dx + dy * dy;
    if (d2 < gr->best_d2) { // ties: the first cell in row order
        gr->best_d2 = d2;
        gr->best_x = x;
        gr->best_y = y;
    }
}

/// Groups: every pocket (a component other than the largest) and every narrow passage (a
/// 4-connected group of narrow cells), measured in two passes (sums, then the nearest cell).
/// Returns how many (*out, the caller's to free with that count), or -1 when memory runs out.
static int measure(const ae_map_check *c, group **out) {
    const size_t n = (size_t)c->width * (size_t)c->height;
    // Narrow groups get numbers after the components': label[i] for narrow cells.
    int32_t *label = ae_alloc(n * sizeof *label);
    uint32_t *queue = NULL;
    size_t qn = 0, qcap = 0;
    int narrow_groups = 0;
    if (!label) return -1;
    uint8_t *seen = ae_calloc((n + 7) / 8, 1);
    if (!seen) {
        ae_free(label, n * sizeof *label);
        return -1;
    }
    // A grid of the narrow cells alone (1) among the rest (0), so ed_flood finds their groups.
    ae_grid mask = {c->width, c->height, ae_alloc(n)};
    bool ok = mask.cells != NULL;
    for (size_t i = 0; ok && i < n; i++)
        mask.cells[i] = (c->cells[i] & AE_MAP_CELL_KIND_MASK) == AE_MAP_CELL_NARROW;
    for (size_t i = 0; i < n; i++) label[i] = -1;
    for (size_t i = 0; ok && i < n; i++) {
        if (!mask.cells[i] || ed_bit(seen, i)) continue;
        ok = ed_flood(&mask, (int)(i % (size_t)c->width), (int)(i / (size_t)c->width), seen, &queue,
                      &qn, &qcap);
        for (size_t k = 0; ok && k < qn; k++) label[queue[k]] = narrow_groups;
        narrow_groups++;
    }
    ae_free(queue, qcap * sizeof *queue);
    if (mask.cells) ae_free(mask.cells, n);
    ae_free(seen, (n + 7) / 8);
    const int total = c->component_count + narrow_groups;
    group *g = ok && total > 0 ? ae_calloc((size_t)total, sizeof *g) : NULL;
    if (ok && total > 0 && !g) ok = false;
    if (!ok) {
        ae_free(label, n * sizeof *label);
        return -1;
    }
    // Which group a cell belongs to: its pocket's, its narrow passage's, or none (-1).
#define GROUP_OF(i)                                                                                \
    ((c->cells[i] & AE_MAP_CELL_KIND_MASK) == AE_MAP_CELL_POCKET ? c->component[i]                 \
     : label[i] >= 0                                             ? c->component_count + label[i]   \
                                                                 : -1)
    for (int k = 0; k < total; k++) {
        g[k].order = k;
        g[k].narrow = k >= c->component_count;
        g[k].best_d2 = 1e300;
    }
    for (size_t i = 0; i < n; i++) {
        const int k = GROUP_OF(i);
        if (k < 0) continue;
        g[k].cells++;
        g[k].sx += (double)(i % (size_t)c->width);
        g[k].sy += (double)(i / (size_t)c->width);
    }
    for (size_t i = 0; i < n; i++) {
        const int k = GROUP_OF(i);
        if (k >= 0) nearer(&g[k], (int)(i % (size_t)c->width), (int)(i / (size_t)c->width));
    }
#undef GROUP_OF
    ae_free(label, n * sizeof *label);
    *out = g;
    return total;
}

const ae_map_check *ed_check(ed_doc *d, ae_error *err) {
    if (d->checked && d->check_revision == d->revision && d->check_agents == d->agents)
        return &d->check;
    const sim_world *w = d->world;
    // arena-map check's definition (engine/tools/arena_map/cmd_check.c), for the game's agent
    // radius on the world's own field and the document's agents.
    ae_map_check_def def = ae_default_map_check_def();
    def.radius = sim_config_of(w)->rules.agent_radius;
    def.agents = d->agents;
    def.min_largest_share = 0.5f;
    def.min_largest_cells = 400;
    ae_map_check c;
    if (!ae_map_check_init(&c, sim_grid(w), sim_debug_sdf(w), &def, err)) return NULL;
    group *g = NULL;
    const int total = measure(&c, &g);
    if (total < 0) {
        ae_map_check_free(&c);
        ae_error_set(err, "out of memory");
        return NULL;
    }
    if (total > 0) qsort(g, (size_t)total, sizeof *g, by_size);
    d->marker_count = 0;
    for (int k = 0; k < total && d->marker_count < ED_MARKERS_MAX; k++) {
        if (g[k].cells == 0) continue; // the largest component: not a pocket
        d->markers[d->marker_count++] =
            (ed_marker){g[k].narrow, g[k].best_x, g[k].best_y, g[k].cells};
    }
    if (g) ae_free(g, (size_t)total * sizeof *g);
    if (d->checked) ae_map_check_free(&d->check);
    d->check = c;
    d->checked = true;
    d->check_revision = d->revision;
    d->check_agents = d->agents;
    return &d->check;
}

const ed_marker *ed_markers(const ed_doc *d, int *count) {
    *count = d->checked ? d->marker_count : 0;
    return d->markers;
}
