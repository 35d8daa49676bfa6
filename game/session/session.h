/// A match session: the world plus where its inputs come from and where they go. Humans (or
/// the autopilot) drive it live, or a replay feeds it recorded inputs and map swaps and checks
/// its hashes; a recorder can write everything down. Headless runs and the windowed game both
/// play through a session. No SDL here.
#ifndef SESSION_H
#define SESSION_H

#include "arena/rp_replay.h"
#include "sim.h"
#include "sim_autopilot.h"

typedef struct session_def {
    const char *map_path;       ///< map to load (ignored when replaying)
    sim_config config;          ///< seed, humans, bots, rules (ignored when replaying)
    sim_pilot pilot;            ///< who drives the humans' agents: people, a bot or the novice
    const char *record_path;    ///< write a replay here when the session finishes (NULL: none)
    const char *replay_path;    ///< play this replay file back (NULL: live, or replay_data)
    const uint8_t *replay_data; ///< or play these replay bytes back (used when replay_path is NULL)
    size_t replay_size;         ///< bytes at replay_data
} session_def;

typedef struct session session;

/// Loads the map or the replay and creates the match. NULL with err (one line) on bad input.
session *session_create(const session_def *def, ae_error *err);
void session_destroy(session *s);

/// Advances one tick. `inputs` are the humans' frames for a live session (NULL: idle humans);
/// a replay supplies its own. Recorded map swaps are applied at their tick.
void session_step(session *s, const sim_input *inputs);
/// session_step that also times each sim phase with the caller's clock (nanoseconds) and adds
/// the microseconds to phase_us[SIM_PHASE_COUNT]: the F3 overlay and the timing graph use it.
void session_step_timed(session *s, const sim_input *inputs, uint64_t (*clock_ns)(void),
                        float *phase_us);

/// Swaps in a new map at this tick boundary and records the swap. False (with err, the old map
/// kept) when the map cannot host the match.
bool session_swap_map(session *s, const ae_grid *grid, const char *name, ae_error *err);

/// True when the match is over, or a replay has run out of recorded ticks.
bool session_done(const session *s);
/// True while playing a replay back.
bool session_replaying(const session *s);
/// Set once a replay's hashes disagreed: the message names the first tick (and field).
bool session_diverged(const session *s, char *msg, size_t size);

/// Ends the session: a recorder writes its file (never half-written), a replay checks its final
/// hash. False with err when writing failed.
bool session_finish(session *s, ae_error *err);

sim_world *session_world(const session *s);
/// The map file the session plays (for hot reload); "" for replays.
const char *session_map_path(const session *s);

/// Ticks between checkpoint hashes in recordings.
#define SESSION_CHECKPOINT_TICKS 60

#endif
