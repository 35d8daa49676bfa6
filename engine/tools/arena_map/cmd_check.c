// arena-map check MAP [--radius R] [--agents N] [--png OUT]: is the map playable?
// Prints the connected area, pockets, narrow passages, spawn capacity, bake time, breakable walls,
// doors and water, then `playable yes` or `playable no` with one `reason:` line per problem (exit
// 1 when unplayable).
#include "check_png.h"
#include "commands.h"
#include "sdf_timing.h"
#include "tool_args.h"
#include "tool_util.h"

#include "arena/ae_output.h"

#include <stdio.h>
#include <string.h>

#define USAGE "usage: check MAP [--radius R] [--agents N] [--png OUT]"

static void print_reasons(const ae_map_check *c) {
    const ae_map_check_def *d = &c->def;
    if (c->problems & AE_MAP_PROBLEM_SMALL_AREA)
        printf("reason: the largest connected area has %d cells, under %d\n", c->largest_cells,
               d->min_largest_cells);
    if (c->problems & AE_MAP_PROBLEM_SPLIT)
        printf("reason: the largest connected area holds %.1f%% of the passable cells, under "
               "%.0f%% (%d areas)\n",
               100.0 * c->largest_share, 100.0 * (double)d->min_largest_share, c->component_count);
    if (c->problems & AE_MAP_PROBLEM_NO_ROOM)
        printf("reason: room for %d spawns in the largest area, a match needs %d\n",
               c->spawn_capacity, d->agents);
}

int cmd_check(int argc, char **argv) {
    enum { OPT_RADIUS, OPT_AGENTS, OPT_PNG, OPT_COUNT };
    static const tool_option options[OPT_COUNT] = {
        {"--radius", true}, {"--agents", true}, {"--png", true}};
    tool_args args;
    if (!tool_args_read(ARENA_MAP, options, OPT_COUNT, 1, argc, argv, &args))
        return TOOL_EXIT_BAD_INPUT;
    if (args.npos != 1) {
        tool_fail(ARENA_MAP, "check", USAGE);
        return TOOL_EXIT_BAD_INPUT;
    }
    const char *map = args.pos[0], *png = args.value[OPT_PNG];
    // The check runs on a field of 1-unit cells, so its world units are cells. Without flags it
    // checks for the game's agents (radius 12 on 32-unit cells) and a full match, on one main
    // area that holds at least half the passable cells and 400 of them.
    ae_map_check_def def = ae_default_map_check_def();
    def.radius = 12.0f / 32.0f;
    def.agents = 100;
    def.min_largest_share = 0.5f;
    def.min_largest_cells = 400;
    double r;
    long n;
    if (args.given[OPT_RADIUS]) {
        if (!tool_parse_float(args.value[OPT_RADIUS], 0.0, 1e4, &r)) {
            tool_fail(ARENA_MAP, args.value[OPT_RADIUS], "radius must be a number >= 0 (cells)");
            return TOOL_EXIT_BAD_INPUT;
        }
        def.radius = (float)r;
    }
    if (args.given[OPT_AGENTS]) {
        if (!tool_parse_int(args.value[OPT_AGENTS], 0, 1000000, &n)) {
            tool_fail(ARENA_MAP, args.value[OPT_AGENTS], "agents must be an integer >= 0");
            return TOOL_EXIT_BAD_INPUT;
        }
        def.agents = (int)n;
    }
    // The picture's target is checked (and a file made and removed beside it) before any work.
    ae_error err;
    if (png && !ae_output_check(png, &map, 1, &err)) {
        tool_fail(ARENA_MAP, png, "%s", err.msg);
        return TOOL_EXIT_BAD_INPUT;
    }
    ae_grid grid;
    if (!map_load_or_fail(map, &grid)) return TOOL_EXIT_BAD_INPUT;
    double bake_ms = 0.0;
    ae_sdf sdf;
    ae_map_check c;
    if (!sdf_time_bake(&grid, &bake_ms, NULL, &err) || !ae_sdf_init(&sdf, &grid, 1.0f, &err)) {
        tool_fail(ARENA_MAP, map, "%s", err.msg);
        ae_grid_free(&grid);
        return TOOL_EXIT_BAD_INPUT;
    }
    bool ran = ae_map_check_init(&c, &grid, &sdf, &def, &err);
    ae_sdf_free(&sdf);
    if (!ran) {
        tool_fail(ARENA_MAP, map, "%s", err.msg);
        ae_grid_free(&grid);
        return TOOL_EXIT_BAD_INPUT;
    }
    double cells = (double)grid.width * (double)grid.height;
    printf("size %d %d\n", grid.width, grid.height);
    printf("radius %.4f\n", (double)def.radius);
    printf("free_fraction %.6f\n", (double)c.free_cells / cells);
    printf("passable %d\n", c.passable_cells);
    printf("largest_area %d %.6f\n", c.largest_cells, c.largest_share);
    printf("pockets %d %d\n", c.pocket_count, c.pocket_cells);
    printf("narrow %d %d\n", c.narrow_count, c.narrow_cells);
    printf("spawn_capacity %d\n", c.spawn_capacity);
    printf("bake_ms %.3f\n", bake_ms);
    printf("breakable %d\n", c.breakable_cells);
    printf("doors %d\n", c.door_cells);
    printf("water %d\n", c.water_cells);
    printf("playable %s\n", c.problems ? "no" : "yes");
    print_reasons(&c);
    fflush(stdout);
    int status = c.problems ? TOOL_EXIT_FAIL : TOOL_EXIT_OK;
    if (png && !check_png_write(&c, png)) status = TOOL_EXIT_BAD_INPUT;
    ae_map_check_free(&c);
    ae_grid_free(&grid);
    return status;
}
