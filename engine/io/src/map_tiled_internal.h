// Tiled JSON maps (map_tiled.c, called from map_file.c): the layer named "cells" read through the
// string property "kind" of its tiles. Built only where libcjson is (not in the browser build).
#ifndef AE_MAP_TILED_INTERNAL_H
#define AE_MAP_TILED_INTERNAL_H

#include "arena/ae_map_file.h"

/// Loads a Tiled map from its bytes. `map_path` is the map file, against whose folder external
/// tilesets are resolved; NULL for bytes from memory, which may not name external tilesets.
/// When sources is not NULL it receives the external tilesets read (also on failure, those read
/// so far). On failure err holds one line starting with the JSON path that is wrong.
bool map_tiled_load(const uint8_t *data, size_t len, const char *map_path, ae_grid *grid,
                    ae_map_sources *sources, ae_error *err);

#endif
