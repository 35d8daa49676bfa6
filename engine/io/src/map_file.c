#include "arena/ae_map_file.h"

#include "arena/ae_file.h"
#include "arena/ae_image_probe.h"
#include "map_tiled_internal.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdlib.h>
#include <string.h>

static bool has_extension(const char *name, const char *ext) {
    const char *dot = name ? strrchr(name, '.') : NULL;
    return dot && !strcmp(dot, ext);
}

static bool looks_like_movingai(const uint8_t *data, size_t len, const char *name) {
    return has_extension(name, ".map") || (len >= 5 && !memcmp(data, "type ", 5));
}

/// An SDL_RWops reading the probe's decode spans of the file as one stream, so the decoder sees
/// only those bytes (for a PNG: no ancillary chunk) without a copy of the file.
typedef struct span_stream {
    const uint8_t *data;
    const ae_image_info *info;
    Sint64 size, pos;
} span_stream;

static Sint64 span_size(SDL_RWops *rw) {
    return ((span_stream *)rw->hidden.unknown.data1)->size;
}

static Sint64 span_seek(SDL_RWops *rw, Sint64 offset, int whence) {
    span_stream *s = rw->hidden.unknown.data1;
    Sint64 base = whence == RW_SEEK_SET ? 0 : whence == RW_SEEK_CUR ? s->pos : s->size;
    if (offset < -base || offset > s->size - base) return SDL_SetError("seek outside the image");
    s->pos = base + offset;
    return s->pos;
}

static size_t span_read(SDL_RWops *rw, void *ptr, size_t size, size_t maxnum) {
    span_stream *s = rw->hidden.unknown.data1;
    const size_t left = (size_t)(s->size - s->pos);
    if (size == 0) return 0;
    if (maxnum > left / size) maxnum = left / size; // whole objects only
    size_t want = size * maxnum, done = 0;
    Sint64 start = 0; // stream offset of the current span
    for (int i = 0; i < s->info->decode_count && done < want; i++) {
        const ae_byte_span *sp = &s->info->decode[i];
        Sint64 end = start + (Sint64)sp->length;
        if (s->pos < end) {
            size_t from = (size_t)(s->pos - start), n = sp->length - from;
            if (n > want - done) n = want - done;
            memcpy((uint8_t *)ptr + done, s->data + sp->offset + from, n);
            done += n;
            s->pos += (Sint64)n;
        }
        start = end;
    }
    return maxnum;
}

static size_t span_write(SDL_RWops *rw, const void *ptr, size_t size, size_t num) {
    (void)rw, (void)ptr, (void)size, (void)num;
    SDL_SetError("the image is read-only");
    return 0;
}

static int span_close(SDL_RWops *rw) {
    SDL_FreeRW(rw);
    return 0;
}

/// Decodes the spans with the format's own SDL2_image loader (the probe has named the format;
/// IMG_Load_RW would ask every format's detector in turn).
static SDL_Surface *decode_spans(const uint8_t *data, const ae_image_info *info) {
    span_stream s = {data, info, 0, 0};
    for (int i = 0; i < info->decode_count; i++) s.size += (Sint64)info->decode[i].length;
    SDL_RWops *rw = SDL_AllocRW();
    if (!rw) return NULL;
    rw->size = span_size;
    rw->seek = span_seek;
    rw->read = span_read;
    rw->write = span_write;
    rw->close = span_close;
    rw->type = SDL_RWOPS_UNKNOWN;
    rw->hidden.unknown.data1 = &s;
    SDL_Surface *img = NULL;
    switch (info->format) {
    case AE_IMAGE_PNG:
        img = IMG_LoadPNG_RW(rw);
        break;
    case AE_IMAGE_BMP:
        img = IMG_LoadBMP_RW(rw);
        break;
    case AE_IMAGE_GIF:
        img = IMG_LoadGIF_RW(rw);
        break;
    case AE_IMAGE_JPEG:
        img = IMG_LoadJPG_RW(rw);
        break;
    }
    SDL_RWclose(rw);
    return img;
}

/// Builds the grid from the decoded picture's RGBA32 pixels. A GIF frame smaller than its
/// logical screen is placed at its offset on a transparent screen, so the rest is wall (browsers
/// show it transparent too).
static bool grid_from_picture(const uint8_t *rgba, int pitch, const ae_image_info *info,
                              ae_grid *grid, ae_error *err) {
    if (info->frame_width == info->width && info->frame_height == info->height)
        return ae_grid_init_rgba(grid, rgba, info->width, info->height, pitch, err);
    const size_t row = (size_t)info->width * 4;
    uint8_t *screen = calloc((size_t)info->height, row);
    if (!screen) {
        ae_error_set(err, "out of memory decoding the image");
        return false;
    }
    for (int y = 0; y < info->frame_height; y++)
        memcpy(screen + (size_t)(info->frame_y + y) * row + (size_t)info->frame_x * 4,
               rgba + (size_t)y * (size_t)pitch, (size_t)info->frame_width * 4);
    bool ok = ae_grid_init_rgba(grid, screen, info->width, info->height, (int)row, err);
    free(screen);
    return ok;
}

/// Expands a surface of (grey, alpha) byte pairs to RGBA and builds the grid; frees the surface.
static bool grey_alpha_surface(SDL_Surface *img, const ae_image_info *info, ae_grid *grid,
                               ae_error *err) {
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
        ok = grid_from_picture(rgba, (int)row_bytes, info, grid, err);
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
    SDL_Surface *img = decode_spans(data, &info);
    if (!img) {
        ae_error_set(err, "cannot decode image: %s", IMG_GetError());
        return false;
    }
    if (img->w != info.frame_width || img->h != info.frame_height) {
        ae_error_set(err, "decoded size %dx%d differs from the header's %dx%d", img->w, img->h,
                     info.frame_width, info.frame_height);
        SDL_FreeSurface(img);
        return false;
    }
    // Grey PNGs with a tRNS chunk come back as grey/alpha byte pairs mislabelled as a 16-bit
    // colour format: read those pairs directly.
    if (info.format == AE_IMAGE_PNG && info.png_color_type == 0 && info.png_trns &&
        img->format->BytesPerPixel == 2)
        return grey_alpha_surface(img, &info, grid, err);
    // Decoders hand back palettes for grey PNGs: convert everything else to RGBA32 and read rows
    // by pitch.
    SDL_Surface *rgba = SDL_ConvertSurfaceFormat(img, SDL_PIXELFORMAT_RGBA32, 0);
    SDL_FreeSurface(img);
    if (!rgba) {
        ae_error_set(err, "cannot convert image to RGBA: %s", SDL_GetError());
        return false;
    }
    bool ok = false;
    if (SDL_LockSurface(rgba) == 0) {
        ok = grid_from_picture(rgba->pixels, rgba->pitch, &info, grid, err);
        SDL_UnlockSurface(rgba);
    } else {
        ae_error_set(err, "cannot read image pixels: %s", SDL_GetError());
    }
    SDL_FreeSurface(rgba);
    return ok;
}

/// A Tiled map by its extension, or by its text (a Tiled map saved as .json): the first byte that
/// is not white space opens a JSON object or array, as no image and no Moving AI map starts.
static bool is_tiled(const uint8_t *data, size_t len, const char *name) {
    if (has_extension(name, ".tmj")) return true;
    for (size_t i = 0; i < len; i++) {
        if (data[i] == '{' || data[i] == '[') return true;
        if (data[i] != ' ' && data[i] != '\t' && data[i] != '\n' && data[i] != '\r') return false;
    }
    return false;
}

static bool load_tiled(const uint8_t *data, size_t len, const char *map_path, ae_grid *grid,
                       ae_map_sources *sources, ae_error *err) {
#ifdef AE_MAPIO_TILED
    return map_tiled_load(data, len, map_path, grid, sources, err);
#else
    (void)data, (void)len, (void)map_path, (void)grid, (void)sources;
    ae_error_set(err, "Tiled maps (.tmj) are not supported in the browser build");
    return false;
#endif
}

/// Every format; map_path (NULL: bytes from memory) is where a Tiled map's tilesets are found.
static bool load(const uint8_t *data, size_t len, const char *name, const char *map_path,
                 ae_grid *grid, ae_map_sources *sources, ae_error *err) {
    memset(grid, 0, sizeof *grid);
    if (len == 0) {
        ae_error_set(err, "empty file");
        return false;
    }
    if (looks_like_movingai(data, len, name))
        return ae_grid_init_movingai(grid, (const char *)data, len, err);
    if (is_tiled(data, len, name)) return load_tiled(data, len, map_path, grid, sources, err);
    return decode_image(data, len, name, grid, err);
}

bool ae_map_load_memory(const uint8_t *data, size_t len, const char *name, ae_grid *grid,
                        ae_error *err) {
    return load(data, len, name, NULL, grid, NULL, err);
}

bool ae_map_load_file_sources(const char *path, ae_grid *grid, ae_map_sources *sources,
                              ae_error *err) {
    memset(grid, 0, sizeof *grid);
    if (sources) memset(sources, 0, sizeof *sources);
    uint8_t *data;
    size_t size;
    if (!ae_file_read(path, AE_MAP_FILE_MAX_BYTES, &data, &size, err)) return false;
    bool ok = load(data, size, path, path, grid, sources, err);
    if (data) ae_free(data, size);
    return ok;
}

bool ae_map_load_file(const char *path, ae_grid *grid, ae_error *err) {
    return ae_map_load_file_sources(path, grid, NULL, err);
}

void ae_map_sources_free(ae_map_sources *sources) {
    for (int i = 0; i < sources->count; i++)
        ae_free(sources->paths[i], strlen(sources->paths[i]) + 1);
    memset(sources, 0, sizeof *sources);
}

// ---- Threads for loading ----

struct ae_map_thread {
    SDL_Thread *thread;
    void (*fn)(void *arg);
    void *arg;
};

static int run_map_thread(void *data) {
    ae_map_thread *t = data;
    t->fn(t->arg);
    return 0;
}

ae_map_thread *ae_map_thread_start(void (*fn)(void *arg), void *arg) {
    ae_map_thread *t = ae_calloc(1, sizeof *t);
    if (!t) return NULL;
    t->fn = fn;
    t->arg = arg;
    t->thread = SDL_CreateThread(run_map_thread, "map loader", t);
    if (!t->thread) {
        ae_free(t, sizeof *t);
        return NULL;
    }
    return t;
}

void ae_map_thread_join(ae_map_thread *t) {
    if (!t) return;
    SDL_WaitThread(t->thread, NULL);
    ae_free(t, sizeof *t);
}
