/// The two byte-level mechanisms the replay format and the sim's state hash share: writing an
/// integer as little-endian bytes, and FNV-1a 64 over bytes. Both layers use these, so a replay's
/// checksum and a checkpoint's state hash are computed the same way. Inline: the state hash feeds
/// them a few bytes at a time.
#ifndef RP_HASH_H
#define RP_HASH_H

#include <stddef.h>
#include <stdint.h>

/// FNV-1a 64: the offset basis (the hash of no bytes) and the prime.
#define RP_FNV_BASIS 0xcbf29ce484222325ull
#define RP_FNV_PRIME 0x100000001b3ull

/// Stores the low `bytes` bytes of v at p, least significant first; returns p past them.
static inline uint8_t *rp_put_le(uint8_t *p, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; i++) *p++ = (uint8_t)(v >> (8 * i));
    return p;
}

/// Continues the FNV-1a 64 hash `h` (RP_FNV_BASIS to start) over n bytes. Each step (xor a byte,
/// multiply by an odd prime) is a bijection of the state, so a change confined to one byte always
/// changes the result.
static inline uint64_t rp_fnv1a(uint64_t h, const void *data, size_t n) {
    const uint8_t *p = data;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * RP_FNV_PRIME;
    return h;
}

#endif
