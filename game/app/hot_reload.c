#include "hot_reload.h"

#include <string.h>
#include <time.h>

double hot_reload_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void hot_reload_init(hot_reload *h, session *s, double now) {
    memset(h, 0, sizeof *h);
    h->active = !session_replaying(s);
    if (h->active) map_watch_init(&h->watch, session_map_path(s), now);
    h->next_poll = now;
}

/// The watcher's prepare step: the swap itself (bake, navigation, pushing agents out), timed.
static bool swap_in(void *user, const ae_grid *grid, double *bake_ms, ae_error *err) {
    session *s = user;
    double t0 = hot_reload_now();
    const char *path = session_map_path(s);
    bool ok = session_swap_map(s, grid, path, err);
    *bake_ms = (hot_reload_now() - t0) * 1000.0;
    return ok;
}

bool hot_reload_poll(hot_reload *h, session *s, double now, char *msg, size_t msglen) {
    if (msglen) msg[0] = '\0';
    if (!h->active || now < h->next_poll) return false;
    h->next_poll = now + 0.05;
    ae_grid grid;
    if (!map_watch_reload(&h->watch, now, &grid, swap_in, s, msg, msglen)) return false;
    ae_grid_free(&grid); // the session holds its own copy
    return true;
}
