// The committed damaged replays under tests/bad/replays/ (used by command-line tests): each is
// regenerated here and must match the committed bytes, and each must be refused with the reason
// its README line gives. Run with ARENA_WRITE_FIXTURES=1 to rewrite them after a format change.
#include "replay_helpers.h"
#include "test.h"

#include <stdio.h>
#include <string.h>

#define FIXTURE_DIR ARENA_SOURCE_DIR "/tests/bad/replays/"

typedef struct fixture {
    const char *name;
    char reason[128];
    uint8_t data[2048];
    size_t size;
} fixture;

enum { FIXTURE_COUNT = 10 };

static void from_small(fixture *f, const char *name) {
    uint8_t *d;
    size_t n;
    make_small_replay(&d, &n);
    AE_ASSERT(n <= sizeof f->data);
    memcpy(f->data, d, n);
    f->size = n;
    f->name = name;
    ae_free(d, n);
}

static void from_spec(fixture *f, const char *name, const spec *s, const char *reason) {
    f->name = name;
    f->size = build_spec(s, f->data, sizeof f->data);
    snprintf(f->reason, sizeof f->reason, "%s", reason);
}

static void make_fixtures(fixture *fx) {
    memset(fx, 0, FIXTURE_COUNT * sizeof *fx);
    fixture *f = fx;
    f->name = "empty.rpl";
    snprintf(f->reason, sizeof f->reason, "empty file");
    f++;
    f->name = "not-a-replay.rpl";
    f->size = strlen("This is not a replay.\n");
    memcpy(f->data, "This is not a replay.\n", f->size);
    snprintf(f->reason, sizeof f->reason, "not an Arena replay (bad magic)");
    f++;
    from_small(f, "newer-version.rpl");
    put_le32(f->data + 8, RP_FORMAT_VERSION + 1);
    snprintf(f->reason, sizeof f->reason, "replay format version %u is newer than this build (%u)",
             RP_FORMAT_VERSION + 1, RP_FORMAT_VERSION);
    f++;
    from_small(f, "older-version.rpl");
    put_le32(f->data + 8, 0);
    snprintf(f->reason, sizeof f->reason, "replay format version 0 is older than this build (%u)",
             RP_FORMAT_VERSION);
    f++;
    from_small(f, "truncated.rpl");
    snprintf(f->reason, sizeof f->reason, "truncated at byte %zu of %zu", f->size / 2, f->size);
    f->size /= 2;
    f++;
    from_small(f, "corrupt.rpl");
    f->data[f->size / 2] ^= 0x10;
    snprintf(f->reason, sizeof f->reason, "checksum mismatch (file is corrupt)");
    f++;
    spec s = default_spec();
    s.ticks = s.final_tick = 3000000000u;
    from_spec(f++, "absurd-ticks.rpl", &s, "absurd tick count 3000000000 (at most 5184000)");
    s = default_spec();
    s.claimed_runs = 2000000000u;
    from_spec(f++, "absurd-runs.rpl", &s,
              "absurd input run count 2000000000 for human 0 (120 ticks, 86 bytes left)");
    s = default_spec();
    s.event_tick[0] = 90;
    s.event_tick[1] = 40;
    from_spec(f++, "events-out-of-order.rpl", &s, "events out of order at tick 40 (after tick 90)");
    s = default_spec();
    s.humans = 0;
    from_spec(f++, "no-humans.rpl", &s, "human count 0 out of range (1..8)");
    AE_ASSERT(f == fx + FIXTURE_COUNT);
}

static void readme_text(const fixture *fx, char *buf, size_t cap) {
    size_t n = (size_t)snprintf(buf, cap,
                                "# Damaged replays for command-line tests. Each line: FILE: the "
                                "reason loading it must give.\n"
                                "# Regenerate with ARENA_WRITE_FIXTURES=1 test_replay_fixtures "
                                "current (see tests/replay/).\n");
    for (int i = 0; i < FIXTURE_COUNT; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s: %s\n", fx[i].name, fx[i].reason);
}

static bool write_file(const char *path, const void *data, size_t size) {
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fwrite(data, 1, size, f) == size;
    return fclose(f) == 0 && ok;
}

// Reads a whole small file into buf; returns its size or -1.
static long read_file(const char *path, uint8_t *buf, size_t cap) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    size_t n = fread(buf, 1, cap, f);
    fclose(f);
    return n < cap ? (long)n : -1;
}

static fixture fixtures[FIXTURE_COUNT];

static void test_current(void) {
    make_fixtures(fixtures);
    static char readme[4096];
    readme_text(fixtures, readme, sizeof readme);
    const char *write = getenv("ARENA_WRITE_FIXTURES");
    char path[512];
    static uint8_t buf[4096];
    for (int i = 0; i < FIXTURE_COUNT; i++) {
        snprintf(path, sizeof path, FIXTURE_DIR "%s", fixtures[i].name);
        if (write && write[0] == '1') REQUIRE(write_file(path, fixtures[i].data, fixtures[i].size));
        long n = read_file(path, buf, sizeof buf);
        if (n != (long)fixtures[i].size || memcmp(buf, fixtures[i].data, (size_t)n) != 0) {
            fprintf(stderr, "%s is stale or missing\n", path);
            CHECK(false);
        }
    }
    if (write && write[0] == '1') REQUIRE(write_file(FIXTURE_DIR "README", readme, strlen(readme)));
    long n = read_file(FIXTURE_DIR "README", buf, sizeof buf);
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
        rp_replay r;
        ae_error err = {{0}};
        bool loaded = rp_replay_load(path, NULL, &r, &err);
        if (loaded) rp_replay_free(&r);
        if (loaded || strcmp(err.msg, sep + 2) != 0) {
            fprintf(stderr, "%s: got '%s', want '%s'\n", line, loaded ? "loaded" : err.msg,
                    sep + 2);
            CHECK(false);
        }
        checked++;
    }
    fclose(f);
    CHECK(checked == FIXTURE_COUNT);
}

TEST_MAIN(TEST_CASE(current), TEST_CASE(refused))
