// The editor's document: a scripted session, undo and redo, saving and opening.
#include "test.h"
#include "test_files.h"

#include "arena/ae_map_file.h"
#include "arena/ae_output.h"
#include "arena/ae_rng.h"
#include "ed_internal.h"
#include "sim_debug.h"
#include "sim_state.h"

#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

/// The character of a cell in the tests' pictures.
static char cell_char(uint8_t c) {
    switch (c) {
    case AE_CELL_FREE:
        return '.';
    case AE_CELL_WALL:
        return '#';
    case AE_CELL_WALL | AE_CELL_BREAKABLE:
        return 'B';
    case AE_CELL_DOOR:
        return 'D';
    case AE_CELL_WALL | AE_CELL_WATER:
        return '~';
    default:
        return '?';
    }
}

/// True when the grid is the picture (rows of cell_char); prints the grid when not.
static bool grid_is(const ae_grid *g, const char *const *rows) {
    bool same = true;
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++)
            same &= (int)strlen(rows[y]) == g->width &&
                    rows[y][x] == cell_char(g->cells[(size_t)y * (size_t)g->width + (size_t)x]);
    if (!same)
        for (int y = 0; y < g->height; y++) {
            for (int x = 0; x < g->width; x++)
                fputc(cell_char(g->cells[(size_t)y * (size_t)g->width + (size_t)x]), stderr);
            fputc('\n', stderr);
        }
    return same;
}

static bool grids_equal(const ae_grid *a, const ae_grid *b) {
    return a->width == b->width && a->height == b->height &&
           memcmp(a->cells, b->cells, (size_t)a->width * (size_t)a->height) == 0;
}

/// One stroke of a single line.
static bool line(ed_doc *d, uint8_t v, int brush, int x0, int y0, int x1, int y1) {
    ae_error err;
    ed_stroke_begin(d, v, brush);
    bool ok = ed_stroke_line(d, x0, y0, x1, y1, &err);
    ed_stroke_end(d);
    return ok;
}

static const uint8_t WALL = AE_CELL_WALL, BREAKABLE = AE_CELL_WALL | AE_CELL_BREAKABLE,
                     DOOR = AE_CELL_DOOR, WATER = AE_CELL_WALL | AE_CELL_WATER;

/// New 32x32, a line of wall, a rectangle of water, a fill, a door, undo twice, redo once: the
/// grid expected, and the saved PNG loads back equal.
static void test_session(void) {
    ae_error err;
    ed_doc *d = ed_new(32, 32, 8, &err);
    REQUIRE(d);
    CHECK(!ed_dirty(d) && !ed_can_undo(d) && !ed_can_redo(d));
    CHECK(line(d, WALL, 1, 16, 1, 16, 30)); // splits the room in two
    ed_stroke_begin(d, WATER, 1);
    CHECK(ed_stroke_rect(d, 8, 6, 3, 3, false, &err)); // corners in any order
    ed_stroke_end(d);
    ed_stroke_begin(d, BREAKABLE, 1);
    CHECK(ed_stroke_fill(d, 20, 10, &err)); // the right half
    ed_stroke_end(d);
    CHECK(line(d, DOOR, 1, 16, 15, 16, 15)); // a click
    CHECK(ed_cell(d, 16, 15) == DOOR && ed_cell(d, -1, 0) == WALL && ed_cell(d, 32, 5) == WALL);
    const uint64_t before_undo = ed_revision(d);
    CHECK(ed_undo(d, &err) && ed_undo(d, &err)); // the door, the fill
    CHECK(ed_cell(d, 16, 15) == WALL && ed_cell(d, 20, 10) == AE_CELL_FREE);
    CHECK(ed_redo(d, &err)); // the fill again
    CHECK(ed_revision(d) == before_undo + 3);
    CHECK(ed_can_undo(d) && ed_can_redo(d) && ed_dirty(d));
    static const char *const expected[32] = {
        "################################", "#...............#BBBBBBBBBBBBBB#",
        "#...............#BBBBBBBBBBBBBB#", "#..~~~~~~.......#BBBBBBBBBBBBBB#",
        "#..~~~~~~.......#BBBBBBBBBBBBBB#", "#..~~~~~~.......#BBBBBBBBBBBBBB#",
        "#..~~~~~~.......#BBBBBBBBBBBBBB#", "#...............#BBBBBBBBBBBBBB#",
        "#...............#BBBBBBBBBBBBBB#", "#...............#BBBBBBBBBBBBBB#",
        "#...............#BBBBBBBBBBBBBB#", "#...............#BBBBBBBBBBBBBB#",
        "#...............#BBBBBBBBBBBBBB#", "#...............#BBBBBBBBBBBBBB#",
        "#...............#BBBBBBBBBBBBBB#", "#...............#BBBBBBBBBBBBBB#",
        "#...............#BBBBBBBBBBBBBB#", "#...............#BBBBBBBBBBBBBB#",
        "#...............#BBBBBBBBBBBBBB#", "#...............#BBBBBBBBBBBBBB#",
        "#...............#BBBBBBBBBBBBBB#", "#...............#BBBBBBBBBBBBBB#",
        "#...............#BBBBBBBBBBBBBB#", "#...............#BBBBBBBBBBBBBB#",
        "#...............#BBBBBBBBBBBBBB#", "#...............#BBBBBBBBBBBBBB#",
        "#...............#BBBBBBBBBBBBBB#", "#...............#BBBBBBBBBBBBBB#",
        "#...............#BBBBBBBBBBBBBB#", "#...............#BBBBBBBBBBBBBB#",
        "#...............#BBBBBBBBBBBBBB#", "################################",
    };
    CHECK(grid_is(ed_grid(d), expected));
    // The world drawn is the document's: its props are the breakable cells.
    CHECK(sim_prop_count(ed_world(d)) == 14 * 30 && sim_door_count(ed_world(d)) == 0);
    char dir[256], path[300];
    REQUIRE(test_scratch(dir, sizeof dir, "editor"));
    snprintf(path, sizeof path, "%s/session.png", dir);
    CHECK(ed_save(d, path, &err));
    CHECK(!ed_dirty(d));
    CHECK_STR(ed_path(d), path);
    ae_grid back;
    REQUIRE(ae_map_load_file(path, &back, &err));
    CHECK(grids_equal(&back, ed_grid(d)));
    ae_grid_free(&back);
    ed_close(d);
    test_remove_tree(dir);
    CHECK(ae_live_bytes() == 0);
}

/// A copy of the document's grid (the caller frees it).
static ae_grid copy_grid(const ed_doc *d) {
    ae_grid g = {0};
    ae_error err;
    if (!ae_grid_init_copy(&g, ed_grid(d), &err)) abort();
    return g;
}

/// A random stroke: one to three painting calls of one kind (lines, a rectangle filled or
/// outlined, a fill), a random value and brush 1..max_brush; on a map of side n, reaching past
/// its edges.
static void random_stroke(ed_doc *d, ae_rng *rng, int n, int max_brush) {
    ae_error err;
    const uint8_t v = ed_kinds[ae_rng_below(rng, ED_KIND_COUNT)];
    ed_stroke_begin(d, v, 1 + (int)ae_rng_below(rng, (uint32_t)max_brush));
    const int kind = (int)ae_rng_below(rng, 10), calls = 1 + (int)ae_rng_below(rng, 3);
    for (int c = 0; c < calls; c++) {
        const int x0 = (int)ae_rng_below(rng, (uint32_t)n + 8) - 4,
                  y0 = (int)ae_rng_below(rng, (uint32_t)n + 8) - 4,
                  x1 = (int)ae_rng_below(rng, (uint32_t)n + 8) - 4,
                  y1 = (int)ae_rng_below(rng, (uint32_t)n + 8) - 4;
        bool ok = kind < 6   ? ed_stroke_line(d, x0, y0, x1, y1, &err)
                  : kind < 8 ? ed_stroke_rect(d, x0, y0, x1, y1, kind == 7, &err)
                             : ed_stroke_fill(d, x0, y0, &err);
        if (!ok) abort(); // only memory could fail
    }
    ed_stroke_end(d);
}

/// Random strokes, then undo all: the start, byte for byte; redo all: the end.
static void test_undo_redo_exact(void) {
    ae_error err;
    ed_doc *d = ed_new(32, 32, 8, &err);
    REQUIRE(d);
    ae_rng rng;
    ae_rng_seed(&rng, 32, 1);
    ae_grid start = copy_grid(d);
    int steps = 0;
    for (int i = 0; i < 200; i++) {
        random_stroke(d, &rng, 32, 12);
        while (ed_can_undo(d) && ae_rng_below(&rng, 8) == 0) { // some undos on the way
            CHECK(ed_undo(d, &err));
        }
    }
    ae_grid end = copy_grid(d);
    while (ed_undo(d, &err)) steps++;
    CHECK(steps > 50 && !ed_can_undo(d) && !ed_dirty(d));
    CHECK(grids_equal(ed_grid(d), &start));
    int redone = 0;
    while (ed_redo(d, &err)) redone++;
    CHECK(redone == steps && grids_equal(ed_grid(d), &end) && ed_dirty(d));
    // A new stroke after undos drops what could be redone.
    CHECK(ed_undo(d, &err) && ed_can_redo(d));
    CHECK(line(d, WALL, 3, 5, 5, 30, 30) || true);
    CHECK(!ed_can_redo(d) && !ed_redo(d, &err));
    ae_grid_free(&start);
    ae_grid_free(&end);
    ed_close(d);
    CHECK(ae_live_bytes() == 0);
}

/// A world's props and doors, field by field.
static bool things_equal(const sim_world *a, const sim_world *b) {
    if (sim_prop_count(a) != sim_prop_count(b) || sim_door_count(a) != sim_door_count(b))
        return false;
    for (int i = 0; i < sim_prop_count(a); i++) {
        const sim_prop *p = &sim_props(a)[i], *q = &sim_props(b)[i];
        if (p->x != q->x || p->y != q->y || p->kind != q->kind || p->hp != q->hp ||
            p->max_hp != q->max_hp)
            return false;
    }
    for (int i = 0; i < sim_door_count(a); i++) {
        const sim_door *p = &sim_doors(a)[i], *q = &sim_doors(b)[i];
        if (p->x != q->x || p->y != q->y || p->axis.x != q->axis.x || p->axis.y != q->axis.y ||
            p->half.x != q->half.x || p->half.y != q->half.y || p->closed.x != q->closed.x ||
            p->closed.y != q->closed.y || p->open != q->open)
            return false;
    }
    return true;
}

/// The edited world against one built afresh from its grid: the field bit for bit, the nav grid,
/// the cover points, the props and doors, the map's hash.
static bool world_equals_fresh(const sim_world *w) {
    const ae_grid *g = sim_grid(w);
    const ae_sdf *sdf = sim_debug_sdf(w);
    ae_error err;
    ae_sdf fresh;
    if (!ae_sdf_init(&fresh, g, sdf->cell_size, &err)) abort();
    bool same = memcmp(fresh.dist, sdf->dist,
                       (size_t)(g->width + 1) * (size_t)(g->height + 1) * sizeof *sdf->dist) == 0;
    if (!same) fprintf(stderr, "field differs\n");
    const ae_nav_grid *nav = sim_debug_nav(w);
    ae_nav_grid_def nd = ae_default_nav_grid_def();
    nd.radii[0] = nav->radii[0];
    nd.radius_count = 1;
    ae_nav_grid fresh_nav;
    if (!ae_nav_grid_init(&fresh_nav, g, &fresh, &nd, &err)) abort();
    if (!ae_nav_grid_equal(&fresh_nav, nav)) {
        fprintf(stderr, "nav grid differs\n");
        same = false;
    }
    ae_nav_grid_free(&fresh_nav);
    const ae_cover_set *cover = sim_debug_cover(w);
    ae_cover_set fresh_cover;
    if (!ae_cover_init(&fresh_cover, g, &fresh, &cover->def, &err)) abort();
    if (!ae_cover_equal(&fresh_cover, cover)) {
        fprintf(stderr, "cover differs\n");
        same = false;
    }
    ae_cover_free(&fresh_cover);
    ae_sdf_free(&fresh);
    sim_config cfg = *sim_config_of(w);
    sim_world *made = sim_create(&cfg, g, &err);
    if (!made) abort();
    if (!things_equal(w, made)) {
        fprintf(stderr, "props or doors differ\n");
        same = false;
    }
    sim_destroy(made);
    if (sim_map_hash(w) != sim_hash_grid(g)) {
        fprintf(stderr, "map hash differs\n");
        same = false;
    }
    return same;
}

/// 2,000 random strokes of every kind, brushes 1 to 8: the world edited cell by cell equals one
/// built afresh from its grid (checked along the way and at the end), and so after undoing the
/// last hundred. (On a small map: every cell a stroke changes is one cell edit, with its cover
/// points.)
static void test_world_exact(void) {
    ae_error err;
    ed_doc *d = ed_new(32, 32, 8, &err);
    REQUIRE(d);
    ae_rng rng;
    ae_rng_seed(&rng, 2000, 1);
    uint32_t generation = sim_map_generation(ed_world(d));
    for (int i = 1; i <= 2000; i++) {
        random_stroke(d, &rng, 32, 8);
        if (i % 250 == 0) CHECK(world_equals_fresh(ed_world(d)));
    }
    const ae_grid *g = ed_grid(d);
    // Every kind was painted and is there at the end.
    for (int k = 0; k < ED_KIND_COUNT; k++) CHECK(ae_grid_count(g, ed_kinds[k]) > 0);
    CHECK(sim_prop_count(ed_world(d)) > 0 && sim_door_count(ed_world(d)) > 0);
    CHECK(sim_map_generation(ed_world(d)) > generation);
    for (int i = 0; i < 100; i++) CHECK(ed_undo(d, &err));
    CHECK(world_equals_fresh(ed_world(d)));
    ed_close(d);
    CHECK(ae_live_bytes() == 0);
}

/// A door slides towards a plain wall beside it: a wall painted beside a door turns it, as a world
/// built afresh would have it.
static void test_door_turns(void) {
    ae_error err;
    ed_doc *d = ed_new(16, 16, 8, &err);
    REQUIRE(d);
    CHECK(line(d, DOOR, 1, 5, 5, 5, 5));
    REQUIRE(sim_door_count(ed_world(d)) == 1);
    CHECK(sim_doors(ed_world(d))[0].axis.x == -1.0f); // no wall beside it: it slides left
    CHECK(line(d, WALL, 1, 5, 4, 5, 4));
    CHECK(sim_doors(ed_world(d))[0].axis.y == -1.0f); // towards the wall above
    CHECK(world_equals_fresh(ed_world(d)));
    CHECK(ed_undo(d, &err));
    CHECK(sim_doors(ed_world(d))[0].axis.x == -1.0f);
    ed_close(d);
    CHECK(ae_live_bytes() == 0);
}

/// Brushes: 1 is the cell, 2 a 2x2 block, 3 a 3x3 block, 5 a disc of 21 cells; at the map's
/// corner only the cells on the map are painted; a line from far off the map to far off it.
static void test_brushes(void) {
    ae_error err;
    ed_doc *d = ed_new(64, 64, 8, &err);
    REQUIRE(d);
    static const int sizes[4] = {1, 2, 3, 5}, cells[4] = {1, 4, 9, 21};
    for (int k = 0; k < 4; k++) {
        const size_t walls = ae_grid_count(ed_grid(d), WALL);
        CHECK(line(d, WALL, sizes[k], 10 + 12 * k, 20, 10 + 12 * k, 20));
        CHECK(ae_grid_count(ed_grid(d), WALL) - walls == (size_t)cells[k]);
    }
    // Brush 5 at (1, 1): the disc's cells on the map, (0..3, 0..3) less (3, 3), the border's
    // walls among them.
    const size_t water = ae_grid_count(ed_grid(d), WATER);
    CHECK(line(d, WATER, 5, 1, 1, 1, 1));
    CHECK(ae_grid_count(ed_grid(d), WATER) - water == 15);
    CHECK(ed_cell(d, 0, 0) == WATER && ed_cell(d, 3, 1) == WATER && ed_cell(d, 4, 1) == 0 &&
          ed_cell(d, 3, 3) == 0);
    // A line from far off the map to far off it paints the row it crosses.
    CHECK(line(d, DOOR, 1, -1000000, 40, 1000000, 40));
    CHECK(ae_grid_count(ed_grid(d), DOOR) == 64);
    // Painting a cell with its own value records nothing.
    const uint64_t rev = ed_revision(d);
    CHECK(ed_undo(d, &err) && ed_redo(d, &err));
    CHECK(line(d, DOOR, 1, 3, 40, 9, 40));
    CHECK(ed_revision(d) == rev + 2);
    ed_close(d);
    CHECK(ae_live_bytes() == 0);
}

/// The flood fill is iterative: the whole of the largest map, 4096x4096 cells, is one region.
static void test_flood_whole_map(void) {
    ae_grid g;
    ae_error err;
    REQUIRE(ae_grid_init(&g, AE_MAP_MAX_SIDE, AE_MAP_MAX_SIDE, &err));
    const size_t n = (size_t)g.width * (size_t)g.height;
    uint8_t *visited = calloc((n + 7) / 8, 1);
    REQUIRE(visited);
    uint32_t *cells = NULL;
    size_t count = 0, cap = 0;
    CHECK(ed_flood(&g, 2000, 3000, visited, &cells, &count, &cap));
    CHECK(count == n && cells[0] == 3000u * 4096u + 2000u);
    // A wall line across the map halves it: the region stops at it.
    memset(visited, 0, (n + 7) / 8);
    for (int x = 0; x < g.width; x++) g.cells[(size_t)2048 * (size_t)g.width + (size_t)x] = WALL;
    CHECK(ed_flood(&g, 5, 5, visited, &cells, &count, &cap));
    CHECK(count == (size_t)2048 * (size_t)g.width);
    ae_free(cells, cap * sizeof *cells);
    free(visited);
    ae_grid_free(&g);
    CHECK(ae_live_bytes() == 0);
}

/// Dirty: after a change; clean after saving and after undoing or redoing back to what was
/// saved; dirty for good once the saved state's branch is dropped, until saved again.
static void test_dirty(void) {
    ae_error err;
    ed_doc *d = ed_new(16, 16, 8, &err);
    REQUIRE(d);
    char dir[256], path[300];
    REQUIRE(test_scratch(dir, sizeof dir, "editor"));
    snprintf(path, sizeof path, "%s/dirty.png", dir);
    CHECK(!ed_dirty(d) && ed_path(d)[0] == '\0');
    ed_stroke_begin(d, WALL, 1);
    CHECK(ed_stroke_line(d, 3, 3, 3, 3, &err));
    CHECK(ed_dirty(d) && ed_stroke_open(d)); // an open stroke counts
    ed_stroke_end(d);
    CHECK(!ed_stroke_open(d));
    CHECK(ed_undo(d, &err) && !ed_dirty(d)); // back to the state opened
    CHECK(ed_redo(d, &err) && ed_dirty(d));
    CHECK(ed_save(d, path, &err) && !ed_dirty(d));
    CHECK(ed_undo(d, &err) && ed_dirty(d));
    CHECK(ed_redo(d, &err) && !ed_dirty(d));
    CHECK(line(d, WALL, 1, 3, 3, 3, 3) && !ed_dirty(d));      // its own value: nothing changed
    CHECK(ed_undo(d, &err) && line(d, WATER, 1, 4, 4, 4, 4)); // the saved state is dropped
    CHECK(ed_dirty(d) && ed_undo(d, &err) && ed_dirty(d));
    CHECK(ed_save(d, path, &err) && !ed_dirty(d));
    ed_close(d);
    test_remove_tree(dir);
    CHECK(ae_live_bytes() == 0);
}

static ssize_t disk_full(int fd, const void *data, size_t size) {
    (void)fd, (void)data, (void)size;
    errno = ENOSPC;
    return -1;
}

/// A failed save says why and changes nothing: the edits stay, dirty, the path as it was, the
/// file on disk as it was.
static void test_save_fails(void) {
    ae_error err;
    ed_doc *d = ed_new(16, 16, 8, &err);
    REQUIRE(d);
    char dir[256], path[300], ro[300], inside[350];
    REQUIRE(test_scratch(dir, sizeof dir, "editor"));
    snprintf(path, sizeof path, "%s/kept.png", dir);
    CHECK(ed_save(d, path, &err));
    CHECK(line(d, WALL, 3, 8, 8, 8, 8) && ed_dirty(d));
    ae_grid edited = copy_grid(d);
    ae_output_set_write_hook(disk_full);
    CHECK(!ed_save(d, path, &err));
    ae_output_set_write_hook(NULL);
    CHECK_STR(err.msg, "cannot write: No space left on device");
    CHECK(ed_dirty(d) && grids_equal(ed_grid(d), &edited));
    CHECK_STR(ed_path(d), path);
    ae_grid back;
    REQUIRE(ae_map_load_file(path, &back, &err));
    CHECK(back.cells[8 * 16 + 8] == AE_CELL_FREE); // the older file, whole
    ae_grid_free(&back);
    // A read-only folder (root ignores modes: then only the disk's failure is tested).
    snprintf(ro, sizeof ro, "%s/ro", dir);
    snprintf(inside, sizeof inside, "%s/map.png", ro);
    if (geteuid() != 0) {
        REQUIRE(mkdir(ro, 0500) == 0);
        CHECK(!ed_save(d, inside, &err));
        CHECK(strchr(err.msg, '\n') == NULL && err.msg[0] != '\0');
        CHECK(ed_dirty(d) && grids_equal(ed_grid(d), &edited));
        CHECK_STR(ed_path(d), path);
        CHECK(test_files_in(ro) == 0);
    }
    // A map without a free cell could never be opened again: refused.
    ed_stroke_begin(d, WALL, 1);
    CHECK(ed_stroke_rect(d, 0, 0, 15, 15, false, &err));
    ed_stroke_end(d);
    CHECK(!ed_save(d, path, &err));
    CHECK_STR(err.msg, "map has no free cell");
    ae_grid_free(&edited);
    ed_close(d);
    test_remove_tree(dir);
    CHECK(ae_live_bytes() == 0);
}

/// Opening what is not a map: NULL with one line, nothing opened. A PNG keeps its path for Save,
/// another format does not; every kind of cell comes back as saved.
static void test_open(void) {
    char dir[256], path[300];
    REQUIRE(test_scratch(dir, sizeof dir, "editor"));
    ae_error err = {{0}};
    snprintf(path, sizeof path, "%s/text.png", dir);
    FILE *f = fopen(path, "wb");
    REQUIRE(f);
    fputs("this is not a picture\n", f);
    fclose(f);
    CHECK(ed_open(path, 8, &err) == NULL);
    CHECK(err.msg[0] != '\0' && strchr(err.msg, '\n') == NULL);
    // A PNG cut in half.
    ed_doc *d = ed_new(64, 64, 8, &err);
    REQUIRE(d);
    for (int k = 0; k < ED_KIND_COUNT; k++)
        CHECK(line(d, ed_kinds[k], 3, 5, 5 + 10 * k, 50, 8 + 10 * k));
    snprintf(path, sizeof path, "%s/good.png", dir);
    REQUIRE(ed_save(d, path, &err));
    ed_doc *again = ed_open(path, 8, &err);
    REQUIRE(again);
    CHECK(grids_equal(ed_grid(again), ed_grid(d)) && !ed_dirty(again));
    for (int k = 0; k < ED_KIND_COUNT; k++) CHECK(ae_grid_count(ed_grid(again), ed_kinds[k]) > 0);
    CHECK_STR(ed_path(again), path);
    ed_close(again);
    struct stat st;
    REQUIRE(stat(path, &st) == 0);
    REQUIRE(truncate(path, st.st_size / 2) == 0);
    err.msg[0] = '\0';
    CHECK(ed_open(path, 8, &err) == NULL);
    CHECK(err.msg[0] != '\0' && strchr(err.msg, '\n') == NULL);
    snprintf(path, sizeof path, "%s/none.png", dir);
    CHECK(ed_open(path, 8, &err) == NULL && err.msg[0] != '\0');
    // A Moving AI map opens without a path: Save asks for one.
    snprintf(path, sizeof path, "%s/level.map", dir);
    f = fopen(path, "wb");
    REQUIRE(f);
    fputs("type octile\nheight 8\nwidth 8\nmap\n", f);
    for (int y = 0; y < 8; y++) fputs(y == 0 || y == 7 ? "@@@@@@@@\n" : "@......@\n", f);
    fclose(f);
    again = ed_open(path, 8, &err);
    REQUIRE(again);
    CHECK(ed_path(again)[0] == '\0' && ed_cell(again, 3, 3) == AE_CELL_FREE);
    ed_close(again);
    // A copy of a grid has no path; a grid with a bad cell is refused.
    again = ed_from_grid(ed_grid(d), 8, &err);
    REQUIRE(again);
    CHECK(ed_path(again)[0] == '\0' && grids_equal(ed_grid(again), ed_grid(d)));
    ed_close(again);
    ae_grid bad = copy_grid(d);
    bad.cells[100] = 7;
    CHECK(ed_from_grid(&bad, 8, &err) == NULL);
    ae_grid_free(&bad);
    CHECK(ed_new(4, 64, 8, &err) == NULL && err.msg[0] != '\0');
    ed_close(d);
    test_remove_tree(dir);
    CHECK(ae_live_bytes() == 0);
}

/// The check's markers: a pocket (a room walled off) and a narrow passage (a gap one cell wide in
/// a wall across the map), the larger first; closing the gap removes the passage's marker,
/// widening it joins the pocket to the rest.
static void test_check_markers(void) {
    ae_error err;
    ed_doc *d = ed_new(48, 40, 8, &err);
    REQUIRE(d);
    CHECK(line(d, WALL, 1, 36, 0, 36, 39)); // the right part (x 37..46) walled off ...
    ed_stroke_begin(d, AE_CELL_FREE, 1);
    CHECK(ed_stroke_line(d, 36, 20, 36, 20, &err)); // ... but for a gap one cell wide
    ed_stroke_end(d);
    const ae_map_check *c = ed_check(d, &err);
    REQUIRE(c);
    CHECK(c->pocket_count == 1 && c->narrow_count == 1);
    int n;
    const ed_marker *m = ed_markers(d, &n);
    REQUIRE(n == 2);
    CHECK(!m[0].narrow && m[0].cells == c->pocket_cells);                // the pocket: larger
    CHECK(m[0].x >= 40 && m[0].x <= 43 && m[0].y >= 18 && m[0].y <= 21); // near its middle
    CHECK((c->cells[m[0].y * 48 + m[0].x] & AE_MAP_CELL_KIND_MASK) == AE_MAP_CELL_POCKET);
    CHECK(m[1].narrow && m[1].x == 36 && m[1].y == 20 && m[1].cells == c->narrow_cells);
    CHECK(ed_check(d, &err) == c); // nothing changed: the same check
    // The document's agents are the check's.
    CHECK(c->def.agents == 8 && c->def.radius == sim_config_of(ed_world(d))->rules.agent_radius);
    ed_set_agents(d, 1000);
    c = ed_check(d, &err);
    REQUIRE(c);
    CHECK(c->def.agents == 1000 && (c->problems & AE_MAP_PROBLEM_NO_ROOM));
    // The gap closed: a pocket alone.
    CHECK(line(d, WALL, 1, 36, 20, 36, 20));
    c = ed_check(d, &err);
    REQUIRE(c);
    m = ed_markers(d, &n);
    CHECK(c->narrow_count == 0 && n == 1 && !m[0].narrow);
    // Opened three wide: one area, no marker.
    CHECK(line(d, AE_CELL_FREE, 3, 36, 20, 36, 20));
    c = ed_check(d, &err);
    REQUIRE(c);
    ed_markers(d, &n);
    CHECK(c->pocket_count == 0 && c->narrow_count == 0 && n == 0);
    ed_close(d);
    CHECK(ae_live_bytes() == 0);
}

/// A Tiled map edits like a PNG: it opens with the cells its tiles' kinds say (those of the PNG
/// it was drawn from), has no file to save to (Save as writes a PNG), and its strokes work.
static void test_tiled(void) {
    ae_error err = {{0}};
    ae_grid want;
    REQUIRE(ae_map_load_file(ARENA_SOURCE_DIR "/tests/data/maps/tiled/tiled.png", &want, &err));
    const char *const maps[] = {"embedded.tmj", "external.tmj", "base64.tmj"};
    char dir[256], path[600];
    REQUIRE(test_scratch(dir, sizeof dir, "editor"));
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/tests/data/maps/tiled/%s", ARENA_SOURCE_DIR, maps[i]);
        ed_doc *d = ed_open(path, 4, &err);
        REQUIRE(d);
        CHECK(grids_equal(ed_grid(d), &want));
        CHECK_STR(ed_path(d), ""); // never written back as JSON
        CHECK(line(d, AE_CELL_WALL, 1, 2, 2, 6, 2));
        snprintf(path, sizeof path, "%s/from-%d.png", dir, i);
        REQUIRE(ed_save(d, path, &err));
        ae_grid back;
        REQUIRE(ae_map_load_file(path, &back, &err));
        CHECK(grids_equal(&back, ed_grid(d)));
        ae_grid_free(&back);
        ed_close(d);
    }
    ae_grid_free(&want);
    test_remove_tree(dir);
}

TEST_MAIN(TEST_CASE(session), TEST_CASE(undo_redo_exact), TEST_CASE(world_exact),
          TEST_CASE(door_turns), TEST_CASE(brushes), TEST_CASE(flood_whole_map), TEST_CASE(dirty),
          TEST_CASE(save_fails), TEST_CASE(open), TEST_CASE(check_markers), TEST_CASE(tiled))
