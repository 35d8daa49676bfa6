// fx.png: one row per effect, 8 frames each: the gem (sparkle loop), the bullet (pulse loop),
// hit and death bursts (play once), a dust puff, three kinds of spinning debris (loops), the
// blink's flash and the loot sparkle (play once). muzzle.png: the muzzle flash for each of the
// agent's eight facings.
#include "art_draw.h"
#include "art_layout.h"

#include <arena/ae_rng.h>

#include <math.h>

#define TAU 6.2831853f

// A four-pointed twinkle of radius r.
static void twinkle(rs_canvas *c, float x, float y, float r, float alpha) {
    if (r <= 0.2f) return;
    const float w = r * 0.22f;
    const float pts[] = {x, y - r, x + w, y - w, x + r, y, x + w, y + w,
                         x, y + r, x - w, y + w, x - r, y, x - w, y - w};
    rs_shape s = rs_poly(8, pts, 0.0f);
    rs_shape glow = rs_circle(x, y, r * 0.6f);
    rs_paint gp = rs_radial(rs_hex(0xffffff, 0.6f * alpha), x, y, rs_hex(0xe6ccff, 0.0f), r * 0.6f);
    rs_fill(c, &glow, &gp, 0.0f, 1.0f);
    rs_paint p = rs_solid(rs_hex(0xffffff, alpha));
    rs_fill(c, &s, &p, 0.0f, 1.0f);
}

void art_gem(rs_canvas *c, float x, float y, float r) {
    const float h = r * 1.15f; // half height
    rs_color line = rs_hex(0x2e0b5c, 1.0f);
    // Outline: crown (flat top) over a pointed pavilion.
    const float outline[] = {
        x - r * 0.55f, y - h * 0.75f, x + r * 0.55f, y - h * 0.75f, x + r, y - h * 0.2f, x,
        y + h,         x - r,         y - h * 0.2f};
    rs_shape body = rs_poly(5, outline, 0.6f);
    rs_paint base =
        rs_linear(rs_hex(0xb46bff, 1.0f), x - r, y - h, rs_hex(0x6a1fc2, 1.0f), x + r, y + h);
    rs_fill_outlined(c, &body, &base, line, 1.2f);
    // Facets, lit from the top-left.
    const float table[] = {x - r * 0.3f,  y - h * 0.75f, x + r * 0.3f,  y - h * 0.75f,
                           x + r * 0.45f, y - h * 0.2f,  x - r * 0.45f, y - h * 0.2f};
    const float left[] = {x - r, y - h * 0.2f, x - r * 0.45f, y - h * 0.2f, x, y + h};
    const float right[] = {x + r * 0.45f, y - h * 0.2f, x + r, y - h * 0.2f, x, y + h};
    const float crown_l[] = {x - r * 0.55f, y - h * 0.75f, x - r * 0.3f, y - h * 0.75f,
                             x - r * 0.45f, y - h * 0.2f,  x - r,        y - h * 0.2f};
    rs_shape s1 = rs_poly(4, table, 0.0f), s2 = rs_poly(3, left, 0.0f),
             s3 = rs_poly(3, right, 0.0f);
    rs_shape s4 = rs_poly(4, crown_l, 0.0f);
    rs_paint p1 = rs_with_blend(rs_solid(rs_hex(0xe4c4ff, 1.0f)), RS_ATOP);
    rs_paint p2 = rs_with_blend(rs_solid(rs_hex(0xa050f5, 1.0f)), RS_ATOP);
    rs_paint p3 = rs_with_blend(rs_solid(rs_hex(0x5514a6, 1.0f)), RS_ATOP);
    rs_paint p4 = rs_with_blend(rs_solid(rs_hex(0xcf9cff, 1.0f)), RS_ATOP);
    rs_fill(c, &s1, &p1, 0.0f, 1.0f);
    rs_fill(c, &s2, &p2, 0.0f, 1.0f);
    rs_fill(c, &s3, &p3, 0.0f, 1.0f);
    rs_fill(c, &s4, &p4, 0.0f, 1.0f);
    rs_shape glint =
        rs_capsule(x - r * 0.25f, y - h * 0.55f, x - r * 0.05f, y - h * 0.55f, r * 0.08f);
    rs_paint gp = rs_solid(rs_hex(0xffffff, 0.95f));
    rs_fill(c, &glint, &gp, 0.0f, 1.0f);
}

static void gem_frame(rs_canvas *c, int f) {
    float phase = (float)f / (float)ART_FX_FRAMES;
    float bob = -1.5f * sinf(phase * TAU);
    rs_shape shadow = rs_ellipse(16.0f, 28.0f, 6.5f - bob * 0.4f, 2.2f, 0.0f);
    rs_paint sp = rs_solid(rs_hex(0x1a0830, 0.3f));
    rs_fill(c, &shadow, &sp, 0.0f, 1.8f);
    rs_shape glow = rs_circle(16.0f, 15.0f + bob, 12.0f);
    rs_paint gp =
        rs_radial(rs_hex(0xb070ff, 0.35f), 16.0f, 15.0f + bob, rs_hex(0xb070ff, 0.0f), 12.0f);
    rs_fill(c, &glow, &gp, 0.0f, 1.0f);
    art_gem(c, 16.0f, 15.0f + bob, 7.0f);
    // A twinkle that grows and fades over the loop, and a smaller one half a loop later.
    float t1 = sinf(phase * TAU * 0.5f), t2 = sinf(fmodf(phase + 0.5f, 1.0f) * TAU * 0.5f);
    twinkle(c, 21.5f, 9.0f + bob, 5.0f * t1, t1);
    twinkle(c, 10.5f, 17.0f + bob, 3.0f * t2, t2);
}

static void bullet_frame(rs_canvas *c, int f) {
    float pulse = 0.5f + 0.5f * cosf((float)f / (float)ART_FX_FRAMES * TAU);
    rs_shape glow = rs_circle(16.0f, 16.0f, 10.0f);
    rs_paint gp = rs_radial(rs_hex(0xffffff, 0.45f + 0.2f * pulse), 16.0f, 16.0f,
                            rs_hex(0xffffff, 0.0f), 8.0f + 2.0f * pulse);
    rs_fill(c, &glow, &gp, 0.0f, 1.0f);
    rs_shape core = rs_circle(16.0f, 16.0f, 4.5f + 0.5f * pulse);
    rs_paint cp = rs_radial(rs_hex(0xffffff, 1.0f), 14.8f, 14.8f, rs_hex(0xd8d8d8, 1.0f), 5.0f);
    rs_fill_outlined(c, &core, &cp, rs_hex(0x505050, 0.9f), 1.0f);
}

// A burst: an expanding ring and flying sparks that shrink and fade.
static void burst_frame(rs_canvas *c, int f, ae_rng *rng, rs_color hot, rs_color cool, float size,
                        int sparks) {
    float t = ((float)f + 0.5f) / (float)ART_FX_FRAMES;
    // Fades to about a third, so even the last frame reads before the effect ends.
    float fade = 1.0f - 0.7f * t;
    rs_shape ring = rs_ring(16.0f, 16.0f, 3.0f + size * t, 2.5f * fade + 0.3f);
    rs_paint rp = rs_solid(rs_mix(hot, cool, t));
    rp.a.a = fade;
    rs_fill(c, &ring, &rp, 0.0f, 1.2f);
    if (f < 3) {
        rs_shape flash = rs_circle(16.0f, 16.0f, 6.0f - 1.5f * (float)f);
        rs_paint fp = rs_radial(rs_hex(0xffffff, 1.0f), 16.0f, 16.0f, hot, 6.0f);
        rs_fill(c, &flash, &fp, 0.0f, 1.0f);
    }
    // The sparks are the same for every frame: reseed the stream per frame.
    ae_rng_seed(rng, ART_SEED, 40u + (uint64_t)sparks);
    for (int i = 0; i < sparks; i++) {
        float a = ((float)i + ae_rng_range(rng, -0.3f, 0.3f)) * TAU / (float)sparks;
        float speed = ae_rng_range(rng, 0.7f, 1.0f) * (size + 2.0f);
        float d = 4.0f + speed * t, r = (1.0f - t) * 2.2f + 0.3f;
        float x = 16.0f + cosf(a) * d, y = 16.0f + sinf(a) * d;
        rs_shape s = rs_capsule(x - cosf(a) * 2.0f * fade, y - sinf(a) * 2.0f * fade, x, y, r);
        rs_paint p = rs_solid(rs_mix(hot, cool, t));
        p.a.a = 0.4f + 0.6f * fade;
        rs_fill(c, &s, &p, 0.0f, 1.0f);
    }
}

static void death_frame(rs_canvas *c, int f, ae_rng *rng) {
    float t = ((float)f + 0.5f) / (float)ART_FX_FRAMES, fade = 1.0f - 0.7f * t;
    // Smoke puffs rise and spread behind the burst.
    ae_rng_seed(rng, ART_SEED, 50u);
    for (int i = 0; i < 6; i++) {
        float a = (float)i * TAU / 6.0f + ae_rng_range(rng, -0.3f, 0.3f);
        float d = 3.0f + 8.0f * t;
        float x = 16.0f + cosf(a) * d, y = 16.0f + sinf(a) * d * 0.8f - 3.0f * t;
        rs_shape s = rs_circle(x, y, 3.0f + 2.5f * t);
        rs_paint p = rs_radial(rs_hex(0xf0f0f0, 0.85f * fade), x - 1.0f, y - 1.0f,
                               rs_hex(0x9a9aa8, 0.7f * fade), 5.0f);
        rs_fill(c, &s, &p, 0.0f, 1.0f);
    }
    burst_frame(c, f, rng, rs_hex(0xffffff, 1.0f), rs_hex(0xb0b0c0, 1.0f), 12.0f, 10);
}

static void dust_frame(rs_canvas *c, int f) {
    float t = ((float)f + 0.5f) / (float)ART_FX_FRAMES, fade = 1.0f - 0.7f * t;
    static const float puffs[][3] = {{-5.0f, 1.0f, 3.5f}, {4.0f, 0.0f, 4.0f}, {0.0f, -2.0f, 3.0f}};
    for (int i = 0; i < 3; i++) {
        float x = 16.0f + puffs[i][0] * (1.0f + t), y = 22.0f + puffs[i][1] - 5.0f * t;
        float r = puffs[i][2] * (0.7f + 0.8f * t);
        rs_shape s = rs_circle(x, y, r);
        rs_paint p = rs_radial(rs_hex(0xf2e6d0, 0.9f * fade), x - r * 0.4f, y - r * 0.4f,
                               rs_hex(0xb8a080, 0.8f * fade), r * 1.4f);
        rs_fill(c, &s, &p, 0.0f, 1.0f);
    }
}

// A piece of debris turning end over end: frame f shows it at angle f * 45 degrees, foreshortened
// as it turns so the loop reads as a spin.
static void chip_frame(rs_canvas *c, int f, int kind) {
    float a = (float)f * TAU / (float)ART_FX_FRAMES;
    float turn = 0.45f + 0.55f * fabsf(cosf(a)); // the width seen as it spins
    float ca = cosf(a * 0.5f), sa = sinf(a * 0.5f);
    const float m = 16.0f;
    if (kind == ART_FX_CHIP_LEAF) {
        rs_shape leaf = rs_ellipse(m, m, 5.5f, 2.6f * turn + 0.4f, a * 0.5f);
        rs_paint lp = rs_linear(rs_hex(0x8ad66a, 1.0f), m - 4.0f, m - 3.0f, rs_hex(0x2f7a32, 1.0f),
                                m + 4.0f, m + 3.0f);
        rs_fill_outlined(c, &leaf, &lp, rs_hex(0x173d1c, 1.0f), 1.0f);
        rs_shape vein =
            rs_capsule(m - 4.5f * ca, m - 4.5f * sa, m + 4.5f * ca, m + 4.5f * sa, 0.4f);
        rs_paint vp = rs_with_blend(rs_solid(rs_hex(0x1c4a22, 0.8f)), RS_ATOP);
        rs_fill(c, &vein, &vp, 0.0f, 1.0f);
        return;
    }
    bool wood = kind == ART_FX_CHIP_WOOD;
    float len = wood ? 6.0f : 4.5f, w = (wood ? 1.6f : 3.0f) * turn + 0.5f;
    const float pts[] = {m - ca * len - sa * w,        m - sa * len + ca * w,
                         m + ca * len - sa * w * 0.4f, m + sa * len + ca * w * 0.4f,
                         m + ca * len * 0.8f + sa * w, m + sa * len * 0.8f - ca * w,
                         m - ca * len * 0.6f + sa * w, m - sa * len * 0.6f - ca * w};
    rs_shape s = rs_poly(4, pts, 0.4f);
    rs_color base = wood ? rs_hex(0xc98a4b, 1.0f) : rs_hex(0xd2392b, 1.0f);
    rs_paint p =
        rs_linear(rs_shade(base, 1.3f), m - len, m - len, rs_shade(base, 0.7f), m + len, m + len);
    rs_fill_outlined(c, &s, &p, wood ? rs_hex(0x4a2a12, 1.0f) : rs_hex(0x3d0f0a, 1.0f), 1.0f);
    if (!wood) { // the bare metal of the torn edge
        rs_shape edge = rs_capsule(pts[0], pts[1], pts[6], pts[7], 0.6f);
        rs_paint ep = rs_with_blend(rs_solid(rs_hex(0xd8dce4, 1.0f)), RS_ATOP);
        rs_fill(c, &edge, &ep, 0.0f, 1.0f);
    }
}

// The blink's flash: a cyan ring snapping outwards around a bright core, with streaks.
static void blink_frame(rs_canvas *c, int f) {
    float t = ((float)f + 0.5f) / (float)ART_FX_FRAMES, fade = 1.0f - t;
    const float m = 16.0f;
    rs_shape glow = rs_circle(m, m, 13.0f);
    rs_paint gp = rs_radial(rs_hex(0xbff8ff, 0.7f * fade), m, m, rs_hex(0x40c8ff, 0.0f), 13.0f);
    rs_fill(c, &glow, &gp, 0.0f, 1.0f);
    rs_shape ring = rs_ring(m, m, 4.0f + 10.0f * sqrtf(t), 1.8f * fade + 0.4f);
    rs_paint rp = rs_solid(rs_hex(0x7ee8ff, 0.3f + 0.7f * fade));
    rs_fill(c, &ring, &rp, 0.0f, 1.2f);
    for (int i = 0; i < 6; i++) {
        float a = (float)i * TAU / 6.0f + 0.3f, r0 = 3.0f + 9.0f * t, r1 = r0 + 4.0f * fade;
        rs_shape st = rs_capsule(m + cosf(a) * r0, m + sinf(a) * r0, m + cosf(a) * r1,
                                 m + sinf(a) * r1, 0.7f);
        rs_paint sp = rs_solid(rs_hex(0xffffff, fade));
        rs_fill(c, &st, &sp, 0.0f, 1.0f);
    }
    if (f < 4) {
        rs_shape core = rs_circle(m, m, 5.0f - (float)f);
        rs_paint cp = rs_radial(rs_hex(0xffffff, 1.0f), m, m, rs_hex(0x9af0ff, 0.8f), 5.0f);
        rs_fill(c, &core, &cp, 0.0f, 1.0f);
    }
}

// Loot taken: gold sparkles rising in a ring.
static void sparkle_frame(rs_canvas *c, int f) {
    // Fades to about a third, so even the last frame reads before the effect ends.
    float t = ((float)f + 0.5f) / (float)ART_FX_FRAMES, fade = 1.0f - 0.7f * t * t;
    for (int i = 0; i < 5; i++) {
        float a = (float)i * TAU / 5.0f + t * 1.5f, r = 4.0f + 8.0f * t;
        float x = 16.0f + cosf(a) * r, y = 18.0f + sinf(a) * r * 0.6f - 8.0f * t;
        twinkle(c, x, y, (3.5f - (float)(i % 2)) * (0.5f + 0.5f * fade), fade);
    }
    rs_shape rim = rs_ring(16.0f, 22.0f, 5.0f + 9.0f * t, 0.8f);
    rs_paint rp = rs_solid(rs_hex(0xffe07a, 0.8f * fade));
    rs_fill(c, &rim, &rp, 0.0f, 1.0f);
}

// A bullet into water: a ring spreading on the surface (squashed: seen from above at a slant)
// and droplets thrown up and falling back.
static void splash_frame(rs_canvas *c, int f) {
    float t = ((float)f + 0.5f) / (float)ART_FX_FRAMES, fade = 1.0f - 0.75f * t;
    rs_shape ring = rs_ellipse(16.0f, 24.0f, 3.0f + 10.0f * t, (3.0f + 10.0f * t) * 0.45f, 0.0f);
    rs_shape hole = rs_ellipse(16.0f, 24.0f, 1.5f + 9.0f * t, (1.5f + 9.0f * t) * 0.45f, 0.0f);
    rs_paint rp = rs_solid(rs_hex(0xe8faff, 0.85f * fade));
    rs_fill(c, &ring, &rp, 0.0f, 1.0f);
    rs_paint erase = rs_with_blend(rs_solid(rs_hex(0x000000, 1.0f)), RS_ERASE);
    rs_fill(c, &hole, &erase, 0.0f, 1.0f);
    for (int i = 0; i < 6; i++) {
        // Each droplet flies out and up along a parabola: up first, back down by the last frame.
        float a = ((float)i + 0.5f) * TAU / 6.0f, out = 2.0f + 9.0f * t;
        float x = 16.0f + cosf(a) * out, y = 24.0f + sinf(a) * out * 0.45f - 22.0f * t * (1.0f - t);
        rs_shape d = rs_circle(x, y, 1.6f * (1.0f - 0.4f * t));
        rs_paint dp =
            rs_radial(rs_hex(0xffffff, fade), x - 0.5f, y - 0.5f, rs_hex(0x7cc8ec, fade), 2.0f);
        rs_fill(c, &d, &dp, 0.0f, 1.0f);
    }
}

void art_draw_fx(rs_canvas *c) {
    ae_rng rng;
    ae_rng_seed(&rng, ART_SEED, 4u);
    for (int row = 0; row < ART_FX_COUNT; row++) {
        for (int f = 0; f < ART_FX_FRAMES; f++) {
            rs_cell(c, f * ART_FX, row * ART_FX, ART_FX, ART_FX);
            switch ((enum art_fx)row) {
            case ART_FX_GEM:
                gem_frame(c, f);
                break;
            case ART_FX_BULLET:
                bullet_frame(c, f);
                break;
            case ART_FX_HIT:
                burst_frame(c, f, &rng, rs_hex(0xfff1a0, 1.0f), rs_hex(0xff6a3a, 1.0f), 9.0f, 7);
                break;
            case ART_FX_DEATH:
                death_frame(c, f, &rng);
                break;
            case ART_FX_DUST:
                dust_frame(c, f);
                break;
            case ART_FX_CHIP_WOOD:
            case ART_FX_CHIP_METAL:
            case ART_FX_CHIP_LEAF:
                chip_frame(c, f, row);
                break;
            case ART_FX_BLINK:
                blink_frame(c, f);
                break;
            case ART_FX_SPARKLE:
                sparkle_frame(c, f);
                break;
            case ART_FX_SPLASH:
                splash_frame(c, f);
                break;
            case ART_FX_COUNT:
                break;
            }
        }
    }
}

// A spiky burst from the cell's centre along screen angle `angle`: long and white-hot at once,
// then shrinking and cooling to orange. The forward spike is the longest, the side ones short.
static void muzzle_frame(rs_canvas *c, int f, float angle) {
    const float m = (float)ART_MUZZLE * 0.5f;
    float k = 1.0f - (float)f / (float)ART_FX_FRAMES;
    float len = 7.0f + 15.0f * k;
    static const float spikes[][2] = {
        {-1.1f, 0.42f}, {-0.5f, 0.68f}, {0.0f, 1.0f}, {0.5f, 0.68f}, {1.1f, 0.42f}};
    float pts[2 * 10];
    int n = 0;
    pts[n++] = m - cosf(angle);
    pts[n++] = m - sinf(angle);
    for (int i = 0; i < 5; i++) {
        float a = angle + spikes[i][0], r = spikes[i][1] * len;
        pts[n++] = m + cosf(a) * r;
        pts[n++] = m + sinf(a) * r;
        if (i < 4) { // the notch between this spike and the next
            float mid = angle + 0.5f * (spikes[i][0] + spikes[i + 1][0]);
            pts[n++] = m + cosf(mid) * len * 0.3f;
            pts[n++] = m + sinf(mid) * len * 0.3f;
        }
    }
    rs_shape burst = rs_poly(n / 2, pts, 0.4f);
    float hx = m + cosf(angle), hy = m + sinf(angle); // the hot spot, just out of the barrel
    rs_paint bp = rs_radial(rs_hex(0xfffbe0, 0.45f + 0.55f * k), hx, hy,
                            rs_hex(0xff8a1a, 0.3f + 0.6f * k), len);
    rs_fill_outlined(c, &burst, &bp, rs_hex(0xff6a10, 0.25f + 0.5f * k), 0.8f);
    float cr = 1.5f + 3.0f * k;
    rs_shape core = rs_circle(m + 2.0f * cosf(angle), m + 2.0f * sinf(angle), cr);
    rs_paint cp =
        rs_radial(rs_hex(0xffffff, 0.7f + 0.3f * k), hx, hy, rs_hex(0xfff0b0, 0.4f + 0.5f * k), cr);
    rs_fill(c, &core, &cp, 0.0f, 1.0f);
}

void art_draw_muzzle(rs_canvas *c) {
    for (int d = 0; d < ART_AGENT_DIRS; d++) {
        // The weapon of facing d points along (dx, dy) squashed vertically (art_agent_grip).
        float a = (float)d * TAU / (float)ART_AGENT_DIRS;
        float angle = atan2f(sinf(a) * ART_AGENT_FORESHORTEN, cosf(a));
        for (int f = 0; f < ART_FX_FRAMES; f++) {
            rs_cell(c, f * ART_MUZZLE, d * ART_MUZZLE, ART_MUZZLE, ART_MUZZLE);
            muzzle_frame(c, f, angle);
        }
    }
}
