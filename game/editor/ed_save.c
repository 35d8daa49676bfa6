// Saving: the grid as a PNG in the loader's colours, through the project's atomic output.
#include "ed_internal.h"

#include "tool_save_png.h"

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
    if (!kept) {
        ae_error_set(err, "out of memory");
        return false;
    }
    const bool ok = tool_save_grid_png(g, path, err);
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
