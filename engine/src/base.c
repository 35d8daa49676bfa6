#include "arena/ae_base.h"

#include <stdarg.h>
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
static size_t s_live_bytes;
static size_t s_peak_bytes;

void ae_assert_fail(const char *expr, const char *file, int line) {
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
    AE_ASSERT(s_live_bytes == 0);
    s_alloc = alloc ? alloc : default_alloc;
    s_free = free_fn ? free_fn : default_free;
    s_user = user;
}

void *ae_alloc(size_t size) {
    if (size == 0) return NULL;
    void *p = s_alloc(size, s_user);
    if (p) {
        s_live_bytes += size;
        if (s_live_bytes > s_peak_bytes) s_peak_bytes = s_live_bytes;
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
    AE_ASSERT(s_live_bytes >= size);
    s_live_bytes -= size;
    s_free(ptr, size, s_user);
}

size_t ae_live_bytes(void) {
    return s_live_bytes;
}

size_t ae_peak_live_bytes(void) {
    return s_peak_bytes;
}

void ae_reset_peak_live_bytes(void) {
    s_peak_bytes = s_live_bytes;
}
