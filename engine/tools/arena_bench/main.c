// arena-bench: benchmark tables with medians, each with an agreement check.
#include "suites.h"
#include "tool_util.h"

#include <stdio.h>
#include <string.h>

typedef struct suite {
    const char *name;
    int (*run)(bool csv);
} suite;

static const suite suites[] = {
    {"sdf", bench_sdf}, {"broadphase", bench_broadphase}, {"nav", bench_nav},
    {"sim", bench_sim}, {"render", bench_render},         {"replay", bench_replay},
};
enum { SUITE_COUNT = sizeof suites / sizeof suites[0] };

static void usage(FILE *out) {
    fprintf(out, "usage: %s [", ARENA_BENCH);
    for (int i = 0; i < SUITE_COUNT; i++) fprintf(out, "%s%s", i ? "|" : "", suites[i].name);
    fprintf(out, "] [--csv]\n");
    fprintf(out, "       %s pairs FILE [--method brute|grid|quadtree|sap|mbp]\n", ARENA_BENCH);
    fprintf(out,
            "       %s soak [--matches N] [--agents N] [--max-ticks N] [--seed N] [--no-rss-check] "
            "[--csv]\n",
            ARENA_BENCH);
    fprintf(out, "       %s balance [--seeds N] [--csv]\n", ARENA_BENCH);
}

int main(int argc, char **argv) {
    bool csv = false;
    const char *only = NULL;
    if (argc > 1 && !strcmp(argv[1], "pairs")) return cmd_pairs(argc - 2, argv + 2);
    if (argc > 1 && !strcmp(argv[1], "soak")) return cmd_soak(argc - 2, argv + 2);
    if (argc > 1 && !strcmp(argv[1], "balance")) return cmd_balance(argc - 2, argv + 2);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--csv")) {
            csv = true;
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return TOOL_EXIT_OK;
        } else if (!only && argv[i][0] != '-') {
            only = argv[i];
        } else {
            tool_fail(ARENA_BENCH, argv[i], "unknown argument (try --help)");
            return TOOL_EXIT_BAD_INPUT;
        }
    }
    int status = TOOL_EXIT_OK;
    bool found = false;
    for (int i = 0; i < SUITE_COUNT; i++) {
        if (only && strcmp(only, suites[i].name) != 0) continue;
        found = true;
        if (suites[i].run(csv) != TOOL_EXIT_OK) status = TOOL_EXIT_FAIL;
    }
    if (!found) {
        tool_fail(ARENA_BENCH, only, "unknown suite (try --help)");
        return TOOL_EXIT_BAD_INPUT;
    }
    return status;
}
