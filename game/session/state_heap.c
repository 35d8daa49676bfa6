#define _DEFAULT_SOURCE // MAP_ANONYMOUS, MAP_NORESERVE
#include "state_heap.h"

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#define HEAP_MMAP 1
#else
#include <stdlib.h>
#define HEAP_MMAP 0
#endif

/// Blocks waste at most a fifth of what they hold; every block is 16-byte aligned.
enum { HEAP_CLASSES = 256, HEAP_ALIGN = 16 };

/// A freed block, linked to the next freed block of its class through its first bytes.
typedef struct heap_free_block {
    struct heap_free_block *next;
} heap_free_block;

/// The books, at the start of the region (saved and restored with it).
typedef struct heap_books {
    size_t top;                               ///< offset of the first byte never handed out
    heap_free_block *free_list[HEAP_CLASSES]; ///< freed blocks of each class
} heap_books;

struct state_heap {
    uint8_t *base;
    size_t capacity;
    ae_thread_allocator allocator;
    const ae_thread_allocator *outer; ///< what state_heap_enter replaced
};

static int floor_log2(size_t v) {
    int e = 0;
    while (v >>= 1) e++;
    return e;
}

/// The class of a request and its block size: multiples of 16 up to 128 bytes, then four sizes
/// per power of two (2^e + k 2^(e-2), k = 1..4).
static int heap_class(size_t size, size_t *block) {
    if (size <= 128) {
        *block = (size + HEAP_ALIGN - 1) / HEAP_ALIGN * HEAP_ALIGN;
        if (*block == 0) *block = HEAP_ALIGN;
        return (int)(*block / HEAP_ALIGN) - 1;
    }
    const int e = floor_log2(size - 1); // size is in (2^e, 2^(e+1)], e >= 7
    const size_t step = (size_t)1 << (e - 2);
    const size_t n = (size + step - 1) / step; // 5 .. 8
    *block = n * step;
    return 8 + (e - 7) * 4 + (int)(n - 5);
}

static void *heap_alloc(size_t size, void *user) {
    state_heap *h = user;
    heap_books *b = (heap_books *)h->base;
    if (size > h->capacity) return NULL;
    size_t block;
    const int c = heap_class(size, &block);
    heap_free_block *f = b->free_list[c];
    if (f) {
        b->free_list[c] = f->next;
        return f;
    }
    if (block > h->capacity - b->top) return NULL;
    uint8_t *p = h->base + b->top;
    b->top += block;
    return p;
}

static bool heap_free(void *ptr, size_t size, void *user) {
    state_heap *h = user;
    uint8_t *p = ptr;
    if (p < h->base || p >= h->base + h->capacity) return false;
    heap_books *b = (heap_books *)h->base;
    size_t block;
    const int c = heap_class(size, &block);
    heap_free_block *f = ptr;
    f->next = b->free_list[c];
    b->free_list[c] = f;
    return true;
}

/// The least a heap reserves before giving up.
#define HEAP_MIN_CAPACITY ((size_t)64 << 20)
/// Address space reserved by default: a 4096x4096 match with every pool at its largest fits.
/// WebAssembly has no address space to reserve: its mmap hands out real, zeroed memory, so the
/// web build takes the least (a 100-agent match on a 256x256 map uses about 3 MB of it).
#ifdef __EMSCRIPTEN__
#define HEAP_DEFAULT_CAPACITY HEAP_MIN_CAPACITY
#else
#define HEAP_DEFAULT_CAPACITY ((size_t)sizeof(void *) >= 8 ? (size_t)16 << 30 : (size_t)512 << 20)
#endif

/// Zeroed memory at a fixed address: address space only, until the match touches it.
static uint8_t *reserve(size_t capacity) {
#if HEAP_MMAP
#ifndef MAP_NORESERVE
#define MAP_NORESERVE 0
#endif
    void *m = mmap(NULL, capacity, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return m == MAP_FAILED ? NULL : m;
#else
    return calloc(1, capacity);
#endif
}

state_heap *state_heap_create(size_t capacity, ae_error *err) {
    if (capacity == 0) capacity = HEAP_DEFAULT_CAPACITY;
    state_heap *h = ae_calloc(1, sizeof *h);
    if (!h) {
        ae_error_set(err, "out of memory");
        return NULL;
    }
    // Where address space is limited (ulimit -v, 32-bit), less is reserved: a smaller match fits.
    for (size_t c = capacity; !h->base && (c == capacity || c >= HEAP_MIN_CAPACITY); c /= 2) {
        h->base = reserve(c);
        h->capacity = c;
    }
    if (!h->base) {
        ae_error_set(err, "cannot reserve address space for the match's heap");
        ae_free(h, sizeof *h);
        return NULL;
    }
    heap_books *b = (heap_books *)h->base;
    b->top = (sizeof *b + HEAP_ALIGN - 1) / HEAP_ALIGN * HEAP_ALIGN;
    h->allocator = (ae_thread_allocator){heap_alloc, heap_free, h};
    return h;
}

void state_heap_destroy(state_heap *h) {
    if (!h) return;
#if HEAP_MMAP
    munmap(h->base, h->capacity);
#else
    free(h->base);
#endif
    ae_free(h, sizeof *h);
}

void state_heap_enter(state_heap *h) {
    h->outer = ae_use_thread_allocator(&h->allocator);
}

void state_heap_leave(state_heap *h) {
    ae_use_thread_allocator(h->outer);
}

uint8_t *state_heap_base(const state_heap *h) {
    return h->base;
}

size_t state_heap_used(const state_heap *h) {
    return ((const heap_books *)h->base)->top;
}
