// icons.png: 32x32 icons (skills, HUD counters, input devices, sound, the blink and the shield),
// bold shapes with a dark outline and a soft drop shadow so they read on any background.
#include "art_draw.h"
#include "art_layout.h"

#include <math.h>

#define TAU 6.2831853f

static rs_color line_col(void) {
    return rs_hex(0x1e1a2a, 1.0f);
}

// Fills shapes as one outlined group: all outlines first, then all fills.
static void group(rs_canvas *c, const rs_shape *s, int n, rs_paint p, float width) {
    rs_paint lp = rs_solid(line_col());
    for (int i = 0; i < n; i++) rs_fill(c, &s[i], &lp, width, 1.0f);
    for (int i = 0; i < n; i++) rs_fill(c, &s[i], &p, 0.0f, 1.0f);
}

static rs_paint lit(uint32_t rgb, float x0, float y0, float x1, float y1) {
    rs_color c = rs_hex(rgb, 1.0f);
    return rs_linear(rs_shade(c, 1.3f), x0, y0, rs_shade(c, 0.8f), x1, y1);
}

static void gloss(rs_canvas *c, float x, float y, float rx, float ry) {
    rs_shape s = rs_ellipse(x, y, rx, ry, -0.6f);
    rs_paint p = rs_with_blend(rs_solid(rs_hex(0xffffff, 0.55f)), RS_ATOP);
    rs_fill(c, &s, &p, 0.0f, 1.2f);
}

static void heart(rs_canvas *c, float x, float y, float k, uint32_t rgb) {
    const float tri[] = {x - 10.5f * k, y - 1.5f * k, x + 10.5f * k, y - 1.5f * k, x,
                         y + 11.0f * k};
    rs_shape s[3] = {rs_circle(x - 5.5f * k, y - 4.0f * k, 6.0f * k),
                     rs_circle(x + 5.5f * k, y - 4.0f * k, 6.0f * k), rs_poly(3, tri, 1.5f * k)};
    group(c, s, 3, lit(rgb, x - 10.0f, y - 10.0f, x + 10.0f, y + 10.0f), 1.6f);
    gloss(c, x - 6.0f * k, y - 6.0f * k, 2.6f * k, 1.6f * k);
}

static void regen(rs_canvas *c) {
    rs_shape s[2] = {rs_rrect(16.0f, 16.0f, 4.0f, 11.0f, 2.0f, 0.0f),
                     rs_rrect(16.0f, 16.0f, 11.0f, 4.0f, 2.0f, 0.0f)};
    group(c, s, 2, lit(0x46d05a, 5.0f, 5.0f, 27.0f, 27.0f), 1.6f);
    gloss(c, 13.0f, 9.0f, 2.0f, 1.3f);
    // Little rising sparkles: healing over time.
    rs_paint sp = rs_solid(rs_hex(0xcfffd0, 1.0f));
    for (int i = 0; i < 2; i++) {
        rs_shape d = rs_circle(i ? 27.0f : 5.5f, i ? 6.0f : 26.0f, 1.6f);
        rs_fill_outlined(c, &d, &sp, line_col(), 1.0f);
    }
}

static void attack(rs_canvas *c) {
    const float a = -0.78539816f; // blade from bottom-left to top-right
    rs_shape blade = rs_rrect(18.0f, 14.0f, 11.0f, 2.8f, 1.0f, a);
    const float tip[] = {24.0f, 4.5f, 28.5f, 3.5f, 27.5f, 8.0f};
    rs_shape point = rs_poly(3, tip, 0.5f);
    rs_shape s[2] = {blade, point};
    group(c, s, 2, lit(0xe8eef5, 10.0f, 10.0f, 26.0f, 20.0f), 1.5f);
    rs_shape guard = rs_rrect(10.5f, 21.5f, 6.5f, 2.0f, 1.0f, 0.78539816f);
    rs_shape grip = rs_capsule(9.0f, 23.0f, 5.0f, 27.0f, 2.0f);
    rs_shape pommel = rs_circle(4.5f, 27.5f, 2.4f);
    rs_shape h[3] = {grip, guard, pommel};
    group(c, h, 3, lit(0xe0453a, 3.0f, 18.0f, 16.0f, 29.0f), 1.5f);
    rs_shape edge = rs_capsule(13.0f, 17.5f, 23.5f, 7.0f, 0.6f);
    rs_paint ep = rs_solid(rs_hex(0xffffff, 0.9f));
    rs_fill(c, &edge, &ep, 0.0f, 1.0f);
}

static void fire_rate(rs_canvas *c) {
    const float bolt[] = {19.0f, 2.5f,  7.0f,  18.0f, 15.0f, 18.0f,
                          12.0f, 29.5f, 25.0f, 12.5f, 17.0f, 12.5f};
    rs_shape s = rs_poly(6, bolt, 0.8f);
    group(c, &s, 1, lit(0xffcf2e, 8.0f, 3.0f, 24.0f, 28.0f), 1.6f);
    gloss(c, 15.0f, 9.0f, 2.0f, 1.0f);
}

static void range(rs_canvas *c) {
    rs_shape ring = rs_ring(16.0f, 16.0f, 9.0f, 2.0f);
    rs_shape bars[4] = {rs_rrect(16.0f, 5.5f, 1.6f, 3.0f, 0.8f, 0.0f),
                        rs_rrect(16.0f, 26.5f, 1.6f, 3.0f, 0.8f, 0.0f),
                        rs_rrect(5.5f, 16.0f, 3.0f, 1.6f, 0.8f, 0.0f),
                        rs_rrect(26.5f, 16.0f, 3.0f, 1.6f, 0.8f, 0.0f)};
    rs_shape all[6] = {ring, bars[0], bars[1], bars[2], bars[3], rs_circle(16.0f, 16.0f, 2.6f)};
    group(c, all, 6, lit(0x4aa8ff, 4.0f, 4.0f, 28.0f, 28.0f), 1.4f);
    rs_shape dot = rs_circle(16.0f, 16.0f, 2.6f);
    rs_paint dp = rs_solid(rs_hex(0xff4a4a, 1.0f));
    rs_fill(c, &dot, &dp, 0.0f, 1.0f);
}

static void chevron(rs_canvas *c, float x, uint32_t rgb) {
    const float pts[] = {x,        5.0f,  x + 8.0f, 5.0f,  x + 16.0f, 16.0f,
                         x + 8.0f, 27.0f, x,        27.0f, x + 8.0f,  16.0f};
    rs_shape s = rs_poly(6, pts, 1.0f);
    group(c, &s, 1, lit(rgb, x, 5.0f, x + 14.0f, 27.0f), 1.5f);
}

static void speed(rs_canvas *c) {
    chevron(c, 3.0f, 0x2fc6b0);
    chevron(c, 13.0f, 0x5ff0d6);
}

static void bullet_speed(rs_canvas *c) {
    rs_paint trail = rs_solid(rs_hex(0x9ad8ff, 1.0f));
    for (int i = 0; i < 3; i++) {
        float y = 10.0f + (float)i * 6.0f, x0 = i == 1 ? 3.0f : 6.0f;
        rs_shape l = rs_capsule(x0, y, 14.0f, y, 1.3f);
        rs_fill_outlined(c, &l, &trail, line_col(), 1.2f);
    }
    rs_shape casing = rs_rrect(17.5f, 16.0f, 5.0f, 5.0f, 1.0f, 0.0f);
    rs_shape tip = rs_ellipse(22.5f, 16.0f, 7.0f, 5.0f, 0.0f);
    rs_shape tip_clip = rs_clipped(tip, -1.0f, 0.0f, -22.0f);
    rs_shape s[2] = {casing, tip_clip};
    group(c, s, 2, lit(0xf2b134, 12.0f, 11.0f, 29.0f, 21.0f), 1.5f);
    rs_shape band = rs_rrect(14.0f, 16.0f, 1.2f, 5.0f, 0.5f, 0.0f);
    rs_paint bp = rs_with_blend(rs_solid(rs_hex(0x8a5a12, 1.0f)), RS_ATOP);
    rs_fill(c, &band, &bp, 0.0f, 1.0f);
    gloss(c, 21.0f, 13.0f, 3.0f, 1.0f);
}

static void skull(rs_canvas *c) {
    rs_shape s[2] = {rs_circle(16.0f, 13.5f, 10.5f),
                     rs_rrect(16.0f, 23.0f, 6.5f, 5.5f, 2.0f, 0.0f)};
    group(c, s, 2, lit(0xf4f0e6, 6.0f, 4.0f, 26.0f, 28.0f), 1.6f);
    rs_paint dark = rs_solid(line_col());
    rs_shape eyes[2] = {rs_ellipse(11.5f, 15.0f, 3.2f, 3.6f, 0.0f),
                        rs_ellipse(20.5f, 15.0f, 3.2f, 3.6f, 0.0f)};
    for (int i = 0; i < 2; i++) rs_fill(c, &eyes[i], &dark, 0.0f, 1.0f);
    const float nose[] = {16.0f, 18.5f, 17.8f, 21.5f, 14.2f, 21.5f};
    rs_shape n = rs_poly(3, nose, 0.3f);
    rs_fill(c, &n, &dark, 0.0f, 1.0f);
    for (int i = 0; i < 3; i++) {
        float x = 12.5f + (float)i * 3.5f;
        rs_shape t = rs_capsule(x, 24.5f, x, 28.0f, 0.6f);
        rs_fill(c, &t, &dark, 0.0f, 1.0f);
    }
}

static void person(rs_canvas *c, float x, float y, float k, uint32_t rgb) {
    rs_shape body = rs_clipped(rs_ellipse(x, y + 11.0f * k, 8.5f * k, 9.0f * k, 0.0f), 0.0f, 1.0f,
                               y + 12.0f * k);
    rs_shape s[2] = {body, rs_circle(x, y - 1.0f * k, 5.5f * k)};
    group(c, s, 2, lit(rgb, x - 8.0f, y - 6.0f, x + 8.0f, y + 12.0f), 1.5f);
    gloss(c, x - 2.0f * k, y - 3.0f * k, 1.8f * k, 1.1f * k);
}

static void people(rs_canvas *c) {
    person(c, 21.0f, 10.0f, 0.85f, 0x8a96b0);
    person(c, 12.0f, 13.0f, 1.0f, 0x6ec0ff);
}

static void zone(rs_canvas *c) {
    rs_shape outer = rs_circle(16.0f, 16.0f, 13.0f);
    rs_paint storm = rs_radial(rs_hex(0xc26bff, 1.0f), 12.0f, 10.0f, rs_hex(0x6a1fa8, 1.0f), 16.0f);
    rs_fill_outlined(c, &outer, &storm, line_col(), 1.6f);
    rs_shape safe = rs_circle(16.0f, 16.0f, 7.0f);
    rs_paint sp = rs_radial(rs_hex(0xeafff0, 1.0f), 14.0f, 14.0f, rs_hex(0x7ee08f, 1.0f), 8.0f);
    rs_fill_outlined(c, &safe, &sp, rs_hex(0xffffff, 1.0f), 1.4f);
    // Arrows pointing inwards: the zone shrinks.
    rs_paint ap = rs_solid(rs_hex(0xffffff, 1.0f));
    for (int i = 0; i < 4; i++) {
        float a = (float)i * TAU / 4.0f + 0.78539816f, ca = cosf(a), sa = sinf(a);
        float r0 = 13.0f, r1 = 9.0f, w = 2.6f;
        const float pts[] = {16.0f + ca * r1,          16.0f + sa * r1,
                             16.0f + ca * r0 - sa * w, 16.0f + sa * r0 + ca * w,
                             16.0f + ca * r0 + sa * w, 16.0f + sa * r0 - ca * w};
        rs_shape t = rs_poly(3, pts, 0.3f);
        rs_fill(c, &t, &ap, 0.0f, 1.0f);
    }
}

static void clock_icon(rs_canvas *c) {
    rs_shape face = rs_circle(16.0f, 16.0f, 12.5f);
    rs_paint fp = rs_radial(rs_hex(0xffffff, 1.0f), 13.0f, 12.0f, rs_hex(0xdfe6f0, 1.0f), 14.0f);
    rs_fill_outlined(c, &face, &fp, line_col(), 2.2f);
    rs_paint dark = rs_solid(line_col());
    for (int i = 0; i < 12; i++) {
        float a = (float)i * TAU / 12.0f;
        float r0 = i % 3 ? 10.0f : 8.5f;
        rs_shape tick = rs_capsule(16.0f + cosf(a) * r0, 16.0f + sinf(a) * r0,
                                   16.0f + cosf(a) * 11.0f, 16.0f + sinf(a) * 11.0f, 0.5f);
        rs_fill(c, &tick, &dark, 0.0f, 1.0f);
    }
    rs_shape hour = rs_capsule(16.0f, 16.0f, 16.0f, 9.0f, 1.3f);
    rs_shape minute = rs_capsule(16.0f, 16.0f, 22.5f, 18.5f, 1.0f);
    rs_fill(c, &hour, &dark, 0.0f, 1.0f);
    rs_fill(c, &minute, &dark, 0.0f, 1.0f);
    rs_shape hub = rs_circle(16.0f, 16.0f, 1.8f);
    rs_paint hp = rs_solid(rs_hex(0xff4a4a, 1.0f));
    rs_fill(c, &hub, &hp, 0.0f, 1.0f);
}

static void pad(rs_canvas *c) {
    rs_shape s[3] = {rs_rrect(16.0f, 14.5f, 13.0f, 6.5f, 5.0f, 0.0f),
                     rs_ellipse(7.5f, 20.0f, 5.0f, 6.5f, -0.4f),
                     rs_ellipse(24.5f, 20.0f, 5.0f, 6.5f, 0.4f)};
    group(c, s, 3, lit(0x5b6478, 4.0f, 8.0f, 28.0f, 26.0f), 1.5f);
    rs_paint light = rs_solid(rs_hex(0xe8ecf4, 1.0f));
    rs_shape dh = rs_rrect(9.0f, 15.0f, 3.8f, 1.3f, 0.5f, 0.0f),
             dv = rs_rrect(9.0f, 15.0f, 1.3f, 3.8f, 0.5f, 0.0f);
    rs_fill(c, &dh, &light, 0.0f, 1.0f);
    rs_fill(c, &dv, &light, 0.0f, 1.0f);
    static const uint32_t cols[4] = {0xff5a5a, 0x5ad06a, 0x4aa8ff, 0xffcf2e};
    static const float pos[4][2] = {{23.0f, 12.0f}, {23.0f, 18.0f}, {20.0f, 15.0f}, {26.0f, 15.0f}};
    for (int i = 0; i < 4; i++) {
        rs_shape b = rs_circle(pos[i][0], pos[i][1], 1.5f);
        rs_paint bp = rs_solid(rs_hex(cols[i], 1.0f));
        rs_fill(c, &b, &bp, 0.0f, 1.0f);
    }
    gloss(c, 12.0f, 10.0f, 4.0f, 1.0f);
}

static void keyboard(rs_canvas *c) {
    rs_shape body = rs_rrect(16.0f, 17.0f, 14.0f, 9.0f, 2.5f, 0.0f);
    group(c, &body, 1, lit(0x5b6478, 2.0f, 8.0f, 30.0f, 26.0f), 1.5f);
    rs_paint key =
        rs_linear(rs_hex(0xffffff, 1.0f), 0.0f, 9.0f, rs_hex(0xc8d0de, 1.0f), 0.0f, 26.0f);
    for (int row = 0; row < 2; row++)
        for (int i = 0; i < 5; i++) {
            rs_shape k = rs_rrect(6.0f + (float)i * 5.0f + (float)row * 1.5f,
                                  12.0f + (float)row * 5.0f, 1.8f, 1.8f, 0.6f, 0.0f);
            rs_fill(c, &k, &key, 0.0f, 1.0f);
        }
    rs_shape space = rs_rrect(16.0f, 22.5f, 7.5f, 1.6f, 0.6f, 0.0f);
    rs_fill(c, &space, &key, 0.0f, 1.0f);
}

static void speaker(rs_canvas *c) {
    const float cone[] = {3.0f,  12.0f, 8.0f, 12.0f, 15.0f, 5.0f,
                          15.0f, 27.0f, 8.0f, 20.0f, 3.0f,  20.0f};
    rs_shape s = rs_poly(6, cone, 1.0f);
    group(c, &s, 1, lit(0xe8ecf4, 4.0f, 5.0f, 16.0f, 27.0f), 1.5f);
}

static void mute(rs_canvas *c) {
    speaker(c);
    rs_shape x[2] = {rs_capsule(20.0f, 12.0f, 28.0f, 20.0f, 1.8f),
                     rs_capsule(28.0f, 12.0f, 20.0f, 20.0f, 1.8f)};
    group(c, x, 2, rs_solid(rs_hex(0xff4a4a, 1.0f)), 1.4f);
}

static void sound(rs_canvas *c) {
    speaker(c);
    rs_shape waves[2] = {rs_clipped(rs_ring(14.0f, 16.0f, 6.0f, 1.4f), -1.0f, 0.0f, -18.0f),
                         rs_clipped(rs_ring(14.0f, 16.0f, 10.5f, 1.4f), -1.0f, 0.0f, -20.0f)};
    group(c, waves, 2, rs_solid(rs_hex(0x7ee08f, 1.0f)), 1.3f);
}

static void blink(rs_canvas *c) {
    // Afterimages trailing a bright disc, with speed lines: a dash.
    for (int i = 0; i < 2; i++) {
        float x = 8.0f + 5.5f * (float)i;
        rs_shape ghost = rs_circle(x, 17.0f, 5.5f + (float)i);
        rs_paint gp = rs_solid(rs_hex(0x5ad8ff, 0.3f + 0.25f * (float)i));
        rs_fill(c, &ghost, &gp, 0.0f, 1.0f);
    }
    rs_paint lines = rs_solid(rs_hex(0xffffff, 1.0f));
    for (int i = 0; i < 3; i++) {
        float y = 10.0f + 7.0f * (float)i, x0 = i == 1 ? 2.0f : 4.5f;
        rs_shape l = rs_capsule(x0, y, x0 + 7.0f, y, 1.0f);
        rs_fill_outlined(c, &l, &lines, line_col(), 1.0f);
    }
    rs_shape disc = rs_circle(21.5f, 17.0f, 8.0f);
    group(c, &disc, 1, lit(0x38c8ff, 14.0f, 9.0f, 29.0f, 25.0f), 1.6f);
    const float arrow[] = {18.0f, 12.5f, 25.5f, 17.0f, 18.0f, 21.5f};
    rs_shape a = rs_poly(3, arrow, 0.8f);
    rs_fill(c, &a, &lines, 0.0f, 1.0f);
    gloss(c, 18.5f, 12.0f, 2.5f, 1.2f);
}

void art_draw_icons(rs_canvas *c) {
    for (int i = 0; i < ART_ICON_COUNT; i++) {
        rs_cell(c, (i % ART_ICONS_PER_ROW) * ART_ICON, (i / ART_ICONS_PER_ROW) * ART_ICON, ART_ICON,
                ART_ICON);
        switch ((enum art_icon)i) {
        case ART_ICON_REGEN:
            regen(c);
            break;
        case ART_ICON_ATTACK:
            attack(c);
            break;
        case ART_ICON_FIRE_RATE:
            fire_rate(c);
            break;
        case ART_ICON_RANGE:
            range(c);
            break;
        case ART_ICON_SPEED:
            speed(c);
            break;
        case ART_ICON_BULLET_SPEED:
            bullet_speed(c);
            break;
        case ART_ICON_HEART:
            heart(c, 16.0f, 15.0f, 1.15f, 0xff4a5a);
            break;
        case ART_ICON_SKULL:
            skull(c);
            break;
        case ART_ICON_PEOPLE:
            people(c);
            break;
        case ART_ICON_ZONE:
            zone(c);
            break;
        case ART_ICON_GEM:
            art_gem(c, 16.0f, 15.0f, 11.0f);
            break;
        case ART_ICON_CLOCK:
            clock_icon(c);
            break;
        case ART_ICON_PAD:
            pad(c);
            break;
        case ART_ICON_KEYBOARD:
            keyboard(c);
            break;
        case ART_ICON_MUTE:
            mute(c);
            break;
        case ART_ICON_SOUND:
            sound(c);
            break;
        case ART_ICON_BLINK:
            blink(c);
            break;
        case ART_ICON_SHIELD:
            art_shield(c, 16.0f, 16.0f, 1.2f);
            break;
        case ART_ICON_COUNT:
            break;
        }
        rs_drop_shadow(c, 1, 2, 1, 0.45f);
    }
}
