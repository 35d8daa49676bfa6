#include "options.h"

#include "arena/ae_output.h"
#include "tool_args.h"
#include "tool_util.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifndef ARENA_ASSET_DIR
#define ARENA_ASSET_DIR "assets"
#endif

static bool fail(const char *arg, const char *reason) {
    tool_fail(ARENA_PROGRAM, arg, "%s", reason);
    return false;
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
    size_t field;          // offsetof(arena_options, ...)
    uint64_t min, max;     // numbers: the accepted range
    const char *needs;     // numbers and choices: the refusal's reason
    const choice *choices; // FLAG_CHOICE: the accepted names
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
    F_CONFIG,
    F_COUNT
};

#define AT(member) offsetof(arena_options, member)
static const flag flags[F_COUNT] = {
    [F_HEADLESS] = {"--headless", FLAG_SWITCH, AT(headless), 0, 0, NULL, NULL},
    [F_AUTOPILOT] = {"--autopilot", FLAG_SWITCH, AT(autopilot), 0, 0, NULL, NULL},
    [F_REALTIME] = {"--realtime", FLAG_SWITCH, AT(realtime), 0, 0, NULL, NULL},
    [F_STATS] = {"--stats", FLAG_SWITCH, AT(stats), 0, 0, NULL, NULL},
    [F_TITLE] = {"--title", FLAG_SWITCH, AT(title), 0, 0, NULL, NULL},
    [F_MAP] = {"--map", FLAG_TEXT, AT(map), 0, 0, NULL, NULL},
    [F_RECORD] = {"--record", FLAG_TEXT, AT(record), 0, 0, NULL, NULL},
    [F_REPLAY] = {"--replay", FLAG_TEXT, AT(replay), 0, 0, NULL, NULL},
    [F_SCREENSHOT] = {"--screenshot", FLAG_TEXT, AT(screenshot), 0, 0, NULL, NULL},
    [F_SEED] = {"--seed", FLAG_U64, AT(seed), 0, UINT64_MAX, "--seed needs a whole number >= 0",
                NULL},
    [F_BOTS] = {"--bots", FLAG_INT, AT(bots), 0, 999, "--bots needs a number from 0 to 999", NULL},
    [F_HUMANS] = {"--humans", FLAG_INT, AT(humans), 1, 8, "--humans needs a number from 1 to 8",
                  NULL},
    [F_OVERLAYS] = {"--overlays", FLAG_UNSIGNED, AT(overlays), 0, 255,
                    "--overlays needs a bit mask from 0 to 255", NULL},
    [F_TICKS] = {"--ticks", FLAG_INT, AT(ticks), 0, 100000000,
                 "--ticks needs a number from 0 to 100000000", NULL},
    [F_PILOT] = {"--pilot", FLAG_CHOICE, AT(pilot), 0, 0, "--pilot needs bot or novice", pilots},
    [F_DIFFICULTY] = {"--difficulty", FLAG_CHOICE, AT(difficulty), 0, 0,
                      "--difficulty needs easy, normal, hard or mixed", difficulties},
    [F_CONFIG] = {"--config", FLAG_TEXT, AT(config), 0, 0, NULL, NULL},
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
        *(int *)field = (int)n;
        break;
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
    static const int replay_has[] = {F_RECORD, F_MAP,  F_AUTOPILOT, F_PILOT,
                                     F_SEED,   F_BOTS, F_HUMANS,    F_DIFFICULTY};
    if (given[F_REPLAY])
        for (size_t i = 0; i < sizeof replay_has / sizeof replay_has[0]; i++)
            if (given[replay_has[i]])
                return fail(flags[replay_has[i]].name,
                            "cannot be combined with --replay (a replay carries its own map, seed, "
                            "players and inputs)");
    // The settings file is the windowed game's (volumes, keys, window): a headless run or a
    // screenshot is the command line's alone, the same on every machine.
    if (given[F_CONFIG] && given[F_HEADLESS])
        return fail("--config", "cannot be combined with --headless (settings are the windowed "
                                "game's; a headless run takes its options from the command line)");
    if (given[F_CONFIG] && given[F_SCREENSHOT])
        return fail("--config", "cannot be combined with --screenshot (settings are the windowed "
                                "game's; a screenshot takes its options from the command line)");
    if (given[F_AUTOPILOT] && given[F_PILOT])
        return fail("--pilot", "cannot be combined with --autopilot (which is --pilot bot)");
    return true;
}

// Outputs are checked before a match runs: a bad path wastes no time and overwrites nothing.
static bool check_outputs(const arena_options *o) {
    char shipped[ARENA_SHIPPED_MAP_PATH];
    const char *map = arena_resolve_map(o->map, shipped, sizeof shipped);
    const char *inputs[3] = {o->replay ? NULL : map, o->replay, NULL};
    ae_error err;
    if (o->record) {
        inputs[2] = o->screenshot;
        if (!ae_output_check(o->record, inputs, 3, &err)) return fail(o->record, err.msg);
    }
    if (o->screenshot) {
        inputs[2] = o->record;
        if (!ae_output_check(o->screenshot, inputs, 3, &err)) return fail(o->screenshot, err.msg);
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
    o->start_tick = -1;
    o->difficulty = SIM_NORMAL;
    tool_option options[F_COUNT];
    for (int f = 0; f < F_COUNT; f++)
        options[f] = (tool_option){flags[f].name, flags[f].kind != FLAG_SWITCH};
    tool_args args;
    if (!tool_args_read(ARENA_PROGRAM, options, F_COUNT, 0, argc - 1, argv + 1, &args))
        return false;
    // Values are read in the order of the table, which is the order the flags are documented.
    for (int f = 0; f < F_COUNT; f++) {
        if (!args.given[f]) continue;
        const char *v = args.value[f];
        uint64_t n = 0;
        if (flags[f].kind == FLAG_CHOICE) {
            const choice *c = flags[f].choices;
            while (c->name && strcmp(c->name, v) != 0) c++;
            if (!c->name) return fail(v, flags[f].needs);
            n = (uint64_t)(int64_t)c->value;
        } else if (flags[f].kind != FLAG_SWITCH && flags[f].kind != FLAG_TEXT &&
                   !tool_parse_u64(v, flags[f].min, flags[f].max, &n)) {
            return fail(v, flags[f].needs);
        }
        store(o, &flags[f], v, n);
    }
    o->seed_set = args.given[F_SEED];
    o->difficulty_set = args.given[F_DIFFICULTY];
    if (o->autopilot) o->pilot = SIM_PILOT_BOT;
    if (!check_conflicts(args.given)) return false;
    if (o->screenshot && o->ticks < 0) return fail("--screenshot", "needs --ticks N");
    return check_outputs(o);
}

const char *arena_resolve_map(const char *map, char *buf, size_t size) {
    if (!map) map = "arena";
    // A bare name (no '/', no '.') is a shipped map first, so `--map arena` run from build/bin
    // does not pick up the `arena` executable; a file of that name is used only when no shipped
    // map has it. Anything else is a path, used as it is. A shipped map's path that does not fit
    // buf cannot be opened either (buf holds PATH_MAX bytes), so then the name is not one.
    if (!strchr(map, '/') && !strchr(map, '.')) {
        int n = snprintf(buf, size, "%s/maps/%s.png", ARENA_ASSET_DIR, map);
        if (n > 0 && (size_t)n < size && (access(buf, F_OK) == 0 || access(map, F_OK) != 0))
            return buf;
    }
    return map;
}
