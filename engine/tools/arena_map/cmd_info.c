// arena-map info MAP: size, free fraction, bake time, then the breakable walls, doors and
// water.
#include "commands.h"
#include "sdf_timing.h"
#include "tool_args.h"
#include "tool_util.h"

#include <stdio.h>

int cmd_info(int argc, char **argv) {
    tool_args args;
    if (!tool_args_read(ARENA_MAP, NULL, 0, 1, argc, argv, &args)) return TOOL_EXIT_BAD_INPUT;
    if (args.npos != 1) {
        tool_fail(ARENA_MAP, "info", "usage: info MAP");
        return TOOL_EXIT_BAD_INPUT;
    }
    ae_grid grid;
    if (!map_load_or_fail(args.pos[0], &grid)) return TOOL_EXIT_BAD_INPUT;
    double bake_ms = 0.0;
    ae_error err;
    if (!sdf_time_bake(&grid, &bake_ms, NULL, &err)) {
        tool_fail(ARENA_MAP, args.pos[0], "%s", err.msg);
        ae_grid_free(&grid);
        return TOOL_EXIT_BAD_INPUT;
    }
    double cells = (double)grid.width * (double)grid.height;
    printf("size %d %d\n", grid.width, grid.height);
    printf("free_fraction %.6f\n", (double)ae_grid_free_count(&grid) / cells);
    printf("bake_ms %.3f\n", bake_ms);
    printf("breakable %zu\n", ae_grid_count(&grid, AE_CELL_WALL | AE_CELL_BREAKABLE));
    printf("doors %zu\n", ae_grid_count(&grid, AE_CELL_DOOR));
    printf("water %zu\n", ae_grid_count(&grid, AE_CELL_WALL | AE_CELL_WATER));
    ae_grid_free(&grid);
    return TOOL_EXIT_OK;
}
