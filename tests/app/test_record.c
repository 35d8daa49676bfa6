// The career record file and the saved replays' list: matches add up per difficulty, online and
// per map, the last twenty roll; the file round-trips; a damaged file is read as the settings'
// (one warning line, the good lines kept) and is renamed aside, never overwritten, on the next
// save; a save is whole or not at all. The replays list newest first and mark damaged files by
// their header.
#include "test.h"
#include "test_files.h"

#include "arena/ae_output.h"
#include "record_file.h"
#include "replay_list.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

static char scratch[64];

static bool make_scratch(void) {
    return test_scratch(scratch, sizeof scratch, "record");
}

static record_match match(const char *map, int difficulty, bool online, int place, int kills,
                          int damage, double survived) {
    record_match m;
    record_match_at(&m, (time_t)1800000000);
    snprintf(m.map, sizeof m.map, "%s", map);
    m.difficulty = difficulty;
    m.online = online;
    m.place = place;
    m.agents = 30;
    m.kills = kills;
    m.damage = damage;
    m.survived_s = survived;
    return m;
}

// Matches add up; the list is newest first and keeps the last twenty; the file round-trips.
static void test_round_trip(void) {
    REQUIRE(make_scratch());
    record_book r;
    record_clear(&r);
    record_match m = match("arena", RECORD_NORMAL, false, 1, 5, 420, 300.25);
    snprintf(m.replay, sizeof m.replay, "arena-2027-01-15-0900-arena.arp");
    record_add(&r, &m);
    m = match("ruins", RECORD_HARD, false, 4, 2, 150, 120.0);
    record_add(&r, &m);
    m = match("arena", RECORD_EASY, true, 12, 0, 30, 45.5);
    record_add(&r, &m);
    CHECK(r.all.matches == 3 && r.all.wins == 1 && r.all.top5 == 2 && r.all.kills == 7);
    CHECK(r.all.damage == 600 && r.all.longest_s == 300.25);
    CHECK(r.group[RECORD_NORMAL].matches == 1 && r.group[RECORD_NORMAL].wins == 1);
    CHECK(r.group[RECORD_HARD].top5 == 1 && r.group[RECORD_EASY].matches == 0);
    CHECK(r.group[RECORD_ONLINE].matches == 1 && r.group[RECORD_ONLINE].damage == 30);
    REQUIRE(r.map_count == 2);
    CHECK_STR(r.map_name[0], "arena");
    CHECK(r.map[0].matches == 2 && r.map[1].matches == 1 && r.map[1].kills == 2);
    REQUIRE(r.last_count == 3);
    CHECK(r.last[0].online && r.last[0].place == 12 && r.last[2].place == 1);
    CHECK_STR(r.last[2].replay, "arena-2027-01-15-0900-arena.arp");

    char path[128], kept[256], warning[RECORD_WARNING_MAX];
    snprintf(path, sizeof path, "%s/record.txt", scratch);
    ae_error err;
    REQUIRE(record_save(&r, path, kept, sizeof kept, &err));
    CHECK(kept[0] == '\0');
    record_book back;
    bool missing = true;
    CHECK(record_load(&back, path, warning, sizeof warning, &missing));
    CHECK(!missing && warning[0] == '\0');
    static char a[RECORD_TEXT_MAX], b[RECORD_TEXT_MAX];
    const size_t na = record_format(&r, a, sizeof a), nb = record_format(&back, b, sizeof b);
    CHECK(na == nb && !memcmp(a, b, na));
    CHECK(strstr(a, "\nall = 3 1 2 7 600 300.2\n") || strstr(a, "\nall = 3 1 2 7 600 300.3\n"));
    CHECK(strstr(a, "match.1 = ") && strstr(a, " arena easy online 12 30 0 30 45.5 -\n"));
    CHECK(strstr(a, " arena normal offline 1 30 5 420 300.2 arena-2027-01-15-0900-arena.arp\n") ||
          strstr(a, " arena normal offline 1 30 5 420 300.3 arena-2027-01-15-0900-arena.arp\n"));

    // Twenty-five more: the last twenty stay, the newest first; the totals count all.
    for (int k = 0; k < 25; k++) {
        m = match("islands", RECORD_MIXED, false, 2 + k, k, 10 * k, (double)k);
        record_add(&back, &m);
    }
    CHECK(back.all.matches == 28 && back.last_count == RECORD_LAST);
    CHECK(back.last[0].place == 26 && back.last[RECORD_LAST - 1].place == 7);
    CHECK(back.group[RECORD_MIXED].matches == 25 && back.group[RECORD_MIXED].top5 == 4);
    test_remove_tree(scratch);
}

/// Loads text as the record file: the warning it gives (or "") and what was kept.
static bool load_text(const char *text, record_book *r, char *warning, size_t n) {
    char path[128];
    snprintf(path, sizeof path, "%s/record.txt", scratch);
    if (!test_write_file(path, text, strlen(text))) return false;
    return record_load(r, path, warning, n, NULL);
}

// A damaged file, as the settings' are: the lines that read are kept, one warning names the
// first problem and counts the rest; the next save renames it aside (its bytes intact) before
// writing, and a later save does not again.
static void test_damaged(void) {
    REQUIRE(make_scratch());
    char path[128], warning[RECORD_WARNING_MAX], want[512], kept[256];
    snprintf(path, sizeof path, "%s/record.txt", scratch);
    record_book r;
    static const struct {
        const char *text, *warning;
    } cases[] = {
        {"all = 3 1 2 7 600 300.5\nwins = 4\n", "unknown key wins (line 2)"},
        {"all = 3 4 2 7 600 300.5\n",
         "all must be six figures (matches wins top5 kills damage longest_s), not 3 4 2 7 600 "
         "300.5 (line 1)"},
        {"all = 3 1 2 7 600 300.5\nall = 1 0 0 0 0 1\n",
         "all is given twice; line 1 counts (line 2)"},
        {"all = 3 1 2 7 600 300.5\nmatch.1 = yesterday\nmatch.2 = x\x01y\n",
         "match.1 must be: date time map difficulty online|offline place agents kills damage "
         "seconds replay|-, not yesterday (line 2; 1 more problem)"},
        {"all = 3 1 2 7 600 300.5\nnormal = 1 0 0 0 0",
         "last line cut short (no newline at its end) (line 2)"},
        {"", "is empty"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        CHECK(!load_text(cases[k].text, &r, warning, sizeof warning));
        snprintf(want, sizeof want, "%s: %s", path, cases[k].warning);
        CHECK_STR(warning, want);
        CHECK(r.keep_damaged);
        // The good line before the bad ones is kept.
        if (k != 1 && k + 1 < sizeof cases / sizeof cases[0])
            CHECK(r.all.matches == 3 && r.all.wins == 1);
    }
    // A line too long, binary bytes.
    char longline[400];
    memset(longline, 'a', sizeof longline);
    memcpy(longline, "all = ", 6);
    longline[sizeof longline - 2] = '\n';
    longline[sizeof longline - 1] = '\0';
    CHECK(!load_text(longline, &r, warning, sizeof warning));
    CHECK(strstr(warning, "line longer than 255 bytes (line 1)") != NULL);

    // Saving over the damaged file keeps it aside, byte for byte, then writes the record.
    const char *damaged = "all = 3 1 2 7 600 300.5\nmatch.1 = 2026-11-28 15:04 arena hardest\n";
    CHECK(!load_text(damaged, &r, warning, sizeof warning));
    record_match m = match("arena", RECORD_HARD, false, 2, 1, 80, 60.0);
    record_add(&r, &m);
    ae_error err;
    REQUIRE(record_save(&r, path, kept, sizeof kept, &err));
    snprintf(want, sizeof want, "%s.damaged", path);
    CHECK_STR(kept, want);
    char got[512];
    long n = test_read_file(want, got, sizeof got);
    CHECK(n == (long)strlen(damaged) && !memcmp(got, damaged, (size_t)n));
    record_book back;
    CHECK(record_load(&back, path, warning, sizeof warning, NULL));
    CHECK(back.all.matches == 4 && back.last_count == 1 && !back.keep_damaged);
    // Saved again: nothing more kept aside.
    REQUIRE(record_save(&r, path, kept, sizeof kept, &err));
    CHECK(kept[0] == '\0' && test_files_in(scratch) == 2);
    // A second damaged file finds the first one's name taken: -2.
    CHECK(!load_text("junk\n", &r, warning, sizeof warning));
    REQUIRE(record_save(&r, path, kept, sizeof kept, &err));
    snprintf(want, sizeof want, "%s.damaged-2", path);
    CHECK_STR(kept, want);
    CHECK(test_files_in(scratch) == 3);

    // Missing: a first run, no warning kept aside.
    snprintf(path, sizeof path, "%s/none.txt", scratch);
    bool missing = false;
    CHECK(!record_load(&r, path, warning, sizeof warning, &missing));
    CHECK(missing && !r.keep_damaged);
    // A directory is not read, not renamed, not written over.
    snprintf(path, sizeof path, "%s/dir.txt", scratch);
    REQUIRE(mkdir(path, 0755) == 0);
    CHECK(!record_load(&r, path, warning, sizeof warning, &missing));
    CHECK(!missing && !r.keep_damaged && strstr(warning, "is a directory"));
    CHECK(!record_save(&r, path, kept, sizeof kept, &err));
    struct stat st;
    CHECK(stat(path, &st) == 0 && S_ISDIR(st.st_mode) && kept[0] == '\0');
    test_remove_tree(scratch);
}

static ssize_t full_disk(int fd, const void *data, size_t size) {
    (void)fd;
    (void)data;
    (void)size;
    errno = ENOSPC;
    return -1;
}

// A save that fails (a full disk) leaves the old file whole and no temporary file behind.
static void test_atomic(void) {
    REQUIRE(make_scratch());
    char path[128], kept[256], got[64];
    snprintf(path, sizeof path, "%s/record.txt", scratch);
    REQUIRE(test_write_file(path, "all = 1 0 0 0 0 1.0\n", 20));
    record_book r;
    char warning[RECORD_WARNING_MAX];
    REQUIRE(record_load(&r, path, warning, sizeof warning, NULL));
    record_match m = match("arena", RECORD_EASY, false, 1, 3, 90, 200.0);
    record_add(&r, &m);
    ae_error err;
    ae_output_set_write_hook(full_disk);
    CHECK(!record_save(&r, path, kept, sizeof kept, &err));
    ae_output_set_write_hook(NULL);
    CHECK_STR(err.msg, "cannot write: No space left on device");
    CHECK(test_read_file(path, got, sizeof got) == 20 && !memcmp(got, "all = 1 0 0 0 0 1.0\n", 20));
    CHECK(test_files_in(scratch) == 1);
    CHECK(record_save(&r, path, kept, sizeof kept, &err));
    REQUIRE(record_load(&r, path, warning, sizeof warning, NULL));
    CHECK(r.all.matches == 2 && r.all.wins == 1);
    test_remove_tree(scratch);
}

/// Copies a file; false when it cannot.
static bool copy(const char *from, const char *to, long cut) {
    static char buf[1 << 20];
    long n = test_read_file(from, buf, sizeof buf);
    return n > 0 && test_write_file(to, buf, (size_t)(cut > 0 && cut < n ? cut : n));
}

static bool set_time(const char *path, time_t t) {
    struct timeval tv[2] = {{t, 0}, {t, 0}};
    return utimes(path, tv) == 0;
}

// The replays folder: *.arp regular files only, newest first, a damaged one marked by its
// header's reason; a missing folder lists nothing.
static void test_replay_list(void) {
    REQUIRE(make_scratch());
    replay_list l;
    ae_error err;
    char dir[128], p[256];
    snprintf(dir, sizeof dir, "%s/replays", scratch);
    CHECK(replay_list_read(&l, dir, &err) && l.count == 0);
    REQUIRE(mkdir(dir, 0755) == 0);
    const char *golden = ARENA_SOURCE_DIR "/tests/replays/arena-s11.arp";
    const char *names[] = {"arena-2026-11-01-1000-arena.arp", "arena-2026-11-02-1000-ruins.arp",
                           "arena-2026-11-03-1000-arena.arp", "cut.arp", "text.arp"};
    const time_t times[] = {1000, 3000, 2000, 2500, 500};
    for (int k = 0; k < 5; k++) {
        snprintf(p, sizeof p, "%s/%s", dir, names[k]);
        if (k == 4)
            REQUIRE(test_write_file(p, "not a replay\n", 13));
        else
            REQUIRE(copy(golden, p, k == 3 ? 100 : 0));
        REQUIRE(set_time(p, times[k]));
    }
    snprintf(p, sizeof p, "%s/notes.txt", dir); // not a replay's name
    REQUIRE(test_write_file(p, "x", 1));
    snprintf(p, sizeof p, "%s/folder.arp", dir); // not a file
    REQUIRE(mkdir(p, 0755) == 0);
    REQUIRE(replay_list_read(&l, dir, &err));
    REQUIRE(l.count == 5);
    CHECK(l.more == 0);
    CHECK_STR(l.entry[0].name, "arena-2026-11-02-1000-ruins.arp");
    CHECK_STR(l.entry[1].name, "cut.arp");
    CHECK_STR(l.entry[2].name, "arena-2026-11-03-1000-arena.arp");
    CHECK_STR(l.entry[3].name, "arena-2026-11-01-1000-arena.arp");
    CHECK_STR(l.entry[4].name, "text.arp");
    CHECK(!l.entry[0].damaged && !l.entry[2].damaged && !l.entry[3].damaged);
    CHECK(l.entry[1].damaged && strstr(l.entry[1].reason, "truncated at byte 100"));
    CHECK(l.entry[4].damaged && strstr(l.entry[4].reason, "not an Arena replay"));
    CHECK(l.entry[0].mtime == 3000);
    test_remove_tree(scratch);
}

TEST_MAIN(TEST_CASE(round_trip), TEST_CASE(damaged), TEST_CASE(atomic), TEST_CASE(replay_list))
