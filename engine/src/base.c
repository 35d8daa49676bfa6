#include "arena/ae_base.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *default_alloc(size_t size, void *user) {
    (void)user;
    return malloc(size);
}

static void default_free(void *ptr, size_t size, void *user) {
    (void)size;
    (void)user;
    free(ptr);
}

static ae_alloc_fn *s_alloc = default_alloc;
static ae_free_fn *s_free = default_free;
static void *s_user;
// Atomic, so an app may load and prepare maps on a thread of its own (the engine starts none);
// a custom allocator installed with ae_set_allocator must then be thread-safe too.
static _Atomic size_t s_live_bytes;
static _Atomic size_t s_peak_bytes;

_Noreturn void ae_assert_fail(const char *expr, const char *file, int line) {
    fprintf(stderr, "assertion failed: %s (%s:%d)\n", expr, file, line);
    abort();
}

void ae_error_set(ae_error *err, const char *fmt, ...) {
    if (!err) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
}

void ae_set_allocator(ae_alloc_fn *alloc, ae_free_fn *free_fn, void *user) {
    AE_ASSERT((alloc == NULL) == (free_fn == NULL));
    AE_ASSERT(atomic_load(&s_live_bytes) == 0);
    s_alloc = alloc ? alloc : default_alloc;
    s_free = free_fn ? free_fn : default_free;
    s_user = user;
}

static _Thread_local const ae_thread_allocator *t_alloc;

const ae_thread_allocator *ae_use_thread_allocator(const ae_thread_allocator *a) {
    const ae_thread_allocator *old = t_alloc;
    t_alloc = a;
    return old;
}

void *ae_alloc(size_t size) {
    if (size == 0) return NULL;
    if (t_alloc) return t_alloc->alloc(size, t_alloc->user);
    void *p = s_alloc(size, s_user);
    if (p) {
        size_t live = atomic_fetch_add(&s_live_bytes, size) + size;
        size_t peak = atomic_load(&s_peak_bytes);
        while (live > peak && !atomic_compare_exchange_weak(&s_peak_bytes, &peak, live)) {
        }
    }
    return p;
}

void *ae_calloc(size_t count, size_t size) {
    if (count == 0 || size == 0 || count > SIZE_MAX / size) return NULL;
    size_t bytes = count * size;
    void *p = ae_alloc(bytes);
    if (p) memset(p, 0, bytes);
    return p;
}

void ae_free(void *ptr, size_t size) {
    if (!ptr) return;
    if (t_alloc && t_alloc->free_fn(ptr, size, t_alloc->user)) return;
    size_t before = atomic_fetch_sub(&s_live_bytes, size);
    AE_ASSERT(before >= size);
    s_free(ptr, size, s_user);
}

size_t ae_live_bytes(void) {
    return atomic_load(&s_live_bytes);
}

size_t ae_peak_live_bytes(void) {
    return atomic_load(&s_peak_bytes);
}

void ae_reset_peak_live_bytes(void) {
    atomic_store(&s_peak_bytes, atomic_load(&s_live_bytes));
}
