// Map loading: bad files that need no committed fixture, and Moving AI maps with CRLF lines.
// Every image form and one file per class of bad input live in the suite tests/bad/maps.
#include "test.h"

#include "arena/ae_map_file.h"
#include "png_writer.h"

#include <stdlib.h>
#include <unistd.h>

static char tmpdir[64];

static const char *tmp_path(const char *name) {
    static char path[256];
    if (!tmpdir[0]) {
        strcpy(tmpdir, "/tmp/arena-mapload-XXXXXX");
        if (!mkdtemp(tmpdir)) abort();
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
    REQUIRE(ae_grid_parse_movingai(&g, text, (size_t)k, &err));
    CHECK(g.width == 9 && g.height == 8);
    CHECK(!ae_grid_is_wall(&g, 0, 0) && ae_grid_is_wall(&g, 4, 3) && ae_grid_is_wall(&g, 8, 7));
    CHECK(ae_grid_is_wall(&g, -1, 0) && ae_grid_is_wall(&g, 9, 0));
    ae_grid_free(&g);
    CHECK(ae_live_bytes() == 0);
}

TEST_MAIN(TEST_CASE(bad_files), TEST_CASE(movingai_crlf))
