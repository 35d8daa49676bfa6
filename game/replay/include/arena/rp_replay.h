/// Playing a replay back: load and validate a whole file, then look up records, events and
/// checkpoints by tick.
///
/// Loading checks, in this order: the magic, the format version, the file size the header
/// declares (a shorter file is "truncated at byte N"), the checksum, then every count, tick and
/// value against the limits in rp_format.h and against the bytes actually left. Only after the
/// whole file has been walked is memory allocated, in one block sized from what was found, so a
/// load takes about the file size plus the initial map's width x height cells plus a bounded
/// index (8 bytes per input run, one rp_event per event, one rp_checkpoint plus the field hashes
/// per checkpoint). Grids of map-swap events stay compressed until rp_replay_event_grid.
///
/// Every refusal is one line in err, e.g. "not an Arena replay (bad magic)",
/// "replay format version 3 is newer than this build (2)", "truncated at byte 812 of 4096",
/// "checksum mismatch (file is corrupt)", "events out of order at tick 40 (after tick 90)".
#ifndef RP_REPLAY_H
#define RP_REPLAY_H

#include "arena/ae_grid.h"
#include "arena/rp_format.h"

/// One recorded event; pointers point into the loaded replay.
typedef struct rp_event {
    uint32_t tick;       ///< applied at the start of this tick, before its records
    rp_event_type type;  ///< RP_EVENT_MAP_SWAP or RP_EVENT_DATA
    const char *name;    ///< MAP_SWAP: map file name for messages (may be ""); DATA: ""
    int map_width;       ///< MAP_SWAP: the new grid's size; DATA: 0
    int map_height;      ///< MAP_SWAP: the new grid's size; DATA: 0
    uint16_t data_kind;  ///< DATA: the recorder's kind number
    uint32_t data_size;  ///< DATA: payload bytes (<= RP_MAX_EVENT_DATA)
    const uint8_t *data; ///< DATA: the payload; MAP_SWAP: the compressed grid (data_size bytes)
} rp_event;

/// The state hash the recorder reported at one tick.
typedef struct rp_checkpoint {
    uint32_t tick;         ///< strictly increasing from one checkpoint to the next
    uint64_t hash;         ///< the combined state hash
    const uint64_t *field; ///< field_count per-field hashes, in rp_replay.field_names order
} rp_checkpoint;

/// What a loaded replay owns besides its public fields: the file image and the index of input
/// runs (layout private to the library, rp_store.h).
typedef struct rp_replay_store rp_replay_store;

/// A loaded, validated replay. Read the fields; change nothing; free with rp_replay_free.
typedef struct rp_replay {
    uint32_t format_version;                ///< always RP_FORMAT_VERSION once loaded
    uint64_t seed;                          ///< the match seed
    int human_count;                        ///< 1..RP_MAX_HUMANS
    int tick_rate;                          ///< ticks per second
    int record_size;                        ///< bytes of one input record
    uint32_t tick_count;                    ///< ticks with records: [0, tick_count)
    uint32_t checkpoint_interval;           ///< as the recorder declared it (informational)
    uint32_t config_version;                ///< the rules version (config layout and sim behaviour)
    const uint8_t *config;                  ///< the sim's config blob (NULL when empty)
    uint32_t config_size;                   ///< bytes of config
    int field_count;                        ///< per-field hashes in each checkpoint
    const char *field_names[RP_MAX_FIELDS]; ///< their names
    ae_grid map;                            ///< the map at tick 0
    const char *map_name;                   ///< its file name for messages (may be "")
    const rp_event *events;                 ///< event_count events, ticks non-decreasing
    int event_count;                        ///< number of events
    const rp_checkpoint *checkpoints;       ///< checkpoint_count checkpoints, ticks increasing
    int checkpoint_count;                   ///< number of checkpoints
    uint32_t final_tick;                    ///< equals tick_count
    uint64_t final_hash;                    ///< the state hash at final_tick

    rp_replay_store *store_; ///< private: the file image and the index
} rp_replay;

/// What the player expects of a file; zero members accept anything.
typedef struct rp_load_opts {
    int record_size;         ///< refuse files whose input records have another size
    uint32_t config_version; ///< refuse files recorded under another rules version
} rp_load_opts;

/// Loads and validates a replay file (read with ae_file_read: a directory, FIFO or device is
/// refused without blocking). On failure `replay` is zeroed, nothing stays allocated and err
/// holds one line. opts may be NULL.
bool rp_replay_init_file(const char *path, const rp_load_opts *opts, rp_replay *replay,
                         ae_error *err);

/// Same as rp_replay_init_file for bytes in memory (copied; the caller keeps its buffer).
bool rp_replay_init_memory(const uint8_t *data, size_t size, const rp_load_opts *opts,
                           rp_replay *replay, ae_error *err);

/// The first checks of a load, on the file's first bytes only: `head` holds its first
/// min(size, RP_HEADER_SIZE) bytes and `size` is the whole file's size. The magic, the format
/// version and the size the header declares (within RP_MAX_FILE_BYTES, and the file's own): a
/// file that fails them is refused, with the load's own reason, before it is read whole (the
/// web page checks a file the player opens so).
bool rp_replay_check_head(const uint8_t *head, uint64_t size, ae_error *err);

/// Frees a loaded replay and zeroes it (a zeroed replay is allowed).
void rp_replay_free(rp_replay *replay);

/// The record_size bytes of `human` at `tick` (tick < tick_count). O(log runs).
const uint8_t *rp_replay_record(const rp_replay *r, uint32_t tick, int human);

/// Copies every human's record of `tick` into out (human_count x record_size bytes).
void rp_replay_records(const rp_replay *r, uint32_t tick, uint8_t *out);

/// The events of `tick`: returns how many and sets *first to the first of them (NULL when none).
int rp_replay_events_at(const rp_replay *r, uint32_t tick, const rp_event **first);

/// Decodes the grid of a MAP_SWAP event into a new grid (free with ae_grid_free).
bool rp_replay_event_grid(const rp_replay *r, const rp_event *event, ae_grid *grid, ae_error *err);

/// The checkpoint recorded at `tick`, or NULL.
const rp_checkpoint *rp_replay_checkpoint_at(const rp_replay *r, uint32_t tick);

/// Where playback first disagreed with the recording.
typedef struct rp_divergence {
    uint32_t tick;     ///< the tick whose hash differs
    int field;         ///< index of the first differing field hash, -1 when none differs
    uint64_t expected; ///< recorded combined hash
    uint64_t actual;   ///< combined hash computed by playback
} rp_divergence;

/// Compares the hashes playback computed at `tick` with the checkpoint there and, at final_tick,
/// with the final hash. `field_hashes` has field_count entries (NULL is allowed: fields are then
/// not compared). Returns true when they agree or nothing was recorded at `tick`; otherwise fills
/// *div (may be NULL) and returns false.
bool rp_replay_verify(const rp_replay *r, uint32_t tick, uint64_t hash,
                      const uint64_t *field_hashes, rp_divergence *div);

/// Writes "replay diverged at tick T" and, when a field is known, " (first differing field: NAME)"
/// into buf (always NUL-terminated).
void rp_divergence_format(const rp_replay *r, const rp_divergence *div, char *buf, size_t size);

#endif
