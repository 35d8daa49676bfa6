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

static bool number(const tool_args *a, int o, long lo, long hi, const char *needs, int *out) {
    if (!a->given[o]) return true;
    long v;
    if (!tool_parse_int(a->value[o], lo, hi, &v)) return fail(a->value[o], needs);
    *out = (int)v;
    return true;
}

// ADDR:PORT or [IPv6]:PORT, as arena-server reads it.
static bool split_listen(const char *text, lobby_options *o) {
    const char *colon = strrchr(text, ':');
    const char *host = text, *host_end = colon;
    if (text[0] == '[') {
        const char *close = strchr(text, ']');
        if (!close || close[1] != ':') return fail(text, "--listen needs ADDR:PORT or [IPv6]:PORT");
        host = text + 1;
        host_end = close;
        colon = close + 1;
    }
    if (!colon || host_end == host)
        return fail(text, "--listen needs ADDR:PORT, e.g. 127.0.0.1:8080");
    if ((size_t)(host_end - host) >= sizeof o->host)
        return fail(text, "--listen: address too long");
    memcpy(o->host, host, (size_t)(host_end - host));
    o->host[host_end - host] = 0;
    long port;
    if (!tool_parse_int(colon + 1, 0, 65535, &port))
        return fail(text, "--listen needs a port from 0 to 65535 after the ':'");
    o->port = (int)port;
    return true;
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
    if (!split_listen(o->listen, o)) return false;
    if (!number(&a, O_MAX_MATCHES, 1, 64, "--max-matches needs a number from 1 to 64",
                &o->max_matches) ||
        !number(&a, O_MATCH_SIZE, 1, 100, "--match-size needs a number from 1 to 100",
                &o->match_size) ||
        !number(&a, O_BOTS, 1, 1000, "--bots needs a number from 1 to 1000", &o->bots) ||
        !number(&a, O_JOIN_WINDOW, 2, 3600, "--join-window needs seconds from 2 to 3600",
                &o->join_window) ||
        !number(&a, O_TICKS, 1, 100000000, "--ticks needs a number from 1 to 100000000",
                &o->ticks) ||
        !number(&a, O_REQUEST_TIMEOUT, 1, 600, "--request-timeout needs seconds from 1 to 600",
                &o->request_timeout))
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
