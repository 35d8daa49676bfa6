#include "lobby_options.h"

#include "tool_args.h"
#include "tool_util.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#define PROGRAM "arena-lobby"

enum {
    O_LISTEN,
    O_MAX_MATCHES,
    O_MATCH_SIZE,
    O_WEB,
    O_BOTS,
    O_JOIN_WINDOW,
    O_TICKS,
    O_RECORD,
    O_REQUEST_TIMEOUT,
    O_COUNT
};

static const tool_option options[O_COUNT] = {
    [O_LISTEN] = {"--listen", true},
    [O_MAX_MATCHES] = {"--max-matches", true},
    [O_MATCH_SIZE] = {"--match-size", true},
    [O_WEB] = {"--web", true},
    [O_BOTS] = {"--bots", true},
    [O_JOIN_WINDOW] = {"--join-window", true},
    [O_TICKS] = {"--ticks", true},
    [O_RECORD] = {"--record", true},
    [O_REQUEST_TIMEOUT] = {"--request-timeout", true},
};

static bool fail(const char *arg, const char *reason) {
    tool_fail(PROGRAM, arg, "%s", reason);
    return false;
}

static bool folder(const char *path, const char *needs) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode) ? true : fail(path, needs);
}

bool lobby_parse_options(int argc, char **argv, lobby_options *o) {
    memset(o, 0, sizeof *o);
    o->max_matches = 8;
    o->match_size = 16;
    o->bots = -1;
    o->join_window = 30;
    o->request_timeout = 10;
    tool_args a;
    if (!tool_args_read(PROGRAM, options, O_COUNT, 0, argc - 1, argv + 1, &a)) return false;
    if (!a.given[O_LISTEN])
        return fail("--listen",
                    "needed: the address and port to listen on (--listen 0.0.0.0:8080)");
    o->listen = a.value[O_LISTEN];
    if (!tool_args_listen(PROGRAM, o->listen, "127.0.0.1:8080", o->host, sizeof o->host, &o->port))
        return false;
    if (!tool_args_int(PROGRAM, &a, O_MAX_MATCHES, 1, 64,
                       "--max-matches needs a number from 1 to 64", &o->max_matches) ||
        !tool_args_int(PROGRAM, &a, O_MATCH_SIZE, 1, 100,
                       "--match-size needs a number from 1 to 100", &o->match_size) ||
        !tool_args_int(PROGRAM, &a, O_BOTS, 1, 1000, "--bots needs a number from 1 to 1000",
                       &o->bots) ||
        !tool_args_int(PROGRAM, &a, O_JOIN_WINDOW, 2, 3600,
                       "--join-window needs seconds from 2 to 3600", &o->join_window) ||
        !tool_args_int(PROGRAM, &a, O_TICKS, 1, 100000000,
                       "--ticks needs a number from 1 to 100000000", &o->ticks) ||
        !tool_args_int(PROGRAM, &a, O_REQUEST_TIMEOUT, 1, 600,
                       "--request-timeout needs seconds from 1 to 600", &o->request_timeout))
        return false;
    if (o->bots < 0) o->bots = o->match_size > 30 ? o->match_size : 30;
    if (o->bots < o->match_size)
        return fail(a.value[O_BOTS], "--bots may not be under --match-size (people take agents)");
    o->web = a.given[O_WEB] ? a.value[O_WEB] : NULL;
    o->record = a.given[O_RECORD] ? a.value[O_RECORD] : NULL;
    if (o->web && !folder(o->web, "--web needs the web build's folder (build-web/bin)"))
        return false;
    if (o->record && !folder(o->record, "--record needs an existing folder")) return false;
    return true;
}
