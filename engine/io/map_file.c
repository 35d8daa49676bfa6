#include "arena/ae_map_file.h"

#include <SDL.h>
#include <SDL_image.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool looks_like_movingai(const uint8_t *data, size_t len, const char *name) {
    const char *dot = name ? strrchr(name, '.') : NULL;
    if (dot && !strcmp(dot, ".map")) return true;
    return len >= 5 && !memcmp(data, "type ", 5);
}

static bool decode_image(const uint8_t *data, size_t len, const char *name, ae_grid *grid,
                         ae_error *err) {
    ae_image_info info;
    if (!ae_image_probe(data, len, name, &info, err)) return false;
    SDL_RWops *rw = SDL_RWFromConstMem(data, (int)len);
    SDL_Surface *img = rw ? IMG_Load_RW(rw, 1) : NULL;
    if (!img) {
        ae_error_set(err, "cannot decode image: %s", IMG_GetError());
        return false;
    }
    // Decoders hand back palettes for grey PNGs and odd formats for grey with transparency:
    // convert everything to RGBA32 and read rows by pitch.
    SDL_Surface *rgba = SDL_ConvertSurfaceFormat(img, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(img);
    if (!rgba) {
        ae_error_set(err, "cannot convert image to RGBA: %s", SDL_GetError());
        return false;
    }
    bool ok = false;
    if (rgba->w != info.width || rgba->h != info.height) {
        ae_error_set(err, "decoded size %dx%d differs from the header's %dx%d", rgba->w, rgba->h,
                     info.width, info.height);
    } else if (SDL_LockSurface(rgba) == 0) {
        ok = ae_grid_from_rgba(grid, rgba->pixels, rgba->w, rgba->h, rgba->pitch, err);
        SDL_UnlockSurface(rgba);
    } else {
        ae_error_set(err, "cannot read image pixels: %s", SDL_GetError());
    }
    SDL_FreeSurface(rgba);
    return ok;
}

bool ae_map_load_memory(const uint8_t *data, size_t len, const char *name, ae_grid *grid,
                        ae_error *err) {
    memset(grid, 0, sizeof *grid);
    if (len == 0) {
        ae_error_set(err, "empty file");
        return false;
    }
    if (looks_like_movingai(data, len, name))
        return ae_grid_parse_movingai(grid, (const char *)data, len, err);
    return decode_image(data, len, name, grid, err);
}

bool ae_map_load_file(const char *path, ae_grid *grid, ae_error *err) {
    memset(grid, 0, sizeof *grid);
    FILE *f = fopen(path, "rb");
    if (!f) {
        ae_error_set(err, "cannot open: %s", strerror(errno));
        return false;
    }
    uint8_t *data = NULL;
    size_t len = 0, cap = 0;
    bool ok = true;
    for (;;) {
        if (len == cap) {
            if (cap >= AE_MAP_FILE_MAX_BYTES) {
                ae_error_set(err, "file larger than %u bytes", AE_MAP_FILE_MAX_BYTES);
                ok = false;
                break;
            }
            size_t ncap = cap ? cap * 2 : 65536;
            uint8_t *n = realloc(data, ncap);
            if (!n) {
                ae_error_set(err, "out of memory reading the file");
                ok = false;
                break;
            }
            data = n;
            cap = ncap;
        }
        size_t got = fread(data + len, 1, cap - len, f);
        len += got;
        if (got == 0) {
            if (ferror(f)) {
                ae_error_set(err, "read error: %s", strerror(errno));
                ok = false;
            }
            break;
        }
    }
    fclose(f);
    if (ok) ok = ae_map_load_memory(data, len, path, grid, err);
    free(data);
    return ok;
}
