#include "net_token.h"

#include <string.h>

static uint64_t rotl(uint64_t x, int b) {
    return (x << b) | (x >> (64 - b));
}

static uint64_t le64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

#define SIPROUND                                                                                   \
    do {                                                                                           \
        v0 += v1;                                                                                  \
        v1 = rotl(v1, 13);                                                                         \
        v1 ^= v0;                                                                                  \
        v0 = rotl(v0, 32);                                                                         \
        v2 += v3;                                                                                  \
        v3 = rotl(v3, 16);                                                                         \
        v3 ^= v2;                                                                                  \
        v0 += v3;                                                                                  \
        v3 = rotl(v3, 21);                                                                         \
        v3 ^= v0;                                                                                  \
        v2 += v1;                                                                                  \
        v1 = rotl(v1, 17);                                                                         \
        v1 ^= v2;                                                                                  \
        v2 = rotl(v2, 32);                                                                         \
    } while (0)

// SipHash-2-4 of one 8-byte message (Aumasson and Bernstein's reference, specialised).
static uint64_t siphash8(const uint8_t key[16], uint64_t m) {
    const uint64_t k0 = le64(key), k1 = le64(key + 8);
    uint64_t v0 = k0 ^ 0x736f6d6570736575ull, v1 = k1 ^ 0x646f72616e646f6dull;
    uint64_t v2 = k0 ^ 0x6c7967656e657261ull, v3 = k1 ^ 0x7465646279746573ull;
    const uint64_t last = (uint64_t)8 << 56; // the message's length in the final block
    v3 ^= m;
    SIPROUND;
    SIPROUND;
    v0 ^= m;
    v3 ^= last;
    SIPROUND;
    SIPROUND;
    v0 ^= last;
    v2 ^= 0xff;
    SIPROUND;
    SIPROUND;
    SIPROUND;
    SIPROUND;
    return v0 ^ v1 ^ v2 ^ v3;
}

void net_token_derive(const uint8_t key[NET_TOKEN_KEY_BYTES], uint32_t k,
                      uint8_t out[NET_TOKEN_BYTES]) {
    for (uint64_t half = 0; half < 2; half++) { // two messages: (k, 0) and (k, 1)
        uint64_t h = siphash8(key, (uint64_t)k | half << 32);
        for (int i = 0; i < 8; i++) out[half * 8 + (uint64_t)i] = (uint8_t)(h >> (8 * i));
    }
}

bool net_token_valid(const uint8_t key[NET_TOKEN_KEY_BYTES], uint32_t count,
                     const uint8_t token[NET_TOKEN_BYTES]) {
    uint8_t t[NET_TOKEN_BYTES];
    for (uint32_t k = 0; k < count; k++) {
        net_token_derive(key, k, t);
        if (!memcmp(t, token, NET_TOKEN_BYTES)) return true;
    }
    return false;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool net_hex_read(const char *text, uint8_t *out, size_t n) {
    if (!text || strlen(text) != 2 * n) return false;
    for (size_t i = 0; i < 2 * n; i++)
        if (hex_digit(text[i]) < 0) return false;
    for (size_t i = 0; i < n; i++)
        out[i] = (uint8_t)(hex_digit(text[2 * i]) << 4 | hex_digit(text[2 * i + 1]));
    return true;
}

void net_hex_write(const uint8_t *in, size_t n, char *out) {
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = digits[in[i] >> 4];
        out[2 * i + 1] = digits[in[i] & 15];
    }
    out[2 * n] = '\0';
}
