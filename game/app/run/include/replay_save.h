/// "Save replay": the replay of the match just played, kept in memory, written once into a
/// `replays` folder under a dated name that is never reused. No SDL here: the caller names the
/// folder (SDL's per-user preference folder in the game).
#ifndef ARENA_REPLAY_SAVE_H
#define ARENA_REPLAY_SAVE_H

#include "arena/ae_base.h"

#include <time.h>

/// The saved file's name for a match that ended at `when` (local time) on map `map` (a file
/// name or path: its name without folder and extension, letters, digits, '-' and '_' only,
/// other bytes as '_', at most 32; "map" when nothing is left), the k-th (1, 2, ...) candidate:
/// "arena-2026-11-24-0615-ruins.arp", then "arena-2026-11-24-0615-ruins-2.arp", ...
void replay_save_name(char *buf, size_t size, time_t when, const char *map, int k);

/// Writes `size` bytes into DIR/replays/ (DIR ends with a '/' or is empty for the current
/// folder; `replays` is made when missing) under the first candidate name not taken, through a
/// temporary file renamed onto the name only when complete and only if the name is still free:
/// nothing that exists is ever replaced. The path written goes to path (size path_size). False
/// with one line in err: "DIR/replays is not a folder", the system's reason ("cannot write: No
/// space left on device"), "path too long"...
bool replay_save(const uint8_t *data, size_t size, const char *dir, time_t when, const char *map,
                 char *path, size_t path_size, ae_error *err);

/// replay_save into `folder` itself (an existing folder; arena-server's --record DIR).
bool replay_save_into(const uint8_t *data, size_t size, const char *folder, time_t when,
                      const char *map, char *path, size_t path_size, ae_error *err);

#endif
