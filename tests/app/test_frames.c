// `arena --replay FILE --frames DIR`: numbered PNG frames of a replay, drawn without a window.
#include "test.h"

#include "app.h"
#include "arena/ae_map_file.h"
#include "sim_world.h"

#include <SDL_image.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#define GOLDEN ARENA_SOURCE_DIR "/tests/replays/arena-s11.arp"

static char dir[64];

static bool make_dir(void) {
    snprintf(dir, sizeof dir, "/tmp/arena-frames-XXXXXX");
    return mkdtemp(dir) != NULL;
}

static void remove_dir(void) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
}

/// Files in dir (none hidden: the export leaves no temporary file behind).
static int entries(void) {
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    if (d) closedir(d);
    return n;
}

/// Frame n of dir as RGBA32, or NULL.
static SDL_Surface *load_frame(int n) {
    char path[128];
    snprintf(path, sizeof path, "%s/frame_%06d.png", dir, n);
    SDL_Surface *s = IMG_Load(path);
    SDL_Surface *rgba = s ? SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_RGBA32, 0) : NULL;
    SDL_FreeSurface(s);
    return rgba;
}

/// Rows that differ between two pictures of the same size.
static long differing(const SDL_Surface *a, const SDL_Surface *b) {
    long n = 0;
    for (int y = 0; y < a->h; y++)
        n += memcmp((const Uint8 *)a->pixels + y * a->pitch,
                    (const Uint8 *)b->pixels + y * b->pitch, (size_t)a->w * 4) != 0
                 ? 1
                 : 0;
    return n;
}

/// Runs `arena ARGS...` (NULL-terminated) in-process through the command line's parser.
static int run(char **argv) {
    int argc = 0;
    while (argv[argc]) argc++;
    arena_options o;
    if (!arena_parse_options(argc, argv, &o)) return 2;
    return app_run_frames(&o);
}

/// Checks dir holds exactly frames 0 .. n-1, each a 1280x720 picture, consecutive ones different.
static void check_frames(int n) {
    CHECK(entries() == n);
    SDL_Surface *prev = NULL;
    for (int i = 0; i < n; i++) {
        SDL_Surface *s = load_frame(i);
        CHECK(s != NULL);
        if (!s) continue;
        CHECK(s->w == APP_SHOT_W && s->h == APP_SHOT_H);
        if (prev) CHECK(differing(prev, s) > 100); // the world moved on
        SDL_FreeSurface(prev);
        prev = s;
    }
    SDL_FreeSurface(prev);
}

/// A short range of a golden replay: ticks 100, 120, 140, 160 as frames 0 to 3.
static void test_golden_range(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    REQUIRE(make_dir());
    char *argv[] = {"arena", "--replay", GOLDEN, "--frames", dir,  "--from",
                    "100",   "--to",     "160",  "--every",  "20", NULL};
    CHECK(run(argv) == 0);
    check_frames(4);
    remove_dir();
}

/// A file that appears in the folder while the export runs is never overwritten: the export
/// stops there with one line, the frames before it kept.
static void test_no_overwrite(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    REQUIRE(make_dir());
    char *argv[] = {"arena",  "--replay", GOLDEN, "--frames", dir,
                    "--from", "10",       "--to", "13",       NULL};
    arena_options o;
    REQUIRE(arena_parse_options(9, argv, &o)); // the folder is checked (empty) here ...
    char path[128];
    snprintf(path, sizeof path, "%s/frame_000002.png", dir);
    FILE *f = fopen(path, "wb"); // ... and this file comes after
    REQUIRE(f);
    fputs("someone else's", f);
    fclose(f);
    CHECK(app_run_frames(&o) == 2);
    CHECK(entries() == 3); // frames 0 and 1, and the other file
    char text[32] = "";
    f = fopen(path, "rb");
    REQUIRE(f);
    CHECK(fread(text, 1, sizeof text - 1, f) == 14);
    fclose(f);
    CHECK_STR(text, "someone else's");
    SDL_Surface *s = load_frame(1);
    CHECK(s && s->w == APP_SHOT_W);
    SDL_FreeSurface(s);
    remove_dir();
}

/// Records a match of 240 ticks on arena.png that swaps to the bigger islands.png at tick 120.
static bool record_swap(const char *path) {
    session_def def = {0};
    def.map_path = ARENA_SOURCE_DIR "/assets/maps/arena.png";
    def.config = sim_default_config();
    def.config.seed = 4;
    def.config.bots = 9;
    def.pilot = SIM_PILOT_BOT;
    def.record_path = path;
    ae_error err;
    session *s = session_create(&def, &err);
    if (!s) return false;
    ae_grid islands;
    bool ok = ae_map_load_file(ARENA_SOURCE_DIR "/assets/maps/islands.png", &islands, &err);
    for (int t = 0; ok && t < 240 && !session_done(s); t++) {
        if (t == 120) ok = session_swap_map(s, &islands, "islands.png", &err);
        session_step(s, NULL);
    }
    ok = ok && session_world(s)->grid.width == 160 && session_finish(s, &err);
    ae_grid_free(&islands);
    session_destroy(s);
    return ok;
}

/// Frames across a recorded map swap: the replay plays on the new map and still verifies.
static void test_map_swap(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    REQUIRE(make_dir());
    char replay[96];
    snprintf(replay, sizeof replay, "/tmp/arena-frames-swap-%d.arp", (int)getpid());
    REQUIRE(record_swap(replay));
    char *argv[] = {"arena", "--replay", replay, "--frames", dir,  "--from",
                    "100",   "--to",     "140",  "--every",  "20", NULL};
    CHECK(run(argv) == 0); // 3 would be a divergence
    check_frames(3);
    // Before the swap the minimap shows the arena map, after it the islands (blue sea).
    SDL_Surface *before = load_frame(0), *after = load_frame(2);
    REQUIRE(before && after);
    long blue_before = 0, blue_after = 0;
    for (int y = APP_SHOT_H - 200; y < APP_SHOT_H; y++)
        for (int x = APP_SHOT_W - 200; x < APP_SHOT_W; x++) {
            const Uint8 *p = (const Uint8 *)before->pixels + y * before->pitch + 4 * x;
            const Uint8 *q = (const Uint8 *)after->pixels + y * after->pitch + 4 * x;
            blue_before += p[2] > p[0] + 40 && p[2] > p[1];
            blue_after += q[2] > q[0] + 40 && q[2] > q[1];
        }
    CHECK(blue_after > blue_before + 1000);
    SDL_FreeSurface(before);
    SDL_FreeSurface(after);
    remove(replay);
    remove_dir();
}

TEST_MAIN(TEST_CASE(golden_range), TEST_CASE(no_overwrite), TEST_CASE(map_swap))
