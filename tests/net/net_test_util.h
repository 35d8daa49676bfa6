/// What the net layer's tests share: the maps a client loads and the check that a match's replay
/// plays back.
#ifndef NET_TEST_UTIL_H
#define NET_TEST_UTIL_H

#include "arena/ae_grid.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// net_map_loader for tests: a shipped map by its name from the checkout's assets, or the bytes
/// of a map file.
bool test_load_map(void *ctx, const char *name, const uint8_t *data, size_t size, ae_grid *grid,
                   ae_error *err);

/// Plays a replay's bytes back to their end: true when it verifies (the reason on stderr when not).
bool test_replay_verifies(const uint8_t *data, size_t size);

#endif
