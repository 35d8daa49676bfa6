// arena-map scen FILE.scen [--maps DIR] [--method jps|astar]: solves a Moving AI scenario.
#include "commands.h"
#include "movingai_scen.h"
#include "tool_util.h"

#include <stdio.h>
#include <string.h>

static void print_line(void *user, int id, double length, const char *expected) {
    (void)user;
    printf("%d %.5f %s\n", id, length, expected);
}

int cmd_scen(int argc, char **argv) {
    const char *file = NULL, *maps = NULL;
    ae_nav_method method = AE_NAV_AUTO;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--maps") && i + 1 < argc) {
            maps = argv[++i];
        } else if (!strcmp(argv[i], "--method") && i + 1 < argc) {
            const char *m = argv[++i];
            if (!strcmp(m, "astar"))
                method = AE_NAV_ASTAR;
            else if (!strcmp(m, "jps"))
                method = AE_NAV_JPS;
            else {
                tool_fail(ARENA_MAP, m, "unknown method (astar or jps)");
                return TOOL_EXIT_BAD_INPUT;
            }
        } else if (!file && argv[i][0] != '-') {
            file = argv[i];
        } else {
            tool_fail(ARENA_MAP, "scen", "usage: scen FILE.scen [--maps DIR] [--method M]");
            return TOOL_EXIT_BAD_INPUT;
        }
    }
    if (!file) {
        tool_fail(ARENA_MAP, "scen", "usage: scen FILE.scen [--maps DIR] [--method M]");
        return TOOL_EXIT_BAD_INPUT;
    }
    scen_summary sum;
    char why[512];
    if (!scen_run(file, maps, 1, 0, method, print_line, NULL, &sum, why, sizeof why)) {
        fflush(stdout);
        tool_fail(ARENA_MAP, file, "%s", why);
        return TOOL_EXIT_BAD_INPUT;
    }
    printf("problems %d max_error %.6g mean_us %.2f\n", sum.problems, sum.max_error, sum.mean_us);
    return TOOL_EXIT_OK;
}
