// Broadphase: every method against brute force on random scenes over thousands of updates, the
// pairs-file edge cases, queries, handles and the no-allocation guarantee (running out of memory:
// test_broadphase_oom.c).
#include "test.h"
#include "test_alloc.h"

#include "arena/ae_broadphase.h"
#include "arena/ae_rng.h"
#include "bp_scene.h"
#include "pairs_file.h"

#include <limits.h>
#include <stdlib.h>
#include <stdint.h>

// ---------------------------------------------------------------------------------------------
// A random scene driven identically into two broadphases (brute force and the method under test).

enum { MAX_PROXIES = 400 };

typedef struct twin {
    ae_broadphase *ref, *bp;
    ae_proxy_id rid[MAX_PROXIES], id[MAX_PROXIES];
    bool live[MAX_PROXIES];
    vec2s pos[MAX_PROXIES];
    float radius[MAX_PROXIES];
    bool is_box[MAX_PROXIES];
    vec2s half[MAX_PROXIES];
} twin;

static const ae_aabb world = {{{0.0f, 0.0f}}, {{512.0f, 512.0f}}};

static ae_broadphase *make(ae_bp_method m, int capacity) {
    ae_broadphase_def def = ae_default_broadphase_def();
    def.method = m;
    def.world = world;
    def.capacity = capacity;
    return ae_broadphase_create(&def);
}

// Positions: mostly inside the world, some clustered in one spot, some far outside.
static vec2s random_pos(ae_rng *r) {
    uint32_t k = ae_rng_below(r, 20);
    if (k == 0)
        return (vec2s){{ae_rng_range(r, -300.0f, 800.0f), ae_rng_range(r, -300.0f, 800.0f)}};
    if (k == 1) return (vec2s){{100.0f, 100.0f}};
    // Integer positions make exact touching common.
    if (k < 5)
        return (vec2s){{(float)ae_rng_below(r, 64) * 8.0f, (float)ae_rng_below(r, 64) * 8.0f}};
    return (vec2s){{ae_rng_range(r, 0.0f, 512.0f), ae_rng_range(r, 0.0f, 512.0f)}};
}

static float random_radius(ae_rng *r) {
    uint32_t k = ae_rng_below(r, 40);
    if (k == 0) return ae_rng_range(r, 100.0f, 400.0f); // spans many cells and regions
    if (k == 1) return 0.0f;
    if (k < 10) return 4.0f; // exact touching on the 8-unit lattice
    return ae_rng_range(r, 1.0f, 14.0f);
}

static void random_filter(ae_rng *r, uint32_t *cat, uint32_t *mask) {
    if (ae_rng_below(r, 3) == 0) {
        *cat = 1u;
        *mask = 0xffffffffu;
        return;
    }
    *cat = 1u << ae_rng_below(r, 3);
    *mask = ae_rng_below(r, 8); // one-way exclusions are common
}

static void twin_add(twin *t, int k, ae_rng *r) {
    uint32_t cat, mask;
    random_filter(r, &cat, &mask);
    t->pos[k] = random_pos(r);
    t->is_box[k] = ae_rng_below(r, 5) == 0;
    if (t->is_box[k]) {
        t->half[k] = (vec2s){{ae_rng_range(r, 0.0f, 20.0f), (float)ae_rng_below(r, 3) * 4.0f}};
        ae_aabb b = {glms_vec2_sub(t->pos[k], t->half[k]), glms_vec2_add(t->pos[k], t->half[k])};
        t->rid[k] = ae_broadphase_add_box(t->ref, b, cat, mask, (uint64_t)k);
        t->id[k] = ae_broadphase_add_box(t->bp, b, cat, mask, (uint64_t)k);
    } else {
        t->radius[k] = random_radius(r);
        t->rid[k] =
            ae_broadphase_add_circle(t->ref, t->pos[k], t->radius[k], cat, mask, (uint64_t)k);
        t->id[k] = ae_broadphase_add_circle(t->bp, t->pos[k], t->radius[k], cat, mask, (uint64_t)k);
    }
    t->live[k] = true;
}

static void twin_move(twin *t, int k, ae_rng *r) {
    if (ae_rng_below(r, 10) == 0)
        t->pos[k] = random_pos(r); // teleport
    else
        t->pos[k] = glms_vec2_add(
            t->pos[k], (vec2s){{ae_rng_range(r, -3.0f, 3.0f), ae_rng_range(r, -3.0f, 3.0f)}});
    if (t->is_box[k]) {
        ae_aabb b = {glms_vec2_sub(t->pos[k], t->half[k]), glms_vec2_add(t->pos[k], t->half[k])};
        ae_broadphase_move_box(t->ref, t->rid[k], b);
        ae_broadphase_move_box(t->bp, t->id[k], b);
    } else {
        if (ae_rng_below(r, 50) == 0) t->radius[k] = random_radius(r);
        ae_broadphase_move_circle(t->ref, t->rid[k], t->pos[k], t->radius[k]);
        ae_broadphase_move_circle(t->bp, t->id[k], t->pos[k], t->radius[k]);
    }
}

static void twin_remove(twin *t, int k) {
    ae_broadphase_remove(t->ref, t->rid[k]);
    ae_broadphase_remove(t->bp, t->id[k]);
    t->live[k] = false;
}

// Same pairs (as user values, so slot numbering may differ) in the same order.
static bool same_pairs(twin *t, int *npairs) {
    int n_ref, n;
    const ae_pair *pr = ae_broadphase_update(t->ref, &n_ref);
    const ae_pair *p = ae_broadphase_update(t->bp, &n);
    *npairs = n_ref;
    if (n != n_ref) {
        fprintf(stderr, "pair count %d, brute force %d\n", n, n_ref);
        return false;
    }
    for (int k = 0; k < n; k++) {
        if (ae_proxy_index(p[k].a) != ae_proxy_index(pr[k].a) ||
            ae_proxy_index(p[k].b) != ae_proxy_index(pr[k].b) ||
            p[k].a.generation != pr[k].a.generation || p[k].b.generation != pr[k].b.generation) {
            fprintf(stderr, "pair %d differs\n", k);
            return false;
        }
        if (!(ae_proxy_index(p[k].a) < ae_proxy_index(p[k].b))) return false;
        if (k > 0 && !(ae_proxy_index(p[k - 1].a) < ae_proxy_index(p[k].a) ||
                       (ae_proxy_index(p[k - 1].a) == ae_proxy_index(p[k].a) &&
                        ae_proxy_index(p[k - 1].b) < ae_proxy_index(p[k].b))))
            return false;
    }
    return true;
}

// A random query (circle or box, from a point to larger than the world, anywhere the proxies go)
// gives the same proxies, in the same order, from the method under test as from brute force.
static bool same_query(twin *t, ae_rng *r) {
    vec2s c = random_pos(r);
    uint32_t size = ae_rng_below(r, 10);
    float ext = size == 0   ? 0.0f
                : size == 1 ? ae_rng_range(r, 200.0f, 1200.0f)
                            : ae_rng_range(r, 0.0f, 40.0f);
    uint32_t mask = ae_rng_below(r, 2) ? ~0u : ae_rng_below(r, 8);
    int n_ref, n;
    const ae_proxy_id *res_ref, *res;
    const char *kind;
    if (ae_rng_below(r, 2)) {
        kind = "circle";
        res_ref = ae_broadphase_query_circle(t->ref, c, ext, mask, &n_ref);
        res = ae_broadphase_query_circle(t->bp, c, ext, mask, &n);
    } else {
        kind = "box";
        vec2s h = {{ext, ext * ae_rng_range(r, 0.0f, 2.0f)}};
        ae_aabb box = {glms_vec2_sub(c, h), glms_vec2_add(c, h)};
        res_ref = ae_broadphase_query_aabb(t->ref, box, mask, &n_ref);
        res = ae_broadphase_query_aabb(t->bp, box, mask, &n);
    }
    bool ok = n == n_ref;
    for (int k = 0; ok && k < n; k++)
        ok = ae_proxy_index(res[k]) == ae_proxy_index(res_ref[k]) &&
             res[k].generation == res_ref[k].generation;
    if (!ok)
        fprintf(stderr, "%s query at (%g, %g) size %g: %d proxies, brute force %d\n", kind,
                (double)c.x, (double)c.y, (double)ext, n, n_ref);
    return ok;
}

static void run_random(ae_bp_method m, uint64_t seed, int updates) {
    static twin t;
    memset(&t, 0, sizeof t);
    t.ref = make(AE_BP_BRUTE, 16);
    t.bp = make(m, 16); // small capacity: the pools grow during the test
    ae_rng r, rq; // the scene's draws, and the queries' (so the scene is the same with or without)
    ae_rng_seed(&r, seed, (uint64_t)m);
    ae_rng_seed(&rq, seed, 100u + (uint64_t)m);
    long total_pairs = 0, total_hits = 0;
    int max_live = 0;
    for (int u = 0; u < updates; u++) {
        // Population drifts between about 0 and MAX_PROXIES so the MBP regions and quadtree
        // depth are re-sized as it doubles and halves.
        int phase = (u / 500) % 2;
        int ops = (int)ae_rng_below(&r, 30);
        for (int o = 0; o < ops; o++) {
            int k = (int)ae_rng_below(&r, MAX_PROXIES);
            if (!t.live[k]) {
                if (phase == 0 || ae_rng_below(&r, 4) == 0) twin_add(&t, k, &r);
            } else if (ae_rng_below(&r, phase ? 2 : 6) == 0) {
                twin_remove(&t, k);
                if (ae_rng_below(&r, 4) == 0) twin_add(&t, k, &r); // re-add before the update
            }
        }
        // Sometimes a query lands between two rounds of moves: the structures sync without a
        // full update, and the next update must still be right.
        bool query_between = ae_rng_below(&r, 4) == 0;
        int live = 0;
        for (int k = 0; k < MAX_PROXIES; k++)
            if (t.live[k]) {
                live++;
                if (ae_rng_below(&r, 3) != 0) twin_move(&t, k, &r);
            }
        if (query_between) {
            int nq;
            vec2s c = random_pos(&r);
            ae_broadphase_query_circle(t.bp, c, 20.0f, ~0u, &nq);
            // Queries after moves without an update see the moves, and leave some regions
            // refreshed and others stale for the moves below.
            for (int q = 0; q < 3; q++) CHECK(same_query(&t, &rq));
            for (int k = 0; k < MAX_PROXIES; k++)
                if (t.live[k] && ae_rng_below(&r, 3) == 0) twin_move(&t, k, &r);
        }
        if (live > max_live) max_live = live;
        int n;
        bool ok = same_pairs(&t, &n);
        total_pairs += n;
        if (!ok) {
            fprintf(stderr, "%s: mismatch at update %d\n", ae_bp_method_name(m), u);
            CHECK(ok);
            break;
        }
        // Only the method under test is checked against brute force's count.
        CHECK(ae_broadphase_count(t.bp) == live);
        // Several queries on one state: later ones reuse what the first built.
        for (int q = 0; q < 4; q++) {
            bool qok = same_query(&t, &rq);
            if (!qok) fprintf(stderr, "%s: query mismatch at update %d\n", ae_bp_method_name(m), u);
            CHECK(qok);
            if (!qok) break;
        }
        int nq;
        ae_broadphase_query_circle(t.ref, (vec2s){{256.0f, 256.0f}}, 64.0f, ~0u, &nq);
        total_hits += nq;
    }
    // The scenes really had pairs and a large population, or the comparison proves little.
    CHECK(total_pairs > updates);
    CHECK(total_hits > updates);
    CHECK(max_live > MAX_PROXIES / 2);
    ae_broadphase_destroy(t.ref);
    ae_broadphase_destroy(t.bp);
}

static void test_random_grid(void) {
    run_random(AE_BP_GRID, 1, 3000);
}
static void test_random_quadtree(void) {
    run_random(AE_BP_QUADTREE, 2, 3000);
}
static void test_random_sap(void) {
    run_random(AE_BP_SAP, 3, 3000);
}
static void test_random_mbp(void) {
    run_random(AE_BP_MBP, 4, 3000);
}

// MBP reports a pair from the region holding the lower corner of the two boxes' intersection. Boxes
// whose lower sides sit on region boundaries, a few floats either side, across several updates:
// every pair is reported once, as brute force finds it. The world's bounds are not round numbers,
// so the boundaries are not either.
static void test_mbp_region_edges(void) {
    ae_broadphase_def def = ae_default_broadphase_def();
    def.world = (ae_aabb){{{-123.25f, 17.5f}}, {{2987.3f, 2051.7f}}};
    def.capacity = 16;
    def.mbp_proxies_per_region = 2; // several columns as well as rows
    def.method = AE_BP_MBP;
    ae_broadphase *bp = ae_broadphase_create(&def);
    def.method = AE_BP_BRUTE;
    ae_broadphase *ref = ae_broadphase_create(&def);
    enum { N = 400 };
    static ae_proxy_id id[N], rid[N];
    ae_rng r;
    ae_rng_seed(&r, 11, 0);
    for (int i = 0; i < N; i++) {
        vec2s c = {{ae_rng_range(&r, -100.0f, 2900.0f), ae_rng_range(&r, 20.0f, 2000.0f)}};
        id[i] = ae_broadphase_add_circle(bp, c, 6.0f, 1u, ~0u, (uint64_t)i);
        rid[i] = ae_broadphase_add_circle(ref, c, 6.0f, 1u, ~0u, (uint64_t)i);
    }
    int n, n_ref;
    ae_broadphase_update(bp, &n); // sizes the regions for N proxies; moves keep them
    // The regions' lower sides, not counting the world's own.
    static ae_bp_region regions[128 * 128];
    int nr = ae_broadphase_regions(bp, regions, 128 * 128);
    REQUIRE(nr > 0 && nr <= 128 * 128);
    float xs[3], ys[3];
    int nxs = 0, nys = 0;
    for (int k = 0; k < nr; k++) {
        float x = regions[k].box.lower.x, y = regions[k].box.lower.y;
        if (x > def.world.lower.x && nxs < 3 && (nxs == 0 || x > xs[nxs - 1])) xs[nxs++] = x;
        if (y > def.world.lower.y && nys < 3 && (nys == 0 || y > ys[nys - 1])) ys[nys++] = y;
    }
    REQUIRE(nxs == 3 && nys == 3);
    long total = 0;
    for (int u = 0; u < 40; u++) {
        for (int i = 0; i < N; i++) {
            // A lower corner within 64 floats of a boundary corner (the fat box's padding is about
            // 25 floats there), a small box or circle from it.
            float x = xs[ae_rng_below(&r, 3)], y = ys[ae_rng_below(&r, 3)];
            for (int s = (int)ae_rng_below(&r, 129) - 64; s != 0; s += s > 0 ? -1 : 1)
                x = nextafterf(x, s > 0 ? INFINITY : -INFINITY);
            for (int s = (int)ae_rng_below(&r, 129) - 64; s != 0; s += s > 0 ? -1 : 1)
                y = nextafterf(y, s > 0 ? INFINITY : -INFINITY);
            float w = (float)ae_rng_below(&r, 5), h = (float)ae_rng_below(&r, 5);
            if (ae_rng_below(&r, 2)) {
                ae_aabb b = {{{x, y}}, {{x + w, y + h}}};
                ae_broadphase_move_box(bp, id[i], b);
                ae_broadphase_move_box(ref, rid[i], b);
            } else {
                vec2s c = {{x + w, y + w}};
                ae_broadphase_move_circle(bp, id[i], c, w);
                ae_broadphase_move_circle(ref, rid[i], c, w);
            }
        }
        const ae_pair *p = ae_broadphase_update(bp, &n);
        const ae_pair *pr = ae_broadphase_update(ref, &n_ref);
        bool ok = n == n_ref;
        for (int k = 0; ok && k < n; k++)
            ok = ae_proxy_index(p[k].a) == ae_proxy_index(pr[k].a) &&
                 ae_proxy_index(p[k].b) == ae_proxy_index(pr[k].b);
        if (!ok) fprintf(stderr, "update %d: %d pairs, brute force %d\n", u, n, n_ref);
        CHECK(ok);
        total += n_ref;
    }
    CHECK(total > 40 * N); // crowded corners: plenty of pairs across the boundaries
    ae_broadphase_destroy(bp);
    ae_broadphase_destroy(ref);
}

// ---------------------------------------------------------------------------------------------
// Pair-file edge cases: every method gives the expected output (computed independently).

static bool read_text(const char *path, char *buf, size_t cap) {
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    size_t n = fread(buf, 1, cap - 1, f);
    buf[n] = '\0';
    fclose(f);
    return true;
}

static void check_fixture(const char *name) {
    char path[512], expected_path[512], expected[256], got[256];
    snprintf(path, sizeof path, "%s/tests/data/pairs/%s.txt", ARENA_SOURCE_DIR, name);
    snprintf(expected_path, sizeof expected_path, "%s/tests/data/pairs/%s.expected",
             ARENA_SOURCE_DIR, name);
    REQUIRE(read_text(expected_path, expected, sizeof expected));
    pairs_input in;
    ae_error err;
    REQUIRE(pairs_load(path, &in, &err));
    // Every method, with the pairs kept and with none kept (counted as the queries find them).
    for (int m = 0; m < AE_BP_METHOD_COUNT * 2; m++) {
        const ae_bp_method method = (ae_bp_method)(m % AE_BP_METHOD_COUNT);
        const int kept = m < AE_BP_METHOD_COUNT ? INT_MAX : 0;
        uint64_t pairs, sum;
        CHECK(pairs_run(&in, method, kept, &pairs, &sum, &err));
        snprintf(got, sizeof got, "pairs %llu\nchecksum %llu\n", (unsigned long long)pairs,
                 (unsigned long long)sum);
        if (strcmp(got, expected) != 0)
            fprintf(stderr, "%s with %s, keeping %d:\n%s", name, ae_bp_method_name(method), kept,
                    got);
        CHECK_STR(got, expected);
    }
    pairs_free(&in);
}

static void test_edge_one_spot(void) {
    check_fixture("one_spot");
}
static void test_edge_touching(void) {
    check_fixture("touching");
}
static void test_edge_huge(void) {
    check_fixture("huge");
}
static void test_edge_outside(void) {
    check_fixture("outside");
}
static void test_edge_filters(void) {
    check_fixture("filters");
}
static void test_edge_empty(void) {
    check_fixture("empty");
}

static void test_touching_exact(void) {
    // Touching circles (3-4-5 triangle) and boxes sharing an edge are not overlaps; a hair closer
    // is.
    for (int m = 0; m < AE_BP_METHOD_COUNT; m++) {
        ae_broadphase *bp = make((ae_bp_method)m, 16);
        ae_broadphase_add_circle(bp, (vec2s){{0, 0}}, 2.5f, 1, ~0u, 0);
        ae_broadphase_add_circle(bp, (vec2s){{3, 4}}, 2.5f, 1, ~0u, 1);
        ae_broadphase_add_box(bp, (ae_aabb){{{10, 10}}, {{20, 20}}}, 1, ~0u, 2);
        ae_broadphase_add_box(bp, (ae_aabb){{{20, 10}}, {{30, 20}}}, 1, ~0u, 3);
        ae_broadphase_add_circle(bp, (vec2s){{35, 15}}, 5.0f, 1, ~0u, 4); // touches box 3
        int n;
        ae_broadphase_update(bp, &n);
        CHECK(n == 0);
        ae_proxy_id c = ae_broadphase_add_circle(bp, (vec2s){{34.99f, 15}}, 5.0f, 1, ~0u, 5);
        const ae_pair *p = ae_broadphase_update(bp, &n);
        // 5 overlaps box 3 and circle 4.
        CHECK(n == 2);
        if (n == 2) {
            CHECK(ae_proxy_index(p[0].a) == 3 && ae_proxy_index(p[0].b) == 5);
            CHECK(ae_proxy_index(p[1].a) == 4 && ae_proxy_index(p[1].b) == 5);
            CHECK(ae_broadphase_user(bp, p[1].b) == 5);
        }
        ae_broadphase_remove(bp, c);
        ae_broadphase_destroy(bp);
    }
}

static void test_one_way_filter(void) {
    for (int m = 0; m < AE_BP_METHOD_COUNT; m++) {
        ae_broadphase *bp = make((ae_bp_method)m, 16);
        // a accepts b's category but b does not accept a's: no pair.
        ae_proxy_id a = ae_broadphase_add_circle(bp, (vec2s){{50, 50}}, 5, 1u, 2u, 0);
        ae_proxy_id b = ae_broadphase_add_circle(bp, (vec2s){{52, 50}}, 5, 2u, 4u, 1);
        int n;
        ae_broadphase_update(bp, &n);
        CHECK(n == 0);
        ae_broadphase_set_filter(bp, b, 2u, 1u);
        ae_broadphase_update(bp, &n);
        CHECK(n == 1);
        ae_broadphase_set_filter(bp, a, 0u, ~0u); // no category at all
        ae_broadphase_update(bp, &n);
        CHECK(n == 0);
        ae_broadphase_destroy(bp);
    }
}

static void test_leave_and_return_between_syncs(void) {
    // A proxy leaves its cell or region, a query syncs the structure without touching that
    // place, the proxy comes back, then an update: no stale or doubled entry may survive.
    for (int m = 0; m < AE_BP_METHOD_COUNT; m++) {
        ae_broadphase_def def = ae_default_broadphase_def();
        def.method = (ae_bp_method)m;
        def.world = (ae_aabb){{{0, 0}}, {{4096, 4096}}};
        ae_broadphase *bp = ae_broadphase_create(&def);
        ae_proxy_id first = ae_proxy_null();
        for (int y = 0; y < 40; y++)
            for (int x = 0; x < 50; x++) {
                ae_proxy_id id = ae_broadphase_add_circle(
                    bp, (vec2s){{10.0f + 80.0f * (float)x, 10.0f + 100.0f * (float)y}}, 6.0f, 1,
                    ~0u, 0);
                if (ae_proxy_is_null(first)) first = id;
            }
        ae_broadphase_add_circle(bp, (vec2s){{20, 10}}, 6.0f, 1, ~0u, 1); // overlaps the first
        int n;
        ae_broadphase_update(bp, &n);
        CHECK(n == 1);
        ae_broadphase_move_circle(bp, first, (vec2s){{4000, 4000}}, 6.0f);
        ae_broadphase_query_circle(bp, (vec2s){{2000, 2000}}, 1.0f, ~0u, &n);
        ae_broadphase_move_circle(bp, first, (vec2s){{10, 10}}, 6.0f);
        const ae_pair *p = ae_broadphase_update(bp, &n);
        if (n != 1) fprintf(stderr, "%s: %d pairs\n", ae_bp_method_name((ae_bp_method)m), n);
        CHECK(n == 1);
        if (n >= 1) CHECK(ae_proxy_index(p[0].a) == 0 && ae_proxy_index(p[0].b) == 2000);
        ae_broadphase_destroy(bp);
    }
}

// ---------------------------------------------------------------------------------------------
// Queries against a direct scan of the exact shapes.

// What a visiting query handed over: each proxy's index, in the order visited.
typedef struct visits {
    const ae_broadphase *bp;
    int index[MAX_PROXIES];
    int n;
    bool handles_ok; // every handle valid and its user value the one given at add
} visits;

static void collect(void *context, ae_proxy_id id, uint64_t user) {
    visits *v = context;
    v->handles_ok = v->handles_ok && ae_broadphase_is_valid(v->bp, id) &&
                    ae_broadphase_user(v->bp, id) == user && v->n < MAX_PROXIES;
    if (v->n < MAX_PROXIES) v->index[v->n++] = ae_proxy_index(id);
}

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

// A visiting query found exactly the sorted query's set, each proxy once.
static bool same_set(visits *v, const int *expect, int n) {
    qsort(v->index, (size_t)v->n, sizeof v->index[0], cmp_int);
    bool ok = v->handles_ok && v->n == n;
    for (int k = 0; ok && k < n; k++) ok = v->index[k] == expect[k];
    return ok;
}

static void test_queries(void) {
    ae_rng r;
    ae_rng_seed(&r, 77, 0);
    enum { N = 300 };
    vec2s pos[N];
    float rad[N];
    uint32_t cat[N];
    ae_broadphase *bps[AE_BP_METHOD_COUNT];
    static ae_proxy_id ids[AE_BP_METHOD_COUNT][N];
    for (int m = 0; m < AE_BP_METHOD_COUNT; m++) bps[m] = make((ae_bp_method)m, 64);
    for (int i = 0; i < N; i++) {
        pos[i] = random_pos(&r);
        rad[i] = random_radius(&r);
        cat[i] = 1u << ae_rng_below(&r, 3);
        for (int m = 0; m < AE_BP_METHOD_COUNT; m++)
            ids[m][i] = ae_broadphase_add_circle(bps[m], pos[i], rad[i], cat[i], ~0u, (uint64_t)i);
    }
    int checked = 0, nonempty = 0;
    for (int q = 0; q < 400; q++) {
        // Move a few proxies between queries, without an update: queries see the moves.
        for (int k = 0; k < 5; k++) {
            int i = (int)ae_rng_below(&r, N);
            pos[i] = random_pos(&r);
            for (int m = 0; m < AE_BP_METHOD_COUNT; m++)
                ae_broadphase_move_circle(bps[m], ids[m][i], pos[i], rad[i]);
        }
        vec2s c = random_pos(&r);
        float qr = ae_rng_range(&r, 0.0f, 60.0f);
        vec2s h = {{ae_rng_range(&r, 0.0f, 60.0f), ae_rng_range(&r, 0.0f, 60.0f)}};
        ae_aabb box = {glms_vec2_sub(c, h), glms_vec2_add(c, h)};
        uint32_t mask = ae_rng_below(&r, 8);
        int expect_box[N], expect_circle[N], nb = 0, nc = 0;
        for (int i = 0; i < N; i++) {
            if (!(cat[i] & mask)) continue;
            if (ae_circle_aabb_overlap(pos[i], rad[i], box)) expect_box[nb++] = i;
            if (ae_circles_overlap(pos[i], rad[i], c, qr)) expect_circle[nc++] = i;
        }
        if (nb) nonempty++;
        for (int m = 0; m < AE_BP_METHOD_COUNT; m++) {
            int n;
            const ae_proxy_id *res = ae_broadphase_query_aabb(bps[m], box, mask, &n);
            bool ok = n == nb;
            for (int k = 0; ok && k < n; k++) ok = ae_proxy_index(res[k]) == expect_box[k];
            res = ae_broadphase_query_circle(bps[m], c, qr, mask, &n);
            ok = ok && n == nc;
            for (int k = 0; ok && k < n; k++) ok = ae_proxy_index(res[k]) == expect_circle[k];
            // The visiting queries find the same sets (in their own order).
            visits v = {.bp = bps[m], .handles_ok = true};
            ae_broadphase_visit_aabb(bps[m], box, mask, collect, &v);
            ok = ok && same_set(&v, expect_box, nb);
            v = (visits){.bp = bps[m], .handles_ok = true};
            ae_broadphase_visit_circle(bps[m], c, qr, mask, collect, &v);
            ok = ok && same_set(&v, expect_circle, nc);
            if (!ok)
                fprintf(stderr, "query %d differs for %s\n", q, ae_bp_method_name((ae_bp_method)m));
            CHECK(ok);
            checked++;
        }
        if (q % 50 == 0) // an update in between must not disturb later queries
            for (int m = 0; m < AE_BP_METHOD_COUNT; m++) {
                int n;
                ae_broadphase_update(bps[m], &n);
            }
    }
    CHECK(checked == 400 * AE_BP_METHOD_COUNT);
    CHECK(nonempty > 50);
    for (int m = 0; m < AE_BP_METHOD_COUNT; m++) ae_broadphase_destroy(bps[m]);
}

// ---------------------------------------------------------------------------------------------
// Handles, user values, memory.

static void test_handles(void) {
    ae_broadphase *bp = make(AE_BP_MBP, 16);
    ae_proxy_id a = ae_broadphase_add_circle(bp, (vec2s){{1, 1}}, 1, 1, ~0u, 42);
    CHECK(!ae_proxy_is_null(a));
    CHECK(ae_proxy_is_null(ae_proxy_null()));
    CHECK(ae_broadphase_is_valid(bp, a));
    CHECK(!ae_broadphase_is_valid(bp, ae_proxy_null()));
    CHECK(ae_broadphase_user(bp, a) == 42);
    ae_aabb box = ae_broadphase_aabb(bp, a);
    CHECK(box.lower.x == 0.0f && box.upper.y == 2.0f);
    ae_broadphase_remove(bp, a);
    CHECK(!ae_broadphase_is_valid(bp, a));
    ae_proxy_id b = ae_broadphase_add_circle(bp, (vec2s){{1, 1}}, 1, 1, ~0u, 43);
    // The slot is reused with a new generation; the old handle stays stale.
    CHECK(ae_proxy_index(b) == ae_proxy_index(a));
    CHECK(b.generation != a.generation);
    CHECK(!ae_broadphase_is_valid(bp, a));
    CHECK(ae_broadphase_is_valid(bp, b));
    CHECK(ae_broadphase_count(bp) == 1);
    CHECK(ae_broadphase_method(bp) == AE_BP_MBP);
    ae_bp_method m;
    CHECK(ae_bp_method_parse("quadtree", &m) && m == AE_BP_QUADTREE);
    CHECK(!ae_bp_method_parse("octree", &m));
    ae_broadphase_destroy(bp);
}

static void test_no_alloc_after_warmup(void) {
    REQUIRE(ae_live_bytes() == 0);
    ae_set_allocator(test_alloc_counting, test_free_counting, NULL);
    for (int m = 0; m < AE_BP_METHOD_COUNT; m++) {
        ae_broadphase *bp = make((ae_bp_method)m, 600);
        ae_rng r;
        ae_rng_seed(&r, 5, 0);
        ae_proxy_id ids[500];
        vec2s base[500], dir[500];
        for (int i = 0; i < 500; i++) {
            base[i] = (vec2s){{ae_rng_range(&r, 0, 512), ae_rng_range(&r, 0, 512)}};
            dir[i] = (vec2s){{ae_rng_range(&r, -2, 2), ae_rng_range(&r, -2, 2)}};
            ids[i] = ae_broadphase_add_circle(bp, base[i], 6.0f, 1, ~0u, (uint64_t)i);
        }
        // A periodic motion (triangle wave, period 50 ticks): after the first period every
        // state repeats, so every capacity has been reached by tick 100.
        size_t before = 0;
        for (int tick = 0; tick < 200; tick++) {
            if (tick == 100) before = test_alloc_calls;
            float phase = (float)(tick % 50 < 25 ? tick % 50 : 50 - tick % 50);
            for (int i = 0; i < 500; i++)
                ae_broadphase_move_circle(bp, ids[i], glms_vec2_muladds(dir[i], phase, base[i]),
                                          6.0f);
            int n;
            ae_broadphase_update(bp, &n);
            ae_broadphase_query_circle(bp, base[tick % 50], 30.0f, ~0u, &n);
            ae_broadphase_query_aabb(bp, (ae_aabb){{{0, 0}}, {{100, 100}}}, ~0u, &n);
            visits v = {.bp = bp, .handles_ok = true};
            ae_broadphase_visit_circle(bp, base[(tick + 7) % 50], 60.0f, ~0u, collect, &v);
        }
        if (test_alloc_calls != before)
            fprintf(stderr, "%s allocated %zu times after warm-up\n",
                    ae_bp_method_name((ae_bp_method)m), test_alloc_calls - before);
        CHECK(test_alloc_calls == before);
        ae_broadphase_destroy(bp);
        CHECK(ae_live_bytes() == 0);
    }
    ae_set_allocator(NULL, NULL, NULL);
}

static int compare_pairs(const void *x, const void *y) {
    const ae_pair *p = x, *q = y;
    int a = ae_proxy_index(p->a), b = ae_proxy_index(q->a);
    if (a != b) return a < b ? -1 : 1;
    a = ae_proxy_index(p->b), b = ae_proxy_index(q->b);
    return a < b ? -1 : (a > b);
}

// The benchmark's crowds (mixed radii, most circles in dense clumps) over ten ticks: every method's
// sorted update equals brute force's, and its unsorted update holds the same pairs (each with the
// lower index first, once) in some order.
static void test_clustered_unsorted(void) {
    enum { N = 1500, TICKS = 10 };
    static ae_pair ref[N * 16], got[N * 16];
    bp_scene s;
    bp_scene_clustered(&s, N, 77);
    ae_broadphase *bp[AE_BP_METHOD_COUNT], *unsorted[AE_BP_METHOD_COUNT];
    static ae_proxy_id id[AE_BP_METHOD_COUNT][N], tid[AE_BP_METHOD_COUNT][N];
    for (int m = 0; m < AE_BP_METHOD_COUNT; m++) {
        ae_broadphase_def def = ae_default_broadphase_def();
        def.method = (ae_bp_method)m;
        def.world = (ae_aabb){{{0.0f, 0.0f}}, {{s.width, s.height}}};
        bp[m] = ae_broadphase_create(&def);
        unsorted[m] = ae_broadphase_create(&def); // unsorted updates only
        REQUIRE(bp[m] && unsorted[m]);
        for (int i = 0; i < N; i++) {
            id[m][i] = ae_broadphase_add_circle(bp[m], s.pos[i], s.radius[i], 1u, ~0u, 0);
            tid[m][i] = ae_broadphase_add_circle(unsorted[m], s.pos[i], s.radius[i], 1u, ~0u, 0);
        }
    }
    long total = 0;
    for (int t = 0; t < TICKS; t++) {
        bp_scene_step(&s);
        int n_ref = 0;
        for (int m = 0; m < AE_BP_METHOD_COUNT; m++) {
            for (int i = 0; i < N; i++) {
                ae_broadphase_move_circle(bp[m], id[m][i], s.pos[i], s.radius[i]);
                ae_broadphase_move_circle(unsorted[m], tid[m][i], s.pos[i], s.radius[i]);
            }
            int n, nu;
            const ae_pair *p = ae_broadphase_update(bp[m], &n);
            const ae_pair *u = ae_broadphase_update_unsorted(unsorted[m], &nu);
            REQUIRE(n >= 0 && n <= N * 16 && nu == n);
            if (m == AE_BP_BRUTE) {
                memcpy(ref, p, sizeof *p * (size_t)n);
                n_ref = n;
                total += n;
            }
            CHECK(n == n_ref && memcmp(p, ref, sizeof *p * (size_t)n) == 0);
            memcpy(got, u, sizeof *u * (size_t)nu);
            qsort(got, (size_t)nu, sizeof *got, compare_pairs);
            bool same = nu == n_ref;
            for (int k = 0; same && k < nu; k++)
                same = ae_proxy_index(got[k].a) == ae_proxy_index(ref[k].a) &&
                       ae_proxy_index(got[k].b) == ae_proxy_index(ref[k].b) &&
                       got[k].a.generation == ref[k].a.generation &&
                       got[k].b.generation == ref[k].b.generation;
            if (!same)
                fprintf(stderr, "%s: unsorted pairs differ at tick %d\n",
                        ae_bp_method_name((ae_bp_method)m), t);
            CHECK(same);
        }
    }
    CHECK(total > (long)N * TICKS); // crowds: more pairs than circles, or the check proves little
    for (int m = 0; m < AE_BP_METHOD_COUNT; m++) {
        ae_broadphase_destroy(bp[m]);
        ae_broadphase_destroy(unsorted[m]);
    }
    bp_scene_free(&s);
}

static void test_bad_pairs_files(void) {
    static const struct {
        const char *text, *msg;
    } cases[] = {
        {"1 2 3\n4 5\n", "line 2: expected `x y r [category mask]`, got 2 fields"},
        {"1 2 3\n# c\n\n4 5 -1\n", "line 4: negative radius -1"},
        {"nan 1 2\n", "line 1: x: NaN 'nan'"},
        {"1 inf 2\n", "line 1: y: number out of range (|v| <= 1e30) 'inf'"},
        {"1 2 3x\n", "line 1: r: not a number '3x'"},
        {"1 2 3 1 -4\n", "line 1: category and mask must be unsigned 32-bit integers"},
        {"1 2 3 1 0x100000000\n", "line 1: category and mask must be unsigned 32-bit integers"},
        {"1 2 3 4 5 6\n", "line 1: expected `x y r [category mask]`, got 6 fields"},
        // The tools' one strict parser (tool_parse_real, tool_parse_u64_hex): no hex floats, no
        // '+', a NaN however spelled, an overflow as out of range, one "0x" only.
        {"1 2 0x1p3\n", "line 1: r: not a number '0x1p3'"},
        {"+1 2 3\n", "line 1: x: not a number '+1'"},
        {"1 -NaN 3\n", "line 1: y: NaN '-NaN'"},
        {"1 2 1e999\n", "line 1: r: number out of range (|v| <= 1e30) '1e999'"},
        {"2e30 2 3\n", "line 1: x: number out of range (|v| <= 1e30) '2e30'"},
        {"1 2 3 0x0x10 1\n", "line 1: category and mask must be unsigned 32-bit integers"},
        {"1 2 3 1 0x\n", "line 1: category and mask must be unsigned 32-bit integers"},
        // A token holding escape bytes is quoted, so the message stays one harmless line.
        {"1 2 \x1b[2J\n", "line 1: r: not a number '\"\\x1b[2J\"'"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        pairs_input in;
        ae_error err;
        bool ok = pairs_parse(cases[k].text, strlen(cases[k].text), &in, &err);
        CHECK(!ok);
        if (!ok) CHECK_STR(err.msg, cases[k].msg);
    }
    pairs_input in;
    ae_error err;
    CHECK(!pairs_load("/nonexistent/pairs.txt", &in, &err));
    const char *good = "# comment\n1 2 3\r\n\n4 5 6 0x10 7\n";
    REQUIRE(pairs_parse(good, strlen(good), &in, &err));
    CHECK(in.count == 2);
    CHECK(in.category[0] == 1u && in.mask[0] == 0xffffffffu);
    CHECK(in.category[1] == 16u && in.mask[1] == 7u);
    pairs_free(&in);
    const char *forms = "-.5 1e2 1e-3 0XfF 4294967295\n";
    REQUIRE(pairs_parse(forms, strlen(forms), &in, &err));
    CHECK(in.count == 1);
    CHECK(in.center[0].x == -0.5f && in.center[0].y == 100.0f && in.radius[0] == 1e-3f);
    CHECK(in.category[0] == 255u && in.mask[0] == 0xffffffffu);
    pairs_free(&in);
}

TEST_MAIN(TEST_CASE(random_grid), TEST_CASE(random_quadtree), TEST_CASE(random_sap),
          TEST_CASE(random_mbp), TEST_CASE(mbp_region_edges), TEST_CASE(edge_one_spot),
          TEST_CASE(edge_touching), TEST_CASE(edge_huge), TEST_CASE(edge_outside),
          TEST_CASE(edge_filters), TEST_CASE(edge_empty), TEST_CASE(touching_exact),
          TEST_CASE(leave_and_return_between_syncs), TEST_CASE(one_way_filter), TEST_CASE(queries),
          TEST_CASE(handles), TEST_CASE(no_alloc_after_warmup), TEST_CASE(clustered_unsorted),
          TEST_CASE(bad_pairs_files))
