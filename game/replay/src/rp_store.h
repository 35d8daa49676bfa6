// Private to arena_replay: what a loaded rp_replay owns besides its public fields. It heads the
// one index block rp_load allocates; the events, checkpoints, field hashes, input runs and
// strings follow it in the same block.
#ifndef RP_STORE_H
#define RP_STORE_H

#include "arena/rp_replay.h"

// One human's run-length encoded inputs.
typedef struct rp_stream {
    uint32_t run_count;
    const uint32_t *run_end;  // exclusive end tick of each run, increasing
    const uint32_t *run_data; // byte offset of each run's record in the file image
} rp_stream;

struct rp_replay_store {
    uint8_t *file;       // the file image
    size_t file_size;    // bytes of it
    size_t block_size;   // bytes of the index block this store heads
    rp_stream streams[]; // one per human (a match may have up to RP_MAX_HUMANS)
};

#endif
