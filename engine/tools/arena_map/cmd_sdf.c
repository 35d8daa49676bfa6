// arena-map sdf MAP: the corner field, W+1 by H+1 signed distances in cells.
#include "commands.h"
#include "tool_args.h"
#include "tool_util.h"

#include <stdio.h>

int cmd_sdf(int argc, char **argv) {
    tool_args args;
    if (!tool_args_read(ARENA_MAP, NULL, 0, 1, argc, argv, &args)) return TOOL_EXIT_BAD_INPUT;
    if (args.npos != 1) {
        tool_fail(ARENA_MAP, "sdf", "usage: sdf MAP");
        return TOOL_EXIT_BAD_INPUT;
    }
    ae_grid grid;
    if (!map_load_or_fail(args.pos[0], &grid)) return TOOL_EXIT_BAD_INPUT;
    ae_sdf sdf;
    ae_error err;
    if (!ae_sdf_init(&sdf, &grid, 1.0f, &err)) {
        tool_fail(ARENA_MAP, args.pos[0], "%s", err.msg);
        ae_grid_free(&grid);
        return TOOL_EXIT_BAD_INPUT;
    }
    printf("%d %d\n", sdf.width + 1, sdf.height + 1);
    for (int cy = 0; cy <= sdf.height; cy++)
        for (int cx = 0; cx <= sdf.width; cx++)
            printf("%.6f%c", (double)ae_sdf_corner(&sdf, cx, cy), cx == sdf.width ? '\n' : ' ');
    ae_sdf_free(&sdf);
    ae_grid_free(&grid);
    return TOOL_EXIT_OK;
}
