// "Save replay": dated names never reused, the replays/ folder made when missing, nothing
// replaced and nothing half-written, one clear reason when it cannot be done.
#include "test.h"
#include "test_files.h"

#include "replay_save.h"
#include "arena/ae_output.h"

#include <dirent.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#define HOME ARENA_BIN_DIR "/replay_save_home/"

/// 2026-11-24 06:15 local time.
static time_t when(void) {
    struct tm t = {0};
    t.tm_year = 2026 - 1900;
    t.tm_mon = 10;
    t.tm_mday = 24;
    t.tm_hour = 6;
    t.tm_min = 15;
    t.tm_isdst = -1;
    return mktime(&t);
}

static void test_names(void) {
    char name[96];
    replay_save_name(name, sizeof name, when(), "/usr/share/arena/assets/maps/ruins.png", 1);
    CHECK_STR(name, "arena-2026-11-24-0615-ruins.arp");
    replay_save_name(name, sizeof name, when(), "ruins.png", 3);
    CHECK_STR(name, "arena-2026-11-24-0615-ruins-3.arp");
    replay_save_name(name, sizeof name, when(), "C:\\maps\\My map (v2).final.png", 1);
    CHECK_STR(name, "arena-2026-11-24-0615-My_map__v2__final.arp");
    replay_save_name(name, sizeof name, when(), "../\n\x1b[31m.png", 1); // nothing odd gets through
    CHECK_STR(name, "arena-2026-11-24-0615-___31m.arp");
    replay_save_name(name, sizeof name, when(), "", 2);
    CHECK_STR(name, "arena-2026-11-24-0615-map-2.arp");
    replay_save_name(name, sizeof name, when(), "a-very-long-map-name-that-goes-on-and-on.png", 1);
    CHECK_STR(name, "arena-2026-11-24-0615-a-very-long-map-name-that-goes-o.arp");
}

static bool holds(const char *path, const char *want) {
    char got[64] = "";
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    size_t n = fread(got, 1, sizeof got - 1, f);
    fclose(f);
    got[n] = 0;
    return !strcmp(got, want);
}

static void clean(void) {
    if (system("rm -rf '" HOME "' && mkdir -p '" HOME "'") != 0) fprintf(stderr, "cannot clean\n");
}

static void test_save(void) {
    clean();
    char path[512];
    ae_error err;
    const uint8_t *data = (const uint8_t *)"first";
    REQUIRE(replay_save(data, 5, HOME, when(), "ruins.png", path, sizeof path, &err));
    CHECK_STR(path, HOME "replays/arena-2026-11-24-0615-ruins.arp"); // the folder was made
    CHECK(holds(path, "first"));
    // The name is taken: the next one, the first left as it was.
    REQUIRE(replay_save((const uint8_t *)"second", 6, HOME, when(), "ruins.png", path, sizeof path,
                        &err));
    CHECK_STR(path, HOME "replays/arena-2026-11-24-0615-ruins-2.arp");
    CHECK(holds(HOME "replays/arena-2026-11-24-0615-ruins.arp", "first"));
    // Whatever holds a name (a file of someone's, a folder) is passed over, never replaced.
    FILE *f = fopen(HOME "replays/arena-2026-11-24-0615-ruins-3.arp", "wb");
    REQUIRE(f);
    fputs("mine", f);
    fclose(f);
    REQUIRE(mkdir(HOME "replays/arena-2026-11-24-0615-ruins-4.arp", 0700) == 0);
    REQUIRE(replay_save((const uint8_t *)"third", 5, HOME, when(), "ruins.png", path, sizeof path,
                        &err));
    CHECK_STR(path, HOME "replays/arena-2026-11-24-0615-ruins-5.arp");
    CHECK(holds(HOME "replays/arena-2026-11-24-0615-ruins-3.arp", "mine"));
    CHECK(test_files_in(HOME "replays") == 5); // no temporary file left
    // Another map, another name.
    REQUIRE(replay_save(data, 5, HOME, when(), "islands.png", path, sizeof path, &err));
    CHECK_STR(path, HOME "replays/arena-2026-11-24-0615-islands.arp");
}

static ssize_t disk_full(int fd, const void *data, size_t size) {
    (void)fd;
    (void)data;
    (void)size;
    errno = ENOSPC;
    return -1;
}

static void test_refusals(void) {
    clean();
    char path[512];
    ae_error err;
    const uint8_t *data = (const uint8_t *)"bytes";
    // A full disk: the reason, and nothing left behind.
    ae_output_set_write_hook(disk_full);
    CHECK(!replay_save(data, 5, HOME, when(), "ruins.png", path, sizeof path, &err));
    ae_output_set_write_hook(NULL);
    CHECK_STR(err.msg, "cannot write: No space left on device");
    CHECK(test_files_in(HOME "replays") == 0);
    // replays/ is a file: said so, the file untouched.
    clean();
    FILE *f = fopen(HOME "replays", "wb");
    REQUIRE(f);
    fputs("not a folder", f);
    fclose(f);
    CHECK(!replay_save(data, 5, HOME, when(), "ruins.png", path, sizeof path, &err));
    CHECK_STR(err.msg, HOME "replays is not a folder");
    CHECK(holds(HOME "replays", "not a folder"));
    // The per-user folder is gone.
    CHECK(!replay_save(data, 5, HOME "gone/", when(), "ruins.png", path, sizeof path, &err));
    CHECK_STR(err.msg, "cannot make the folder " HOME "gone/replays: No such file or directory");
    // A path that does not fit is refused whole, never cut.
    char small[32];
    clean();
    CHECK(!replay_save(data, 5, HOME, when(), "ruins.png", small, sizeof small, &err));
    CHECK_STR(err.msg, "path too long");
    CHECK(test_files_in(HOME "replays") == 0);
    if (geteuid() != 0) { // root writes anywhere
        REQUIRE(chmod(HOME "replays", 0500) == 0);
        CHECK(!replay_save(data, 5, HOME, when(), "ruins.png", path, sizeof path, &err));
        CHECK(strstr(err.msg, "Permission denied") != NULL);
        chmod(HOME "replays", 0700);
    }
}

TEST_MAIN(TEST_CASE(names), TEST_CASE(save), TEST_CASE(refusals))
