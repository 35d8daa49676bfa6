/// Hot reload of the map a live match plays: the map file watcher plus the swap into the session
/// at a tick boundary (recorded when the session records). Used by the window and by
/// `--headless --realtime`. No SDL.
#ifndef ARENA_HOT_RELOAD_H
#define ARENA_HOT_RELOAD_H

#include "map_watch.h"
#include "session.h"

typedef struct hot_reload {
    map_watch watch;
    bool active;      ///< false for replays (they carry their own map swaps)
    double next_poll; ///< seconds; the file is looked at every 50 ms
} hot_reload;

/// Watches the session's map file (nothing to watch for replays).
void hot_reload_init(hot_reload *h, session *s, double now);
/// Call between ticks. When a changed map file is complete and valid it is swapped in; `msg`
/// receives `map reloaded: FILE (WxH, bake N ms)` or `map reload failed: FILE: reason (keeping
/// previous map)`, or an empty string. Returns true when the map changed.
bool hot_reload_poll(hot_reload *h, session *s, double now, char *msg, size_t msglen);

/// Monotonic seconds for the watcher.
double hot_reload_now(void);

#endif
