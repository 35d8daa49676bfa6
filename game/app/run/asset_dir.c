// The assets' folder, found from the executable's (asset_dir.h).
#include "asset_dir.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *app_asset_dir(void) {
#ifdef ARENA_ASSET_DIR
    return ARENA_ASSET_DIR; // the page: its files are preloaded at a fixed place (game/web)
#else
    static char *dir;
    if (dir) return dir;
    // /proc/self/exe, as SDL_GetBasePath reads it on Linux: the real folder of the executable,
    // whatever the current one or the name it was started by (a link in PATH, a relative path).
    // Without it (another system), the current folder, right when started from the executable's.
    char exe[PATH_MAX];
    const char *from = "./";
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[len > 0 ? len : 0] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash) {
        slash[1] = '\0'; // the folder, ending in '/'
        from = exe;
    }
    size_t n = strlen(from) + sizeof ARENA_ASSETS_FROM_BIN;
    dir = malloc(n);
    if (dir) snprintf(dir, n, "%s%s", from, ARENA_ASSETS_FROM_BIN);
    // Out of memory: relative to the current folder, right when started from the executable's.
    return dir ? dir : ARENA_ASSETS_FROM_BIN;
#endif
}

char *app_asset_map(const char *name) {
    const char *dir = app_asset_dir();
    size_t n = strlen(dir) + strlen(name) + sizeof "/maps/.png";
    char *path = malloc(n);
    if (path) snprintf(path, n, "%s/maps/%s.png", dir, name);
    return path;
}
