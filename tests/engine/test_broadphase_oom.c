// Broadphase out of memory: a create, an add, an update or a query that cannot get memory
// answers so (the null handle, NULL with count -1), and a structure that cannot grow while it
// syncs answers by brute force; never an assert.
#include "test.h"
#include "test_alloc.h"

#include "arena/ae_broadphase.h"

#include <math.h>
#include <string.h>

/// Out of memory is an answer, never an assert: a create that fails gives back all it took, an
/// add returns the null handle, an update or a query NULL with count -1 when their results need
/// more memory than there is, and the broadphase works again once memory is back. An update
/// also fails past def.max_pairs.
static void test_out_of_memory(void) {
    enum { N = 64 };
    for (int m = 0; m < AE_BP_METHOD_COUNT; m++) {
        ae_broadphase_def def = ae_default_broadphase_def();
        def.method = (ae_bp_method)m;
        def.world = (ae_aabb){{{0, 0}}, {{100, 100}}};
        ae_set_allocator(test_alloc_failing, test_free_counting, NULL);
        ae_broadphase *bp = NULL;
        for (test_alloc_fail_at = 0; !bp; test_alloc_fail_at++) {
            test_alloc_calls = 0;
            bp = ae_broadphase_create(&def);
            if (!bp) CHECK(ae_live_bytes() == 0);
        }
        test_alloc_fail_at = -1;
        // N coincident circles; the pool's first block holds 16.
        ae_proxy_id ids[N];
        for (int i = 0; i < N; i++) {
            test_alloc_fail_from = i == 16 ? 0 : -1;
            test_alloc_calls = 0;
            if (i == 16)
                CHECK(ae_proxy_is_null(
                    ae_broadphase_add_circle(bp, (vec2s){{50, 50}}, 5, 1u, ~0u, 99)));
            test_alloc_fail_from = -1;
            // The second half pairs with nothing yet.
            ids[i] = ae_broadphase_add_circle(bp, (vec2s){{50, 50}}, 5, 1u, i < N / 2 ? ~0u : 0u,
                                              (uint64_t)i);
        }
        int n = 0;
        CHECK(ae_broadphase_update(bp, &n) != NULL && n == (N / 2) * (N / 2 - 1) / 2);
        // Now every pair overlaps: more pairs than the buffers hold, and memory has run out.
        for (int i = N / 2; i < N; i++) ae_broadphase_set_filter(bp, ids[i], 1u, ~0u);
        test_alloc_fail_from = 0;
        CHECK(ae_broadphase_update(bp, &n) == NULL && n == -1);
        CHECK(ae_broadphase_query_circle(bp, (vec2s){{50, 50}}, 1, ~0u, &n) == NULL && n == -1);
        test_alloc_fail_from = -1;
        CHECK(ae_broadphase_update(bp, &n) != NULL && n == N * (N - 1) / 2);
        CHECK(ae_broadphase_query_circle(bp, (vec2s){{50, 50}}, 1, ~0u, &n) != NULL && n == N);
        ae_broadphase_destroy(bp);
        // At most 100 pairs kept: 64 circles' 2016 are refused, 14 circles' 91 are not.
        def.max_pairs = 100;
        bp = ae_broadphase_create(&def);
        REQUIRE(bp);
        for (int i = 0; i < N; i++)
            ids[i] = ae_broadphase_add_circle(bp, (vec2s){{50, 50}}, 5, 1u, ~0u, (uint64_t)i);
        CHECK(ae_broadphase_update(bp, &n) == NULL && n == -1);
        for (int i = 14; i < N; i++) ae_broadphase_remove(bp, ids[i]);
        const ae_pair *kept = ae_broadphase_update(bp, &n);
        if (n != 91) fprintf(stderr, "%s: %d pairs\n", ae_bp_method_name(def.method), n);
        CHECK(kept != NULL && n == 91);
        ae_broadphase_destroy(bp);
        CHECK(ae_live_bytes() == 0);
        ae_set_allocator(NULL, NULL, NULL);
    }
}

// A scene that grows, moves and needs every structure to grow with it: step s has 20 << s of
// SYNC_N circles (so the grids and the tree are re-sized), each moved, a few large.
enum { SYNC_N = 320, SYNC_STEPS = 6 };

static ae_broadphase *sync_scene(ae_bp_method method) {
    ae_broadphase_def def = ae_default_broadphase_def();
    def.method = method;
    def.world = (ae_aabb){{{0, 0}}, {{1000, 1000}}};
    def.capacity = SYNC_N; // adds allocate nothing: what fails is the create's or a sync's
    return ae_broadphase_create(&def);
}

static vec2s sync_pos(int i, int step) {
    return (vec2s){{fmodf((float)i * 37.1f + (float)(step * (i % 5)) * 13.7f, 1000.0f),
                    fmodf((float)i * 91.3f + (float)(step * (i % 3)) * 7.1f, 1000.0f)}};
}

/// Step `step` of the scene: adds its new circles, moves every one, updates. NULL (count -1)
/// when the update failed, or the pairs.
static const ae_pair *sync_step(ae_broadphase *bp, ae_proxy_id *ids, int step, int *n) {
    const int alive = ae_broadphase_count(bp), want = ae_mini(SYNC_N, 20 << step);
    for (int i = 0; i < want; i++) {
        const float r = i % 50 == 0 ? 120.0f : 2.0f + (float)(i % 7) * 3.0f;
        if (i >= alive)
            ids[i] = ae_broadphase_add_circle(bp, sync_pos(i, step), r, 1u, ~0u, (uint64_t)i);
        else
            ae_broadphase_move_circle(bp, ids[i], sync_pos(i, step), r);
    }
    return ae_broadphase_update(bp, n);
}

static void count_visit(void *context, ae_proxy_id id, uint64_t user) {
    (void)id;
    (void)user;
    ++*(int *)context;
}

/// Out of memory while a structure syncs (the grid's cells and entries, the tree's nodes, the
/// regions of MBP and their sweep buffers) is never an assert: every allocation the scene makes
/// fails in turn, and every update that does not fail for its pair buffer, and every query,
/// answers exactly what brute force does. The first sync that runs out of memory answers by
/// brute force, and a later one builds the structure whole.
static void test_sync_out_of_memory(void) {
    static ae_pair want[SYNC_STEPS][SYNC_N * SYNC_N / 2];
    int want_n[SYNC_STEPS], want_near[SYNC_STEPS];
    ae_proxy_id ids[SYNC_N];
    ae_broadphase *ref = sync_scene(AE_BP_BRUTE);
    REQUIRE(ref);
    for (int s = 0; s < SYNC_STEPS; s++) {
        const ae_pair *p = sync_step(ref, ids, s, &want_n[s]);
        REQUIRE(p && want_n[s] <= SYNC_N * SYNC_N / 2);
        memcpy(want[s], p, sizeof *p * (size_t)want_n[s]);
        want_near[s] = 0;
        ae_broadphase_visit_circle(ref, (vec2s){{500, 500}}, 200, ~0u, count_visit, &want_near[s]);
    }
    ae_broadphase_destroy(ref);
    for (int m = AE_BP_GRID; m < AE_BP_METHOD_COUNT; m++) {
        long fail = 0, failed_updates = 0;
        ae_set_allocator(test_alloc_failing, test_free_counting, NULL);
        for (;; fail++) {
            test_alloc_calls = 0;
            test_alloc_fail_at = fail;
            ae_broadphase *bp = sync_scene((ae_bp_method)m);
            int nulls = 0;
            for (int s = 0; bp && s < SYNC_STEPS; s++) {
                int n = 0, near = 0;
                const ae_pair *p = sync_step(bp, ids, s, &n);
                ae_broadphase_visit_circle(bp, (vec2s){{500, 500}}, 200, ~0u, count_visit, &near);
                CHECK(near == want_near[s]);
                if (!p) {
                    nulls++;
                    continue;
                }
                CHECK(n == want_n[s] && memcmp(p, want[s], sizeof *p * (size_t)n) == 0);
            }
            CHECK(nulls <= 1); // one allocation failed: at most one update for want of its pairs
            failed_updates += nulls;
            ae_broadphase_destroy(bp);
            CHECK(ae_live_bytes() == 0);
            if ((long)test_alloc_calls <= fail || test_failures) break; // nothing failed: all ran
        }
        test_alloc_fail_at = -1;
        ae_set_allocator(NULL, NULL, NULL);
        fprintf(stderr, "%s: %ld allocations failed in turn, %ld updates failed\n",
                ae_bp_method_name((ae_bp_method)m), fail, failed_updates);
        CHECK(fail > 10);
    }
}

TEST_MAIN(TEST_CASE(out_of_memory), TEST_CASE(sync_out_of_memory))
