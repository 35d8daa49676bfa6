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

int gen_brush_disc(const ae_grid *g, int cx, int cy, int size, uint8_t value, ae_cell_write *out) {
    AE_ASSERT(size >= 1 && size <= GEN_BRUSH_MAX);
    // Cell (cx + dx, cy + dy) is in when its centre is within size / 2 of the disc's centre.
    const int c2 = (size % 2) ? 1 : 0, r2 = size * size; // doubled: centre offset, radius squared
    int n = 0;
    for (int dy = -size; dy <= size; dy++)
        for (int dx = -size; dx <= size; dx++) {
            const int px = 2 * dx + 1 - c2, py = 2 * dy + 1 - c2;
            const int x = cx + dx, y = cy + dy;
            if (px * px + py * py > r2 || !ae_grid_in_bounds(g, x, y)) continue;
            out[n++] = (ae_cell_write){x, y, value};
        }
    return n;
}
