// Brute force: every live pair goes through the exact test. O(n^2), kept as the reference every
// other method is checked against, so it uses no spatial cull at all.
#include "bp_internal.h"

static bool brute_create(ae_broadphase *bp) {
    (void)bp;
    return true;
}

static void brute_destroy(ae_broadphase *bp) {
    (void)bp;
}

static bool brute_sync(ae_broadphase *bp) {
    (void)bp;
    return true;
}

void bp_brute_find_pairs(ae_broadphase *bp) {
    for (int i = 0; i < bp->high; i++) {
        if (!bp_is_alive(bp, i)) continue;
        for (int j = i + 1; j < bp->high; j++)
            if (bp_is_alive(bp, j)) bp_candidate(bp, i, j);
    }
}

void bp_brute_query(ae_broadphase *bp, bp_box q) {
    (void)q;
    for (int i = 0; i < bp->high; i++)
        if (bp_is_alive(bp, i)) bp_query_hit(bp, i);
}

const bp_vtable bp_brute_vtable = {
    .create = brute_create,
    .destroy = brute_destroy,
    .sync = brute_sync,
    .find_pairs = bp_brute_find_pairs,
    .query = bp_brute_query,
};
