// Files in and out, and names in messages: ae_file (inputs that are not regular files are refused
// without blocking), ae_output (outputs checked up front, never onto a FIFO or a device, write
// errors with their cause, nothing left behind) and ae_quote. FIFOs and links are made at test
// time in a temporary folder; /dev/null stands for a device and is only ever checked, never
// written (these tests may run as root).
#include "test.h"

#include "arena/ae_file.h"
#include "arena/ae_output.h"
#include "arena/ae_quote.h"

#include <errno.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];

static bool make_dir(void) {
    snprintf(dir, sizeof dir, "/tmp/arena-io-XXXXXX");
    // A FIFO that blocked a reader would hang the test: fail it instead.
    alarm(20);
    return mkdtemp(dir) != NULL;
}

static void remove_dir(void) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
    alarm(0);
}

static char *in_dir(const char *name) {
    static char buf[4][256];
    static int k;
    char *p = buf[k++ % 4];
    snprintf(p, 256, "%s/%s", dir, name);
    return p;
}

static bool put(const char *path, const char *text) {
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    bool ok = fputs(text, f) >= 0;
    return fclose(f) == 0 && ok;
}

static bool holds(const char *path, const char *text) {
    char buf[256] = "";
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return !strcmp(buf, text);
}

/// Entries in the folder besides . and .. (a leftover temporary file shows up here).
static int entries(void) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "ls -A '%s' | wc -l", dir);
    FILE *p = popen(cmd, "r");
    int n = -1;
    if (p && fscanf(p, "%d", &n) != 1) n = -1;
    if (p) pclose(p);
    return n;
}

static void test_quote(void) {
    char buf[64];
    const char *clean[] = {"map.png", "/tmp/a b/c", "caf\xc3\xa9 \xe6\x97\xa5.png", "a\\n", "x\"y"};
    for (size_t i = 0; i < sizeof clean / sizeof clean[0]; i++)
        CHECK(ae_quote(clean[i], buf, sizeof buf) == clean[i]); // shown as it is, not copied
    static const struct {
        const char *name, *shown;
    } quoted[] = {
        {"a\nb", "\"a\\nb\""},
        {"\x1b[2J", "\"\\x1b[2J\""},
        {"tab\there", "\"tab\\there\""},
        {"cr\r", "\"cr\\r\""},
        {"del\x7f", "\"del\\x7f\""},
        {"c1 \xc2\x9b", "\"c1 \\xc2\\x9b\""},     // a UTF-8 C1 control (CSI)
        {"bad \xff utf8", "\"bad \\xff utf8\""},  // not UTF-8
        {"half \xe6\x97", "\"half \\xe6\\x97\""}, // a cut sequence
        {"", "\"\""},                             // an empty name is visible
        {"\"quoted\"", "\"\\\"quoted\\\"\""},     // looks quoted: quoted for real
        {"q\"\\\n", "\"q\\\"\\\\\\n\""},          // quotes and backslashes inside
        {"caf\xc3\xa9\n", "\"caf\xc3\xa9\\n\""},  // valid UTF-8 kept inside quotes
    };
    for (size_t i = 0; i < sizeof quoted / sizeof quoted[0]; i++)
        CHECK_STR(ae_quote(quoted[i].name, buf, sizeof buf), quoted[i].shown);
    // Too long to quote whole: cut with "..." inside the quotes, never past the buffer.
    char longname[200];
    memset(longname, 'x', sizeof longname - 1);
    longname[sizeof longname - 1] = '\0';
    longname[0] = '\n';
    const char *shown = ae_quote(longname, buf, sizeof buf);
    CHECK(strlen(shown) == sizeof buf - 1);
    CHECK(!strncmp(shown, "\"\\nxxx", 6) && !strcmp(shown + strlen(shown) - 4, "...\""));
    CHECK(strchr(AE_QUOTED("line\nbreak"), '\n') == NULL);
}

static void test_input_kinds(void) {
    REQUIRE(make_dir());
    uint8_t *data;
    size_t size;
    ae_error err;
    REQUIRE(mkfifo(in_dir("fifo"), 0600) == 0);
    CHECK(!ae_file_read(in_dir("fifo"), 100, &data, &size, &err)); // returns at once
    CHECK_STR(err.msg, "is a FIFO");
    CHECK(!ae_file_read(dir, 100, &data, &size, &err));
    CHECK_STR(err.msg, "is a directory");
    CHECK(!ae_file_read("/dev/null", 100, &data, &size, &err));
    CHECK_STR(err.msg, "is a device");
    CHECK(!ae_file_read(in_dir("none"), 100, &data, &size, &err));
    CHECK_STR(err.msg, "cannot open: No such file or directory");
    REQUIRE(symlink("fifo", in_dir("link-to-fifo")) == 0);
    CHECK(!ae_file_read(in_dir("link-to-fifo"), 100, &data, &size, &err));
    CHECK_STR(err.msg, "is a FIFO");
    uint64_t n;
    CHECK(ae_file_open(in_dir("fifo"), &n, &err) < 0);
    CHECK_STR(err.msg, "is a FIFO");
    // Regular files, through a link too; the size limit; an empty file.
    REQUIRE(put(in_dir("ten"), "0123456789"));
    REQUIRE(symlink("ten", in_dir("link")) == 0);
    REQUIRE(ae_file_read(in_dir("link"), 10, &data, &size, &err));
    CHECK(size == 10 && !memcmp(data, "0123456789", 10));
    ae_free(data, size);
    CHECK(!ae_file_read(in_dir("ten"), 9, &data, &size, &err));
    CHECK_STR(err.msg, "file too large: 10 bytes (at most 9)");
    REQUIRE(put(in_dir("empty"), ""));
    REQUIRE(ae_file_read(in_dir("empty"), 9, &data, &size, &err));
    CHECK(data == NULL && size == 0);
    int fd = ae_file_open(in_dir("ten"), &n, &err);
    CHECK(fd >= 0 && n == 10);
    if (fd >= 0) close(fd);
    CHECK(ae_live_bytes() == 0);
    remove_dir();
}

static void test_output_refusals(void) {
    REQUIRE(make_dir());
    ae_error err;
    REQUIRE(mkfifo(in_dir("fifo"), 0600) == 0);
    CHECK(!ae_output_check(in_dir("fifo"), NULL, 0, &err));
    CHECK_STR(err.msg, "is a FIFO");
    struct stat st;
    CHECK(stat(in_dir("fifo"), &st) == 0 && S_ISFIFO(st.st_mode));
    // As root too, /dev/null is never replaced; a link to it is the device.
    CHECK(!ae_output_check("/dev/null", NULL, 0, &err));
    CHECK_STR(err.msg, "is a device");
    REQUIRE(symlink("/dev/null", in_dir("null")) == 0);
    CHECK(!ae_output_check(in_dir("null"), NULL, 0, &err));
    CHECK_STR(err.msg, "is a device");
    CHECK(stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));
    CHECK(!ae_output_create("/dev/null", &err));
    CHECK(stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));
    CHECK(!ae_output_check(dir, NULL, 0, &err));
    CHECK_STR(err.msg, "is a directory");
    CHECK(!ae_output_check("", NULL, 0, &err));
    CHECK_STR(err.msg, "empty output path");
    CHECK(!ae_output_check(in_dir("no/x.arp"), NULL, 0, &err));
    CHECK_STR(err.msg, "its directory does not exist");
    REQUIRE(put(in_dir("file"), "mine"));
    CHECK(!ae_output_check(in_dir("file/x.arp"), NULL, 0, &err));
    CHECK_STR(err.msg, "a part of its directory is not a directory");
    char name[300];
    memset(name, 'n', 256);
    name[256] = '\0';
    char path[400];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    CHECK(!ae_output_check(path, NULL, 0, &err));
    CHECK_STR(err.msg, "file name too long (256 bytes, at most 255)");
    // The input under another name: a hard link, a symbolic link.
    char input_path[256]; // in_dir's buffers are reused
    snprintf(input_path, sizeof input_path, "%s", in_dir("file"));
    const char *input = input_path;
    REQUIRE(link(input, in_dir("hard")) == 0);
    REQUIRE(symlink("file", in_dir("soft")) == 0);
    char want[256];
    snprintf(want, sizeof want, "would overwrite the input file %s", input);
    CHECK(!ae_output_check(in_dir("hard"), &input, 1, &err));
    CHECK_STR(err.msg, want);
    CHECK(!ae_output_check(in_dir("soft"), &input, 1, &err));
    CHECK_STR(err.msg, want);
    // A folder that takes no new files is found by the check (root writes anywhere).
    if (geteuid() != 0) {
        REQUIRE(mkdir(in_dir("ro"), 0555) == 0);
        CHECK(!ae_output_check(in_dir("ro/x.png"), NULL, 0, &err));
        CHECK_STR(err.msg, "cannot create a file in its directory: Permission denied");
    }
    // Checks that pass leave nothing behind either.
    CHECK(ae_output_check(in_dir("new.png"), &input, 1, &err));
    CHECK(holds(input, "mine"));
    CHECK(entries() == (geteuid() != 0 ? 6 : 5)); // fifo null file hard soft [ro]
    remove_dir();
}

static int fail_errno;
static ssize_t failing_write(int fd, const void *data, size_t size) {
    // Half of the first write lands, then the disk is full.
    static size_t written;
    if (written == 0 && size > 1) {
        written = size / 2;
        return write(fd, data, written);
    }
    errno = fail_errno;
    return -1;
}

static void test_output_write_errors(void) {
    REQUIRE(make_dir());
    REQUIRE(put(in_dir("out.arp"), "the old one"));
    ae_error err;
    ae_output *o;
    fail_errno = ENOSPC;
    ae_output_set_write_hook(failing_write);
    REQUIRE((o = ae_output_create(in_dir("out.arp"), &err)));
    CHECK(entries() == 2); // the target and the temporary file beside it
    CHECK(!ae_output_write(o, "new bytes", 9));
    CHECK(ae_output_write_errno(o) == ENOSPC);
    CHECK(!ae_output_commit(o, &err));
    ae_output_destroy(o);
    ae_output_set_write_hook(NULL);
    CHECK_STR(err.msg, "cannot write: No space left on device");
    CHECK(holds(in_dir("out.arp"), "the old one"));
    CHECK(entries() == 1);
    // Destroyed without a commit (an encoder that gave up), it leaves the target as it was too.
    REQUIRE((o = ae_output_create(in_dir("out.arp"), &err)));
    CHECK(ae_output_write(o, "x", 1));
    ae_output_destroy(o);
    CHECK(holds(in_dir("out.arp"), "the old one"));
    CHECK(entries() == 1);
    // And a write that works replaces it whole.
    REQUIRE((o = ae_output_create(in_dir("out.arp"), &err)));
    CHECK(ae_output_write(o, "the new one", 11));
    CHECK(ae_output_commit(o, &err));
    ae_output_destroy(o);
    CHECK(holds(in_dir("out.arp"), "the new one"));
    CHECK(entries() == 1);
    remove_dir();
}

// An output destroyed without a commit removes its temporary file, leaves the target as it was
// (or absent) and gives its memory back; a failed create leaves nothing; NULL is allowed.
static void test_output_destroy(void) {
    REQUIRE(make_dir());
    REQUIRE(put(in_dir("old.arp"), "the old one"));
    ae_error err;
    const size_t before = ae_live_bytes();
    ae_output *o;
    REQUIRE((o = ae_output_create(in_dir("old.arp"), &err)));
    CHECK(ae_live_bytes() > before); // the output is the engine's
    CHECK(ae_output_write(o, "the new one", 11));
    CHECK(entries() == 2); // the target and the temporary file beside it
    ae_output_destroy(o);
    CHECK(holds(in_dir("old.arp"), "the old one"));
    CHECK(entries() == 1);
    CHECK(ae_live_bytes() == before);
    // A target that did not exist still does not.
    REQUIRE((o = ae_output_create(in_dir("new.arp"), &err)));
    CHECK(ae_output_write(o, "never", 5));
    CHECK(entries() == 2);
    ae_output_destroy(o);
    struct stat st;
    CHECK(lstat(in_dir("new.arp"), &st) != 0 && errno == ENOENT);
    CHECK(entries() == 1);
    // A create that fails returns NULL, with its reason, and takes nothing.
    CHECK(!ae_output_create(in_dir("old.arp/x"), &err));
    CHECK_STR(err.msg, "a part of its directory is not a directory");
    CHECK(entries() == 1);
    CHECK(ae_live_bytes() == before);
    ae_output_destroy(NULL);
    remove_dir();
}

// The target turned into a FIFO (or a directory) while the output was being made: not replaced.
static void test_output_target_changed(void) {
    REQUIRE(make_dir());
    ae_error err;
    ae_output *o;
    REQUIRE((o = ae_output_create(in_dir("out.png"), &err)));
    CHECK(ae_output_write(o, "png", 3));
    REQUIRE(mkfifo(in_dir("out.png"), 0600) == 0);
    CHECK(!ae_output_commit(o, &err));
    ae_output_destroy(o);
    CHECK_STR(err.msg, "is a FIFO");
    struct stat st;
    CHECK(stat(in_dir("out.png"), &st) == 0 && S_ISFIFO(st.st_mode));
    CHECK(entries() == 1);
    REQUIRE((o = ae_output_create(in_dir("other.png"), &err)));
    REQUIRE(mkdir(in_dir("other.png"), 0700) == 0);
    CHECK(!ae_output_commit(o, &err));
    ae_output_destroy(o);
    CHECK_STR(err.msg, "is a directory");
    CHECK(entries() == 2);
    remove_dir();
}

// A link as the target: the file it names gets the output, the link stays a link.
static void test_output_symlink(void) {
    REQUIRE(make_dir());
    REQUIRE(mkdir(in_dir("real"), 0700) == 0);
    REQUIRE(put(in_dir("real/shot.png"), "old"));
    REQUIRE(symlink("real/shot.png", in_dir("shot.png")) == 0);
    ae_error err;
    ae_output *o;
    CHECK(ae_output_check(in_dir("shot.png"), NULL, 0, &err));
    REQUIRE((o = ae_output_create(in_dir("shot.png"), &err)));
    CHECK(ae_output_write(o, "new", 3));
    CHECK(ae_output_commit(o, &err));
    ae_output_destroy(o);
    struct stat st;
    CHECK(lstat(in_dir("shot.png"), &st) == 0 && S_ISLNK(st.st_mode));
    CHECK(holds(in_dir("real/shot.png"), "new"));
    REQUIRE(symlink("nowhere/x.png", in_dir("dangling.png")) == 0);
    CHECK(!ae_output_check(in_dir("dangling.png"), NULL, 0, &err));
    CHECK_STR(err.msg, "cannot follow the symbolic link: No such file or directory");
    CHECK(entries() == 3);
    remove_dir();
}

// A path longer than any fixed buffer is written where it says, or refused whole.
static char *repeated_path(int dots, const char *name) {
    size_t cap = strlen(dir) + 2 * (size_t)dots + strlen(name) + 2;
    char *p = malloc(cap);
    if (!p) return NULL;
    int n = snprintf(p, cap, "%s/", dir);
    for (int i = 0; i < dots; i++) n += snprintf(p + n, cap - (size_t)n, "./");
    snprintf(p + n, cap - (size_t)n, "%s", name);
    return p;
}

static void test_output_long_path(void) {
    REQUIRE(make_dir());
    REQUIRE(put(in_dir("m.png"), "the map"));
    // The case: DIR/././.../m.png.rpl, over 1024 bytes, beside the map m.png; cut at
    // 1023 bytes it would have named the map.
    char *path = repeated_path(505, "m.png.rpl");
    REQUIRE(path);
    CHECK(strlen(path) > 1024);
    char input_path[256];
    snprintf(input_path, sizeof input_path, "%s", in_dir("m.png"));
    const char *input = input_path;
    ae_error err;
    ae_output *o;
    CHECK(ae_output_check(path, &input, 1, &err));
    REQUIRE((o = ae_output_create(path, &err)));
    CHECK(ae_output_write(o, "replay", 6));
    CHECK(ae_output_commit(o, &err));
    ae_output_destroy(o);
    CHECK(holds(in_dir("m.png.rpl"), "replay"));
    CHECK(holds(input, "the map"));
    uint8_t *data;
    size_t size;
    REQUIRE(ae_file_read(path, 100, &data, &size, &err));
    CHECK(size == 6 && !memcmp(data, "replay", 6));
    ae_free(data, size);
    free(path);
    // Past the system's limit on paths: refused whole, with the cause.
    path = repeated_path(2100, "m.png.rpl");
    REQUIRE(path);
    CHECK(!ae_output_check(path, NULL, 0, &err));
    CHECK_STR(err.msg, "cannot use its directory: File name too long");
    CHECK(!ae_file_read(path, 100, &data, &size, &err));
    CHECK_STR(err.msg, "cannot open: File name too long");
    free(path);
    CHECK(entries() == 2);
    remove_dir();
}

// A file that must be new (the frames of an export): it takes its name only if nothing has it.
static void test_output_new(void) {
    REQUIRE(make_dir());
    ae_error err;
    ae_output *o;
    REQUIRE((o = ae_output_create(in_dir("frame_0.png"), &err)));
    CHECK(ae_output_write(o, "first", 5));
    CHECK(ae_output_commit_new(o, NULL, &err));
    ae_output_destroy(o);
    CHECK(holds(in_dir("frame_0.png"), "first"));
    CHECK(entries() == 1); // no temporary file left
    // A file that appeared while the output was made keeps its bytes; ours goes.
    REQUIRE((o = ae_output_create(in_dir("frame_1.png"), &err)));
    CHECK(ae_output_write(o, "second", 6));
    REQUIRE(put(in_dir("frame_1.png"), "someone else's"));
    bool taken = false; // the caller may try another name
    CHECK(!ae_output_commit_new(o, &taken, &err) && taken);
    ae_output_destroy(o);
    CHECK_STR(err.msg, "already exists (it is never overwritten)");
    CHECK(holds(in_dir("frame_1.png"), "someone else's"));
    CHECK(entries() == 2);
    // So does a FIFO, and the name that was taken before the output began.
    REQUIRE((o = ae_output_create(in_dir("frame_2.png"), &err)));
    REQUIRE(mkfifo(in_dir("frame_2.png"), 0600) == 0);
    CHECK(!ae_output_commit_new(o, NULL, &err));
    ae_output_destroy(o);
    CHECK_STR(err.msg, "already exists (it is never overwritten)");
    struct stat st;
    CHECK(stat(in_dir("frame_2.png"), &st) == 0 && S_ISFIFO(st.st_mode));
    REQUIRE((o = ae_output_create(in_dir("frame_0.png"), &err)));
    CHECK(!ae_output_commit_new(o, NULL, &err));
    ae_output_destroy(o);
    CHECK(holds(in_dir("frame_0.png"), "first"));
    CHECK(entries() == 3);
    // A failed write says why and leaves no file.
    fail_errno = EIO;
    ae_output_set_write_hook(failing_write);
    REQUIRE((o = ae_output_create(in_dir("frame_3.png"), &err)));
    CHECK(!ae_output_write(o, "x", 1));
    CHECK(!ae_output_commit_new(o, &taken, &err) && !taken);
    ae_output_destroy(o);
    ae_output_set_write_hook(NULL);
    CHECK_STR(err.msg, "cannot write: Input/output error");
    CHECK(entries() == 3);
    remove_dir();
}

// A file system without hard links (the browser's refuses every link with EMLINK, FAT with
// EPERM): a file that must be new still takes its name whole, and still never replaces one.
static int link_errno;
static int refused_link(int olddir, const char *oldname, int newdir, const char *newname) {
    (void)olddir, (void)oldname, (void)newdir, (void)newname;
    errno = link_errno;
    return -1;
}

static void test_output_new_without_links(void) {
    REQUIRE(make_dir());
    ae_output_set_link_hook(refused_link);
    static const int no_links[] = {EMLINK, EPERM, EOPNOTSUPP, ENOSYS, EXDEV};
    ae_error err;
    ae_output *o;
    char name[32];
    for (size_t i = 0; i < sizeof no_links / sizeof no_links[0]; i++) {
        link_errno = no_links[i];
        snprintf(name, sizeof name, "new_%zu.arp", i);
        REQUIRE((o = ae_output_create(in_dir(name), &err)));
        CHECK(ae_output_write(o, "complete", 8));
        bool taken = true;
        CHECK(ae_output_commit_new(o, &taken, &err) && !taken);
        ae_output_destroy(o);
        CHECK(holds(in_dir(name), "complete"));
        CHECK(entries() == (int)i + 1); // no temporary file or claim left
    }
    // A name that appeared while the output was made keeps its bytes; ours goes.
    link_errno = EMLINK;
    REQUIRE((o = ae_output_create(in_dir("taken.arp"), &err)));
    CHECK(ae_output_write(o, "ours", 4));
    REQUIRE(put(in_dir("taken.arp"), "someone else's"));
    bool taken = false;
    CHECK(!ae_output_commit_new(o, &taken, &err) && taken);
    ae_output_destroy(o);
    CHECK_STR(err.msg, "already exists (it is never overwritten)");
    CHECK(holds(in_dir("taken.arp"), "someone else's"));
    CHECK(entries() == 6);
    // Any other failure of the link is reported as it is, with nothing left behind.
    link_errno = EACCES;
    REQUIRE((o = ae_output_create(in_dir("denied.arp"), &err)));
    CHECK(ae_output_write(o, "x", 1));
    CHECK(!ae_output_commit_new(o, &taken, &err) && !taken);
    ae_output_destroy(o);
    CHECK_STR(err.msg, "cannot write: Permission denied");
    CHECK(entries() == 6);
    ae_output_set_link_hook(NULL);
    remove_dir();
}

// The folder an export fills: it must be there, be a folder, hold nothing and take files.
static void test_output_empty_dir(void) {
    REQUIRE(make_dir());
    ae_error err;
    CHECK(ae_output_check_empty_dir(dir, &err));
    CHECK(entries() == 0); // the check's file is gone
    CHECK(!ae_output_check_empty_dir(in_dir("missing"), &err));
    CHECK_STR(err.msg, "does not exist");
    REQUIRE(mkdir(in_dir("sub"), 0700) == 0);
    REQUIRE(symlink("sub", in_dir("link")) == 0);
    CHECK(ae_output_check_empty_dir(in_dir("link"), &err)); // a link to a folder is followed
    REQUIRE(put(in_dir("file"), "mine"));
    CHECK(!ae_output_check_empty_dir(in_dir("file"), &err));
    CHECK_STR(err.msg, "is not a directory");
    CHECK(holds(in_dir("file"), "mine"));
    CHECK(!ae_output_check_empty_dir(in_dir("file/x"), &err));
    CHECK_STR(err.msg, "cannot inspect: Not a directory");
    REQUIRE(mkfifo(in_dir("fifo"), 0600) == 0);
    CHECK(!ae_output_check_empty_dir(in_dir("fifo"), &err));
    CHECK_STR(err.msg, "is not a directory");
    CHECK(!ae_output_check_empty_dir("/dev/null", &err));
    CHECK_STR(err.msg, "is not a directory");
    CHECK(!ae_output_check_empty_dir(dir, &err)); // it holds sub, link, file and fifo now
    CHECK_STR(err.msg, "is not empty");
    REQUIRE(put(in_dir("sub/.hidden"), ""));
    CHECK(!ae_output_check_empty_dir(in_dir("sub"), &err)); // a hidden file counts
    CHECK_STR(err.msg, "is not empty");
    if (geteuid() != 0) { // root writes anywhere
        REQUIRE(mkdir(in_dir("ro"), 0555) == 0);
        CHECK(!ae_output_check_empty_dir(in_dir("ro"), &err));
        CHECK_STR(err.msg, "cannot create a file in it: Permission denied");
    }
    remove_dir();
}

TEST_MAIN(TEST_CASE(quote), TEST_CASE(input_kinds), TEST_CASE(output_refusals),
          TEST_CASE(output_write_errors), TEST_CASE(output_destroy),
          TEST_CASE(output_target_changed), TEST_CASE(output_symlink), TEST_CASE(output_long_path),
          TEST_CASE(output_new), TEST_CASE(output_new_without_links), TEST_CASE(output_empty_dir))
