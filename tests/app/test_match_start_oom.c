// Out of memory on the way into a match: every allocation the engine's hook sees while `arena`
// starts a match (headless, recording, replaying, on a screenshot's surface, in the window) is
// made to fail in turn. Each run must then end with exactly one line `arena: ...` and exit
// status 2 (or carry on, where a failure only costs a cache), give back every byte it took, and
// never free anything twice (the ASan build sees that; a plain build usually aborts on it too).
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

/// One way into a match: returns its exit status (0 once the match runs).
typedef int start_fn(const arena_options *o);

static int start_headless(const arena_options *o) {
    return arena_run_headless(o);
}

static int start_offscreen(const arena_options *o) {
    static app a;
    memset(&a, 0, sizeof a);
    SDL_Surface *surface = NULL;
    int status = app_open_offscreen(&a, o, &surface);
    app_close_offscreen(&a, surface);
    return status;
}

static int start_window(const arena_options *o) {
    static app a;
    memset(&a, 0, sizeof a);
    int status = app_window_open(&a, o);
    if (status == 1) return 1;
    int closed = app_window_close(&a);
    return status ? status : closed;
}

/// Fails each allocation of the start in turn, until a start makes fewer allocations than the
/// one that would fail (it has run whole).
static void sweep(start_fn *start, char **argv) {
    int argc = 0;
    while (argv[argc]) argc++;
    arena_options o;
    REQUIRE(arena_parse_options(argc, argv, &o));
    long refused = 0;
    for (test_alloc_fail_at = 0;; test_alloc_fail_at++) {
        test_alloc_calls = 0;
        ae_set_allocator(test_alloc_failing, test_free_counting, NULL);
        capture_begin();
        int status = start(&o);
        char text[1024];
        capture_end(text, sizeof text);
        if (ae_live_bytes() != 0) { // the allocator cannot be changed while memory is out
            fprintf(stderr, "allocation %ld failed: %zu bytes never given back\n",
                    test_alloc_fail_at, ae_live_bytes());
            test_failures++;
            return;
        }
        ae_set_allocator(NULL, NULL, NULL);
        if ((long)test_alloc_calls <= test_alloc_fail_at) { // nothing failed: the match ran
            CHECK(status == 0);
            break;
        }
        // (The window's libraries may add lines of their own about the sound device.)
        int ours = 0;
        for (const char *line = text; *line;
             line = strchr(line, '\n') ? strchr(line, '\n') + 1 : "")
            ours += strncmp(line, "arena: ", 7) == 0;
        bool one_line = ours == 1;
        if (status != 0) {
            refused++;
            CHECK(status == 2);
            CHECK(one_line);
        }
        if ((status != 0 && status != 2) || (status == 2 && !one_line))
            fprintf(stderr, "allocation %ld failed: exit %d, stderr:\n%s", test_alloc_fail_at,
                    status, text);
        if (test_failures > 20) return;
    }
    fprintf(stderr, "%ld allocations, %ld failures refused\n", test_alloc_fail_at, refused);
    CHECK(test_alloc_fail_at > 10); // the hook saw the start's allocations
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
    sweep(start_headless, argv);
}

/// With a recorder and the autopilot (each has allocations of its own).
static void test_headless_record(void) {
    make_tmp_dir();
    char path[128];
    snprintf(path, sizeof path, "%s/m.arp", tmp_dir);
    char *argv[] = {"arena",   "--headless", "--map",       "arena",    "--bots", "1",
                    "--ticks", "0",          "--autopilot", "--record", path,     NULL};
    sweep(start_headless, argv);
    remove_tmp_dir();
}

static void test_replay(void) {
    char *argv[] = {"arena", "--replay", GOLDEN, "--headless", "--dump-tick", "0", NULL};
    sweep(start_headless, argv);
}

static void test_screenshot(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    make_tmp_dir();
    char path[128];
    snprintf(path, sizeof path, "%s/shot.png", tmp_dir);
    char *argv[] = {"arena", "--screenshot", path, "--map", "arena", "--bots",
                    "1",     "--ticks",      "0",  NULL};
    sweep(start_offscreen, argv);
    remove_tmp_dir();
}

static void test_window(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    SDL_SetHint(SDL_HINT_AUDIODRIVER, "dummy");
    make_tmp_dir();
    setenv("XDG_DATA_HOME", tmp_dir, 1); // the settings and saved replays of this test alone
    char *argv[] = {"arena", "--map", "arena", "--bots", "1", "--ticks", "0", NULL};
    sweep(start_window, argv);
    remove_tmp_dir();
}

// Not yet swept: a replay drawn offscreen (--frames, the theatre); in a sweep its start was seen
// to keep 2912 bytes after a failed allocation early in session_create (issue 27, still open).
TEST_MAIN(TEST_CASE(headless), TEST_CASE(headless_record), TEST_CASE(replay), TEST_CASE(screenshot),
          TEST_CASE(window))
