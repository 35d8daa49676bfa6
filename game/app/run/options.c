#include "options.h"

#include "asset_dir.h"
#include "arena/ae_output.h"
#include "arena/rp_format.h"
#include "net_proto.h"
#include "net_token.h"
#include "session.h"
#include "sim_config_io.h"
#include "tool_args.h"
#include "tool_util.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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
    F_START_TICK,
    F_DUMP_TICK,
    F_FRAMES,
    F_FROM,
    F_TO,
    F_EVERY,
    F_FOLLOW,
    F_CONNECT,
    F_NAME,
    F_TOKEN,
    F_EDIT,
    F_COUNT
};

#define AT(member)     offsetof(arena_options, member)
#define ARENA_MAX_TICK 100000000
/// People on one machine (input.h's INPUT_MAX_PLAYERS; a server's match has more slots).
#define ARENA_MAX_HUMANS 8
_Static_assert(ARENA_MAX_HUMANS <= SIM_MAX_HUMANS, "a local match is a match the sim can run");
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
    [F_HUMANS] = {"--humans", FLAG_INT, AT(humans), 1, ARENA_MAX_HUMANS,
                  "--humans needs a number from 1 to 8", NULL},
    [F_OVERLAYS] = {"--overlays", FLAG_UNSIGNED, AT(overlays), 0, 255,
                    "--overlays needs a bit mask from 0 to 255", NULL},
    [F_TICKS] = {"--ticks", FLAG_INT, AT(ticks), 0, ARENA_MAX_TICK,
                 "--ticks needs a number from 0 to 100000000", NULL},
    [F_PILOT] = {"--pilot", FLAG_CHOICE, AT(pilot), 0, 0, "--pilot needs bot or novice", pilots},
    [F_DIFFICULTY] = {"--difficulty", FLAG_CHOICE, AT(difficulty), 0, 0,
                      "--difficulty needs easy, normal, hard or mixed", difficulties},
    [F_CONFIG] = {"--config", FLAG_TEXT, AT(config), 0, 0, NULL, NULL},
    [F_START_TICK] = {"--start-tick", FLAG_INT, AT(start_tick), 0, ARENA_MAX_TICK,
                      "--start-tick needs a tick from 0 to 100000000", NULL},
    [F_DUMP_TICK] = {"--dump-tick", FLAG_INT, AT(dump_tick), 0, ARENA_MAX_TICK,
                     "--dump-tick needs a tick from 0 to 100000000", NULL},
    [F_FRAMES] = {"--frames", FLAG_TEXT, AT(frames), 0, 0, NULL, NULL},
    [F_FROM] = {"--from", FLAG_INT, AT(from), 0, ARENA_MAX_TICK,
                "--from needs a tick from 0 to 100000000", NULL},
    [F_TO] = {"--to", FLAG_INT, AT(to), 0, ARENA_MAX_TICK, "--to needs a tick from 0 to 100000000",
              NULL},
    [F_EVERY] = {"--every", FLAG_INT, AT(every), 1, ARENA_MAX_TICK,
                 "--every needs a number of ticks from 1 to 100000000", NULL},
    [F_FOLLOW] = {"--follow", FLAG_INT, AT(follow), 0, SIM_MAX_AGENTS - 1,
                  "--follow needs an agent number from 0 to 999", NULL},
    [F_CONNECT] = {"--connect", FLAG_TEXT, AT(connect), 0, 0, NULL, NULL},
    [F_NAME] = {"--name", FLAG_TEXT, AT(name), 0, 0, NULL, NULL},
    [F_TOKEN] = {"--token", FLAG_TEXT, AT(token_hex), 0, 0, NULL, NULL},
    [F_EDIT] = {"--edit", FLAG_TEXT, AT(edit), 0, 0, NULL, NULL},
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

// Options that cannot go together: `flag` is refused beside `other`, and why.
typedef struct clash {
    int flag, other;
    const char *why;
} clash;

#define REPLAY_HAS "a replay carries its own map, seed, players and inputs"
#define SERVER_HAS "the server chooses the match"
#define DUMP_ONLY  "--dump-tick prints the state at its tick and nothing else"
static const clash clashes[] = {
    {F_RECORD, F_REPLAY, REPLAY_HAS},
    {F_MAP, F_REPLAY, REPLAY_HAS},
    {F_AUTOPILOT, F_REPLAY, REPLAY_HAS},
    {F_PILOT, F_REPLAY, REPLAY_HAS},
    {F_SEED, F_REPLAY, REPLAY_HAS},
    {F_BOTS, F_REPLAY, REPLAY_HAS},
    {F_HUMANS, F_REPLAY, REPLAY_HAS},
    {F_DIFFICULTY, F_REPLAY, REPLAY_HAS},
    {F_CONNECT, F_REPLAY, "one plays online, the other plays a file back"},
    {F_MAP, F_CONNECT, SERVER_HAS},
    {F_SEED, F_CONNECT, SERVER_HAS},
    {F_BOTS, F_CONNECT, SERVER_HAS},
    {F_HUMANS, F_CONNECT, SERVER_HAS},
    {F_DIFFICULTY, F_CONNECT, SERVER_HAS},
    {F_RECORD, F_CONNECT, "the server records the match and sends its replay at the end"},
    {F_TICKS, F_CONNECT, SERVER_HAS},
    {F_SCREENSHOT, F_CONNECT, "a screenshot shows a match of this machine"},
    {F_FRAMES, F_CONNECT, "frames draw a replay"},
// The map editor is a window of its own: it plays its map when asked (Play now).
#define EDITOR_OWN "the map editor opens its map in a window and plays it from there"
    {F_EDIT, F_HEADLESS, EDITOR_OWN},
    {F_EDIT, F_REPLAY, EDITOR_OWN},
    {F_EDIT, F_CONNECT, EDITOR_OWN},
    {F_EDIT, F_SCREENSHOT, EDITOR_OWN},
    {F_EDIT, F_FRAMES, EDITOR_OWN},
    {F_EDIT, F_MAP, EDITOR_OWN},
    {F_EDIT, F_RECORD, EDITOR_OWN},
    {F_EDIT, F_PILOT, EDITOR_OWN},
    {F_EDIT, F_AUTOPILOT, EDITOR_OWN},
    // The settings file is the windowed game's (volumes, keys, window): a headless run, a
    // screenshot or frames are the command line's alone, the same on every machine.
    {F_CONFIG, F_HEADLESS,
     "settings are the windowed game's; a headless run takes its options from the command line"},
    {F_CONFIG, F_SCREENSHOT,
     "settings are the windowed game's; a screenshot takes its options from the command line"},
    {F_CONFIG, F_FRAMES,
     "settings are the windowed game's; frames take their options from the command line"},
    {F_PILOT, F_AUTOPILOT, "which is --pilot bot"},
    {F_FRAMES, F_DUMP_TICK, "one draws the replay, the other prints its state"},
    {F_FRAMES, F_HEADLESS, "frames are drawn without a window all the same"},
    {F_FRAMES, F_SCREENSHOT, "--frames writes its own pictures"},
    {F_TICKS, F_FRAMES, "--to says where the frames end"},
    {F_START_TICK, F_FRAMES, "--from says where the frames begin"},
    {F_START_TICK, F_SCREENSHOT, "a screenshot shows tick --ticks N"},
    {F_SCREENSHOT, F_DUMP_TICK, DUMP_ONLY},
    {F_TICKS, F_DUMP_TICK, DUMP_ONLY},
    {F_STATS, F_DUMP_TICK, DUMP_ONLY},
    {F_REALTIME, F_DUMP_TICK, DUMP_ONLY},
};

// Options that only mean something beside another: `flag` needs `other` (shown as `what`).
typedef struct need {
    int flag, other;
    const char *what;
} need;

static const need needs[] = {
    {F_SCREENSHOT, F_TICKS, "--ticks N"},     {F_START_TICK, F_REPLAY, "--replay FILE"},
    {F_DUMP_TICK, F_REPLAY, "--replay FILE"}, {F_DUMP_TICK, F_HEADLESS, "--headless"},
    {F_FRAMES, F_REPLAY, "--replay FILE"},    {F_FROM, F_FRAMES, "--frames DIR"},
    {F_TO, F_FRAMES, "--frames DIR"},         {F_EVERY, F_FRAMES, "--frames DIR"},
    {F_FOLLOW, F_FRAMES, "--frames DIR"},     {F_NAME, F_CONNECT, "--connect URL"},
    {F_TOKEN, F_CONNECT, "--connect URL"},
};

static bool check_combinations(const tool_args *args, const arena_options *o) {
    const bool *given = args->given;
    for (size_t i = 0; i < sizeof clashes / sizeof clashes[0]; i++) {
        const clash *c = &clashes[i];
        if (given[c->flag] && given[c->other]) {
            tool_fail(ARENA_PROGRAM, flags[c->flag].name, "cannot be combined with %s (%s)",
                      flags[c->other].name, c->why);
            return false;
        }
    }
    for (size_t i = 0; i < sizeof needs / sizeof needs[0]; i++) {
        const need *n = &needs[i];
        if (given[n->flag] && !given[n->other]) {
            tool_fail(ARENA_PROGRAM, flags[n->flag].name, "needs %s", n->what);
            return false;
        }
    }
    if (o->from >= 0 && o->to >= 0 && o->to < o->from) {
        tool_fail(ARENA_PROGRAM, args->value[F_TO], "--to comes before --from %d", o->from);
        return false;
    }
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
    // The settings file is written back at the first change of a setting: its path is used
    // whole (a path cut to fit would name another file) and is never one of the run's files.
    if (o->config) {
        const size_t len = strlen(o->config);
        if (len >= PATH_MAX) {
            tool_fail(ARENA_PROGRAM, o->config, "path too long (%zu bytes, at most %d)", len,
                      PATH_MAX - 1);
            return false;
        }
        if (!ae_output_check_inputs(o->config, inputs, 2, &err)) return fail(o->config, err.msg);
        if (o->record && !strcmp(o->record, o->config))
            return fail(o->config, "is also the --record file");
    }
    // Frames go into an empty folder, so that no file is ever overwritten and the numbered
    // files are all of one export.
    if (o->frames && !ae_output_check_empty_dir(o->frames, &err)) return fail(o->frames, err.msg);
    return true;
}

void arena_version_about(char *buf, size_t size) {
    snprintf(buf, size, "replay format %u, rules %d\n", RP_FORMAT_VERSION, SIM_CONFIG_VERSION);
}

bool arena_check_replay(const arena_options *o, int ticks, int agents) {
    const int asked[] = {o->start_tick, o->dump_tick, o->from, o->to};
    for (size_t i = 0; i < sizeof asked / sizeof asked[0]; i++)
        if (asked[i] > ticks) {
            tool_fail(ARENA_PROGRAM, o->replay, "tick %d is beyond the replay's %d ticks", asked[i],
                      ticks);
            return false;
        }
    if (o->follow >= agents) {
        tool_fail(ARENA_PROGRAM, o->replay,
                  "agent %d is beyond the replay's %d agents (numbered from 0)", o->follow, agents);
        return false;
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
    o->dump_tick = o->from = o->to = o->follow = -1;
    o->every = 1;
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
    if (!check_combinations(&args, o)) return false;
    if (o->connect && o->headless && o->pilot == SIM_PILOT_NONE)
        return fail("--connect", "with --headless needs --pilot bot or novice to play");
    if (o->connect && strncmp(o->connect, "ws://", 5) && strncmp(o->connect, "http://", 7))
        return fail(o->connect, "--connect needs ws://HOST:PORT (a server) or http://HOST:PORT "
                                "(a lobby)");
    if (o->token_hex && !strncmp(o->connect, "http://", 7))
        return fail("--token", "is the lobby's to give: not with an http:// --connect");
    if (o->name && !session_name_valid(o->name, strlen(o->name)))
        return fail(o->name, "--name needs 1 to 24 bytes of UTF-8 without control characters");
    if (o->token_hex && !net_hex_read(o->token_hex, o->token, sizeof o->token))
        return fail(o->token_hex, "--token needs 32 hex digits (a lobby's token)");
    return check_outputs(o);
}

const char *arena_resolve_map(const char *map, char *buf, size_t size) {
    if (!map) map = "arena";
    // A bare name (no '/', no '.') is a shipped map first, so `--map arena` run from build/bin
    // does not pick up the `arena` executable; a file of that name is used only when no shipped
    // map has it. Anything else is a path, used as it is. A shipped map's path that does not fit
    // buf cannot be opened either (buf holds PATH_MAX bytes), so then the name is not one.
    if (!strchr(map, '/') && !strchr(map, '.')) {
        int n = snprintf(buf, size, "%s/maps/%s.png", app_asset_dir(), map);
        if (n > 0 && (size_t)n < size && (access(buf, F_OK) == 0 || access(map, F_OK) != 0))
            return buf;
    }
    return map;
}
