// Helpers shared by the replay tests: random grids and inputs, a hand-written encoder of the file
// format (independent of the library's writer), checksum resealing and a peak-tracking allocator.
#ifndef REPLAY_HELPERS_H
#define REPLAY_HELPERS_H

#include "arena/ae_rng.h"
#include "arena/rp_replay.h"
#include "arena/rp_writer.h"

// A random grid with roughly `wall_percent` walls in blobs, and at least one free cell.
void make_grid(ae_grid *g, int w, int h, int wall_percent, uint64_t seed);

// Encodes a small replay with the library's writer: 2 humans, 8-byte records, 300 ticks, one map
// swap, one data event, a checkpoint every 60 ticks with 2 field hashes.
void make_small_replay(uint8_t **data, size_t *size);

// Finishes the writer into `path` as a recorder does: rp_writer_finish_memory, then
// ae_output_save (a temporary file renamed over `path` once whole).
bool finish_file(rp_writer *w, uint32_t final_tick, uint64_t final_hash, const char *path,
                 ae_error *err);

// Rewrites the checksum trailer so a deliberately edited file passes the checksum.
void reseal(uint8_t *data, size_t size);

// Little-endian stores, for editing files in tests.
void put_le16(uint8_t *p, uint16_t v);
void put_le32(uint8_t *p, uint32_t v);

// A replay spelled out field by field, encoded by build_spec without the library's writer.
// Every human holds one record for the whole match unless run_count claims otherwise.
typedef struct spec {
    uint32_t version;
    uint8_t humans;
    uint16_t rate;
    uint16_t record_size;
    uint32_t ticks;
    uint32_t claimed_runs; // 0: the true run count (1, or 0 without ticks)
    uint32_t config_version;
    uint32_t config_size;  // size of the match config blob ...
    const uint8_t *config; // ... and its bytes (NULL: the size is claimed, no bytes follow)
    uint8_t field_count; // hash field names, each `field_name` (default "f"), field_name_len bytes
    const char *field_name;
    uint8_t field_name_len;
    const char *map_name; // initial map name of map_name_len bytes (default empty)
    uint16_t map_name_len;
    uint16_t map_w, map_h;  // an all-free map ...
    const uint8_t *map_raw; // ... unless these raw grid bytes replace it
    size_t map_raw_len;
    int run_count; // 0: human 0 holds one run of `ticks`; otherwise these run lengths
    uint32_t run_len[3];
    int event_count;
    uint32_t event_tick[4];
    uint8_t event_type[4];   // 0: RP_EVENT_DATA
    uint16_t swap_w, swap_h; // the all-free grid of RP_EVENT_MAP_SWAP events (0: 8x8)
    uint32_t claimed_events; // 0: event_count
    uint16_t data_size;      // 0: each data event holds 1 byte; otherwise it claims this many
    int checkpoint_count;
    uint32_t checkpoint_tick[4];
    uint32_t claimed_checkpoints; // 0: checkpoint_count
    uint32_t final_tick;
    int trailing_bytes; // extra body bytes after the final hash
} spec;

// A valid replay: 2 humans, 8-byte records, 120 ticks, a 16x12 map, events at 0 and 60,
// checkpoints at 60 and 120.
spec default_spec(void);
// Encodes into buf (capacity cap) and returns the size.
size_t build_spec(const spec *s, uint8_t *buf, size_t cap);

// Loads bytes and expects a refusal whose reason contains `want`; prints the reason.
bool refused_with(const uint8_t *data, size_t size, const rp_load_opts *opts, const char *want);

// A counting allocator for ae_set_allocator that remembers its peak of live bytes.
typedef struct peak_alloc {
    size_t live;
    size_t peak;
} peak_alloc;
void peak_install(peak_alloc *p);
void peak_remove(void);

#endif
