/// Counts the engine's allocations, for tests that check a loop allocates nothing once it has
/// grown: install with ae_set_allocator(test_alloc_counting, test_free_counting, NULL), read
/// test_alloc_calls before and after, and restore with ae_set_allocator(NULL, NULL, NULL).
/// Out-of-memory tests install test_alloc_failing instead: it counts the same way, and fails
/// allocation number test_alloc_fail_at (from 0) and every one from test_alloc_fail_from on.
#ifndef ARENA_TEST_ALLOC_H
#define ARENA_TEST_ALLOC_H

#include "arena/ae_base.h"

#include <stdlib.h>

static size_t test_alloc_calls;

static inline void *test_alloc_counting(size_t size, void *user) {
    (void)user;
    test_alloc_calls++;
    return malloc(size);
}

static long test_alloc_fail_at = -1, test_alloc_fail_from = -1; ///< -1: none

static inline void *test_alloc_failing(size_t size, void *user) {
    (void)user;
    const long n = (long)test_alloc_calls++;
    if (n == test_alloc_fail_at || (test_alloc_fail_from >= 0 && n >= test_alloc_fail_from))
        return NULL;
    return malloc(size);
}

static inline void test_free_counting(void *p, size_t size, void *user) {
    (void)size;
    (void)user;
    free(p);
}

#endif
