// arena-map path MAP X0 Y0 X1 Y1 [--radius R]: optimal grid path, smoothed length, waypoints.
#include "commands.h"
#include "tool_args.h"
#include "tool_util.h"

#include "arena/ae_nav.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define USAGE "usage: path MAP X0 Y0 X1 Y1 [--radius R]"

int cmd_path(int argc, char **argv) {
    static const tool_option options[] = {{"--radius", true}};
    tool_args args;
    if (!tool_args_read(ARENA_MAP, options, 1, 5, argc, argv, &args)) return TOOL_EXIT_BAD_INPUT;
    if (args.npos != 5) {
        tool_fail(ARENA_MAP, "path", USAGE);
        return TOOL_EXIT_BAD_INPUT;
    }
    const char *const *pos = args.pos;
    double radius = 0.0;
    if (args.given[0] && !tool_parse_float(args.value[0], 0.0, 1e6, &radius)) {
        tool_fail(ARENA_MAP, args.value[0], "radius must be a number >= 0");
        return TOOL_EXIT_BAD_INPUT;
    }
    long c[4];
    for (int k = 0; k < 4; k++)
        if (!tool_parse_int(pos[k + 1], -1000000000L, 1000000000L, &c[k])) {
            tool_fail(ARENA_MAP, pos[k + 1], "coordinate must be an integer");
            return TOOL_EXIT_BAD_INPUT;
        }
    ae_grid grid;
    if (!map_load_or_fail(pos[0], &grid)) return TOOL_EXIT_BAD_INPUT;
    // A cell outside the map is a typing mistake, not a question whose answer is `no path`.
    for (int k = 0; k < 4; k++)
        if (c[k] < 0 || c[k] >= (k % 2 ? grid.height : grid.width)) {
            tool_fail(ARENA_MAP, pos[k + 1], "%s is outside the %dx%d map",
                      k % 2 ? "row" : "column", grid.width, grid.height);
            ae_grid_free(&grid);
            return TOOL_EXIT_BAD_INPUT;
        }
    ae_sdf sdf;
    ae_nav_grid nav;
    ae_nav_search *search = NULL;
    ae_error err;
    ae_nav_grid_def def = ae_default_nav_grid_def();
    def.radii[0] = (float)radius;
    if (!ae_sdf_init(&sdf, &grid, 1.0f, &err)) {
        tool_fail(ARENA_MAP, pos[0], "%s", err.msg);
        ae_grid_free(&grid);
        return TOOL_EXIT_BAD_INPUT;
    }
    if (!ae_nav_grid_init(&nav, &grid, &sdf, &def, &err) ||
        !(search = ae_nav_search_create(&nav, &err))) {
        tool_fail(ARENA_MAP, pos[0], "%s", err.msg);
        ae_nav_grid_free(&nav);
        ae_sdf_free(&sdf);
        ae_grid_free(&grid);
        return TOOL_EXIT_BAD_INPUT;
    }
    int status = TOOL_EXIT_OK;
    ae_nav_query q = {{(int)c[0], (int)c[1]}, {(int)c[2], (int)c[3]}, 0, AE_NAV_AUTO};
    if (ae_nav_find_path(search, &nav, &q) != AE_NAV_FOUND) {
        printf("no path\n");
        status = TOOL_EXIT_FAIL;
    } else {
        int n = ae_nav_path_count(search);
        ae_nav_cell *cells = malloc((size_t)n * sizeof *cells);
        vec2s *pts = malloc((size_t)(n + 2) * sizeof *pts);
        ae_nav_path_cells(search, cells, n);
        vec2s a = ae_nav_cell_center(&nav, cells[0]), b = ae_nav_cell_center(&nav, cells[n - 1]);
        int m = ae_nav_smooth(&sdf, (float)radius, a, b, cells, n, pts, n + 2);
        printf("length %.6f\n", ae_nav_search_length(search));
        printf("smoothed %.6f\n", (double)ae_nav_polyline_length(pts, m));
        for (int i = 0; i < m; i++) printf("%.4f %.4f\n", (double)pts[i].x, (double)pts[i].y);
        free(pts);
        free(cells);
    }
    ae_nav_search_destroy(search);
    ae_nav_grid_free(&nav);
    ae_sdf_free(&sdf);
    ae_grid_free(&grid);
    return status;
}
