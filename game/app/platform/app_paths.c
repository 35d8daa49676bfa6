// The per-user folder (see app_paths.h).
#include "app_paths.h"

#include <SDL.h>
#include <stdio.h>

bool app_pref_file(const char *name, char *buf, size_t size) {
    char *dir = SDL_GetPrefPath("arena", "arena");
    if (!dir) return false;
    int n = snprintf(buf, size, "%s%s", dir, name);
    SDL_free(dir);
    return n > 0 && (size_t)n < size;
}
