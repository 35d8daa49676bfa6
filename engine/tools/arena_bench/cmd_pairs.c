// arena-bench pairs FILE [--method M]: the overlapping pairs of a circle file, by any method.
#include "suites.h"

#include "pairs_file.h"
#include "tool_util.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int cmd_pairs(int argc, char **argv) {
    const char *file = NULL;
    ae_bp_method method = AE_BP_MBP;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--method")) {
            if (i + 1 >= argc) {
                tool_fail(ARENA_BENCH, "--method", "needs brute|grid|quadtree|sap|mbp");
                return TOOL_EXIT_BAD_INPUT;
            }
            if (!ae_bp_method_parse(argv[++i], &method)) {
                tool_fail(ARENA_BENCH, argv[i], "unknown method (brute|grid|quadtree|sap|mbp)");
                return TOOL_EXIT_BAD_INPUT;
            }
        } else if (!file && (argv[i][0] != '-' || argv[i][1] == '\0')) {
            file = argv[i];
        } else {
            tool_fail(ARENA_BENCH, argv[i], "unknown argument (usage: pairs FILE [--method M])");
            return TOOL_EXIT_BAD_INPUT;
        }
    }
    if (!file) {
        tool_fail(ARENA_BENCH, "pairs", "missing FILE (usage: pairs FILE [--method M])");
        return TOOL_EXIT_BAD_INPUT;
    }
    pairs_input in;
    ae_error err;
    if (!pairs_load(file, &in, &err)) {
        tool_fail(ARENA_BENCH, file, "%s", err.msg);
        return TOOL_EXIT_BAD_INPUT;
    }
    uint64_t pairs, checksum;
    pairs_run(&in, method, &pairs, &checksum);
    pairs_free(&in);
    printf("pairs %" PRIu64 "\nchecksum %" PRIu64 "\n", pairs, checksum);
    return TOOL_EXIT_OK;
}
