#include "tool_util.h"

#include "arena/ae_quote.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void tool_fail(const char *program, const char *what, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: %s: ", program, AE_QUOTED(what));
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

int tool_finish_stdout(const char *program, int status) {
    // A write that failed before (the buffer full while printing) leaves the stream's error flag;
    // its errno is gone by now, but the data it could not write is still buffered, so the flush
    // fails again and says why.
    errno = 0;
    const bool flushed = fflush(stdout) == 0;
    const int e = errno;
    if (flushed && !ferror(stdout)) return status;
    tool_fail(program, "stdout", "%s", e ? strerror(e) : "write error");
    return status ? status : TOOL_EXIT_BAD_INPUT;
}

// Numbers start with a digit, or a minus and a digit: strtol and strtod would also take leading
// space, a '+', and strtod hex ("0x1p3"), which nobody types on purpose.
static bool plain_number_start(const char *s) {
    if (*s == '-') s++;
    return (*s >= '0' && *s <= '9') || (*s == '.' && s[1] >= '0' && s[1] <= '9');
}

bool tool_parse_int(const char *s, long lo, long hi, long *out) {
    if (!s || !plain_number_start(s) || strchr(s, '.')) return false;
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || *end || v < lo || v > hi) return false;
    *out = v;
    return true;
}

// Whole numbers >= 0 are digits only: strtoull alone would take " -1" as 2^64 - 1 (and, in base
// 16, a second "0x").
static bool parse_unsigned(const char *s, bool hex, uint64_t lo, uint64_t hi, uint64_t *out) {
    if (!s) return false;
    int base = 10;
    if (hex && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) base = 16, s += 2;
    if (!s[0]) return false;
    for (const char *p = s; *p; p++)
        if (!(*p >= '0' && *p <= '9') &&
            !(base == 16 && ((*p >= 'a' && *p <= 'f') || (*p >= 'A' && *p <= 'F'))))
            return false;
    errno = 0;
    unsigned long long v = strtoull(s, NULL, base);
    if (errno || v < lo || v > hi) return false;
    *out = v;
    return true;
}

bool tool_parse_u64(const char *s, uint64_t lo, uint64_t hi, uint64_t *out) {
    return parse_unsigned(s, false, lo, hi, out);
}

bool tool_parse_u64_hex(const char *s, uint64_t lo, uint64_t hi, uint64_t *out) {
    return parse_unsigned(s, true, lo, hi, out);
}

tool_number tool_parse_real(const char *s, double lo, double hi, double *out) {
    if (!s) return TOOL_NUMBER_SYNTAX;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    bool whole = end != s && !*end;
    // What strtod reads but we refuse ("nan", "inf", "+1", hex) is named when it is a NaN or an
    // infinity, so a reader can say why; the rest is not a number.
    if (whole && isnan(v)) return TOOL_NUMBER_NAN;
    if (whole && isinf(v)) return TOOL_NUMBER_RANGE;
    if (!whole || !plain_number_start(s) || strpbrk(s, "xX")) return TOOL_NUMBER_SYNTAX;
    if (errno || v < lo || v > hi) return TOOL_NUMBER_RANGE;
    *out = v;
    return TOOL_NUMBER_OK;
}

bool tool_parse_float(const char *s, double lo, double hi, double *out) {
    return tool_parse_real(s, lo, hi, out) == TOOL_NUMBER_OK;
}

char *tool_join(const char *dir, const char *name) {
    size_t a = strlen(dir), b = strlen(name);
    char *s = malloc(a + b + 2);
    if (!s) return NULL;
    memcpy(s, dir, a);
    s[a] = '/';
    memcpy(s + a + 1, name, b + 1);
    return s;
}

uint64_t tool_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t tool_thread_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

tool_stopwatch tool_stopwatch_start(void) {
    return (tool_stopwatch){tool_now_ns(), tool_thread_cpu_ns()};
}

void tool_stopwatch_ms(tool_stopwatch start, double *wall_ms, double *cpu_ms) {
    const uint64_t cpu = tool_thread_cpu_ns(), wall = tool_now_ns();
    *wall_ms = (double)(wall - start.wall_ns) * 1e-6;
    *cpu_ms = (double)(cpu - start.cpu_ns) * 1e-6;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double tool_percentile(double *v, size_t n, double p) {
    if (n == 0) return 0.0;
    qsort(v, n, sizeof *v, cmp_double);
    double rank = p / 100.0 * (double)(n - 1);
    size_t lo = (size_t)rank;
    size_t hi = lo + 1 < n ? lo + 1 : lo;
    double frac = rank - (double)lo;
    return v[lo] + (v[hi] - v[lo]) * frac;
}

double tool_median(double *v, size_t n) {
    return tool_percentile(v, n, 50.0);
}

#ifndef ARENA_BUILD_INFO
#define ARENA_BUILD_INFO "unknown compiler and flags"
#endif

const char *tool_build_info(void) {
    return ARENA_BUILD_INFO;
}

void tool_print_machine(void) {
    // Linux keeps the 1, 5 and 15 minute load averages in /proc/loadavg; elsewhere it is unknown.
    double load[3];
    FILE *f = fopen("/proc/loadavg", "r");
    bool known = f && fscanf(f, "%lf %lf %lf", &load[0], &load[1], &load[2]) == 3;
    if (f) fclose(f);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (known)
        printf("# machine: load average %.2f %.2f %.2f, %ld cores; build: %s\n", load[0], load[1],
               load[2], cores, tool_build_info());
    else
        printf("# machine: load average unknown, %ld cores; build: %s\n", cores, tool_build_info());
}

void tool_table_header(const tool_table *t) {
    if (!t->csv) tool_print_machine();
    tool_table_row(t, t->cols);
    if (t->csv) return;
    for (int i = 0; i < t->ncols; i++) {
        for (int k = 0; k < t->widths[i]; k++) putchar('-');
        putchar(i + 1 < t->ncols ? ' ' : '\n');
    }
}

void tool_table_row(const tool_table *t, const char *const *cells) {
    for (int i = 0; i < t->ncols; i++) {
        if (t->csv)
            printf("%s%s", cells[i], i + 1 < t->ncols ? "," : "\n");
        else
            printf("%*s%s", t->widths[i], cells[i], i + 1 < t->ncols ? " " : "\n");
    }
    fflush(stdout);
}
