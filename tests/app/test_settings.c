// The settings file: round trips (every field, every key and pad button name), the damaged files
// of tests/bad/settings (each with its exact warning, what was still read, the file untouched),
// files made at test time (missing, a directory, a FIFO, a device, unreadable, too large), saving
// that fails, and the start-up's choice of file and warning.
#include "test.h"
#include "test_files.h"

#include "settings.h"

#include "arena/ae_output.h"
#include "options.h"
#include "sim.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define MANIFEST_DIR ARENA_SOURCE_DIR "/tests/bad/settings"

// ---- Helpers ----

static char scratch[64];

static bool make_scratch(void) {
    return test_scratch(scratch, sizeof scratch, "settings");
}

/// The names in a folder, sorted into one string, to see that nothing was added or removed.
static void list_dir(const char *dir, char *out, size_t n) {
    out[0] = '\0';
    DIR *d = opendir(dir);
    struct dirent *e;
    static char names[64][256 + 1];
    int count = 0;
    while (d && (e = readdir(d)) && count < 64) snprintf(names[count++], 257, "%s", e->d_name);
    if (d) closedir(d);
    for (int i = 0; i < count; i++) // few names: insertion sort
        for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
            char t[257];
            memcpy(t, names[j], sizeof t);
            memcpy(names[j], names[j - 1], sizeof t);
            memcpy(names[j - 1], t, sizeof t);
        }
    for (int i = 0; i < count; i++) {
        strncat(out, names[i], n - strlen(out) - 1);
        strncat(out, "/", n - strlen(out) - 1);
    }
}

/// What s holds besides the defaults, as the file would say it: `key = value` lines joined by
/// "; ", or "-" when s is the defaults.
static void describe(const settings *s, char *out, size_t n) {
    static char a[SETTINGS_TEXT_MAX], b[SETTINGS_TEXT_MAX];
    settings d;
    settings_defaults(&d);
    settings_format(s, a, sizeof a);
    settings_format(&d, b, sizeof b);
    out[0] = '\0';
    char *la = a, *lb = b;
    while (*la && *lb) {
        char *ea = strchr(la, '\n'), *eb = strchr(lb, '\n');
        if (!ea || !eb) break;
        *ea = *eb = '\0';
        if (strcmp(la, lb) != 0) {
            if (out[0]) strncat(out, "; ", n - strlen(out) - 1);
            strncat(out, la, n - strlen(out) - 1);
        }
        la = ea + 1;
        lb = eb + 1;
    }
    if (!out[0]) snprintf(out, n, "-");
}

// ---- Round trips ----

/// True when a and b write the same file (every plain setting's text reads back as itself:
/// floats in their shortest exact form) and hold the same bindings.
static bool same_settings(const settings *a, const settings *b) {
    char ta[SETTINGS_TEXT_MAX], tb[SETTINGS_TEXT_MAX];
    size_t la = settings_format(a, ta, sizeof ta), lb = settings_format(b, tb, sizeof tb);
    return la == lb && !memcmp(ta, tb, la) &&
           !memcmp(&a->bindings, &b->bindings, sizeof a->bindings);
}

static void test_round_trip(void) {
    REQUIRE(make_scratch());
    char path[128];
    snprintf(path, sizeof path, "%s/settings.txt", scratch);
    settings a, b;
    settings_defaults(&a);
    ae_error err;
    char warning[SETTINGS_WARNING_MAX];
    REQUIRE(settings_save(&a, path, &err));
    CHECK(settings_load(&b, path, warning, sizeof warning, NULL));
    CHECK_STR(warning, "");
    CHECK(same_settings(&a, &b));
    // Every field away from its default.
    a.master_volume = 0;
    a.effects_volume = 55;
    a.muted = a.fullscreen = a.onboarding_done = true;
    a.vsync = false;
    a.difficulty = -1;
    a.bots = 99;
    snprintf(a.map, sizeof a.map, "islands");
    a.zoom_min = 0.7f;
    a.zoom_max = 1.3f;
    a.bindings.keys[BIND_FIRE][1] = SDL_SCANCODE_J;
    a.bindings.keys[BIND_UP][0] = SDL_SCANCODE_UNKNOWN;
    a.bindings.pad[BIND_BLINK][1] = SDL_CONTROLLER_BUTTON_INVALID;
    a.bindings.pad[BIND_MUTE][0] = SDL_CONTROLLER_BUTTON_GUIDE;
    CHECK(!same_settings(&a, &b));
    REQUIRE(settings_save(&a, path, &err));
    CHECK(settings_load(&b, path, warning, sizeof warning, NULL));
    CHECK(same_settings(&a, &b));
    char text[SETTINGS_TEXT_MAX], want[SETTINGS_TEXT_MAX];
    size_t len = settings_format(&a, want, sizeof want);
    REQUIRE(test_read_file(path, text, sizeof text - 1) == (long)len);
    text[len] = '\0';
    CHECK_STR(text, want); // the file is the text, whole
    CHECK(strstr(text, "\nbots = 99\n") && strstr(text, "\ndifficulty = mixed\n"));
    CHECK(strstr(text, "\nzoom_min = 0.7\n") && strstr(text, "\nkey.fire.2 = J\n"));
    CHECK(strstr(text, "\npad.mute.1 = guide\n") && strstr(text, "\nkey.up.1 = none\n"));
    // Keys missing from a file keep their defaults, silently (older files lack newer keys).
    REQUIRE(test_write_file(path, "bots = 5\n", 9));
    CHECK(settings_load(&b, path, warning, sizeof warning, NULL));
    settings_defaults(&a);
    a.bots = 5;
    CHECK(same_settings(&a, &b) && warning[0] == '\0');
    // Saving leaves only the file: no temporary file beside it.
    char names[512];
    list_dir(scratch, names, sizeof names);
    CHECK_STR(names, "./../settings.txt/");
    test_remove_tree(scratch);
}

// The Play online screen's address and name: kept as typed, read back strictly.
static void test_online_keys(void) {
    REQUIRE(make_scratch());
    char path[128], warning[SETTINGS_WARNING_MAX];
    snprintf(path, sizeof path, "%s/settings.txt", scratch);
    settings a, b;
    settings_defaults(&a);
    CHECK_STR(a.online_address, SETTINGS_ADDRESS_DEFAULT);
    CHECK_STR(a.online_name, SETTINGS_NAME_DEFAULT);
    snprintf(a.online_address, sizeof a.online_address, "ws://[::1]:7000");
    snprintf(a.online_name, sizeof a.online_name, "Zoë the Great");
    ae_error err;
    REQUIRE(settings_save(&a, path, &err));
    CHECK(settings_load(&b, path, warning, sizeof warning, NULL));
    CHECK_STR(b.online_address, "ws://[::1]:7000");
    CHECK_STR(b.online_name, "Zoë the Great");
    // Each bad value costs its line with a warning, and the default stays.
    static const char *const bad[] = {
        "online_address = https://example.com\n", "online_address = ws://\n",
        "online_address = ws://host:0\n",         "online_address = ws://host:80/path\n",
        "online_address = ws://ho st:80\n",       "online_name = a name that is longer than 24\n",
        "online_name = \"quoted\"\xff\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        REQUIRE(test_write_file(path, bad[i], strlen(bad[i])));
        CHECK(!settings_load(&b, path, warning, sizeof warning, NULL));
        CHECK(strstr(warning, "(line 1)") != NULL);
        CHECK_STR(b.online_address, SETTINGS_ADDRESS_DEFAULT);
        CHECK_STR(b.online_name, SETTINGS_NAME_DEFAULT);
    }
    CHECK(settings_address_valid("ws://localhost") && settings_address_valid("ws://a.b-c_d:65535"));
    CHECK(!settings_address_valid("ws://host:65536") && !settings_address_valid("ws://[::1"));
    CHECK(settings_address_valid("http://127.0.0.1:8080") &&
          settings_address_valid("http://[::1]"));
    CHECK(!settings_address_valid("https://host") && !settings_address_valid("http://host/path"));
    CHECK(settings_name_valid("A") && !settings_name_valid(" A") && !settings_name_valid(""));
    test_remove_tree(scratch);
}

// Every key that can be bound and every pad button is written and read back as itself.
static void test_every_name(void) {
    REQUIRE(make_scratch());
    char path[128];
    snprintf(path, sizeof path, "%s/settings.txt", scratch);
    ae_error err;
    char warning[SETTINGS_WARNING_MAX];
    int keys = 0, next = 1;
    while (next < SDL_NUM_SCANCODES) {
        settings a, b;
        settings_defaults(&a);
        for (int i = 0; i < BIND_COUNT * INPUT_BIND_KEYS && next < SDL_NUM_SCANCODES; next++) {
            if (!input_key_bindable((SDL_Scancode)next)) continue;
            a.bindings.keys[i / INPUT_BIND_KEYS][i % INPUT_BIND_KEYS] = (SDL_Scancode)next;
            i++;
            keys++;
        }
        REQUIRE(settings_save(&a, path, &err));
        CHECK(settings_load(&b, path, warning, sizeof warning, NULL));
        CHECK_STR(warning, "");
        CHECK(same_settings(&a, &b));
    }
    CHECK(keys == 226); // SDL 2's named scancodes, less the second "Return"
    settings a, b;
    settings_defaults(&a);
    for (int i = 0; i < BIND_COUNT * INPUT_BIND_PADS; i++)
        a.bindings.pad[i / INPUT_BIND_PADS][i % INPUT_BIND_PADS] =
            (SDL_GameControllerButton)(i % SDL_CONTROLLER_BUTTON_MAX);
    REQUIRE(settings_save(&a, path, &err));
    CHECK(settings_load(&b, path, warning, sizeof warning, NULL));
    CHECK(same_settings(&a, &b));
    // Floats are written in their shortest form that reads back the same.
    for (float z = (float)SETTINGS_ZOOM_LO; z <= (float)SETTINGS_ZOOM_HI; z *= 1.37f) {
        a.zoom_min = a.zoom_max = z;
        REQUIRE(settings_save(&a, path, &err));
        CHECK(settings_load(&b, path, warning, sizeof warning, NULL));
        CHECK(b.zoom_min == z && b.zoom_max == z);
    }
    test_remove_tree(scratch);
}

// ---- The bad-settings suite ----

/// Makes the test-time case `name` (a name starting with '@') in the scratch folder; its path
/// into path. False when it cannot be made here.
static bool make_special(const char *name, char *path, size_t n) {
    snprintf(path, n, "%s/%.64s.txt", scratch, name + 1);
    if (!strcmp(name, "@missing")) return true;
    if (!strcmp(name, "@directory")) return mkdir(path, 0755) == 0;
    if (!strcmp(name, "@fifo")) return mkfifo(path, 0644) == 0;
    if (!strcmp(name, "@device")) return snprintf(path, n, "/dev/null") > 0;
    if (!strcmp(name, "@unreadable"))
        return test_write_file(path, "bots = 3\n", 9) && chmod(path, 0) == 0;
    // @largest: exactly SETTINGS_MAX_FILE bytes, read; @huge: one byte more, refused.
    size_t size = SETTINGS_MAX_FILE + (strcmp(name, "@huge") == 0);
    static char big[SETTINGS_MAX_FILE + 1];
    memset(big, '#', size);
    for (size_t i = 100; i < size; i += 101) big[i] = '\n'; // comment lines of 100 bytes
    memcpy(big, "bots = 42\n", 10);
    big[size - 1] = '\n';
    return (!strcmp(name, "@largest") || !strcmp(name, "@huge")) &&
           test_write_file(path, big, size);
}

/// Loads path and checks the warning, what was read, and that nothing changed. Returns the
/// number of failed checks (so a child process can report them).
static int check_case(const char *path, const char *want_warning, const char *want_read) {
    int failures = test_failures;
    static char before[SETTINGS_MAX_FILE + 2], after[SETTINGS_MAX_FILE + 2];
    struct stat st0, st1;
    bool was = stat(path, &st0) == 0, regular = was && S_ISREG(st0.st_mode);
    long n0 = regular ? test_read_file(path, before, sizeof before) : -1;
    char dir[512], names0[4096], names1[4096];
    snprintf(dir, sizeof dir, "%s", path);
    *strrchr(dir, '/') = '\0';
    list_dir(dir, names0, sizeof names0);
    settings s;
    char warning[SETTINGS_WARNING_MAX], read[4096], want[SETTINGS_WARNING_MAX];
    bool missing = false;
    bool ok = settings_load(&s, path, warning, sizeof warning, &missing);
    describe(&s, read, sizeof read);
    if (!strcmp(want_warning, "-")) {
        CHECK(ok);
        CHECK_STR(warning, "");
    } else {
        snprintf(want, sizeof want, "%s: %s", path, want_warning);
        CHECK(!ok);
        CHECK_STR(warning, want);
    }
    CHECK(missing == !was);
    CHECK_STR(read, want_read);
    // The file is as it was (kind, size, time, bytes where we may read them) and nothing
    // appeared or vanished beside it.
    CHECK(was == (stat(path, &st1) == 0));
    CHECK(!was ||
          (st0.st_mode == st1.st_mode && st0.st_size == st1.st_size &&
           st0.st_mtim.tv_sec == st1.st_mtim.tv_sec && st0.st_mtim.tv_nsec == st1.st_mtim.tv_nsec));
    CHECK(n0 < 0 || (test_read_file(path, after, sizeof after) == n0 &&
                     memcmp(before, after, (size_t)n0) == 0));
    list_dir(dir, names1, sizeof names1);
    CHECK_STR(names1, names0);
    if (getenv("ARENA_PRINT_SETTINGS")) printf("%s | %s | %s\n", path, warning, read);
    return test_failures - failures;
}

/// The unreadable case as someone who cannot read it: root reads anything, so as root the load
/// runs in a child process as nobody.
static void check_unreadable(const char *path, const char *warning, const char *read) {
    if (geteuid() != 0) {
        check_case(path, warning, read);
        return;
    }
    chmod(scratch, 0711); // nobody may look inside, not list it
    fflush(NULL);
    pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        if (setgid(65534) != 0 || setuid(65534) != 0) _exit(77);
        _exit(check_case(path, warning, read) ? 1 : 0);
    }
    int status = 0;
    REQUIRE(waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    if (WEXITSTATUS(status) == 77) {
        fprintf(stderr, "note: cannot become nobody here; the unreadable case was not tried\n");
        return;
    }
    CHECK(WEXITSTATUS(status) == 0);
}

static char *field(char **s) {
    char *start = *s, *bar = strstr(start, " | ");
    if (bar) {
        *bar = '\0';
        *s = bar + 3;
    } else {
        *s = start + strlen(start);
    }
    return start;
}

static void test_bad_files(void) {
    REQUIRE(make_scratch());
    FILE *f = fopen(MANIFEST_DIR "/README", "r");
    REQUIRE(f);
    char line[2048];
    int cases = 0, special = 0;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        if (!line[0] || line[0] == '#') continue;
        char *rest = line, *name = field(&rest), *warning = field(&rest), *read = field(&rest);
        REQUIRE(*read);
        char path[512];
        if (name[0] == '@') {
            if (!make_special(name, path, sizeof path)) {
                fprintf(stderr, "%s: cannot be made here\n", name);
                test_failures++;
                continue;
            }
            special++;
        } else {
            snprintf(path, sizeof path, "%s/%s", MANIFEST_DIR, name);
        }
        int before = test_failures;
        if (!strcmp(name, "@unreadable"))
            check_unreadable(path, warning, read);
        else
            check_case(path, warning, read);
        if (test_failures != before) fprintf(stderr, "  in case %s\n", name);
        cases++;
    }
    fclose(f);
    CHECK(cases >= 30 && special == 7);
    test_remove_tree(scratch);
}

// ---- Saving that fails ----

static ssize_t full_disk(int fd, const void *data, size_t size) {
    (void)fd;
    (void)data;
    (void)size;
    errno = ENOSPC;
    return -1;
}

static void test_save_failures(void) {
    REQUIRE(make_scratch());
    settings s;
    settings_defaults(&s);
    s.bots = 7;
    ae_error err;
    char path[160], text[SETTINGS_TEXT_MAX], names[512];
    // Into a folder that is not there, onto a folder, onto a FIFO: refused, nothing made.
    snprintf(path, sizeof path, "%s/no/settings.txt", scratch);
    CHECK(!settings_save(&s, path, &err));
    snprintf(path, sizeof path, "%s/dir", scratch);
    REQUIRE(mkdir(path, 0755) == 0);
    CHECK(!settings_save(&s, path, &err));
    CHECK_STR(err.msg, "is a directory");
    snprintf(path, sizeof path, "%s/fifo", scratch);
    REQUIRE(mkfifo(path, 0644) == 0);
    CHECK(!settings_save(&s, path, &err));
    CHECK_STR(err.msg, "is a FIFO");
    // A full disk: the old file stays whole and no temporary file is left.
    snprintf(path, sizeof path, "%s/settings.txt", scratch);
    REQUIRE(test_write_file(path, "bots = 3\n", 9));
    ae_output_set_write_hook(full_disk);
    CHECK(!settings_save(&s, path, &err));
    ae_output_set_write_hook(NULL);
    CHECK_STR(err.msg, "cannot write: No space left on device");
    CHECK(test_read_file(path, text, sizeof text) == 9 && !memcmp(text, "bots = 3\n", 9));
    list_dir(scratch, names, sizeof names);
    CHECK_STR(names, "./../dir/fifo/settings.txt/");
    test_remove_tree(scratch);
}

// ---- Start-up ----

/// Runs settings_load_startup with stderr captured into err (n bytes).
static const char *startup(settings *s, const char *config, char *buf, size_t n, char *err,
                           size_t errn) {
    char cap[128];
    snprintf(cap, sizeof cap, "%s/stderr", scratch);
    fflush(stderr);
    int saved = dup(2), fd = open(cap, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 2);
    close(fd);
    const char *path = settings_load_startup(s, config, buf, n);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    long len = test_read_file(cap, err, errn - 1);
    err[len > 0 ? len : 0] = '\0';
    unlink(cap);
    return path;
}

static void test_startup(void) {
    REQUIRE(make_scratch());
    char home[128], buf[512], err[1024], want[1024];
    snprintf(home, sizeof home, "%s/data", scratch);
    REQUIRE(mkdir(home, 0755) == 0);
    setenv("XDG_DATA_HOME", home, 1);
    settings s, d;
    settings_defaults(&d);
    // First run: no file in the per-user folder, no warning, nothing written.
    const char *path = startup(&s, NULL, buf, sizeof buf, err, sizeof err);
    REQUIRE(path == buf);
    snprintf(want, sizeof want, "%s/arena/arena/settings.txt", home);
    CHECK_STR(path, want);
    CHECK_STR(err, "");
    CHECK(same_settings(&s, &d));
    CHECK(access(path, F_OK) != 0);
    // A damaged per-user file: one line, `arena: PATH: reason (line N)`.
    REQUIRE(test_write_file(path, "bots = 500\n", 11));
    startup(&s, NULL, buf, sizeof buf, err, sizeof err);
    snprintf(want, sizeof want, "arena: %s: bots must be a number from 1 to 99, not 500 (line 1)\n",
             path);
    CHECK_STR(err, want);
    // --config: that file instead; one that is not there is said to be missing.
    char config[160];
    snprintf(config, sizeof config, "%s/mine.txt", scratch);
    CHECK(startup(&s, config, buf, sizeof buf, err, sizeof err) == config);
    snprintf(want, sizeof want, "arena: %s: cannot open: No such file or directory\n", config);
    CHECK_STR(err, want);
    REQUIRE(test_write_file(config, "map = ruins\n", 12));
    CHECK(startup(&s, config, buf, sizeof buf, err, sizeof err) == config);
    CHECK_STR(err, "");
    CHECK_STR(s.map, "ruins");
    unsetenv("XDG_DATA_HOME");
    test_remove_tree(scratch);
}

// --config names the file; the flags that override the file for one run say whether they were
// given (a settings screen must not save them).
static void test_options(void) {
    char *plain[] = {"arena", NULL};
    arena_options o;
    REQUIRE(arena_parse_options(1, plain, &o));
    CHECK(!o.config && !o.map && o.bots == -1 && !o.difficulty_set && o.difficulty == SIM_NORMAL);
    char *given[] = {"arena",  "--config", "my settings.txt", "--difficulty", "hard",
                     "--bots", "3",        "--map",           "ruins",        NULL};
    REQUIRE(arena_parse_options(9, given, &o));
    CHECK_STR(o.config, "my settings.txt");
    CHECK(o.difficulty_set && o.difficulty == SIM_HARD && o.bots == 3);
    CHECK_STR(o.map, "ruins");
}

TEST_MAIN(TEST_CASE(round_trip), TEST_CASE(every_name), TEST_CASE(bad_files),
          TEST_CASE(save_failures), TEST_CASE(startup), TEST_CASE(options), TEST_CASE(online_keys))
