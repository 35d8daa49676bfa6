/// Watching the map file for hot reload: POSIX stat only, no SDL, no threads, no clock of its own.
///
/// The caller passes a monotonic time in seconds to every call and polls at any rate (every
/// frame or every 50 ms). A version of the file is identified by its inode and device, size,
/// and modification and status-change times with nanoseconds, so every way editors save is
/// seen: an in-place rewrite, a write to a temporary file then a rename, delete then recreate.
/// A version is offered for loading only once it has been unchanged for MAP_WATCH_SETTLE_SECONDS
/// (measured from the last observed change), so a partial write is waited out and a burst of
/// saves gives one reload after the last of them. A version that failed to load is not offered
/// again until the file changes; while the file is missing, bad, or replaced by something that
/// is not a regular file (a directory, a FIFO, a device) the caller keeps its map.
///
/// The flow: map_watch_poll offers a settled version; map_watch_load loads and validates it
/// into a grid (or says why not); map_watch_unchanged checks that no save landed meanwhile; the
/// caller swaps the grid into its match and ends the version with map_watch_accept, or with
/// map_watch_reject when the load or the swap failed. hot_reload.c runs the load on a thread of
/// its own.
///
/// A Tiled map reads other files, its external tilesets (.tsj): the watcher watches those the
/// last load read (map_watch_load tells them, map_watch_set_sources hands them over) as part of
/// the map's version, so saving a tileset reloads the map. At the start it learns them by loading
/// the map once more, for a `.tmj` or `.json` file only.
#ifndef MAP_WATCH_H
#define MAP_WATCH_H

#include "arena/ae_file.h"
#include "arena/ae_grid.h"
#include "arena/ae_map_file.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// How long a new version must stay unchanged before it is offered, in seconds.
#define MAP_WATCH_SETTLE_SECONDS 0.150

/// One observed version of the file.
typedef struct map_watch_stamp {
    ae_file_kind kind; ///< what the path named when observed (AE_FILE_NONE: nothing)
    uint64_t dev;      ///< st_dev
    uint64_t ino;      ///< st_ino
    int64_t size;      ///< st_size in bytes
    int64_t mtime_ns;  ///< modification time, nanoseconds since the epoch
    int64_t ctime_ns;  ///< status change time, nanoseconds since the epoch
    uint64_t sources;  ///< a hash of the same for every file in map_watch's sources
} map_watch_stamp;

/// The watcher's state; free it with map_watch_free.
typedef struct map_watch {
    const char *path;         ///< the watched file (the caller's string, kept while watching)
    ae_map_sources sources;   ///< the other files the last load of the map read (tilesets)
    map_watch_stamp loaded;   ///< the version in use (baseline)
    map_watch_stamp seen;     ///< the last version observed by a poll
    double seen_since;        ///< time at which `seen` was first observed
    map_watch_stamp pending;  ///< the version the last MAP_WATCH_CHANGED offered
    map_watch_stamp rejected; ///< the last version that failed to load
    bool has_rejected;        ///< `rejected` is set
    bool gone_reported;       ///< MAP_WATCH_GONE_NOTICE told of `seen`'s kind
} map_watch;

/// What a poll found.
typedef enum map_watch_event {
    MAP_WATCH_NONE = 0,    ///< nothing to do
    MAP_WATCH_CHANGED,     ///< a new, settled version: load it, swap it in, accept or reject
    MAP_WATCH_GONE_NOTICE, ///< the path no longer names a regular file: it is missing, or a
                           ///< directory, FIFO, device or socket (reported once per state)
} map_watch_event;

/// Starts watching `path`, which must stay valid while watching (it is not copied, so no length
/// limit applies); the version there now is taken as the one in use.
void map_watch_init(map_watch *w, const char *path, double now);
void map_watch_free(map_watch *w);

/// Observes the file. Returns MAP_WATCH_CHANGED when it differs from the version in use and from
/// the last rejected one and has stayed unchanged for MAP_WATCH_SETTLE_SECONDS.
map_watch_event map_watch_poll(map_watch *w, double now);

/// Loads and validates one version of the watched file (the map decoder's checks: a readable
/// image or map of a valid size with a free cell). It reads no watcher state, so it may run on a
/// thread of its own while the watcher goes on polling. False with the reason in err. *sources
/// receives the other files it read (on failure too): hand them to map_watch_set_sources.
bool map_watch_load(const char *path, ae_grid *out, ae_map_sources *sources, ae_error *err);

/// Before map_watch_accept or map_watch_reject: the files the offered version's load read
/// become the ones watched beside the map (the watcher takes them over; *sources is left empty).
/// When they are the files watched already, the version stays the one that settled; otherwise
/// its stamp is taken again over the new files.
void map_watch_set_sources(map_watch *w, ae_map_sources *sources);

/// After loading the offered version: true when the file is still that version. Otherwise a
/// save landed during the load: false, and the new version starts settling from `now`.
bool map_watch_unchanged(map_watch *w, double now);

/// The offered version is in the match now: it becomes the version in use. `detail` (NULL: no
/// message) goes into `map reloaded: FILE (DETAIL)` in msg, e.g. "96x80, bake 3 ms".
void map_watch_accept(map_watch *w, const char *detail, char *msg, size_t msglen);

/// The offered version could not be used (it failed to load, or the match refused it): it is not
/// offered again until the file changes, and the caller keeps its map. msg receives
/// `map reload failed: FILE: REASON (keeping previous map)`.
void map_watch_reject(map_watch *w, const char *reason, char *msg, size_t msglen);

/// After MAP_WATCH_GONE_NOTICE: `map reload failed: FILE: file is missing (keeping previous
/// map)`, or what the path names instead (`is a directory`, ...).
void map_watch_gone_message(const map_watch *w, char *msg, size_t msglen);

#endif
