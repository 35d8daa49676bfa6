// Out of memory on the way into a match: every allocation the engine's hook sees while `arena`
// starts a match (headless, recording, replaying, on a screenshot's surface, in the window, a
// replay drawn as frames or in the theatre) is made to fail in turn. Each run must then end with
// exactly one line `arena: ...` and exit status 2 (or carry on, where a failure only costs a
// cache), give back every byte it took, and never free anything twice (the ASan build sees that;
// a plain build usually aborts on it too). All in this process: a sweep costs a match start per
// allocation, not a program run.
#include "test.h"
#include "test_alloc.h"

#include "app.h"
#include "headless.h"

#include <unistd.h>

#define GOLDEN ARENA_SOURCE_DIR "/tests/replays/arena-s11.arp"

static int saved_stderr = -1;
static FILE *captured;

static void capture_begin(void) {
    fflush(stderr);
    captured = tmpfile();
    saved_stderr = dup(2);
    if (captured && saved_stderr >= 0) dup2(fileno(captured), 2);
}

/// Restores stderr and returns what was written to it (at most `size` - 1 bytes).
static void capture_end(char *text, size_t size) {
    fflush(stderr);
    if (saved_stderr >= 0) {
        dup2(saved_stderr, 2);
        close(saved_stderr);
        saved_stderr = -1;
    }
    text[0] = '\0';
    if (!captured) return;
    rewind(captured);
    size_t n = fread(text, 1, size - 1, captured);
    text[n] = '\0';
    fclose(captured);
    captured = NULL;
}

/// One way into a match, in two steps: `open` makes what does not depend on the match (the
/// window, graphics, sound: slow, and all but free of the engine's allocator) and `start` starts
/// the match. A start that fails holds nothing of its match, so the sweep opens once and starts
/// as often as the match start allocates (a start per failure, not a whole run).
typedef struct way {
    int (*open)(app *a, const arena_options *o); ///< 0 once open; NULL: nothing to open
    int (*start)(app *a, const arena_options *o);
    void (*close)(app *a);
} way;

static int headless_start(app *a, const arena_options *o) {
    (void)a;
    return arena_run_headless(o);
}

static const way headless_way = {NULL, headless_start, NULL};

static SDL_Surface *offscreen_surface;

static int offscreen_open(app *a, const arena_options *o) {
    return app_offscreen_create(a, o, &offscreen_surface);
}

static void offscreen_close(app *a) {
    app_close_offscreen(a, offscreen_surface);
    offscreen_surface = NULL;
}

static const way offscreen_way = {offscreen_open, app_offscreen_start, offscreen_close};

static void window_close(app *a) {
    app_window_close(a);
}

static const way window_way = {app_window_create, app_window_start, window_close};

/// Runs step (open or start) with allocation `fail` failing (-1: none); true when that
/// allocation was reached. A failed step must end with status 2 and one line `arena: ...`.
static bool run_failing(int (*step)(app *, const arena_options *), app *a, const arena_options *o,
                        long fail, int *status) {
    test_alloc_calls = 0;
    test_alloc_fail_at = fail;
    capture_begin();
    *status = step(a, o);
    char text[1024];
    capture_end(text, sizeof text);
    test_alloc_fail_at = -1;
    if (fail < 0 || (long)test_alloc_calls <= fail) return false;
    // (The window's libraries may add lines of their own about the sound device.)
    int ours = 0;
    for (const char *line = text; *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : "")
        ours += strncmp(line, "arena: ", 7) == 0;
    if (*status != 0 && (*status != 2 || ours != 1)) {
        fprintf(stderr, "allocation %ld failed: exit %d, stderr:\n%s", fail, *status, text);
        test_failures++;
    }
    return true;
}

/// Checks that no more than `live` bytes are held; false (a failure) when more are.
static bool gave_back(size_t live, long fail) {
    if (ae_live_bytes() == live) return true;
    fprintf(stderr, "allocation %ld failed: %zu bytes never given back\n", fail,
            ae_live_bytes() - live);
    test_failures++;
    return false;
}

/// Fails each allocation of the open and then of the start in turn, until a step makes fewer
/// allocations than the one that would fail (it has run whole). The failing allocator stays
/// installed throughout (it cannot be changed while memory is held); it fails nothing between.
static void sweep(const way *w, char **argv) {
    int argc = 0;
    while (argv[argc]) argc++;
    arena_options o;
    REQUIRE(arena_parse_options(argc, argv, &o));
    static app a;
    ae_set_allocator(test_alloc_failing, test_free_counting, NULL);
    long fail = 0, refused = 0;
    int status = 0;
    // The open's own allocations, each failing in a whole open and close.
    for (; w->open; fail++) {
        memset(&a, 0, sizeof a);
        if (!run_failing(w->open, &a, &o, fail, &status)) break; // open, as it is for the start
        refused += status != 0;
        w->close(&a);
        if (!gave_back(0, fail)) return;
    }
    if (w->open) REQUIRE(status == 0);
    const long opened = fail;
    size_t held = ae_live_bytes(); // the open's
    for (long at = 0;; at++, fail++) {
        bool reached = run_failing(w->start, &a, &o, at, &status);
        if (!reached) { // the match runs
            CHECK(status == 0);
            break;
        }
        refused += status != 0;
        if (status == 0) // it carried on without what failed (a cache) and holds its match
            held = ae_live_bytes();
        else if (!gave_back(held, fail))
            break;
        if (test_failures > 20) break;
    }
    if (w->close) w->close(&a);
    if (gave_back(0, fail)) ae_set_allocator(NULL, NULL, NULL); // (else it cannot be)
    fprintf(stderr, "%ld allocations (%ld opening), %ld failures refused\n", fail, opened, refused);
    CHECK(fail - opened > 10); // the hook saw the start's allocations
    CHECK(refused > 0);
}

static char tmp_dir[64];

static void make_tmp_dir(void) {
    snprintf(tmp_dir, sizeof tmp_dir, "/tmp/arena-oom-XXXXXX");
    CHECK(mkdtemp(tmp_dir) != NULL);
}

static void remove_tmp_dir(void) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp_dir);
    CHECK(system(cmd) == 0);
}

static void test_headless(void) {
    char *argv[] = {"arena", "--headless", "--map", "arena", "--bots", "1", "--ticks", "0", NULL};
    sweep(&headless_way, argv);
}

/// With a recorder and the autopilot (each has allocations of its own).
static void test_headless_record(void) {
    make_tmp_dir();
    char path[128];
    snprintf(path, sizeof path, "%s/m.arp", tmp_dir);
    char *argv[] = {"arena",   "--headless", "--map",       "arena",    "--bots", "1",
                    "--ticks", "0",          "--autopilot", "--record", path,     NULL};
    sweep(&headless_way, argv);
    remove_tmp_dir();
}

static void test_replay(void) {
    char *argv[] = {"arena", "--replay", GOLDEN, "--headless", "--dump-tick", "0", NULL};
    sweep(&headless_way, argv);
}

static void test_screenshot(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    make_tmp_dir();
    char path[128];
    snprintf(path, sizeof path, "%s/shot.png", tmp_dir);
    char *argv[] = {"arena", "--screenshot", path, "--map", "arena", "--bots",
                    "1",     "--ticks",      "0",  NULL};
    sweep(&offscreen_way, argv);
    remove_tmp_dir();
}

static void test_window(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    SDL_SetHint(SDL_HINT_AUDIODRIVER, "dummy");
    make_tmp_dir();
    setenv("XDG_DATA_HOME", tmp_dir, 1); // the settings and saved replays of this test alone
    char *argv[] = {"arena", "--map", "arena", "--bots", "1", "--ticks", "0", NULL};
    sweep(&window_way, argv);
    remove_tmp_dir();
}

/// A replay drawn: --frames (offscreen, as --screenshot) and the theatre of the window.
static void test_frames(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    make_tmp_dir();
    char *argv[] = {"arena", "--replay", GOLDEN, "--frames", tmp_dir, "--to", "0", NULL};
    sweep(&offscreen_way, argv);
    remove_tmp_dir();
}

static void test_theatre(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    SDL_SetHint(SDL_HINT_AUDIODRIVER, "dummy");
    make_tmp_dir();
    setenv("XDG_DATA_HOME", tmp_dir, 1);
    char *argv[] = {"arena", "--replay", GOLDEN, NULL};
    sweep(&window_way, argv);
    remove_tmp_dir();
}

TEST_MAIN(TEST_CASE(headless), TEST_CASE(headless_record), TEST_CASE(replay), TEST_CASE(screenshot),
          TEST_CASE(window), TEST_CASE(frames), TEST_CASE(theatre))
