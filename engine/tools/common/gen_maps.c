#include "gen_maps.h"

#include "arena/ae_rng.h"

bool gen_random_map(ae_grid *g, int w, int h, uint64_t seed, float wall_fraction) {
    if (!ae_grid_init(g, w, h, NULL)) return false;
    ae_rng rng;
    ae_rng_seed(&rng, seed, 1);
    size_t n = (size_t)w * (size_t)h;
    for (size_t i = 0; i < n; i++) g->cells[i] = ae_rng_float(&rng) < wall_fraction;
    if (ae_grid_free_count(g) == 0) g->cells[ae_rng_below(&rng, (uint32_t)n)] = 0;
    return true;
}

bool gen_arena_map(ae_grid *g, int w, int h, uint64_t seed) {
    if (!ae_grid_init(g, w, h, NULL)) return false;
    ae_rng rng;
    ae_rng_seed(&rng, seed, 2);
    size_t target = (size_t)w * (size_t)h / 5, walls = 0;
    while (walls < target) {
        int bw = 1 + (int)ae_rng_below(&rng, 8), bh = 1 + (int)ae_rng_below(&rng, 8);
        int x0 = (int)ae_rng_below(&rng, (uint32_t)w), y0 = (int)ae_rng_below(&rng, (uint32_t)h);
        for (int y = y0; y < y0 + bh && y < h; y++)
            for (int x = x0; x < x0 + bw && x < w; x++) {
                uint8_t *c = &g->cells[(size_t)y * (size_t)w + (size_t)x];
                walls += *c == 0;
                *c = 1;
            }
    }
    return true;
}
