#include "keyframes.h"

#include <string.h>

enum { PAGE_SIZE = 4096 };

/// A page of saved state, shared by every keyframe whose page there had these bytes.
typedef struct kf_page {
    uint32_t refs;
    uint8_t bytes[PAGE_SIZE];
} kf_page;

typedef struct keyframe {
    int tick;
    size_t used;    ///< heap bytes saved
    size_t pages;   ///< used rounded up to pages
    kf_page **page; ///< NULL: an all-zero page
} keyframe;

struct keyframes {
    keyframe *list;
    int count, cap;
    size_t page_count; ///< distinct pages held
};

keyframes *keyframes_create(void) {
    return ae_calloc(1, sizeof(keyframes));
}

static void release(keyframes *k, kf_page *p) {
    if (p && --p->refs == 0) {
        ae_free(p, sizeof *p);
        k->page_count--;
    }
}

static void drop(keyframes *k, keyframe *f) {
    for (size_t i = 0; i < f->pages; i++) release(k, f->page[i]);
    ae_free(f->page, f->pages * sizeof *f->page);
}

void keyframes_destroy(keyframes *k) {
    if (!k) return;
    for (int i = 0; i < k->count; i++) drop(k, &k->list[i]);
    ae_free(k->list, (size_t)k->cap * sizeof *k->list);
    ae_free(k, sizeof *k);
}

static bool all_zero(const uint8_t *p, size_t n) {
    static const uint8_t zero[PAGE_SIZE];
    return memcmp(p, zero, n) == 0;
}

bool keyframes_save(keyframes *k, int tick, const state_heap *h) {
    AE_ASSERT(k->count == 0 || tick > k->list[k->count - 1].tick);
    if (k->count == k->cap) {
        int cap = k->cap ? 2 * k->cap : 64;
        keyframe *list = ae_alloc((size_t)cap * sizeof *list);
        if (!list) return false;
        if (k->count) memcpy(list, k->list, (size_t)k->count * sizeof *list);
        ae_free(k->list, (size_t)k->cap * sizeof *k->list);
        k->list = list;
        k->cap = cap;
    }
    const keyframe *prev = k->count ? &k->list[k->count - 1] : NULL;
    keyframe f = {tick, state_heap_used(h), 0, NULL};
    f.pages = (f.used + PAGE_SIZE - 1) / PAGE_SIZE;
    f.page = ae_calloc(f.pages, sizeof *f.page);
    if (!f.page) return false;
    const uint8_t *base = state_heap_base(h);
    for (size_t i = 0; i < f.pages; i++) {
        const uint8_t *src = base + i * PAGE_SIZE;
        const size_t n = i + 1 < f.pages ? PAGE_SIZE : f.used - i * PAGE_SIZE;
        kf_page *same = prev && i < prev->pages ? prev->page[i] : NULL;
        if (same ? memcmp(same->bytes, src, n) == 0 : all_zero(src, n)) {
            if (same) same->refs++;
            f.page[i] = same;
            continue;
        }
        kf_page *p = ae_alloc(sizeof *p);
        if (!p) {
            drop(k, &f); // what is taken so far goes back (the pages not reached are NULL)
            return false;
        }
        p->refs = 1;
        memcpy(p->bytes, src, n);
        memset(p->bytes + n, 0, PAGE_SIZE - n);
        f.page[i] = p;
        k->page_count++;
    }
    k->list[k->count++] = f;
    return true;
}

int keyframes_count(const keyframes *k) {
    return k->count;
}

int keyframes_tick(const keyframes *k, int i) {
    return k->list[i].tick;
}

int keyframes_find(const keyframes *k, int tick) {
    int lo = 0, hi = k->count; // the answer is lo - 1 once lo == hi
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (k->list[mid].tick <= tick)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo - 1;
}

void keyframes_restore(const keyframes *k, int i, state_heap *h) {
    static const uint8_t zero[PAGE_SIZE];
    const keyframe *f = &k->list[i];
    uint8_t *base = state_heap_base(h);
    for (size_t p = 0; p < f->pages; p++) {
        const size_t n = p + 1 < f->pages ? PAGE_SIZE : f->used - p * PAGE_SIZE;
        memcpy(base + p * PAGE_SIZE, f->page[p] ? f->page[p]->bytes : zero, n);
    }
}

void keyframes_drop_after(keyframes *k, int tick) {
    while (k->count > 0 && k->list[k->count - 1].tick > tick) drop(k, &k->list[--k->count]);
}

size_t keyframes_bytes(const keyframes *k) {
    size_t bytes = k->page_count * sizeof(kf_page) + (size_t)k->cap * sizeof *k->list;
    for (int i = 0; i < k->count; i++) bytes += k->list[i].pages * sizeof(kf_page *);
    return bytes;
}
