/// Recording a replay: the recorder feeds a writer tick by tick, then encodes it into memory and
/// saves the bytes (session.c saves them through ae_output_save, which never leaves a half-written
/// file).
///
///     rp_writer_def def = rp_default_writer_def();
///     def.seed = seed;
///     def.human_count = humans;
///     def.record_size = record_bytes;            // one packed input record per human per tick
///     def.map = &grid;
///     rp_writer *w = rp_writer_create(&def, &err);
///     for (uint32_t t = 0; t < ticks; t++) {
///         if (swapped) rp_writer_event_map(w, t, &new_grid, name); // events first
///         rp_writer_tick(w, t, records);                           // then the tick's records
///         step();                                                  // the state is now at t + 1
///         if ((t + 1) % 60 == 0) rp_writer_checkpoint(w, t + 1, hash, field_hashes);
///     }
///     uint8_t *data;
///     size_t size;
///     if (rp_writer_finish_memory(w, ticks, final_hash, &data, &size, &err)) {
///         ae_output_save(path, data, size, &err);
///         ae_free(data, size);
///     }
///     rp_writer_destroy(w);
///
/// Calls out of order (a tick skipped, a checkpoint going back in time) are programmer misuse and
/// stop the program through AE_ASSERT. Only memory and the file system can fail, through ae_error.
/// Inputs are run-length encoded as they arrive, so memory grows with the number of input changes,
/// not with the match length. Everything is kept encoded, in chunks that are never moved or
/// copied: a writer holds the encoded replay plus at most one partly filled chunk per part (4 KiB,
/// or a sixteenth of the part, up to 1 MiB) and allocates once per chunk filled, never on most
/// ticks. The whole replay can be had at any time (rp_writer_snapshot_memory) while recording
/// goes on.
#ifndef RP_WRITER_H
#define RP_WRITER_H

#include "arena/ae_grid.h"
#include "arena/rp_format.h"

/// What a replay records about the match before its first tick.
typedef struct rp_writer_def {
    uint64_t seed;                ///< the match seed
    int human_count;              ///< 1..RP_MAX_HUMANS humans, each with one record per tick
    int tick_rate;                ///< ticks per second, 1..RP_MAX_TICK_RATE (default 60)
    int record_size;              ///< bytes of one input record, 1..RP_MAX_RECORD_SIZE
    uint32_t checkpoint_interval; ///< ticks between checkpoints, for information (default 60)
    uint32_t config_version;      ///< the rules version (config layout and sim behaviour)
    const void *config;           ///< the sim's match config (rules, bots...), opaque bytes
    size_t config_size;           ///< 0..RP_MAX_CONFIG_BYTES
    /// Names of the per-field hashes each checkpoint carries besides its combined hash (e.g.
    /// "rng", "agents", "bullets"), so playback can name the first field that diverged.
    const char *const *field_names;
    int field_count;      ///< 0..RP_MAX_FIELDS; names 1..RP_MAX_FIELD_NAME printable bytes
    const ae_grid *map;   ///< the map at tick 0 (copied, compressed); needs a free cell
    const char *map_name; ///< map file name for messages (NULL: ""); see rp_writer_event_map
} rp_writer_def;

/// A writer for one match, created by rp_writer_create.
typedef struct rp_writer rp_writer;

/// Defaults: tick rate 60, checkpoint interval 60, everything else zero.
rp_writer_def rp_default_writer_def(void);

/// Starts a recording. Asserts that def is in range; returns NULL with err when memory runs out.
rp_writer *rp_writer_create(const rp_writer_def *def, ae_error *err);

/// Records the inputs of tick `tick`, which must be the number of ticks recorded so far.
/// `records` holds human_count records of record_size bytes, human 0 first. Returns false only
/// when memory ran out (the writer then stays failed and finish reports it).
bool rp_writer_tick(rp_writer *w, uint32_t tick, const uint8_t *records);

/// Records a map swap applied at the start of `tick` (before rp_writer_tick for that tick, so
/// `tick` equals the number of ticks recorded so far). The grid is compressed and copied. Only
/// the part of `name` after its last '/' or '\\' is kept, at most RP_MAX_NAME bytes.
bool rp_writer_event_map(rp_writer *w, uint32_t tick, const ae_grid *grid, const char *name);

/// Records a small opaque event (size <= RP_MAX_EVENT_DATA) at the start of `tick`.
bool rp_writer_event_data(rp_writer *w, uint32_t tick, uint16_t kind, const void *data,
                          size_t size);

/// Records the state hash at `tick` (at most the number of ticks recorded so far, and greater
/// than the previous checkpoint's tick) with field_count per-field hashes (NULL when 0).
bool rp_writer_checkpoint(rp_writer *w, uint32_t tick, uint64_t hash, const uint64_t *field_hashes);

/// Encodes the whole replay into a new, exactly sized buffer (free it with ae_free(*data, *size)).
/// `final_tick` must equal the number of ticks recorded. The writer is not changed: recording
/// may go on afterwards.
bool rp_writer_finish_memory(rp_writer *w, uint32_t final_tick, uint64_t final_hash, uint8_t **data,
                             size_t *size, ae_error *err);

/// The replay of what has been recorded so far, for a recording that goes on: the records of
/// ticks [0, T) where T is the number of ticks recorded, the events of ticks before T, every
/// checkpoint, and `hash` (the state at T before T's events) as the final hash. Events already
/// recorded at T are left out, since a replay applies a tick's events before its step and no
/// step follows its final tick; they stay in the writer for later snapshots and the finish. The
/// writer is not changed. Same buffer and errors as rp_writer_finish_memory.
bool rp_writer_snapshot_memory(const rp_writer *w, uint64_t hash, uint8_t **data, size_t *size,
                               ae_error *err);

/// Bytes the writer holds (itself and its encoded parts with their chunks' slack).
size_t rp_writer_memory(const rp_writer *w);

/// Frees the writer (NULL is allowed).
void rp_writer_destroy(rp_writer *w);

#endif
