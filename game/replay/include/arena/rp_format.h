/// Arena replay files: format constants, limits and the file checksum.
///
/// Every public name of the replay library starts with `rp_` (types and functions) or `RP_`
/// (macros). The library is pure C11 on top of arena_engine; it knows nothing of the sim's types:
/// an input record is `record_size` opaque bytes per human per tick, the match config is an opaque
/// versioned blob, and checkpoint hashes are numbers the recorder hands over.
///
/// Layout of format version 2 (all integers little-endian, written byte by byte, no padding;
/// `var` is an unsigned LEB128 number of at most 5 bytes that fits in 32 bits):
///
///     header      magic "ARENARPL" (8 bytes), u32 format version, u32 file size in bytes
///     config      u64 seed, u8 human count, u16 tick rate, u16 record size, u32 tick count,
///                 u32 checkpoint interval, u32 config version, u32 config size, config bytes
///     fields      u8 field count, then per field: u8 name length, name bytes
///     map         name (u16 length + bytes), grid
///     inputs      per human: u32 run count, then per run: var run length, record bytes
///     events      u32 count, then per event: u32 tick, u8 type, payload
///                   RP_EVENT_MAP_SWAP: name (u16 length + bytes), grid
///                   RP_EVENT_DATA:     u16 kind, u16 size, bytes
///     checkpoints u32 count, then per checkpoint: u32 tick, u64 hash, u64 x field count
///     final       u32 final tick, u64 final hash
///     checksum    u64 FNV-1a 64 of every byte before it
///
/// A grid is u16 width, u16 height, then runs of equal cells in row-major order, each a u8 cell
/// value (ae_grid_cell_valid: free, wall, breakable wall, door, water) and a var length >= 1; the
/// lengths sum to width x height. (Version 1 held only free and wall, as alternating runs.)
///
/// Ticks count simulation steps. The records of tick t drive the step from tick t to t + 1; the
/// events of tick t are applied before that step; a checkpoint of tick t holds the hash the
/// recorder reported for the state at tick t. So records exist for ticks [0, tick count), and
/// events and checkpoints have ticks in [0, tick count]; the final tick equals the tick count.
#ifndef RP_FORMAT_H
#define RP_FORMAT_H

#include "arena/ae_base.h"

/// The first 8 bytes of every replay file.
#define RP_MAGIC      "ARENARPL"
#define RP_MAGIC_SIZE 8
/// The format version this build writes and the only one it reads.
#define RP_FORMAT_VERSION 2u

/// Bytes of the fixed header (magic, version, file size) and of the checksum trailer.
#define RP_HEADER_SIZE   16u
#define RP_CHECKSUM_SIZE 8u

/// Limits. A file outside them is refused before anything is allocated for it.
#define RP_MAX_HUMANS      100
#define RP_MAX_RECORD_SIZE 64
#define RP_MAX_TICK_RATE   1000
/// 24 hours at 60 Hz.
#define RP_MAX_TICKS        5184000u
#define RP_MAX_CONFIG_BYTES 4096u
#define RP_MAX_FIELDS       16
#define RP_MAX_FIELD_NAME   31
/// Map names (for messages) keep at most this many bytes.
#define RP_MAX_NAME       255u
#define RP_MAX_EVENT_DATA 1024u
#define RP_MAX_FILE_BYTES (1u << 30)

/// Event types.
typedef enum rp_event_type {
    RP_EVENT_MAP_SWAP = 1, ///< a new map grid replaces the current one at a tick boundary
    RP_EVENT_DATA = 2,     ///< a small opaque payload with a kind number, for the sim to interpret
} rp_event_type;

/// The file checksum: FNV-1a 64 (rp_fnv1a from RP_FNV_BASIS, arena/rp_hash.h) over `len` bytes,
/// so any change confined to one byte always changes the result.
uint64_t rp_checksum(const uint8_t *data, size_t len);

#endif
