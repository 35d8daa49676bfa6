// Loose quadtree (Ulrich's "loose octree" in 2D): a full quadtree over the world's bounding square
// whose node bounds are doubled (each node reaches half its side past every edge). Each proxy sits
// in exactly one node: the deepest level whose side is at least the proxy's extent, the node that
// holds its centre, so the proxy always fits the node's loose bounds. Proxies larger than the
// world or centred outside it go to the root, whose bounds are unlimited.
//
// The tree is implicit (level L is a 2^L x 2^L array of nodes) and rebuilt at each update with a
// counting sort, plus a subtree population per node so empty branches are skipped.
#include "bp_internal.h"

#include <string.h>

#define QT_MAX_DEPTH 8
// Pruning margin in node sides: 0.5 is exact for loose bounds, 0.75 absorbs float rounding.
#define QT_MARGIN 0.75f

typedef struct qt_impl {
    int depth;
    int sized_for;
    float ox, oy, side;
    int offset[QT_MAX_DEPTH + 2]; // first node id of each level
    int nodes;
    int node_capacity;
    int32_t *start;    // nodes + 1 offsets into items
    int32_t *sub;      // proxies in each node's subtree
    int32_t *items;    // proxy indices grouped by node, ascending within a node
    int32_t *node_of;  // per proxy
    uint8_t *level_of; // per proxy
} qt_impl;

static bool qt_create(ae_broadphase *bp) {
    qt_impl *t = ae_calloc(1, sizeof *t);
    bp->impl = t;
    return t != NULL;
}

static void qt_destroy(ae_broadphase *bp) {
    qt_impl *t = bp->impl;
    size_t n = (size_t)bp->capacity, m = (size_t)t->node_capacity;
    ae_free(t->start, sizeof *t->start * (m + 1));
    ae_free(t->sub, sizeof *t->sub * m);
    ae_free(t->items, sizeof *t->items * n);
    ae_free(t->node_of, sizeof *t->node_of * n);
    ae_free(t->level_of, sizeof *t->level_of * n);
    ae_free(t, sizeof *t);
}

static bool qt_grow(ae_broadphase *bp, int n0, int n1) {
    qt_impl *t = bp->impl;
    void *old[] = {t->items, t->node_of, t->level_of};
    const size_t elem[] = {sizeof *t->items, sizeof *t->node_of, sizeof *t->level_of};
    void *grown[3];
    if (!bp_grow_arrays(old, elem, 3, (size_t)n0, (size_t)n1, grown)) return false;
    t->items = grown[0];
    t->node_of = grown[1];
    t->level_of = grown[2];
    return true;
}

// Depth from the population: about two proxies per leaf. False, with the tree as it was, when
// memory for its nodes ran out.
static bool qt_size(ae_broadphase *bp, qt_impl *t) {
    int n = bp->alive_count;
    int depth = 0;
    while (depth < QT_MAX_DEPTH && (1L << (2 * (depth + 1))) <= (long)n / 2) depth++;
    int total = 0;
    for (int l = 0; l <= depth; l++) total += 1 << (2 * l);
    if (total > t->node_capacity) {
        int32_t *start = ae_alloc(sizeof *t->start * (size_t)(total + 1));
        int32_t *sub = start ? ae_alloc(sizeof *t->sub * (size_t)total) : NULL;
        if (!sub) {
            ae_free(start, sizeof *t->start * (size_t)(total + 1));
            return false;
        }
        size_t m = (size_t)t->node_capacity;
        ae_free(t->start, sizeof *t->start * (m + 1));
        ae_free(t->sub, sizeof *t->sub * m);
        t->start = start;
        t->sub = sub;
        t->node_capacity = total;
    }
    t->depth = depth;
    t->sized_for = n;
    const ae_aabb w = bp->def.world;
    t->ox = w.lower.x;
    t->oy = w.lower.y;
    t->side = fmaxf(w.upper.x - w.lower.x, w.upper.y - w.lower.y);
    total = 0;
    for (int l = 0; l <= depth; l++) {
        t->offset[l] = total;
        total += 1 << (2 * l);
    }
    t->offset[depth + 1] = total;
    t->nodes = total;
    return true;
}

static inline float qt_node_side(const qt_impl *t, int level) {
    return t->side / (float)(1 << level);
}

static void qt_place(const qt_impl *t, const bp_box *b, int *level, int *node) {
    float cx = 0.5f * b->minx + 0.5f * b->maxx, cy = 0.5f * b->miny + 0.5f * b->maxy;
    float ext = bp_maxf(b->maxx - b->minx, b->maxy - b->miny);
    float fx = (cx - t->ox) / t->side, fy = (cy - t->oy) / t->side;
    if (!(fx >= 0.0f && fx < 1.0f && fy >= 0.0f && fy < 1.0f) || !(ext <= t->side)) {
        *level = 0;
        *node = 0;
        return;
    }
    int l = t->depth;
    while (l > 0 && qt_node_side(t, l) < ext) l--;
    int n = 1 << l;
    int i = ae_mini((int)(fx * (float)n), n - 1), j = ae_mini((int)(fy * (float)n), n - 1);
    *level = l;
    *node = t->offset[l] + j * n + i;
}

static bool qt_sync(ae_broadphase *bp) {
    qt_impl *t = bp->impl;
    int n = bp->alive_count;
    if ((t->nodes == 0 || (n > 16 && (n > 2 * t->sized_for || 2 * n < t->sized_for))) &&
        !qt_size(bp, t))
        return false;
    memset(t->start, 0, sizeof *t->start * (size_t)(t->nodes + 1));
    for (int i = 0; i < bp->high; i++) {
        if (!bp_is_alive(bp, i)) continue;
        int level, node;
        qt_place(t, &bp->box[i], &level, &node);
        t->node_of[i] = node;
        t->level_of[i] = (uint8_t)level;
        t->start[node + 1]++;
    }
    for (int k = 0; k < t->nodes; k++) t->sub[k] = t->start[k + 1];
    for (int l = t->depth; l > 0; l--) {
        int side = 1 << l, parent = t->offset[l - 1];
        for (int j = 0; j < side; j++)
            for (int i = 0; i < side; i++)
                t->sub[parent + (j >> 1) * (side >> 1) + (i >> 1)] +=
                    t->sub[t->offset[l] + j * side + i];
    }
    for (int k = 0; k < t->nodes; k++) t->start[k + 1] += t->start[k];
    for (int i = 0; i < bp->high; i++)
        if (bp_is_alive(bp, i)) t->items[t->start[t->node_of[i]]++] = i;
    for (int k = t->nodes; k > 0; k--) t->start[k] = t->start[k - 1];
    t->start[0] = 0;
    return true;
}

// Whether node (level, i, j)'s loose bounds, with the rounding margin, touch box q.
static inline bool qt_node_touches(const qt_impl *t, int level, int i, int j, const bp_box *q) {
    float s = qt_node_side(t, level), m = s * QT_MARGIN;
    float x0 = t->ox + (float)i * s - m, y0 = t->oy + (float)j * s - m;
    return x0 <= q->maxx && q->minx <= x0 + s + 2.0f * m && y0 <= q->maxy &&
           q->miny <= y0 + s + 2.0f * m;
}

// Pairs of proxy a with every proxy in the subtrees of the children of node (level, i, j).
static void qt_pairs_below(ae_broadphase *bp, const qt_impl *t, int a, int level, int i, int j) {
    if (level >= t->depth) return;
    const bp_box *qa = &bp->box[a];
    int cl = level + 1, cn = 1 << cl;
    for (int dj = 0; dj < 2; dj++)
        for (int di = 0; di < 2; di++) {
            int ci = 2 * i + di, cj = 2 * j + dj, node = t->offset[cl] + cj * cn + ci;
            if (t->sub[node] == 0 || !qt_node_touches(t, cl, ci, cj, qa)) continue;
            for (int k = t->start[node]; k < t->start[node + 1]; k++) {
                int b = t->items[k];
                if (bp_box_touch(qa, &bp->box[b])) bp_candidate(bp, a, b);
            }
            qt_pairs_below(bp, t, a, cl, ci, cj);
        }
}

// Range of node coordinates at a level whose loose bounds may touch [lo, hi].
static void qt_range(float lo, float hi, float origin, float s, int n, int *i0, int *i1) {
    float f0 = (lo - origin) / s - (1.0f + QT_MARGIN), f1 = (hi - origin) / s + QT_MARGIN;
    *i0 = !(f0 > 0.0f) ? 0 : (f0 >= (float)n ? n : (int)f0);
    *i1 = !(f1 >= 0.0f) ? -1 : (f1 >= (float)(n - 1) ? n - 1 : (int)f1);
}

static void qt_find_pairs(ae_broadphase *bp) {
    qt_impl *t = bp->impl;
    for (int l = 0; l <= t->depth; l++) {
        int n = 1 << l;
        float s = qt_node_side(t, l);
        for (int node = t->offset[l]; node < t->offset[l + 1]; node++)
            for (int k = t->start[node]; k < t->start[node + 1]; k++) {
                int a = t->items[k];
                const bp_box *qa = &bp->box[a];
                // Same level: later proxies of this node, then nodes with a higher id (each pair
                // of nodes once). Deeper levels: through every same-level node in range, since
                // each deeper node has exactly one ancestor at this level.
                for (int k2 = k + 1; k2 < t->start[node + 1]; k2++) {
                    int b = t->items[k2];
                    if (bp_box_touch(qa, &bp->box[b])) bp_candidate(bp, a, b);
                }
                if (l == 0) {
                    qt_pairs_below(bp, t, a, 0, 0, 0);
                    continue;
                }
                int i0, i1, j0, j1;
                qt_range(qa->minx, qa->maxx, t->ox, s, n, &i0, &i1);
                qt_range(qa->miny, qa->maxy, t->oy, s, n, &j0, &j1);
                for (int j = j0; j <= j1; j++)
                    for (int i = i0; i <= i1; i++) {
                        int other = t->offset[l] + j * n + i;
                        if (t->sub[other] == 0) continue;
                        if (other > node)
                            for (int k2 = t->start[other]; k2 < t->start[other + 1]; k2++) {
                                int b = t->items[k2];
                                if (bp_box_touch(qa, &bp->box[b])) bp_candidate(bp, a, b);
                            }
                        qt_pairs_below(bp, t, a, l, i, j);
                    }
            }
    }
}

static void qt_query_node(ae_broadphase *bp, const qt_impl *t, const bp_box *q, int level, int i,
                          int j) {
    int node = t->offset[level] + (j << level) + i;
    if (t->sub[node] == 0) return;
    if (level > 0 && !qt_node_touches(t, level, i, j, q)) return;
    for (int k = t->start[node]; k < t->start[node + 1]; k++) {
        int b = t->items[k];
        if (bp_box_touch(q, &bp->box[b])) bp_query_hit(bp, b);
    }
    if (level == t->depth) return;
    for (int dj = 0; dj < 2; dj++)
        for (int di = 0; di < 2; di++) qt_query_node(bp, t, q, level + 1, 2 * i + di, 2 * j + dj);
}

static void qt_query(ae_broadphase *bp, bp_box q) {
    qt_impl *t = bp->impl;
    qt_query_node(bp, t, &q, 0, 0, 0);
}

const bp_vtable bp_quadtree_vtable = {
    .create = qt_create,
    .destroy = qt_destroy,
    .grow = qt_grow,
    .sync = qt_sync,
    .find_pairs = qt_find_pairs,
    .query = qt_query,
};
