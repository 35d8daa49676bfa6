/// The picture `arena-map check --png` writes: walls, the largest area shaded by clearance,
/// pockets, narrow passages, tight corners and spawn spots.
#ifndef ARENA_MAP_CHECK_PNG_H
#define ARENA_MAP_CHECK_PNG_H

#include "arena/ae_map_check.h"

/// Pixels per cell: 4 for maps up to CHECK_PNG_SMALL_SIDE cells a side, else 1.
#define CHECK_PNG_SMALL_SIDE 256
int check_png_scale(int width, int height);

/// Writes the picture of `check` to `out` (tool_save_png: a failure never leaves a partial PNG
/// behind). The caller has checked `out` with ae_output_check, so it is not the input map. On
/// failure prints `arena-map: OUT: reason` and returns false.
bool check_png_write(const ae_map_check *check, const char *out);

#endif
