// arena-bench pairs FILE [--method M]: the overlapping pairs of a circle file, by any method.
#include "suites.h"

#include "pairs_file.h"
#include "tool_args.h"
#include "tool_util.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int cmd_pairs(int argc, char **argv) {
    static const tool_option options[] = {{"--method", true}};
    tool_args args;
    if (!tool_args_read(ARENA_BENCH, options, 1, 1, argc, argv, &args)) return TOOL_EXIT_BAD_INPUT;
    if (args.npos != 1) {
        tool_fail(ARENA_BENCH, "pairs", "missing FILE (usage: pairs FILE [--method M])");
        return TOOL_EXIT_BAD_INPUT;
    }
    const char *file = args.pos[0];
    ae_bp_method method = AE_BP_MBP;
    if (args.given[0] && !ae_bp_method_parse(args.value[0], &method)) {
        tool_fail(ARENA_BENCH, args.value[0], "unknown method (brute|grid|quadtree|sap|mbp)");
        return TOOL_EXIT_BAD_INPUT;
    }
    pairs_input in;
    ae_error err;
    if (!pairs_load(file, &in, &err)) {
        tool_fail(ARENA_BENCH, file, "%s", err.msg);
        return TOOL_EXIT_BAD_INPUT;
    }
    uint64_t pairs, checksum;
    bool ok = pairs_run(&in, method, PAIRS_MAX_KEPT, &pairs, &checksum, &err);
    pairs_free(&in);
    if (!ok) {
        tool_fail(ARENA_BENCH, file, "%s", err.msg);
        return TOOL_EXIT_BAD_INPUT;
    }
    printf("pairs %" PRIu64 "\nchecksum %" PRIu64 "\n", pairs, checksum);
    return TOOL_EXIT_OK;
}
