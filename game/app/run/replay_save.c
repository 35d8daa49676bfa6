// Saving the match just played: a dated name never reused, written whole or not at all.
#include "replay_save.h"

#include "arena/ae_output.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/// How many names ("-2", "-3", ...) are tried before giving up: a minute's saves of one map.
enum { MAX_CANDIDATES = 1000 };

void replay_save_name(char *buf, size_t size, time_t when, const char *map, int k) {
    const char *name = map ? map : "";
    for (const char *p = name; *p; p++)
        if (*p == '/' || *p == '\\') name = p + 1;
    const char *dot = strrchr(name, '.');
    size_t n = dot && dot > name ? (size_t)(dot - name) : strlen(name);
    char safe[33];
    if (n > sizeof safe - 1) n = sizeof safe - 1;
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '-' || c == '_';
        safe[i] = ok ? c : '_';
    }
    safe[n] = 0;
    struct tm t;
    char date[32] = "0000-00-00-0000";
    if (localtime_r(&when, &t)) strftime(date, sizeof date, "%Y-%m-%d-%H%M", &t);
    char nth[16] = "";
    if (k > 1) snprintf(nth, sizeof nth, "-%d", k);
    snprintf(buf, size, "arena-%s-%s%s.arp", date, n ? safe : "map", nth);
}

/// DIR/replays/, made when missing.
static bool replays_folder(const char *dir, char *out, size_t size, ae_error *err) {
    int n = snprintf(out, size, "%sreplays", dir);
    if (n < 0 || (size_t)n + 2 > size) {
        ae_error_set(err, "path too long");
        return false;
    }
    struct stat st;
    if (mkdir(out, 0777) != 0 && errno != EEXIST) {
        ae_error_set(err, "cannot make the folder %s: %s", out, strerror(errno));
        return false;
    }
    if (stat(out, &st) != 0 || !S_ISDIR(st.st_mode)) {
        ae_error_set(err, "%s is not a folder", out);
        return false;
    }
    strcat(out, "/");
    return true;
}

bool replay_save_into(const uint8_t *data, size_t size, const char *folder, time_t when,
                      const char *map, char *path, size_t path_size, ae_error *err) {
    size_t len = strlen(folder);
    const char *slash = len && folder[len - 1] != '/' ? "/" : "";
    for (int k = 1; k <= MAX_CANDIDATES; k++) {
        char name[96];
        replay_save_name(name, sizeof name, when, map, k);
        int n = snprintf(path, path_size, "%s%s%s", folder, slash, name);
        if (n < 0 || (size_t)n >= path_size) {
            ae_error_set(err, "path too long");
            return false;
        }
        struct stat st;
        if (lstat(path, &st) == 0) continue; // taken: the next name (looked at before writing)
        ae_output *out = ae_output_create(path, err);
        if (!out) return false;
        ae_output_write(out, data, size); // a failure is reported by the commit, with its cause
        bool taken;
        bool ok = ae_output_commit_new(out, &taken, err);
        ae_output_destroy(out);
        if (ok) return true;
        if (!taken) return false; // taken since we looked: the next name
    }
    ae_error_set(err, "%d replays of this map saved this minute already", MAX_CANDIDATES);
    return false;
}

bool replay_save(const uint8_t *data, size_t size, const char *dir, time_t when, const char *map,
                 char *path, size_t path_size, ae_error *err) {
    char folder[4096];
    if (!replays_folder(dir, folder, sizeof folder, err)) return false;
    return replay_save_into(data, size, folder, when, map, path, path_size, err);
}
