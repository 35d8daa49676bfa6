// props.png: trees, a pine and a rock for plain wall cells, and the breakable crate, barrel and
// bush in four damage stages, each standing on its foot point with a soft shadow baked in (light
// from the top-left, so shadows fall to the bottom-right). A later stage keeps every crack of
// the earlier ones and adds more, so damage only ever grows on screen.
#include "art_draw.h"
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

static void crate_whole(rs_canvas *c) {
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

/// A jagged crack of three or four segments from a random point of the box (x0, y0)-(x1, y1),
/// dark, kept on the sprite (ATOP) so it never spills onto the transparent surround.
static void crack(rs_canvas *c, ae_rng *rng, float x0, float y0, float x1, float y1, float width,
                  rs_color col) {
    float x = ae_rng_range(rng, x0, x1), y = ae_rng_range(rng, y0, y1);
    float a = ae_rng_range(rng, 0.0f, 6.2831853f);
    int n = 3 + (int)ae_rng_below(rng, 2);
    rs_paint p = rs_with_blend(rs_solid(col), RS_ATOP);
    for (int i = 0; i < n; i++) {
        a += ae_rng_range(rng, -0.9f, 0.9f);
        float len = ae_rng_range(rng, 2.5f, 5.0f);
        float nx = x + cosf(a) * len, ny = y + sinf(a) * len;
        rs_shape s = rs_capsule(x, y, nx, ny, width * (1.0f - 0.2f * (float)i));
        rs_fill(c, &s, &p, 0.0f, 1.0f);
        x = nx;
        y = ny;
    }
}

/// A chunk knocked out of a sprite: the polygon is outlined in `edge` where it bites into the
/// sprite, then erased.
static void chip_out(rs_canvas *c, int n, const float *pts, rs_color edge) {
    rs_shape s = rs_poly(n, pts, 0.5f);
    rs_paint ep = rs_with_blend(rs_solid(edge), RS_ATOP);
    rs_fill(c, &s, &ep, 1.3f, 1.0f);
    rs_paint erase = rs_with_blend(rs_solid(edge), RS_ERASE);
    rs_fill(c, &s, &erase, 0.0f, 1.0f);
}

static void crate(rs_canvas *c, int stage) {
    crate_whole(c);
    ae_rng rng;
    ae_rng_seed(&rng, ART_SEED, 30u);
    const rs_color dark = rs_hex(0x3a1e0a, 0.9f), light = rs_hex(0xf2c88e, 0.8f);
    for (int i = 0; i < 3 * stage; i++) {
        // Cracks on the front face, a few on the lid; a pale splinter edge beside each.
        bool lid = i % 3 == 2;
        crack(c, &rng, 12.0f, lid ? 26.0f : 37.0f, 36.0f, lid ? 33.0f : 55.0f, 0.7f, dark);
    }
    if (stage >= 2) { // a corner of the lid split off
        const float lid[] = {31.0f, 23.0f, 39.0f, 23.0f, 39.0f, 31.0f, 35.0f, 28.5f};
        chip_out(c, 4, lid, rs_hex(0x4a2a12, 1.0f));
        rs_shape split = rs_capsule(31.5f, 24.5f, 36.0f, 28.0f, 0.6f);
        rs_paint sp = rs_with_blend(rs_solid(light), RS_ATOP);
        rs_fill(c, &split, &sp, 0.0f, 1.0f);
    }
    if (stage >= 3) { // the front caved in at the lower left, and the wood darkened
        const float hole[] = {9.0f, 46.0f, 15.0f, 43.0f, 21.0f, 49.0f, 17.0f, 56.0f, 9.0f, 56.0f};
        rs_shape back = rs_poly(5, hole, 0.5f);
        rs_paint inside = rs_with_blend(rs_solid(rs_hex(0x24140a, 1.0f)), RS_ATOP);
        rs_fill(c, &back, &inside, 0.0f, 1.0f);
        rs_shape rim = rs_capsule(15.0f, 43.5f, 20.5f, 49.0f, 0.7f);
        rs_paint rp = rs_with_blend(rs_solid(light), RS_ATOP);
        rs_fill(c, &rim, &rp, 0.0f, 1.0f);
        rs_shape box = rs_rrect(24.0f, 41.0f, 16.0f, 19.0f, 2.0f, 0.0f);
        rs_paint soot = rs_with_blend(rs_solid(rs_hex(0x1a0c04, 0.18f)), RS_ATOP);
        rs_fill(c, &box, &soot, 0.0f, 1.0f);
    }
}

/// The red barrel that bursts: a banded drum with a hazard mark, lit from the left.
static void barrel(rs_canvas *c, int stage) {
    ground_shadow(c, 15.0f, 5.0f, 0.35f);
    const rs_color red = rs_hex(0xd2392b, 1.0f), line = rs_hex(0x3d0f0a, 1.0f);
    const float x0 = 13.0f, x1 = 35.0f, top = 27.0f, bottom = 57.0f, cx = 24.0f;
    rs_shape drum =
        rs_rrect(cx, (top + bottom) * 0.5f, (x1 - x0) * 0.5f, (bottom - top) * 0.5f, 3.0f, 0.0f);
    rs_paint dp = rs_linear(rs_shade(red, 1.3f), x0, 0.0f, rs_shade(red, 0.6f), x1, 0.0f);
    rs_fill_outlined(c, &drum, &dp, line, 1.5f);
    rs_shape lid = rs_ellipse(cx, top, (x1 - x0) * 0.5f, 4.0f, 0.0f);
    rs_paint lp = rs_radial(rs_shade(red, 1.2f), cx - 4.0f, top - 1.0f, rs_shade(red, 0.8f), 12.0f);
    rs_fill_outlined(c, &lid, &lp, line, 1.3f);
    rs_shape cap = rs_ellipse(cx + 5.0f, top - 0.5f, 2.2f, 1.1f, 0.0f);
    rs_paint cp = rs_solid(rs_hex(0x5a1810, 1.0f));
    rs_fill(c, &cap, &cp, 0.0f, 1.0f);
    // Two rims around the drum.
    for (int i = 0; i < 2; i++) {
        float y = i ? 50.0f : 37.0f;
        rs_shape band = rs_rrect(cx, y, (x1 - x0) * 0.5f, 1.3f, 0.6f, 0.0f);
        rs_paint bp = rs_with_blend(rs_solid(rs_shade(red, 0.55f)), RS_ATOP);
        rs_fill(c, &band, &bp, 0.0f, 1.0f);
        rs_shape shine = rs_capsule(x0 + 2.0f, y - 1.6f, x1 - 4.0f, y - 1.6f, 0.4f);
        rs_paint sp = rs_with_blend(rs_solid(rs_hex(0xffd0c0, 0.6f)), RS_ATOP);
        rs_fill(c, &shine, &sp, 0.0f, 1.0f);
    }
    // The hazard mark: a yellow diamond with a dark flame.
    const float diamond[] = {cx, 38.5f, cx + 5.5f, 43.5f, cx, 48.5f, cx - 5.5f, 43.5f};
    rs_shape dm = rs_poly(4, diamond, 0.8f);
    rs_paint yp = rs_solid(rs_hex(0xffd23a, 1.0f));
    rs_fill_outlined(c, &dm, &yp, line, 1.0f);
    const float flame[] = {cx,    40.5f,     cx + 2.2f, 44.5f,     cx + 1.0f,
                           46.5f, cx - 1.0f, 46.5f,     cx - 2.2f, 44.5f};
    rs_shape fl = rs_poly(5, flame, 0.4f);
    rs_paint fp = rs_solid(line);
    rs_fill(c, &fl, &fp, 0.0f, 1.0f);
    rs_shape hi = rs_capsule(x0 + 3.5f, top + 4.0f, x0 + 3.5f, bottom - 4.0f, 1.0f);
    rs_paint hp = rs_with_blend(rs_solid(rs_hex(0xffffff, 0.35f)), RS_ATOP);
    rs_fill(c, &hi, &hp, 0.0f, 1.5f);
    // Damage: dents, then cracks, then a leak and glowing splits (it is about to burst).
    ae_rng rng;
    ae_rng_seed(&rng, ART_SEED, 31u);
    for (int i = 0; i < 2 * stage; i++) {
        float x = ae_rng_range(&rng, 16.0f, 32.0f), y = ae_rng_range(&rng, 30.0f, 55.0f);
        rs_shape dent = rs_ellipse(x, y, 2.6f, 1.8f, ae_rng_range(&rng, -0.5f, 0.5f));
        rs_paint dk = rs_with_blend(rs_solid(rs_hex(0x4a0c06, 0.55f)), RS_ATOP);
        rs_fill(c, &dent, &dk, 0.0f, 1.2f);
        rs_shape rim = rs_clipped(rs_ring(x, y, 2.4f, 0.45f), 0.0f, -1.0f, -y);
        rs_paint lt = rs_with_blend(rs_solid(rs_hex(0xff9a88, 0.7f)), RS_ATOP);
        rs_fill(c, &rim, &lt, 0.0f, 1.0f);
    }
    for (int i = 0; i < 2 * (stage - 1); i++)
        crack(c, &rng, 15.0f, 29.0f, 33.0f, 55.0f, 0.6f, rs_hex(0x2a0604, 0.95f));
    if (stage >= 3) {
        rs_shape drip = rs_capsule(29.0f, 44.0f, 29.5f, 57.0f, 1.1f);
        rs_paint oil = rs_solid(rs_hex(0x1a1410, 0.9f));
        rs_fill(c, &drip, &oil, 0.0f, 1.0f);
        rs_shape pool = rs_ellipse(31.0f, 59.0f, 5.0f, 1.6f, 0.0f);
        rs_fill(c, &pool, &oil, 0.0f, 1.0f);
        for (int i = 0; i < 2; i++)
            crack(c, &rng, 17.0f, 32.0f, 31.0f, 52.0f, 0.55f, rs_hex(0xffb020, 1.0f));
    }
}

static void bush(rs_canvas *c, ae_rng *rng, int stage) {
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
    for (int i = 0; i < 4 - stage; i++) { // berries fall as it is shot at
        rs_shape s = rs_circle(berries[i][0], berries[i][1], 1.6f);
        rs_paint p = rs_radial(rs_hex(0xff8a8a, 1.0f), berries[i][0] - 0.6f, berries[i][1] - 0.6f,
                               rs_hex(0xc8283c, 1.0f), 2.0f);
        rs_fill_outlined(c, &s, &p, rs_hex(0x5a1020, 1.0f), 0.8f);
    }
    // Damage tears holes in the leaves, their edges darker, and bare twigs show through them.
    ae_rng holes;
    ae_rng_seed(&holes, ART_SEED, 32u);
    for (int i = 0; i < 3 * stage; i++) {
        float x = ae_rng_range(&holes, 10.0f, 38.0f), y = ae_rng_range(&holes, 37.0f, 56.0f);
        float r = ae_rng_range(&holes, 1.8f, 3.2f) + 0.4f * (float)stage;
        rs_shape h = rs_circle(x, y, r);
        rs_paint edge = rs_with_blend(rs_solid(rs_hex(0x1c4a22, 1.0f)), RS_ATOP);
        rs_fill(c, &h, &edge, 1.0f, 1.0f);
        rs_paint erase = rs_with_blend(rs_solid(base), RS_ERASE);
        rs_fill(c, &h, &erase, 0.0f, 1.0f);
    }
    if (stage > 0) {
        static const float twigs[][4] = {{24.0f, 57.0f, 15.0f, 41.0f},
                                         {24.0f, 57.0f, 33.0f, 42.0f},
                                         {24.0f, 57.0f, 24.0f, 35.0f},
                                         {19.0f, 48.0f, 11.0f, 46.0f},
                                         {29.0f, 47.0f, 37.0f, 45.0f}};
        rs_paint tp = rs_with_blend(rs_solid(rs_hex(0x5a3a1e, 1.0f)), RS_UNDER);
        for (int i = 0; i < 5; i++) {
            rs_shape t = rs_capsule(twigs[i][0], twigs[i][1], twigs[i][2], twigs[i][3], 1.0f);
            rs_fill(c, &t, &tp, 0.0f, 1.0f);
        }
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
        case ART_PROP_COUNT:
            break;
        }
    }
    for (int kind = 0; kind < ART_BREAKABLE_COUNT; kind++)
        for (int stage = 0; stage < ART_DAMAGE_STAGES; stage++) {
            rs_cell(c, stage * ART_PROP_W, (1 + kind) * ART_PROP_H, ART_PROP_W, ART_PROP_H);
            // Every stage of a bush has the same leaves: the same speckle stream each time.
            ae_rng leaves;
            ae_rng_seed(&leaves, ART_SEED, 33u);
            switch ((enum art_breakable)kind) {
            case ART_BREAKABLE_CRATE:
                crate(c, stage);
                break;
            case ART_BREAKABLE_BARREL:
                barrel(c, stage);
                break;
            case ART_BREAKABLE_BUSH:
                bush(c, &leaves, stage);
                break;
            case ART_BREAKABLE_COUNT:
                break;
            }
        }
}
