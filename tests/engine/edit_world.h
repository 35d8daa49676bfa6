// Shared by the edit tests (test_edits.c, test_strokes.c): a map with everything the game
// derives from it, and the comparison of an edited one with a fresh build.
#ifndef EDIT_WORLD_H
#define EDIT_WORLD_H

#include "test.h"

#include "arena/ae_cover.h"
#include "arena/ae_rng.h"

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

static int cmp_pos(const void *a, const void *b) {
    const vec2s *p = a, *q = b;
    return p->y != q->y ? (p->y > q->y) - (p->y < q->y) : (p->x > q->x) - (p->x < q->x);
}

/// Positions of the points an AABB query returns, sorted.
static int query_positions(const ae_cover_set *s, vec2s lo, vec2s hi, vec2s *pos, int32_t *idx) {
    int n = ae_cover_query_aabb(s, lo, hi, idx, s->count);
    for (int i = 0; i < n; i++) pos[i] = ae_cover_pos(s, idx[i]);
    qsort(pos, (size_t)n, sizeof *pos, cmp_pos);
    return n;
}

/// The indices a query with room for half its points writes (the first ones by the bucket index)
/// are the same in both sets.
static bool same_truncated(const ae_cover_set *a, const ae_cover_set *b, vec2s lo, vec2s hi) {
    const int all = ae_cover_query_aabb(a, lo, hi, NULL, 0), cap = all / 2;
    int32_t *ia = malloc((size_t)(cap + 1) * sizeof *ia),
            *ib = malloc((size_t)(cap + 1) * sizeof *ib);
    const bool same = ae_cover_query_aabb(a, lo, hi, ia, cap) == all &&
                      ae_cover_query_aabb(b, lo, hi, ib, cap) == all &&
                      (cap == 0 || memcmp(ia, ib, (size_t)cap * sizeof *ia) == 0);
    free(ia);
    free(ib);
    return same;
}

/// Cover sets are equal when they hold the same points in the same (canonical) order, with the
/// same bucket offsets, bit for bit (ae_cover_equal). Queries must then answer alike, down to
/// which points a query without room for all of them writes.
static bool same_cover(const ae_cover_set *a, const ae_cover_set *b, ae_rng *rng) {
    if (a->count != b->count) return false;
    bool same = ae_cover_equal(a, b);
    vec2s *pa = malloc((size_t)(a->count + 1) * sizeof *pa);
    vec2s *pb = malloc((size_t)(a->count + 1) * sizeof *pb);
    int32_t *idx = malloc((size_t)(a->count + 1) * sizeof *idx);
    const float w = (float)a->width * a->cell_size, h = (float)a->height * a->cell_size;
    for (int q = 0; same && q < 8; q++) {
        vec2s lo = {{ae_rng_range(rng, -50.0f, w), ae_rng_range(rng, -50.0f, h)}};
        vec2s hi = glms_vec2_add(
            lo, (vec2s){{ae_rng_range(rng, 0.0f, 0.5f * w), ae_rng_range(rng, 0.0f, 0.5f * h)}});
        int na = query_positions(a, lo, hi, pa, idx), nb = query_positions(b, lo, hi, pb, idx);
        same = na == nb && (na == 0 || memcmp(pa, pb, (size_t)na * sizeof *pa) == 0) &&
               same_truncated(a, b, lo, hi);
    }
    free(pa);
    free(pb);
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
    bad += memcmp(fresh.sdf.dist, w->sdf.dist, corners * sizeof *w->sdf.dist) != 0;
    bad += !(w->sdf.max_abs >= fresh.sdf.max_abs);
    // Passability of every cell and radius, and the bit lines jump point search scans.
    bad += !ae_nav_grid_equal(&w->nav, &fresh.nav);
    for (int k = 0; k < COVERS; k++) bad += !same_cover(&w->cover[k], &fresh.cover[k], rng);
    world_free(&fresh);
    return bad;
}

#endif
