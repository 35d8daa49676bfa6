// arena-make-art DIR: draws every sheet of art_layout.h and writes it as a PNG into DIR.
// The output is deterministic (fixed PCG32 seeds, no clock), so the committed PNGs in
// assets/sprites can be checked against a fresh run.
#include "art.h"
#include "arena/ae_quote.h"
#include "tool_save_png.h"
#include "tool_util.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Written through ae_output (tool_save_png): never half-written, never onto a FIFO or a device.
static bool save_png(const art_sheet *s, const uint8_t *rgba, const char *path, ae_error *err) {
    SDL_Surface *surf = SDL_CreateRGBSurfaceWithFormat(0, s->w, s->h, 32, SDL_PIXELFORMAT_RGBA32);
    if (!surf) {
        ae_error_set(err, "%s", SDL_GetError());
        return false;
    }
    for (int y = 0; y < s->h; y++)
        memcpy((Uint8 *)surf->pixels + (size_t)y * (size_t)surf->pitch,
               rgba + (size_t)y * (size_t)s->w * 4u, (size_t)s->w * 4u);
    bool ok = tool_save_png(surf, path, err);
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
        char *path = tool_join(argv[1], s->file);
        uint8_t *rgba = path ? art_render(s) : NULL;
        ae_error err = {"out of memory"};
        bool ok = rgba && save_png(s, rgba, path, &err);
        free(rgba);
        if (!ok) {
            tool_fail("arena-make-art", path ? path : argv[1], "%s", err.msg);
            free(path);
            return 2;
        }
        printf("%s: %dx%d\n", AE_QUOTED(path), s->w, s->h);
        free(path);
    }
    return 0;
}
