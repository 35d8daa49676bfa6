/// The saved replays in a folder (the per-user `replays/` that Save replay writes to), newest
/// first, each checked cheaply: its header only (rp_replay_check_head: the magic, the format
/// version and the size it declares against the file's), so a cut short, foreign or
/// wrong-version file is marked damaged without reading it whole. No SDL: the game names the
/// folder.
#ifndef ARENA_REPLAY_LIST_H
#define ARENA_REPLAY_LIST_H

#include "arena/ae_base.h"

#include <stdbool.h>
#include <stdint.h>

/// The files listed at most (the newest).
#define REPLAY_LIST_MAX 64
/// A listed file's name (no folder) and why it is damaged, with their terminating zeros.
#define REPLAY_LIST_NAME   96
#define REPLAY_LIST_REASON 128

typedef struct replay_entry {
    char name[REPLAY_LIST_NAME];
    int64_t mtime; ///< when it was last written (seconds)
    uint64_t size;
    bool damaged;
    char reason[REPLAY_LIST_REASON]; ///< the header check's reason when damaged
} replay_entry;

typedef struct replay_list {
    int count;
    int more; ///< files past REPLAY_LIST_MAX, not listed (the oldest)
    replay_entry entry[REPLAY_LIST_MAX];
} replay_list;

/// Lists the regular files named *.arp in `folder`, newest first (by their time, then by name,
/// the later first). A folder that is missing lists nothing and is no error; one that cannot
/// be read gives false with the reason in err (and nothing listed).
bool replay_list_read(replay_list *l, const char *folder, ae_error *err);

#endif
