// arena-bench net-load in the web build: it starts arena-server processes and drives sockets with
// epoll, which a page has neither of (bench_net_load.c is the real one).
#include "suites.h"

#include "tool_util.h"

int cmd_net_load(int argc, char **argv) {
    (void)argc;
    (void)argv;
    tool_fail(ARENA_BENCH, "net-load", "starts arena-server processes: not in the web build");
    return TOOL_EXIT_BAD_INPUT;
}
