#include "tool_save_png.h"

#include "arena/ae_output.h"

#include <SDL_image.h>
#ifndef ARENA_NO_LIBPNG
#include <png.h>
#endif
#include <stdio.h>

// SDL2_image writes the PNG through this stream straight into the output's temporary file, so a
// failed write keeps its cause (ae_output remembers the errno) instead of "write error".
static size_t SDLCALL output_write(SDL_RWops *rw, const void *data, size_t size, size_t count) {
    ae_output *out = rw->hidden.unknown.data1;
    return ae_output_write(out, data, size * count) ? count : 0;
}

static Sint64 SDLCALL output_size(SDL_RWops *rw) {
    (void)rw;
    return -1;
}

static Sint64 SDLCALL output_seek(SDL_RWops *rw, Sint64 offset, int whence) {
    (void)rw, (void)offset, (void)whence;
    return SDL_SetError("an output stream cannot seek");
}

static size_t SDLCALL output_read(SDL_RWops *rw, void *data, size_t size, size_t count) {
    (void)rw, (void)data, (void)size, (void)count;
    SDL_SetError("an output stream cannot read");
    return 0;
}

static int SDLCALL output_close(SDL_RWops *rw) {
    SDL_FreeRW(rw);
    return 0;
}

/// Encodes the picture with SDL2_image into the output; false (err set, the caller destroys the
/// output uncommitted) when that failed for another reason than a write (which the commit
/// reports with its cause).
static bool encode_into(SDL_Surface *surface, ae_output *out, ae_error *err) {
    SDL_RWops *rw = SDL_AllocRW();
    if (!rw) {
        ae_error_set(err, "out of memory");
        return false;
    }
    rw->type = SDL_RWOPS_UNKNOWN;
    rw->size = output_size;
    rw->seek = output_seek;
    rw->read = output_read;
    rw->write = output_write;
    rw->close = output_close;
    rw->hidden.unknown.data1 = out;
    if (IMG_SavePNG_RW(surface, rw, 1) != 0 && !ae_output_write_errno(out)) {
        ae_error_set(err, "cannot write: %s", IMG_GetError());
        return false;
    }
    return true;
}

bool tool_save_png(SDL_Surface *surface, const char *path, ae_error *err) {
    ae_output *out = ae_output_create(path, err);
    bool ok = out && encode_into(surface, out, err) && ae_output_commit(out, err);
    ae_output_destroy(out);
    return ok;
}

#ifndef ARENA_NO_LIBPNG
// libpng's callbacks for a frame: bytes go to the output (a failed write is remembered there
// with its errno), errors end the encoding through the jump buffer with their text kept.
typedef struct frame_writer {
    ae_output *out;
    char error[128];
} frame_writer;

static void frame_write(png_structp png, png_bytep data, size_t size) {
    frame_writer *f = png_get_io_ptr(png);
    if (!ae_output_write(f->out, data, size)) png_error(png, "write failed");
}

static void frame_flush(png_structp png) {
    (void)png;
}

static void frame_error(png_structp png, png_const_charp msg) {
    frame_writer *f = png_get_error_ptr(png);
    snprintf(f->error, sizeof f->error, "%s", msg);
    png_longjmp(png, 1);
}

static void frame_warning(png_structp png, png_const_charp msg) {
    (void)png, (void)msg;
}

// Encodes the rows; false (f->error set) when libpng gave up. Kept apart from the set-up so
// that nothing the jump could leave stale is read after it.
static bool encode_frame(png_structp png, png_infop info, SDL_Surface *s) {
    if (setjmp(png_jmpbuf(png))) return false;
    png_set_compression_level(png, 2);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    png_set_IHDR(png, info, (png_uint_32)s->w, (png_uint_32)s->h, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_write_info(png, info);
    // Rows hold R G B A (RGBA32) or B G R A (BGRA32, which is ARGB8888 on this byte order, the
    // software renderer's fastest target): A is dropped, B and R swapped back where needed.
    if (s->format->format == SDL_PIXELFORMAT_BGRA32) png_set_bgr(png);
    png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (int y = 0; y < s->h; y++)
        png_write_row(png, (png_const_bytep)s->pixels + (size_t)y * (size_t)s->pitch);
    png_write_end(png, info);
    return true;
}

bool tool_save_png_frame(SDL_Surface *surface, const char *path, ae_error *err) {
    AE_ASSERT(surface->format->format == SDL_PIXELFORMAT_RGBA32 ||
              surface->format->format == SDL_PIXELFORMAT_BGRA32);
    frame_writer f = {.out = ae_output_create(path, err), .error = ""};
    if (!f.out) return false;
    png_structp png =
        png_create_write_struct(PNG_LIBPNG_VER_STRING, &f, frame_error, frame_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    bool ok = info != NULL;
    if (ok) {
        png_set_write_fn(png, &f, frame_write, frame_flush);
        SDL_LockSurface(surface);
        ok = encode_frame(png, info, surface);
        SDL_UnlockSurface(surface);
    }
    png_destroy_write_struct(&png, &info);
    if (!ok && !ae_output_write_errno(f.out)) // a failed write is reported by the commit
        ae_error_set(err, "cannot write: %s", f.error[0] ? f.error : "out of memory");
    else
        ok = ae_output_commit_new(f.out, NULL, err);
    ae_output_destroy(f.out); // if not committed, its temporary file goes
    return ok;
}
#else
// Builds without libpng (the web build): SDL2_image encodes the frame, opaque, slower.
bool tool_save_png_frame(SDL_Surface *surface, const char *path, ae_error *err) {
    AE_ASSERT(surface->format->format == SDL_PIXELFORMAT_RGBA32);
    SDL_Surface *rgb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGB24, 0);
    if (!rgb) {
        ae_error_set(err, "out of memory");
        return false;
    }
    ae_output *out = ae_output_create(path, err);
    bool ok = out && encode_into(rgb, out, err) && ae_output_commit_new(out, NULL, err);
    ae_output_destroy(out);
    SDL_FreeSurface(rgb);
    return ok;
}
#endif

bool tool_save_grid_png(const ae_grid *g, const char *path, ae_error *err) {
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormat(0, g->width, g->height, 24, SDL_PIXELFORMAT_RGB24);
    if (!s) {
        ae_error_set(err, "out of memory");
        return false;
    }
    for (int y = 0; y < g->height; y++) {
        Uint8 *row = (Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch;
        for (int x = 0; x < g->width; x++)
            ae_grid_cell_color(g->cells[(size_t)y * (size_t)g->width + (size_t)x], row + 3 * x);
    }
    const bool ok = tool_save_png(s, path, err);
    SDL_FreeSurface(s);
    return ok;
}
