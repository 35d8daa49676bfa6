#include "options.h"

#include "tool_util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef ARENA_ASSET_DIR
#define ARENA_ASSET_DIR "assets"
#endif

static bool parse_u64(const char *s, uint64_t *out) {
    if (!s || !*s || *s == '-') return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end) return false;
    *out = v;
    return true;
}

static bool parse_int(const char *s, long lo, long hi, int *out) {
    long v;
    if (!tool_parse_int(s, lo, hi, &v)) return false;
    *out = (int)v;
    return true;
}

static bool fail(const char *arg, const char *reason) {
    fprintf(stderr, "%s: %s: %s\n", ARENA_PROGRAM, arg, reason);
    return false;
}

bool arena_parse_options(int argc, char **argv, arena_options *o) {
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->bots = -1;
    o->humans = 1;
    o->ticks = -1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool takes_value = true;
        if (!strcmp(a, "--headless"))
            o->headless = true, takes_value = false;
        else if (!strcmp(a, "--autopilot"))
            o->autopilot = true, takes_value = false;
        else if (!strcmp(a, "--realtime"))
            o->realtime = true, takes_value = false;
        else if (!strcmp(a, "--stats"))
            o->stats = true, takes_value = false;
        else if (!strcmp(a, "--title"))
            o->title = true, takes_value = false;
        else if (!v)
            return fail(a, strncmp(a, "--", 2) ? "unknown argument" : "missing value");
        else if (!strcmp(a, "--map"))
            o->map = v;
        else if (!strcmp(a, "--record"))
            o->record = v;
        else if (!strcmp(a, "--replay"))
            o->replay = v;
        else if (!strcmp(a, "--screenshot"))
            o->screenshot = v;
        else if (!strcmp(a, "--seed")) {
            if (!parse_u64(v, &o->seed)) return fail(v, "--seed needs a whole number >= 0");
            o->seed_set = true;
        } else if (!strcmp(a, "--bots")) {
            if (!parse_int(v, 0, 999, &o->bots))
                return fail(v, "--bots needs a number from 0 to 999");
        } else if (!strcmp(a, "--humans")) {
            if (!parse_int(v, 1, 8, &o->humans))
                return fail(v, "--humans needs a number from 1 to 8");
        } else if (!strcmp(a, "--overlays")) {
            int bits;
            if (!parse_int(v, 0, 127, &bits))
                return fail(v, "--overlays needs a bit mask from 0 to 127");
            o->overlays = (unsigned)bits;
        } else if (!strcmp(a, "--ticks")) {
            if (!parse_int(v, 0, 100000000, &o->ticks))
                return fail(v, "--ticks needs a number from 0 to 100000000");
        } else {
            return fail(a, "unknown argument");
        }
        if (takes_value) i++;
    }
    if (o->replay && (o->record || o->map || o->autopilot))
        return fail(
            "--replay",
            "a replay carries its own map and inputs; drop --record, --map and --autopilot");
    if (o->screenshot && o->ticks < 0) return fail("--screenshot", "needs --ticks N");
    return true;
}

void arena_resolve_map(const char *map, char *buf, int size) {
    if (!map) map = "arena";
    if (access(map, F_OK) == 0 || strchr(map, '/') || strchr(map, '.')) {
        snprintf(buf, (size_t)size, "%s", map);
        return;
    }
    snprintf(buf, (size_t)size, "%s/maps/%s.png", ARENA_ASSET_DIR, map);
}
