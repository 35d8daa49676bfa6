// Files for tests (test_files.h).
#include "test_files.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// The scratch folders this process made, removed when it exits (a case that stops at a failed
// REQUIRE leaves nothing behind either).
enum { SCRATCH_MAX = 32, SCRATCH_PATH = 64 };
static char scratch[SCRATCH_MAX][SCRATCH_PATH];
static int scratch_count;

static void remove_scratch(void) {
    for (int i = 0; i < scratch_count; i++) test_remove_tree(scratch[i]);
}

bool test_scratch(char *dir, size_t n, const char *name) {
    const int len = snprintf(dir, n, "/tmp/arena-%s-XXXXXX", name);
    if (len <= 0 || (size_t)len >= n || !mkdtemp(dir)) return false;
    if (scratch_count < SCRATCH_MAX && (size_t)len < SCRATCH_PATH) {
        if (scratch_count == 0) atexit(remove_scratch);
        memcpy(scratch[scratch_count++], dir, (size_t)len + 1);
    }
    return true;
}

void test_remove_tree(const char *path) {
    struct stat st;
    if (lstat(path, &st) != 0) return;
    if (!S_ISDIR(st.st_mode)) {
        unlink(path);
        return;
    }
    DIR *d = opendir(path);
    for (struct dirent *e; d && (e = readdir(d));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char sub[512];
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        test_remove_tree(sub);
    }
    if (d) closedir(d);
    chmod(path, 0700);
    rmdir(path);
}

int test_files_in(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

bool test_write_file(const char *path, const void *data, size_t n) {
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    const bool ok = fwrite(data, 1, n, f) == n;
    return fclose(f) == 0 && ok;
}

long test_read_file(const char *path, void *buf, size_t cap) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    const size_t n = fread(buf, 1, cap, f);
    fclose(f);
    return (long)n;
}
