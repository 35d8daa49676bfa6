/// Writes a picture as a PNG through ae_output: a failed write leaves neither a half-written file
/// nor a damaged older one. Used by `arena --screenshot` and `arena-map check --png`.
#ifndef TOOL_SAVE_PNG_H
#define TOOL_SAVE_PNG_H

#include "arena/ae_base.h"
#include "arena/ae_grid.h"

#include <SDL.h>

bool tool_save_png(SDL_Surface *surface, const char *path, ae_error *err);

/// A map as a PNG the loader reads back cell for cell: each cell in ae_grid_cell_color, one
/// pixel each (the map editor's Save, arena-make-maps), through tool_save_png.
bool tool_save_grid_png(const ae_grid *g, const char *path, ae_error *err);

/// A frame of an export (`arena --frames`): an opaque picture (the alpha channel is dropped)
/// written for speed, and a file that must be new. It goes through libpng directly at zlib level
/// 2 with the Sub filter, about four times faster than SDL2_image's encoder (level 6, every
/// filter tried) for about a tenth more bytes; nothing else writes PNGs this often. A file found
/// at `path` when the PNG is complete, however it got there, is left as it is and err says
/// "already exists". `surface` must be SDL_PIXELFORMAT_RGBA32 or SDL_PIXELFORMAT_BGRA32.
bool tool_save_png_frame(SDL_Surface *surface, const char *path, ae_error *err);

#endif
