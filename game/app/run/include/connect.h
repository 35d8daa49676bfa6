/// Playing online from this program (arena --connect URL): the map loader the client uses and
/// the run without a window.
#ifndef ARENA_CONNECT_H
#define ARENA_CONNECT_H

#include "arena/ae_grid.h"
#include "options.h"

/// net_map_loader for the game: a shipped map by its bare name (letters, digits, '-', '_' only:
/// a server never names a file of this machine), or the bytes of a map file the server sent.
bool arena_load_net_map(void *ctx, const char *name, const uint8_t *data, size_t size,
                        ae_grid *grid, ae_error *err);

/// arena --connect URL --headless --pilot P: plays the online match with the pilot until the
/// server ends it, then prints `winner:`, `ticks:`, `hash:`, `placement:` and a `stats: online`
/// line. 0 at the match's end; 2 with one line when it could not connect or lost the match.
int arena_run_connect_headless(const arena_options *o);

#endif
