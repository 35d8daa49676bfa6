// Playback names the first tick and the first state field that differ from the recording.
#include "test.h"

#include "session.h"
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
    def.autopilot = true;
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

TEST_MAIN(TEST_CASE(first_tick_and_field))
