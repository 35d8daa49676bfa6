// Playback names the first tick and the first state field that differ from the recording.
#include "test.h"

#include "arena/ae_map_file.h"
#include "arena/ae_output.h"
#include "arena/rp_writer.h"
#include "session.h"
#include "sim_config_io.h"
#include "sim_world.h"

#include <unistd.h>

static void test_first_tick_and_field(void) {
    char path[64];
    snprintf(path, sizeof path, "/tmp/arena-div-%d.arp", (int)getpid());
    session_def def = {0};
    def.map_path = ARENA_SOURCE_DIR "/assets/maps/ruins.png";
    def.config = sim_default_config();
    def.config.seed = 3;
    def.config.bots = 12;
    def.pilot = SIM_PILOT_BOT;
    def.record_path = path;
    ae_error err;
    session *rec = session_create(&def, &err);
    REQUIRE(rec);
    for (int t = 0; t < 300 && !session_done(rec); t++) session_step(rec, NULL);
    REQUIRE(session_finish(rec, &err));
    session_destroy(rec);

    // Played back untouched, it agrees to the end.
    session_def play = {0};
    play.replay_path = path;
    session *ok = session_create(&play, &err);
    REQUIRE(ok);
    while (!session_done(ok)) session_step(ok, NULL);
    session_finish(ok, &err);
    CHECK(!session_diverged(ok, NULL, 0));
    session_destroy(ok);

    // Nudge one agent's health at tick 100: the checkpoint at 120 catches it, naming the field.
    session *bad = session_create(&play, &err);
    REQUIRE(bad);
    char msg[160] = "";
    while (!session_done(bad) && !session_diverged(bad, msg, sizeof msg)) {
        if (sim_tick(session_world(bad)) == 100) session_world(bad)->agents[5].hp -= 1.0f;
        session_step(bad, NULL);
    }
    CHECK_STR(msg, "replay diverged at tick 120 (first differing field: agents)");
    session_destroy(bad);
    remove(path);
}

/// A structurally sound replay whose input holds a value no build produces is refused.
static void test_out_of_range_input(void) {
    char path[64];
    snprintf(path, sizeof path, "/tmp/arena-range-%d.arp", (int)getpid());
    ae_grid g;
    REQUIRE(ae_map_load_file(ARENA_SOURCE_DIR "/assets/maps/arena.png", &g, NULL));
    sim_config cfg = sim_default_config();
    uint8_t blob[SIM_CONFIG_MAX_BYTES];
    rp_writer_def def = rp_default_writer_def();
    def.seed = 1;
    def.human_count = 1;
    def.record_size = SIM_INPUT_BYTES;
    def.config_version = SIM_CONFIG_VERSION;
    def.config = blob;
    def.config_size = sim_config_pack(&cfg, blob);
    def.field_names = sim_hash_field_names;
    def.field_count = SIM_HASH_FIELD_COUNT;
    def.map = &g;
    rp_writer *w = rp_writer_create(&def, NULL);
    REQUIRE(w);
    uint8_t rec[SIM_INPUT_BYTES] = {0};
    for (uint32_t t = 0; t < 10; t++) {
        rec[0] = t == 7 ? 0x80 : 0; // move x = -128: outside the quantised range
        rp_writer_tick(w, t, rec);
    }
    uint8_t *data;
    size_t size;
    REQUIRE(rp_writer_finish_memory(w, 10, 0, &data, &size, NULL));
    REQUIRE(ae_output_save(path, data, size, NULL));
    ae_free(data, size);
    rp_writer_destroy(w);
    session_def play = {0};
    play.replay_path = path;
    ae_error err;
    CHECK(session_create(&play, &err) == NULL);
    CHECK_STR(err.msg, "input of player 1 at tick 7 is out of range");
    ae_grid_free(&g);
    remove(path);
}

TEST_MAIN(TEST_CASE(first_tick_and_field), TEST_CASE(out_of_range_input))
