// arena-make-art DIR: draws every sheet of art_layout.h and writes it as a PNG into DIR.
// The output is deterministic (fixed PCG32 seeds, no clock), so the committed PNGs in
// assets/sprites can be checked against a fresh run.
#include "art.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool save_png(const art_sheet *s, const uint8_t *rgba, const char *path) {
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, s->w, s->h, 32, SDL_PIXELFORMAT_RGBA32);
    if (!surf) return false;
    for (int y = 0; y < s->h; y++)
        memcpy((Uint8 *)surf->pixels + (size_t)y * (size_t)surf->pitch,
               rgba + (size_t)y * (size_t)s->w * 4u, (size_t)s->w * 4u);
    bool ok = IMG_SavePNG(surf, path) == 0;
    SDL_FreeSurface(surf);
    return ok;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: arena-make-art DIR\n");
        return 2;
    }
    for (int i = 0; i < art_sheet_count; i++) {
        const art_sheet *s = &art_sheets[i];
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", argv[1], s->file);
        uint8_t *rgba = art_render(s);
        bool ok = save_png(s, rgba, path);
        free(rgba);
        if (!ok) {
            fprintf(stderr, "arena-make-art: %s: cannot write: %s\n", path, SDL_GetError());
            return 2;
        }
        printf("%s: %dx%d\n", path, s->w, s->h);
    }
    return 0;
}
