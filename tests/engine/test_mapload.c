// Map loading: every accepted image format gives the same grid; every bad file a clear reason.
#include "test.h"

#include "arena/ae_map_file.h"
#include "png_writer.h"

#include <stdlib.h>
#include <unistd.h>

enum { W = 16, H = 12 };

/// The reference picture: 1 = wall. Cells marked 2 are bright but transparent (walls in formats
/// with alpha, drawn black in formats without).
static uint8_t pattern(int x, int y) {
    if (x == 0 || y == H - 1) return 1;
    if (x >= 5 && x <= 7 && y >= 3 && y <= 8) return 1;
    if (x == 12 && y >= 2 && y <= 4) return 2;
    if ((x + y) % 7 == 0) return 1;
    return 0;
}

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

static void check_grid(const ae_grid *g) {
    CHECK(g->width == W && g->height == H);
    if (g->width != W || g->height != H) return;
    int diff = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) diff += (g->cells[y * W + x] != 0) != (pattern(x, y) != 0);
    CHECK(diff == 0);
    fprintf(stderr, "%d cells differ\n", diff);
}

static void load_and_check(const char *name, const uint8_t *data, size_t len) {
    const char *path = tmp_path(name);
    REQUIRE(write_file(path, data, len) == 0);
    ae_grid g;
    ae_error err = {{0}};
    bool ok = ae_map_load_file(path, &g, &err);
    if (!ok) fprintf(stderr, "  %s: %s\n", name, err.msg);
    CHECK(ok);
    if (ok) {
        fprintf(stderr, "%s: ", name);
        check_grid(&g);
        ae_grid_free(&g);
    }
}

static void encode_and_check(const char *name, png_spec spec) {
    uint8_t *png;
    size_t n = png_encode(&spec, &png);
    load_and_check(name, png, n);
    free(png);
}

static void test_formats_agree(void) {
    static uint8_t grey[W * H], grey16[W * H * 2], rgb[W * H * 3], rgba[W * H * 4], ga[W * H * 2],
        pal_idx[W * H], grey_trns[W * H], grey16_trns[W * H * 2], rgba16[W * H * 8];
    const uint8_t palette[9] = {0, 0, 0, 250, 250, 250, 30, 200, 90};
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int i = y * W + x, p = pattern(x, y);
            uint8_t v = p == 0 ? 255 : 0;
            grey[i] = v;
            grey16[2 * i] = v;
            grey16[2 * i + 1] = v;
            rgb[3 * i] = rgb[3 * i + 1] = rgb[3 * i + 2] = v;
            rgba[4 * i] = rgba[4 * i + 1] = rgba[4 * i + 2] = p == 2 ? 255 : v;
            rgba[4 * i + 3] = p == 2 ? 0 : 255;
            ga[2 * i] = p == 2 ? 255 : v;
            ga[2 * i + 1] = p == 2 ? 10 : 255;
            pal_idx[i] = p == 0 ? 1 : 0;
            grey_trns[i] = p == 2 ? 200 : v; // 200 is made transparent by tRNS
            grey16_trns[2 * i] = p == 2 ? 0 : v;
            grey16_trns[2 * i + 1] = p == 2 ? 200 : v;
            for (int c = 0; c < 8; c++)
                rgba16[8 * i + c] = c >= 6 ? (p == 2 ? 0 : 255) : (p == 2 ? 255 : v);
        }
    const uint8_t trns_grey[2] = {0, 200};
    encode_and_check("grey.png", (png_spec){W, H, 0, 8, grey, NULL, 0, NULL, 0});
    encode_and_check("grey16.png", (png_spec){W, H, 0, 16, grey16, NULL, 0, NULL, 0});
    encode_and_check("rgb.png", (png_spec){W, H, 2, 8, rgb, NULL, 0, NULL, 0});
    encode_and_check("rgba.png", (png_spec){W, H, 6, 8, rgba, NULL, 0, NULL, 0});
    encode_and_check("grey_alpha.png", (png_spec){W, H, 4, 8, ga, NULL, 0, NULL, 0});
    encode_and_check("palette.png", (png_spec){W, H, 3, 8, pal_idx, palette, 3, NULL, 0});
    encode_and_check("grey16_trns.png",
                     (png_spec){W, H, 0, 16, grey16_trns, NULL, 0, trns_grey, 2});
    encode_and_check("rgba16.png", (png_spec){W, H, 6, 16, rgba16, NULL, 0, NULL, 0});
    encode_and_check("grey_trns.png", (png_spec){W, H, 0, 8, grey_trns, NULL, 0, trns_grey, 2});

    // A 24-bit bottom-up BMP.
    size_t row = (W * 3 + 3) / 4 * 4, size = 54 + row * H;
    uint8_t *bmp = calloc(1, size);
    memcpy(bmp, "BM", 2);
    bmp[2] = (uint8_t)size;
    bmp[3] = (uint8_t)(size >> 8);
    bmp[10] = 54;
    bmp[14] = 40;
    bmp[18] = W;
    bmp[22] = H;
    bmp[26] = 1;
    bmp[28] = 24;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            memset(bmp + 54 + (size_t)(H - 1 - y) * row + x * 3, grey[y * W + x], 3);
    load_and_check("picture.bmp", bmp, size);
    free(bmp);

    // The same picture as a Moving AI map.
    char text[1024];
    int n = snprintf(text, sizeof text, "type octile\nheight %d\nwidth %d\nmap\n", H, W);
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) text[n++] = pattern(x, y) ? (x % 2 ? '@' : 'T') : '.';
        text[n++] = '\n';
    }
    load_and_check("picture.map", (const uint8_t *)text, (size_t)n);
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

static void test_bad_files(void) {
    ae_grid g;
    ae_error err;
    CHECK(!ae_map_load_file(tmp_path("does-not-exist.png"), &g, &err));
    CHECK(strstr(err.msg, "cannot open") != NULL);

    expect_refusal("empty.png", "", 0, "empty file");
    expect_refusal("text.png", "hello, this is not a picture\n", 29, "not an image");

    uint8_t grey[W * H];
    memset(grey, 255, sizeof grey);
    uint8_t *png;
    size_t n = png_encode(&(png_spec){W, H, 0, 8, grey, NULL, 0, NULL, 0}, &png);
    expect_refusal("truncated.png", png, n / 2, "truncated PNG");
    expect_refusal("no-iend.png", png, n - 12, "truncated PNG");
    png[50] ^= 0x55; // inside IDAT: its CRC no longer matches
    expect_refusal("badcrc.png", png, n, "bad CRC");
    png[1] = 'X';
    expect_refusal("badsig.png", png, n, "not an image");
    free(png);

    uint8_t bmp[64] = {'B', 'M'};
    bmp[18] = W;
    bmp[22] = H;
    expect_refusal("bmp-named.png", bmp, sizeof bmp, "BMP data but its name says PNG");

    uint8_t small[16];
    memset(small, 255, sizeof small);
    n = png_encode(&(png_spec){4, 4, 0, 8, small, NULL, 0, NULL, 0}, &png);
    expect_refusal("small.png", png, n, "map too small");
    free(png);
    n = png_encode_header_only(20000, 20000, &png);
    expect_refusal("huge.png", png, n, "map too large");
    free(png);

    uint8_t black[W * H] = {0};
    n = png_encode(&(png_spec){W, H, 0, 8, black, NULL, 0, NULL, 0}, &png);
    expect_refusal("all-wall.png", png, n, "no free cell");
    free(png);

    const char *bad_header = "type octile\nheight x\nwidth 8\nmap\n";
    expect_refusal("bad-header.map", bad_header, strlen(bad_header), "bad .map header");
    const char *no_type = "height 8\nwidth 8\nmap\n";
    expect_refusal("no-type.map", no_type, strlen(no_type), "bad .map header");
    const char *huge = "type octile\nheight 20000\nwidth 20000\nmap\n";
    expect_refusal("huge.map", huge, strlen(huge), "map too large");
    char text[512];
    int k = snprintf(text, sizeof text, "type octile\nheight 8\nwidth 8\nmap\n");
    for (int y = 0; y < 8; y++)
        k += snprintf(text + k, sizeof text - (size_t)k, y == 2 ? "......\n" : "........\n");
    expect_refusal("short-row.map", text, (size_t)k, "row 2 has 6 cells");
    text[40] = '?';
    expect_refusal("unknown-char.map", text, (size_t)k, "unknown map character '?'");
    k = snprintf(text, sizeof text, "type octile\nheight 8\nwidth 8\nmap\n........\n");
    expect_refusal("few-rows.map", text, (size_t)k, "map has 1 rows, header says 8");
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

TEST_MAIN(TEST_CASE(formats_agree), TEST_CASE(bad_files), TEST_CASE(movingai_crlf))
