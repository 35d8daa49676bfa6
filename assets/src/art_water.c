// tiles.png, continued: the water's animation frames, the shore pieces laid over water next to
// land, and the rock round the map.
//
// The water repeats every ART_WATER_SIDE tiles each way and loops in time: each frame samples its
// wave fields along a circle in noise space, so frame ART_WATER_FRAMES would be frame 0 again.
// Shore pieces agree where they meet: a side's foam follows its distance from the land edge (its
// wobble is zero at the tile's corners), a corner's the distance from the corner.
#include "art_draw.h"
#include "art_layout.h"

#include <arena/ae_rng.h>

#include <math.h>

#define T   ((float)ART_TILE)
#define TAU 6.2831853f

#define BANK ((float)ART_BANK_HEIGHT)

static void water_frame(rs_canvas *c, const rs_noise *base, const rs_noise *wave, int frame) {
    const int side = ART_WATER_SIDE;
    // Lattice units: the base noise has period 4, the waves' 8 sampled twice as finely, so a
    // block of `side` tiles is one period of each.
    const float unit = (float)(side * ART_TILE) / 4.0f;
    const float th = TAU * (float)frame / (float)ART_WATER_FRAMES, r = 0.12f;
    const rs_color deep = rs_hex(0x1e6892, 1.0f), light = rs_hex(0x2f86b3, 1.0f);
    const rs_color crest = rs_hex(0xcfefff, 1.0f), trough = rs_hex(0x134e75, 1.0f);
    for (int q = 0; q < side * side; q++) {
        art_set_tile(c, ART_TILE_WATER + side * side * frame + q);
        for (int y = 0; y < ART_TILE; y++)
            for (int x = 0; x < ART_TILE; x++) {
                float u = ((float)((q % side) * ART_TILE + x) + 0.5f) / unit;
                float v = ((float)((q / side) * ART_TILE + y) + 0.5f) / unit;
                float n = rs_fbm(base, u, v, 3);
                // Two wave fields circling against each other: faint light ripples where they
                // meet, darker where both are low.
                float a = rs_fbm(wave, 2.0f * u + r * cosf(th), 2.0f * v + r * sinf(th), 2);
                float b =
                    rs_fbm(wave, 2.0f * u + 1.7f - r * sinf(th), 2.0f * v + 0.9f + r * cosf(th), 2);
                float line = 1.0f - 9.0f * fabsf(a - b);
                rs_color col = rs_mix(deep, light, art_smooth01(0.2f + 1.1f * (n - 0.35f)));
                col = rs_mix(col, trough, 0.25f * art_smooth01((0.40f - 0.5f * (a + b)) * 6.0f));
                col = rs_mix(col, crest, 0.28f * art_smooth01((line - 0.4f) * 2.5f));
                rs_plot(c, x, y, col, 1.0f, RS_OVER);
            }
    }
}

/// Foam and the shallow band at `d` pixels from the land's edge (d < 0: on land, nothing).
static void shore_plot(rs_canvas *c, int x, int y, float d) {
    if (d < 0.0f) return;
    rs_color shallow = rs_hex(0x7fdcd2, 0.55f * (1.0f - art_smooth01(d / 14.0f)));
    rs_plot(c, x, y, shallow, 1.0f, RS_OVER);
    float foam = 1.0f - art_smooth01((d - 2.0f) / 2.0f);
    foam = fmaxf(foam, 0.45f * (1.0f - fabsf(d - 7.0f) / 1.5f)); // a second, fainter line
    if (foam > 0.0f) rs_plot(c, x, y, rs_hex(0xf4fbff, foam), 1.0f, RS_OVER);
}

/// How the waterline wavers along an edge at `along` pixels: zero at both ends of the tile.
static float wobble(float along) {
    return 1.1f * sinf(TAU * 2.0f * along / T) + 0.6f * sinf(TAU * 3.0f * along / T);
}

/// The earth face of a bank: a sandy lip on top, darker and wetter towards the water.
static void bank_plot(rs_canvas *c, int x, int y, const rs_noise *grain) {
    float t = ((float)y + 0.5f) / BANK;
    rs_color col = rs_mix(rs_hex(0xb08c5c, 1.0f), rs_hex(0x5a4330, 1.0f), art_smooth01(t));
    if (y == 0) col = rs_hex(0xd9c08c, 1.0f);
    float n = rs_noise_at(grain, (float)x * 0.5f, (float)y);
    col = rs_shade(col, 0.88f + 0.24f * n);
    rs_plot(c, x, y, col, 1.0f, RS_OVER);
}

static void shores(rs_canvas *c, const rs_noise *grain) {
    for (int t = ART_TILE_BANK; t <= ART_TILE_SHORE_SE; t++) {
        art_set_tile(c, t);
        for (int y = 0; y < ART_TILE; y++)
            for (int x = 0; x < ART_TILE; x++) {
                const float px = (float)x + 0.5f, py = (float)y + 0.5f;
                switch (t) {
                case ART_TILE_BANK:
                    if (y < ART_BANK_HEIGHT) bank_plot(c, x, y, grain);
                    break;
                case ART_TILE_SHORE_N:
                    shore_plot(c, x, y, py - BANK - 0.5f * wobble(px));
                    break;
                case ART_TILE_SHORE_S:
                    shore_plot(c, x, y, T - py - 0.5f * wobble(px));
                    break;
                case ART_TILE_SHORE_W:
                    shore_plot(c, x, y, px - 0.5f * wobble(py));
                    break;
                case ART_TILE_SHORE_E:
                    shore_plot(c, x, y, T - px - 0.5f * wobble(py));
                    break;
                case ART_TILE_SHORE_NW:
                case ART_TILE_SHORE_NE: {
                    // Land to the north-west (or north-east) only: the foam rounds the end of
                    // the bank of the cell beside this one, BANK pixels down.
                    float dx = t == ART_TILE_SHORE_NW ? px : T - px;
                    float dy = py - BANK;
                    shore_plot(c, x, y, dy < 0.0f ? dx : sqrtf(dx * dx + dy * dy));
                    break;
                }
                default: { // SW, SE
                    float dx = t == ART_TILE_SHORE_SW ? px : T - px, dy = T - py;
                    shore_plot(c, x, y, sqrtf(dx * dx + dy * dy));
                    break;
                }
                }
            }
    }
}

/// A boulder at (x, y) of the current tile, radius r: lit from the north-west, outlined, with
/// its shadow to the south-east.
static void boulder(rs_canvas *c, float x, float y, float r, float squash, float tilt) {
    rs_shape shade = rs_ellipse(x + 1.4f, y + 1.8f, r * 1.05f, r * squash, tilt);
    rs_paint sp = rs_solid(rs_hex(0x0c0b0a, 0.5f));
    rs_fill(c, &shade, &sp, 0.0f, 1.5f);
    rs_shape s = rs_ellipse(x, y, r, r * squash, tilt);
    rs_paint p = rs_radial(rs_hex(0x736d66, 1.0f), x - 0.4f * r, y - 0.5f * r,
                           rs_hex(0x2b2825, 1.0f), 1.7f * r);
    rs_fill_outlined(c, &s, &p, rs_hex(0x151311, 1.0f), 0.8f);
}

/// The rock round the map: a block of ART_ROCK_SIDE x ART_ROCK_SIDE tiles of dark scree strewn
/// with boulders, each boulder drawn into every tile it touches (wrapping round the block);
/// and the rock's cliff face.
static void rock(rs_canvas *c, const rs_noise *base, const rs_noise *grain) {
    enum { BOULDERS = 34, SIDE = ART_ROCK_SIDE };
    const float block = (float)(SIDE * ART_TILE);
    float bx[BOULDERS], by[BOULDERS], br[BOULDERS], bs[BOULDERS], bt[BOULDERS];
    ae_rng rng;
    ae_rng_seed(&rng, ART_SEED, 403u);
    for (int i = 0; i < BOULDERS; i++) {
        // Declarators are initialised left to right: the draws come in this order.
        float x = ae_rng_range(&rng, 0.0f, block), y = ae_rng_range(&rng, 0.0f, block);
        float r = ae_rng_range(&rng, 3.5f, 12.0f), squash = ae_rng_range(&rng, 0.6f, 0.9f);
        bx[i] = x;
        by[i] = y;
        br[i] = r;
        bs[i] = squash;
        bt[i] = ae_rng_range(&rng, -0.7f, 0.7f);
    }
    for (int q = 0; q < SIDE * SIDE; q++) {
        art_set_tile(c, ART_TILE_ROCK + q);
        const float qx = (float)(q % SIDE * ART_TILE), qy = (float)(q / SIDE * ART_TILE);
        for (int y = 0; y < ART_TILE; y++)
            for (int x = 0; x < ART_TILE; x++) {
                float u = (qx + (float)x + 0.5f) / 32.0f, v = (qy + (float)y + 0.5f) / 32.0f;
                float n = rs_fbm(base, u, v, 3);
                rs_color col = rs_mix(rs_hex(0x262422, 1.0f), rs_hex(0x4a4540, 1.0f), n);
                if (rs_noise_at(grain, (float)x, (float)y) > 0.82f) col = rs_shade(col, 1.1f);
                rs_plot(c, x, y, col, 1.0f, RS_OVER);
            }
        // Small boulders first, so the large ones lie over them.
        for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < BOULDERS; i++) {
                if ((br[i] >= 7.0f) != (pass == 1)) continue;
                for (int oy = -1; oy <= 1; oy++)
                    for (int ox = -1; ox <= 1; ox++)
                        boulder(c, bx[i] + (float)ox * block - qx, by[i] + (float)oy * block - qy,
                                br[i], bs[i], bt[i]);
            }
    }
    art_set_tile(c, ART_TILE_ROCK_FRONT);
    for (int y = 0; y < ART_WALL_HEIGHT; y++)
        for (int x = 0; x < ART_TILE; x++) {
            float t = ((float)y + 0.5f) / (float)ART_WALL_HEIGHT;
            // Vertical strata: noise stretched down the face.
            float s = rs_fbm(base, ((float)x + 0.5f) / 4.0f, (float)y / 40.0f, 2);
            rs_color col = rs_mix(rs_hex(0x5e574e, 1.0f), rs_hex(0x2a2724, 1.0f), art_smooth01(t));
            col = rs_shade(col, 0.8f + 0.4f * s);
            if (y == 0) col = rs_hex(0x7a7368, 1.0f); // the lit rim
            rs_plot(c, x, y, col, 1.0f, RS_OVER);
        }
}

void art_draw_water_tiles(rs_canvas *c) {
    rs_noise base = rs_noise_make(4, ART_SEED + 400u), wave = rs_noise_make(8, ART_SEED + 401u);
    rs_noise grain = rs_noise_make(ART_TILE, ART_SEED + 402u);
    for (int f = 0; f < ART_WATER_FRAMES; f++) water_frame(c, &base, &wave, f);
    shores(c, &grain);
    rock(c, &base, &grain);
    rs_noise_free(&base);
    rs_noise_free(&wave);
    rs_noise_free(&grain);
}
