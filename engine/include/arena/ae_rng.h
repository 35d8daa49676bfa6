/// PCG32 random numbers (O'Neill, pcg-random.org): the one RNG of the engine and the sim.
/// Deterministic across compilers; every consumer draws in a fixed order.
#ifndef AE_RNG_H
#define AE_RNG_H

#include <stdint.h>

typedef struct ae_rng {
    uint64_t state;
    uint64_t inc;
} ae_rng;

/// Seeds a generator; different streams give independent sequences for the same seed.
static inline void ae_rng_seed(ae_rng *r, uint64_t seed, uint64_t stream);

static inline uint32_t ae_rng_next(ae_rng *r) {
    uint64_t old = r->state;
    r->state = old * 6364136223846793005ull + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

static inline void ae_rng_seed(ae_rng *r, uint64_t seed, uint64_t stream) {
    r->state = 0u;
    r->inc = (stream << 1u) | 1u;
    ae_rng_next(r);
    r->state += seed;
    ae_rng_next(r);
}

/// Uniform integer in [0, bound) without modulo bias; bound must be > 0.
static inline uint32_t ae_rng_below(ae_rng *r, uint32_t bound) {
    uint32_t threshold = (0u - bound) % bound;
    for (;;) {
        uint32_t x = ae_rng_next(r);
        if (x >= threshold) return x % bound;
    }
}

/// Uniform float in [0, 1) with 24 random bits.
static inline float ae_rng_float(ae_rng *r) {
    return (float)(ae_rng_next(r) >> 8) * (1.0f / 16777216.0f);
}

/// Uniform float in [lo, hi).
static inline float ae_rng_range(ae_rng *r, float lo, float hi) {
    return lo + (hi - lo) * ae_rng_float(r);
}

#endif
