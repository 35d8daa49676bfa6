// The broadphase's shared half: the proxy pool with generations, filtering, the pair buffer and
// its deterministic order, queries, and dispatch to the method's vtable.
#include "bp_internal.h"

#include "base_internal.h"

#include <limits.h>
#include <string.h>

static const char *const method_names[AE_BP_METHOD_COUNT] = {"brute", "grid", "quadtree", "sap",
                                                             "mbp"};

static const bp_vtable *const vtables[AE_BP_METHOD_COUNT] = {
    &bp_brute_vtable, &bp_grid_vtable, &bp_quadtree_vtable, &bp_sap_vtable, &bp_mbp_vtable};

const char *ae_bp_method_name(ae_bp_method method) {
    AE_ASSERT(method >= 0 && method < AE_BP_METHOD_COUNT);
    return method_names[method];
}

bool ae_bp_method_parse(const char *name, ae_bp_method *out) {
    for (int i = 0; i < AE_BP_METHOD_COUNT; i++)
        if (name && strcmp(name, method_names[i]) == 0) {
            *out = (ae_bp_method)i;
            return true;
        }
    return false;
}

ae_broadphase_def ae_default_broadphase_def(void) {
    ae_broadphase_def def;
    memset(&def, 0, sizeof def);
    def.method = AE_BP_MBP;
    def.mbp_proxies_per_region = 48;
    def.max_pairs = INT_MAX;
    def.cookie = AE_DEF_COOKIE;
    return def;
}

void *bp_realloc(void *ptr, size_t elem, size_t n0, size_t n1) {
    unsigned char *p = ae_alloc(elem * n1);
    if (!p) return NULL;
    if (n0) memcpy(p, ptr, elem * n0);
    if (n1 > n0) memset(p + elem * n0, 0, elem * (n1 - n0));
    ae_free(ptr, elem * n0);
    return p;
}

/// New arrays of n1 elements for each old one, all or none.
static bool alloc_arrays(const size_t *elem, int count, size_t n1, void **fresh) {
    for (int k = 0; k < count; k++) {
        fresh[k] = ae_alloc(elem[k] * n1);
        if (fresh[k]) continue;
        while (k-- > 0) ae_free(fresh[k], elem[k] * n1);
        return false;
    }
    return true;
}

/// Moves the old arrays' contents into the new ones (zeroing the rest) and frees the old ones.
static void move_arrays(void *const *old, const size_t *elem, int count, size_t n0, size_t n1,
                        void *const *fresh) {
    for (int k = 0; k < count; k++) {
        unsigned char *p = fresh[k];
        if (n0) memcpy(p, old[k], elem[k] * n0);
        memset(p + elem[k] * n0, 0, elem[k] * (n1 - n0));
        ae_free(old[k], elem[k] * n0);
    }
}

bool bp_grow_arrays(void *const *old, const size_t *elem, int count, size_t n0, size_t n1,
                    void **grown) {
    AE_ASSERT(count <= BP_ARRAYS_MAX && n1 >= n0);
    if (!alloc_arrays(elem, count, n1, grown)) return false;
    move_arrays(old, elem, count, n0, n1, grown);
    return true;
}

// Grows the proxy pool and the method's per-proxy arrays, all or none: every array always holds
// `capacity` elements, so the sized frees stay right after a failure.
static bool grow_pool(ae_broadphase *bp, int n1) {
    const int n0 = bp->capacity;
    void *old[] = {bp->hot, bp->box, bp->user, bp->generation, bp->next_free, bp->stamp};
    const size_t elem[] = {sizeof *bp->hot,        sizeof *bp->box,       sizeof *bp->user,
                           sizeof *bp->generation, sizeof *bp->next_free, sizeof *bp->stamp};
    enum { N = sizeof elem / sizeof elem[0] };
    void *fresh[N];
    if (!alloc_arrays(elem, N, (size_t)n1, fresh)) return false;
    if (bp->vt->grow && !bp->vt->grow(bp, n0, n1)) {
        for (int k = 0; k < N; k++) ae_free(fresh[k], elem[k] * (size_t)n1);
        return false;
    }
    move_arrays(old, elem, N, (size_t)n0, (size_t)n1, fresh);
    bp->hot = fresh[0];
    bp->box = fresh[1];
    bp->user = fresh[2];
    bp->generation = fresh[3];
    bp->next_free = fresh[4];
    bp->stamp = fresh[5];
    bp->capacity = n1;
    return true;
}

bool bp_grow_keys(ae_broadphase *bp) {
    const int n0 = bp->key_capacity, limit = bp->def.max_pairs;
    const int n1 = n0 == 0 ? (limit < 1024 ? limit : 1024) : (n0 > limit / 2 ? limit : n0 * 2);
    if (n1 <= n0) return false;
    void *old[] = {bp->keys, bp->keys_tmp, bp->pairs};
    const size_t elem[] = {sizeof *bp->keys, sizeof *bp->keys_tmp, sizeof *bp->pairs};
    void *fresh[3];
    if (!bp_grow_arrays(old, elem, 3, (size_t)n0, (size_t)n1, fresh)) return false;
    bp->keys = fresh[0];
    bp->keys_tmp = fresh[1];
    bp->pairs = fresh[2];
    bp->pair_capacity = bp->key_capacity = n1;
    return true;
}

ae_broadphase *ae_broadphase_create(const ae_broadphase_def *def) {
    AE_ASSERT(def && def->cookie == AE_DEF_COOKIE);
    AE_ASSERT(def->method >= 0 && def->method < AE_BP_METHOD_COUNT);
    AE_ASSERT(def->world.lower.x < def->world.upper.x && def->world.lower.y < def->world.upper.y);
    AE_ASSERT(isfinite(def->world.lower.x) && isfinite(def->world.lower.y));
    AE_ASSERT(isfinite(def->world.upper.x) && isfinite(def->world.upper.y));
    AE_ASSERT(def->capacity >= 0 && def->mbp_proxies_per_region > 0 && def->max_pairs >= 0);
    ae_broadphase *bp = ae_calloc(1, sizeof *bp);
    if (!bp) return NULL;
    bp->def = *def;
    bp->method = def->method;
    bp->vt = vtables[def->method];
    bp->free_head = -1;
    if (!bp->vt->create(bp)) {
        ae_free(bp, sizeof *bp);
        return NULL;
    }
    if (!grow_pool(bp, def->capacity > 16 ? def->capacity : 16)) {
        ae_broadphase_destroy(bp);
        return NULL;
    }
    return bp;
}

void ae_broadphase_destroy(ae_broadphase *bp) {
    if (!bp) return;
    bp->vt->destroy(bp);
    size_t n = (size_t)bp->capacity;
    ae_free(bp->hot, sizeof *bp->hot * n);
    ae_free(bp->box, sizeof *bp->box * n);
    ae_free(bp->user, sizeof *bp->user * n);
    ae_free(bp->generation, sizeof *bp->generation * n);
    ae_free(bp->next_free, sizeof *bp->next_free * n);
    ae_free(bp->stamp, sizeof *bp->stamp * n);
    size_t k = (size_t)bp->key_capacity;
    ae_free(bp->keys, sizeof *bp->keys * k);
    ae_free(bp->keys_tmp, sizeof *bp->keys_tmp * k);
    ae_free(bp->pairs, sizeof *bp->pairs * (size_t)bp->pair_capacity);
    size_t r = (size_t)bp->result_capacity;
    ae_free(bp->results, sizeof *bp->results * r);
    ae_free(bp->results_tmp, sizeof *bp->results_tmp * r);
    ae_free(bp->result_ids, sizeof *bp->result_ids * r);
    ae_free(bp, sizeof *bp);
}

ae_bp_method ae_broadphase_method(const ae_broadphase *bp) {
    return bp->method;
}

int ae_broadphase_regions(const ae_broadphase *bp, ae_bp_region *out, int cap) {
    return bp->vt->regions ? bp->vt->regions(bp, out, cap) : 0;
}

// The per-proxy move of every tick, so it does only what it must: one check of the arguments and
// the writes. The check: r >= 0 and |centre| + r below 2^120 (far below FLT_MAX, so the fat box
// is finite; NaN fails every compare, inf the bound).
static void set_circle(ae_broadphase *bp, int i, vec2s c, float r) {
    const float limit = 0x1p120f;
    AE_ASSERT(r >= 0.0f && fabsf(c.x) + r < limit && fabsf(c.y) + r < limit);
    const bp_box b = bp_fat_circle(c.x, c.y, r);
    bp->hot[i] = (bp_hot){
        c.x, c.y, r, c.x + r, c.y + r, bp->hot[i].category, bp->hot[i].mask, BP_KIND_CIRCLE};
    bp->box[i] = b;
}

static void set_box(ae_broadphase *bp, int i, ae_aabb b) {
    AE_ASSERT(isfinite(b.lower.x) && isfinite(b.lower.y) && isfinite(b.upper.x) &&
              isfinite(b.upper.y));
    AE_ASSERT(b.lower.x <= b.upper.x && b.lower.y <= b.upper.y);
    bp_hot *h = &bp->hot[i];
    h->kind = BP_KIND_BOX;
    h->x = b.lower.x;
    h->y = b.lower.y;
    h->r = 0.0f;
    h->x1 = b.upper.x;
    h->y1 = b.upper.y;
    bp->box[i] = bp_fat_box(h);
    AE_ASSERT(bp_box_finite(&bp->box[i]));
}

// A free slot, or -1 when the pool cannot grow.
static int alloc_slot(ae_broadphase *bp) {
    int i;
    if (bp->free_head >= 0) {
        i = bp->free_head;
        bp->free_head = bp->next_free[i];
    } else {
        if (bp->high == bp->capacity &&
            (bp->capacity > INT_MAX / 2 || !grow_pool(bp, bp->capacity * 2)))
            return -1;
        i = bp->high++;
    }
    bp->next_free[i] = -2;
    bp->alive_count++;
    bp->dirty = true;
    return i;
}

static ae_proxy_id finish_add(ae_broadphase *bp, int i, uint32_t category, uint32_t mask,
                              uint64_t user) {
    bp->hot[i].category = category;
    bp->hot[i].mask = mask;
    bp->user[i] = user;
    if (bp->vt->on_add) bp->vt->on_add(bp, i);
    ae_proxy_id id = {i + 1, bp->generation[i]};
    return id;
}

ae_proxy_id ae_broadphase_add_circle(ae_broadphase *bp, vec2s center, float radius,
                                     uint32_t category, uint32_t mask, uint64_t user) {
    int i = alloc_slot(bp);
    if (i < 0) return ae_proxy_null();
    set_circle(bp, i, center, radius);
    return finish_add(bp, i, category, mask, user);
}

ae_proxy_id ae_broadphase_add_box(ae_broadphase *bp, ae_aabb box, uint32_t category, uint32_t mask,
                                  uint64_t user) {
    int i = alloc_slot(bp);
    if (i < 0) return ae_proxy_null();
    set_box(bp, i, box);
    return finish_add(bp, i, category, mask, user);
}

bool ae_broadphase_is_valid(const ae_broadphase *bp, ae_proxy_id id) {
    if (id.index1 == 0 || id.index1 > (uint32_t)bp->high) return false;
    int i = (int)id.index1 - 1;
    return bp_is_alive(bp, i) && bp->generation[i] == id.generation;
}

static int checked_index(const ae_broadphase *bp, ae_proxy_id id) {
    // ae_broadphase_is_valid in one test: index1 - 1 wraps for the null handle, and a dead slot's
    // next_free is never -2.
    const uint32_t i = id.index1 - 1u;
    AE_ASSERT(i < (uint32_t)bp->high && bp->next_free[i] == -2 &&
              bp->generation[i] == id.generation);
    return (int)i;
}

void ae_broadphase_remove(ae_broadphase *bp, ae_proxy_id id) {
    int i = checked_index(bp, id);
    bp->generation[i]++;
    bp->next_free[i] = bp->free_head;
    bp->free_head = i;
    bp->alive_count--;
    bp->dirty = true;
    if (bp->vt->on_remove) bp->vt->on_remove(bp, i);
}

void ae_broadphase_move_circle(ae_broadphase *bp, ae_proxy_id id, vec2s center, float radius) {
    int i = checked_index(bp, id);
    set_circle(bp, i, center, radius);
    bp->dirty = true;
}

void ae_broadphase_move_box(ae_broadphase *bp, ae_proxy_id id, ae_aabb box) {
    int i = checked_index(bp, id);
    set_box(bp, i, box);
    bp->dirty = true;
}

void ae_broadphase_set_filter(ae_broadphase *bp, ae_proxy_id id, uint32_t category, uint32_t mask) {
    int i = checked_index(bp, id);
    bp->hot[i].category = category;
    bp->hot[i].mask = mask;
}

uint64_t ae_broadphase_user(const ae_broadphase *bp, ae_proxy_id id) {
    return bp->user[checked_index(bp, id)];
}

ae_aabb ae_broadphase_aabb(const ae_broadphase *bp, ae_proxy_id id) {
    const bp_hot *h = &bp->hot[checked_index(bp, id)];
    if (h->kind == BP_KIND_BOX) return (ae_aabb){{{h->x, h->y}}, {{h->x1, h->y1}}};
    return ae_aabb_of_circle((vec2s){{h->x, h->y}}, h->r);
}

int ae_broadphase_count(const ae_broadphase *bp) {
    return bp->alive_count;
}

// LSD radix sort of n keys of `bits` bits, 11 bits per pass; passes where every key has the same
// digit are skipped. The result ends in *data (the two buffers may be swapped).
static void radix_sort64(uint64_t **data, uint64_t **tmp, int n, int bits) {
    enum { DIGIT = 11, RADIX = 1 << DIGIT };
    uint64_t *src = *data, *dst = *tmp;
    for (int shift = 0; shift < bits; shift += DIGIT) {
        int count[RADIX] = {0};
        for (int i = 0; i < n; i++) count[(src[i] >> shift) & (RADIX - 1)]++;
        if (count[(src[0] >> shift) & (RADIX - 1)] == n) continue;
        int sum = 0;
        for (int b = 0; b < RADIX; b++) {
            int c = count[b];
            count[b] = sum;
            sum += c;
        }
        for (int i = 0; i < n; i++) dst[count[(src[i] >> shift) & (RADIX - 1)]++] = src[i];
        uint64_t *t = src;
        src = dst;
        dst = t;
    }
    *data = src;
    *tmp = dst;
}

// Brings the structure up to date; false when it could not be (memory ran out). It stays
// dirty then, and every answer until a sync succeeds comes from brute force: the same answers,
// slower, with nothing to allocate.
static bool sync(ae_broadphase *bp) {
    if (bp->dirty && !bp->vt->sync(bp)) return false;
    bp->dirty = false;
    return true;
}

// Finds this update's pair keys, sorted when asked, and turns them into pairs.
static const ae_pair *update(ae_broadphase *bp, bool sorted, int *count) {
    const bool synced = sync(bp);
    int shift = 1;
    while (shift < 31 && ((uint32_t)bp->high >> shift) != 0) shift++;
    bp->key_shift = shift;
    bp->key_count = 0;
    bp->key_overflow = false;
    if (synced)
        bp->vt->find_pairs(bp);
    else
        bp_brute_find_pairs(bp);
    if (bp->key_overflow) {
        *count = -1;
        return NULL;
    }
    int n = bp->key_count;
    if (sorted && n > 1) radix_sort64(&bp->keys, &bp->keys_tmp, n, 2 * shift);
    const uint64_t low = ((uint64_t)1 << shift) - 1;
    for (int k = 0; k < n; k++) {
        int a = (int)(bp->keys[k] >> shift), b = (int)(bp->keys[k] & low);
        bp->pairs[k].a = (ae_proxy_id){(uint32_t)a + 1u, bp->generation[a]};
        bp->pairs[k].b = (ae_proxy_id){(uint32_t)b + 1u, bp->generation[b]};
    }
    *count = n;
    return bp->pairs;
}

const ae_pair *ae_broadphase_update(ae_broadphase *bp, int *count) {
    return update(bp, true, count);
}

const ae_pair *ae_broadphase_update_unsorted(ae_broadphase *bp, int *count) {
    return update(bp, false, count);
}

void bp_query_hit(ae_broadphase *bp, int i) {
    if (bp->stamp[i] == bp->stamp_value) return;
    bp->stamp[i] = bp->stamp_value;
    const bp_hot *h = &bp->hot[i];
    if (!(h->category & bp->query_shape.mask)) return;
    if (!bp_hot_overlap(&bp->query_shape, h)) return;
    if (bp->visit) {
        bp->visit(bp->visit_context, (ae_proxy_id){(uint32_t)i + 1u, bp->generation[i]},
                  bp->user[i]);
        return;
    }
    if (bp->result_count == bp->result_capacity) {
        const int n0 = bp->result_capacity, n1 = n0 ? n0 * 2 : 256;
        void *old[] = {bp->results, bp->results_tmp, bp->result_ids};
        const size_t elem[] = {sizeof *bp->results, sizeof *bp->results_tmp,
                               sizeof *bp->result_ids};
        void *grown[3];
        if (bp->result_overflow || !bp_grow_arrays(old, elem, 3, (size_t)n0, (size_t)n1, grown)) {
            bp->result_overflow = true;
            return;
        }
        bp->results = grown[0];
        bp->results_tmp = grown[1];
        bp->result_ids = grown[2];
        bp->result_capacity = n1;
    }
    bp->results[bp->result_count++] = (uint32_t)i;
}

// Runs the structure's query for the box q: every hit goes to fn when given, else to the result
// buffer (in the structure's order).
static void walk_query(ae_broadphase *bp, bp_box q, ae_bp_visit_fn *fn, void *context) {
    const bool synced = sync(bp);
    if (++bp->stamp_value == 0) {
        // The stamps wrapped: clear them so no stale stamp matches.
        memset(bp->stamp, 0, sizeof *bp->stamp * (size_t)bp->capacity);
        bp->stamp_value = 1;
    }
    bp->result_count = 0;
    bp->result_overflow = false;
    bp->visit = fn;
    bp->visit_context = context;
    // With no live proxy there is nothing to find (and a structure may never have been built).
    if (bp->alive_count > 0) (synced ? bp->vt->query : bp_brute_query)(bp, q);
    bp->visit = NULL;
    bp->visit_context = NULL;
}

static const ae_proxy_id *run_query(ae_broadphase *bp, bp_box q, int *count) {
    walk_query(bp, q, NULL, NULL);
    if (bp->result_overflow) {
        *count = -1;
        return NULL;
    }
    int n = bp->result_count;
    uint32_t *src = bp->results, *dst = bp->results_tmp;
    for (int shift = 0; shift < 32 && n > 1; shift += 8) {
        if (((uint32_t)bp->high >> shift) == 0) break;
        int cnt[256] = {0};
        for (int i = 0; i < n; i++) cnt[(src[i] >> shift) & 255u]++;
        int sum = 0;
        for (int b = 0; b < 256; b++) {
            int c = cnt[b];
            cnt[b] = sum;
            sum += c;
        }
        for (int i = 0; i < n; i++) dst[cnt[(src[i] >> shift) & 255u]++] = src[i];
        uint32_t *t = src;
        src = dst;
        dst = t;
    }
    for (int k = 0; k < n; k++) {
        int i = (int)src[k];
        bp->result_ids[k] = (ae_proxy_id){(uint32_t)i + 1u, bp->generation[i]};
    }
    *count = n;
    return bp->result_ids;
}

// Sets the query shape and returns its fat box.
static bp_box box_shape(ae_broadphase *bp, ae_aabb box, uint32_t mask) {
    AE_ASSERT(box.lower.x <= box.upper.x && box.lower.y <= box.upper.y);
    bp_hot *s = &bp->query_shape;
    *s = (bp_hot){box.lower.x, box.lower.y, 0.0f, box.upper.x, box.upper.y, 0u, mask, BP_KIND_BOX};
    return bp_fat_box(s);
}

static bp_box circle_shape(ae_broadphase *bp, vec2s c, float r, uint32_t mask) {
    AE_ASSERT(isfinite(c.x) && isfinite(c.y) && isfinite(r) && r >= 0.0f);
    bp_hot *s = &bp->query_shape;
    *s = (bp_hot){c.x, c.y, r, c.x + r, c.y + r, 0u, mask, BP_KIND_CIRCLE};
    return bp_fat_box(s);
}

const ae_proxy_id *ae_broadphase_query_aabb(ae_broadphase *bp, ae_aabb box, uint32_t mask,
                                            int *count) {
    return run_query(bp, box_shape(bp, box, mask), count);
}

const ae_proxy_id *ae_broadphase_query_circle(ae_broadphase *bp, vec2s c, float r, uint32_t mask,
                                              int *count) {
    return run_query(bp, circle_shape(bp, c, r, mask), count);
}

void ae_broadphase_visit_aabb(ae_broadphase *bp, ae_aabb box, uint32_t mask, ae_bp_visit_fn *fn,
                              void *context) {
    AE_ASSERT(fn != NULL);
    walk_query(bp, box_shape(bp, box, mask), fn, context);
}

void ae_broadphase_visit_circle(ae_broadphase *bp, vec2s c, float r, uint32_t mask,
                                ae_bp_visit_fn *fn, void *context) {
    AE_ASSERT(fn != NULL);
    walk_query(bp, circle_shape(bp, c, r, mask), fn, context);
}

void bp_insertion_sort(bp_entry *e, int n) {
    for (int i = 1; i < n; i++) {
        if (e[i - 1].min0 <= e[i].min0) continue;
        bp_entry v = e[i];
        int j = i - 1;
        while (j >= 0 && e[j].min0 > v.min0) {
            e[j + 1] = e[j];
            j--;
        }
        e[j + 1] = v;
    }
}

static void merge(const bp_entry *a, int na, const bp_entry *b, int nb, bp_entry *out) {
    int i = 0, j = 0, k = 0;
    while (i < na && j < nb) out[k++] = b[j].min0 < a[i].min0 ? b[j++] : a[i++];
    while (i < na) out[k++] = a[i++];
    while (j < nb) out[k++] = b[j++];
}

void bp_merge_sort(bp_entry *e, int n, bp_entry *scratch) {
    if (n <= 24) {
        bp_insertion_sort(e, n);
        return;
    }
    int h = n / 2;
    bp_merge_sort(e, h, scratch);
    bp_merge_sort(e + h, n - h, scratch);
    if (e[h - 1].min0 <= e[h].min0) return;
    memcpy(scratch, e, sizeof *e * (size_t)n);
    merge(scratch, h, scratch + h, n - h, e);
}

void bp_merge_tail(bp_entry *e, int sorted, int n, bp_entry *scratch) {
    if (n - sorted <= 4) {
        bp_insertion_sort(e, n);
        return;
    }
    bp_merge_sort(e + sorted, n - sorted, scratch);
    bp_insertion_sort(e, sorted);
    memcpy(scratch, e, sizeof *e * (size_t)n);
    merge(scratch, sorted, scratch + sorted, n - sorted, e);
}
