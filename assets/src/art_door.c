// door.png: a sliding door's panel. Steel plates with rivets and a yellow and black hazard
// stripe at both ends of its travel, so a door never reads as a wall; the top seen from above
// (seams along x or along y) and the south face, each opaque to its edges.
#include "art_draw.h"
#include "art_layout.h"

#include <math.h>

#define D ((float)ART_DOOR)

static const rs_color *steel(void) {
    static const rs_color c = {0.43f, 0.5f, 0.58f, 1.0f};
    return &c;
}

static rs_color line_col(void) {
    return rs_hex(0x1a1e26, 1.0f);
}

/// Hazard stripes over the pixels of the box (x0, y0)-(x1, y1): yellow and black bands at 45
/// degrees, three pixels each.
static void hazard(rs_canvas *c, int x0, int y0, int x1, int y1) {
    const rs_color yellow = rs_hex(0xf2c12e, 1.0f), black = rs_hex(0x1c1c1c, 1.0f);
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++)
            rs_plot(c, x, y, (x + y) / 3 % 2 ? black : yellow, 1.0f, RS_OVER);
}

static void rivet(rs_canvas *c, float x, float y) {
    rs_shape s = rs_circle(x, y, 1.2f);
    rs_paint p =
        rs_radial(rs_hex(0xe8eef4, 1.0f), x - 0.4f, y - 0.4f, rs_hex(0x5a6470, 1.0f), 1.6f);
    rs_fill(c, &s, &p, 0.0f, 1.0f);
}

/// The top: plates with seams running along the door's travel, rivets, a stripe at each end.
static void top(rs_canvas *c, bool along_x) {
    rs_cell(c, (along_x ? ART_DOOR_TOP_X : ART_DOOR_TOP_Y) * ART_DOOR, 0, ART_DOOR, ART_DOOR);
    // Opaque to the cell's edge (the renderer stretches it over the door's box, and what stands
    // behind the door must not show through): a dark rim, then the plate.
    rs_shape cell = rs_rrect(D * 0.5f, D * 0.5f, D, D, 0.0f, 0.0f);
    rs_paint lp = rs_solid(line_col());
    rs_fill(c, &cell, &lp, 0.0f, 1.0f);
    rs_shape plate = rs_rrect(D * 0.5f, D * 0.5f, D * 0.5f - 1.0f, D * 0.5f - 1.0f, 1.0f, 0.0f);
    rs_paint p = rs_linear(rs_shade(*steel(), 1.35f), 0.0f, 0.0f, rs_shade(*steel(), 0.85f), D, D);
    rs_fill(c, &plate, &p, 0.0f, 1.0f);
    rs_paint seam = rs_with_blend(rs_solid(rs_shade(*steel(), 0.55f)), RS_ATOP);
    for (int i = 1; i < 3; i++) {
        float k = D * (float)i / 3.0f;
        rs_shape s = along_x ? rs_capsule(3.0f, k, D - 3.0f, k, 0.5f)
                             : rs_capsule(k, 3.0f, k, D - 3.0f, 0.5f);
        rs_fill(c, &s, &seam, 0.0f, 1.0f);
    }
    for (int i = 0; i < 2; i++) { // the stripes at both ends of the travel
        int a = i ? ART_DOOR - 5 : 1, b = a + 4;
        if (along_x)
            hazard(c, a, 1, b, ART_DOOR - 1);
        else
            hazard(c, 1, a, ART_DOOR - 1, b);
    }
    for (int i = 0; i < 3; i++) {
        float k = D * ((float)i + 0.5f) / 3.0f;
        rivet(c, along_x ? 9.0f : k, along_x ? k : 9.0f);
        rivet(c, along_x ? D - 9.0f : k, along_x ? k : D - 9.0f);
    }
}

/// The south face: darker plates, a window slit and the stripe, like a wall's front face.
static void front(rs_canvas *c) {
    const float h = (float)ART_WALL_HEIGHT;
    rs_cell(c, ART_DOOR_FRONT * ART_DOOR, 0, ART_DOOR, ART_DOOR);
    rs_shape cell = rs_rrect(D * 0.5f, h * 0.5f, D, h * 0.5f, 0.0f, 0.0f);
    rs_paint lp = rs_solid(line_col());
    rs_fill(c, &cell, &lp, 0.0f, 1.0f);
    rs_shape face = rs_rrect(D * 0.5f, h * 0.5f, D * 0.5f - 1.0f, h * 0.5f - 1.0f, 0.8f, 0.0f);
    rs_paint p = rs_linear(rs_shade(*steel(), 0.8f), 0.0f, 0.0f, rs_shade(*steel(), 0.5f), 0.0f, h);
    rs_fill(c, &face, &p, 0.0f, 1.0f);
    hazard(c, 1, ART_WALL_HEIGHT - 5, ART_DOOR - 1, ART_WALL_HEIGHT - 1);
    rs_shape slit = rs_rrect(D * 0.5f, 6.0f, 7.0f, 1.6f, 1.0f, 0.0f);
    rs_paint sp = rs_linear(rs_hex(0x9ad8ff, 1.0f), 0.0f, 4.5f, rs_hex(0x2a5a7a, 1.0f), 0.0f, 7.5f);
    rs_fill_outlined(c, &slit, &sp, line_col(), 0.8f);
    rivet(c, 3.5f, 3.5f);
    rivet(c, D - 3.5f, 3.5f);
}

void art_draw_door(rs_canvas *c) {
    top(c, true);
    top(c, false);
    front(c);
}
