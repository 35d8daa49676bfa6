// arena-bench: benchmark tables with medians, each with an agreement check.
#include "arena_usage.h"
#include "options.h"
#include "suites.h"
#include "tool_args.h"
#include "tool_util.h"

#include <stdio.h>
#include <string.h>

typedef struct suite {
    const char *name;
    int (*run)(bool csv);
} suite;

static int bench_replay_all(bool csv) {
    const int format = bench_replay(csv);
    const int seek = bench_replay_seek(csv);
    return format != TOOL_EXIT_OK ? format : seek;
}

static const suite suites[] = {
    {"sdf", bench_sdf}, {"broadphase", bench_broadphase}, {"nav", bench_nav},
    {"sim", bench_sim}, {"render", bench_render},         {"replay", bench_replay_all},
    {"net", bench_net}, {"editor", bench_editor},
};
enum { SUITE_COUNT = sizeof suites / sizeof suites[0] };

static int run(int argc, char **argv) {
    static const char *const usage[] = {ARENA_USAGE_ARENA_BENCH};
    char about[64];
    arena_version_about(about, sizeof about);
    if (tool_args_answered(ARENA_BENCH, argc - 1, argv + 1, usage,
                           (int)(sizeof usage / sizeof usage[0]), about))
        return 0;
    if (argc > 1 && !strcmp(argv[1], "pairs")) return cmd_pairs(argc - 2, argv + 2);
    if (argc > 1 && !strcmp(argv[1], "soak")) return cmd_soak(argc - 2, argv + 2);
    if (argc > 1 && !strcmp(argv[1], "balance")) return cmd_balance(argc - 2, argv + 2);
    if (argc > 1 && !strcmp(argv[1], "render")) return cmd_render(argc - 2, argv + 2);
    if (argc > 1 && !strcmp(argv[1], "editor")) return cmd_editor(argc - 2, argv + 2);
    if (argc > 1 && !strcmp(argv[1], "net-load")) return cmd_net_load(argc - 2, argv + 2);
    enum { OPT_CSV, OPT_COUNT };
    static const tool_option options[OPT_COUNT] = {{"--csv", false}};
    tool_args args;
    if (!tool_args_read(ARENA_BENCH, options, OPT_COUNT, 1, argc - 1, argv + 1, &args))
        return TOOL_EXIT_BAD_INPUT;
    const bool csv = args.given[OPT_CSV];
    const char *only = args.npos ? args.pos[0] : NULL;
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

int main(int argc, char **argv) {
    return tool_finish_stdout(ARENA_BENCH, run(argc, argv));
}
