// Batched cell edits equal a rebake: brush strokes (discs of cells written through one
// ae_sdf_set_cells call, then ae_nav_grid_on_cells_edit and ae_cover_on_cells_edit on the
// rectangle it reports) as the map editor makes them. After random strokes the field equals a
// full bake bit for bit and the nav grid and cover points fresh builds; the reported rectangle is
// exactly the cells whose wall bit changed; blank maps, the map's edges, empty lists, duplicate
// cells, unchanged values and running out of memory.
#include "edit_world.h"
#include "gen_maps.h"
#include "test_alloc.h"

/// The five cell kinds a brush paints.
static const uint8_t kinds[5] = {AE_CELL_FREE, AE_CELL_DOOR, AE_CELL_WALL,
                                 AE_CELL_WALL | AE_CELL_BREAKABLE, AE_CELL_WALL | AE_CELL_WATER};

/// One stroke the way the editor makes it: the field once, then what is derived from it.
static bool world_stroke(world *w, const ae_cell_write *writes, int n, ae_cell_rect *changed) {
    if (!ae_sdf_set_cells(&w->sdf, &w->grid, writes, n, changed, NULL)) return false;
    ae_nav_grid_on_cells_edit(&w->nav, &w->grid, &w->sdf, *changed);
    for (int k = 0; k < COVERS; k++)
        if (!ae_cover_on_cells_edit(&w->cover[k], &w->grid, &w->sdf, *changed, NULL)) return false;
    return true;
}

static bool same_rect(ae_cell_rect a, ae_cell_rect b) {
    if (ae_cell_rect_is_empty(a) || ae_cell_rect_is_empty(b))
        return ae_cell_rect_is_empty(a) && ae_cell_rect_is_empty(b);
    return a.x0 == b.x0 && a.y0 == b.y0 && a.x1 == b.x1 && a.y1 == b.y1;
}

/// The bounding rectangle of the cells whose wall bit differs between two grids.
static ae_cell_rect wall_changes(const ae_grid *before, const ae_grid *after) {
    ae_cell_rect r = ae_cell_rect_empty();
    for (int y = 0; y < after->height; y++)
        for (int x = 0; x < after->width; x++) {
            if (ae_grid_is_wall(before, x, y) == ae_grid_is_wall(after, x, y)) continue;
            if (ae_cell_rect_is_empty(r)) r = (ae_cell_rect){x, y, x, y};
            r.x0 = ae_mini(r.x0, x);
            r.y0 = ae_mini(r.y0, y);
            r.x1 = ae_maxi(r.x1, x);
            r.y1 = ae_maxi(r.y1, y);
        }
    return r;
}

/// A stroke on w checked on its own: the grid ends as the writes say, the rectangle is exactly
/// the cells whose wall bit changed, and everything equals a fresh build.
static void checked_stroke(world *w, const ae_cell_write *writes, int n, ae_rng *rng) {
    ae_grid expect;
    REQUIRE(ae_grid_init_copy(&expect, &w->grid, NULL));
    const size_t cells = (size_t)expect.width * (size_t)expect.height;
    ae_grid before = {expect.width, expect.height, malloc(cells)};
    memcpy(before.cells, expect.cells, cells);
    for (int i = 0; i < n; i++)
        expect.cells[(size_t)writes[i].y * (size_t)expect.width + (size_t)writes[i].x] =
            writes[i].value;
    ae_cell_rect changed = {1, 2, 3, 4}; // overwritten by every call
    CHECK(world_stroke(w, writes, n, &changed));
    CHECK(memcmp(w->grid.cells, expect.cells, cells) == 0);
    CHECK(same_rect(changed, wall_changes(&before, &expect)));
    CHECK(differences(w, rng) == 0);
    free(before.cells);
    ae_grid_free(&expect);
}

/// Random strokes on a map of buildings and pillars: brushes 1 to 20 across of each kind,
/// anywhere on the map and across its edges. Every stroke is checked on its own (grid and
/// rectangle), and every 50th and the last against a fresh build of everything.
static void test_random(void) {
    enum { SIDE = 128, STROKES = 10000, EVERY = 50 };
    ae_rng rng;
    ae_rng_seed(&rng, 2032, 32);
    world w;
    memset(&w, 0, sizeof w);
    REQUIRE(gen_arena_map(&w.grid, SIDE, SIDE, 32));
    REQUIRE(world_build(&w));
    ae_cell_write *writes = malloc(GEN_BRUSH_MAX_WRITES * sizeof *writes);
    const size_t cells = (size_t)SIDE * SIDE;
    uint8_t *before = malloc(cells);
    int bad = 0, moved = 0, largest = 0;
    size_t min_walls = cells, max_walls = 0;
    for (int s = 0; s < STROKES && bad == 0; s++) {
        const int size = 1 + (int)ae_rng_below(&rng, GEN_BRUSH_MAX);
        const int cx = (int)ae_rng_below(&rng, SIDE + size) - size / 2;
        const int cy = (int)ae_rng_below(&rng, SIDE + size) - size / 2;
        // As many strokes add walls as clear them, so the map stays a mix of both.
        const uint8_t value =
            kinds[ae_rng_below(&rng, 2) ? ae_rng_below(&rng, 2) : 2 + ae_rng_below(&rng, 3)];
        const int n = gen_brush_disc(&w.grid, cx, cy, size, value, writes);
        memcpy(before, w.grid.cells, cells);
        ae_cell_rect changed;
        REQUIRE(world_stroke(&w, writes, n, &changed));
        const ae_grid was = {SIDE, SIDE, before};
        bad += !same_rect(changed, wall_changes(&was, &w.grid));
        moved += !ae_cell_rect_is_empty(changed);
        largest = ae_maxi(largest, n);
        const size_t walls = cells - ae_grid_free_count(&w.grid);
        if (walls < min_walls) min_walls = walls;
        if (walls > max_walls) max_walls = walls;
        if (s % EVERY == EVERY - 1 || s == STROKES - 1) bad += differences(&w, &rng);
        if (bad)
            fprintf(stderr, "  stroke %d: brush %d at (%d, %d), value %u: %d differences\n", s,
                    size, cx, cy, value, bad);
    }
    CHECK(bad == 0);
    CHECK(moved > STROKES / 2);         // most strokes changed walls
    CHECK(largest >= 300);              // the largest brushes were drawn whole
    CHECK(min_walls > cells / 20);      // the map kept walls ...
    CHECK(max_walls < cells * 19 / 20); // ... and open ground all along
    free(before);
    free(writes);
    world_free(&w);
    CHECK(ae_live_bytes() == 0);
}

/// Strokes on an all-free map, where every corner's window reaches the map's edges: walls
/// painted in the open, then erased again, which gives back the first bake bit for bit.
static void test_blank(void) {
    ae_rng rng;
    ae_rng_seed(&rng, 7, 32);
    world w;
    memset(&w, 0, sizeof w);
    REQUIRE(ae_grid_init(&w.grid, 128, 96, NULL));
    REQUIRE(world_build(&w));
    const size_t corners = (size_t)129 * 97;
    int16_t *first = malloc(corners * sizeof *first);
    memcpy(first, w.sdf.dist, corners * sizeof *first);
    ae_cell_write writes[GEN_BRUSH_MAX_WRITES];
    const int sizes[] = {1, 5, 20};
    for (int i = 0; i < 3; i++) {
        checked_stroke(&w, writes, gen_brush_disc(&w.grid, 64, 48, sizes[i], AE_CELL_WALL, writes),
                       &rng);
        checked_stroke(&w, writes, gen_brush_disc(&w.grid, 64, 48, sizes[i], AE_CELL_FREE, writes),
                       &rng);
        CHECK(memcmp(first, w.sdf.dist, corners * sizeof *first) == 0);
    }
    // Water and breakable walls far apart in one stroke: one window spans both.
    ae_cell_write apart[2] = {{3, 4, AE_CELL_WALL | AE_CELL_WATER},
                              {120, 90, AE_CELL_WALL | AE_CELL_BREAKABLE}};
    checked_stroke(&w, apart, 2, &rng);
    free(first);
    world_free(&w);
    CHECK(ae_live_bytes() == 0);
}

/// Strokes across the map's corners and edges, clipped there, of each size and kind.
static void test_edges(void) {
    ae_rng rng;
    ae_rng_seed(&rng, 8, 32);
    world w;
    memset(&w, 0, sizeof w);
    REQUIRE(gen_arena_map(&w.grid, 72, 56, 8));
    REQUIRE(world_build(&w));
    const int xs[3] = {0, 36, 71}, ys[3] = {0, 28, 55}, sizes[3] = {1, 5, 20};
    ae_cell_write writes[GEN_BRUSH_MAX_WRITES];
    int k = 0;
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++) {
            if (i == 1 && j == 1) continue; // the middle is not an edge
            for (int s = 0; s < 3; s++, k++) {
                const int n = gen_brush_disc(&w.grid, xs[i], ys[j], sizes[s], kinds[k % 5], writes);
                checked_stroke(&w, writes, n, &rng);
            }
        }
    world_free(&w);
    CHECK(ae_live_bytes() == 0);
}

/// An empty list changes nothing, allocates nothing and reports an empty rectangle; the nav grid
/// and cover points take the empty rectangle as nothing to do.
static void test_empty(void) {
    ae_rng rng;
    ae_rng_seed(&rng, 9, 32);
    world w;
    memset(&w, 0, sizeof w);
    ae_set_allocator(test_alloc_counting, test_free_counting, NULL); // (only while none is live)
    REQUIRE(gen_arena_map(&w.grid, 64, 64, 9));
    REQUIRE(world_build(&w));
    const uint64_t version = w.nav.version;
    ae_cell_rect changed = {0, 0, 5, 5};
    const size_t calls = test_alloc_calls;
    CHECK(ae_sdf_set_cells(&w.sdf, &w.grid, NULL, 0, &changed, NULL));
    CHECK(ae_sdf_set_cells(&w.sdf, &w.grid, NULL, 0, NULL, NULL));
    ae_nav_grid_on_cells_edit(&w.nav, &w.grid, &w.sdf, changed);
    for (int k = 0; k < COVERS; k++)
        CHECK(ae_cover_on_cells_edit(&w.cover[k], &w.grid, &w.sdf, changed, NULL));
    CHECK(test_alloc_calls == calls);
    CHECK(ae_cell_rect_is_empty(changed));
    CHECK(w.nav.version == version);
    CHECK(differences(&w, &rng) == 0);
    world_free(&w);
    ae_set_allocator(NULL, NULL, NULL);
    CHECK(ae_live_bytes() == 0);
}

/// A cell written more than once in a list ends as the last write says; a cell that goes back to
/// its wall bit by the end of the list is no change.
static void test_duplicates(void) {
    ae_rng rng;
    ae_rng_seed(&rng, 10, 32);
    world w;
    memset(&w, 0, sizeof w);
    REQUIRE(ae_grid_init(&w.grid, 48, 40, NULL));
    w.grid.cells[10 * 48 + 30] = AE_CELL_WALL;
    REQUIRE(world_build(&w));
    const size_t corners = (size_t)49 * 41;
    int16_t *first = malloc(corners * sizeof *first);
    memcpy(first, w.sdf.dist, corners * sizeof *first);
    // (5, 6) ends a wall; (30, 10) is walled, freed and walled again: no change.
    const ae_cell_write once[] = {
        {5, 6, AE_CELL_WALL},
        {30, 10, AE_CELL_FREE},
        {5, 6, AE_CELL_FREE},
        {30, 10, AE_CELL_DOOR},
        {5, 6, AE_CELL_WALL | AE_CELL_WATER},
        {30, 10, AE_CELL_WALL},
    };
    ae_cell_rect changed;
    REQUIRE(world_stroke(&w, once, 6, &changed));
    CHECK(same_rect(changed, (ae_cell_rect){5, 6, 5, 6}));
    CHECK(w.grid.cells[6 * 48 + 5] == (AE_CELL_WALL | AE_CELL_WATER));
    CHECK(w.grid.cells[10 * 48 + 30] == AE_CELL_WALL);
    CHECK(differences(&w, &rng) == 0);
    // (5, 6) flipped and left free; (30, 10) freed and walled again, so only (5, 6) changes.
    const ae_cell_write back[] = {
        {5, 6, AE_CELL_FREE}, {5, 6, AE_CELL_WALL},   {30, 10, AE_CELL_FREE},
        {5, 6, AE_CELL_FREE}, {30, 10, AE_CELL_WALL},
    };
    REQUIRE(world_stroke(&w, back, 5, &changed));
    CHECK(same_rect(changed, (ae_cell_rect){5, 6, 5, 6})); // (5, 6) was water, now free
    CHECK(memcmp(first, w.sdf.dist, corners * sizeof *first) == 0);
    const ae_cell_write flips[] = {{5, 6, AE_CELL_WALL}, {5, 6, AE_CELL_FREE}};
    REQUIRE(world_stroke(&w, flips, 2, &changed));
    CHECK(ae_cell_rect_is_empty(changed));
    CHECK(memcmp(first, w.sdf.dist, corners * sizeof *first) == 0);
    CHECK(differences(&w, &rng) == 0);
    free(first);
    world_free(&w);
    CHECK(ae_live_bytes() == 0);
}

/// Writing the values the cells hold, or only other tags (walls made breakable or water, doors
/// put in free cells), changes no corner of the field and reports no change.
static void test_same_value(void) {
    ae_rng rng;
    ae_rng_seed(&rng, 11, 32);
    world w;
    memset(&w, 0, sizeof w);
    REQUIRE(gen_arena_map(&w.grid, 64, 48, 11));
    REQUIRE(world_build(&w));
    const size_t corners = (size_t)65 * 49;
    int16_t *first = malloc(corners * sizeof *first);
    memcpy(first, w.sdf.dist, corners * sizeof *first);
    const float max_abs = w.sdf.max_abs;
    ae_cell_write writes[GEN_BRUSH_MAX_WRITES];
    for (int pass = 0; pass < 2; pass++) {
        int n = gen_brush_disc(&w.grid, 30, 20, 20, 0, writes);
        for (int i = 0; i < n; i++) {
            const uint8_t v = w.grid.cells[writes[i].y * 64 + writes[i].x];
            writes[i].value = pass == 0 ? v : (v & AE_CELL_WALL) ? kinds[3 + i % 2] : kinds[i % 2];
        }
        ae_cell_rect changed;
        REQUIRE(world_stroke(&w, writes, n, &changed));
        CHECK(ae_cell_rect_is_empty(changed));
        CHECK(memcmp(first, w.sdf.dist, corners * sizeof *first) == 0);
        CHECK(w.sdf.max_abs == max_abs);
        for (int i = 0; i < n; i++)
            CHECK(w.grid.cells[writes[i].y * 64 + writes[i].x] == writes[i].value);
    }
    CHECK(differences(&w, &rng) == 0);
    free(first);
    world_free(&w);
    CHECK(ae_live_bytes() == 0);
}

/// Once its buffers have grown, a stroke allocates nothing in the field: a stroke and its undo
/// repeated on the same map need the same windows every time.
static void test_no_allocation(void) {
    ae_set_allocator(test_alloc_counting, test_free_counting, NULL); // (only while none is live)
    ae_grid g;
    REQUIRE(gen_arena_map(&g, 96, 96, 12));
    ae_sdf sdf;
    REQUIRE(ae_sdf_init(&sdf, &g, 32.0f, NULL));
    ae_cell_write paint[GEN_BRUSH_MAX_WRITES], undo[GEN_BRUSH_MAX_WRITES];
    const int n = gen_brush_disc(&g, 40, 50, 20, AE_CELL_WALL, paint);
    for (int i = 0; i < n; i++)
        undo[i] = (ae_cell_write){paint[i].x, paint[i].y, g.cells[paint[i].y * 96 + paint[i].x]};
    ae_cell_rect changed;
    REQUIRE(ae_sdf_set_cells(&sdf, &g, paint, n, &changed, NULL));
    REQUIRE(!ae_cell_rect_is_empty(changed));
    REQUIRE(ae_sdf_set_cells(&sdf, &g, undo, n, &changed, NULL));
    const size_t calls = test_alloc_calls;
    for (int r = 0; r < 5; r++) {
        CHECK(ae_sdf_set_cells(&sdf, &g, paint, n, &changed, NULL));
        CHECK(ae_sdf_set_cells(&sdf, &g, undo, n, &changed, NULL));
    }
    CHECK(test_alloc_calls == calls);
    ae_sdf_free(&sdf);
    ae_grid_free(&g);
    ae_set_allocator(NULL, NULL, NULL);
    CHECK(ae_live_bytes() == 0);
}

/// Out of memory at any allocation of a stroke leaves the grid and the field as they were; the
/// same stroke with memory to spare then equals a rebake.
static void test_out_of_memory(void) {
    ae_rng rng;
    ae_rng_seed(&rng, 13, 32);
    world w;
    memset(&w, 0, sizeof w);
    ae_set_allocator(test_alloc_failing, test_free_counting, NULL); // (only while none is live)
    REQUIRE(ae_grid_init(&w.grid, 80, 80, NULL));
    REQUIRE(world_build(&w));
    const size_t corners = (size_t)81 * 81, cells = (size_t)80 * 80;
    int16_t *dist = malloc(corners * sizeof *dist);
    uint8_t *grid = malloc(cells);
    memcpy(dist, w.sdf.dist, corners * sizeof *dist);
    memcpy(grid, w.grid.cells, cells);
    ae_cell_write writes[GEN_BRUSH_MAX_WRITES];
    const int n = gen_brush_disc(&w.grid, 40, 40, 20, AE_CELL_WALL, writes);
    int failures = 0;
    bool done = false;
    for (long at = 0; !done && at < 20; at++) {
        test_alloc_fail_at = (long)test_alloc_calls + at; // the stroke's allocation number `at`
        ae_error err = {{0}};
        ae_cell_rect changed;
        done = ae_sdf_set_cells(&w.sdf, &w.grid, writes, n, &changed, &err);
        test_alloc_fail_at = -1;
        if (done) break;
        failures++;
        CHECK(strstr(err.msg, "out of memory") != NULL);
        CHECK(ae_cell_rect_is_empty(changed));
        CHECK(memcmp(grid, w.grid.cells, cells) == 0);
        CHECK(memcmp(dist, w.sdf.dist, corners * sizeof *dist) == 0);
    }
    CHECK(done);
    CHECK(failures >= 3); // the scratch, the write list and the window's buffers each failed
    ae_nav_grid_update_rect(&w.nav, &w.grid, &w.sdf, 0, 0, 79, 79);
    for (int k = 0; k < COVERS; k++)
        CHECK(ae_cover_on_cells_edit(&w.cover[k], &w.grid, &w.sdf, (ae_cell_rect){0, 0, 79, 79},
                                     NULL));
    CHECK(differences(&w, &rng) == 0);
    free(dist);
    free(grid);
    world_free(&w);
    ae_set_allocator(NULL, NULL, NULL);
    CHECK(ae_live_bytes() == 0);
}

/// Once its buffers have grown, a cover edit allocates nothing: the set keeps its scratch and
/// room to spare, and a stroke and its undo repeated on the same map need the same room.
static void test_cover_no_allocation(void) {
    world w;
    memset(&w, 0, sizeof w);
    ae_set_allocator(test_alloc_counting, test_free_counting, NULL); // (only while none is live)
    REQUIRE(gen_arena_map(&w.grid, 96, 96, 12));
    REQUIRE(world_build(&w));
    ae_cell_write paint[GEN_BRUSH_MAX_WRITES], undo[GEN_BRUSH_MAX_WRITES];
    const int n = gen_brush_disc(&w.grid, 40, 50, 20, AE_CELL_WALL, paint);
    for (int i = 0; i < n; i++)
        undo[i] =
            (ae_cell_write){paint[i].x, paint[i].y, w.grid.cells[paint[i].y * 96 + paint[i].x]};
    const int first = w.cover[0].count;
    int painted = first;
    size_t calls = 0; // the cover edits' allocations after the first stroke and its undo
    for (int r = 0; r < 6; r++)
        for (int u = 0; u < 2; u++) {
            ae_cell_rect changed;
            REQUIRE(ae_sdf_set_cells(&w.sdf, &w.grid, u ? undo : paint, n, &changed, NULL));
            ae_nav_grid_on_cells_edit(&w.nav, &w.grid, &w.sdf, changed);
            const size_t before = test_alloc_calls;
            for (int k = 0; k < COVERS; k++)
                CHECK(ae_cover_on_cells_edit(&w.cover[k], &w.grid, &w.sdf, changed, NULL));
            if (r > 0) calls += test_alloc_calls - before;
            if (!u) painted = w.cover[0].count;
        }
    CHECK(calls == 0);
    CHECK(painted != first && w.cover[0].count == first); // the stroke moved the later points
    ae_rng rng;
    ae_rng_seed(&rng, 14, 32);
    CHECK(differences(&w, &rng) == 0);
    world_free(&w);
    ae_set_allocator(NULL, NULL, NULL);
    CHECK(ae_live_bytes() == 0);
}

/// Out of memory at any allocation of a cover edit leaves the set as it was (its points, and its
/// index down to truncated queries); with memory to spare the same edit then equals a fresh
/// build. The stroke, a checkerboard of walls on a blank map, adds more points than the set has
/// room for, so the set itself must grow too. Each try starts from a set built afresh before the
/// stroke (with none of the scratch an earlier try grew) and fails its allocation number `at`.
static void test_cover_out_of_memory(void) {
    ae_rng rng;
    ae_rng_seed(&rng, 15, 32);
    world w;
    memset(&w, 0, sizeof w);
    ae_set_allocator(test_alloc_failing, test_free_counting, NULL); // (only while none is live)
    REQUIRE(ae_grid_init(&w.grid, 80, 80, NULL));
    REQUIRE(world_build(&w));
    ae_grid blank;
    ae_sdf blank_sdf;
    REQUIRE(ae_grid_init_copy(&blank, &w.grid, NULL));
    REQUIRE(ae_sdf_init(&blank_sdf, &blank, 32.0f, NULL));
    ae_cover_set before;
    const ae_cover_def cd = cover_def(0);
    REQUIRE(ae_cover_init(&before, &blank, &blank_sdf, &cd, NULL));
    enum { FROM = 20, SIDE = 40 };
    ae_cell_write *writes = malloc(SIDE * SIDE / 2 * sizeof *writes);
    int n = 0;
    for (int y = FROM; y < FROM + SIDE; y++)
        for (int x = FROM + (y & 1); x < FROM + SIDE; x += 2)
            writes[n++] = (ae_cell_write){x, y, AE_CELL_WALL};
    ae_cell_rect changed;
    REQUIRE(ae_sdf_set_cells(&w.sdf, &w.grid, writes, n, &changed, NULL));
    ae_nav_grid_on_cells_edit(&w.nav, &w.grid, &w.sdf, changed);
    int failures = 0;
    bool done = false;
    for (long at = 0; !done && at < 40; at++) {
        ae_cover_free(&w.cover[0]);
        REQUIRE(ae_cover_init(&w.cover[0], &blank, &blank_sdf, &cd, NULL));
        test_alloc_fail_at = (long)test_alloc_calls + at;
        ae_error err = {{0}};
        done = ae_cover_on_cells_edit(&w.cover[0], &w.grid, &w.sdf, changed, &err);
        test_alloc_fail_at = -1;
        if (done) break;
        failures++;
        CHECK(strstr(err.msg, "out of memory") != NULL);
        CHECK(same_cover(&w.cover[0], &before, &rng));
    }
    CHECK(done);
    CHECK(failures >= 4); // the fresh points, the run, the points and their index each failed
    CHECK(w.cover[0].count > 2 * before.count); // beyond its room (less than twice its points)
    CHECK(ae_cover_on_cells_edit(&w.cover[1], &w.grid, &w.sdf, changed, NULL));
    CHECK(differences(&w, &rng) == 0);
    free(writes);
    ae_cover_free(&before);
    ae_sdf_free(&blank_sdf);
    ae_grid_free(&blank);
    world_free(&w);
    ae_set_allocator(NULL, NULL, NULL);
    CHECK(ae_live_bytes() == 0);
}

TEST_MAIN(TEST_CASE(random), TEST_CASE(blank), TEST_CASE(edges), TEST_CASE(empty),
          TEST_CASE(duplicates), TEST_CASE(same_value), TEST_CASE(no_allocation),
          TEST_CASE(out_of_memory), TEST_CASE(cover_no_allocation), TEST_CASE(cover_out_of_memory))
