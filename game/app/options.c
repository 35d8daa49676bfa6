#include "options.h"

#include "tool_output.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef ARENA_ASSET_DIR
#define ARENA_ASSET_DIR "assets"
#endif

static bool fail(const char *arg, const char *reason) {
    fprintf(stderr, "%s: %s: %s\n", ARENA_PROGRAM, arg, reason);
    return false;
}

// Whole numbers are plain decimal digits: no sign, space, hex or trailing text, and no
// wrap-around (strtoull alone would turn " -1" into 2^64 - 1).
static bool parse_u64(const char *s, uint64_t hi, uint64_t *out) {
    if (!s[0]) return false;
    for (const char *p = s; *p; p++)
        if (*p < '0' || *p > '9') return false;
    errno = 0;
    unsigned long long v = strtoull(s, NULL, 10);
    if (errno || v > hi) return false;
    *out = v;
    return true;
}

// What a flag's value is stored as, at its offset in arena_options.
typedef enum flag_kind {
    FLAG_SWITCH,
    FLAG_TEXT,
    FLAG_INT,
    FLAG_UNSIGNED,
    FLAG_U64,
    FLAG_CHOICE
} flag_kind;

// A named value of a FLAG_CHOICE flag, stored as an int; a NULL name ends a list.
typedef struct choice {
    const char *name;
    int value;
} choice;

static const choice pilots[] = {{"bot", SIM_PILOT_BOT}, {"novice", SIM_PILOT_NOVICE}, {NULL, 0}};
static const choice difficulties[] = {
    {"easy", SIM_EASY}, {"normal", SIM_NORMAL}, {"hard", SIM_HARD}, {"mixed", -1}, {NULL, 0}};

typedef struct flag {
    const char *name;
    flag_kind kind;
    size_t field;           // offsetof(arena_options, ...)
    uint64_t min, max;      // numbers: the accepted range
    const char *needs;      // numbers and choices: the refusal's reason
    const choice *choices;  // FLAG_CHOICE: the accepted names
} flag;

enum {
    F_HEADLESS,
    F_AUTOPILOT,
    F_REALTIME,
    F_STATS,
    F_TITLE,
    F_MAP,
    F_RECORD,
    F_REPLAY,
    F_SCREENSHOT,
    F_SEED,
    F_BOTS,
    F_HUMANS,
    F_OVERLAYS,
    F_TICKS,
    F_PILOT,
    F_DIFFICULTY,
    F_COUNT
};

#define AT(member) offsetof(arena_options, member)
static const flag flags[F_COUNT] = {
    [F_HEADLESS] = {"--headless", FLAG_SWITCH, AT(headless), 0, 0, NULL},
    [F_AUTOPILOT] = {"--autopilot", FLAG_SWITCH, AT(autopilot), 0, 0, NULL},
    [F_REALTIME] = {"--realtime", FLAG_SWITCH, AT(realtime), 0, 0, NULL},
    [F_STATS] = {"--stats", FLAG_SWITCH, AT(stats), 0, 0, NULL},
    [F_TITLE] = {"--title", FLAG_SWITCH, AT(title), 0, 0, NULL},
    [F_MAP] = {"--map", FLAG_TEXT, AT(map), 0, 0, NULL},
    [F_RECORD] = {"--record", FLAG_TEXT, AT(record), 0, 0, NULL},
    [F_REPLAY] = {"--replay", FLAG_TEXT, AT(replay), 0, 0, NULL},
    [F_SCREENSHOT] = {"--screenshot", FLAG_TEXT, AT(screenshot), 0, 0, NULL},
    [F_SEED] = {"--seed", FLAG_U64, AT(seed), 0, UINT64_MAX, "--seed needs a whole number >= 0"},
    [F_BOTS] = {"--bots", FLAG_INT, AT(bots), 0, 999, "--bots needs a number from 0 to 999"},
    [F_HUMANS] = {"--humans", FLAG_INT, AT(humans), 1, 8, "--humans needs a number from 1 to 8"},
    [F_OVERLAYS] = {"--overlays", FLAG_UNSIGNED, AT(overlays), 0, 127,
                    "--overlays needs a bit mask from 0 to 127"},
    [F_TICKS] = {"--ticks", FLAG_INT, AT(ticks), 0, 100000000,
                 "--ticks needs a number from 0 to 100000000"},
    [F_PILOT] = {"--pilot", FLAG_CHOICE, AT(pilot), 0, 0, "--pilot needs bot or novice", pilots},
    [F_DIFFICULTY] = {"--difficulty", FLAG_CHOICE, AT(difficulty), 0, 0,
                      "--difficulty needs easy, normal, hard or mixed", difficulties},
};
#undef AT

static void store(arena_options *o, const flag *f, const char *text, uint64_t n) {
    void *field = (char *)o + f->field;
    switch (f->kind) {
    case FLAG_SWITCH:
        *(bool *)field = true;
        break;
    case FLAG_TEXT:
        *(const char **)field = text;
        break;
    case FLAG_INT: // ranges fit an int
    case FLAG_CHOICE: // n is the choice's value
        *(int *)field = (int)(int64_t)n;
        break;
    case FLAG_UNSIGNED:
        *(unsigned *)field = (unsigned)n;
        break;
    case FLAG_U64:
        *(uint64_t *)field = n;
        break;
    }
}

// Options that a replay brings itself.
static bool check_conflicts(const bool *given) {
    static const int replay_has[] = {F_RECORD, F_MAP,    F_AUTOPILOT, F_PILOT,
                                     F_SEED,   F_BOTS,   F_HUMANS,    F_DIFFICULTY};
    if (given[F_REPLAY])
        for (size_t i = 0; i < sizeof replay_has / sizeof replay_has[0]; i++)
            if (given[replay_has[i]])
                return fail(flags[replay_has[i]].name,
                            "cannot be combined with --replay (a replay carries its own map, seed, "
                            "players and inputs)");
    if (given[F_AUTOPILOT] && given[F_PILOT])
        return fail("--pilot", "cannot be combined with --autopilot (which is --pilot bot)");
    return true;
}

// Outputs are checked before a match runs: a bad path wastes no time and overwrites nothing.
static bool check_outputs(const arena_options *o) {
    char map[1024];
    arena_resolve_map(o->map, map, sizeof map);
    const char *inputs[3] = {o->replay ? NULL : map, o->replay, NULL};
    char reason[1200];
    if (o->record) {
        inputs[2] = o->screenshot;
        if (!tool_output_ok(o->record, inputs, 3, reason, sizeof reason))
            return fail(o->record, reason);
    }
    if (o->screenshot) {
        inputs[2] = o->record;
        if (!tool_output_ok(o->screenshot, inputs, 3, reason, sizeof reason))
            return fail(o->screenshot, reason);
        if (o->record && !strcmp(o->record, o->screenshot))
            return fail(o->screenshot, "is also the --record file");
    }
    return true;
}

bool arena_parse_options(int argc, char **argv, arena_options *o) {
    memset(o, 0, sizeof *o);
    o->seed = 1;
    o->bots = -1;
    o->humans = 1;
    o->ticks = -1;
    o->difficulty = SIM_NORMAL;
    bool given[F_COUNT] = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int f = 0;
        while (f < F_COUNT && strcmp(a, flags[f].name) != 0) f++;
        if (f == F_COUNT)
            return fail(a, strncmp(a, "--", 2) ? "unknown argument" : "unknown option");
        if (given[f]) return fail(a, "given twice");
        given[f] = true;
        if (flags[f].kind == FLAG_SWITCH) {
            store(o, &flags[f], NULL, 0);
            continue;
        }
        // A value never starts with "--": `--map --headless` lacks its value.
        const char *v = i + 1 < argc ? argv[++i] : NULL;
        if (!v || !strncmp(v, "--", 2)) return fail(a, "missing value");
        if (!v[0]) return fail(a, "empty value");
        uint64_t n = 0;
        if (flags[f].kind == FLAG_CHOICE) {
            const choice *c = flags[f].choices;
            while (c->name && strcmp(c->name, v) != 0) c++;
            if (!c->name) return fail(v, flags[f].needs);
            n = (uint64_t)(int64_t)c->value;
        } else if (flags[f].kind != FLAG_TEXT &&
                   (!parse_u64(v, flags[f].max, &n) || n < flags[f].min)) {
            return fail(v, flags[f].needs);
        }
        store(o, &flags[f], v, n);
    }
    o->seed_set = given[F_SEED];
    if (o->autopilot) o->pilot = SIM_PILOT_BOT;
    if (!check_conflicts(given)) return false;
    if (o->screenshot && o->ticks < 0) return fail("--screenshot", "needs --ticks N");
    return check_outputs(o);
}

void arena_resolve_map(const char *map, char *buf, int size) {
    if (!map) map = "arena";
    // A bare name (no '/', no '.') is a shipped map first, so `--map arena` run from build/bin
    // does not pick up the `arena` executable; a file of that name is used only when no shipped
    // map has it. Anything else is a path.
    if (!strchr(map, '/') && !strchr(map, '.')) {
        snprintf(buf, (size_t)size, "%s/maps/%s.png", ARENA_ASSET_DIR, map);
        if (access(buf, F_OK) == 0 || access(map, F_OK) != 0) return;
    }
    snprintf(buf, (size_t)size, "%s", map);
}
