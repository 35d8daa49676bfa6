// The committed damaged replays under tests/bad/replays/ (used by command-line tests): one per
// check the replay reader (game/replay/src) and the session's replay setup make. Each is
// regenerated here and must match the committed bytes, and each must be refused, as `arena
// --replay` would (session_create), with the reason its README line gives. Run with
// ARENA_WRITE_FIXTURES=1 to rewrite them after a format change.
#include "replay_helpers.h"
#include "session.h"
#include "sim_config_io.h"
#include "sim_input.h"
#include "test.h"
#include "test_files.h"

#include <stdio.h>
#include <string.h>

#define FIXTURE_DIR ARENA_SOURCE_DIR "/tests/bad/replays/"

typedef struct fixture {
    const char *name;
    char reason[160];
    uint8_t data[2048];
    size_t size;
} fixture;

enum { MAX_FIXTURES = 64 };

static fixture fixtures[MAX_FIXTURES];
static int fixture_count;

static fixture *add(const char *name, const char *reason) {
    AE_ASSERT(fixture_count < MAX_FIXTURES);
    fixture *f = &fixtures[fixture_count++];
    memset(f, 0, sizeof *f);
    f->name = name;
    snprintf(f->reason, sizeof f->reason, "%s", reason);
    return f;
}

// A valid replay written by the library's writer, for damage to the header and checksum.
static fixture *from_small(const char *name, const char *reason) {
    fixture *f = add(name, reason);
    uint8_t *d;
    size_t n;
    make_small_replay(&d, &n);
    AE_ASSERT(n <= sizeof f->data);
    memcpy(f->data, d, n);
    f->size = n;
    ae_free(d, n);
    return f;
}

// A replay spelled out by a spec (see replay_helpers.h), resealed so only the body is wrong.
static void from_spec(const char *name, const spec *s, const char *reason) {
    fixture *f = add(name, reason);
    f->size = build_spec(s, f->data, sizeof f->data);
}

// A spec whose initial map is the given raw grid bytes.
static void from_grid(const char *name, const uint8_t *grid, size_t len, const char *reason) {
    spec s = default_spec();
    s.map_raw = grid;
    s.map_raw_len = len;
    from_spec(name, &s, reason);
}

// Damage that check_header (rp_load.c) finds before the body is read.
static void header_fixtures(void) {
    fixture *f = add("empty.rpl", "empty file");
    f = add("not-a-replay.rpl", "not an Arena replay (bad magic)");
    f->size = strlen("This is not a replay.\n");
    memcpy(f->data, "This is not a replay.\n", f->size);
    f = from_small("header-truncated-version.rpl", "truncated at byte 10 (inside the header)");
    f->size = 10;
    f = from_small("header-truncated-size.rpl", "truncated at byte 14 (inside the header)");
    f->size = 14;
    f = from_small("newer-version.rpl", "");
    put_le32(f->data + 8, RP_FORMAT_VERSION + 1);
    snprintf(f->reason, sizeof f->reason, "replay format version %u is newer than this build (%u)",
             RP_FORMAT_VERSION + 1, RP_FORMAT_VERSION);
    f = from_small("older-version.rpl", "");
    put_le32(f->data + 8, 0);
    snprintf(f->reason, sizeof f->reason, "replay format version 0 is older than this build (%u)",
             RP_FORMAT_VERSION);
    f = from_small("size-field-small.rpl", "corrupt header: file size 20 out of range");
    put_le32(f->data + 12, 20);
    f = from_small("size-field-huge.rpl", "corrupt header: file size 4294967295 out of range");
    put_le32(f->data + 12, 0xffffffffu);
    f = from_small("truncated.rpl", "");
    snprintf(f->reason, sizeof f->reason, "truncated at byte %zu of %zu", f->size / 2, f->size);
    f->size /= 2;
    f = from_small("trailing-garbage.rpl", "");
    snprintf(f->reason, sizeof f->reason,
             "5 unexpected bytes after the end of the replay (byte %zu)", f->size);
    memcpy(f->data + f->size, "junk\n", 5);
    f->size += 5;
    f = from_small("corrupt.rpl", "checksum mismatch (file is corrupt)");
    f->data[f->size / 2] ^= 0x10;
}

// Damage to the match config and hash field names (read_config). Offsets: the config starts
// at byte 16, the field count is byte 45, the first field name (or the map name) byte 46.
static void config_fixtures(void) {
    spec s = default_spec();
    s.humans = 0;
    from_spec("no-humans.rpl", &s, "human count 0 out of range (1..100)");
    s.humans = 101;
    from_spec("too-many-humans.rpl", &s, "human count 101 out of range (1..100)");
    s = default_spec();
    s.rate = 0;
    from_spec("tick-rate.rpl", &s, "tick rate 0 out of range (1..1000)");
    s = default_spec();
    s.record_size = RP_MAX_RECORD_SIZE + 1;
    from_spec("record-size.rpl", &s, "input record size 65 out of range (1..64)");
    s = default_spec();
    s.ticks = s.final_tick = 3000000000u;
    from_spec("absurd-ticks.rpl", &s, "absurd tick count 3000000000 (at most 5184000)");
    s = default_spec();
    s.config_size = RP_MAX_CONFIG_BYTES + 1;
    from_spec("absurd-config-size.rpl", &s, "absurd match config size 4097 (at most 4096)");
    s = default_spec();
    s.config_size = 1000; // claimed, not present: the body ends inside it
    from_spec("config-past-end.rpl", &s, "match config runs past the end of the data at byte 145");
    s = default_spec();
    s.field_count = RP_MAX_FIELDS + 1;
    from_spec("field-count.rpl", &s, "hash field count 17 out of range (0..16)");
    s = default_spec();
    s.field_count = 1;
    s.field_name = "";
    s.field_name_len = 0;
    from_spec("field-name-empty.rpl", &s,
              "hash field names: name length 0 out of range at byte 46");
    s.field_name = "a\tb";
    s.field_name_len = 3;
    from_spec("field-name-byte.rpl", &s,
              "hash field names: name has an invalid byte 0x09 at byte 48");
    static char long_name[RP_MAX_NAME + 1];
    memset(long_name, 'm', sizeof long_name);
    s = default_spec();
    s.map_name = long_name;
    s.map_name_len = RP_MAX_NAME + 1;
    from_spec("map-name-long.rpl", &s, "initial map: name of 256 bytes is too long at byte 46");
    s.map_name = "a\0b";
    s.map_name_len = 3;
    from_spec("map-name-nul.rpl", &s, "initial map: name has an invalid byte 0x00 at byte 49");
}

// Damage to the initial map grid (rp_scan_grid, shared with map swap events). The grid starts at
// byte 48: u16 width, u16 height, then runs of (cell value, length).
static void grid_fixtures(void) {
    static const uint8_t zero_width[] = {0, 0, 12, 0, 0, 0};
    from_grid("grid-size.rpl", zero_width, sizeof zero_width,
              "initial map at byte 48: map too small: 0x12 (each side needs at least 8 cells)");
    static const uint8_t cell_value[] = {16, 0, 12, 0, 2, 192, 1};
    from_grid("grid-cell-value.rpl", cell_value, sizeof cell_value,
              "initial map at byte 52: cell value 2 out of range");
    static const uint8_t empty_run[] = {16, 0, 12, 0, 0, 10, 1, 0, 0, 182, 1};
    from_grid("grid-empty-run.rpl", empty_run, sizeof empty_run,
              "initial map: empty cell run at byte 55");
    static const uint8_t overflow[] = {16, 0, 12, 0, 0, 100, 1, 100};
    from_grid("grid-run-overflow.rpl", overflow, sizeof overflow,
              "initial map: cell runs overflow the 16x12 map at byte 55");
    static const uint8_t all_wall[] = {16, 0, 12, 0, 1, 192, 1};
    from_grid("grid-no-free-cell.rpl", all_wall, sizeof all_wall,
              "initial map at byte 48: map has no free cell");
    static const uint8_t long_var[] = {16, 0, 12, 0, 0, 0x80, 0x80, 0x80, 0x80, 0x80, 0};
    from_grid("grid-number-too-long.rpl", long_var, sizeof long_var,
              "initial map: number longer than 5 bytes at byte 57");
    static const uint8_t big_var[] = {16, 0, 12, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x7f};
    from_grid("grid-number-too-large.rpl", big_var, sizeof big_var,
              "initial map: number too large at byte 57");
}

// Damage to input runs, events, checkpoints and the final hash (read_inputs and on). In the
// default spec the inputs start at byte 55 (a u32 count, then var length + 8-byte record per run),
// the events at byte 81 (10 bytes each), the checkpoints at 105, the final hash at 133.
static void body_fixtures(void) {
    spec s = default_spec();
    s.claimed_runs = 2000000000u;
    from_spec("absurd-runs.rpl", &s,
              "absurd input run count 2000000000 for human 0 (120 ticks, 86 bytes left)");
    s = default_spec();
    s.run_count = 2;
    s.run_len[0] = 0;
    s.run_len[1] = 120;
    from_spec("input-run-empty.rpl", &s, "empty input run at byte 59");
    s.run_len[0] = 100;
    s.run_len[1] = 30;
    from_spec("input-runs-too-long.rpl", &s,
              "inputs of human 0 run past the last tick 120 at byte 68");
    s.run_count = 1;
    from_spec("input-runs-too-short.rpl", &s, "inputs of human 0 cover 100 of 120 ticks");
    s = default_spec();
    s.claimed_events = 4000000000u;
    from_spec("absurd-events.rpl", &s, "absurd event count 4000000000 (60 bytes left)");
    s = default_spec();
    s.event_tick[0] = 90;
    s.event_tick[1] = 40;
    from_spec("events-out-of-order.rpl", &s, "events out of order at tick 40 (after tick 90)");
    s = default_spec();
    s.event_tick[1] = 121;
    from_spec("event-past-end.rpl", &s, "event at tick 121 after the last tick 120");
    s = default_spec();
    s.event_type[1] = 9;
    from_spec("event-unknown-type.rpl", &s, "unknown event type 9 at tick 60 (byte 99)");
    s = default_spec();
    s.data_size = RP_MAX_EVENT_DATA + 1;
    from_spec("event-data-too-large.rpl", &s,
              "data event of 1025 bytes at tick 0 is too large (at most 1024)");
    s = default_spec();
    s.claimed_checkpoints = 1000000u;
    from_spec("absurd-checkpoints.rpl", &s, "absurd checkpoint count 1000000 (36 bytes left)");
    s = default_spec();
    s.checkpoint_tick[1] = 60;
    from_spec("checkpoints-out-of-order.rpl", &s,
              "checkpoint ticks not increasing at tick 60 (after tick 60)");
    s.checkpoint_tick[1] = 121;
    from_spec("checkpoint-past-end.rpl", &s, "checkpoint at tick 121 after the last tick 120");
    s = default_spec();
    s.final_tick = 119;
    from_spec("final-tick.rpl", &s, "final tick 119 does not match the tick count 120");
    s = default_spec();
    s.trailing_bytes = 3;
    from_spec("body-trailing-bytes.rpl", &s, "3 unexpected bytes after the final hash at byte 145");
}

// Well-formed files this build cannot play: checked by rp_replay_init_file's options and then by
// the session (config blob, hash fields, recorded inputs, agent count).
static void compat_fixtures(void) {
    char why[160];
    spec s = default_spec();
    s.record_size = SIM_INPUT_BYTES / 2;
    s.config_version = SIM_CONFIG_VERSION;
    snprintf(why, sizeof why, "input record size %d does not match this build's %d",
             SIM_INPUT_BYTES / 2, SIM_INPUT_BYTES);
    from_spec("record-size-mismatch.rpl", &s, why);
    s = default_spec();
    s.record_size = SIM_INPUT_BYTES;
    s.config_version = SIM_CONFIG_VERSION + 1;
    snprintf(why, sizeof why,
             "recorded by a newer version of Arena (rules version %d; this build plays %d)",
             SIM_CONFIG_VERSION + 1, SIM_CONFIG_VERSION);
    from_spec("config-version-mismatch.rpl", &s, why);
    s = default_spec();
    s.record_size = SIM_INPUT_BYTES;
    s.config_version = SIM_CONFIG_VERSION - 1;
    snprintf(why, sizeof why,
             "recorded by an older version of Arena (rules version %d; this build plays %d)",
             SIM_CONFIG_VERSION - 1, SIM_CONFIG_VERSION);
    from_spec("rules-older.rpl", &s, why);
    s = default_spec();
    s.record_size = SIM_INPUT_BYTES;
    s.config_version = SIM_CONFIG_VERSION;
    snprintf(why, sizeof why, "config: 0 bytes do not hold a version %d match config",
             SIM_CONFIG_VERSION);
    from_spec("config-short.rpl", &s, why);
    // A packed default config with one field damaged: `bots` is its first int32.
    static uint8_t config[SIM_CONFIG_MAX_BYTES];
    sim_config cfg = sim_default_config();
    s.config_size = (uint32_t)sim_config_pack(&cfg, config);
    s.config = config;
    put_le32(config, (uint32_t)-1);
    from_spec("config-value.rpl", &s, "config: bots is -1, not 0 to 1000");
    put_le32(config, (uint32_t)cfg.bots);
    fixture *f = add("hash-field-count.rpl", "");
    snprintf(f->reason, sizeof f->reason,
             "replay checkpoints carry 0 hash fields, this build has %d", SIM_HASH_FIELD_COUNT);
    f->size = build_spec(&s, f->data, sizeof f->data);
    s.field_count = SIM_HASH_FIELD_COUNT;
    // The spec's records are bytes h, h+1, ...: player 1's byte 7 (7) is no skill to pick.
    from_spec("input-out-of-range.rpl", &s, "input of player 1 at tick 0 is out of range");
}

// Tiny files that ask for huge work, refused by the limits the recorder keeps too (session.h):
// a match of 999 bots on a 4096x4096 map for a day of ticks with one checkpoint, and map swaps
// to 4096x4096 maps at tick 0 and several swaps at one tick.
static void limit_fixtures(void) {
    static uint8_t config[SIM_CONFIG_MAX_BYTES];
    sim_config cfg = sim_default_config();
    cfg.humans = 2;
    cfg.bots = 998;
    spec s = default_spec();
    s.record_size = SIM_INPUT_BYTES;
    s.config_version = SIM_CONFIG_VERSION;
    s.config_size = (uint32_t)sim_config_pack(&cfg, config);
    s.config = config;
    s.field_count = SIM_HASH_FIELD_COUNT;
    s.map_w = s.map_h = 4096;
    s.ticks = s.final_tick = 5000000;
    s.event_count = 0;
    s.checkpoint_count = 1;
    from_spec("few-checkpoints.rpl", &s,
              "replay of 5000000 ticks carries 1 checkpoints; recordings carry one every 60 "
              "ticks, so at least 83333");
    s = default_spec();
    s.record_size = SIM_INPUT_BYTES;
    s.config_version = SIM_CONFIG_VERSION;
    s.config_size = (uint32_t)sim_config_pack(&cfg, config);
    s.config = config;
    s.field_count = SIM_HASH_FIELD_COUNT;
    s.map_w = s.map_h = 4096;
    s.event_count = 4;
    for (int i = 0; i < 4; i++) {
        s.event_tick[i] = 0;
        s.event_type[i] = RP_EVENT_MAP_SWAP;
    }
    s.swap_w = s.swap_h = 4096;
    from_spec("swaps-at-start.rpl", &s,
              "map swap at tick 0 comes 0 ticks after the previous one, a 4096x4096 map needs 64 "
              "(at most 262144 cells swapped in per tick)");
    s.swap_w = s.swap_h = 0;
    s.event_count = 2;
    s.event_tick[0] = s.event_tick[1] = 60;
    from_spec("swaps-same-tick.rpl", &s,
              "map swap at tick 60 comes 0 ticks after the previous one, a 8x8 map needs 1 (at "
              "most 262144 cells swapped in per tick)");
}

static void make_fixtures(void) {
    fixture_count = 0;
    header_fixtures();
    config_fixtures();
    grid_fixtures();
    body_fixtures();
    compat_fixtures();
    limit_fixtures();
}

static void readme_text(char *buf, size_t cap) {
    size_t n = (size_t)snprintf(buf, cap,
                                "# Damaged replays for command-line tests, one per check the "
                                "reader and the session make.\n"
                                "# Each line: FILE: the reason loading it must give.\n"
                                "# Regenerate with ARENA_WRITE_FIXTURES=1 test_replay_fixtures "
                                "current (see tests/replay/).\n");
    for (int i = 0; i < fixture_count; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s: %s\n", fixtures[i].name, fixtures[i].reason);
}

static void test_current(void) {
    make_fixtures();
    static char readme[16384];
    readme_text(readme, sizeof readme);
    const char *write = getenv("ARENA_WRITE_FIXTURES");
    char path[512];
    static uint8_t buf[16384];
    for (int i = 0; i < fixture_count; i++) {
        snprintf(path, sizeof path, FIXTURE_DIR "%s", fixtures[i].name);
        if (write && write[0] == '1')
            REQUIRE(test_write_file(path, fixtures[i].data, fixtures[i].size));
        long n = test_read_file(path, buf, sizeof buf);
        if (n != (long)fixtures[i].size || memcmp(buf, fixtures[i].data, (size_t)n) != 0) {
            fprintf(stderr, "%s is stale or missing\n", path);
            CHECK(false);
        }
    }
    if (write && write[0] == '1')
        REQUIRE(test_write_file(FIXTURE_DIR "README", readme, strlen(readme)));
    long n = test_read_file(FIXTURE_DIR "README", buf, sizeof buf);
    CHECK(n == (long)strlen(readme) && memcmp(buf, readme, (size_t)n) == 0);
}

// Every README line's file, loaded from disk, is refused with exactly that reason.
static void test_refused(void) {
    FILE *f = fopen(FIXTURE_DIR "README", "r");
    REQUIRE(f);
    char line[512];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        line[strcspn(line, "\n")] = '\0';
        char *sep = strstr(line, ": ");
        REQUIRE(sep);
        *sep = '\0';
        char path[600];
        snprintf(path, sizeof path, FIXTURE_DIR "%s", line);
        session_def def;
        memset(&def, 0, sizeof def);
        def.replay_path = path;
        ae_error err = {{0}};
        session *s = session_create(&def, &err);
        bool loaded = s != NULL;
        session_destroy(s);
        if (loaded || strcmp(err.msg, sep + 2) != 0) {
            fprintf(stderr, "%s: got '%s', want '%s'\n", line, loaded ? "loaded" : err.msg,
                    sep + 2);
            CHECK(false);
        }
        checked++;
    }
    fclose(f);
    make_fixtures();
    CHECK(checked == fixture_count);
}

TEST_MAIN(TEST_CASE(current), TEST_CASE(refused))
