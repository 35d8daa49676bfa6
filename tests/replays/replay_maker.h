/// Replays made by hand for tests: a match of one idle player and some bots on the arena map,
/// with checkpoints whose hashes the test chooses (a wrong one makes playback diverge there) and
/// at most one data event.
#ifndef REPLAY_MAKER_H
#define REPLAY_MAKER_H

#include <stddef.h>
#include <stdint.h>

typedef struct replay_recipe {
    int bots;
    uint32_t ticks;
    uint64_t checkpoint_hash; ///< every checkpoint's (and the final) hash
    int event_tick;           ///< -1: no event
    uint16_t event_kind;
    const void *event_data;
    size_t event_size;
} replay_recipe;

/// The replay's bytes (free with ae_free(data, *size)), NULL when the map cannot be read.
uint8_t *replay_make(const replay_recipe *r, size_t *size);

#endif
