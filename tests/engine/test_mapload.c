// Map loading: bad files that need no committed fixture, Moving AI maps with CRLF lines, and the
// colours that tag cells (breakable walls, doors).
// Every image form and one file per class of bad input live in the suite tests/bad/maps.
#include "test.h"

#include "arena/ae_map_file.h"
#include "png_writer.h"
#include "test_files.h"

#include <stdlib.h>
#include <unistd.h>

static char tmpdir[64];

static const char *tmp_path(const char *name) {
    static char path[256];
    if (!tmpdir[0]) {
        if (!test_scratch(tmpdir, sizeof tmpdir, "mapload")) abort();
    }
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    return path;
}

/// Loads bytes saved under `name` and checks the refusal's reason contains `want`.
static void expect_refusal(const char *name, const void *data, size_t len, const char *want) {
    const char *path = tmp_path(name);
    REQUIRE(write_file(path, data, len) == 0);
    ae_grid g;
    ae_error err = {{0}};
    size_t before = ae_live_bytes();
    bool ok = ae_map_load_file(path, &g, &err);
    CHECK(!ok);
    CHECK(g.cells == NULL);
    CHECK(ae_live_bytes() == before);
    if (!strstr(err.msg, want)) {
        fprintf(stderr, "  %s: got '%s', want '%s'\n", name, err.msg, want);
        test_failures++;
    }
    if (ok) ae_grid_free(&g);
}

/// Cases the bad-map suite (tests/bad/maps) does not hold: it keeps one committed file per
/// class, these need no file of their own.
static void test_bad_files(void) {
    ae_grid g;
    ae_error err;
    CHECK(!ae_map_load_file(tmp_path("does-not-exist.png"), &g, &err));
    CHECK(strstr(err.msg, "cannot open") != NULL);

    uint8_t grey[16 * 12];
    memset(grey, 255, sizeof grey);
    uint8_t *png;
    size_t n = png_encode(&(png_spec){16, 12, 0, 8, grey, NULL, 0, NULL, 0}, &png);
    expect_refusal("no-iend.png", png, n - 12, "truncated PNG");
    png[1] = 'X';
    expect_refusal("badsig.png", png, n, "not an image");
    free(png);

    const char *bad_header = "type octile\nheight x\nwidth 8\nmap\n";
    expect_refusal("bad-header.map", bad_header, strlen(bad_header), "bad .map header");
    const char *no_type = "height 8\nwidth 8\nmap\n";
    expect_refusal("no-type.map", no_type, strlen(no_type), "bad .map header");
}

static void test_movingai_crlf(void) {
    char text[512];
    int k = snprintf(text, sizeof text, "type octile\r\nheight 8\r\nwidth 9\r\nmap\r\n");
    for (int y = 0; y < 8; y++) k += snprintf(text + k, sizeof text - (size_t)k, "G...@@T.S\r\n");
    ae_grid g;
    ae_error err;
    REQUIRE(ae_grid_init_movingai(&g, text, (size_t)k, &err));
    CHECK(g.width == 9 && g.height == 8);
    CHECK(!ae_grid_is_wall(&g, 0, 0) && ae_grid_is_wall(&g, 4, 3) && ae_grid_is_wall(&g, 8, 7));
    CHECK(ae_grid_is_wall(&g, -1, 0) && ae_grid_is_wall(&g, 9, 0));
    ae_grid_free(&g);
    CHECK(ae_live_bytes() == 0);
}

/// Loads one pixel of the given colour (in an 8x8 picture, the rest white) and returns its cell.
enum { TAG_W = 8, TAG_H = 8 };

static uint8_t cell_of(uint8_t r, uint8_t g, uint8_t b, uint8_t a) {
    uint8_t px[TAG_W * TAG_H * 4];
    memset(px, 255, sizeof px);
    const uint8_t c[4] = {r, g, b, a};
    memcpy(px + 4 * (3 * TAG_W + 3), c, 4);
    ae_grid grid;
    ae_error err;
    if (!ae_grid_init_rgba(&grid, px, TAG_W, TAG_H, TAG_W * 4, &err)) return 0xff;
    uint8_t v = grid.cells[3 * TAG_W + 3];
    ae_grid_free(&grid);
    return v;
}

/// Every cell value's colour reads back as that value, in memory and through a PNG file, and the
/// bands of ae_grid_init_rgba end where its comment says.
static void test_cell_tags(void) {
    static const uint8_t values[] = {AE_CELL_FREE, AE_CELL_WALL, AE_CELL_WALL | AE_CELL_BREAKABLE,
                                     AE_CELL_DOOR, AE_CELL_WALL | AE_CELL_WATER};
    const int count = (int)sizeof values;
    for (int k = 0; k < count; k++) {
        uint8_t c[3];
        ae_grid_cell_color(values[k], c);
        CHECK(cell_of(c[0], c[1], c[2], 255) == values[k]);
    }
    uint8_t rgb[16 * 12 * 3];
    for (int i = 0; i < 16 * 12; i++)
        ae_grid_cell_color(values[(i * 7 + i / 16) % count], rgb + 3 * i);
    uint8_t *png;
    size_t n = png_encode(&(png_spec){16, 12, 2, 8, rgb, NULL, 0, NULL, 0}, &png);
    const char *path = tmp_path("tags.png");
    REQUIRE(n > 0 && write_file(path, png, n) == 0);
    free(png);
    ae_grid g;
    ae_error err;
    REQUIRE(ae_map_load_file(path, &g, &err));
    for (int i = 0; i < 16 * 12; i++) CHECK(g.cells[i] == values[(i * 7 + i / 16) % count]);
    ae_grid_free(&g);

    const uint8_t wall = AE_CELL_WALL, breakable = AE_CELL_WALL | AE_CELL_BREAKABLE;
    // Greys: 63 is wall, 64 to 127 breakable, 128 free; breakable needs alpha >= 128.
    CHECK(cell_of(63, 63, 63, 255) == wall);
    CHECK(cell_of(64, 64, 64, 255) == breakable);
    CHECK(cell_of(127, 127, 127, 255) == breakable);
    CHECK(cell_of(128, 128, 128, 255) == AE_CELL_FREE);
    CHECK(cell_of(96, 96, 96, 127) == wall);
    CHECK(cell_of(96, 96, 96, 128) == breakable);
    // Luminance, not the grey channel: a red of luminance 74.8 is breakable too.
    CHECK(cell_of(250, 0, 0, 255) == breakable);
    // Doors: blue >= 160 with red and green <= 95, opaque; the door test comes first.
    CHECK(cell_of(95, 95, 160, 255) == AE_CELL_DOOR);
    CHECK(cell_of(0, 0, 159, 255) == wall);
    CHECK(cell_of(96, 0, 255, 255) == wall);
    CHECK(cell_of(0, 96, 255, 255) == breakable); // luminance 85.4: a grey-blue, not a door
    CHECK(cell_of(0, 0, 255, 127) == wall);
    // Water: blue >= 160, green >= 120 and red <= 95, opaque; sea blue, cyan and teal alike.
    const uint8_t water = AE_CELL_WALL | AE_CELL_WATER;
    CHECK(cell_of(0, 160, 230, 255) == water);
    CHECK(cell_of(0, 255, 255, 255) == water);
    CHECK(cell_of(95, 120, 160, 255) == water);
    CHECK(cell_of(96, 120, 160, 255) == breakable);   // too much red: the grey-blue it was before
    CHECK(cell_of(0, 119, 160, 255) == breakable);    // too little green (between door and water)
    CHECK(cell_of(0, 200, 159, 255) == AE_CELL_FREE); // too little blue: a bright green is free
    CHECK(cell_of(0, 160, 230, 127) == wall);         // transparent
    // Water is a wall to the engine, and a valid value nobody else holds.
    CHECK(ae_grid_cell_valid(water) && (water & AE_CELL_WALL));
    CHECK(!ae_grid_cell_valid(AE_CELL_WATER) && !ae_grid_cell_valid(AE_CELL_DOOR | AE_CELL_WALL));
    CHECK(ae_live_bytes() == 0);
}

TEST_MAIN(TEST_CASE(bad_files), TEST_CASE(movingai_crlf), TEST_CASE(cell_tags))
