// arena-map scen FILE.scen [--maps DIR] [--method jps|astar]: solves a Moving AI scenario.
#include "commands.h"
#include "movingai_scen.h"
#include "tool_args.h"
#include "tool_util.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

static void print_line(void *user, int id, double length, const char *expected) {
    (void)user;
    printf("%d %.5f %s\n", id, length, expected);
}

int cmd_scen(int argc, char **argv) {
    enum { OPT_MAPS, OPT_METHOD, OPT_COUNT };
    static const tool_option options[OPT_COUNT] = {{"--maps", true}, {"--method", true}};
    tool_args args;
    if (!tool_args_read(ARENA_MAP, options, OPT_COUNT, 1, argc, argv, &args))
        return TOOL_EXIT_BAD_INPUT;
    if (args.npos != 1) {
        tool_fail(ARENA_MAP, "scen", "usage: scen FILE.scen [--maps DIR] [--method jps|astar]");
        return TOOL_EXIT_BAD_INPUT;
    }
    ae_nav_method method = AE_NAV_AUTO;
    const char *m = args.value[OPT_METHOD];
    if (m && !strcmp(m, "astar"))
        method = AE_NAV_ASTAR;
    else if (m && !strcmp(m, "jps"))
        method = AE_NAV_JPS;
    else if (m) {
        tool_fail(ARENA_MAP, m, "unknown method (astar or jps)");
        return TOOL_EXIT_BAD_INPUT;
    }
    const char *file = args.pos[0];
    scen_summary sum;
    char why[PATH_MAX + 512]; // may name a map's path
    if (!scen_run(file, args.value[OPT_MAPS], 1, 0, method, print_line, NULL, &sum, why,
                  sizeof why)) {
        fflush(stdout);
        tool_fail(ARENA_MAP, file, "%s", why);
        return TOOL_EXIT_BAD_INPUT;
    }
    printf("problems %d max_error %.6g mean_us %.2f\n", sum.problems, sum.max_error, sum.mean_us);
    return TOOL_EXIT_OK;
}
