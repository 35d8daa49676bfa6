/// Writes a picture as a PNG through ae_output: a failed write leaves neither a half-written file
/// nor a damaged older one. Used by `arena --screenshot` and `arena-map check --png`.
#ifndef TOOL_SAVE_PNG_H
#define TOOL_SAVE_PNG_H

#include "arena/ae_base.h"

#include <SDL.h>

bool tool_save_png(SDL_Surface *surface, const char *path, ae_error *err);

#endif
