// Seeking a replay (keyframes and re-simulation) reaches exactly the state that playing straight
// through reaches: every seek of a random sequence, forwards and backwards, hashes as the same tick
// of a plain playback, and playback after seeks still verifies every checkpoint to the end.
#include "test.h"

#include "arena/ae_map_file.h"
#include "arena/ae_rng.h"
#include "session.h"
#include "sim_world.h"

#include <unistd.h>

/// Hashes after every tick of a plain playback (no keyframes, no heap of its own): hash[t] is
/// the state after t ticks.
static uint64_t *straight_hashes(const session_def *def, uint32_t *length) {
    ae_error err;
    session *s = session_create(def, &err);
    if (!s) {
        fprintf(stderr, "%s\n", err.msg);
        return NULL;
    }
    *length = session_length(s);
    uint64_t *hash = calloc(*length + 1, sizeof *hash);
    hash[0] = sim_hash(session_world(s));
    while (!session_done(s)) {
        session_step(s, NULL);
        hash[sim_tick(session_world(s))] = sim_hash(session_world(s));
    }
    session_destroy(s);
    return hash;
}

/// Seeks `count` random ticks (about half of them backwards), plays a few ticks after some, and
/// compares every state reached with the straight playback.
static void random_seeks(const session_def *plain, uint64_t seed, int count) {
    uint32_t length = 0;
    uint64_t *want = straight_hashes(plain, &length);
    REQUIRE(want && length > 0);
    session_def def = *plain;
    def.keyframe_interval = 97; // not a multiple of the checkpoint interval
    ae_error err;
    session *s = session_create(&def, &err);
    REQUIRE(s);
    ae_rng rng;
    ae_rng_seed(&rng, seed, 1);
    int mismatches = 0, backwards = 0;
    for (int i = 0; i < count; i++) {
        const uint32_t now = (uint32_t)sim_tick(session_world(s));
        uint32_t to = ae_rng_below(&rng, length + 1);
        if (i == 0) to = length; // the whole replay first: keyframes up to the end
        if (i == 1) to = 0;      // the very start
        backwards += to < now;
        REQUIRE(session_seek(s, to));
        CHECK((uint32_t)sim_tick(session_world(s)) == to);
        mismatches += sim_hash(session_world(s)) != want[to];
        // A few ticks on from there, as the theatre plays after a seek.
        for (int k = ae_rng_below(&rng, 4); k > 0 && !session_done(s); k--) {
            session_step(s, NULL);
            mismatches += sim_hash(session_world(s)) != want[sim_tick(session_world(s))];
        }
    }
    CHECK(mismatches == 0);
    CHECK(backwards >= count / 4);
    CHECK(session_keyframe_count(s) == (int)(length / 97) + 1);
    CHECK(!session_seek(s, length + 1));
    // Played on to the end after all that, every checkpoint and the final hash still agree.
    REQUIRE(session_seek(s, 0));
    while (!session_done(s)) session_step(s, NULL);
    REQUIRE(session_finish(s, &err));
    char msg[160] = "";
    CHECK(!session_diverged(s, msg, sizeof msg));
    if (msg[0]) fprintf(stderr, "%s\n", msg);
    session_destroy(s);
    free(want);
}

static void test_golden(void) {
    static const char *const names[] = {"arena-s11", "ruins-s5", "islands-s23"};
    for (int i = 0; i < 3; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/tests/replays/%s.arp", ARENA_SOURCE_DIR, names[i]);
        session_def def = {0};
        def.replay_path = path;
        random_seeks(&def, 1000 + (uint64_t)i, 60);
    }
}

/// A replay whose map is swapped twice, the second time for a map of another size: seeks across
/// the swaps restore the map of their tick.
static void test_map_swaps(void) {
    char path[64];
    snprintf(path, sizeof path, "/tmp/arena-seek-%d.arp", (int)getpid());
    session_def rec = {0};
    rec.map_path = ARENA_SOURCE_DIR "/assets/maps/arena.png";
    rec.config = sim_default_config();
    rec.config.seed = 9;
    rec.config.bots = 20;
    rec.pilot = SIM_PILOT_BOT;
    rec.record_path = path;
    ae_error err;
    session *s = session_create(&rec, &err);
    REQUIRE(s);
    ae_grid ruins, islands;
    REQUIRE(ae_map_load_file(ARENA_SOURCE_DIR "/assets/maps/ruins.png", &ruins, &err));
    REQUIRE(ae_map_load_file(ARENA_SOURCE_DIR "/assets/maps/islands.png", &islands, &err));
    for (int t = 0; t < 900 && !session_done(s); t++) {
        if (t == 300) CHECK(session_swap_map(s, &ruins, "ruins.png", &err));
        if (t == 600) CHECK(session_swap_map(s, &islands, "islands.png", &err));
        session_step(s, NULL);
    }
    REQUIRE(session_finish(s, &err));
    session_destroy(s);
    ae_grid_free(&ruins);
    ae_grid_free(&islands);

    session_def play = {0};
    play.replay_path = path;
    random_seeks(&play, 77, 40);
    remove(path);
}

TEST_MAIN(TEST_CASE(golden), TEST_CASE(map_swaps))
