// The map file watcher: stat-based change detection with settling, for hot reload.
#include "map_watch.h"

#include "arena/ae_map_file.h"
#include "arena/ae_quote.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static map_watch_stamp observe(const char *path) {
    map_watch_stamp s;
    memset(&s, 0, sizeof s);
    struct stat st;
    if (stat(path, &st) != 0) return s;
    s.kind = ae_file_kind_of((unsigned)st.st_mode);
    if (s.kind != AE_FILE_REGULAR) return s; // only the kind matters
    s.dev = (uint64_t)st.st_dev;
    s.ino = (uint64_t)st.st_ino;
    s.size = (int64_t)st.st_size;
    s.mtime_ns = (int64_t)st.st_mtim.tv_sec * 1000000000 + (int64_t)st.st_mtim.tv_nsec;
    s.ctime_ns = (int64_t)st.st_ctim.tv_sec * 1000000000 + (int64_t)st.st_ctim.tv_nsec;
    return s;
}

static bool regular(const map_watch_stamp *s) {
    return s->kind == AE_FILE_REGULAR;
}

static bool same(const map_watch_stamp *a, const map_watch_stamp *b) {
    if (a->kind != b->kind) return false;
    if (!regular(a)) return true;
    return a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
           a->mtime_ns == b->mtime_ns && a->ctime_ns == b->ctime_ns;
}

void map_watch_init(map_watch *w, const char *path, double now) {
    memset(w, 0, sizeof *w);
    w->path = path;
    w->loaded = w->seen = observe(path);
    w->seen_since = now;
}

map_watch_event map_watch_poll(map_watch *w, double now) {
    map_watch_stamp cur = observe(w->path);
    if (!same(&cur, &w->seen)) {
        // Every observed change restarts the settling time.
        w->seen = cur;
        w->seen_since = now;
        w->gone_reported = false;
    }
    if (!regular(&cur)) {
        // Told once per state: gone, then a directory, then a FIFO are three notices (a change
        // of kind resets gone_reported above).
        if (w->gone_reported) return MAP_WATCH_NONE;
        w->gone_reported = true;
        return MAP_WATCH_GONE_NOTICE;
    }
    if (same(&cur, &w->loaded) || (w->has_rejected && same(&cur, &w->rejected)))
        return MAP_WATCH_NONE;
    if (now - w->seen_since < MAP_WATCH_SETTLE_SECONDS) return MAP_WATCH_NONE;
    w->pending = cur;
    return MAP_WATCH_CHANGED;
}

bool map_watch_load(const char *path, ae_grid *out, ae_error *err) {
    return ae_map_load_file(path, out, err);
}

bool map_watch_unchanged(map_watch *w, double now) {
    map_watch_stamp after = observe(w->path);
    if (same(&after, &w->pending)) return true;
    w->seen = after;
    w->seen_since = now;
    return false;
}

void map_watch_accept(map_watch *w, const char *detail, char *msg, size_t msglen) {
    w->loaded = w->pending;
    w->has_rejected = false;
    if (detail && msglen)
        snprintf(msg, msglen, "map reloaded: %s (%s)", AE_QUOTED(w->path), detail);
}

static void failure(const map_watch *w, const char *reason, char *msg, size_t msglen) {
    if (msglen)
        snprintf(msg, msglen, "map reload failed: %s: %s (keeping previous map)",
                 AE_QUOTED(w->path), reason);
}

void map_watch_reject(map_watch *w, const char *reason, char *msg, size_t msglen) {
    w->rejected = w->pending;
    w->has_rejected = true;
    failure(w, reason, msg, msglen);
}

void map_watch_gone_message(const map_watch *w, char *msg, size_t msglen) {
    failure(w, w->seen.kind == AE_FILE_NONE ? "file is missing" : ae_file_refusal(w->seen.kind),
            msg, msglen);
}
