// Saving: the grid as a PNG in the loader's colours, through the project's atomic output.
#include "ed_internal.h"

#include "tool_save_png.h"

#include <SDL.h>
#include <string.h>

bool ed_save(ed_doc *d, const char *path, ae_error *err) {
    ed_stroke_end(d);
    const ae_grid *g = ed_grid(d);
    // The loader refuses a map without a free cell: such a file could never be opened again.
    if (ae_grid_free_count(g) == 0) {
        ae_error_set(err, "map has no free cell");
        return false;
    }
    const size_t len = strlen(path) + 1;
    char *kept = ae_alloc(len);
    SDL_Surface *s =
        kept ? SDL_CreateRGBSurfaceWithFormat(0, g->width, g->height, 24, SDL_PIXELFORMAT_RGB24)
             : NULL;
    if (!s) {
        ae_error_set(err, "out of memory");
        ae_free(kept, len);
        return false;
    }
    for (int y = 0; y < g->height; y++) {
        Uint8 *row = (Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch;
        for (int x = 0; x < g->width; x++)
            ae_grid_cell_color(g->cells[(size_t)y * (size_t)g->width + (size_t)x], row + 3 * x);
    }
    bool ok = tool_save_png(s, path, err);
    SDL_FreeSurface(s);
    if (!ok) {
        ae_free(kept, len);
        return false;
    }
    memcpy(kept, path, len);
    if (d->path) ae_free(d->path, strlen(d->path) + 1);
    d->path = kept;
    d->saved_id = ed_state_id(d);
    return true;
}
