// The map file watcher with real files in a temporary folder and fake time: every way editors
// save, partial and corrupt files, bursts of saves and missing files.
#include "test.h"

#include "map_watch.h"
#include "png_writer.h"

#include <stdlib.h>
#include <unistd.h>

/// A temporary folder and the watched map in it.
typedef struct fixture {
    char dir[64];
    char path[128];
} fixture;

/// PNG bytes of a w x h map: free everywhere except a wall cell at (tag % w, 0), so versions of
/// the same size still differ.
static size_t map_png(int w, int h, int tag, uint8_t **out) {
    uint8_t *px = malloc((size_t)w * (size_t)h);
    memset(px, 255, (size_t)w * (size_t)h);
    px[tag % w] = 0;
    png_spec spec = {w, h, 0, 8, px, NULL, 0, NULL, 0};
    size_t len = png_encode(&spec, out);
    free(px);
    return len;
}

static bool write_map(const char *path, int w, int h, int tag) {
    uint8_t *png = NULL;
    size_t len = map_png(w, h, tag, &png);
    bool ok = len > 0 && write_file(path, png, len) == 0;
    free(png);
    return ok;
}

static bool setup(fixture *f) {
    snprintf(f->dir, sizeof f->dir, "/tmp/arena-watch-XXXXXX");
    if (!mkdtemp(f->dir)) return false;
    snprintf(f->path, sizeof f->path, "%s/map.png", f->dir);
    return write_map(f->path, 64, 64, 0);
}

static void teardown(fixture *f) {
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    CHECK(system(cmd) == 0);
}

/// The watcher's flow in one call, as a caller that loads where it polls would write it: true
/// when *out holds a newly loaded, valid grid of the offered version (the caller owns it; it then
/// accepts or rejects the version). False otherwise, with `msg` (one line, no newline) as
/// map_watch_reject writes it when the file is bad, missing (`file is missing`) or no longer a
/// regular file (`is a directory`, `is a FIFO`, ...), else an empty string. If the file changes
/// while it is being loaded the result is dropped silently and the new version is waited for.
static bool reload(map_watch *w, double now, ae_grid *out, char *msg, size_t msglen) {
    if (msglen) msg[0] = '\0';
    map_watch_event ev = map_watch_poll(w, now);
    if (ev == MAP_WATCH_GONE_NOTICE) map_watch_gone_message(w, msg, msglen);
    if (ev != MAP_WATCH_CHANGED) return false;
    ae_error err;
    ae_map_sources sources;
    bool ok = map_watch_load(w->path, out, &sources, &err);
    // A save that landed during the load: drop this result and let the new version settle.
    if (!map_watch_unchanged(w, now)) {
        if (ok) ae_grid_free(out);
        ae_map_sources_free(&sources);
        return false;
    }
    map_watch_set_sources(w, &sources);
    if (!ok) map_watch_reject(w, err.msg, msg, msglen);
    return ok;
}

/// Polls through reload from t0 to t1 every `step` seconds, accepting every grid it
/// hands back; counts reloads and failure messages, keeps the last reloaded grid in *last
/// (freeing the one before).
typedef struct tally {
    int reloads;
    int failures;
    char msg[4096]; ///< the last non-empty message
    ae_grid last;
} tally;

static void run(map_watch *w, double t0, double t1, double step, tally *t) {
    for (double now = t0; now <= t1 + 1e-9; now += step) {
        ae_grid g;
        char msg[4096];
        if (reload(w, now, &g, msg, sizeof msg)) {
            char detail[32];
            snprintf(detail, sizeof detail, "%dx%d", g.width, g.height);
            map_watch_accept(w, detail, msg, sizeof msg);
            t->reloads++;
            if (t->last.cells) ae_grid_free(&t->last);
            t->last = g;
        } else if (msg[0]) {
            t->failures++;
        }
        if (msg[0]) snprintf(t->msg, sizeof t->msg, "%s", msg);
    }
}

static void tally_free(tally *t) {
    if (t->last.cells) ae_grid_free(&t->last);
}

static void test_in_place_rewrite(void) {
    fixture f;
    REQUIRE(setup(&f));
    map_watch w;
    map_watch_init(&w, f.path, 0.0);
    tally t = {0};
    run(&w, 0.0, 1.0, 0.05, &t);
    CHECK(t.reloads == 0 && t.failures == 0); // the version in use is not reloaded
    REQUIRE(write_map(f.path, 64, 64, 5));    // fopen "wb": same inode, new content
    run(&w, 1.0, 1.1, 0.05, &t);
    CHECK(t.reloads == 0); // not settled yet
    run(&w, 1.15, 2.0, 0.05, &t);
    CHECK(t.reloads == 1);
    REQUIRE(t.last.cells);
    CHECK(ae_grid_is_wall(&t.last, 5, 0) && !ae_grid_is_wall(&t.last, 0, 0));
    char want[512];
    snprintf(want, sizeof want, "map reloaded: %s (64x64)", f.path);
    CHECK_STR(t.msg, want);
    tally_free(&t);
    teardown(&f);
}

static void test_partial_write(void) {
    fixture f;
    REQUIRE(setup(&f));
    map_watch w;
    map_watch_init(&w, f.path, 0.0);
    uint8_t *png = NULL;
    size_t len = map_png(64, 64, 7, &png);
    REQUIRE(len > 100);
    tally t = {0};
    // Half a PNG, finished before it settles: no failure, one reload of the whole file.
    REQUIRE(write_file(f.path, png, len / 2) == 0);
    run(&w, 1.0, 1.1, 0.05, &t);
    REQUIRE(write_file(f.path, png, len) == 0);
    run(&w, 1.12, 2.0, 0.01, &t);
    CHECK(t.reloads == 1 && t.failures == 0);
    CHECK(t.last.cells && ae_grid_is_wall(&t.last, 7, 0));
    // Half a PNG that stays half long enough: one failure, not retried, the old map stays.
    free(png);
    len = map_png(64, 64, 9, &png);
    REQUIRE(write_file(f.path, png, len / 2) == 0);
    run(&w, 3.0, 4.0, 0.01, &t);
    CHECK(t.reloads == 1 && t.failures == 1);
    char want[512];
    snprintf(want, sizeof want, "map reload failed: %s: ", f.path);
    CHECK(strncmp(t.msg, want, strlen(want)) == 0);
    CHECK(strstr(t.msg, "(keeping previous map)") != NULL);
    // The editor finishes the write: it reloads once.
    REQUIRE(write_file(f.path, png, len) == 0);
    run(&w, 4.0, 5.0, 0.01, &t);
    CHECK(t.reloads == 2 && t.failures == 1);
    CHECK(t.last.cells && ae_grid_is_wall(&t.last, 9, 0));
    free(png);
    tally_free(&t);
    teardown(&f);
}

static void test_temp_then_rename(void) {
    fixture f;
    REQUIRE(setup(&f));
    map_watch w;
    map_watch_init(&w, f.path, 0.0);
    char tmp[160];
    snprintf(tmp, sizeof tmp, "%s/.map.png.swp", f.dir);
    REQUIRE(write_map(tmp, 64, 64, 3));
    tally t = {0};
    run(&w, 1.0, 1.5, 0.05, &t);
    CHECK(t.reloads == 0); // the temporary file is not the map
    REQUIRE(rename(tmp, f.path) == 0);
    run(&w, 2.0, 3.0, 0.05, &t);
    CHECK(t.reloads == 1 && t.failures == 0);
    CHECK(t.last.cells && ae_grid_is_wall(&t.last, 3, 0));
    tally_free(&t);
    teardown(&f);
}

static void test_delete_then_recreate(void) {
    fixture f;
    REQUIRE(setup(&f));
    map_watch w;
    map_watch_init(&w, f.path, 0.0);
    REQUIRE(unlink(f.path) == 0);
    tally t = {0};
    run(&w, 1.0, 2.0, 0.05, &t);
    CHECK(t.reloads == 0 && t.failures == 1); // missing: said once
    char want[512];
    snprintf(want, sizeof want, "map reload failed: %s: file is missing (keeping previous map)",
             f.path);
    CHECK_STR(t.msg, want);
    REQUIRE(write_map(f.path, 64, 64, 11));
    run(&w, 2.0, 2.1, 0.05, &t);
    CHECK(t.reloads == 0);
    run(&w, 2.15, 3.0, 0.05, &t);
    CHECK(t.reloads == 1 && t.failures == 1);
    CHECK(t.last.cells && ae_grid_is_wall(&t.last, 11, 0));
    // Gone again: noticed again.
    REQUIRE(unlink(f.path) == 0);
    run(&w, 3.0, 4.0, 0.05, &t);
    CHECK(t.failures == 2);
    tally_free(&t);
    teardown(&f);
}

// The map's path replaced by a directory, a FIFO, or a link to a device: each is told as what
// it is, once, nothing is loaded (reading a FIFO would block), and the map comes back after.
static void test_not_a_file(void) {
    fixture f;
    REQUIRE(setup(&f));
    map_watch w;
    map_watch_init(&w, f.path, 0.0);
    static const struct {
        const char *make, *reason;
    } cases[] = {
        {"mkdir", "is a directory"}, {"mkfifo", "is a FIFO"}, {"ln -s /dev/null", "is a device"}};
    tally t = {0};
    double now = 1.0;
    for (int i = 0; i < 3; i++) {
        char cmd[512], want[512];
        snprintf(cmd, sizeof cmd, "rm -rf '%s' && %s '%s'", f.path, cases[i].make, f.path);
        REQUIRE(system(cmd) == 0);
        run(&w, now, now + 1.0, 0.05, &t);
        now += 1.05;
        CHECK(t.reloads == 0 && t.failures == i + 1); // each state said once
        snprintf(want, sizeof want, "map reload failed: %s: %s (keeping previous map)", f.path,
                 cases[i].reason);
        CHECK_STR(t.msg, want);
    }
    REQUIRE(unlink(f.path) == 0);
    REQUIRE(write_map(f.path, 64, 64, 7));
    run(&w, now, now + 1.0, 0.05, &t);
    CHECK(t.reloads == 1 && t.failures == 3);
    CHECK(t.last.cells && ae_grid_is_wall(&t.last, 7, 0));
    tally_free(&t);
    teardown(&f);
}

// The watcher keeps the caller's path, however long: no buffer cuts it to another file's name.
static void test_long_path(void) {
    fixture f;
    REQUIRE(setup(&f));
    size_t n = strlen(f.dir) + 2 * 1000 + 16;
    char *path = malloc(n);
    REQUIRE(path);
    int len = snprintf(path, n, "%s/", f.dir);
    for (int i = 0; i < 1000; i++) len += snprintf(path + len, n - (size_t)len, "./");
    snprintf(path + len, n - (size_t)len, "map.png");
    CHECK(strlen(path) > 2000);
    map_watch w;
    map_watch_init(&w, path, 0.0);
    REQUIRE(write_map(f.path, 64, 64, 9));
    tally t = {0};
    run(&w, 1.0, 2.0, 0.05, &t);
    CHECK(t.reloads == 1 && t.failures == 0);
    CHECK(t.last.cells && ae_grid_is_wall(&t.last, 9, 0));
    CHECK(strstr(t.msg, path) != NULL); // the message names the whole path
    tally_free(&t);
    free(path);
    teardown(&f);
}

static void test_corrupt_then_fixed(void) {
    fixture f;
    REQUIRE(setup(&f));
    map_watch w;
    map_watch_init(&w, f.path, 0.0);
    static const char junk[] = "this is not a picture";
    REQUIRE(write_file(f.path, (const uint8_t *)junk, sizeof junk - 1) == 0);
    tally t = {0};
    run(&w, 1.0, 3.0, 0.05, &t);
    CHECK(t.reloads == 0 && t.failures == 1); // reported once, not retried every poll
    char want[512];
    snprintf(want, sizeof want, "map reload failed: %s: not an image", f.path);
    CHECK(strncmp(t.msg, want, strlen(want)) == 0);
    const char *tail = " (keeping previous map)";
    CHECK(strlen(t.msg) > strlen(tail) && strcmp(t.msg + strlen(t.msg) - strlen(tail), tail) == 0);
    REQUIRE(write_map(f.path, 64, 64, 13));
    run(&w, 3.0, 4.0, 0.05, &t);
    CHECK(t.reloads == 1 && t.failures == 1);
    CHECK(t.last.cells && ae_grid_is_wall(&t.last, 13, 0));
    tally_free(&t);
    teardown(&f);
}

static void test_burst_of_saves(void) {
    fixture f;
    REQUIRE(setup(&f));
    map_watch w;
    map_watch_init(&w, f.path, 0.0);
    tally t = {0};
    // Ten saves 20 ms apart (each a different size), polled every 10 ms.
    double now = 1.0;
    for (int i = 0; i < 10; i++) {
        REQUIRE(write_map(f.path, 64, 65 + i, i + 1));
        run(&w, now, now + 0.019, 0.01, &t);
        now += 0.02;
    }
    run(&w, now, now + 1.0, 0.01, &t);
    CHECK(t.reloads >= 1 && t.reloads <= 2);
    CHECK(t.failures == 0);
    CHECK(t.last.cells && t.last.height == 74 && ae_grid_is_wall(&t.last, 10, 0));
    tally_free(&t);
    teardown(&f);
}

static bool fake_bake(void *user, const ae_grid *grid, double *bake_ms, ae_error *err) {
    int *calls = user;
    ++*calls;
    *bake_ms = 3.0;
    if (grid->width > 100) {
        ae_error_set(err, "too wide for this test");
        return false;
    }
    return true;
}

/// A caller's flow: the watcher hands back a loaded grid, the caller prepares (fake_bake) and
/// swaps it, then accepts or rejects the version. True when a grid was swapped in (*out).
static bool reload_and_bake(map_watch *w, double now, ae_grid *out, int *calls, char *msg,
                            size_t msglen) {
    if (!reload(w, now, out, msg, msglen)) return false;
    double bake_ms = 0.0;
    ae_error err;
    if (!fake_bake(calls, out, &bake_ms, &err)) {
        ae_grid_free(out);
        map_watch_reject(w, err.msg, msg, msglen);
        return false;
    }
    char detail[64];
    snprintf(detail, sizeof detail, "%dx%d, bake %.0f ms", out->width, out->height, bake_ms);
    map_watch_accept(w, detail, msg, msglen);
    return true;
}

static void test_size_change(void) {
    fixture f;
    REQUIRE(setup(&f));
    map_watch w;
    map_watch_init(&w, f.path, 0.0);
    REQUIRE(write_map(f.path, 96, 80, 1));
    int calls = 0;
    ae_grid g;
    char msg[512], want[512];
    CHECK(!reload_and_bake(&w, 1.0, &g, &calls, msg, sizeof msg));
    CHECK(msg[0] == '\0');
    REQUIRE(reload_and_bake(&w, 1.2, &g, &calls, msg, sizeof msg));
    CHECK(g.width == 96 && g.height == 80);
    snprintf(want, sizeof want, "map reloaded: %s (96x80, bake 3 ms)", f.path);
    CHECK_STR(msg, want);
    ae_grid_free(&g);
    // A map the caller's preparation refuses is rejected like a bad file.
    REQUIRE(write_map(f.path, 128, 64, 2));
    CHECK(!reload_and_bake(&w, 2.0, &g, &calls, msg, sizeof msg));
    CHECK(!reload_and_bake(&w, 2.2, &g, &calls, msg, sizeof msg));
    snprintf(want, sizeof want,
             "map reload failed: %s: too wide for this test (keeping previous map)", f.path);
    CHECK_STR(msg, want);
    CHECK(!reload_and_bake(&w, 2.5, &g, &calls, msg, sizeof msg));
    CHECK(msg[0] == '\0');
    CHECK(calls == 2);
    // Low-level API: poll offers, accept makes it the baseline.
    REQUIRE(write_map(f.path, 64, 80, 3));
    CHECK(map_watch_poll(&w, 3.0) == MAP_WATCH_NONE);
    CHECK(map_watch_poll(&w, 3.2) == MAP_WATCH_CHANGED);
    CHECK(map_watch_poll(&w, 3.3) == MAP_WATCH_CHANGED); // offered until accepted or rejected
    map_watch_accept(&w, NULL, NULL, 0);
    CHECK(map_watch_poll(&w, 3.4) == MAP_WATCH_NONE);
    teardown(&f);
}

/// The file's bytes (malloc) with every `from` replaced by `to` (same length), or NULL.
static uint8_t *read_replaced(const char *path, const char *from, const char *to, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    uint8_t *data = malloc(1 << 16);
    *len = data ? fread(data, 1, (1 << 16) - 1, f) : 0;
    fclose(f);
    if (!data) return NULL;
    data[*len] = 0;
    for (char *p = (char *)data; from[0] && (p = strstr(p, from)) != NULL; p += strlen(to))
        memcpy(p, to, strlen(to));
    return data;
}

static bool copy_replaced(const char *from_path, const char *to_path, const char *from,
                          const char *to) {
    size_t len;
    uint8_t *data = read_replaced(from_path, from, to, &len);
    bool ok = data && write_file(to_path, data, len) == 0;
    free(data);
    return ok;
}

/// A Tiled map with its tileset in a .tsj beside it: saving the tileset alone reloads the map; a
/// tileset saved broken is refused, and fixing it reloads the map again.
static void test_tiled_tileset(void) {
    fixture f;
    REQUIRE(setup(&f));
    char map[160], tsj[160];
    snprintf(map, sizeof map, "%s/level.tmj", f.dir);
    snprintf(tsj, sizeof tsj, "%s/kinds.tsj", f.dir);
    const char *good = ARENA_SOURCE_DIR "/tests/data/maps/tiled/";
    char src[512];
    snprintf(src, sizeof src, "%sexternal.tmj", good);
    REQUIRE(copy_replaced(src, map, "", ""));
    snprintf(src, sizeof src, "%skinds.tsj", good);
    REQUIRE(copy_replaced(src, tsj, "", ""));
    map_watch w;
    map_watch_init(&w, map, 0.0);
    CHECK(w.sources.count == 1);
    tally t = {0};
    run(&w, 0.0, 1.0, 0.05, &t);
    CHECK(t.reloads == 0 && t.failures == 0);
    REQUIRE(copy_replaced(src, tsj, "\"door\"", "\"wall\"")); // the doors become walls
    run(&w, 1.0, 2.0, 0.05, &t);
    CHECK(t.reloads == 1 && t.failures == 0);
    REQUIRE(t.last.cells);
    CHECK(ae_grid_count(&t.last, AE_CELL_DOOR) == 0);
    REQUIRE(copy_replaced(src, tsj, "\"water\"", "\"lava!\"")); // not a kind
    run(&w, 2.0, 3.0, 0.05, &t);
    CHECK(t.reloads == 1 && t.failures == 1);
    CHECK(strstr(t.msg, "tilesets[0] (\"kinds.tsj\"): tiles[4].properties[0].value: kind "
                        "\"lava!\" is not free") != NULL);
    REQUIRE(copy_replaced(src, tsj, "", "")); // fixed: the doors are back
    run(&w, 3.0, 4.0, 0.05, &t);
    CHECK(t.reloads == 2 && t.failures == 1);
    CHECK(ae_grid_count(&t.last, AE_CELL_DOOR) == 2);
    tally_free(&t);
    map_watch_free(&w);
    CHECK(ae_live_bytes() == 0);
    teardown(&f);
}

TEST_MAIN(TEST_CASE(in_place_rewrite), TEST_CASE(partial_write), TEST_CASE(temp_then_rename),
          TEST_CASE(delete_then_recreate), TEST_CASE(corrupt_then_fixed), TEST_CASE(burst_of_saves),
          TEST_CASE(size_change), TEST_CASE(not_a_file), TEST_CASE(long_path),
          TEST_CASE(tiled_tileset))
