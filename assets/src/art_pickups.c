// pickups.png: loot on the ground, big and bold enough to read at game zoom: each weapon side
// on (the parts of art_weapons.c, scaled up), a medkit, a shield, and the glow and the shadow
// the renderer draws under them.
#include "art_draw.h"
#include "art_layout.h"

#include <math.h>

#define P ((float)ART_PICKUP)

static rs_color line_col(void) {
    return rs_hex(0x1e1a2a, 1.0f);
}

void art_medkit(rs_canvas *c, float x, float y, float k) {
    rs_shape handle = rs_ring(x, y - 7.0f * k, 3.2f * k, 1.1f * k);
    rs_paint hp = rs_solid(rs_hex(0x6a7380, 1.0f));
    rs_fill_outlined(c, &handle, &hp, line_col(), 1.2f);
    rs_shape box = rs_rrect(x, y + 1.0f * k, 10.0f * k, 7.5f * k, 2.0f * k, 0.0f);
    rs_paint bp = rs_linear(rs_hex(0xffffff, 1.0f), x - 10.0f * k, y - 6.0f * k,
                            rs_hex(0xc8d0dc, 1.0f), x + 10.0f * k, y + 8.0f * k);
    rs_fill_outlined(c, &box, &bp, line_col(), 1.4f);
    rs_shape h = rs_rrect(x, y + 1.0f * k, 5.0f * k, 1.8f * k, 0.6f * k, 0.0f);
    rs_shape v = rs_rrect(x, y + 1.0f * k, 1.8f * k, 5.0f * k, 0.6f * k, 0.0f);
    rs_paint red = rs_solid(rs_hex(0xe0353a, 1.0f));
    rs_fill(c, &h, &red, 0.0f, 1.0f);
    rs_fill(c, &v, &red, 0.0f, 1.0f);
    rs_shape gloss = rs_capsule(x - 7.5f * k, y - 4.5f * k, x + 2.0f * k, y - 4.5f * k, 0.7f * k);
    rs_paint gp = rs_with_blend(rs_solid(rs_hex(0xffffff, 0.8f)), RS_ATOP);
    rs_fill(c, &gloss, &gp, 0.0f, 1.0f);
}

void art_shield(rs_canvas *c, float x, float y, float k) {
    const float pts[] = {x - 9.0f * k, y - 9.0f * k, x, y - 11.5f * k, x + 9.0f * k, y - 9.0f * k,
                         x + 8.0f * k, y + 1.5f * k, x, y + 11.5f * k, x - 8.0f * k, y + 1.5f * k};
    rs_shape s = rs_poly(6, pts, 1.2f * k);
    rs_paint p = rs_linear(rs_hex(0x8fd0ff, 1.0f), x - 9.0f * k, y - 11.0f * k,
                           rs_hex(0x1f5fc8, 1.0f), x + 9.0f * k, y + 11.0f * k);
    rs_fill_outlined(c, &s, &p, line_col(), 1.5f);
    // The right half in shade, a bright rim and a star in the middle.
    rs_shape right = rs_clipped(s, -1.0f, 0.0f, -x);
    rs_paint rp = rs_with_blend(rs_solid(rs_hex(0x0a2a6a, 0.25f)), RS_ATOP);
    rs_fill(c, &right, &rp, 0.0f, 1.0f);
    const float inner[] = {x - 6.0f * k, y - 6.8f * k, x, y - 8.6f * k, x + 6.0f * k, y - 6.8f * k,
                           x + 5.3f * k, y + 0.8f * k, x, y + 8.0f * k, x - 5.3f * k, y + 0.8f * k};
    rs_shape in = rs_poly(6, inner, 1.0f * k);
    rs_paint lp = rs_with_blend(rs_solid(rs_hex(0xe0f4ff, 0.7f)), RS_ATOP); // a bright rim ...
    rs_fill(c, &in, &lp, 0.6f * k, 1.0f);
    rs_paint back = rs_with_blend(
        rs_linear(rs_hex(0x5aa8f0, 1.0f), x, y - 8.0f * k, rs_hex(0x1a4aa8, 1.0f), x, y + 8.0f * k),
        RS_ATOP);
    rs_fill(c, &in, &back, 0.0f, 1.0f); // ... around the inner plate
    float sp[10 * 2];
    for (int i = 0; i < 10; i++) {
        float a = (float)i * 0.6283185f - 1.5707963f, r = (i % 2 ? 2.0f : 4.6f) * k;
        sp[2 * i] = x + cosf(a) * r;
        sp[2 * i + 1] = y - 0.5f * k + sinf(a) * r;
    }
    rs_shape star = rs_poly(10, sp, 0.2f);
    rs_paint st = rs_solid(rs_hex(0xffffff, 1.0f));
    rs_fill(c, &star, &st, 0.0f, 1.0f);
}

void art_draw_pickups(rs_canvas *c) {
    for (int i = 0; i < ART_PICKUP_COUNT; i++) {
        rs_cell(c, (i % ART_PICKUPS_PER_ROW) * ART_PICKUP, (i / ART_PICKUPS_PER_ROW) * ART_PICKUP,
                ART_PICKUP, ART_PICKUP);
        if (i < ART_WEAPON_COUNT) {
            art_weapon_icon(c, i, P * 0.5f, P * 0.5f + 1.0f, P - 4.0f);
            rs_drop_shadow(c, 1, 1, 1, 0.5f);
            continue;
        }
        switch ((enum art_pickup)i) {
        case ART_PICKUP_MEDKIT:
            art_medkit(c, P * 0.5f, P * 0.5f + 1.0f, 1.0f);
            rs_drop_shadow(c, 1, 1, 1, 0.5f);
            break;
        case ART_PICKUP_SHIELD:
            art_shield(c, P * 0.5f, P * 0.5f, 1.0f);
            rs_drop_shadow(c, 1, 1, 1, 0.5f);
            break;
        case ART_PICKUP_GLOW: {
            rs_shape s = rs_circle(P * 0.5f, P * 0.5f, P * 0.5f);
            rs_paint p = rs_radial(rs_hex(0xffffff, 0.8f), P * 0.5f, P * 0.5f,
                                   rs_hex(0xffffff, 0.0f), P * 0.5f);
            rs_fill(c, &s, &p, 0.0f, 1.0f);
            break;
        }
        case ART_PICKUP_SHADOW: {
            rs_shape s = rs_ellipse(P * 0.5f, P * 0.5f, 10.0f, 3.5f, 0.0f);
            rs_paint p = rs_solid(rs_hex(0x000000, 0.35f));
            rs_fill(c, &s, &p, 0.0f, 2.5f);
            break;
        }
        default:
            break;
        }
    }
}
