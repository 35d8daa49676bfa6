#include "hot_reload.h"

#include "arena/ae_map_file.h"

#include "sim_state.h"
#include "tool_util.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

// Map files are watched for edits on the desktop; not in the browser, whose files never change.
#ifdef __EMSCRIPTEN__
enum { WATCHES_FILES = 0 };
#else
enum { WATCHES_FILES = 1 };
#endif

/// One offered version of the map file: loaded and prepared on a thread, then swapped in.
struct hot_reload_job {
    ae_map_thread *thread; ///< the loading thread (the decoder's kind), until joined
    atomic_int done;       ///< set by the thread when the fields below are final
    char *path;         ///< the file (a copy of any length: the thread never reads the hot_reload)
    size_t path_size;   ///< bytes at path
    sim_config config;  ///< the match's config
    sim_map_prep *prep; ///< the prepared map, NULL when loading or preparing failed
    ae_error err;       ///< why, when prep is NULL
    ae_map_sources sources; ///< the other files the load read (a Tiled map's tilesets)
    double prepare_ms;      ///< time spent preparing (decoding excluded)
    bool checked;           ///< the result was looked at: prep is ready for its tick
};

double hot_reload_now(void) {
    return (double)tool_now_ns() * 1e-9;
}

void hot_reload_init(hot_reload *h, session *s, double now) {
    memset(h, 0, sizeof *h);
    // A match on a map given as a grid (the map editor's Play now) has no file to watch.
    h->active = WATCHES_FILES && !session_replaying(s) && session_map_path(s)[0];
    if (h->active) map_watch_init(&h->watch, session_map_path(s), now);
    h->next_poll = now;
    h->config = (*sim_config_of(session_world(s)));
}

/// The job's thread: everything heavy, touching nothing but the job. The engine allocator's
/// counters are atomic, and the sim's preparation reads only the config copy.
static void run_job(void *data) {
    hot_reload_job *j = data;
    ae_grid grid;
    if (map_watch_load(j->path, &grid, &j->sources, &j->err)) {
        double t0 = hot_reload_now();
        j->prep = sim_swap_prepare(&j->config, &grid, &j->err);
        j->prepare_ms = (hot_reload_now() - t0) * 1000.0;
        ae_grid_free(&grid);
    }
    atomic_store(&j->done, 1);
}

static void start_job(hot_reload *h) {
    hot_reload_job *j = ae_calloc(1, sizeof *j);
    size_t size = strlen(h->watch.path) + 1;
    char *path = j ? ae_alloc(size) : NULL;
    if (!path) { // out of memory: the version is offered again at the next poll
        if (j) ae_free(j, sizeof *j);
        return;
    }
    memcpy(path, h->watch.path, size);
    j->path = path;
    j->path_size = size;
    j->config = h->config;
    h->job = j;
    j->thread = ae_map_thread_start(run_job, j);
    if (!j->thread) run_job(j); // no thread to be had: load here, with the stall
}

static void join(hot_reload_job *j) {
    ae_map_thread_join(j->thread);
    j->thread = NULL;
}

static void drop_job(hot_reload *h) {
    sim_swap_discard(h->job->prep);
    ae_map_sources_free(&h->job->sources);
    ae_free(h->job->path, h->job->path_size);
    ae_free(h->job, sizeof *h->job);
    h->job = NULL;
}

/// A finished job: a load of an outdated version is dropped (the new one settles and is loaded
/// in turn), a failure rejects the version. True when a prepared map is ready.
static bool finish_job(hot_reload *h, double now, char *msg, size_t msglen) {
    hot_reload_job *j = h->job;
    join(j);
    if (!map_watch_unchanged(&h->watch, now)) {
        drop_job(h);
        return false;
    }
    map_watch_set_sources(&h->watch, &j->sources);
    if (!j->prep) {
        map_watch_reject(&h->watch, j->err.msg, msg, msglen);
        drop_job(h);
        return false;
    }
    return true;
}

/// The one place a reloaded map enters the match: at the first tick boundary the session's
/// limits allow. True when the map changed; false while it must wait or when the session refused
/// the map (the version is then rejected).
static bool swap_in(hot_reload *h, session *s, char *msg, size_t msglen) {
    hot_reload_job *j = h->job;
    const ae_grid *g = sim_map_prep_grid(j->prep);
    const int width = g->width, height = g->height;
    if ((uint32_t)sim_tick(session_world(s)) < session_swap_allowed_at(s, width, height))
        return false;
    ae_error err;
    const bool ok = session_swap_prepared(s, j->prep, h->watch.path, &err);
    j->prep = NULL; // the session took it
    if (ok) {
        char detail[64];
        snprintf(detail, sizeof detail, "%dx%d, bake %.0f ms", width, height, j->prepare_ms);
        map_watch_accept(&h->watch, detail, msg, msglen);
    } else {
        map_watch_reject(&h->watch, err.msg, msg, msglen);
    }
    drop_job(h);
    return ok;
}

bool hot_reload_poll(hot_reload *h, session *s, double now, char *msg, size_t msglen) {
    if (msglen) msg[0] = '\0';
    if (!h->active) return false;
    hot_reload_job *j = h->job;
    if (j) {
        if (!atomic_load(&j->done)) return false; // still loading
        if (!j->checked && !finish_job(h, now, msg, msglen)) return false;
        j->checked = true;
        return swap_in(h, s, msg, msglen);
    }
    if (now < h->next_poll) return false;
    h->next_poll = now + 0.05;
    map_watch_event ev = map_watch_poll(&h->watch, now);
    if (ev == MAP_WATCH_GONE_NOTICE)
        map_watch_gone_message(&h->watch, msg, msglen);
    else if (ev == MAP_WATCH_CHANGED)
        start_job(h);
    return false;
}

void hot_reload_wait(hot_reload *h) {
    if (h->job) join(h->job);
}

void hot_reload_free(hot_reload *h) {
    hot_reload_wait(h);
    if (h->job) drop_job(h);
    map_watch_free(&h->watch);
}
