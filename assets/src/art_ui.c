// ui.png: the virtual joystick (base ring and knob), a 9-slice panel, the crosshair and the
// hit marker; vignette.png: the soft edge for hit and low-health warnings.
#include "art_draw.h"
#include "art_layout.h"

#include <math.h>

#define TAU 6.2831853f

static void stick_base(rs_canvas *c) {
    const float r = (float)ART_UI_STICK_BASE * 0.5f;
    rs_cell(c, ART_UI_STICK_BASE_X, 0, ART_UI_STICK_BASE, ART_UI_STICK_BASE);
    rs_shape disc = rs_circle(r, r, r - 3.0f);
    rs_paint fill = rs_radial(rs_hex(0x1e2436, 0.25f), r, r, rs_hex(0x1e2436, 0.5f), r);
    rs_fill(c, &disc, &fill, 0.0f, 1.0f);
    rs_shape rim = rs_ring(r, r, r - 5.0f, 2.5f);
    rs_paint rp = rs_linear(rs_hex(0xffffff, 0.85f), 0.0f, 0.0f, rs_hex(0xc8d4ee, 0.55f), 0.0f,
                            (float)ART_UI_STICK_BASE);
    rs_fill_outlined(c, &rim, &rp, rs_hex(0x1e2436, 0.6f), 1.0f);
    rs_shape inner = rs_ring(r, r, r * 0.45f, 1.0f);
    rs_paint ip = rs_solid(rs_hex(0xffffff, 0.25f));
    rs_fill(c, &inner, &ip, 0.0f, 1.0f);
    // Direction notches pointing outwards.
    rs_paint np = rs_solid(rs_hex(0xffffff, 0.8f));
    for (int i = 0; i < 4; i++) {
        float a = (float)i * TAU / 4.0f, ca = cosf(a), sa = sinf(a);
        float r0 = r - 20.0f, r1 = r - 12.0f, w = 6.0f;
        const float pts[] = {r + ca * r1,          r + sa * r1,          r + ca * r0 - sa * w,
                             r + sa * r0 + ca * w, r + ca * r0 + sa * w, r + sa * r0 - ca * w};
        rs_shape t = rs_poly(3, pts, 1.0f);
        rs_fill_outlined(c, &t, &np, rs_hex(0x1e2436, 0.5f), 1.0f);
    }
}

static void stick_knob(rs_canvas *c) {
    const float r = (float)ART_UI_STICK_KNOB * 0.5f;
    rs_cell(c, ART_UI_STICK_KNOB_X, 0, ART_UI_STICK_KNOB, ART_UI_STICK_KNOB);
    rs_shape s = rs_circle(r, r + 1.0f, r - 5.0f);
    rs_paint p =
        rs_radial(rs_hex(0xffffff, 0.95f), r - 8.0f, r - 9.0f, rs_hex(0xb8c4dc, 0.9f), r * 1.6f);
    rs_fill_outlined(c, &s, &p, rs_hex(0x1e2436, 0.8f), 2.0f);
    rs_shape dimple = rs_circle(r, r + 1.0f, r * 0.45f);
    rs_paint dp =
        rs_linear(rs_hex(0x9aa8c4, 0.8f), 0.0f, r * 0.5f, rs_hex(0xf4f8ff, 0.8f), 0.0f, r * 1.5f);
    rs_fill(c, &dimple, &dp, 0.0f, 1.0f);
    rs_shape spec = rs_ellipse(r - 8.0f, r - 10.0f, 6.0f, 3.0f, -0.6f);
    rs_paint sp = rs_solid(rs_hex(0xffffff, 0.9f));
    rs_fill(c, &spec, &sp, 0.0f, 1.5f);
    rs_drop_shadow(c, 0, 3, 2, 0.4f);
}

static void panel(rs_canvas *c) {
    const float s = (float)ART_UI_PANEL, h = s * 0.5f;
    rs_cell(c, ART_UI_PANEL_X, 0, ART_UI_PANEL, ART_UI_PANEL);
    rs_shape body = rs_rrect(h, h, h - 2.0f, h - 2.0f, 9.0f, 0.0f);
    rs_paint bp = rs_linear(rs_hex(0x323a56, 0.92f), 0.0f, 0.0f, rs_hex(0x1c2134, 0.92f), 0.0f, s);
    rs_fill_outlined(c, &body, &bp, rs_hex(0x0e1120, 0.95f), 1.5f);
    rs_shape inner = rs_rrect(h, h, h - 4.0f, h - 4.0f, 7.0f, 0.0f);
    rs_paint line =
        rs_linear(rs_hex(0xffffff, 0.45f), 0.0f, 0.0f, rs_hex(0xffffff, 0.12f), 0.0f, s);
    rs_fill(c, &inner, &line, 0.0f, 1.0f);
    rs_shape core = rs_rrect(h, h, h - 5.0f, h - 5.0f, 6.0f, 0.0f);
    rs_fill(c, &core, &bp, 0.0f, 1.0f);
}

// A white stroke with a dark rim, so it reads on grass, dirt, walls and the zone's tint.
static void stroke(rs_canvas *c, float x0, float y0, float x1, float y1, float r) {
    rs_shape s = rs_capsule(x0, y0, x1, y1, r);
    rs_paint p = rs_solid(rs_hex(0xffffff, 1.0f));
    rs_fill_outlined(c, &s, &p, rs_hex(0x10131c, 0.85f), 1.4f);
}

static void crosshair(rs_canvas *c) {
    // Arms from 8 to 16 pixels out, each inside its own strip (art_layout.h), the dot alone in
    // the square between them.
    const float m = (float)ART_UI_CROSS * 0.5f, in = 8.0f, out = 16.0f, r = 1.15f;
    rs_cell(c, ART_UI_CROSS_X, 0, ART_UI_CROSS, ART_UI_CROSS);
    stroke(c, m, m - out, m, m - in, r);
    stroke(c, m, m + in, m, m + out, r);
    stroke(c, m - out, m, m - in, m, r);
    stroke(c, m + in, m, m + out, m, r);
    rs_shape dot = rs_circle(m, m, 1.5f);
    rs_paint dp = rs_solid(rs_hex(0xffffff, 1.0f));
    rs_fill_outlined(c, &dot, &dp, rs_hex(0x10131c, 0.85f), 1.2f);
}

static void hit_marker(rs_canvas *c) {
    // Four diagonal strokes, the shape players know as "that one landed".
    const float m = (float)ART_UI_HITMARK * 0.5f, in = 7.0f, out = 15.0f;
    rs_cell(c, ART_UI_HITMARK_X, 0, ART_UI_HITMARK, ART_UI_HITMARK);
    for (int i = 0; i < 4; i++) {
        float dx = (i & 1) ? 0.70710678f : -0.70710678f, dy = (i & 2) ? 0.70710678f : -0.70710678f;
        stroke(c, m + dx * in, m + dy * in, m + dx * out, m + dy * out, 1.5f);
    }
}

void art_draw_ui(rs_canvas *c) {
    stick_base(c);
    stick_knob(c);
    panel(c);
    crosshair(c);
    hit_marker(c);
}

void art_draw_vignette(rs_canvas *c) {
    // A superellipse "distance" from the centre, 1 on the edges and 1.19 in the corners, so the
    // band hugs all four edges alike; clear inside 0.6, then an eased ramp to opaque at 1.12.
    for (int y = 0; y < ART_VIGNETTE_H; y++)
        for (int x = 0; x < ART_VIGNETTE_W; x++) {
            float u = ((float)x + 0.5f) / (0.5f * ART_VIGNETTE_W) - 1.0f;
            float v = ((float)y + 0.5f) / (0.5f * ART_VIGNETTE_H) - 1.0f;
            float d = sqrtf(sqrtf(u * u * u * u + v * v * v * v));
            float t = (d - 0.6f) / (1.12f - 0.6f);
            if (t <= 0.0f) continue;
            if (t > 1.0f) t = 1.0f;
            // Grey as dark as it is transparent (white premultiplied by its alpha): drawn with
            // SDL's MUL blend, which expects that, it darkens towards the colour mod.
            float a = t * t * (3.0f - 2.0f * t);
            rs_plot(c, x, y, (rs_color){a, a, a, 1.0f}, a, RS_OVER);
        }
}
