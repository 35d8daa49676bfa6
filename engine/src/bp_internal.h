// Broadphase internals shared by the dispatcher (broadphase.c) and the five implementations:
// the proxy pool, the exact pair test with filtering, the pair key buffer and sorting helpers.
#ifndef AE_BP_INTERNAL_H
#define AE_BP_INTERNAL_H

#include "arena/ae_broadphase.h"

#include <math.h>

enum { BP_KIND_CIRCLE = 0, BP_KIND_BOX = 1 };

// What the exact test reads for one proxy: 32 bytes, one access per side of a candidate pair.
// Circle: (x, y) centre, r radius. Box: (x, y) lower corner, (x1, y1) upper corner.
typedef struct bp_hot {
    float x, y, r;
    float x1, y1;
    uint32_t category;
    uint32_t mask;
    uint32_t kind;
} bp_hot;

// The conservative box the spatial structures use: the exact box padded by a relative epsilon, so
// that rounding in the float box can never cull a pair the double-precision exact test accepts.
// Box overlaps between fat boxes are inclusive (<=) everywhere.
typedef struct bp_box {
    float minx, miny, maxx, maxy;
} bp_box;

// A sorted-list entry of sweep-and-prune: the proxy's bounds on the sweep axis (0) and the other
// axis (1), copied next to each other so the sweep reads memory in order.
typedef struct bp_entry {
    float min0, max0, min1, max1;
    int32_t index;
} bp_entry;

typedef struct bp_vtable {
    bool (*create)(ae_broadphase *bp);
    void (*destroy)(ae_broadphase *bp);
    // Per-proxy arrays follow the pool's capacity (NULL: none).
    bool (*grow)(ae_broadphase *bp, int old_capacity, int new_capacity);
    // A slot came alive or died (NULL: not needed). Moves have no hook: every implementation
    // reads the current boxes at its next sync, so a move is just a write into the pool.
    void (*on_add)(ae_broadphase *bp, int index);
    void (*on_remove)(ae_broadphase *bp, int index);
    // Brings the structure up to the proxies' current boxes. False when memory ran out: then
    // the structure is not used (the dispatcher answers by brute force) until a sync succeeds,
    // and the implementation must leave it so that the next sync can.
    bool (*sync)(ae_broadphase *bp);
    // Calls bp_candidate for every pair that may overlap, each pair at most once.
    void (*find_pairs)(ae_broadphase *bp);
    // Calls bp_query_hit for every proxy whose fat box may overlap q (duplicates allowed).
    void (*query)(ae_broadphase *bp, bp_box q);
    // Debug view of the spatial cells (NULL: the method has none); see ae_broadphase_regions.
    int (*regions)(const ae_broadphase *bp, ae_bp_region *out, int cap);
} bp_vtable;

struct ae_broadphase {
    ae_bp_method method;
    const bp_vtable *vt;
    void *impl;
    ae_broadphase_def def;

    // Proxy pool. Slots [0, high) have been used; dead slots are on the free list.
    int capacity;
    int high;
    int alive_count;
    int free_head;
    bp_hot *hot;
    bp_box *box;
    uint64_t *user;
    uint32_t *generation;
    int32_t *next_free; // -2 for live slots, else the next free slot or -1
    bool dirty;         // something changed since the last sync

    // Pair keys (lower << key_shift | higher, key_shift = bits of the highest slot index), sorted
    // at the end of an update with a radix sort over just those bits, then the pair buffer.
    int key_shift;
    uint64_t *keys;
    uint64_t *keys_tmp;
    int key_count;
    int key_capacity;
    bool key_overflow; // this update's pairs did not fit: it reports failure
    ae_pair *pairs;
    int pair_capacity;

    // Queries: the shape asked for, a stamp per proxy to drop duplicates, the result buffer, or
    // for a visiting query the function each hit goes to instead.
    bp_hot query_shape;
    ae_bp_visit_fn *visit;
    void *visit_context;
    uint32_t *stamp;
    uint32_t stamp_value;
    uint32_t *results;
    uint32_t *results_tmp;
    ae_proxy_id *result_ids;
    int result_count;
    int result_capacity;
    bool result_overflow; // this query's results did not fit: it reports failure
};

// The fat box of an exact shape. The padding, 2^-20 of the magnitude, covers the float rounding
// of c +- r (half an ulp, 2^-24) and the double exact test many times over.
static inline bp_box bp_fat_circle(float x, float y, float r) {
    const float k = 1.0f / 1048576.0f;
    float px = (fabsf(x) + fabsf(r)) * k, py = (fabsf(y) + fabsf(r)) * k;
    bp_box b = {x - r - px, y - r - py, x + r + px, y + r + py};
    return b;
}
static inline bp_box bp_fat_box(const bp_hot *h) {
    const float k = 1.0f / 1048576.0f;
    if (h->kind == BP_KIND_CIRCLE) return bp_fat_circle(h->x, h->y, h->r);
    float px = (fabsf(h->x) + fabsf(h->x1)) * k, py = (fabsf(h->y) + fabsf(h->y1)) * k;
    bp_box b = {h->x - px, h->y - py, h->x1 + px, h->y1 + py};
    return b;
}

// The sweeps rely on finite bounds (+inf marks the end of a list).
// v - v is 0 for a finite v and NaN for inf or NaN, so one compare checks all four sides.
static inline bool bp_box_finite(const bp_box *b) {
    return (b->minx - b->minx) + (b->miny - b->miny) + (b->maxx - b->maxx) + (b->maxy - b->maxy) ==
           0.0f;
}

static inline bool bp_is_alive(const ae_broadphase *bp, int i) {
    return bp->next_free[i] == -2;
}

// Inclusive overlap of fat boxes: the spatial structures' cull.
static inline bool bp_box_touch(const bp_box *a, const bp_box *b) {
    return a->minx <= b->maxx && b->minx <= a->maxx && a->miny <= b->maxy && b->miny <= a->maxy;
}

static inline bool bp_hot_overlap(const bp_hot *a, const bp_hot *b) {
    if (a->kind == BP_KIND_CIRCLE && b->kind == BP_KIND_CIRCLE) {
        vec2s ca = {{a->x, a->y}}, cb = {{b->x, b->y}};
        return ae_circles_overlap(ca, a->r, cb, b->r);
    }
    if (a->kind == BP_KIND_BOX && b->kind == BP_KIND_BOX) {
        ae_aabb ba = {{{a->x, a->y}}, {{a->x1, a->y1}}}, bb = {{{b->x, b->y}}, {{b->x1, b->y1}}};
        return ae_aabb_overlap(ba, bb);
    }
    const bp_hot *c = a->kind == BP_KIND_CIRCLE ? a : b, *x = a->kind == BP_KIND_CIRCLE ? b : a;
    vec2s cc = {{c->x, c->y}};
    ae_aabb bx = {{{x->x, x->y}}, {{x->x1, x->y1}}};
    return ae_circle_aabb_overlap(cc, c->r, bx);
}

// Room for more pair keys (doubling, up to def.max_pairs): false when memory runs out or the
// limit is reached.
bool bp_grow_keys(ae_broadphase *bp);

// Whether a candidate is a pair: both filters accept and the exact shapes overlap. Every part is
// evaluated (no short cut), so a caller may fold the answer into an index instead of a branch.
static inline bool bp_accepts(const bp_hot *ha, const bp_hot *hb) {
    return ((ha->category & hb->mask) != 0) & ((hb->category & ha->mask) != 0) &
           bp_hot_overlap(ha, hb);
}

// The sort key of pair (a, b): the lower index in the high bits.
static inline uint64_t bp_pair_key(const ae_broadphase *bp, int a, int b) {
    uint64_t lo = (uint64_t)(a < b ? a : b), hi = (uint64_t)(a < b ? b : a);
    return lo << bp->key_shift | hi;
}

// Room for n more pair keys; false when there is none. A pair that then finds no room sets
// key_overflow, which fails the update and stops further growing.
static inline bool bp_reserve_keys(ae_broadphase *bp, int n) {
    while (bp->key_capacity - bp->key_count < n)
        if (bp->key_overflow || !bp_grow_keys(bp)) return false;
    return true;
}

// The one place a candidate becomes a pair: filter both ways, exact shapes, then record.
static inline void bp_candidate(ae_broadphase *bp, int a, int b) {
    const bp_hot *ha = &bp->hot[a], *hb = &bp->hot[b];
    if (!(ha->category & hb->mask) || !(hb->category & ha->mask)) return;
    if (!bp_hot_overlap(ha, hb)) return;
    if (!bp_reserve_keys(bp, 1)) {
        bp->key_overflow = true;
        return;
    }
    bp->keys[bp->key_count++] = bp_pair_key(bp, a, b);
}

// A query candidate: dropped when already seen in this query, else tested exactly.
void bp_query_hit(ae_broadphase *bp, int index);

// Grows an array of n0 elements to n1 elements (copying, zeroing the new part). Returns NULL
// (leaving *ptr untouched) when memory runs out.
void *bp_realloc(void *ptr, size_t elem, size_t n0, size_t n1);
// The same for `count` (at most BP_ARRAYS_MAX) arrays that share a length, all or none: on
// success grown[k] replaces old[k] (which is freed); on failure nothing changed.
enum { BP_ARRAYS_MAX = 8 };
bool bp_grow_arrays(void *const *old, const size_t *elem, int count, size_t n0, size_t n1,
                    void **grown);

// Sorting of sweep-and-prune entries by min0. Insertion sort for the nearly sorted lists kept
// between updates; merge sort (stable, with a scratch of n entries) for fresh lists; and a merge of
// an unsorted tail into a sorted head.
void bp_insertion_sort(bp_entry *e, int n);
void bp_merge_sort(bp_entry *e, int n, bp_entry *scratch);
void bp_merge_tail(bp_entry *e, int sorted, int n, bp_entry *scratch);

// Max and min that compile to one instruction (fmaxf may be a libm call without -ffast-math).
static inline float bp_maxf(float a, float b) {
    return a > b ? a : b;
}
static inline float bp_minf(float a, float b) {
    return a < b ? a : b;
}

// Floor of (v - origin) * inv clamped to [0, n - 1], safe for any finite or huge v. The clamp
// happens in float, before the conversion, so huge values never overflow the int.
static inline int bp_cell(float v, float origin, float inv, int n) {
    float f = (v - origin) * inv;
    f = f > 0.0f ? f : 0.0f;
    f = f < (float)(n - 1) ? f : (float)(n - 1);
    return (int)f;
}

// What brute force finds: every live pair or every live proxy, through the exact test; what an
// update or a query falls back to while a structure could not be synced.
void bp_brute_find_pairs(ae_broadphase *bp);
void bp_brute_query(ae_broadphase *bp, bp_box q);

extern const bp_vtable bp_brute_vtable;
extern const bp_vtable bp_grid_vtable;
extern const bp_vtable bp_quadtree_vtable;
extern const bp_vtable bp_sap_vtable;
extern const bp_vtable bp_mbp_vtable;

#endif
