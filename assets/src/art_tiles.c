// tiles.png: ground variants, dirt, sand, wall tops, the wall's south face and the shadows walls
// cast (art_water.c draws the water, its shores and the rock round the map), each tile padded
// with copies of its edge pixels.
//
// Seamless tiling: every ground tile shares one periodic noise field (period = one tile), so
// all grass variants meet without seams in any combination. What makes a variant different
// (its own low-frequency tone, tufts, flowers, pebbles) is faded out towards the tile border
// or kept inside it.
#include "art_draw.h"
#include "art_layout.h"

#include <arena/ae_rng.h>

#include <math.h>
#include <stddef.h>

#define T ((float)ART_TILE)

float art_smooth01(float t) {
    t = t < 0.0f ? 0.0f : t > 1.0f ? 1.0f : t;
    return t * t * (3.0f - 2.0f * t);
}

// 1 in the middle of the tile, 0 on its border.
static float centre_window(float x, float y) {
    float sx = sinf(3.14159265f * x / T), sy = sinf(3.14159265f * y / T);
    return sx * sx * sy * sy;
}

void art_set_tile(rs_canvas *c, int tile) {
    rs_cell(c, art_tile_x(tile), art_tile_y(tile), ART_TILE, ART_TILE);
}

// Ground base: colour ramp from dark to light driven by shared tileable noise plus a variant
// tone that vanishes at the border.
static void ground_base(rs_canvas *c, const rs_noise *shared, const rs_noise *variant,
                        rs_color dark, rs_color light, float variant_amount) {
    for (int y = 0; y < ART_TILE; y++) {
        for (int x = 0; x < ART_TILE; x++) {
            float fx = (float)x + 0.5f, fy = (float)y + 0.5f;
            float n = rs_fbm(shared, fx / 8.0f, fy / 8.0f, 3);
            float v = rs_noise_at(variant, fx / 16.0f, fy / 16.0f) - 0.5f;
            float t = 0.25f + 0.9f * (n - 0.5f) + variant_amount * v * centre_window(fx, fy);
            rs_plot(c, x, y, rs_mix(dark, light, art_smooth01(t + 0.25f)), 1.0f, RS_OVER);
        }
    }
}

// A tuft of short grass blades rooted at (x, y).
static void tuft(rs_canvas *c, ae_rng *rng, float x, float y, rs_color col) {
    int blades = 2 + (int)ae_rng_below(rng, 3);
    for (int i = 0; i < blades; i++) {
        float bx = x + ae_rng_range(rng, -2.0f, 2.0f);
        float lean = ae_rng_range(rng, -1.6f, 1.6f);
        float len = ae_rng_range(rng, 2.5f, 4.5f);
        rs_shape s = rs_capsule(bx, y, bx + lean, y - len, 0.45f);
        rs_paint p =
            rs_linear(rs_shade(col, 0.8f), bx, y, rs_shade(col, 1.25f), bx + lean, y - len);
        rs_fill(c, &s, &p, 0.0f, 1.0f);
    }
}

static void pebble(rs_canvas *c, ae_rng *rng, float x, float y, float r, rs_color col) {
    rs_shape shadow = rs_ellipse(x + 0.6f, y + 0.8f, r * 1.1f, r * 0.8f, 0.0f);
    rs_paint sp = rs_solid(rs_hex(0x000000, 0.22f));
    rs_fill(c, &shadow, &sp, 0.0f, 1.2f);
    // One draw per statement: argument evaluation order differs between compilers.
    float squash = ae_rng_range(rng, 0.65f, 0.85f);
    float tilt = ae_rng_range(rng, -0.5f, 0.5f);
    rs_shape s = rs_ellipse(x, y, r, r * squash, tilt);
    rs_paint p =
        rs_radial(rs_shade(col, 1.35f), x - r * 0.4f, y - r * 0.5f, rs_shade(col, 0.8f), r * 1.6f);
    rs_fill(c, &s, &p, 0.0f, 1.0f);
}

static void flower(rs_canvas *c, float x, float y, rs_color petal) {
    for (int i = 0; i < 4; i++) {
        float a = (float)i * 1.5707963f + 0.4f;
        rs_shape s = rs_circle(x + 1.1f * cosf(a), y + 1.1f * sinf(a), 0.9f);
        rs_paint p = rs_solid(petal);
        rs_fill(c, &s, &p, 0.0f, 1.0f);
    }
    rs_shape mid = rs_circle(x, y, 0.7f);
    rs_paint mp = rs_solid(rs_hex(0xffd23f, 1.0f));
    rs_fill(c, &mid, &mp, 0.0f, 1.0f);
}

static void grass(rs_canvas *c, const rs_noise *shared, int variant, ae_rng *rng) {
    rs_noise tone = rs_noise_make(2, ART_SEED + 100u + (uint64_t)variant);
    art_set_tile(c, ART_TILE_GRASS0 + variant);
    rs_color dark = rs_hex(0x5da443, 1.0f), light = rs_hex(0x86c95a, 1.0f);
    ground_base(c, shared, &tone, dark, light, variant == 2 ? 0.7f : 0.35f);
    rs_noise_free(&tone);
    int tufts = variant == 3 ? 4 : 6;
    for (int i = 0; i < tufts; i++) {
        float x = ae_rng_range(rng, 4.0f, T - 4.0f), y = ae_rng_range(rng, 6.0f, T - 3.0f);
        bool deep_green = ae_rng_below(rng, 2) != 0;
        tuft(c, rng, x, y, deep_green ? rs_hex(0x4f9a3a, 1.0f) : rs_hex(0x8fd464, 1.0f));
    }
    if (variant == 1) {
        for (int i = 0; i < 3; i++) {
            float x = ae_rng_range(rng, 5.0f, T - 5.0f);
            float y = ae_rng_range(rng, 5.0f, T - 5.0f);
            flower(c, x, y, i == 1 ? rs_hex(0xffe7f2, 1.0f) : rs_hex(0xfafafa, 1.0f));
        }
    } else if (variant == 3) {
        for (int i = 0; i < 3; i++) {
            float x = ae_rng_range(rng, 5.0f, T - 5.0f);
            float y = ae_rng_range(rng, 5.0f, T - 5.0f);
            float r = ae_rng_range(rng, 1.2f, 2.0f);
            pebble(c, rng, x, y, r, rs_hex(0xa9a59a, 1.0f));
        }
    }
}

static void dirt(rs_canvas *c, const rs_noise *shared, int variant, ae_rng *rng) {
    rs_noise tone = rs_noise_make(2, ART_SEED + 200u + (uint64_t)variant);
    art_set_tile(c, ART_TILE_DIRT0 + variant);
    ground_base(c, shared, &tone, rs_hex(0xb48a5a, 1.0f), rs_hex(0xd9b684, 1.0f), 0.4f);
    rs_noise_free(&tone);
    int n = variant ? 7 : 4;
    for (int i = 0; i < n; i++) {
        float x = ae_rng_range(rng, 4.0f, T - 4.0f);
        float y = ae_rng_range(rng, 4.0f, T - 4.0f);
        float r = ae_rng_range(rng, 0.8f, 1.8f);
        bool dark = ae_rng_below(rng, 2) != 0;
        pebble(c, rng, x, y, r, dark ? rs_hex(0x9c8468, 1.0f) : rs_hex(0xcdbba0, 1.0f));
    }
}

// Stone top: slabs separated by mortar, each slab bevelled (light top-left, dark bottom-right).
static void wall_top(rs_canvas *c, const rs_noise *shared, const rs_noise *grain_noise, bool deep) {
    art_set_tile(c, deep ? ART_TILE_WALL_TOP_DEEP : ART_TILE_WALL_TOP);
    rs_color mortar = deep ? rs_hex(0x5d6470, 1.0f) : rs_hex(0x646b78, 1.0f);
    rs_color stone = deep ? rs_hex(0x8a93a0, 1.0f) : rs_hex(0xa3acb8, 1.0f);
    for (int y = 0; y < ART_TILE; y++) {
        for (int x = 0; x < ART_TILE; x++) {
            float n = rs_fbm(shared, ((float)x + 0.5f) / 8.0f, ((float)y + 0.5f) / 8.0f, 2);
            rs_plot(c, x, y, rs_shade(mortar, 0.9f + 0.2f * n), 1.0f, RS_OVER);
        }
    }
    // Two rows of slabs; the lower row is offset by half a slab and wraps around.
    static const float slabs[][4] = {{0.0f, 0.0f, 16.0f, 16.0f},
                                     {16.0f, 0.0f, 16.0f, 16.0f},
                                     {-8.0f, 16.0f, 16.0f, 16.0f},
                                     {8.0f, 16.0f, 16.0f, 16.0f},
                                     {24.0f, 16.0f, 16.0f, 16.0f}};
    for (int i = 0; i < 5; i++) {
        float x = slabs[i][0], y = slabs[i][1], w = slabs[i][2], h = slabs[i][3];
        float cx = x + w * 0.5f, cy = y + h * 0.5f, hw = w * 0.5f - 1.0f, hh = h * 0.5f - 1.0f;
        static const float tone[5] = {1.0f, 0.95f, 1.04f, 0.97f, 1.04f};
        float k = tone[i];
        rs_shape s = rs_rrect(cx, cy, hw, hh, 2.5f, 0.0f);
        rs_paint p = rs_linear(rs_shade(stone, 1.12f * k), cx - hw, cy - hh,
                               rs_shade(stone, 0.86f * k), cx + hw, cy + hh);
        rs_fill(c, &s, &p, 0.0f, 1.0f);
        // Bevel: a bright rim on the top-left, a dark rim on the bottom-right.
        rs_shape rim = rs_rrect(cx, cy, hw - 1.2f, hh - 1.2f, 1.8f, 0.0f);
        rs_paint hi = rs_with_blend(rs_solid(rs_hex(0xffffff, deep ? 0.10f : 0.28f)), RS_ATOP);
        rs_shape hi_band =
            rs_clipped(rs_rrect(cx, cy, hw, hh, 2.5f, 0.0f), 1.0f, 1.0f, cx + cy - 6.0f);
        rs_fill(c, &hi_band, &hi, 0.0f, 1.0f);
        rs_paint face = rs_linear(rs_shade(stone, 1.05f * k), cx - hw, cy - hh,
                                  rs_shade(stone, 0.92f * k), cx + hw, cy + hh);
        rs_fill(c, &rim, &face, 0.0f, 1.0f);
    }
    // Speckles from the shared field give the stone grain.
    rs_paint grain = rs_with_blend(rs_solid(rs_hex(0x2a2f38, 0.12f)), RS_ATOP);
    for (int y = 0; y < ART_TILE; y++)
        for (int x = 0; x < ART_TILE; x++) {
            float n = rs_noise_at(grain_noise, (float)x, (float)y);
            if (n > 0.8f) rs_plot(c, x, y, grain.a, 1.0f, RS_ATOP);
        }
    if (!deep) {
        // The block's own edge: light along top and left, shade along bottom and right.
        rs_shape top = rs_rrect(T * 0.5f, 0.75f, T * 0.5f, 0.75f, 0.0f, 0.0f);
        rs_shape left = rs_rrect(0.75f, T * 0.5f, 0.75f, T * 0.5f, 0.0f, 0.0f);
        rs_shape bottom = rs_rrect(T * 0.5f, T - 0.75f, T * 0.5f, 0.75f, 0.0f, 0.0f);
        rs_shape right = rs_rrect(T - 0.75f, T * 0.5f, 0.75f, T * 0.5f, 0.0f, 0.0f);
        rs_paint light = rs_solid(rs_hex(0xffffff, 0.35f)),
                 dark = rs_solid(rs_hex(0x1c2030, 0.35f));
        rs_fill(c, &top, &light, 0.0f, 1.0f);
        rs_fill(c, &left, &light, 0.0f, 1.0f);
        rs_fill(c, &bottom, &dark, 0.0f, 1.0f);
        rs_fill(c, &right, &dark, 0.0f, 1.0f);
    }
}

// South face: staggered bricks in shade, a lit lip at the top, darker towards the ground.
static void wall_front(rs_canvas *c, const rs_noise *grain_noise) {
    art_set_tile(c, ART_TILE_WALL_FRONT);
    const int H = ART_WALL_HEIGHT;
    rs_color mortar = rs_hex(0x4a4f5c, 1.0f), brick = rs_hex(0x7f8796, 1.0f);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < ART_TILE; x++) rs_plot(c, x, y, mortar, 1.0f, RS_OVER);
    const float row_h = 6.0f, top = 2.0f;
    for (int row = 0; row < 3; row++) {
        float y0 = top + (float)row * row_h;
        float off = (row % 2) ? -8.0f : 0.0f;
        for (int i = 0; i < 3; i++) {
            float x0 = off + (float)i * 16.0f;
            float cx = x0 + 8.0f, cy = y0 + row_h * 0.5f;
            float k = 0.92f + 0.05f * (float)((row * 3 + i * 5) % 4);
            rs_shape s = rs_rrect(cx, cy, 7.0f, row_h * 0.5f - 0.6f, 1.2f, 0.0f);
            rs_paint p = rs_linear(rs_shade(brick, 1.1f * k), cx, cy - 3.0f,
                                   rs_shade(brick, 0.85f * k), cx, cy + 3.0f);
            rs_fill(c, &s, &p, 0.0f, 1.0f);
            if (x0 < 0.0f) { // the brick cut by the left edge continues on the right
                rs_shape w = rs_rrect(cx + T, cy, 7.0f, row_h * 0.5f - 0.6f, 1.2f, 0.0f);
                rs_paint pw = rs_linear(rs_shade(brick, 1.1f * k), cx, cy - 3.0f,
                                        rs_shade(brick, 0.85f * k), cx, cy + 3.0f);
                rs_fill(c, &w, &pw, 0.0f, 1.0f);
            }
        }
    }
    for (int y = 0; y < H; y++)
        for (int x = 0; x < ART_TILE; x++) {
            float n = rs_noise_at(grain_noise, (float)x + 5.0f, (float)y + 11.0f);
            if (n > 0.8f) rs_plot(c, x, y, rs_hex(0x20242e, 0.15f), 1.0f, RS_ATOP);
        }
    // Lip under the top face, then ambient occlusion towards the ground.
    rs_shape lip = rs_rrect(T * 0.5f, 0.75f, T * 0.5f, 0.75f, 0.0f, 0.0f);
    rs_paint lip_p = rs_solid(rs_hex(0x2a2e3a, 0.55f));
    rs_fill(c, &lip, &lip_p, 0.0f, 1.0f);
    rs_shape base = rs_rrect(T * 0.5f, (float)H - 3.0f, T * 0.5f, 3.0f, 0.0f, 0.0f);
    rs_paint ao = rs_linear(rs_hex(0x141824, 0.0f), 0.0f, (float)H - 6.0f, rs_hex(0x141824, 0.55f),
                            0.0f, (float)H);
    rs_fill(c, &base, &ao, 0.0f, 1.0f);
}

/// How far the shadow reaches south of a wall (the sun is in the north-west, high) and east.
#define SHADOW_SOUTH 18.0f
#define SHADOW_EAST  12.0f

/// Shadow strength at a distance `d` (in reaches: 0 at the wall, 1 where it ends).
static float shadow_at(float d) {
    return 0.38f * (1.0f - art_smooth01(d));
}

// The four shadow tiles agree where they meet: the north band depends on y alone, the west one
// on x alone, the rounded end on the elliptic distance from the corner (which is y on the
// tile's west edge and x on its north edge), and the inside corner is the darker of the bands.
static void wall_shadows(rs_canvas *c) {
    const rs_color shade = rs_hex(0x101828, 1.0f);
    for (int t = ART_TILE_SHADOW_N; t <= ART_TILE_SHADOW_NW_INNER; t++) {
        art_set_tile(c, t);
        for (int y = 0; y < ART_TILE; y++)
            for (int x = 0; x < ART_TILE; x++) {
                float dy = ((float)y + 0.5f) / SHADOW_SOUTH, dx = ((float)x + 0.5f) / SHADOW_EAST;
                float a = t == ART_TILE_SHADOW_N    ? shadow_at(dy)
                          : t == ART_TILE_SHADOW_W  ? shadow_at(dx)
                          : t == ART_TILE_SHADOW_NW ? shadow_at(sqrtf(dx * dx + dy * dy))
                                                    : fmaxf(shadow_at(dx), shadow_at(dy));
                rs_color col = shade;
                col.a = a;
                rs_plot(c, x, y, col, 1.0f, RS_OVER);
            }
    }
}

static void sand(rs_canvas *c, const rs_noise *shared, int variant, ae_rng *rng) {
    rs_noise tone = rs_noise_make(2, ART_SEED + 300u + (uint64_t)variant);
    art_set_tile(c, ART_TILE_SAND0 + variant);
    ground_base(c, shared, &tone, rs_hex(0xcdb27a, 1.0f), rs_hex(0xeedcaa, 1.0f), 0.4f);
    rs_noise_free(&tone);
    // A few shells and dark grains, kept off the border.
    for (int i = 0; i < (variant ? 5 : 3); i++) {
        float x = ae_rng_range(rng, 4.0f, T - 4.0f), y = ae_rng_range(rng, 4.0f, T - 4.0f);
        bool shell = ae_rng_below(rng, 3) == 0;
        pebble(c, rng, x, y, shell ? 1.3f : 0.7f,
               shell ? rs_hex(0xf6ece0, 1.0f) : rs_hex(0xa08a66, 1.0f));
    }
}

/// Repeats each tile's edge pixels into its padding, and the last row of a tile that uses fewer
/// rows (the front faces) into the rows below it, on the whole canvas.
static void pad_tiles(rs_canvas *c) {
    for (int t = 0; t < ART_TILE_COUNT; t++) {
        const int used = t == ART_TILE_WALL_FRONT || t == ART_TILE_ROCK_FRONT ? ART_WALL_HEIGHT
                         : t == ART_TILE_BANK                                 ? ART_BANK_HEIGHT
                                                                              : ART_TILE;
        const int x0 = art_tile_x(t), y0 = art_tile_y(t);
        for (int y = -ART_TILE_PAD; y < ART_TILE + ART_TILE_PAD; y++)
            for (int x = -ART_TILE_PAD; x < ART_TILE + ART_TILE_PAD; x++) {
                int sx = x < 0 ? 0 : x >= ART_TILE ? ART_TILE - 1 : x;
                int sy = y < 0 ? 0 : y >= used ? used - 1 : y;
                if (sx == x && sy == y) continue;
                const float *from =
                    c->px + ((size_t)(y0 + sy) * (size_t)c->w + (size_t)(x0 + sx)) * 4u;
                float *to = c->px + ((size_t)(y0 + y) * (size_t)c->w + (size_t)(x0 + x)) * 4u;
                for (int k = 0; k < 4; k++) to[k] = from[k];
            }
    }
}

void art_draw_tiles(rs_canvas *c) {
    ae_rng rng;
    ae_rng_seed(&rng, ART_SEED, 1u);
    rs_noise shared = rs_noise_make(4, ART_SEED + 1u);
    for (int v = 0; v < 4; v++) grass(c, &shared, v, &rng);
    for (int v = 0; v < 2; v++) dirt(c, &shared, v, &rng);
    rs_noise grain = rs_noise_make(ART_TILE, ART_SEED + 2u);
    wall_top(c, &shared, &grain, false);
    wall_top(c, &shared, &grain, true);
    wall_front(c, &grain);
    rs_noise_free(&grain);
    wall_shadows(c);
    for (int v = 0; v < 2; v++) sand(c, &shared, v, &rng);
    rs_noise_free(&shared);
    art_draw_water_tiles(c);
    pad_tiles(c);
}
