#include "tool_save_png.h"

#include "arena/ae_output.h"

#include <SDL_image.h>

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

bool tool_save_png(SDL_Surface *surface, const char *path, ae_error *err) {
    ae_output out;
    if (!ae_output_begin(&out, path, err)) return false;
    SDL_RWops *rw = SDL_AllocRW();
    if (!rw) {
        ae_error_set(err, "out of memory");
        ae_output_abort(&out);
        return false;
    }
    rw->type = SDL_RWOPS_UNKNOWN;
    rw->size = output_size;
    rw->seek = output_seek;
    rw->read = output_read;
    rw->write = output_write;
    rw->close = output_close;
    rw->hidden.unknown.data1 = &out;
    // A failed write is reported by commit with its cause; other failures come from the encoder.
    if (IMG_SavePNG_RW(surface, rw, 1) != 0 && !out.write_errno) {
        ae_error_set(err, "cannot write: %s", IMG_GetError());
        ae_output_abort(&out);
        return false;
    }
    return ae_output_commit(&out, err);
}
