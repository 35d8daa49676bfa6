// arena-map cover MAP [--radius R]: cover points, a count then `x y nx ny` per point.
#include "commands.h"
#include "tool_args.h"
#include "tool_util.h"

#include "arena/ae_cover.h"

#include <stdio.h>
#include <string.h>

int cmd_cover(int argc, char **argv) {
    static const tool_option options[] = {{"--radius", true}};
    tool_args args;
    if (!tool_args_read(ARENA_MAP, options, 1, 1, argc, argv, &args)) return TOOL_EXIT_BAD_INPUT;
    if (args.npos != 1) {
        tool_fail(ARENA_MAP, "cover", "usage: cover MAP [--radius R]");
        return TOOL_EXIT_BAD_INPUT;
    }
    const char *map = args.pos[0];
    double radius = 0.5;
    if (args.given[0] && !tool_parse_float(args.value[0], 0.0, 1e6, &radius)) {
        tool_fail(ARENA_MAP, args.value[0], "radius must be a number >= 0");
        return TOOL_EXIT_BAD_INPUT;
    }
    ae_grid grid;
    if (!map_load_or_fail(map, &grid)) return TOOL_EXIT_BAD_INPUT;
    ae_sdf sdf;
    ae_cover_set set;
    ae_error err;
    ae_cover_def def = ae_default_cover_def();
    def.radius = (float)radius;
    if (!ae_sdf_init(&sdf, &grid, 1.0f, &err)) {
        tool_fail(ARENA_MAP, map, "%s", err.msg);
        ae_grid_free(&grid);
        return TOOL_EXIT_BAD_INPUT;
    }
    if (!ae_cover_init(&set, &grid, &sdf, &def, &err)) {
        tool_fail(ARENA_MAP, map, "%s", err.msg);
        ae_sdf_free(&sdf);
        ae_grid_free(&grid);
        return TOOL_EXIT_BAD_INPUT;
    }
    printf("%d\n", set.count);
    for (int b = 0; b < set.buckets_x * set.buckets_y; b++)
        for (int i = set.bucket_start[b]; i < set.bucket_start[b + 1]; i++) {
            const vec2s p = ae_cover_point_pos(&set, b, set.points[i]);
            const vec2s n = ae_cover_normal(&sdf, p);
            printf("%.4f %.4f %.4f %.4f\n", (double)p.x, (double)p.y, (double)n.x, (double)n.y);
        }
    ae_cover_free(&set);
    ae_sdf_free(&sdf);
    ae_grid_free(&grid);
    return TOOL_EXIT_OK;
}
