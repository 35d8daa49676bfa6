// near.png: the parallax layer, seamless in both directions: a few clumps of leaves and twigs,
// mostly transparent, drifting over the screen. Seamless by construction: every leaf is also
// drawn shifted by one layer size where it crosses an edge.
#include "art_draw.h"
#include "art_layout.h"

#include <arena/ae_rng.h>

#include <math.h>

#define P ART_PARALLAX

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
