// The fuzz targets' main when libFuzzer is not built in: runs LLVMFuzzerTestOneInput once on
// every file named on the command line, or in a directory named there (in name order), so ctest
// replays the committed corpus with any compiler. Options starting with '-' are libFuzzer's and
// are ignored, so the same test command works with both mains.
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "corpus_runner: %s: cannot open\n", path);
        return -1;
    }
    uint8_t *data = NULL;
    size_t size = 0, cap = 0;
    for (;;) {
        if (size == cap) {
            cap = cap ? cap * 2 : 4096;
            uint8_t *grown = realloc(data, cap);
            if (!grown) {
                free(data);
                fclose(f);
                fprintf(stderr, "corpus_runner: %s: out of memory\n", path);
                return -1;
            }
            data = grown;
        }
        size_t n = fread(data + size, 1, cap - size, f);
        if (n == 0) break;
        size += n;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    return 1;
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int run_dir(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "corpus_runner: %s: cannot open\n", dir);
        return -1;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        if (count == cap) {
            cap = cap ? cap * 2 : 64;
            char **grown = realloc(names, cap * sizeof *names);
            if (!grown) break;
            names = grown;
        }
        names[count] = malloc(strlen(dir) + strlen(e->d_name) + 2);
        if (!names[count]) break;
        sprintf(names[count], "%s/%s", dir, e->d_name);
        count++;
    }
    closedir(d);
    if (count) qsort(names, count, sizeof *names, compare_names);
    int ran = 0;
    for (size_t i = 0; i < count; i++) {
        int r = run_file(names[i]);
        if (r < 0) ran = -1;
        if (ran >= 0) ran += r;
        free(names[i]);
    }
    free(names);
    return ran;
}

int main(int argc, char **argv) {
    int total = 0;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-') continue;
        struct stat st;
        int r =
            stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode) ? run_dir(argv[i]) : run_file(argv[i]);
        if (r < 0) return 1;
        total += r;
    }
    if (total == 0) {
        fprintf(stderr, "corpus_runner: no inputs\n");
        return 1;
    }
    printf("ran %d inputs\n", total);
    return 0;
}
