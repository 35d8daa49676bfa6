// Taking over an agent in a replay: the match goes on live from that tick, driven by new input,
// and its recording (the file's content up to there, the take-over, the rest) plays back
// bit-identically.
#include "test.h"

#include "arena/ae_map_file.h"
#include "replay_maker.h"
#include "session.h"
#include "sim_world.h"

#include <math.h>

static session *open_golden(const char *name) {
    char path[512];
    snprintf(path, sizeof path, "%s/tests/replays/%s.arp", ARENA_SOURCE_DIR, name);
    session_def def = {0};
    def.replay_path = path;
    def.keyframe_interval = SESSION_THEATRE_KEYFRAMES;
    ae_error err;
    session *s = session_create(&def, &err);
    if (!s) fprintf(stderr, "%s\n", err.msg);
    return s;
}

/// A tester's input: walks in a slow circle, aims ahead and fires in bursts.
static sim_input scripted(int t) {
    sim_input in = {0};
    const float a = 0.02f * (float)t;
    in.move_x = (int8_t)(100.0f * cosf(a));
    in.move_y = (int8_t)(100.0f * sinf(a));
    in.aim_x = in.move_x;
    in.aim_y = in.move_y;
    if (t % 40 < 10) in.buttons |= SIM_BUTTON_FIRE;
    return in;
}

/// Takes over `agent` at `at` (-1: the first bot alive), plays `ticks` live (swapping in the
/// islands map after `swap_after` of them; -1: no swap), and checks that the recording plays
/// back to the same state.
static void branch(const char *name, uint32_t at, int agent, int ticks, int swap_after) {
    session *s = open_golden(name);
    REQUIRE(s);
    REQUIRE(session_seek(s, at));
    sim_world *w = session_world(s);
    if (agent < 0)
        for (int i = w->cfg.humans; i < w->agent_count && agent < 0; i++)
            if (w->agents[i].placement == 0) agent = i;
    REQUIRE(agent >= 0);
    const uint64_t before = sim_hash(w);
    ae_error err;
    REQUIRE(session_take_over(s, agent, &err));
    CHECK(!session_replaying(s) && session_recording(s));
    CHECK(sim_slot_agent(w, 0) == agent && w->agents[agent].slot == 0);
    if (agent != 0) CHECK(w->agents[0].slot == -1); // the old player's agent plays as a bot
    CHECK(!session_seek(s, 0));                     // live now
    for (int t = 0; t < ticks && !session_done(s); t++) {
        if (t == swap_after) {
            // The world still lives in the replay's heap: the new map must go there too.
            ae_grid islands;
            REQUIRE(ae_map_load_file(ARENA_SOURCE_DIR "/assets/maps/islands.png", &islands, &err));
            CHECK(session_swap_map(s, &islands, "islands.png", &err));
            ae_grid_free(&islands);
            CHECK(w->grid.width == 160);
        }
        const sim_input in = scripted(t);
        session_step(s, &in);
    }
    const uint64_t live = sim_hash(w);
    const int end = sim_tick(w);
    uint8_t *data;
    size_t size;
    REQUIRE(session_recording_bytes(s, &data, &size, &err));
    session_destroy(s);

    session_def def = {0};
    def.replay_data = data;
    def.replay_size = size;
    session *p = session_create(&def, &err);
    REQUIRE(p);
    CHECK(session_length(p) == (uint32_t)end);
    while (!session_done(p)) {
        session_step(p, NULL);
        if ((uint32_t)sim_tick(session_world(p)) == at) CHECK(sim_hash(session_world(p)) == before);
    }
    CHECK(sim_hash(session_world(p)) == live);
    REQUIRE(session_finish(p, &err));
    char msg[160] = "";
    CHECK(!session_diverged(p, msg, sizeof msg));
    if (msg[0]) fprintf(stderr, "%s\n", msg);
    session_destroy(p);
    ae_free(data, size);
}

static void test_bot(void) {
    branch("arena-s11", 900, -1, 600, -1);
}

static void test_own_agent(void) {
    branch("ruins-s5", 300, 0, 400, -1);
}

/// A map swapped in (a hot reload) in the live match a take-over began.
static void test_swap_after(void) {
    branch("arena-s11", 900, -1, 300, 100);
}

/// A branch of a branch: the first take-over's event is kept in the second recording.
static void test_twice(void) {
    session *s = open_golden("islands-s23");
    REQUIRE(s);
    ae_error err;
    REQUIRE(session_seek(s, 200));
    REQUIRE(session_take_over(s, 5, &err));
    for (int t = 0; t < 200; t++) {
        const sim_input in = scripted(t);
        session_step(s, &in);
    }
    uint8_t *data;
    size_t size;
    REQUIRE(session_recording_bytes(s, &data, &size, &err));
    session_destroy(s);
    session_def def = {0};
    def.replay_data = data;
    def.replay_size = size;
    def.keyframe_interval = SESSION_THEATRE_KEYFRAMES;
    session *b = session_create(&def, &err);
    REQUIRE(b);
    REQUIRE(session_seek(b, 300));
    CHECK(sim_slot_agent(session_world(b), 0) == 5);
    int other = -1;
    for (int i = 6; i < session_world(b)->agent_count && other < 0; i++)
        if (session_world(b)->agents[i].placement == 0) other = i;
    REQUIRE(session_take_over(b, other, &err));
    for (int t = 0; t < 100; t++) {
        const sim_input in = scripted(t);
        session_step(b, &in);
    }
    const uint64_t live = sim_hash(session_world(b));
    uint8_t *data2;
    size_t size2;
    REQUIRE(session_recording_bytes(b, &data2, &size2, &err));
    session_destroy(b);
    ae_free(data, size);
    def.replay_data = data2;
    def.replay_size = size2;
    def.keyframe_interval = 0;
    session *p = session_create(&def, &err);
    REQUIRE(p);
    while (!session_done(p)) session_step(p, NULL);
    CHECK(sim_hash(session_world(p)) == live);
    CHECK(sim_slot_agent(session_world(p), 0) == other);
    CHECK(session_world(p)->agents[5].slot == -1);
    session_destroy(p);
    ae_free(data2, size2);
}

static void test_refusals(void) {
    session *s = open_golden("arena-s11");
    REQUIRE(s);
    ae_error err;
    REQUIRE(session_seek(s, session_length(s)));
    CHECK(!session_take_over(s, session_world(s)->winner, &err));
    char over[64];
    snprintf(over, sizeof over, "the match is over at tick %u", session_length(s));
    CHECK_STR(err.msg, over);
    REQUIRE(session_seek(s, session_length(s) - 600));
    const sim_world *w = session_world(s);
    int dead = -1;
    for (int i = 0; i < w->agent_count && dead < 0; i++)
        if (w->agents[i].placement > 1) dead = i;
    REQUIRE(dead >= 0);
    CHECK(!session_take_over(s, dead, &err));
    char want[96];
    snprintf(want, sizeof want, "agent %d is not alive at tick %d", dead, sim_tick(w));
    CHECK_STR(err.msg, want);
    CHECK(!session_take_over(s, 5000, &err));
    CHECK(session_replaying(s)); // nothing changed
    session_destroy(s);
}

/// A 120-tick replay of one player and five bots with one data event at tick 30.
static uint8_t *replay_with_event(uint16_t kind, const uint8_t *payload, size_t n, size_t *size) {
    const replay_recipe r = {5, 120, 0, 30, kind, payload, n};
    return replay_make(&r, size);
}

/// Refused, with keyframes (the world in a heap of its own) or without: no heap is left in use
/// for this thread's allocations.
static void refused(uint16_t kind, const uint8_t *payload, size_t n, const char *why) {
    size_t size;
    uint8_t *data = replay_with_event(kind, payload, n, &size);
    REQUIRE(data);
    for (int keys = 0; keys < 2; keys++) {
        session_def def = {0};
        def.replay_data = data;
        def.replay_size = size;
        def.keyframe_interval = keys ? SESSION_THEATRE_KEYFRAMES : 0;
        ae_error err = {{0}};
        session *s = session_create(&def, &err);
        CHECK(s == NULL);
        CHECK_STR(err.msg, why);
        session_destroy(s);
        CHECK(ae_use_thread_allocator(NULL) == NULL);
    }
    ae_free(data, size);
}

/// Data events a replay may carry are take-overs of a slot and an agent the match has.
static void test_bad_events(void) {
    refused(7, (const uint8_t *)"hi", 2,
            "event of kind 7 (2 bytes) at tick 30 is not one this build knows");
    refused(SESSION_EVENT_TAKE_OVER, (const uint8_t[]){0, 2}, 2,
            "event of kind 1 (2 bytes) at tick 30 is not one this build knows");
    refused(SESSION_EVENT_TAKE_OVER, (const uint8_t[]){1, 2, 0}, 3,
            "take-over at tick 30 names slot 2 and agent 2 of a match of 1 players and 6 agents");
    refused(SESSION_EVENT_TAKE_OVER, (const uint8_t[]){0, 6, 0}, 3,
            "take-over at tick 30 names slot 1 and agent 6 of a match of 1 players and 6 agents");
    // A good one plays: the player's slot drives bot 3 from tick 30.
    size_t size;
    uint8_t *data =
        replay_with_event(SESSION_EVENT_TAKE_OVER, (const uint8_t[]){0, 3, 0}, 3, &size);
    REQUIRE(data);
    session_def def = {0};
    def.replay_data = data;
    def.replay_size = size;
    ae_error err;
    session *s = session_create(&def, &err);
    REQUIRE(s);
    while (sim_tick(session_world(s)) <= 30) session_step(s, NULL);
    CHECK(sim_slot_agent(session_world(s), 0) == 3);
    session_destroy(s);
    ae_free(data, size);
}

TEST_MAIN(TEST_CASE(bot), TEST_CASE(own_agent), TEST_CASE(swap_after), TEST_CASE(twice),
          TEST_CASE(refusals), TEST_CASE(bad_events))
