// The map file watcher: stat-based change detection with settling, for hot reload.
#include "map_watch.h"

#include "arena/ae_map_file.h"
#include "arena/ae_quote.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static map_watch_stamp observe_file(const char *path) {
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

/// FNV-1a over a value's bytes.
static uint64_t mix(uint64_t h, uint64_t v) {
    for (int i = 0; i < 8; i++) h = (h ^ ((v >> (8 * i)) & 0xFF)) * 1099511628211u;
    return h;
}

/// The map file's stamp, with the stamps of its sources folded into one hash.
static map_watch_stamp observe(const map_watch *w) {
    map_watch_stamp s = observe_file(w->path);
    uint64_t h = 14695981039346656037u;
    for (int i = 0; i < w->sources.count; i++) {
        map_watch_stamp t = observe_file(w->sources.paths[i]);
        h = mix(mix(mix(h, (uint64_t)t.kind), t.dev), t.ino);
        h = mix(mix(mix(h, (uint64_t)t.size), (uint64_t)t.mtime_ns), (uint64_t)t.ctime_ns);
    }
    s.sources = w->sources.count ? h : 0;
    return s;
}

static bool has_suffix(const char *s, const char *tail) {
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && !strcmp(s + n - m, tail);
}

static bool regular(const map_watch_stamp *s) {
    return s->kind == AE_FILE_REGULAR;
}

static bool same(const map_watch_stamp *a, const map_watch_stamp *b) {
    if (a->kind != b->kind) return false;
    if (!regular(a)) return true;
    return a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
           a->mtime_ns == b->mtime_ns && a->ctime_ns == b->ctime_ns && a->sources == b->sources;
}

void map_watch_init(map_watch *w, const char *path, double now) {
    memset(w, 0, sizeof *w);
    w->path = path;
    if (has_suffix(path, ".tmj") || has_suffix(path, ".json")) {
        // The tilesets of the map in use (a failed load still names those it read).
        ae_grid grid;
        ae_map_load_file_sources(path, &grid, &w->sources, NULL);
        ae_grid_free(&grid);
    }
    w->loaded = w->seen = observe(w);
    w->seen_since = now;
}

void map_watch_free(map_watch *w) {
    ae_map_sources_free(&w->sources);
}

map_watch_event map_watch_poll(map_watch *w, double now) {
    map_watch_stamp cur = observe(w);
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

bool map_watch_load(const char *path, ae_grid *out, ae_map_sources *sources, ae_error *err) {
    return ae_map_load_file_sources(path, out, sources, err);
}

static bool same_sources(const ae_map_sources *a, const ae_map_sources *b) {
    if (a->count != b->count) return false;
    for (int i = 0; i < a->count; i++)
        if (strcmp(a->paths[i], b->paths[i]) != 0) return false;
    return true;
}

void map_watch_set_sources(map_watch *w, ae_map_sources *sources) {
    const bool same_files = same_sources(&w->sources, sources);
    ae_map_sources_free(&w->sources);
    w->sources = *sources;
    memset(sources, 0, sizeof *sources);
    if (!same_files) w->pending.sources = observe(w).sources;
}

bool map_watch_unchanged(map_watch *w, double now) {
    map_watch_stamp after = observe(w);
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
