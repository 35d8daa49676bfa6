// A server's match as a session: 100 input slots released to their bots at tick 0, people
// taking agents over, leaving and naming themselves, each a recorded event applied at its tick
// on playback (names included), and replays carrying bad ones refused on load.
#include "test.h"

#include "arena/ae_map_file.h"
#include "replay_maker.h"
#include "session.h"
#include "sim_state.h"

#define HUMANS 100
#define TICKS  900

/// What the live match looked like at each tick, to compare its playback with.
typedef struct seen {
    int slot_agent[4]; ///< slots 0, 3, 5 and 99
    char name3[32], name5[32];
    uint64_t hash;
} seen;

static const int watched[4] = {0, 3, 5, 99};

static void look(const session *s, seen *out) {
    for (int k = 0; k < 4; k++) out->slot_agent[k] = sim_slot_agent(session_world(s), watched[k]);
    snprintf(out->name3, sizeof out->name3, "%s", session_slot_name(s, 3));
    snprintf(out->name5, sizeof out->name5, "%s", session_slot_name(s, 5));
    out->hash = sim_hash(session_world(s));
}

static bool alike(const seen *a, const seen *b) {
    return memcmp(a->slot_agent, b->slot_agent, sizeof a->slot_agent) == 0 &&
           strcmp(a->name3, b->name3) == 0 && strcmp(a->name5, b->name5) == 0 && a->hash == b->hash;
}

/// The live match: every slot released at tick 0, then joins, names, a leave and a come-back.
static uint8_t *play_live(seen *log, size_t *size) {
    session_def def = {0};
    def.map_path = ARENA_SOURCE_DIR "/assets/maps/large.png";
    def.config = sim_default_config();
    def.config.seed = 77;
    def.config.humans = HUMANS;
    def.config.bots = 20;
    def.record = true;
    ae_error err;
    session *s = session_create(&def, &err);
    if (!s) fprintf(stderr, "%s\n", err.msg);
    CHECK(s != NULL);
    if (!s) return NULL;
    sim_input in[HUMANS];
    for (int t = 0; t < TICKS; t++) {
        const sim_world *w = session_world(s);
        // As a playback shows tick t: the events made at t come with its step.
        look(s, &log[t]);
        if (t == 0) { // the match fills with bots
            for (int h = 0; h < HUMANS; h++) CHECK(session_release(s, h, &err));
            CHECK(sim_slot_agent(w, 99) == -1);
            CHECK_STR(session_slot_name(s, 3), "");
        }
        if (t == 100) { // a person joins on slot 3, takes agent 3 back and names themselves
            CHECK(session_assign(s, 3, 3, &err));
            CHECK(session_set_name(s, 3, "Zoë \xe2\x9c\x93", &err));
        }
        if (t == 150) { // another on slot 5 takes a bot
            CHECK(session_assign(s, 5, 110, &err));
            CHECK(session_set_name(s, 5, "bob", &err));
            CHECK(sim_agents(w)[110].slot == 5);
        }
        if (t == 400) CHECK(session_set_name(s, 3, "zoe", &err)); // renamed
        if (t == 500) CHECK(session_release(s, 5, &err));         // bob went silent
        if (t == 700) CHECK(session_assign(s, 5, 110, &err));     // and came back
        for (int h = 0; h < HUMANS; h++) {
            in[h] = (sim_input){0};
            in[h].move_x = (int8_t)((h * 31 + t) % 255 - 127);
            in[h].move_y = (int8_t)((h * 17 + 3 * t) % 255 - 127);
        }
        session_step(s, in);
    }
    look(s, &log[TICKS]);
    CHECK_STR(log[100].name3, "");
    CHECK_STR(log[120].name3, "Zoë \xe2\x9c\x93");
    CHECK_STR(log[450].name3, "zoe");
    CHECK(log[600].slot_agent[2] == -1 && log[800].slot_agent[2] == 110);
    uint8_t *data = NULL;
    CHECK(session_recording_bytes(s, &data, size, &err));
    session_destroy(s);
    return data;
}

/// The recording plays back bit for bit, the events at their ticks, names and all; a seek
/// backwards brings the names of that tick back.
static void test_online_match(void) {
    static seen log[TICKS + 1];
    size_t size;
    uint8_t *data = play_live(log, &size);
    REQUIRE(data);
    session_def def = {0};
    def.replay_data = data;
    def.replay_size = size;
    def.keyframe_interval = 240;
    ae_error err;
    session *p = session_create(&def, &err);
    if (!p) fprintf(stderr, "%s\n", err.msg);
    REQUIRE(p);
    REQUIRE(session_length(p) == TICKS);
    int differ = 0;
    for (int t = 0; t <= TICKS; t++) {
        seen now;
        look(p, &now);
        if (!alike(&now, &log[t]) && differ++ < 3) fprintf(stderr, "tick %d differs\n", t);
        if (t < TICKS) session_step(p, NULL);
    }
    CHECK(differ == 0);
    REQUIRE(session_finish(p, &err));
    CHECK(!session_diverged(p, NULL, 0));
    const uint32_t back[] = {420, 130, 90, 600, 899};
    for (size_t k = 0; k < sizeof back / sizeof *back; k++) {
        REQUIRE(session_seek(p, back[k]));
        seen now;
        look(p, &now);
        CHECK(alike(&now, &log[back[k]]));
    }
    // A playback takes no players' events of its own.
    CHECK(!session_set_name(p, 3, "x", &err));
    CHECK_STR(err.msg, "only a live match that is recorded takes players' events");
    session_destroy(p);
    ae_free(data, size);
}

static void test_refusals(void) {
    session_def def = {0};
    def.map_path = ARENA_SOURCE_DIR "/assets/maps/arena.png";
    def.config = sim_default_config();
    def.config.humans = 2;
    ae_error err;
    session *s = session_create(&def, &err);
    REQUIRE(s);
    CHECK(!session_release(s, 0, &err)); // not recorded
    CHECK_STR(err.msg, "only a live match that is recorded takes players' events");
    session_destroy(s);
    def.record = true;
    s = session_create(&def, &err);
    REQUIRE(s);
    static const char *const bad[] = {"",
                                      "1234567890123456789012345",
                                      "a\x01",
                                      "tab\t",
                                      "del\x7f",
                                      "\xff",
                                      "\xc0\x80",
                                      "\xc2\x85",
                                      "\xed\xa0\x80",
                                      "\xe2\x9c"};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        CHECK(!session_set_name(s, 0, bad[k], &err));
        CHECK(strstr(err.msg, "name") != NULL);
    }
    CHECK(session_set_name(s, 1, "123456789012345678901234", &err)); // 24 bytes
    CHECK(!session_set_name(s, 2, "x", &err));
    CHECK_STR(err.msg, "slot 2 is not a player's (the match has 2)");
    CHECK(!session_assign(s, 0, 31, &err));
    CHECK_STR(err.msg, "agent 31 is not alive in the match");
    CHECK(!session_release(s, -1, &err));
    CHECK_STR(session_slot_name(s, 1), "123456789012345678901234");
    CHECK_STR(session_slot_name(s, 0), "");
    CHECK_STR(session_slot_name(s, 7), "");
    // Taking the agent a slot drives records nothing; the rest of the recording still plays.
    CHECK(session_assign(s, 0, 0, &err));
    for (int t = 0; t < 30; t++) session_step(s, NULL);
    uint8_t *data;
    size_t size;
    REQUIRE(session_recording_bytes(s, &data, &size, &err));
    session_destroy(s);
    session_def pd = {0};
    pd.replay_data = data;
    pd.replay_size = size;
    session *p = session_create(&pd, &err);
    REQUIRE(p);
    CHECK(session_replay(p)->event_count == 1); // the name only
    CHECK_STR(session_slot_name(p, 1), "");     // its tick's step applies it
    session_step(p, NULL);
    CHECK_STR(session_slot_name(p, 1), "123456789012345678901234");
    session_destroy(p);
    ae_free(data, size);
}

/// A recording taken at the tick of a players' event leaves the event to later bytes (it comes
/// with the tick's step), so its final hash is the state's before the event: it verifies.
static void test_recording_at_event_tick(void) {
    session_def def = {0};
    def.map_path = ARENA_SOURCE_DIR "/assets/maps/ruins.png";
    def.config = sim_default_config();
    def.config.humans = 3;
    def.record = true;
    ae_error err;
    session *s = session_create(&def, &err);
    REQUIRE(s);
    for (int t = 0; t < 50; t++) session_step(s, NULL);
    CHECK(session_release(s, 1, &err));
    CHECK(session_assign(s, 2, 9, &err));
    uint8_t *data;
    size_t size;
    REQUIRE(session_recording_bytes(s, &data, &size, &err));
    session_destroy(s);
    session_def pd = {0};
    pd.replay_data = data;
    pd.replay_size = size;
    session *p = session_create(&pd, &err);
    REQUIRE(p);
    while (!session_done(p)) session_step(p, NULL);
    REQUIRE(session_finish(p, &err));
    char msg[160] = "";
    CHECK(!session_diverged(p, msg, sizeof msg));
    if (msg[0]) fprintf(stderr, "%s\n", msg);
    session_destroy(p);
    ae_free(data, size);
}

/// A replay with one data event at tick 30 (one player, five bots) is refused with `why`.
static void refused(uint16_t kind, const uint8_t *payload, size_t n, const char *why) {
    const replay_recipe r = {5, 120, 0, 30, kind, payload, n};
    size_t size;
    uint8_t *data = replay_make(&r, &size);
    REQUIRE(data);
    session_def def = {0};
    def.replay_data = data;
    def.replay_size = size;
    ae_error err = {{0}};
    session *s = session_create(&def, &err);
    CHECK(s == NULL);
    CHECK_STR(err.msg, why);
    session_destroy(s);
    ae_free(data, size);
}

static void test_bad_events(void) {
    refused(SESSION_EVENT_RELEASE, (const uint8_t[]){0, 0}, 2,
            "event of kind 2 (2 bytes) at tick 30 is not one this build knows");
    refused(SESSION_EVENT_RELEASE, (const uint8_t[]){1}, 1,
            "release at tick 30 names slot 2 of a match of 1 players");
    refused(SESSION_EVENT_NAME, (const uint8_t[]){0}, 1,
            "event of kind 3 (1 bytes) at tick 30 is not one this build knows");
    refused(SESSION_EVENT_NAME,
            (const uint8_t *)"\0"
                             "1234567890123456789012345",
            26, "event of kind 3 (26 bytes) at tick 30 is not one this build knows");
    refused(SESSION_EVENT_NAME, (const uint8_t *)"\1ab", 3,
            "name at tick 30 names slot 2 of a match of 1 players");
    refused(SESSION_EVENT_NAME, (const uint8_t *)"\0a\nb", 4,
            "name at tick 30 for slot 1 is not UTF-8 without control characters");
    refused(SESSION_EVENT_NAME, (const uint8_t *)"\0\xc3", 2,
            "name at tick 30 for slot 1 is not UTF-8 without control characters");
    // Good ones play at their tick.
    const replay_recipe r = {5, 120, 0, 30, SESSION_EVENT_RELEASE, (const uint8_t[]){0}, 1};
    size_t size;
    uint8_t *data = replay_make(&r, &size);
    REQUIRE(data);
    session_def def = {0};
    def.replay_data = data;
    def.replay_size = size;
    ae_error err;
    session *s = session_create(&def, &err);
    REQUIRE(s);
    while (sim_tick(session_world(s)) <= 30) {
        CHECK(sim_slot_agent(session_world(s), 0) == 0);
        session_step(s, NULL);
    }
    CHECK(sim_slot_agent(session_world(s), 0) == -1);
    session_destroy(s);
    ae_free(data, size);
}

TEST_MAIN(TEST_CASE(online_match), TEST_CASE(refusals), TEST_CASE(recording_at_event_tick),
          TEST_CASE(bad_events))
