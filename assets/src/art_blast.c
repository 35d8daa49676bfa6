// blast.png: the burst of a grenade or a barrel, 8 frames played once: a white-hot flash, a
// fireball that swells and cools from yellow to red, a ring of smoke pushed outwards and
// sparks flung out, all fading. The fireball is ART_BLAST_RADIUS across at its widest, so the
// renderer scales the frames to the blast's radius.
#include "art_draw.h"
#include "art_layout.h"

#include <arena/ae_rng.h>

#include <math.h>

#define TAU 6.2831853f

static void blast_frame(rs_canvas *c, int f) {
    const float m = (float)ART_BLAST * 0.5f, R = ART_BLAST_RADIUS;
    float t = ((float)f + 0.5f) / (float)ART_FX_FRAMES, fade = 1.0f - t;
    float grow = 1.0f - (1.0f - t) * (1.0f - t) * (1.0f - t); // fast, then settling
    ae_rng rng;
    ae_rng_seed(&rng, ART_SEED, 60u); // the same puffs and sparks in every frame
    // Smoke: grey puffs on a ring just outside the fire, drifting up as they spread.
    for (int i = 0; i < 10; i++) {
        float a = (float)i * TAU / 10.0f + ae_rng_range(&rng, -0.2f, 0.2f);
        float d = R * (0.45f + 0.55f * grow) * ae_rng_range(&rng, 0.85f, 1.05f);
        float x = m + cosf(a) * d, y = m + sinf(a) * d * 0.85f - 4.0f * t;
        float r = 3.0f + 5.0f * grow;
        rs_shape s = rs_circle(x, y, r);
        rs_paint p = rs_radial(rs_hex(0x8a8a90, 0.75f * fade), x - r * 0.3f, y - r * 0.3f,
                               rs_hex(0x404048, 0.55f * fade), r * 1.3f);
        rs_fill(c, &s, &p, 0.0f, 1.0f);
    }
    // The fireball: yellow cooling to red, in lumps so it is not a plain disc.
    rs_color hot = rs_mix(rs_hex(0xfff2a0, 1.0f), rs_hex(0xff7a1a, 1.0f), t);
    rs_color cool = rs_mix(rs_hex(0xff7a1a, 1.0f), rs_hex(0x8a1a0a, 1.0f), t);
    float fr = R * (0.35f + 0.55f * grow) * (1.0f - 0.35f * t * t);
    for (int i = 0; i < 7; i++) {
        float a = (float)i * TAU / 7.0f + ae_rng_range(&rng, -0.3f, 0.3f);
        float d = fr * 0.45f, r = fr * ae_rng_range(&rng, 0.5f, 0.62f);
        float x = m + cosf(a) * d, y = m + sinf(a) * d * 0.9f;
        rs_shape s = rs_circle(x, y, r);
        rs_paint p = rs_radial(hot, m - fr * 0.2f, m - fr * 0.25f, cool, fr * 1.1f);
        p.a.a = p.b.a = 0.95f * (1.0f - t * t);
        rs_fill(c, &s, &p, 0.0f, 1.0f);
    }
    if (f < 3) { // the flash
        rs_shape flash = rs_circle(m, m, fr * (0.9f - 0.25f * (float)f));
        rs_paint fp = rs_radial(rs_hex(0xffffff, 1.0f), m, m, rs_hex(0xfff6c8, 0.0f),
                                fr * (0.9f - 0.25f * (float)f));
        rs_fill(c, &flash, &fp, 0.0f, 1.0f);
    }
    // The shock ring, fast and faint.
    rs_shape ring = rs_ring(m, m, R * (0.5f + 0.6f * sqrtf(t)), 1.6f * fade + 0.2f);
    rs_paint rp = rs_solid(rs_hex(0xfff0c0, 0.6f * fade));
    rs_fill(c, &ring, &rp, 0.0f, 1.2f);
    // Sparks.
    for (int i = 0; i < 12; i++) {
        float a = ae_rng_range(&rng, 0.0f, TAU), v = ae_rng_range(&rng, 0.7f, 1.15f);
        float d = R * (0.3f + 0.85f * grow * v), len = 3.0f * fade + 0.5f;
        float x = m + cosf(a) * d, y = m + sinf(a) * d;
        rs_shape s = rs_capsule(x - cosf(a) * len, y - sinf(a) * len, x, y, 0.9f * fade + 0.3f);
        rs_paint sp = rs_solid(rs_hex(0xffd060, fade));
        rs_fill(c, &s, &sp, 0.0f, 1.0f);
    }
}

void art_draw_blast(rs_canvas *c) {
    for (int f = 0; f < ART_FX_FRAMES; f++) {
        rs_cell(c, f * ART_BLAST, 0, ART_BLAST, ART_BLAST);
        blast_frame(c, f);
    }
}
