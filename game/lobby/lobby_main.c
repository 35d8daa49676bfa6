// arena-lobby: hosts online play on one machine (README "Online play"). It serves the web page,
// hands out seats in matches (POST /quick-play), runs an arena-server process per match, and
// says how it goes (GET /health, GET /status). Ctrl-C or SIGTERM ends the matches as their end
// would (the players get their replays) and then the lobby.
#include "arena_usage.h"
#include "lobby_options.h"
#include "lobby_server.h"
#include "tool_args.h"
#include "tool_util.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

#define PROGRAM "arena-lobby"

static volatile int stop_asked;
static void on_signal(int sig) {
    (void)sig;
    stop_asked = 1;
}

int main(int argc, char **argv) {
    static const char *const usage[] = {ARENA_USAGE_ARENA_LOBBY};
    if (tool_args_answered(PROGRAM, argc, argv, usage, (int)(sizeof usage / sizeof usage[0]), NULL))
        return tool_finish_stdout(PROGRAM, 0);
    lobby_options o;
    if (!lobby_parse_options(argc, argv, &o)) return 2;
    lobby l;
    if (!lobby_start(&l, &o)) {
        lobby_end(&l);
        return 2;
    }
    struct sigaction sa = {0};
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    printf("listening http://%s%s%s:%d\n", strchr(o.host, ':') ? "[" : "", o.host,
           strchr(o.host, ':') ? "]" : "", l.port);
    fflush(stdout);
    lobby_run(&l, &stop_asked);
    printf("stopped\n");
    lobby_end(&l);
    return tool_finish_stdout(PROGRAM, 0);
}
