#include "tool_args.h"

#include "tool_util.h"

#include "arena/ae_base.h"
#include "arena_version.h"

#include <stdio.h>
#include <string.h>

bool tool_args_answered(const char *program, int argc, char **argv, const char *const *usage,
                        int lines, const char *about) {
    bool version = false;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            for (int l = 0; l < lines; l++) fputs(usage[l], stdout);
            return true;
        }
        if (!strcmp(argv[i], "--version")) version = true;
    }
    if (version)
        printf("%s %s\n%sbuild: %s\n", program, ARENA_VERSION, about ? about : "",
               tool_build_info());
    return version;
}

bool tool_args_read(const char *program, const tool_option *options, int n, int max_pos, int argc,
                    char **argv, tool_args *out) {
    memset(out, 0, sizeof *out);
    AE_ASSERT(n <= TOOL_ARGS_MAX_OPTIONS && max_pos <= TOOL_ARGS_MAX_POSITIONAL);
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--", 2) != 0) {
            if (out->npos == max_pos) {
                tool_fail(program, a, "unknown argument (try --help)");
                return false;
            }
            out->pos[out->npos++] = a;
            continue;
        }
        int f = 0;
        while (f < n && strcmp(a, options[f].name) != 0) f++;
        if (f == n) {
            tool_fail(program, a, "unknown option (try --help)");
            return false;
        }
        if (out->given[f]) {
            tool_fail(program, a, "given twice");
            return false;
        }
        out->given[f] = true;
        if (!options[f].has_value) continue;
        const char *v = i + 1 < argc ? argv[++i] : NULL;
        if (!v || !strncmp(v, "--", 2)) {
            tool_fail(program, a, "missing value");
            return false;
        }
        if (!v[0]) {
            tool_fail(program, a, "empty value");
            return false;
        }
        out->value[f] = v;
    }
    return true;
}

bool tool_args_int(const char *program, const tool_args *a, int option, long lo, long hi,
                   const char *needs, int *out) {
    if (!a->given[option]) return true;
    long v;
    if (!tool_parse_int(a->value[option], lo, hi, &v)) {
        tool_fail(program, a->value[option], "%s", needs);
        return false;
    }
    *out = (int)v;
    return true;
}

bool tool_args_listen(const char *program, const char *text, const char *example, char *host,
                      size_t size, int *port) {
    const char *colon = strrchr(text, ':');
    const char *start = text, *end = colon;
    if (text[0] == '[') {
        const char *close = strchr(text, ']');
        if (!close || close[1] != ':') {
            tool_fail(program, text, "--listen needs ADDR:PORT or [IPv6]:PORT");
            return false;
        }
        start = text + 1;
        end = close;
        colon = close + 1;
    }
    if (!colon || end == start) {
        tool_fail(program, text, "--listen needs ADDR:PORT, e.g. %s", example);
        return false;
    }
    if ((size_t)(end - start) >= size) {
        tool_fail(program, text, "--listen: address too long");
        return false;
    }
    long p;
    if (!tool_parse_int(colon + 1, 0, 65535, &p)) {
        tool_fail(program, text, "--listen needs a port from 0 to 65535 after the ':'");
        return false;
    }
    memcpy(host, start, (size_t)(end - start));
    host[end - start] = '\0';
    *port = (int)p;
    return true;
}
