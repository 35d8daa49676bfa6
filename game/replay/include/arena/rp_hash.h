/// The byte-level mechanisms the replay format and the sim share, the tree's one little-endian
/// writer and reader: an integer as little-endian bytes and back, a float by its bit pattern,
/// and FNV-1a 64 over bytes. Both layers use these, so a replay's checksum and a checkpoint's
/// state hash are computed the same way, and the sim's packed config and state encoding are
/// written as the replay's integers are. Inline: the state hash feeds them a few bytes at a time.
#ifndef RP_HASH_H
#define RP_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/// FNV-1a 64: the offset basis (the hash of no bytes) and the prime.
#define RP_FNV_BASIS 0xcbf29ce484222325ull
#define RP_FNV_PRIME 0x100000001b3ull

/// Stores the low `bytes` bytes of v at p, least significant first; returns p past them.
static inline uint8_t *rp_put_le(uint8_t *p, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; i++) *p++ = (uint8_t)(v >> (8 * i));
    return p;
}

/// Reads `bytes` bytes at p, least significant first (rp_put_le's inverse).
static inline uint64_t rp_get_le(const uint8_t *p, int bytes) {
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/// A float's bit pattern and back: floats are written and hashed by it, never as struct memory.
static inline uint32_t rp_f32_bits(float f) {
    uint32_t bits;
    memcpy(&bits, &f, sizeof bits);
    return bits;
}
static inline float rp_bits_f32(uint32_t bits) {
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
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
