// arena-map: map inspection and queries from the command line.
#include "commands.h"
#include "tool_util.h"

#include <stdio.h>
#include <string.h>

typedef struct command {
    const char *name;
    const char *usage;
    int (*run)(int argc, char **argv);
} command;

static const command commands[] = {
    {"info", "info MAP", cmd_info},
    {"sdf", "sdf MAP", cmd_sdf},
    {"path", "path MAP X0 Y0 X1 Y1 [--radius R]", cmd_path},
    {"scen", "scen FILE.scen [--maps DIR] [--method jps|astar]", cmd_scen},
    {"cover", "cover MAP [--radius R]", cmd_cover},
    {"check", "check MAP [--radius R] [--agents N] [--png OUT]", cmd_check},
};

bool map_load_or_fail(const char *path, ae_grid *grid) {
    ae_error err;
    if (ae_map_load_file(path, grid, &err)) return true;
    tool_fail(ARENA_MAP, path, "%s", err.msg);
    return false;
}

static void usage(FILE *out) {
    fprintf(out, "usage:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %s %s\n", ARENA_MAP, commands[i].usage);
}

static int run(int argc, char **argv) {
    if (argc < 2) {
        tool_fail(ARENA_MAP, "missing command", "try --help");
        return TOOL_EXIT_BAD_INPUT;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(stdout);
        return TOOL_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc - 2, argv + 2);
    tool_fail(ARENA_MAP, argv[1], "unknown command (try --help)");
    return TOOL_EXIT_BAD_INPUT;
}

int main(int argc, char **argv) {
    return tool_finish_stdout(ARENA_MAP, run(argc, argv));
}
