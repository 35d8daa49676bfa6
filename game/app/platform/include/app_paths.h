/// Where the game keeps the player's files: SDL's per-user preference folder for the game. A leaf
/// (SDL only), so that the settings and the replays' folder need nothing above them.
#ifndef ARENA_APP_PATHS_H
#define ARENA_APP_PATHS_H

#include <stdbool.h>
#include <stddef.h>

/// A file in SDL's per-user preference folder for the game (SDL_GetPrefPath("arena", "arena"),
/// which SDL makes); false when there is none or the path does not fit size bytes.
bool app_pref_file(const char *name, char *buf, size_t size);

#endif
