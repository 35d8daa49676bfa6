#include "tool_output.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static bool same_file(const struct stat *a, const char *path) {
    struct stat b;
    return path && stat(path, &b) == 0 && a->st_dev == b.st_dev && a->st_ino == b.st_ino;
}

bool tool_output_ok(const char *out, const char *const *inputs, int n, char *reason, size_t cap) {
    if (!out[0]) {
        snprintf(reason, cap, "empty output path");
        return false;
    }
    struct stat st;
    if (stat(out, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            snprintf(reason, cap, "is a directory");
            return false;
        }
        for (int i = 0; i < n; i++)
            if (same_file(&st, inputs[i])) {
                snprintf(reason, cap, "would overwrite the input file %s", inputs[i]);
                return false;
            }
        return true;
    }
    // A new file: its directory must exist (the write goes through a temporary file beside it).
    char dir[4096];
    const char *slash = strrchr(out, '/');
    size_t len = slash ? (size_t)(slash - out) : 0;
    if (len >= sizeof dir) {
        snprintf(reason, cap, "path too long");
        return false;
    }
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (len == 0)
        snprintf(dir, sizeof dir, "/");
    else
        snprintf(dir, sizeof dir, "%.*s", (int)len, out);
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(reason, cap, "directory %s does not exist", dir);
        return false;
    }
    return true;
}
