#include "arena/ae_map_file.h"

#include "arena/ae_file.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdlib.h>
#include <string.h>

static bool looks_like_movingai(const uint8_t *data, size_t len, const char *name) {
    const char *dot = name ? strrchr(name, '.') : NULL;
    if (dot && !strcmp(dot, ".map")) return true;
    return len >= 5 && !memcmp(data, "type ", 5);
}

/// Expands a surface of (grey, alpha) byte pairs to RGBA and builds the grid; frees the surface.
static bool grey_alpha_surface(SDL_Surface *img, ae_grid *grid, ae_error *err) {
    bool ok = false;
    size_t row_bytes = (size_t)img->w * 4;
    uint8_t *rgba = malloc(row_bytes * (size_t)img->h);
    if (!rgba) {
        ae_error_set(err, "out of memory decoding the image");
    } else if (SDL_LockSurface(img) == 0) {
        for (int y = 0; y < img->h; y++) {
            const uint8_t *in = (const uint8_t *)img->pixels + (size_t)y * (size_t)img->pitch;
            uint8_t *out = rgba + (size_t)y * row_bytes;
            for (int x = 0; x < img->w; x++) {
                out[4 * x] = out[4 * x + 1] = out[4 * x + 2] = in[2 * x];
                out[4 * x + 3] = in[2 * x + 1];
            }
        }
        SDL_UnlockSurface(img);
        ok = ae_grid_from_rgba(grid, rgba, img->w, img->h, (int)row_bytes, err);
    } else {
        ae_error_set(err, "cannot read image pixels: %s", SDL_GetError());
    }
    free(rgba);
    SDL_FreeSurface(img);
    return ok;
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
    // Grey PNGs with a tRNS chunk come back as grey/alpha byte pairs mislabelled as a 16-bit
    // colour format: read those pairs directly.
    if (info.format == AE_IMAGE_PNG && info.png_color_type == 0 && info.png_trns &&
        img->format->BytesPerPixel == 2)
        return grey_alpha_surface(img, grid, err);
    // Decoders hand back palettes for grey PNGs: convert everything else to RGBA32 and read rows
    // by pitch.
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
    uint8_t *data;
    size_t size;
    if (!ae_file_read(path, AE_MAP_FILE_MAX_BYTES, &data, &size, err)) return false;
    bool ok = ae_map_load_memory(data, size, path, grid, err);
    if (data) ae_free(data, size);
    return ok;
}
