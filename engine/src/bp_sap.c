// Sweep-and-prune: one list of proxies sorted by their lower bound on the axis of largest spread.
// The list is kept between updates, so after small moves insertion sort restores the order in
// near-linear time; new proxies are sorted apart and merged in. The sweep walks the list and,
// for each proxy, the following proxies until their lower bound passes its upper bound.
#include "bp_internal.h"

#include <string.h>

// The other axis must spread this much more before the list is re-sorted on it.
#define SAP_AXIS_HYSTERESIS 1.25

typedef struct sap_impl {
    int axis; // 0: x, 1: y
    bool need_compact;
    bool sorted_once;
    int count;
    bp_entry *entries;
    bp_entry *scratch;
    int32_t *added;
    int added_count;
    uint8_t *in_list; // per proxy: in entries or in added
    float max_ext;    // largest extent on the sweep axis, for queries
} sap_impl;

static bool sap_create(ae_broadphase *bp) {
    sap_impl *s = ae_calloc(1, sizeof *s);
    bp->impl = s;
    return s != NULL;
}

static void sap_destroy(ae_broadphase *bp) {
    sap_impl *s = bp->impl;
    size_t n = (size_t)bp->capacity;
    ae_free(s->entries, sizeof *s->entries * n);
    ae_free(s->scratch, sizeof *s->scratch * n);
    ae_free(s->added, sizeof *s->added * n);
    ae_free(s->in_list, sizeof *s->in_list * n);
    ae_free(s, sizeof *s);
}

static bool sap_grow(ae_broadphase *bp, int n0, int n1) {
    sap_impl *s = bp->impl;
    void *old[] = {s->entries, s->scratch, s->added, s->in_list};
    const size_t elem[] = {sizeof *s->entries, sizeof *s->scratch, sizeof *s->added,
                           sizeof *s->in_list};
    void *grown[4];
    if (!bp_grow_arrays(old, elem, 4, (size_t)n0, (size_t)n1, grown)) return false;
    s->entries = grown[0];
    s->scratch = grown[1];
    s->added = grown[2];
    s->in_list = grown[3];
    return true;
}

static void sap_on_add(ae_broadphase *bp, int i) {
    sap_impl *s = bp->impl;
    if (s->in_list[i]) return; // removed and re-added before a sync: its entry is still listed
    s->in_list[i] = 1;
    s->added[s->added_count++] = i;
}

static void sap_on_remove(ae_broadphase *bp, int i) {
    sap_impl *s = bp->impl;
    (void)i;
    s->need_compact = true;
}

static inline void sap_fill(const bp_box *b, int axis, bp_entry *e) {
    if (axis == 0) {
        e->min0 = b->minx;
        e->max0 = b->maxx;
        e->min1 = b->miny;
        e->max1 = b->maxy;
    } else {
        e->min0 = b->miny;
        e->max0 = b->maxy;
        e->min1 = b->minx;
        e->max1 = b->maxx;
    }
}

// Variance of the box centres along each axis.
static void spread(const ae_broadphase *bp, double var[2]) {
    double sum[2] = {0, 0}, sq[2] = {0, 0};
    int n = 0;
    for (int i = 0; i < bp->high; i++) {
        if (!bp_is_alive(bp, i)) continue;
        const bp_box *b = &bp->box[i];
        double c[2] = {0.5 * ((double)b->minx + b->maxx), 0.5 * ((double)b->miny + b->maxy)};
        for (int k = 0; k < 2; k++) {
            sum[k] += c[k];
            sq[k] += c[k] * c[k];
        }
        n++;
    }
    for (int k = 0; k < 2; k++) var[k] = n ? sq[k] / n - (sum[k] / n) * (sum[k] / n) : 0.0;
}

// Its arrays follow the pool's capacity: a sync allocates nothing.
static bool sap_sync(ae_broadphase *bp) {
    sap_impl *s = bp->impl;
    double var[2];
    spread(bp, var);
    int other = 1 - s->axis;
    bool resort = !s->sorted_once;
    if (var[other] > var[s->axis] * SAP_AXIS_HYSTERESIS) {
        s->axis = other;
        resort = true;
    }
    int n = 0;
    float max_ext = 0.0f;
    for (int k = 0; k < s->count; k++) {
        int i = s->entries[k].index;
        if (s->need_compact && !bp_is_alive(bp, i)) {
            s->in_list[i] = 0;
            continue;
        }
        bp_entry *e = &s->entries[n++];
        e->index = i;
        sap_fill(&bp->box[i], s->axis, e);
        max_ext = bp_maxf(max_ext, e->max0 - e->min0);
    }
    s->need_compact = false;
    int sorted = n;
    for (int k = 0; k < s->added_count; k++) {
        int i = s->added[k];
        if (!bp_is_alive(bp, i)) {
            s->in_list[i] = 0;
            continue;
        }
        bp_entry *e = &s->entries[n++];
        e->index = i;
        sap_fill(&bp->box[i], s->axis, e);
        max_ext = bp_maxf(max_ext, e->max0 - e->min0);
    }
    s->added_count = 0;
    s->count = n;
    s->max_ext = max_ext;
    if (resort)
        bp_merge_sort(s->entries, n, s->scratch);
    else
        bp_merge_tail(s->entries, sorted, n, s->scratch);
    s->sorted_once = true;
    return true;
}

static void sap_find_pairs(ae_broadphase *bp) {
    sap_impl *s = bp->impl;
    const bp_entry *e = s->entries;
    const int n = s->count;
    for (int i = 0; i < n; i++) {
        const float max0 = e[i].max0, min1 = e[i].min1, max1 = e[i].max1;
        for (int j = i + 1; j < n && e[j].min0 <= max0; j++)
            if (e[j].min1 <= max1 && min1 <= e[j].max1) bp_candidate(bp, e[i].index, e[j].index);
    }
}

static void sap_query(ae_broadphase *bp, bp_box q) {
    sap_impl *s = bp->impl;
    bp_box r = q;
    if (s->axis == 1) r = (bp_box){q.miny, q.minx, q.maxy, q.maxx};
    // First entry that may reach r.minx: lower bound of r.minx - max_ext, with slack for the
    // rounding of the stored extents.
    float from = r.minx - (s->max_ext * 1.01f + fabsf(r.minx) * 1e-5f);
    int lo = 0, hi = s->count;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (s->entries[mid].min0 < from)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (int k = lo; k < s->count && s->entries[k].min0 <= r.maxx; k++) {
        const bp_entry *e = &s->entries[k];
        if (e->max0 >= r.minx && e->min1 <= r.maxy && r.miny <= e->max1) bp_query_hit(bp, e->index);
    }
}

const bp_vtable bp_sap_vtable = {
    .create = sap_create,
    .destroy = sap_destroy,
    .grow = sap_grow,
    .on_add = sap_on_add,
    .on_remove = sap_on_remove,
    .sync = sap_sync,
    .find_pairs = sap_find_pairs,
    .query = sap_query,
};
