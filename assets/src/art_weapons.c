// weapons.png: the five weapons in the agent's eight facings, and the hand that holds them.
//
// A weapon is a few parts (capsules and boxes) laid out along its barrel: t runs from the grip
// along the barrel, s across it, positive towards the ground. Drawn in a facing, t follows the
// foreshortened facing (art_agent_grip) and s stays a pixel, so every facing shows the same
// weapon, shorter when it points along the screen's y. The pickups and the HUD draw the same
// parts side on (art_weapon).
#include "art_draw.h"
#include "art_layout.h"

#include <math.h>

typedef struct part {
    char kind; ///< 'c' capsule from (t0, s0) to (t1, s1) of radius r; 'b' box t0..t1 x s0..s1
    float t0, s0, t1, s1, r;
    uint32_t rgb;
} part;

#define MAX_PARTS 6

typedef struct design {
    int count;
    part parts[MAX_PARTS];
} design;

static const design designs[ART_WEAPON_COUNT] = {
    [ART_WEAPON_PISTOL] = {2,
                           {{'c', 4.0f, 0.0f, 15.0f, 0.0f, 2.6f, 0x5a606c},
                            {'b', 12.5f, -3.6f, 14.0f, -2.2f, 0.3f, 0x2a2e36}}},
    [ART_WEAPON_SHOTGUN] = {3,
                            {{'b', -7.0f, -1.2f, 2.0f, 2.6f, 1.2f, 0x8a5a35},
                             {'c', 0.0f, -0.6f, 21.0f, -0.6f, 2.0f, 0x4a505c},
                             {'b', 9.0f, -0.4f, 15.0f, 2.8f, 1.0f, 0xa86e3c}}},
    [ART_WEAPON_RIFLE] = {5,
                          {{'b', -8.0f, -1.4f, 3.0f, 2.8f, 1.2f, 0x6e4a2c},
                           {'b', 2.0f, -2.0f, 11.0f, 2.2f, 0.8f, 0x30353e},
                           {'c', 10.0f, -0.4f, 25.0f, -0.4f, 1.3f, 0x30353e},
                           {'c', 3.5f, -4.0f, 9.5f, -4.0f, 1.7f, 0x1e2128},
                           {'c', 9.3f, -4.0f, 9.6f, -4.0f, 1.2f, 0x8fd8ff}}},
    [ART_WEAPON_SMG] = {3,
                        {{'b', 5.0f, 1.5f, 8.5f, 7.5f, 0.8f, 0x25292f},
                         {'b', 0.0f, -2.6f, 12.0f, 2.6f, 1.2f, 0x3f4656},
                         {'c', 11.0f, -0.8f, 16.0f, -0.8f, 1.3f, 0x30353e}}},
    [ART_WEAPON_GRENADE] = {4,
                            {{'b', -6.0f, -1.0f, 2.0f, 2.6f, 1.2f, 0x4e5a2a},
                             {'b', 1.0f, -4.6f, 8.0f, 4.2f, 2.2f, 0x566326},
                             {'c', 3.0f, -0.5f, 16.5f, -0.5f, 3.8f, 0x6f7f3a},
                             {'c', 17.0f, -0.5f, 18.0f, -0.5f, 4.1f, 0x2a2e22}}},
};

static rs_color ink(void) {
    return rs_hex(0x212126, 1.0f);
}

/// The point (t, s) of a weapon whose grip is (gx, gy), barrel along (ux, uy), across (nx, ny).
static void at(float gx, float gy, float ux, float uy, float nx, float ny, float k, float t,
               float s, float *x, float *y) {
    *x = gx + (ux * t + nx * s) * k;
    *y = gy + (uy * t + ny * s) * k;
}

static rs_shape part_shape(const part *p, float gx, float gy, float ux, float uy, float nx,
                           float ny, float k) {
    if (p->kind == 'c') {
        float x0, y0, x1, y1;
        at(gx, gy, ux, uy, nx, ny, k, p->t0, p->s0, &x0, &y0);
        at(gx, gy, ux, uy, nx, ny, k, p->t1, p->s1, &x1, &y1);
        return rs_capsule(x0, y0, x1, y1, p->r * k);
    }
    // A box with rounded corners: its corners pulled in by the rounding, then grown back.
    float r = p->r, pts[8];
    const float ts[4] = {p->t0 + r, p->t1 - r, p->t1 - r, p->t0 + r};
    const float ss[4] = {p->s0 + r, p->s0 + r, p->s1 - r, p->s1 - r};
    for (int i = 0; i < 4; i++)
        at(gx, gy, ux, uy, nx, ny, k, ts[i], ss[i], &pts[2 * i], &pts[2 * i + 1]);
    return rs_poly(4, pts, r * k);
}

void art_weapon(rs_canvas *c, int weapon, float gx, float gy, float ux, float uy, float k) {
    if (weapon < 0 || weapon >= ART_WEAPON_COUNT) return;
    const design *d = &designs[weapon];
    float len = sqrtf(ux * ux + uy * uy);
    if (len <= 0.0f) return;
    // Across the barrel, towards the ground: the magazine and the stock's heel hang down
    // whichever way the weapon points.
    float nx = -uy / len, ny = ux / len;
    if (ny < 0.0f || (ny == 0.0f && nx > 0.0f)) {
        nx = -nx;
        ny = -ny;
    }
    rs_paint lp = rs_solid(ink());
    for (int i = 0; i < d->count; i++) {
        rs_shape s = part_shape(&d->parts[i], gx, gy, ux, uy, nx, ny, k);
        rs_fill(c, &s, &lp, 1.2f, 1.0f);
    }
    for (int i = 0; i < d->count; i++) {
        const part *p = &d->parts[i];
        rs_shape s = part_shape(p, gx, gy, ux, uy, nx, ny, k);
        rs_color base = rs_hex(p->rgb, 1.0f);
        // Lit from above: lighter on the side away from the ground.
        float cx, cy;
        at(gx, gy, ux, uy, nx, ny, k, 0.5f * (p->t0 + p->t1), 0.5f * (p->s0 + p->s1), &cx, &cy);
        float w = (fabsf(p->s1 - p->s0) * 0.5f + p->r + 1.0f) * k;
        rs_paint fp = rs_linear(rs_shade(base, 1.35f), cx - nx * w, cy - ny * w,
                                rs_shade(base, 0.75f), cx + nx * w, cy + ny * w);
        rs_fill(c, &s, &fp, 0.0f, 1.0f);
    }
    // A glint along the longest part's upper edge.
    const part *main = &d->parts[0];
    for (int i = 1; i < d->count; i++)
        if (fabsf(d->parts[i].t1 - d->parts[i].t0) > fabsf(main->t1 - main->t0))
            main = &d->parts[i];
    float up = (main->kind == 'c' ? main->s0 - main->r : fminf(main->s0, main->s1)) + 1.0f;
    float x0, y0, x1, y1;
    at(gx, gy, ux, uy, nx, ny, k, main->t0 + 2.0f, up, &x0, &y0);
    at(gx, gy, ux, uy, nx, ny, k, main->t1 - 1.5f, up, &x1, &y1);
    rs_shape glint = rs_capsule(x0, y0, x1, y1, 0.55f * k);
    rs_paint gp = rs_with_blend(rs_solid(rs_hex(0xffffff, 0.55f)), RS_ATOP);
    rs_fill(c, &glint, &gp, 0.0f, 1.0f);
}

void art_weapon_icon(rs_canvas *c, int weapon, float cx, float cy, float width) {
    if (weapon < 0 || weapon >= ART_WEAPON_COUNT) return;
    const design *d = &designs[weapon];
    float t0 = 1e9f, t1 = -1e9f;
    for (int i = 0; i < d->count; i++) {
        const part *p = &d->parts[i];
        float pad = p->kind == 'c' ? p->r : 0.0f;
        t0 = fminf(t0, fminf(p->t0, p->t1) - pad);
        t1 = fmaxf(t1, fmaxf(p->t0, p->t1) + pad);
    }
    // Pointing right and a little up, as long as `width` allows, at most 1.6 times its size.
    const float ux = 0.97f, uy = -0.24f;
    float k = fminf(1.6f, width / (t1 - t0));
    float mid = 0.5f * (t0 + t1) * k;
    art_weapon(c, weapon, cx - ux * mid, cy - uy * mid, ux, uy, k);
}

/// The grip of an agent drawn in a weapons.png cell, facing (dx, dy): the barrel's start and
/// its direction on screen.
static float grip(float dx, float dy, float *gx, float *gy) {
    *gx = (float)ART_WEAPON_FOOT_X;
    *gy = (float)ART_WEAPON_FOOT_Y - ART_AGENT_BODY_Y;
    float extra = art_agent_grip(dx, dy, gx, gy);
    *gy += 4.0f;
    return extra;
}

static void hand(rs_canvas *c, float dx, float dy) {
    float gx, gy;
    grip(dx, dy, &gx, &gy);
    float sx = dx, sy = dy * ART_AGENT_FORESHORTEN, t = 6.0f;
    float x = gx + sx * t, y = gy + 0.5f + sy * t;
    rs_shape s = rs_circle(x, y, 3.0f);
    rs_color light = {1.0f, 1.0f, 1.0f, 1.0f}, dark = {0.7f, 0.7f, 0.7f, 1.0f};
    rs_paint p = rs_radial(light, x - 1.0f, y - 1.0f, dark, 4.0f);
    rs_fill_outlined(c, &s, &p, ink(), 1.3f);
}

void art_draw_weapons(rs_canvas *c) {
    for (int row = 0; row <= ART_WEAPON_HAND; row++)
        for (int d = 0; d < ART_AGENT_DIRS; d++) {
            rs_cell(c, d * ART_WEAPON_CELL, row * ART_WEAPON_CELL, ART_WEAPON_CELL,
                    ART_WEAPON_CELL);
            const float a = (float)d * 0.78539816f, dx = cosf(a), dy = sinf(a);
            if (row == ART_WEAPON_HAND) {
                hand(c, dx, dy);
                continue;
            }
            float gx, gy;
            float extra = grip(dx, dy, &gx, &gy);
            // Raised over the shoulder, the barrel shows a little longer (art_weapon_muzzle).
            float k = 1.0f + extra / art_weapon_reach(row);
            art_weapon(c, row, gx, gy, dx * k, dy * ART_AGENT_FORESHORTEN * k, 1.0f);
        }
}
