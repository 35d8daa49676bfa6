#include "server_options.h"

#include "arena/ae_file.h"
#include "net_transport.h"
#include "sim.h"
#include "tool_args.h"
#include "tool_util.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#define PROGRAM "arena-server"

enum {
    O_LISTEN,
    O_MAP,
    O_BOTS,
    O_PLAYERS,
    O_DIFFICULTY,
    O_JOIN_WINDOW,
    O_RECORD,
    O_ONCE,
    O_SEED,
    O_TICKS,
    O_MAX_PER_ADDRESS,
    O_AGONES,
    O_TOKEN_KEY_STDIN,
    O_COUNT
};

static const tool_option options[O_COUNT] = {
    [O_LISTEN] = {"--listen", true},
    [O_MAP] = {"--map", true},
    [O_BOTS] = {"--bots", true},
    [O_PLAYERS] = {"--players", true},
    [O_DIFFICULTY] = {"--difficulty", true},
    [O_JOIN_WINDOW] = {"--join-window", true},
    [O_RECORD] = {"--record", true},
    [O_ONCE] = {"--once", false},
    [O_SEED] = {"--seed", true},
    [O_TICKS] = {"--ticks", true},
    [O_MAX_PER_ADDRESS] = {"--max-clients-per-address", true},
    [O_AGONES] = {"--agones", false},
    [O_TOKEN_KEY_STDIN] = {"--token-key-stdin", false},
};

static bool fail(const char *arg, const char *reason) {
    tool_fail(PROGRAM, arg, "%s", reason);
    return false;
}

bool server_parse_options(int argc, char **argv, server_options *o) {
    memset(o, 0, sizeof *o);
    o->bots = 30;
    o->players = -1;
    o->difficulty = SIM_NORMAL;
    o->join_window = 30;
    o->seed = 1;
    o->max_per_address = NET_DEFAULT_MAX_PER_ADDRESS;
    tool_args a;
    if (!tool_args_read(PROGRAM, options, O_COUNT, 0, argc - 1, argv + 1, &a)) return false;
    if (!a.given[O_LISTEN])
        return fail("--listen",
                    "needed: the address and port to listen on (--listen 127.0.0.1:7777)");
    o->listen = a.value[O_LISTEN];
    if (!tool_args_listen(PROGRAM, o->listen, "127.0.0.1:7777", o->host, sizeof o->host, &o->port))
        return false;
    o->map = a.given[O_MAP] ? a.value[O_MAP] : NULL;
    o->record = a.given[O_RECORD] ? a.value[O_RECORD] : NULL;
    o->agones = a.given[O_AGONES];
    o->once = a.given[O_ONCE] || o->agones; // an Agones GameServer hosts one match
    o->token_key_stdin = a.given[O_TOKEN_KEY_STDIN];
    if (!tool_args_int(PROGRAM, &a, O_BOTS, 1, SIM_MAX_AGENTS,
                       "--bots needs a number from 1 to 1000", &o->bots) ||
        !tool_args_int(PROGRAM, &a, O_PLAYERS, 1, SIM_MAX_HUMANS,
                       "--players needs a number from 1 to 100", &o->players) ||
        !tool_args_int(PROGRAM, &a, O_JOIN_WINDOW, 0, 3600,
                       "--join-window needs seconds from 0 to 3600", &o->join_window) ||
        !tool_args_int(PROGRAM, &a, O_TICKS, 1, 100000000,
                       "--ticks needs a number from 1 to 100000000", &o->ticks) ||
        !tool_args_int(PROGRAM, &a, O_MAX_PER_ADDRESS, 1, NET_DEFAULT_MAX_CONNECTIONS,
                       "--max-clients-per-address needs a number from 1 to 256",
                       &o->max_per_address))
        return false;
    if (o->players < 0) o->players = o->bots < 16 ? o->bots : 16;
    if (o->players > o->bots)
        return fail(a.value[O_PLAYERS],
                    "--players may not pass --bots (people take the match's agents)");
    if (a.given[O_SEED] && !tool_parse_u64(a.value[O_SEED], 0, UINT64_MAX, &o->seed))
        return fail(a.value[O_SEED], "--seed needs a whole number >= 0");
    if (a.given[O_DIFFICULTY]) {
        static const char *const names[] = {"easy", "normal", "hard", "mixed"};
        static const int values[] = {SIM_EASY, SIM_NORMAL, SIM_HARD, -1};
        int found = -2;
        for (int i = 0; i < 4; i++)
            if (!strcmp(a.value[O_DIFFICULTY], names[i])) found = values[i];
        if (found == -2)
            return fail(a.value[O_DIFFICULTY], "--difficulty needs easy, normal, hard or mixed");
        o->difficulty = found;
    }
    if (o->record) {
        struct stat st;
        if (stat(o->record, &st) != 0 || !S_ISDIR(st.st_mode))
            return fail(o->record, "--record needs an existing folder");
    }
    return true;
}
