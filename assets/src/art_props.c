// props.png: trees, a pine, a rock, a crate and a bush, each standing on its foot point with a
// soft shadow baked in (light from the top-left, so shadows fall to the bottom-right).
#include "art.h"
#include "art_layout.h"

#include <arena/ae_rng.h>

#include <math.h>

#define FX ((float)ART_PROP_FOOT_X)
#define FY ((float)ART_PROP_FOOT_Y)

static void ground_shadow(rs_canvas *c, float rx, float ry, float alpha) {
    rs_shape s = rs_ellipse(FX + rx * 0.25f, FY - ry * 0.2f, rx, ry, 0.0f);
    rs_paint p = rs_solid(rs_hex(0x0a1a08, alpha));
    rs_fill(c, &s, &p, 0.0f, 5.0f);
}

static void trunk(rs_canvas *c, float top, float half_w, rs_color wood, rs_color line) {
    rs_shape s = rs_rrect(FX, (top + FY) * 0.5f, half_w, (FY - top) * 0.5f, 2.0f, 0.0f);
    rs_paint p =
        rs_linear(rs_shade(wood, 1.2f), FX - half_w, 0.0f, rs_shade(wood, 0.7f), FX + half_w, 0.0f);
    rs_fill_outlined(c, &s, &p, line, 1.3f);
}

// A canopy made of blobs: outline of the union first, then the base colour, then lit and shaded
// blobs clipped to it (ATOP) so the light reads from the top-left.
static void canopy(rs_canvas *c, const float (*blobs)[3], int n, rs_color base, rs_color line,
                   ae_rng *rng) {
    rs_paint lp = rs_solid(line);
    for (int i = 0; i < n; i++) {
        rs_shape s = rs_circle(blobs[i][0], blobs[i][1], blobs[i][2]);
        rs_fill(c, &s, &lp, 1.5f, 1.0f);
    }
    for (int i = 0; i < n; i++) {
        float x = blobs[i][0], y = blobs[i][1], r = blobs[i][2];
        rs_shape s = rs_circle(x, y, r);
        rs_paint p = rs_radial(rs_shade(base, 1.25f), x - r * 0.45f, y - r * 0.5f,
                               rs_shade(base, 0.72f), r * 1.5f);
        rs_fill(c, &s, &p, 0.0f, 1.0f);
        // Inner line separating this blob from the ones behind it.
        rs_shape edge =
            rs_clipped(rs_ring(x, y, r - 0.4f, 0.5f), -1.0f, -1.0f, -(x + y) + r * 0.2f);
        rs_paint ep = rs_with_blend(rs_solid(rs_shade(base, 0.55f)), RS_ATOP);
        rs_fill(c, &edge, &ep, 0.0f, 1.0f);
    }
    // Leaf speckles: small lighter and darker dabs.
    for (int i = 0; i < 26; i++) {
        const float *b = blobs[ae_rng_below(rng, (uint32_t)n)];
        float a = ae_rng_range(rng, 0.0f, 6.2831853f), d = ae_rng_range(rng, 0.0f, b[2] * 0.8f);
        float x = b[0] + cosf(a) * d, y = b[1] + sinf(a) * d;
        bool lit = (x - b[0]) + (y - b[1]) < 0.0f;
        rs_shape s = rs_ellipse(x, y, 1.6f, 1.1f, a);
        rs_paint p =
            rs_with_blend(rs_solid(lit ? rs_shade(base, 1.45f) : rs_shade(base, 0.65f)), RS_ATOP);
        rs_fill(c, &s, &p, 0.0f, 1.0f);
    }
}

static void tree(rs_canvas *c, ae_rng *rng, rs_color leaves, rs_color line, const float (*blobs)[3],
                 int n) {
    ground_shadow(c, 18.0f, 6.5f, 0.35f);
    trunk(c, 38.0f, 3.5f, rs_hex(0x8a5a35, 1.0f), rs_hex(0x3b2414, 1.0f));
    canopy(c, blobs, n, leaves, line, rng);
}

static void pine(rs_canvas *c) {
    ground_shadow(c, 15.0f, 5.5f, 0.35f);
    trunk(c, 46.0f, 3.0f, rs_hex(0x7a4c2c, 1.0f), rs_hex(0x3b2414, 1.0f));
    rs_color base = rs_hex(0x2e8a57, 1.0f), line = rs_hex(0x123a26, 1.0f);
    // Three tiers, bottom first so upper tiers overlap lower ones.
    for (int i = 0; i < 3; i++) {
        float top = 6.0f + (float)i * 10.0f, bottom = 26.0f + (float)i * 11.0f;
        float half = 10.0f + (float)i * 4.5f;
        const float pts[] = {FX, top, FX + half, bottom, FX - half, bottom};
        rs_shape s = rs_poly(3, pts, 2.5f);
        rs_paint lp = rs_solid(line);
        rs_fill(c, &s, &lp, 1.5f, 1.0f);
    }
    for (int i = 0; i < 3; i++) {
        float top = 6.0f + (float)i * 10.0f, bottom = 26.0f + (float)i * 11.0f;
        float half = 10.0f + (float)i * 4.5f;
        const float pts[] = {FX, top, FX + half, bottom, FX - half, bottom};
        rs_shape s = rs_poly(3, pts, 2.5f);
        rs_paint p = rs_linear(rs_shade(base, 1.3f), FX - half, top, rs_shade(base, 0.7f),
                               FX + half, bottom);
        rs_fill(c, &s, &p, 0.0f, 1.0f);
        // The shaded right half of each tier.
        rs_shape right = rs_clipped(s, -1.0f, 0.0f, -FX - 0.5f);
        rs_paint rp = rs_with_blend(rs_solid(rs_hex(0x0b2a1a, 0.22f)), RS_ATOP);
        rs_fill(c, &right, &rp, 0.0f, 1.0f);
        // A bright lip along the tier's lower edge.
        rs_shape lip =
            rs_capsule(FX - half + 3.0f, bottom - 1.5f, FX + half - 3.0f, bottom - 1.5f, 0.7f);
        rs_paint lip_p = rs_with_blend(rs_solid(rs_shade(base, 1.5f)), RS_ATOP);
        rs_fill(c, &lip, &lip_p, 0.0f, 1.0f);
    }
}

static void rock(rs_canvas *c) {
    ground_shadow(c, 17.0f, 5.5f, 0.35f);
    rs_color base = rs_hex(0x9aa3ad, 1.0f), line = rs_hex(0x2d333d, 1.0f);
    const float big[] = {8.0f,  56.0f, 6.0f,  44.0f, 13.0f, 33.0f, 25.0f,
                         29.0f, 36.0f, 34.0f, 41.0f, 46.0f, 38.0f, 57.0f};
    const float small[] = {34.0f, 59.0f, 36.0f, 51.0f, 42.0f, 48.0f, 46.0f, 53.0f, 44.0f, 59.0f};
    const float *polys[2] = {big, small};
    const int counts[2] = {7, 5};
    for (int i = 0; i < 2; i++) {
        rs_shape s = rs_poly(counts[i], polys[i], 2.5f);
        rs_paint p =
            rs_linear(rs_shade(base, 1.25f), 10.0f, 30.0f, rs_shade(base, 0.7f), 40.0f, 58.0f);
        rs_fill_outlined(c, &s, &p, line, 1.5f);
    }
    // Facets: a lit top plane and a crack.
    const float top[] = {10.0f, 42.0f, 15.0f, 34.0f, 25.0f, 31.0f, 34.0f, 35.0f, 27.0f, 41.0f};
    rs_shape t = rs_poly(5, top, 1.5f);
    rs_paint tp = rs_with_blend(rs_solid(rs_hex(0xffffff, 0.3f)), RS_ATOP);
    rs_fill(c, &t, &tp, 0.0f, 1.0f);
    rs_shape crack = rs_capsule(27.0f, 41.0f, 24.0f, 50.0f, 0.6f);
    rs_paint cp = rs_with_blend(rs_solid(rs_hex(0x2d333d, 0.7f)), RS_ATOP);
    rs_fill(c, &crack, &cp, 0.0f, 1.0f);
}

static void crate(rs_canvas *c) {
    ground_shadow(c, 17.0f, 5.0f, 0.35f);
    rs_color wood = rs_hex(0xc98a4b, 1.0f), line = rs_hex(0x4a2a12, 1.0f);
    const float x0 = 10.0f, x1 = 38.0f, top0 = 24.0f, top1 = 35.0f, bottom = 58.0f;
    rs_shape box = rs_rrect((x0 + x1) * 0.5f, (top0 + bottom) * 0.5f, (x1 - x0) * 0.5f,
                            (bottom - top0) * 0.5f, 2.0f, 0.0f);
    rs_paint lp = rs_solid(line);
    rs_fill(c, &box, &lp, 1.5f, 1.0f);
    rs_shape top = rs_rrect((x0 + x1) * 0.5f, (top0 + top1) * 0.5f, (x1 - x0) * 0.5f,
                            (top1 - top0) * 0.5f, 2.0f, 0.0f);
    rs_paint tp = rs_linear(rs_shade(wood, 1.3f), x0, top0, rs_shade(wood, 1.05f), x1, top1);
    rs_fill(c, &top, &tp, 0.0f, 1.0f);
    rs_shape front = rs_rrect((x0 + x1) * 0.5f, (top1 + bottom) * 0.5f + 0.5f, (x1 - x0) * 0.5f,
                              (bottom - top1) * 0.5f - 0.5f, 2.0f, 0.0f);
    rs_paint fp = rs_linear(rs_shade(wood, 0.95f), 0.0f, top1, rs_shade(wood, 0.72f), 0.0f, bottom);
    rs_fill(c, &front, &fp, 0.0f, 1.0f);
    rs_paint grain = rs_solid(rs_shade(wood, 0.55f));
    for (int i = 1; i < 3; i++) { // planks on the top face
        float y = top0 + (top1 - top0) * (float)i / 3.0f;
        rs_shape l = rs_capsule(x0 + 1.0f, y, x1 - 1.0f, y, 0.45f);
        rs_fill(c, &l, &grain, 0.0f, 1.0f);
    }
    // Frame and diagonal brace on the front.
    rs_paint frame = rs_solid(rs_shade(wood, 0.6f));
    rs_shape edge = rs_capsule(x0, top1, x1, top1, 0.8f);
    rs_fill(c, &edge, &lp, 0.0f, 1.0f);
    rs_shape brace = rs_capsule(x0 + 3.0f, bottom - 3.0f, x1 - 3.0f, top1 + 3.0f, 1.8f);
    rs_fill(c, &brace, &lp, 0.8f, 1.0f);
    rs_fill(c, &brace, &frame, 0.0f, 1.0f);
    for (int i = 0; i < 2; i++) {
        float x = i ? x1 - 2.2f : x0 + 2.2f;
        rs_shape post = rs_capsule(x, top1 + 1.0f, x, bottom - 1.0f, 1.4f);
        rs_fill(c, &post, &frame, 0.0f, 1.0f);
    }
    rs_shape hi = rs_capsule(x0 + 2.0f, top0 + 1.3f, x1 - 2.0f, top0 + 1.3f, 0.5f);
    rs_paint hp = rs_solid(rs_hex(0xffffff, 0.45f));
    rs_fill(c, &hi, &hp, 0.0f, 1.0f);
}

static void bush(rs_canvas *c, ae_rng *rng) {
    ground_shadow(c, 17.0f, 5.5f, 0.33f);
    static const float blobs[][3] = {{14.0f, 49.0f, 8.5f},
                                     {34.0f, 49.0f, 8.5f},
                                     {24.0f, 42.0f, 10.0f},
                                     {17.0f, 52.0f, 7.0f},
                                     {30.0f, 52.0f, 7.5f}};
    rs_color base = rs_hex(0x4aa84a, 1.0f);
    canopy(c, blobs, 5, base, rs_hex(0x1c4a22, 1.0f), rng);
    static const float berries[][2] = {
        {18.0f, 44.0f}, {29.0f, 40.0f}, {33.0f, 50.0f}, {21.0f, 52.0f}};
    for (int i = 0; i < 4; i++) {
        rs_shape s = rs_circle(berries[i][0], berries[i][1], 1.6f);
        rs_paint p = rs_radial(rs_hex(0xff8a8a, 1.0f), berries[i][0] - 0.6f, berries[i][1] - 0.6f,
                               rs_hex(0xc8283c, 1.0f), 2.0f);
        rs_fill_outlined(c, &s, &p, rs_hex(0x5a1020, 1.0f), 0.8f);
    }
}

void art_draw_props(rs_canvas *c) {
    ae_rng rng;
    ae_rng_seed(&rng, ART_SEED, 3u);
    static const float round_tree[][3] = {{14.0f, 28.0f, 10.0f}, {34.0f, 28.0f, 10.0f},
                                          {24.0f, 17.0f, 12.0f}, {17.0f, 36.0f, 9.0f},
                                          {31.0f, 36.0f, 9.0f},  {24.0f, 30.0f, 11.0f}};
    static const float tall_tree[][3] = {
        {24.0f, 12.0f, 10.0f}, {16.0f, 23.0f, 10.0f}, {32.0f, 22.0f, 10.0f}, {24.0f, 32.0f, 12.0f}};
    for (int i = 0; i < ART_PROP_COUNT; i++) {
        rs_cell(c, i * ART_PROP_W, 0, ART_PROP_W, ART_PROP_H);
        switch ((enum art_prop)i) {
        case ART_PROP_TREE0:
            tree(c, &rng, rs_hex(0x45a541, 1.0f), rs_hex(0x173d1c, 1.0f), round_tree, 6);
            break;
        case ART_PROP_TREE1:
            tree(c, &rng, rs_hex(0xe9a23b, 1.0f), rs_hex(0x5a2e0e, 1.0f), tall_tree, 4);
            break;
        case ART_PROP_PINE:
            pine(c);
            break;
        case ART_PROP_ROCK:
            rock(c);
            break;
        case ART_PROP_CRATE:
            crate(c);
            break;
        case ART_PROP_BUSH:
            bush(c, &rng);
            break;
        case ART_PROP_COUNT:
            break;
        }
    }
}
