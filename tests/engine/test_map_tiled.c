// Tiled JSON maps: the good maps of tests/data/maps/tiled (an embedded tileset, an external .tsj,
// base64 data in a group layer; flip flags, empty tiles, tiles without a kind, a second tileset)
// give the grid of tiled.png cell by cell; external tilesets are reported to the hot reload and
// never read for bytes from memory; every refusal of tests/bad/maps/tiled leaves nothing
// allocated; limits on the JSON's size and depth hold.
#include "test.h"

#include "arena/ae_map_file.h"

#include <stdlib.h>

#define GOOD ARENA_SOURCE_DIR "/tests/data/maps/tiled/"
#define BAD  ARENA_SOURCE_DIR "/tests/bad/maps/tiled/"

static bool same_cells(const ae_grid *a, const ae_grid *b) {
    if (a->width != b->width || a->height != b->height) return false;
    return !memcmp(a->cells, b->cells, (size_t)a->width * (size_t)a->height);
}

static void test_equals_png(void) {
    ae_grid png;
    ae_error err;
    REQUIRE(ae_map_load_file(GOOD "tiled.png", &png, &err));
    // Every kind is there, so a kind read as another would show.
    CHECK(ae_grid_count(&png, AE_CELL_WALL) > 0);
    CHECK(ae_grid_count(&png, AE_CELL_WALL | AE_CELL_BREAKABLE) == 5);
    CHECK(ae_grid_count(&png, AE_CELL_DOOR) == 2);
    CHECK(ae_grid_count(&png, AE_CELL_WALL | AE_CELL_WATER) == 35);
    const char *maps[] = {"embedded.tmj", "external.tmj", "base64.tmj"};
    for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
        char path[512];
        snprintf(path, sizeof path, GOOD "%s", maps[i]);
        ae_grid g;
        ae_error e = {{0}};
        bool ok = ae_map_load_file(path, &g, &e);
        if (!ok) fprintf(stderr, "  %s: %s\n", maps[i], e.msg);
        REQUIRE(ok);
        if (!same_cells(&g, &png)) {
            fprintf(stderr, "  %s differs from tiled.png\n", maps[i]);
            test_failures++;
        }
        ae_grid_free(&g);
    }
    ae_grid_free(&png);
    CHECK(ae_live_bytes() == 0);
}

static void test_sources(void) {
    ae_grid g;
    ae_map_sources src;
    ae_error err;
    REQUIRE(ae_map_load_file_sources(GOOD "external.tmj", &g, &src, &err));
    CHECK(src.count == 1);
    if (src.count == 1) CHECK_STR(src.paths[0], GOOD "kinds.tsj");
    ae_map_sources_free(&src);
    ae_grid_free(&g);
    REQUIRE(ae_map_load_file_sources(GOOD "embedded.tmj", &g, &src, &err));
    CHECK(src.count == 0);
    ae_grid_free(&g);
    REQUIRE(ae_map_load_file_sources(GOOD "tiled.png", &g, &src, &err));
    CHECK(src.count == 0);
    ae_grid_free(&g);
    // A tileset that was read and then refused is reported too: fixing it must reload the map.
    CHECK(!ae_map_load_file_sources(BAD "bad-kind-in-tsj.tmj", &g, &src, &err));
    CHECK(src.count == 1);
    if (src.count == 1) CHECK_STR(src.paths[0], BAD "bad-kind.tsj");
    ae_map_sources_free(&src);
    CHECK(ae_live_bytes() == 0);
}

/// The file's bytes (malloc), or NULL.
static uint8_t *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *data = n > 0 ? malloc((size_t)n) : NULL;
    if (data && fread(data, 1, (size_t)n, f) != (size_t)n) free(data), data = NULL;
    fclose(f);
    *len = (size_t)n;
    return data;
}

/// Bytes from memory (a map sent by a server) never make the loader open a file, and are known
/// as JSON by their text whatever their name.
static void test_memory(void) {
    size_t len;
    uint8_t *data = slurp(GOOD "external.tmj", &len);
    REQUIRE(data);
    ae_grid g;
    ae_error err = {{0}};
    CHECK(!ae_map_load_memory(data, len, "the server's map", &g, &err));
    CHECK_STR(err.msg, "tilesets[0].source: the external tileset \"kinds.tsj\" cannot be read "
                       "beside a map sent as bytes (embed the tileset in the map)");
    free(data);
    data = slurp(GOOD "embedded.tmj", &len);
    REQUIRE(data);
    CHECK(ae_map_load_memory(data, len, "the server's map", &g, &err));
    ae_grid png;
    REQUIRE(ae_map_load_file(GOOD "tiled.png", &png, &err));
    CHECK(same_cells(&g, &png));
    ae_grid_free(&png);
    ae_grid_free(&g);
    free(data);
    CHECK(ae_live_bytes() == 0);
}

/// Every refusal in the bad suite frees what it allocated on the way.
static void test_bad_no_leak(void) {
    FILE *f = fopen(BAD "README", "r");
    REQUIRE(f);
    char line[1024];
    int files = 0;
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (line[0] == '#' || !colon) continue;
        *colon = 0;
        char path[1400];
        snprintf(path, sizeof path, BAD "%s", line);
        ae_grid g;
        ae_error err;
        CHECK(!ae_map_load_file(path, &g, &err));
        CHECK(g.cells == NULL);
        if (ae_live_bytes() != 0) {
            fprintf(stderr, "  %s: %zu bytes left\n", line, ae_live_bytes());
            test_failures++;
        }
        files++;
    }
    fclose(f);
    CHECK(files >= 30);
}

/// Text built here: more values than the reader takes, and nesting past its depth limit inside
/// a string (which is no nesting at all).
static void test_limits(void) {
    const size_t values = (1u << 21) + 1;
    size_t cap = values * 2 + 64, n = 0;
    char *text = malloc(cap);
    REQUIRE(text);
    n += (size_t)snprintf(text, cap, "{\"type\":\"map\",\"x\":[");
    for (size_t i = 0; i < values; i++) text[n++] = '0', text[n++] = ',';
    text[n - 1] = ']', text[n++] = '}';
    ae_grid g;
    ae_error err;
    CHECK(!ae_map_load_memory((const uint8_t *)text, n, "big.tmj", &g, &err));
    CHECK(strstr(err.msg, "more than 2097152 JSON values") != NULL);
    free(text);

    char deep[512];
    int k = snprintf(deep, sizeof deep, "{\"type\":\"map\",\"note\":\"");
    for (int i = 0; i < 100; i++) deep[k++] = '[';
    snprintf(deep + k, sizeof deep - (size_t)k, "\",\"orientation\":\"hexagonal\"}");
    CHECK(!ae_map_load_memory((const uint8_t *)deep, strlen(deep), "deep.tmj", &g, &err));
    CHECK_STR(err.msg, "orientation: \"hexagonal\" maps are not read, only orthogonal ones");
    CHECK(ae_live_bytes() == 0);
}

TEST_MAIN(TEST_CASE(equals_png), TEST_CASE(sources), TEST_CASE(memory), TEST_CASE(bad_no_leak),
          TEST_CASE(limits))
