// Edits equal a rebake: random sequences of cell edits (walls broken, breakable walls broken,
// new walls, tag changes) on random maps of several sizes and densities; after each edit the
// field equals a full bake at every corner, the nav grid a fresh build, and the cover points a
// fresh build.
#include "test.h"

#include "arena/ae_cover.h"
#include "arena/ae_rng.h"
#include "gen_maps.h"

#include <stdlib.h>

enum { RADII = 3, COVERS = 2 };
static const float nav_radii[RADII] = {0.0f, 12.0f, 40.0f};
static const float cover_radii[COVERS] = {12.0f, 30.0f};

/// A map with everything the game derives from it, kept up to date by the edit calls.
typedef struct world {
    ae_grid grid;
    ae_sdf sdf;
    ae_nav_grid nav;
    ae_cover_set cover[COVERS];
} world;

static ae_nav_grid_def nav_def(void) {
    ae_nav_grid_def d = ae_default_nav_grid_def();
    d.radius_count = RADII;
    for (int k = 0; k < RADII; k++) d.radii[k] = nav_radii[k];
    return d;
}

static ae_cover_def cover_def(int k) {
    ae_cover_def d = ae_default_cover_def();
    d.radius = cover_radii[k];
    return d;
}

static bool world_build(world *w) {
    ae_nav_grid_def nd = nav_def();
    if (!ae_sdf_init(&w->sdf, &w->grid, 32.0f, NULL) ||
        !ae_nav_grid_init(&w->nav, &w->grid, &w->sdf, &nd, NULL))
        return false;
    for (int k = 0; k < COVERS; k++) {
        ae_cover_def cd = cover_def(k);
        if (!ae_cover_init(&w->cover[k], &w->grid, &w->sdf, &cd, NULL)) return false;
    }
    return true;
}

static void world_free(world *w) {
    for (int k = 0; k < COVERS; k++) ae_cover_free(&w->cover[k]);
    ae_nav_grid_free(&w->nav);
    ae_sdf_free(&w->sdf);
    ae_grid_free(&w->grid);
}

/// One edit the way the game makes it: the field first, then what is derived from it.
static bool world_edit(world *w, int x, int y, uint8_t value) {
    if (!ae_sdf_set_cell(&w->sdf, &w->grid, x, y, value, NULL)) return false;
    ae_nav_grid_on_cell_edit(&w->nav, &w->grid, &w->sdf, x, y);
    for (int k = 0; k < COVERS; k++)
        if (!ae_cover_on_cell_edit(&w->cover[k], &w->grid, &w->sdf, x, y, NULL)) return false;
    return true;
}

static int cmp_point(const void *a, const void *b) {
    const ae_cover_point *p = a, *q = b;
    return (p->key > q->key) - (p->key < q->key);
}

/// The points of a set in key order (a copy: the comparison must not rely on the set's order).
static ae_cover_point *sorted_points(const ae_cover_set *s) {
    ae_cover_point *p = malloc((size_t)(s->count + 1) * sizeof *p);
    if (s->count) memcpy(p, s->points, (size_t)s->count * sizeof *p);
    qsort(p, (size_t)s->count, sizeof *p, cmp_point);
    return p;
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/// Keys of the points an AABB query returns, sorted.
static int query_keys(const ae_cover_set *s, vec2s lo, vec2s hi, uint32_t *keys, int32_t *idx) {
    int n = ae_cover_query_aabb(s, lo, hi, idx, s->count);
    for (int i = 0; i < n; i++) keys[i] = s->points[idx[i]].key;
    qsort(keys, (size_t)n, sizeof *keys, cmp_u32);
    return n;
}

/// Cover sets are equal when they hold the same points: the key names the wall-edge sample a
/// point comes from, so keys are unique and the two sets, each sorted by key, must match point
/// for point in position, normal and key, bit for bit. Their indexes must answer queries alike.
static bool same_cover(const ae_cover_set *a, const ae_cover_set *b, ae_rng *rng) {
    if (a->count != b->count) return false;
    ae_cover_point *pa = sorted_points(a), *pb = sorted_points(b);
    bool same = a->count == 0 || memcmp(pa, pb, (size_t)a->count * sizeof *pa) == 0;
    free(pa);
    free(pb);
    uint32_t *ka = malloc((size_t)(a->count + 1) * sizeof *ka);
    uint32_t *kb = malloc((size_t)(a->count + 1) * sizeof *kb);
    int32_t *idx = malloc((size_t)(a->count + 1) * sizeof *idx);
    const float w = (float)a->width * a->cell_size, h = (float)a->height * a->cell_size;
    for (int q = 0; same && q < 8; q++) {
        vec2s lo = {{ae_rng_range(rng, -50.0f, w), ae_rng_range(rng, -50.0f, h)}};
        vec2s hi = glms_vec2_add(
            lo, (vec2s){{ae_rng_range(rng, 0.0f, 0.5f * w), ae_rng_range(rng, 0.0f, 0.5f * h)}});
        int na = query_keys(a, lo, hi, ka, idx), nb = query_keys(b, lo, hi, kb, idx);
        same = na == nb && (na == 0 || memcmp(ka, kb, (size_t)na * sizeof *ka) == 0);
    }
    free(ka);
    free(kb);
    free(idx);
    return same;
}

/// Compares the edited world with one built afresh from its grid. Returns the number of parts
/// that differ.
static int differences(const world *w, ae_rng *rng) {
    world fresh;
    memset(&fresh, 0, sizeof fresh);
    if (!ae_grid_init_copy(&fresh.grid, &w->grid, NULL) || !world_build(&fresh)) return 100;
    int bad = 0;
    const ae_grid *g = &w->grid;
    size_t corners = (size_t)(g->width + 1) * (size_t)(g->height + 1);
    // The field at every corner, exactly.
    bad += memcmp(fresh.sdf.dist, w->sdf.dist, corners * sizeof(float)) != 0;
    bad += !(w->sdf.max_abs >= fresh.sdf.max_abs);
    // Passability of every cell and radius, and the bit lines jump point search scans.
    bad += !ae_nav_grid_equal(&w->nav, &fresh.nav);
    for (int k = 0; k < COVERS; k++) bad += !same_cover(&w->cover[k], &fresh.cover[k], rng);
    world_free(&fresh);
    return bad;
}

/// A cell for the next edit: often on the map's border, where windows are clipped, and often a
/// wall, so that open maps see as many breaks as new walls.
static void pick(ae_rng *rng, const ae_grid *g, int *x, int *y) {
    *x = (int)ae_rng_below(rng, (uint32_t)g->width);
    *y = (int)ae_rng_below(rng, (uint32_t)g->height);
    switch (ae_rng_below(rng, 8)) {
    case 2:
    case 3:
        for (int tries = 0; tries < 50 && !ae_grid_is_wall(g, *x, *y); tries++) {
            *x = (int)ae_rng_below(rng, (uint32_t)g->width);
            *y = (int)ae_rng_below(rng, (uint32_t)g->height);
        }
        break;
    case 0:
        *x = ae_rng_below(rng, 2) ? 0 : g->width - 1;
        break;
    case 1:
        *y = ae_rng_below(rng, 2) ? 0 : g->height - 1;
        break;
    default:
        break;
    }
}

/// The value an edit gives a cell: walls (plain or breakable) are broken (made free, sometimes
/// a door), free cells become walls (plain or breakable), and now and then only the tag changes.
static uint8_t next_value(ae_rng *rng, uint8_t old, bool *tag_only) {
    static const uint8_t walls[2] = {AE_CELL_WALL, AE_CELL_WALL | AE_CELL_BREAKABLE};
    static const uint8_t frees[2] = {AE_CELL_FREE, AE_CELL_DOOR};
    const bool wall = (old & AE_CELL_WALL) != 0;
    *tag_only = ae_rng_below(rng, 6) == 0;
    const uint8_t *same_kind = wall ? walls : frees, *other = wall ? frees : walls;
    if (*tag_only) return same_kind[same_kind[0] == old ? 1 : 0];
    return other[ae_rng_below(rng, 4) == 0 ? 1 : 0];
}

/// Breakable walls (value 3) and doors (value 4) sprinkled over a map's walls and free cells.
static void tag_cells(ae_grid *g, ae_rng *rng) {
    for (int i = 0; i < g->width * g->height; i++) {
        if (ae_rng_below(rng, 3) != 0) continue;
        g->cells[i] = g->cells[i] ? (AE_CELL_WALL | AE_CELL_BREAKABLE) : AE_CELL_DOOR;
    }
}

/// Runs `edits` random edits on a map, comparing after every `every`-th edit.
static void run(ae_grid *g, uint64_t seed, int edits, int every, int *changed, int *breaks,
                int *walls) {
    ae_rng rng;
    ae_rng_seed(&rng, seed, 14);
    tag_cells(g, &rng);
    world w;
    memset(&w, 0, sizeof w);
    w.grid = *g;
    REQUIRE(world_build(&w));
    size_t corners = (size_t)(g->width + 1) * (size_t)(g->height + 1);
    float *before = malloc(corners * sizeof *before);
    for (int e = 0; e < edits; e++) {
        int x, y;
        pick(&rng, &w.grid, &x, &y);
        uint8_t *cell = &w.grid.cells[(size_t)y * (size_t)w.grid.width + (size_t)x];
        bool tag_only;
        uint8_t old = *cell, value = next_value(&rng, old, &tag_only);
        memcpy(before, w.sdf.dist, corners * sizeof *before);
        int points = w.cover[0].count;
        REQUIRE(world_edit(&w, x, y, value));
        CHECK(*cell == value);
        bool field_changed = memcmp(before, w.sdf.dist, corners * sizeof *before) != 0;
        if (tag_only) {
            CHECK(!field_changed); // a change of tags alone costs nothing
        } else {
            *breaks += (old & AE_CELL_WALL) != 0;
            *walls += (old & AE_CELL_WALL) == 0;
            *changed += field_changed + (w.cover[0].count != points);
        }
        if (e % every == every - 1 || e == edits - 1) {
            int bad = differences(&w, &rng);
            CHECK(bad == 0);
            if (bad) {
                fprintf(stderr, "  %dx%d map, seed %llu, edit %d at (%d, %d) %u -> %u\n", g->width,
                        g->height, (unsigned long long)seed, e, x, y, old, value);
                break;
            }
        }
    }
    free(before);
    *g = w.grid; // the caller frees it
    w.grid = (ae_grid){0};
    world_free(&w);
}

/// Random maps at several densities, from the smallest size up.
static void test_random_maps(void) {
    const float fractions[] = {0.0f, 0.05f, 0.2f, 0.5f, 0.8f, 1.0f};
    const int sizes[][2] = {{8, 8}, {16, 40}, {40, 16}, {33, 33}, {64, 48}};
    int changed = 0, breaks = 0, walls = 0;
    for (int s = 0; s < 5; s++)
        for (int f = 0; f < 6; f++) {
            ae_grid g;
            uint64_t seed = (uint64_t)(s * 6 + f);
            REQUIRE(gen_random_map(&g, sizes[s][0], sizes[s][1], seed, fractions[f]));
            run(&g, seed, 60, sizes[s][0] * sizes[s][1] > 1500 ? 3 : 1, &changed, &breaks, &walls);
            ae_grid_free(&g);
        }
    CHECK(breaks > 500 && walls > 500); // both kinds of edit were made many times
    CHECK(changed > 1500);
    CHECK(ae_live_bytes() == 0);
}

/// Arena-like maps (buildings and pillars in the open), and long runs that break and rebuild on
/// the same map until it looks nothing like the start.
static void test_arena_maps(void) {
    int changed = 0, breaks = 0, walls = 0;
    for (int m = 0; m < 4; m++) {
        ae_grid g;
        int w = 48 + 23 * m, h = 96 - 17 * m;
        REQUIRE(gen_arena_map(&g, w, h, (uint64_t)m + 100));
        run(&g, (uint64_t)m + 100, 240, 4, &changed, &breaks, &walls);
        ae_grid_free(&g);
    }
    CHECK(breaks > 200 && walls > 300);
    CHECK(changed > 1000);
    CHECK(ae_live_bytes() == 0);
}

TEST_MAIN(TEST_CASE(random_maps), TEST_CASE(arena_maps))
