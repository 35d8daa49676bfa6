// The bad-map suite in process: every form of the reference picture loads to the same grid,
// every refusal in README gives its reason without leaking, a file declaring 20000x20000 is
// refused without memory growing, compressed ancillary chunks cost no memory, hot reload keeps
// the previous map for each refused file and takes each good one, the maps of props/ hold
// exactly the breakable walls and doors their pictures paint, and no decoder ever writes to
// stderr while any of it happens.
#include "test.h"

#include "arena/ae_map_file.h"
#include "hot_reload.h"
#include "prop_pictures.h"
#include "reference_picture.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define SUITE ARENA_SOURCE_DIR "/tests/bad/maps"

/// One manifest line: FILE: EXIT: reason (comment lines are skipped).
typedef struct entry {
    char file[64];
    int exit_code;
    char reason[256];
} entry;

/// Reads README into entries; returns the count.
static int read_manifest(entry *out, int max) {
    FILE *f = fopen(SUITE "/README", "r");
    if (!f) return 0;
    char line[512];
    int n = 0;
    while (n < max && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        line[strcspn(line, "\n")] = '\0';
        entry *e = &out[n];
        int used = 0;
        if (sscanf(line, "%63[^:]: %d: %n", e->file, &e->exit_code, &used) == 2 && used > 0) {
            snprintf(e->reason, sizeof e->reason, "%s", line + used);
            n++;
        }
    }
    fclose(f);
    return n;
}

/// Output a decoder writes to stderr (fd 2) between quiet_begin and quiet_end is kept in a
/// temporary file instead of reaching the terminal.
static int saved_stderr = -1;
static FILE *captured;

static void quiet_begin(void) {
    fflush(stderr);
    captured = tmpfile();
    saved_stderr = dup(2);
    if (captured && saved_stderr >= 0) dup2(fileno(captured), 2);
}

/// Restores stderr; returns whether nothing was written, and prints what was when something was.
static bool quiet_end(const char *what) {
    fflush(stderr);
    if (saved_stderr >= 0) {
        dup2(saved_stderr, 2);
        close(saved_stderr);
        saved_stderr = -1;
    }
    if (!captured) return false;
    char text[512] = "";
    rewind(captured);
    size_t n = fread(text, 1, sizeof text - 1, captured);
    fclose(captured);
    captured = NULL;
    if (n) fprintf(stderr, "%s: the decoder wrote to stderr:\n%s\n", what, text);
    return n == 0;
}

/// Loads a map with stderr captured: a load never writes to it, whatever the file holds.
static bool load(const char *path, ae_grid *g, ae_error *err) {
    memset(err, 0, sizeof *err);
    quiet_begin();
    bool ok = ae_map_load_file(path, g, err);
    CHECK(quiet_end(path));
    return ok;
}

/// True for the lossy forms (JPEG), which may differ from grey8.png on the cells of grey 127
/// and 128 only: a quality-100 JPEG decodes each pixel within one level.
static bool lossy(const char *name) {
    size_t n = strlen(name);
    return n > 4 && !strcmp(name + n - 4, ".jpg");
}

static bool same_grid(const ae_grid *g, const ae_grid *ref, bool tolerant) {
    if (g->width != ref->width || g->height != ref->height) return false;
    for (int y = 0; y < REF_H; y++)
        for (int x = 0; x < REF_W; x++) {
            uint8_t grey, alpha;
            ref_pixel(x, y, &grey, &alpha);
            bool beside_threshold = alpha >= 128 && (grey == 127 || grey == 128);
            if (ae_grid_is_wall(g, x, y) != ae_grid_is_wall(ref, x, y) &&
                !(tolerant && beside_threshold))
                return false;
        }
    return true;
}

static void test_formats_agree(void) {
    ae_grid ref;
    ae_error err;
    REQUIRE(load(SUITE "/formats/grey8.png", &ref, &err));
    REQUIRE(ref.width == REF_W && ref.height == REF_H);
    // The reference itself follows the rule, so mid greys and alpha decide cells as documented.
    for (int y = 0; y < REF_H; y++)
        for (int x = 0; x < REF_W; x++) CHECK(ae_grid_is_wall(&ref, x, y) == !ref_free(x, y));
    FILE *f = fopen(SUITE "/formats/README", "r");
    REQUIRE(f);
    char line[256];
    int forms = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        line[strcspn(line, ":")] = '\0';
        char path[512];
        snprintf(path, sizeof path, "%s/formats/%s", SUITE, line);
        ae_grid g;
        bool ok = load(path, &g, &err);
        if (!ok) fprintf(stderr, "%s: %s\n", line, err.msg);
        CHECK(ok);
        if (!ok) continue;
        forms++;
        bool same = same_grid(&g, &ref, lossy(line));
        if (!same) fprintf(stderr, "%s: grid differs from grey8.png\n", line);
        CHECK(same);
        ae_grid_free(&g);
    }
    fclose(f);
    CHECK(forms >= 69);
    ae_grid_free(&ref);
    CHECK(ae_live_bytes() == 0);
}

static void test_manifest_reasons(void) {
    static entry entries[128];
    int n = read_manifest(entries, 128);
    REQUIRE(n >= 30);
    for (int i = 0; i < n; i++) {
        const entry *e = &entries[i];
        char path[512];
        snprintf(path, sizeof path, "%s/%.63s", SUITE, e->file);
        ae_grid g;
        ae_error err;
        size_t before = ae_live_bytes();
        bool ok = load(path, &g, &err);
        CHECK(ok == (e->exit_code == 0));
        if (ok) {
            ae_grid_free(&g);
            continue;
        }
        CHECK(g.cells == NULL && g.width == 0 && g.height == 0);
        CHECK(ae_live_bytes() == before);
        if (strcmp(err.msg, e->reason) != 0) {
            fprintf(stderr, "%s: got '%s', README says '%s'\n", e->file, err.msg, e->reason);
            test_failures++;
        }
    }
}

/// Peak resident memory of this process in kB (VmHWM), or -1.
static long peak_kb(void) {
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    char line[256];
    long kb = -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %ld kB", &kb) == 1) break;
    fclose(f);
    return kb;
}

/// Resets the peak to the current resident size (Linux: "5" to clear_refs), so what follows is
/// measured alone. Without it the peak so far stays; the check below still holds.
static void reset_peak(void) {
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (!f) return;
    fputs("5", f);
    fclose(f);
}

static void test_huge_header_memory(void) {
    static const char *const huge[] = {"huge-header.png", "huge.bmp", "huge-frame.gif",
                                       "huge-size.map"};
    reset_peak();
    long before = peak_kb();
    if (before < 0) TEST_SKIP("no /proc/self/status");
    for (int i = 0; i < 4; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", SUITE, huge[i]);
        ae_grid g;
        ae_error err;
        CHECK(!load(path, &g, &err));
        CHECK(strstr(err.msg, "too large") || strstr(err.msg, "outside"));
    }
    long grown = peak_kb() - before;
    fprintf(stderr, "peak resident memory grew by %ld kB\n", grown);
    CHECK(grown < 16 * 1024);
}

/// Compressed ancillary chunks that inflate to 16 MiB load without being inflated: the peak
/// resident memory grows by far less than one of them would take.
static void test_bombs_memory(void) {
    static const char *const bombs[] = {"ztxt-bomb.png", "itxt-bomb.png", "iccp-16mb.png"};
    ae_grid g;
    ae_error err;
    // A first load sets up the decoders (libraries, SDL's state), which is not the bombs' cost.
    REQUIRE(load(SUITE "/formats/grey8.png", &g, &err));
    ae_grid_free(&g);
    reset_peak();
    long before = peak_kb();
    if (before < 0) TEST_SKIP("no /proc/self/status");
    for (int i = 0; i < 3; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", SUITE, bombs[i]);
        CHECK(load(path, &g, &err));
        ae_grid_free(&g);
    }
    long grown = peak_kb() - before;
    fprintf(stderr, "peak resident memory grew by %ld kB\n", grown);
    CHECK(grown < 2 * 1024);
}

/// The shipped maps load with nothing on stderr.
static void test_shipped_maps_quiet(void) {
    DIR *d = opendir(ARENA_SOURCE_DIR "/assets/maps");
    REQUIRE(d);
    int maps = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        char path[512];
        snprintf(path, sizeof path, "%s/assets/maps/%s", ARENA_SOURCE_DIR, e->d_name);
        ae_grid g;
        ae_error err;
        bool ok = load(path, &g, &err);
        if (!ok) fprintf(stderr, "%s: %s\n", path, err.msg);
        CHECK(ok);
        ae_grid_free(&g);
        maps++;
    }
    closedir(d);
    CHECK(maps >= 4);
    CHECK(ae_live_bytes() == 0);
}

/// A temporary folder holding the live map file.
static char dir[64];

static bool copy_file(const char *from, const char *to) {
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    bool ok = in && out;
    char buf[4096];
    size_t n;
    while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0) ok = fwrite(buf, 1, n, out) == n;
    if (in) fclose(in);
    if (out) ok = fclose(out) == 0 && ok;
    return ok;
}

/// Saves `from` over the watched map the way editors do (a temporary file, then a rename), so
/// the watcher sees a new version every time.
static bool replace_map(const char *from, const char *map) {
    char tmp[128];
    snprintf(tmp, sizeof tmp, "%s/tmp", dir);
    return copy_file(from, tmp) && rename(tmp, map) == 0;
}

/// The good map a live match starts from, per file name extension: the loader checks that the
/// bytes match the name, so each kind of file replaces a good file of its own kind.
static const char *const starts[][2] = {{".png", SUITE "/formats/grey8.png"},
                                        {".bmp", SUITE "/formats/bmp24.bmp"},
                                        {".gif", SUITE "/formats/gif.gif"},
                                        {".jpg", SUITE "/formats/jpeg-grey.jpg"},
                                        {".map", ARENA_SOURCE_DIR "/tests/data/maps/small.map"}};
enum { KINDS = sizeof starts / sizeof starts[0] };

/// Polls the watcher past its settling time until it has tried the new version, with stderr
/// captured; returns whether the map changed and checks the message is one line.
static bool poll_reload(hot_reload *h, session *s, double *now, char *msg, size_t cap,
                        const char *what) {
    bool changed = false;
    msg[0] = '\0';
    quiet_begin();
    for (int k = 0; k < 20 && !msg[0]; k++) {
        *now += 0.05;
        hot_reload_wait(h); // a version being loaded on its thread
        changed |= hot_reload_poll(h, s, *now, msg, cap);
    }
    CHECK(quiet_end(what));
    CHECK(!strchr(msg, '\n'));
    return changed;
}

/// Plays a live match on a good map and saves every fixture named *ext over it in turn: each
/// refused one is reported with its README reason while the match keeps its map, each good one
/// is swapped in; then the good start file is swapped in again. Returns how many were fed.
static int feed(const entry *entries, int n, int kind) {
    const char *ext = starts[kind][0];
    char map[128];
    snprintf(map, sizeof map, "%s/live%s", dir, ext);
    if (!copy_file(starts[kind][1], map)) return 0;
    session_def def = {0};
    def.map_path = map;
    def.config = sim_default_config();
    def.config.bots = 3;
    ae_error err;
    session *s = session_create(&def, &err);
    if (!s) {
        fprintf(stderr, "%s: %s\n", starts[kind][1], err.msg);
        test_failures++;
        return 0;
    }
    hot_reload h;
    double now = 0.0;
    hot_reload_init(&h, s, now);
    CHECK(h.active);
    uint64_t hash = sim_hash(session_world(s));
    int fed = 0;
    char msg[1024], want[1024];
    for (int i = 0; i < n; i++) {
        const entry *e = &entries[i];
        const char *dot = strrchr(e->file, '.');
        // A directory in the map's place is told as such by the watcher before any load
        // (map_watch's own tests cover it, and FIFOs and devices).
        if (strcmp(dot, ext) != 0 || !strcmp(e->file, "directory.png")) continue;
        char from[512];
        snprintf(from, sizeof from, "%s/%.63s", SUITE, e->file);
        if (!replace_map(from, map)) {
            test_failures++;
            break;
        }
        // A swap comes at least one tick after the previous one (session.h); a refused file
        // must leave the state of that tick as it is.
        session_step(s, NULL);
        hash = sim_hash(session_world(s));
        bool changed = poll_reload(&h, s, &now, msg, sizeof msg, e->file);
        if (e->exit_code == 0) {
            snprintf(want, sizeof want, "map reloaded: %s (%dx%d", map, REF_W, REF_H);
            CHECK(changed);
            hash = sim_hash(session_world(s));
        } else {
            snprintf(want, sizeof want, "map reload failed: %s: %.255s (keeping previous map)", map,
                     e->reason);
            CHECK(!changed);
            CHECK(sim_hash(session_world(s)) == hash);
        }
        if (strncmp(msg, want, strlen(want)) != 0) {
            fprintf(stderr, "%s:\n  got  '%s'\n  want '%s'\n", e->file, msg, want);
            test_failures++;
        }
        fed++;
    }
    // A good file after all that is swapped in, at a tick after the start (session.h: a swap
    // comes at least one tick after the previous one, the start counting as one).
    session_step(s, NULL);
    CHECK(replace_map(starts[kind][1], map));
    CHECK(poll_reload(&h, s, &now, msg, sizeof msg, starts[kind][1]));
    CHECK(strstr(msg, "map reloaded: ") == msg);
    hot_reload_free(&h);
    session_destroy(s);
    return fed;
}

static void test_hot_reload(void) {
    static entry entries[128];
    int n = read_manifest(entries, 128);
    REQUIRE(n >= 30);
    snprintf(dir, sizeof dir, "/tmp/arena-badmaps-XXXXXX");
    REQUIRE(mkdtemp(dir));
    int fed = 0;
    for (int kind = 0; kind < KINDS; kind++) fed += feed(entries, n, kind);
    fprintf(stderr, "%d files fed through hot reload\n", fed);
    CHECK(fed == n - 1); // all but directory.png
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
}

/// props/: each map loads to exactly its picture (the noise JPEG to the cells its grey levels
/// fall in), and a live match of four agents takes each one by hot reload except the maps with
/// no room to spawn, which it refuses for the reason the command line gives (for four agents).
static void test_prop_maps(void) {
    ae_grid g[PM_COUNT];
    ae_error err;
    for (int m = 0; m < PM_COUNT; m++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", SUITE, prop_maps[m].file);
        REQUIRE(load(path, &g[m], &err));
        REQUIRE(g[m].width == prop_maps[m].width && g[m].height == prop_maps[m].height);
        int differ = 0;
        for (int y = 0; y < g[m].height; y++)
            for (int x = 0; x < g[m].width; x++)
                differ += g[m].cells[y * g[m].width + x] != prop_map_cell(m, x, y);
        if (differ) fprintf(stderr, "%s: %d cells differ from its picture\n", path, differ);
        CHECK(differ == 0);
    }
    // All breakable is the town without tags: the same walls, each one breakable.
    for (int i = 0; i < 48 * 48; i++)
        CHECK(g[PM_ALL_BREAKABLE].cells[i] ==
              (g[PM_NO_PROPS].cells[i] ? (AE_CELL_WALL | AE_CELL_BREAKABLE) : AE_CELL_FREE));
    for (int m = 0; m < PM_COUNT; m++) ae_grid_free(&g[m]);

    ae_grid noisy;
    REQUIRE(load(SUITE "/props/jpeg-grey-noise.jpg", &noisy, &err));
    REQUIRE(noisy.width == NOISE_W && noisy.height == NOISE_H);
    int breakable = 0, differ = 0;
    for (int y = 0; y < NOISE_H; y++)
        for (int x = 0; x < NOISE_W; x++) {
            uint8_t v = noisy.cells[y * NOISE_W + x];
            differ += v != noise_cell(noise_grey(x, y));
            breakable += v == (AE_CELL_WALL | AE_CELL_BREAKABLE);
        }
    CHECK(differ == 0);
    CHECK(breakable == 48); // props/README
    ae_grid_free(&noisy);

    snprintf(dir, sizeof dir, "/tmp/arena-propmaps-XXXXXX");
    REQUIRE(mkdtemp(dir));
    static const char *const starts_for[2][3] = {
        {".png", SUITE "/formats/grey8.png", NULL},
        {".jpg", SUITE "/formats/jpeg-grey.jpg", "props/jpeg-grey-noise.jpg"}};
    for (int kind = 0; kind < 2; kind++) {
        char map[128], msg[1024], want[1024];
        snprintf(map, sizeof map, "%s/live%s", dir, starts_for[kind][0]);
        REQUIRE(copy_file(starts_for[kind][1], map));
        session_def def = {0};
        def.map_path = map;
        def.config = sim_default_config();
        def.config.bots = 3;
        session *s = session_create(&def, &err);
        REQUIRE(s);
        hot_reload h;
        double now = 0.0;
        hot_reload_init(&h, s, now);
        for (int m = 0; m < (kind == 0 ? PM_COUNT : 1); m++) {
            const char *file = kind == 0 ? prop_maps[m].file : starts_for[kind][2];
            char from[512];
            snprintf(from, sizeof from, "%s/%s", SUITE, file);
            ae_grid want_grid;
            REQUIRE(load(from, &want_grid, &err));
            CHECK(replace_map(from, map));
            session_step(s, NULL); // a swap comes at least a tick after the previous one
            uint64_t before[SIM_HASH_FIELD_COUNT], after[SIM_HASH_FIELD_COUNT];
            sim_hash_fields(session_world(s), before);
            bool changed = poll_reload(&h, s, &now, msg, sizeof msg, file);
            sim_hash_fields(session_world(s), after);
            if (kind == 0 && (m == PM_EVERYWHERE || m == PM_WATER_EVERYWHERE)) {
                snprintf(want, sizeof want,
                         "map reload failed: %s: map has room for 0 agents, the match needs 4 "
                         "(keeping previous map)",
                         map);
                CHECK(!changed);
                CHECK(sim_hash_combine(after) == sim_hash_combine(before));
            } else {
                // The match now plays on the file's grid, tags and all.
                snprintf(want, sizeof want, "map reloaded: %s (", map);
                CHECK(changed);
                CHECK(after[SIM_HASH_MAP] == sim_hash_grid(&want_grid));
            }
            ae_grid_free(&want_grid);
            if (strncmp(msg, want, strlen(want)) != 0) {
                fprintf(stderr, "%s:\n  got  '%s'\n  want '%s'\n", file, msg, want);
                test_failures++;
            }
        }
        hot_reload_free(&h);
        session_destroy(s);
    }
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
    CHECK(ae_live_bytes() == 0);
}

TEST_MAIN(TEST_CASE(formats_agree), TEST_CASE(manifest_reasons), TEST_CASE(shipped_maps_quiet),
          TEST_CASE(huge_header_memory), TEST_CASE(bombs_memory), TEST_CASE(hot_reload),
          TEST_CASE(prop_maps))
