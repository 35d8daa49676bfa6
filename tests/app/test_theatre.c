// The replay theatre's transport without a window: reading a replay through, its timeline marks,
// speeds, kill jumps, and a divergence that stops playback at the last checkpoint that agreed.
#include "test.h"

#include "replay_maker.h"
#include "sim_world.h"
#include "theatre.h"
#include "tool_util.h"

static session *open_replay(const char *path, const uint8_t *data, size_t size) {
    session_def def = {0};
    def.replay_path = path;
    def.replay_data = data;
    def.replay_size = size;
    def.keyframe_interval = SESSION_THEATRE_KEYFRAMES;
    ae_error err;
    session *s = session_create(&def, &err);
    if (!s) fprintf(stderr, "%s\n", err.msg);
    return s;
}

static void read_all(theatre *t, session *s) {
    while (!theatre_read(t, s, tool_now_ns, 5000000ull)) {
    }
}

static void test_golden_read_and_jump(void) {
    session *s = open_replay(ARENA_SOURCE_DIR "/tests/replays/arena-s11.arp", NULL, 0);
    REQUIRE(s);
    theatre t = {0};
    theatre_open(&t, s, 600, 0);
    CHECK(t.active && t.reading && t.length == session_length(s));
    read_all(&t, s);
    CHECK(!t.reading && !t.problem[0] && t.stop == t.length);
    CHECK(sim_tick(session_world(s)) == 600); // the start tick, once read
    int kills = 0, zones = 0, levels = 0;
    for (int i = 0; i < t.mark_count; i++) {
        kills += t.marks[i].kind == MARK_KILL;
        zones += t.marks[i].kind == MARK_ZONE;
        levels += t.marks[i].kind == MARK_LEVEL_UP;
        if (i) CHECK(t.marks[i].tick >= t.marks[i - 1].tick);
    }
    CHECK(kills == 29); // 30 agents, one winner
    CHECK(zones > 0 && levels > 0);
    // The next kill is viewed a little before it, following its killer; backwards from there
    // skips it and finds an earlier one (or stays).
    int killer;
    const uint32_t next = theatre_kill_near(&t, 600, +1, &killer);
    CHECK(next > 600 && killer >= -1);
    bool found = false;
    for (int i = 0; i < t.mark_count; i++)
        if (t.marks[i].kind == MARK_KILL && t.marks[i].tick > 600 + 150 && !found) {
            found = true;
            CHECK(next == t.marks[i].tick - 150);
        }
    const uint32_t last = theatre_kill_near(&t, t.length, -1, &killer);
    CHECK(last < t.length && last > next);
    CHECK(theatre_kill_near(&t, last, -1, &killer) < last); // skips the one it is at
    // Speeds: 1x plays a tick per 60th of a second, 16x sixteen, 1/4x one every fourth frame.
    t.paused = false;
    t.speed = THEATRE_SPEED_NORMAL;
    CHECK(theatre_ticks_due(&t, s, 1.0 / 60.0) == 1);
    t.speed = THEATRE_SPEED_COUNT - 1;
    CHECK(theatre_ticks_due(&t, s, 1.0 / 60.0) == 16);
    t.speed = 0;
    int due = 0;
    for (int f = 0; f < 8; f++) due += theatre_ticks_due(&t, s, 1.0 / 60.0);
    CHECK(due == 2);
    theatre_change_speed(&t, -1);
    CHECK(t.speed == 0);
    // Seeking clamps to what may be watched; at the end, playback pauses.
    CHECK(theatre_seek(&t, s, -5) == 0);
    CHECK(theatre_seek(&t, s, 1 << 30) == t.length);
    t.paused = false;
    t.speed = THEATRE_SPEED_NORMAL;
    CHECK(theatre_ticks_due(&t, s, 1.0) == 0 && t.paused);
    theatre_close(&t);
    session_destroy(s);
}

/// A replay whose checkpoints at 60 and 120 hold hashes no playback gives: playback diverges
/// at the first, and the theatre stops at the last that agreed (the start).
static void test_divergence_stops(void) {
    const replay_recipe r = {5, 200, 1, -1, 0, NULL, 0};
    size_t size;
    uint8_t *data = replay_make(&r, &size);
    REQUIRE(data);
    session *s = open_replay(NULL, data, size);
    REQUIRE(s);
    theatre t = {0};
    theatre_open(&t, s, 150, 0);
    read_all(&t, s);
    CHECK(t.stop == 0 && t.paused);
    CHECK(sim_tick(session_world(s)) == 0);
    CHECK(strstr(t.problem, "replay diverged at tick 60 (first differing field: ") == t.problem);
    CHECK(theatre_seek(&t, s, 100) == 0); // nothing past the stop
    theatre_close(&t);
    session_destroy(s);
    ae_free(data, size);
}

/// A replay holding a take-over (an RP_EVENT_DATA event) and no map swap: its timeline has no
/// map-swap mark (the theatre once marked every event as one).
static void test_take_over_is_no_map_swap(void) {
    session *s = open_replay(ARENA_SOURCE_DIR "/tests/replays/arena-s11.arp", NULL, 0);
    REQUIRE(s);
    REQUIRE(session_seek(s, 300));
    sim_world *w = session_world(s);
    int agent = -1;
    for (int i = w->cfg.humans; i < w->agent_count && agent < 0; i++)
        if (w->agents[i].placement == 0) agent = i;
    REQUIRE(agent >= 0);
    ae_error err;
    REQUIRE(session_take_over(s, agent, &err));
    const sim_input none = {0};
    for (int i = 0; i < 60; i++) session_step(s, &none);
    uint8_t *data;
    size_t size;
    REQUIRE(session_recording_bytes(s, &data, &size, &err));
    session_destroy(s);
    s = open_replay(NULL, data, size);
    REQUIRE(s);
    const rp_event *ev;
    REQUIRE(rp_replay_events_at(session_replay(s), 300, &ev) == 1);
    CHECK(ev->type == RP_EVENT_DATA && ev->data_kind == SESSION_EVENT_TAKE_OVER);
    theatre t = {0};
    theatre_open(&t, s, 0, 0);
    read_all(&t, s);
    CHECK(!t.problem[0] && t.stop == 360);
    for (int i = 0; i < t.mark_count; i++) CHECK(t.marks[i].kind != MARK_MAP_SWAP);
    theatre_close(&t);
    session_destroy(s);
    ae_free(data, size);
}

TEST_MAIN(TEST_CASE(golden_read_and_jump), TEST_CASE(divergence_stops),
          TEST_CASE(take_over_is_no_map_swap))
