// A recorded match always renders: matches recorded on every shipped map, with a spread of seeds
// and bot counts, drawn through each path that draws a replay: `--frames`, the theatre (read
// through, sought back and forth, played at speed), Watch replay on the results, and the killcam.
//
// A replay's world lives in a heap of its own (its keyframes copy it), and drawing reads that
// world between ticks. A read that allocated or freed in it from outside would hand memory to
// the wrong allocator: free() of a block malloc never gave (it aborted the game), or malloc'd
// memory inside a heap that keyframes roll back. The engine's allocator here tags every block
// it gives, so a free of anything else, or of a block with another size, is counted instead of
// crashing the test.
#include "test.h"

#include "app.h"
#include "arena/ae_map_file.h"
#include "sim_state.h"

#include <dirent.h>
#include <stdint.h>
#include <unistd.h>

// ---- The engine's allocator, checking every free ----------------------------------------------

/// Precedes every block the engine is given: 16 bytes keep malloc's alignment.
typedef struct block_head {
    uint64_t tag;
    uint64_t size;
} block_head;

#define BLOCK_TAG 0x61726e6174616721ull

static long bad_frees;

static void *tagged_alloc(size_t size, void *user) {
    (void)user;
    block_head *h = malloc(sizeof *h + size);
    if (!h) return NULL;
    *h = (block_head){BLOCK_TAG, size};
    return h + 1;
}

static void tagged_free(void *p, size_t size, void *user) {
    (void)user;
    block_head *h = (block_head *)p - 1;
    if (h->tag != BLOCK_TAG || h->size != size) {
        bad_frees++; // not a block of ours (or not of this size): leave it alone
        return;
    }
    h->tag = 0;
    free(h);
}

static void check_allocator_begin(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    ae_set_allocator(tagged_alloc, tagged_free, NULL);
    bad_frees = 0;
}

static void check_allocator_end(void) {
    CHECK(bad_frees == 0);
    CHECK(ae_live_bytes() == 0); // everything went back
    if (ae_live_bytes() == 0) ae_set_allocator(NULL, NULL, NULL);
}

// ---- What is swept -----------------------------------------------------------------------------

/// Every map in assets/maps, sorted by name (a map added there is swept too).
static int shipped_maps(char names[][64], int cap) {
    DIR *d = opendir(ARENA_SOURCE_DIR "/assets/maps");
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        const size_t len = strlen(e->d_name);
        if (len < 5 || len >= 64 || strcmp(e->d_name + len - 4, ".png") != 0 || n == cap) continue;
        memcpy(names[n++], e->d_name, len + 1);
    }
    if (d) closedir(d);
    for (int i = 1; i < n; i++) // insertion sort: a handful of names
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char t[64];
            memcpy(t, names[j], 64);
            memcpy(names[j], names[j - 1], 64);
            memcpy(names[j - 1], t, 64);
        }
    return n;
}

/// Seeds and bot counts: one bot, a few, a crowd.
typedef struct match_kind {
    uint64_t seed;
    int bots;
} match_kind;
static const match_kind kinds[] = {{1, 9}, {2, 1}, {3, 40}};
#define KIND_COUNT ((int)(sizeof kinds / sizeof kinds[0]))

/// Ticks recorded: long enough for fights, deaths and the broadphase to change its mind.
#define RECORD_TICKS 300

static char map_path[sizeof ARENA_SOURCE_DIR "/assets/maps/" + 64];

static char *map_at(const char *name) {
    const int n = snprintf(map_path, sizeof map_path, "%s/assets/maps/%s", ARENA_SOURCE_DIR, name);
    return n > 0 && (size_t)n < sizeof map_path ? map_path : NULL;
}

/// Records RECORD_TICKS ticks of one human (driven like a bot, as --autopilot does) and `bots`
/// bots on `map` into `path`, as `arena --headless --autopilot --record` does; with `swap_to`,
/// that map is swapped in halfway (as a hot reload does).
static bool record(const char *map, const match_kind *k, const char *swap_to, const char *path) {
    session_def def = {0};
    def.map_path = map;
    def.config = sim_default_config();
    def.config.seed = k->seed;
    def.config.humans = 1;
    def.config.bots = k->bots;
    def.pilot = SIM_PILOT_BOT;
    def.record_path = path;
    ae_error err;
    session *s = session_create(&def, &err);
    bool ok = s != NULL;
    for (int t = 0; ok && t < RECORD_TICKS && !session_done(s); t++) {
        if (swap_to && t == RECORD_TICKS / 2) {
            ae_grid grid;
            ok = ae_map_load_file(swap_to, &grid, &err);
            if (ok) {
                ok = session_swap_map(s, &grid, swap_to, &err);
                ae_grid_free(&grid);
            }
        }
        if (ok) session_step(s, NULL);
    }
    ok = ok && session_finish(s, &err);
    if (!ok) fprintf(stderr, "%s: %s\n", map, err.msg);
    session_destroy(s);
    return ok;
}

/// The replay of map m of the sweep in its kind k: the first kind swaps to the next map halfway.
static bool record_sweep(char maps[][64], int map_count, int m, int k, const char *path) {
    char swap_to[sizeof map_path];
    snprintf(swap_to, sizeof swap_to, "%s", map_at(maps[(m + 1) % map_count]));
    fprintf(stderr, "%s seed %llu, %d bots%s%s\n", maps[m], (unsigned long long)kinds[k].seed,
            kinds[k].bots, k == 0 ? ", then " : "", k == 0 ? maps[(m + 1) % map_count] : "");
    return record(map_at(maps[m]), &kinds[k], k == 0 ? swap_to : NULL, path);
}

static char replay_path[96];

static const char *replay_file(void) {
    snprintf(replay_path, sizeof replay_path, "/tmp/arena-replay-render-%d.arp", (int)getpid());
    return replay_path;
}

/// Parses `arena ARGS...` (NULL-terminated) as the command line does.
static bool parse(char **argv, arena_options *o) {
    int argc = 0;
    while (argv[argc]) argc++;
    return arena_parse_options(argc, argv, o);
}

// ---- --frames ----------------------------------------------------------------------------------

static char frames_dir[64];

static int files_in(const char *dir) {
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    if (d) closedir(d);
    return n;
}

static void empty_frames_dir(void) {
    DIR *d = opendir(frames_dir);
    for (struct dirent *e; d && (e = readdir(d));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char path[sizeof frames_dir + sizeof e->d_name + 1];
        snprintf(path, sizeof path, "%s/%s", frames_dir, e->d_name);
        remove(path);
    }
    if (d) closedir(d);
}

/// `arena --replay R --frames DIR --every 150`: ticks 0, 150 and 300 as frames, every tick between
/// them played as it is watched (the HUD of the followed player included).
static void test_frames_sweep(void) {
    check_allocator_begin();
    snprintf(frames_dir, sizeof frames_dir, "/tmp/arena-replay-render-XXXXXX");
    REQUIRE(mkdtemp(frames_dir) != NULL);
    char maps[16][64];
    const int map_count = shipped_maps(maps, 16);
    CHECK(map_count >= 4);
    for (int m = 0; m < map_count; m++)
        for (int k = 0; k < KIND_COUNT; k++) {
            REQUIRE(record_sweep(maps, map_count, m, k, replay_file()));
            empty_frames_dir();
            char *argv[] = {"arena",    "--replay", replay_path, "--frames",
                            frames_dir, "--every",  "150",       NULL};
            arena_options o;
            REQUIRE(parse(argv, &o));
            CHECK(app_run_frames(&o) == 0);
            CHECK(files_in(frames_dir) == 3);
        }
    empty_frames_dir();
    rmdir(frames_dir);
    remove(replay_path);
    check_allocator_end();
}

// ---- The theatre -------------------------------------------------------------------------------

/// Draws `frames` frames of the screen on show, each covering `dt` seconds of playback.
static void play(app *a, int frames, float dt) {
    for (int f = 0; f < frames; f++) {
        a->frame_dt = dt;
        if (a->screen == SCREEN_THEATRE) {
            app_view_event(a, view_theatre_update(&a->view, &a->in, a->frame_dt, false));
            app_view_event(a, app_run_ticks(a, dt));
        }
        app_update_fx(a, dt);
        a->time += dt;
        app_draw(a);
    }
}

/// Reads the replay on show through, then plays it from a few places, forwards and backwards
/// (keyframes restored), at 4x, drawing as the window does.
static void watch(app *a) {
    REQUIRE(a->view.th.active);
    a->screen = SCREEN_THEATRE;
    for (int f = 0; f < 1000 && a->view.th.reading; f++) play(a, 1, 1.0f / 60.0f);
    REQUIRE(!a->view.th.reading);
    CHECK(!a->view.th.problem[0]); // it verified
    const uint32_t stops[] = {a->view.th.stop / 2, 0, a->view.th.stop / 4, a->view.th.stop - 1};
    for (int i = 0; i < (int)(sizeof stops / sizeof stops[0]); i++) {
        theatre_seek(&a->view.th, a->view.shown, stops[i]);
        CHECK((uint32_t)sim_tick(session_world(a->view.shown)) == stops[i]);
        a->view.th.paused = false;
        a->view.th.speed = THEATRE_SPEED_NORMAL + 2; // 4x
        play(a, 2, 0.25f);                           // 60 ticks a frame (the most is 64)
    }
}

/// `arena --replay R` in the window: the theatre.
static void test_theatre_sweep(void) {
    check_allocator_begin();
    char maps[16][64];
    const int map_count = shipped_maps(maps, 16);
    for (int m = 0; m < map_count; m++)
        for (int k = 0; k < KIND_COUNT; k++) {
            REQUIRE(record_sweep(maps, map_count, m, k, replay_file()));
            char *argv[] = {"arena", "--replay", replay_path, NULL};
            arena_options o;
            REQUIRE(parse(argv, &o));
            static app a;
            SDL_Surface *surface;
            REQUIRE(app_open_offscreen(&a, &o, &surface) == 0);
            watch(&a);
            app_close_offscreen(&a, surface);
            memset(&a, 0, sizeof a);
        }
    remove(replay_path);
    check_allocator_end();
}

// ---- A match played, then watched: the killcam and Watch replay ---------------------------------

/// A match on each map: at its tick 240 the player is taken for eliminated and the killcam (the
/// match's recording so far) is read and played to its end; then the match ends and Watch
/// replay plays the whole recording in the theatre.
static void test_killcam_and_watch_sweep(void) {
    check_allocator_begin();
    char maps[16][64];
    const int map_count = shipped_maps(maps, 16);
    for (int m = 0; m < map_count; m++) {
        const match_kind *k = &kinds[m % KIND_COUNT];
        fprintf(stderr, "killcam: %s seed %llu, %d bots\n", maps[m], (unsigned long long)k->seed,
                k->bots);
        char seed[24], bots[16];
        snprintf(seed, sizeof seed, "%llu", (unsigned long long)k->seed);
        snprintf(bots, sizeof bots, "%d", k->bots);
        char *argv[] = {"arena", "--map", map_at(maps[m]), "--seed", seed, "--bots", bots, NULL};
        arena_options o;
        REQUIRE(parse(argv, &o));
        static app a;
        SDL_Surface *surface;
        REQUIRE(app_open_offscreen(&a, &o, &surface) == 0);
        for (int t = 0; t < 240; t++) app_tick(&a);
        a.screen = SCREEN_DEAD;
        a.set.killcam = true;
        view_killcam_prepare(&a.view, a.set.killcam);
        REQUIRE(a.view.kc_session != NULL);
        for (int f = 0; f < 1000 && a.screen == SCREEN_DEAD; f++) {
            a.frame_dt = 0.1f;
            app_view_event(&a, view_killcam_update(&a.view, a.frame_dt, a.screen == SCREEN_DEAD));
            app_draw(&a);
        }
        REQUIRE(a.screen == SCREEN_THEATRE && match_view_killcam_plays(&a.view));
        play(&a, 20, 0.5f); // the killcam plays to its end, lingers, and gives the match back
        CHECK(a.screen == SCREEN_DEAD && !match_view_killcam_plays(&a.view));
        // The match ends here: Watch replay on its results.
        ae_error err;
        CHECK(app_finish_recording(&a, &err));
        REQUIRE(a.replay != NULL);
        a.watching = true;
        char msg[256];
        REQUIRE(app_start_match(&a, false, msg, sizeof msg));
        watch(&a);
        app_close_offscreen(&a, surface);
        memset(&a, 0, sizeof a);
    }
    check_allocator_end();
}

TEST_MAIN(TEST_CASE(frames_sweep), TEST_CASE(theatre_sweep), TEST_CASE(killcam_and_watch_sweep))
