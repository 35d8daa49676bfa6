/// Counts the engine's allocations, for tests that check a loop allocates nothing once it has
/// grown: install with ae_set_allocator(test_alloc_counting, test_free_counting, NULL), read
/// test_alloc_calls before and after, and restore with ae_set_allocator(NULL, NULL, NULL).
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

static inline void test_free_counting(void *p, size_t size, void *user) {
    (void)size;
    (void)user;
    free(p);
}

#endif
