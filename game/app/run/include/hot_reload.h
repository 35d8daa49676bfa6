/// Hot reload of the map a live match plays, in one flow: the map file watcher (map_watch.h)
/// offers a settled version; a thread of its own loads it (map_watch_load) and prepares it for
/// the match (sim_swap_prepare: decoding, baking the field, navigation and cover points of a
/// 4096x4096 map take over a second); hot_reload_poll then swaps it into the session at a tick
/// boundary (session_swap_prepared, recorded when the session records), the one place a reloaded
/// map enters the match, and accepts or rejects the version. Used by the window and by
/// `--headless --realtime`: neither stalls while a big map is prepared.
///
/// The swap itself stays deterministic: the session applies it between two ticks, at the first
/// tick its limits allow (session_swap_allowed_at), and the recording stores that tick.
#ifndef ARENA_HOT_RELOAD_H
#define ARENA_HOT_RELOAD_H

#include "map_watch.h"
#include "session.h"

typedef struct hot_reload_job hot_reload_job;

typedef struct hot_reload {
    map_watch watch;
    bool active;         ///< false for replays (they carry their own map swaps)
    double next_poll;    ///< seconds; the file is looked at every 50 ms
    sim_config config;   ///< the session's match config, which a prepared map must fit
    hot_reload_job *job; ///< a version being loaded on its thread, or ready for its tick
} hot_reload;

/// Watches the session's map file (nothing to watch for replays). Call hot_reload_free before
/// initialising a hot_reload again.
void hot_reload_init(hot_reload *h, session *s, double now);
/// Call between ticks. Looks at the file; starts loading a changed version that has settled;
/// when a load is done and the session may swap, swaps it in. `msg` receives
/// `map reloaded: FILE (WxH, bake N ms)` (N: the preparation off the main thread) or
/// `map reload failed: FILE: reason (keeping previous map)`, or an empty string. Returns true
/// when the map changed.
bool hot_reload_poll(hot_reload *h, session *s, double now, char *msg, size_t msglen);
/// Blocks until a load in progress is done (its result is handled by the next poll). The game
/// waits only when it drops the watcher (hot_reload_free); tests wait so that a load's result
/// arrives at a known poll, whatever the thread's speed.
void hot_reload_wait(hot_reload *h);
/// Waits for a load in progress and drops everything not swapped in.
void hot_reload_free(hot_reload *h);

/// Monotonic seconds for the watcher.
double hot_reload_now(void);

#endif
