// The editor's document: a scripted session, undo and redo, saving and opening.
#include "test.h"
#include "test_files.h"

#include "arena/ae_map_file.h"
#include "arena/ae_output.h"
#include "editor.h"
#include "sim_state.h"

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

TEST_MAIN(TEST_CASE(session))
