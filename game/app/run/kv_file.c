// "key = value" text files (kv_file.h): the settings' and the career record's shared reader.
#include "kv_file.h"

#include "arena/ae_base.h"
#include "arena/ae_file.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

void kv_problem(kv_problems *p, int line, const char *fmt, ...) {
    if (p->count++ > 0) return;
    p->first_line = line;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->first, sizeof p->first, fmt, ap);
    va_end(ap);
}

static char *trim(char *a, char *end) {
    while (a < end && (*a == ' ' || *a == '\t')) a++;
    while (end > a && (end[-1] == ' ' || end[-1] == '\t')) end--;
    *end = '\0';
    return a;
}

/// One line (without its newline; cut into in place).
static void read_line(char *text, size_t len, int line, size_t max_line, kv_pair_fn *pair,
                      void *ctx, kv_problems *p) {
    if (len > 0 && text[len - 1] == '\r') len--; // written on Windows
    for (size_t i = 0; i < len; i++) {
        const unsigned char c = (unsigned char)text[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f) {
            kv_problem(p, line, "holds binary data (byte 0x%02x)", c);
            return;
        }
    }
    if (len > max_line) {
        kv_problem(p, line, "line longer than %zu bytes", max_line);
        return;
    }
    char *a = trim(text, text + len);
    if (*a == '\0' || *a == '#') return;
    char *eq = strchr(a, '=');
    if (!eq) {
        kv_problem(p, line, "not a \"key = value\" line: %s", AE_QUOTED(a));
        return;
    }
    char *key = trim(a, eq), *value = trim(eq + 1, text + len);
    pair(ctx, key, value, line, p);
}

static void read_text(char *data, size_t size, size_t max_line, kv_pair_fn *pair, void *ctx,
                      kv_problems *p) {
    static const unsigned char bom[3] = {0xef, 0xbb, 0xbf}; // some editors start files with it
    size_t at = size >= 3 && !memcmp(data, bom, 3) ? 3 : 0;
    for (int line = 1; at < size; line++) {
        char *nl = memchr(data + at, '\n', size - at);
        const size_t len = (nl ? (size_t)(nl - data) : size) - at;
        if (!nl) { // the writers end every line: a value cut short could look valid
            kv_problem(p, line, "last line cut short (no newline at its end)");
            break;
        }
        read_line(data + at, len, line, max_line, pair, ctx, p);
        at += len + 1;
    }
}

bool kv_read_file(const char *path, size_t max_file, size_t max_line, kv_pair_fn *pair, void *ctx,
                  kv_problems *p, bool *missing) {
    if (missing) *missing = false;
    uint8_t *data = NULL;
    size_t size = 0;
    ae_error err;
    if (!ae_file_read(path, max_file, &data, &size, &err)) {
        struct stat st;
        if (missing) *missing = stat(path, &st) != 0 && errno == ENOENT;
        kv_problem(p, 0, "%s", err.msg);
        return false;
    }
    if (size == 0) {
        kv_problem(p, 0, "is empty");
        return false;
    }
    char *text = ae_alloc(size + 1); // NUL-terminated, in a copy the reader cuts into lines
    if (text) {
        memcpy(text, data, size);
        text[size] = '\0';
        read_text(text, size, max_line, pair, ctx, p);
        ae_free(text, size + 1);
    } else {
        kv_problem(p, 0, "out of memory");
    }
    ae_free(data, size);
    return text != NULL;
}

bool kv_warning(const kv_problems *p, const char *path, char *warning, size_t n) {
    if (p->count == 0) return true;
    const char *shown = AE_QUOTED(path);
    if (p->first_line == 0)
        snprintf(warning, n, "%s: %s", shown, p->first);
    else if (p->count == 1)
        snprintf(warning, n, "%s: %s (line %d)", shown, p->first, p->first_line);
    else
        snprintf(warning, n, "%s: %s (line %d; %d more problem%s)", shown, p->first, p->first_line,
                 p->count - 1, p->count > 2 ? "s" : "");
    return false;
}
