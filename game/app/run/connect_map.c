#include "connect.h"

#include "arena/ae_map_file.h"
#include "asset_dir.h"

#include <stdio.h>

bool arena_load_net_map(void *ctx, const char *name, const uint8_t *data, size_t size,
                        ae_grid *grid, ae_error *err) {
    (void)ctx;
    if (data) return ae_map_load_memory(data, size, "the server's map", grid, err);
    bool bare = name[0] != 0;
    for (const char *p = name; *p; p++)
        bare &= (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
                *p == '-' || *p == '_';
    if (!bare) {
        ae_error_set(err, "the server names a map that is not shipped with the game");
        return false;
    }
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/maps/%s.png", app_asset_dir(), name);
    if (n < 0 || (size_t)n >= sizeof path) {
        ae_error_set(err, "path too long");
        return false;
    }
    if (!ae_map_load_file(path, grid, err)) {
        ae_error_set(err, "this game has no map named %s (a newer version may)", name);
        return false;
    }
    return true;
}
