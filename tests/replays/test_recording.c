// A live session's recording taken while the match goes on (session_recording_bytes) is a whole
// replay: it plays back bit-identically to the state the live match had when it was taken, and
// taking it changes nothing for the recording that goes on.
#include "test.h"

#include "arena/ae_map_file.h"
#include "session.h"
#include "sim_world.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// Plays replay bytes back to their end: true when every checkpoint and the final hash agree.
/// *hash receives the state's hash at the end, *ticks the ticks played.
static bool plays_back(const uint8_t *data, size_t size, uint64_t *hash, int *ticks) {
    session_def def = {0};
    def.replay_data = data;
    def.replay_size = size;
    ae_error err;
    session *s = session_create(&def, &err);
    if (!s) {
        fprintf(stderr, "refused: %s\n", err.msg);
        return false;
    }
    while (!session_done(s)) session_step(s, NULL);
    session_finish(s, &err);
    char msg[160] = "";
    bool ok = !session_diverged(s, msg, sizeof msg);
    if (!ok) fprintf(stderr, "%s\n", msg);
    *hash = sim_hash(session_world(s));
    *ticks = sim_tick(session_world(s));
    session_destroy(s);
    return ok;
}

static session *live_match(int bots, const char *record_path) {
    session_def def = {0};
    def.map_path = ARENA_SOURCE_DIR "/assets/maps/arena.png";
    def.config = sim_default_config();
    def.config.seed = 21;
    def.config.bots = bots;
    def.pilot = SIM_PILOT_BOT;
    def.record = true;
    def.record_path = record_path;
    ae_error err;
    session *s = session_create(&def, &err);
    if (!s) fprintf(stderr, "%s\n", err.msg);
    return s;
}

/// Takes the recording at tick `tick` and checks that it plays back to the live state.
static void check_bytes_at(session *s, int tick) {
    uint8_t *data;
    size_t size;
    ae_error err;
    REQUIRE(sim_tick(session_world(s)) == tick);
    const size_t before = ae_live_bytes();
    REQUIRE(session_recording_bytes(s, &data, &size, &err));
    CHECK(ae_live_bytes() == before + size); // the bytes only: nothing else kept or leaked
    uint64_t hash = 0;
    int ticks = -1;
    CHECK(plays_back(data, size, &hash, &ticks));
    CHECK(ticks == tick);
    CHECK(hash == sim_hash(session_world(s)));
    ae_free(data, size);
}

// 100 agents: the bytes taken at 0, 1, a checkpoint tick and between checkpoints; the match goes
// on and is finished into its file, which holds the bytes of that moment and plays back too.
static void test_live_bytes(void) {
    char path[64];
    snprintf(path, sizeof path, "/tmp/arena-rec-%d.arp", (int)getpid());
    session *s = live_match(99, path);
    REQUIRE(s);
    REQUIRE(session_recording(s));
    static const int at[] = {0, 1, 720, 1777};
    for (int i = 0, t = 0; i < 4; i++) {
        for (; t < at[i]; t++) session_step(s, NULL);
        check_bytes_at(s, t);
    }
    for (int t = 0; t < 1000 && !session_done(s); t++) session_step(s, NULL);
    const int end = sim_tick(session_world(s));
    const uint64_t live_hash = sim_hash(session_world(s));
    uint8_t *data;
    size_t size;
    ae_error err;
    REQUIRE(session_recording_bytes(s, &data, &size, &err));
    REQUIRE(session_finish(s, &err));
    // Finished: the recorder is gone.
    uint8_t *none;
    size_t none_size;
    CHECK(!session_recording(s));
    CHECK(!session_recording_bytes(s, &none, &none_size, &err) && none == NULL && none_size == 0);
    CHECK_STR(err.msg, "the match is not being recorded");
    session_destroy(s);
    // The file holds exactly the bytes of that moment, and they play back to the live end.
    FILE *f = fopen(path, "rb");
    REQUIRE(f);
    uint8_t *disk = malloc(size + 1);
    CHECK(fread(disk, 1, size + 1, f) == size && memcmp(disk, data, size) == 0);
    fclose(f);
    free(disk);
    remove(path);
    uint64_t hash = 0;
    int ticks = -1;
    CHECK(plays_back(data, size, &hash, &ticks));
    CHECK(ticks == end && hash == live_hash);
    ae_free(data, size);
}

// A map swap made at the tick the bytes are taken belongs to the next step: the bytes end
// before it, and the next bytes (and the file) carry it.
static void test_swap_at_that_tick(void) {
    char path[64];
    snprintf(path, sizeof path, "/tmp/arena-rec-swap-%d.arp", (int)getpid());
    session *s = live_match(9, path);
    REQUIRE(s);
    for (int t = 0; t < 250; t++) session_step(s, NULL);
    const uint64_t before_swap = sim_hash(session_world(s));
    ae_grid g;
    ae_error err;
    REQUIRE(ae_map_load_file(ARENA_SOURCE_DIR "/assets/maps/ruins.png", &g, &err));
    REQUIRE(session_swap_map(s, &g, "ruins.png", &err));
    ae_grid_free(&g);
    CHECK(sim_hash(session_world(s)) != before_swap);
    uint8_t *data;
    size_t size;
    REQUIRE(session_recording_bytes(s, &data, &size, &err));
    uint64_t hash = 0;
    int ticks = -1;
    CHECK(plays_back(data, size, &hash, &ticks));
    CHECK(ticks == 250 && hash == before_swap);
    ae_free(data, size);
    for (int t = 0; t < 130; t++) session_step(s, NULL);
    check_bytes_at(s, 380); // the swap inside, at 250
    // A match that ends right after a swap (a hot reload at the last tick) plays back too.
    REQUIRE(ae_map_load_file(ARENA_SOURCE_DIR "/assets/maps/islands.png", &g, &err));
    REQUIRE(session_swap_map(s, &g, "islands.png", &err));
    ae_grid_free(&g);
    REQUIRE(session_finish(s, &err));
    session_destroy(s);
    session_def play = {0};
    play.replay_path = path;
    session *back = session_create(&play, &err);
    REQUIRE(back);
    while (!session_done(back)) session_step(back, NULL);
    session_finish(back, &err);
    CHECK(!session_diverged(back, NULL, 0) && sim_tick(session_world(back)) == 380);
    session_destroy(back);
    remove(path);
}

TEST_MAIN(TEST_CASE(live_bytes), TEST_CASE(swap_at_that_tick))
