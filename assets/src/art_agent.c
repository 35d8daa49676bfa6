// agent.png: a chubby round character in 8 facings x (idle, 4 walk frames, hit flash).
//
// Everything is grey or white so SDL_SetTextureColorMod tints the body; the outline and the eyes
// stay dark enough to read under any tint. The weapon and the hand holding it are drawn apart
// (art_weapons.c), so the renderer can show whichever weapon the agent holds. Facing d points along
// angle d * 45 degrees, clockwise from east with y down. The 2.5D look comes from squashing the
// facing vector vertically (FORESHORTEN) when placing the feet and the eyes.
#include "art_draw.h"
#include "art_layout.h"

#include <math.h>

#define FORESHORTEN ART_AGENT_FORESHORTEN

static const rs_color *ink(void) {
    static const rs_color c = {0.13f, 0.13f, 0.15f, 1.0f};
    return &c;
}

static rs_color grey(float v) {
    rs_color c = {v, v, v, 1.0f};
    return c;
}

typedef struct pose {
    float bob;    ///< body lift in pixels (negative is up)
    float step;   ///< foot offset along the facing, -1..1
    float squash; ///< body width change
} pose;

static void foot(rs_canvas *c, float x, float y) {
    rs_shape s = rs_ellipse(x, y, 4.2f, 3.0f, 0.0f);
    rs_paint p = rs_linear(grey(0.78f), x, y - 3.0f, grey(0.48f), x, y + 3.0f);
    rs_fill_outlined(c, &s, &p, *ink(), 1.3f);
}

static void eye(rs_canvas *c, float x, float y, float size) {
    rs_shape s = rs_ellipse(x, y, 1.9f * size, 2.9f * size, 0.0f);
    rs_paint p = rs_solid(*ink());
    rs_fill(c, &s, &p, 0.0f, 1.0f);
    rs_shape glint = rs_circle(x - 0.6f * size, y - 1.1f * size, 0.85f * size);
    rs_paint gp = rs_solid(grey(1.0f));
    rs_fill(c, &glint, &gp, 0.0f, 1.0f);
}

static void face(rs_canvas *c, float cx, float cy, float dx, float dy) {
    if (dy < -0.9f) return; // facing away: the back of the head
    float fx = cx + dx * 6.5f, fy = cy - 2.5f + dy * 2.5f;
    float half = 2.4f + 2.3f * fabsf(dy);
    if (dy < -0.1f) {
        // Three-quarter back view: only the eye near the silhouette edge shows.
        eye(c, fx + (dx > 0.0f ? half : -half), fy, 0.85f);
        return;
    }
    // The eye further from the viewer's side is a little smaller.
    eye(c, fx - half, fy, dx > 0.3f ? 0.85f : 1.0f);
    eye(c, fx + half, fy, dx < -0.3f ? 0.85f : 1.0f);
    if (dy > 0.3f) { // a small smile when facing the camera
        rs_shape m = rs_clipped(rs_ring(fx, fy + 2.6f, 2.2f, 0.55f), 0.0f, -1.0f, -(fy + 3.4f));
        rs_paint mp = rs_solid(*ink());
        rs_fill(c, &m, &mp, 0.0f, 1.0f);
    }
}

static void body(rs_canvas *c, float cx, float cy, float squash) {
    rs_shape s = rs_ellipse(cx, cy, 13.0f + squash, 12.5f - squash * 0.6f, 0.0f);
    rs_paint p = rs_radial(grey(1.0f), cx - 4.5f, cy - 5.5f, grey(0.66f), 21.0f);
    rs_fill_outlined(c, &s, &p, *ink(), 1.6f);
    // Rim light on the shaded side and a soft specular highlight.
    rs_shape rim = rs_clipped(rs_ring(cx, cy, 11.2f, 0.8f), -1.0f, -1.0f, -(cx + cy) - 6.0f);
    rs_paint rp = rs_with_blend(rs_solid(grey(0.9f)), RS_ATOP);
    rs_fill(c, &rim, &rp, 0.0f, 1.5f);
    rs_shape spec = rs_ellipse(cx - 5.0f, cy - 6.5f, 3.2f, 2.0f, -0.5f);
    rs_paint sp = rs_solid(rs_hex(0xffffff, 0.9f));
    rs_fill(c, &spec, &sp, 0.0f, 1.5f);
}

// The soft contact shadow, drawn under whatever is already in the cell.
static void shadow(rs_canvas *c) {
    rs_shape s = rs_ellipse((float)ART_AGENT_FOOT_X, (float)ART_AGENT_FOOT_Y, 12.5f, 4.0f, 0.0f);
    rs_paint p = rs_with_blend(rs_solid(rs_hex(0x000000, 0.28f)), RS_UNDER);
    rs_fill(c, &s, &p, 0.0f, 2.5f);
}

static void draw_agent(rs_canvas *c, int dir, pose ps) {
    const float angle = (float)dir * 0.78539816f;
    const float dx = cosf(angle), dy = sinf(angle);
    const float footx = (float)ART_AGENT_FOOT_X, footy = (float)ART_AGENT_FOOT_Y;
    const float cx = footx, cy = footy - ART_AGENT_BODY_Y + ps.bob;

    // Feet step along the facing; the side-to-side spread follows the perpendicular.
    float px = -dy, py = dx * FORESHORTEN;
    for (int i = 0; i < 2; i++) {
        float side = i ? 1.0f : -1.0f;
        float step = ps.step * side * 3.0f;
        foot(c, footx + px * side * 6.0f + dx * step,
             footy - 2.5f + py * side * 2.0f + dy * step * 0.6f);
    }
    body(c, cx, cy, ps.squash);
    face(c, cx, cy, dx, dy);
}

void art_draw_agent(rs_canvas *c) {
    static const pose poses[ART_AGENT_FRAMES - 1] = {
        {0.0f, 0.0f, 0.0f},   // idle
        {0.5f, 1.0f, 0.5f},   // contact, one foot forward
        {-1.5f, 0.0f, -0.4f}, // passing, body up
        {0.5f, -1.0f, 0.5f},  // contact, other foot forward
        {-1.5f, 0.0f, -0.4f}, // passing
    };
    for (int d = 0; d < ART_AGENT_DIRS; d++) {
        for (int f = 0; f < ART_AGENT_FRAMES; f++) {
            rs_cell(c, f * ART_AGENT_W, d * ART_AGENT_H, ART_AGENT_W, ART_AGENT_H);
            draw_agent(c, d, poses[f < ART_AGENT_FRAMES - 1 ? f : 0]);
            if (f == ART_AGENT_FRAMES - 1) rs_flatten(c, grey(1.0f)); // hit flash
            shadow(c);
        }
    }
}
