// arena-map: map inspection and queries from the command line.
#include "arena_usage.h"
#include "commands.h"
#include "tool_args.h"
#include "tool_util.h"

#include <stdio.h>
#include <string.h>

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
} command;

static const command commands[] = {
    {"info", cmd_info}, {"sdf", cmd_sdf},     {"path", cmd_path},
    {"scen", cmd_scen}, {"cover", cmd_cover}, {"check", cmd_check},
};

bool map_load_or_fail(const char *path, ae_grid *grid) {
    ae_error err;
    if (ae_map_load_file(path, grid, &err)) return true;
    tool_fail(ARENA_MAP, path, "%s", err.msg);
    return false;
}

static int run(int argc, char **argv) {
    static const char *const usage[] = {ARENA_USAGE_ARENA_MAP};
    if (tool_args_answered(ARENA_MAP, argc - 1, argv + 1, usage,
                           (int)(sizeof usage / sizeof usage[0]), NULL))
        return 0;
    if (argc < 2) {
        tool_fail(ARENA_MAP, "missing command", "try --help");
        return TOOL_EXIT_BAD_INPUT;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc - 2, argv + 2);
    tool_fail(ARENA_MAP, argv[1], "unknown command (try --help)");
    return TOOL_EXIT_BAD_INPUT;
}

int main(int argc, char **argv) {
    return tool_finish_stdout(ARENA_MAP, run(argc, argv));
}
