// far.png and near.png: the two parallax layers, seamless in both directions.
//
// far: patchwork fields and hedges seen from high above, hazy blue, under the map's edges.
// near: a few clumps of leaves and twigs, mostly transparent, drifting over the screen.
// Seamless by construction: field cells are a periodic Voronoi diagram, noise is periodic,
// and every leaf is also drawn shifted by one layer size where it crosses an edge.
#include "art.h"
#include "art_layout.h"

#include <arena/ae_rng.h>

#include <math.h>

#define P      ART_PARALLAX
#define FIELDS 24

static float wrap_delta(float d) {
    if (d > (float)P * 0.5f) return d - (float)P;
    if (d < -(float)P * 0.5f) return d + (float)P;
    return d;
}

void art_draw_far(rs_canvas *c) {
    ae_rng rng;
    ae_rng_seed(&rng, ART_SEED, 5u);
    float fx[FIELDS], fy[FIELDS], stripe[FIELDS];
    rs_color col[FIELDS];
    static const uint32_t palette[] = {0x7fb86a, 0x9bc46e, 0xc9c27a, 0x6fa85e, 0xb6cf7c, 0x8cb35a};
    for (int i = 0; i < FIELDS; i++) {
        fx[i] = ae_rng_range(&rng, 0.0f, (float)P);
        fy[i] = ae_rng_range(&rng, 0.0f, (float)P);
        stripe[i] = ae_rng_range(&rng, 0.0f, 3.14159265f);
        col[i] = rs_hex(palette[ae_rng_below(&rng, 6)], 1.0f);
    }
    rs_noise noise = rs_noise_make(16, ART_SEED + 6u);
    rs_color haze = rs_hex(0x9fb8d8, 1.0f), hedge = rs_hex(0x3e6e44, 1.0f);
    for (int y = 0; y < P; y++) {
        for (int x = 0; x < P; x++) {
            float px = (float)x + 0.5f, py = (float)y + 0.5f;
            // Nearest and second-nearest field centre (wrapping): their gap is the hedge.
            float d1 = 1e30f, d2 = 1e30f;
            int best = 0;
            for (int i = 0; i < FIELDS; i++) {
                float dx = wrap_delta(px - fx[i]), dy = wrap_delta(py - fy[i]);
                float d = sqrtf(dx * dx + dy * dy);
                if (d < d1) {
                    d2 = d1;
                    d1 = d;
                    best = i;
                } else if (d < d2) {
                    d2 = d;
                }
            }
            float n = rs_fbm(&noise, px / 32.0f, py / 32.0f, 3);
            float s = sinf((px * cosf(stripe[best]) + py * sinf(stripe[best])) * 0.5f);
            rs_color ground = rs_shade(col[best], 0.88f + 0.2f * n + 0.05f * s);
            float edge = (d2 - d1) * 0.5f; // distance to the cell border
            if (edge < 3.0f) ground = rs_mix(hedge, ground, edge / 3.0f * (0.6f + 0.4f * n));
            rs_plot(c, x, y, rs_mix(ground, haze, 0.35f), 1.0f, RS_OVER);
        }
    }
    rs_noise_free(&noise);
}

// A leaf: a pointed ellipse with a midrib, at (x, y) pointing along angle a.
static void leaf(rs_canvas *c, float x, float y, float a, float len, rs_color col) {
    rs_shape s = rs_ellipse(x, y, len, len * 0.42f, a);
    rs_paint p =
        rs_linear(rs_shade(col, 1.2f), x - len, y - len, rs_shade(col, 0.75f), x + len, y + len);
    rs_fill(c, &s, &p, 0.0f, 1.5f);
    rs_shape rib = rs_capsule(x - cosf(a) * len * 0.8f, y - sinf(a) * len * 0.8f,
                              x + cosf(a) * len * 0.8f, y + sinf(a) * len * 0.8f, 0.5f);
    rs_paint rp = rs_with_blend(rs_solid(rs_shade(col, 0.55f)), RS_ATOP);
    rs_fill(c, &rib, &rp, 0.0f, 1.0f);
}

void art_draw_near(rs_canvas *c) {
    ae_rng rng;
    ae_rng_seed(&rng, ART_SEED, 7u);
    static const float clumps[][2] = {
        {60.0f, 40.0f}, {330.0f, 120.0f}, {180.0f, 300.0f}, {450.0f, 420.0f}, {20.0f, 470.0f}};
    for (int k = 0; k < 5; k++) {
        float cx = clumps[k][0], cy = clumps[k][1];
        // Twig, then leaves along it; every piece is drawn at the 9 wrapped offsets.
        float ta = ae_rng_range(&rng, 0.0f, 6.2831853f), tl = ae_rng_range(&rng, 80.0f, 120.0f);
        rs_color leaf_col = rs_hex(k % 2 ? 0x2f6b34 : 0x3d7f3a, 0.78f);
        rs_color twig_col = rs_hex(0x4a3220, 0.75f);
        int leaves = 9 + (int)ae_rng_below(&rng, 5);
        float lx[16], ly[16], la[16], ll[16];
        for (int i = 0; i < leaves; i++) {
            float t = ae_rng_range(&rng, 0.1f, 1.0f) * tl;
            float side = (i % 2) ? 1.0f : -1.0f;
            la[i] = ta + side * ae_rng_range(&rng, 0.5f, 1.1f);
            ll[i] = ae_rng_range(&rng, 16.0f, 26.0f);
            lx[i] = cx + cosf(ta) * t + cosf(la[i]) * ll[i] * 0.9f;
            ly[i] = cy + sinf(ta) * t + sinf(la[i]) * ll[i] * 0.9f;
        }
        for (int oy = -1; oy <= 1; oy++) {
            for (int ox = -1; ox <= 1; ox++) {
                float dx = (float)(ox * P), dy = (float)(oy * P);
                rs_shape twig = rs_capsule(cx + dx, cy + dy, cx + dx + cosf(ta) * tl,
                                           cy + dy + sinf(ta) * tl, 2.5f);
                rs_paint tp = rs_solid(twig_col);
                rs_fill(c, &twig, &tp, 0.0f, 1.0f);
                for (int i = 0; i < leaves; i++)
                    leaf(c, lx[i] + dx, ly[i] + dy, la[i], ll[i], leaf_col);
            }
        }
    }
}
