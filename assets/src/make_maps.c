// arena-make-maps DIR: writes the shipped maps as PNG heightmaps into DIR: free white, walls
// black, breakable walls grey, doors blue and water sea blue (ae_grid_cell_color).
#include "map_designs.h"
#include "arena/ae_quote.h"
#include "tool_save_png.h"
#include "tool_util.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: arena-make-maps DIR\n");
        return 2;
    }
    for (int i = 0; i < map_design_count; i++) {
        ae_grid g;
        ae_error err = {"out of memory"};
        char *name = malloc(strlen(map_designs[i].name) + 5);
        if (name) sprintf(name, "%s.png", map_designs[i].name);
        char *path = name ? tool_join(argv[1], name) : NULL;
        free(name);
        bool built = path && map_design_build(&map_designs[i], &g);
        if (!built || !tool_save_grid_png(&g, path, &err)) {
            tool_fail("arena-make-maps", path ? path : argv[1], "%s", err.msg);
            if (built) ae_grid_free(&g);
            free(path);
            return 2;
        }
        printf("%s: %dx%d, %.1f%% free\n", AE_QUOTED(path), g.width, g.height,
               100.0 * (double)ae_grid_free_count(&g) / ((double)g.width * g.height));
        ae_grid_free(&g);
        free(path);
    }
    return 0;
}
