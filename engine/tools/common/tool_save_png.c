#include "tool_save_png.h"

#include "arena/ae_output.h"

#include <SDL_image.h>

bool tool_save_png(SDL_Surface *surface, const char *path, ae_error *err) {
    ae_output out;
    if (!ae_output_begin(&out, path, err)) return false;
    SDL_RWops *rw = SDL_RWFromFP(out.file, SDL_FALSE);
    if (!rw || IMG_SavePNG_RW(surface, rw, 1) != 0) {
        ae_error_set(err, "cannot write: %s", IMG_GetError());
        ae_output_abort(&out);
        return false;
    }
    return ae_output_commit(&out, err);
}
