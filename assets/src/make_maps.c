// arena-make-maps DIR: writes the shipped maps as black-and-white PNG heightmaps into DIR.
#include "map_designs.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>

static bool save_png(const ae_grid *g, const char *path) {
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormat(0, g->width, g->height, 24, SDL_PIXELFORMAT_RGB24);
    if (!s) return false;
    for (int y = 0; y < g->height; y++) {
        Uint8 *row = (Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch;
        for (int x = 0; x < g->width; x++) {
            Uint8 v = ae_grid_is_wall(g, x, y) ? 0 : 255;
            row[3 * x] = row[3 * x + 1] = row[3 * x + 2] = v;
        }
    }
    bool ok = IMG_SavePNG(s, path) == 0;
    SDL_FreeSurface(s);
    return ok;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: arena-make-maps DIR\n");
        return 2;
    }
    for (int i = 0; i < map_design_count; i++) {
        ae_grid g;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s.png", argv[1], map_designs[i].name);
        if (!map_design_build(&map_designs[i], &g) || !save_png(&g, path)) {
            fprintf(stderr, "arena-make-maps: %s: cannot write: %s\n", path, SDL_GetError());
            return 2;
        }
        printf("%s: %dx%d, %.1f%% free\n", path, g.width, g.height,
               100.0 * (double)ae_grid_free_count(&g) / ((double)g.width * g.height));
        ae_grid_free(&g);
    }
    return 0;
}
