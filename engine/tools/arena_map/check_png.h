/// The picture `arena-map check --png` writes: walls, the largest area shaded by clearance,
/// pockets, narrow passages, tight corners and spawn spots.
#ifndef ARENA_MAP_CHECK_PNG_H
#define ARENA_MAP_CHECK_PNG_H

#include "arena/ae_map_check.h"

/// Pixels per cell: 4 for maps up to CHECK_PNG_SMALL_SIDE cells a side, else 1.
#define CHECK_PNG_SMALL_SIDE 256
int check_png_scale(int width, int height);

/// Writes the picture of `check` to `out` through a temporary file in the same folder and a
/// rename, so a failure never leaves a partial PNG behind. Refuses to write over `map` (the
/// same path or the same file). On failure prints `arena-map: OUT: reason` and returns false.
bool check_png_write(const ae_map_check *check, const char *map, const char *out);

#endif
