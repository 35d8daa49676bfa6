// Damaged replays: every kind of bad file is refused with a one-line reason, never a crash, and
// without allocating much more than the file itself.
#include "replay_helpers.h"
#include "test.h"

#include <stdio.h>
#include <string.h>

static uint8_t *small(size_t *size) {
    uint8_t *data;
    make_small_replay(&data, size);
    uint8_t *copy = malloc(*size);
    memcpy(copy, data, *size);
    ae_free(data, *size);
    return copy;
}

static void test_empty(void) {
    CHECK(refused_with((const uint8_t *)"", 0, NULL, "empty file"));
    FILE *f = fopen(ARENA_BIN_DIR "/test_replay_empty.rpl", "wb");
    REQUIRE(f);
    fclose(f);
    rp_replay r;
    ae_error err;
    CHECK(!rp_replay_init_file(ARENA_BIN_DIR "/test_replay_empty.rpl", NULL, &r, &err));
    CHECK_STR(err.msg, "empty file");
}

static void test_bad_magic(void) {
    size_t size;
    uint8_t *d = small(&size);
    d[0] = 'X';
    CHECK(refused_with(d, size, NULL, "not an Arena replay (bad magic)"));
    const char *png = "\x89PNG\r\n\x1a\n0000000000000000";
    CHECK(refused_with((const uint8_t *)png, strlen(png), NULL, "not an Arena replay (bad magic)"));
    CHECK(refused_with((const uint8_t *)"ARX", 3, NULL, "not an Arena replay (bad magic)"));
    free(d);
}

static void test_versions(void) {
    size_t size;
    uint8_t *d = small(&size);
    put_le32(d + 8, RP_FORMAT_VERSION + 1);
    char want[96];
    snprintf(want, sizeof want, "replay format version %u is newer than this build (%u)",
             RP_FORMAT_VERSION + 1, RP_FORMAT_VERSION);
    CHECK(refused_with(d, size, NULL, want));
    put_le32(d + 8, 0);
    snprintf(want, sizeof want, "replay format version 0 is older than this build (%u)",
             RP_FORMAT_VERSION);
    CHECK(refused_with(d, size, NULL, want));
    free(d);
}

// The head alone (the first 16 bytes and the file's size) refuses what the load would refuse
// at its start, with the same reason, before a byte more is read: a file of any size.
static void test_head_only(void) {
    size_t size;
    uint8_t *d = small(&size);
    ae_error err;
    CHECK(rp_replay_check_head(d, size, &err));
    CHECK(!rp_replay_check_head(d, size - 1, &err));
    char want[96];
    snprintf(want, sizeof want, "truncated at byte %zu of %zu", size - 1, size);
    CHECK_STR(err.msg, want);
    CHECK(!rp_replay_check_head(d, (uint64_t)1 << 40, &err)); // a terabyte behind a good head
    snprintf(want, sizeof want, "%llu unexpected bytes after the end of the replay (byte %zu)",
             ((unsigned long long)1 << 40) - size, size);
    CHECK_STR(err.msg, want);
    static const uint8_t zeros[RP_HEADER_SIZE];
    CHECK(!rp_replay_check_head(zeros, (uint64_t)1 << 30, &err)); // a gigabyte of zeros
    CHECK_STR(err.msg, "not an Arena replay (bad magic)");
    CHECK(!rp_replay_check_head(d, 10, &err));
    CHECK_STR(err.msg, "truncated at byte 10 (inside the header)");
    put_le32(d + 12, RP_MAX_FILE_BYTES + 1u);
    CHECK(!rp_replay_check_head(d, (uint64_t)RP_MAX_FILE_BYTES + 1u, &err));
    snprintf(want, sizeof want, "corrupt header: file size %u out of range",
             RP_MAX_FILE_BYTES + 1u);
    CHECK_STR(err.msg, want);
    free(d);
}

// Cutting the file after any byte is refused; past the header the reason names the byte.
static void test_truncated_everywhere(void) {
    size_t size;
    uint8_t *d = small(&size);
    int bad = 0;
    for (size_t n = 0; n < size; n++) {
        char want[64];
        if (n == 0)
            snprintf(want, sizeof want, "empty file");
        else if (n < RP_HEADER_SIZE)
            snprintf(want, sizeof want, "truncated at byte %zu (inside the header)", n);
        else
            snprintf(want, sizeof want, "truncated at byte %zu of %zu", n, size);
        bad += !refused_with(d, n, NULL, want);
    }
    CHECK(bad == 0);
    fprintf(stderr, "%zu truncations refused\n", size);
    free(d);
}

// Any change confined to one byte is refused; past the header it is the checksum that says so.
static void test_byte_flips(void) {
    size_t size;
    uint8_t *d = small(&size);
    static const uint8_t masks[] = {0x01, 0x80, 0xff, 0x5a};
    int bad = 0;
    for (size_t i = 0; i < size; i++) {
        for (size_t k = 0; k < sizeof masks; k++) {
            d[i] ^= masks[k];
            const char *want = i < 8 ? "bad magic" : i < 12 ? "replay format version" : "";
            if (i >= RP_HEADER_SIZE) want = "checksum mismatch (file is corrupt)";
            bad += !refused_with(d, size, NULL, want);
            d[i] ^= masks[k];
        }
    }
    CHECK(bad == 0);
    rp_replay r;
    ae_error err;
    CHECK(rp_replay_init_memory(d, size, NULL, &r, &err)); // restored: loads again
    rp_replay_free(&r);
    free(d);
}

static void test_trailing_bytes(void) {
    size_t size;
    uint8_t *d = small(&size);
    uint8_t *longer = calloc(size + 3, 1);
    memcpy(longer, d, size);
    CHECK(refused_with(longer, size + 3, NULL, "3 unexpected bytes after the end of the replay"));
    free(longer);
    free(d);
}

// The hand-written encoder and the library agree on the format.
static void test_spec_baseline(void) {
    uint8_t buf[1024];
    spec s = default_spec();
    size_t n = build_spec(&s, buf, sizeof buf);
    rp_replay r;
    ae_error err;
    bool ok = rp_replay_init_memory(buf, n, NULL, &r, &err);
    if (!ok) fprintf(stderr, "baseline: %s\n", err.msg);
    REQUIRE(ok);
    CHECK(r.human_count == 2 && r.tick_count == 120 && r.event_count == 2);
    CHECK(r.checkpoint_count == 2 && r.map.width == 16 && r.map.height == 12);
    CHECK(rp_replay_record(&r, 119, 1)[3] == 4);
    rp_replay_free(&r);
    // A match with no tick at all is still a valid replay.
    s.ticks = s.final_tick = 0;
    s.event_tick[1] = 0;
    s.checkpoint_count = 1;
    s.checkpoint_tick[0] = 0;
    n = build_spec(&s, buf, sizeof buf);
    REQUIRE(rp_replay_init_memory(buf, n, NULL, &r, &err));
    CHECK(r.tick_count == 0 && r.event_count == 2 && r.checkpoint_count == 1);
    const rp_event *ev;
    CHECK(rp_replay_events_at(&r, 0, &ev) == 2);
    rp_replay_free(&r);
}

// Loads a spec under a peak-tracking allocator; expects a refusal with `want` that allocated no
// more than the file copy.
static bool spec_refused(const spec *s, const rp_load_opts *opts, const char *want) {
    uint8_t buf[2048];
    size_t n = build_spec(s, buf, sizeof buf);
    peak_alloc peak;
    peak_install(&peak);
    bool ok = refused_with(buf, n, opts, want);
    peak_remove();
    if (peak.peak > n) {
        fprintf(stderr, "refusal allocated %zu bytes for a %zu-byte file\n", peak.peak, n);
        ok = false;
    }
    return ok;
}

static void test_absurd_counts(void) {
    spec s = default_spec();
    s.ticks = 3000000000u;
    s.final_tick = s.ticks;
    CHECK(spec_refused(&s, NULL, "absurd tick count 3000000000"));
    s = default_spec();
    s.claimed_runs = 2000000000u;
    CHECK(spec_refused(&s, NULL, "absurd input run count 2000000000"));
    s = default_spec();
    s.ticks = RP_MAX_TICKS;
    s.final_tick = s.ticks;
    s.claimed_runs = RP_MAX_TICKS;
    CHECK(spec_refused(&s, NULL, "absurd input run count"));
    s = default_spec();
    s.claimed_events = 4000000000u;
    CHECK(spec_refused(&s, NULL, "absurd event count 4000000000"));
    s = default_spec();
    s.claimed_checkpoints = 1000000u;
    CHECK(spec_refused(&s, NULL, "absurd checkpoint count 1000000"));
    // A long match is fine as long as the runs add up: no allocation scales with ticks.
    s = default_spec();
    s.ticks = RP_MAX_TICKS;
    s.final_tick = s.ticks;
    uint8_t buf[1024];
    size_t n = build_spec(&s, buf, sizeof buf);
    peak_alloc peak;
    peak_install(&peak);
    rp_replay r;
    ae_error err;
    bool ok = rp_replay_init_memory(buf, n, NULL, &r, &err);
    if (ok) rp_replay_free(&r);
    peak_remove();
    CHECK(ok);
    CHECK(peak.peak <= 4 * n + 16u * 12u);
}

static void test_out_of_range(void) {
    spec s = default_spec();
    s.humans = 0;
    CHECK(spec_refused(&s, NULL, "human count 0 out of range (1..100)"));
    s.humans = 101;
    CHECK(spec_refused(&s, NULL, "human count 101 out of range (1..100)"));
    s = default_spec();
    s.rate = 0;
    CHECK(spec_refused(&s, NULL, "tick rate 0 out of range"));
    s = default_spec();
    s.record_size = 0;
    CHECK(spec_refused(&s, NULL, "input record size 0 out of range"));
    s.record_size = RP_MAX_RECORD_SIZE + 1;
    CHECK(spec_refused(&s, NULL, "input record size 65 out of range"));
    s = default_spec();
    s.map_w = 5000;
    CHECK(spec_refused(&s, NULL, "map too large"));
    s = default_spec();
    s.event_type[1] = 9;
    CHECK(spec_refused(&s, NULL, "unknown event type 9 at tick 60"));
    s = default_spec();
    s.event_tick[1] = 121;
    CHECK(spec_refused(&s, NULL, "event at tick 121 after the last tick 120"));
    s = default_spec();
    s.final_tick = 119;
    CHECK(spec_refused(&s, NULL, "final tick 119 does not match the tick count 120"));
    s = default_spec();
    s.trailing_bytes = 2;
    CHECK(spec_refused(&s, NULL, "2 unexpected bytes after the final hash"));
}

static void test_ticks_out_of_order(void) {
    spec s = default_spec();
    s.event_tick[0] = 90;
    s.event_tick[1] = 40;
    CHECK(spec_refused(&s, NULL, "events out of order at tick 40 (after tick 90)"));
    s = default_spec();
    s.checkpoint_tick[0] = 60;
    s.checkpoint_tick[1] = 60;
    CHECK(spec_refused(&s, NULL, "checkpoint ticks not increasing at tick 60 (after tick 60)"));
    s.checkpoint_tick[1] = 30;
    CHECK(spec_refused(&s, NULL, "checkpoint ticks not increasing at tick 30"));
    s = default_spec();
    s.checkpoint_tick[1] = 500;
    CHECK(spec_refused(&s, NULL, "checkpoint at tick 500 after the last tick 120"));
    // Map swap events pass too, in order.
    s = default_spec();
    s.event_type[0] = RP_EVENT_MAP_SWAP;
    uint8_t buf[1024];
    size_t n = build_spec(&s, buf, sizeof buf);
    rp_replay r;
    ae_error err;
    REQUIRE(rp_replay_init_memory(buf, n, NULL, &r, &err));
    CHECK(r.events[0].type == RP_EVENT_MAP_SWAP && r.events[0].map_width == 8);
    rp_replay_free(&r);
}

static void test_record_size_mismatch(void) {
    spec s = default_spec();
    rp_load_opts opts = {9, 0};
    CHECK(spec_refused(&s, &opts, "input record size 8 does not match this build's 9"));
    opts = (rp_load_opts){8, 4};
    CHECK(spec_refused(
        &s, &opts, "recorded by an older version of Arena (rules version 0; this build plays 4)"));
    // The inputs must cover exactly the tick count.
    size_t size;
    uint8_t *d = small(&size);
    rp_replay r;
    ae_error err;
    REQUIRE(rp_replay_init_memory(d, size, NULL, &r, &err));
    rp_replay_free(&r);
    // Header 16 + seed 8 + humans 1 + rate 2 + record size 2: the tick count.
    put_le32(d + 29, 299);
    reseal(d, size);
    CHECK(refused_with(d, size, NULL, "inputs of human 0 run past the last tick 299"));
    put_le32(d + 29, 301);
    reseal(d, size);
    CHECK(refused_with(d, size, NULL, "inputs of human 0 cover 300 of 301 ticks"));
    // A record size that disagrees with the runs' layout derails the walk: still a clean refusal.
    put_le32(d + 29, 300);
    put_le16(d + 27, 7);
    reseal(d, size);
    rp_replay r2;
    CHECK(!rp_replay_init_memory(d, size, NULL, &r2, &err) && err.msg[0] != '\0');
    fprintf(stderr, "record size 7: %s\n", err.msg);
    free(d);
}

TEST_MAIN(TEST_CASE(empty), TEST_CASE(bad_magic), TEST_CASE(versions), TEST_CASE(head_only),
          TEST_CASE(truncated_everywhere), TEST_CASE(byte_flips), TEST_CASE(trailing_bytes),
          TEST_CASE(spec_baseline), TEST_CASE(absurd_counts), TEST_CASE(out_of_range),
          TEST_CASE(ticks_out_of_order), TEST_CASE(record_size_mismatch))
