// Bullet lanes: each bullet's next two seconds drawn into a coarse grid, for dodging bots.
#include "bot_lanes.h"

#include "bot_brain.h"
#include "sim_collide.h"

#include <float.h>
#include <math.h>

/// Lane cell side (world units): four map cells by default (wider on big maps, see sim_cells).
/// Smaller cells list fewer bullets to each dodging bot, and a build serves several ticks
/// (256 units cost 0.7% more of a 1,000-agent tick, 64 units 0.3% more).
#define BOT_LANE_CELL 128.0f

float bot_bullet_flight(const sim_bullet *bl, float cap) {
    float speed = glms_vec2_norm(bl->vel);
    float ticks = speed > 0.0f ? bl->range_left / speed : 0.0f;
    return ticks < cap ? (ticks > 0.0f ? ticks : 0.0f) : cap;
}

void bot_lanes_free(bot_lanes *l) {
    sim_cells_free(&l->cells);
    l->built = false;
}

static float min2(float a, float b) {
    return a < b ? a : b;
}

static float max2(float a, float b) {
    return a > b ? a : b;
}

/// Lists `slot` in every cell within r of the segment ab, a superset row by row: the part of
/// the segment within r of a row's band, widened by r.
static void draw(sim_cells *g, vec2s a, vec2s b, float r, int32_t slot) {
    const float dx = b.x - a.x, dy = b.y - a.y;
    const int r0 = sim_cells_coord(g, min2(a.y, b.y) - r, g->ny),
              r1 = sim_cells_coord(g, max2(a.y, b.y) + r, g->ny);
    // Steep enough to clip by rows; else the whole segment lies within r of every row visited.
    const bool clip = fabsf(dy) > 1e-6f;
    const float inv_dy = clip ? 1.0f / dy : 0.0f;
    for (int row = r0; row <= r1; row++) {
        float t0 = 0.0f, t1 = 1.0f;
        if (clip) { // the border rows reach to infinity, as the border cells do
            float lo = row == 0 ? -FLT_MAX : (float)row * g->side - r;
            float hi = row == g->ny - 1 ? FLT_MAX : (float)(row + 1) * g->side + r;
            float u = (lo - a.y) * inv_dy, v = (hi - a.y) * inv_dy;
            t0 = max2(0.0f, min2(u, v));
            t1 = min2(1.0f, max2(u, v));
            if (t0 > t1) continue;
        }
        float xa = a.x + dx * t0, xb = a.x + dx * t1;
        int c0 = sim_cells_coord(g, min2(xa, xb) - r, g->nx),
            c1 = sim_cells_coord(g, max2(xa, xb) + r, g->nx);
        for (int c = c0; c <= c1; c++) sim_cells_add(g, row * g->nx + c, slot);
    }
}

/// Every bullet fired since the build is then still too fresh for any bot to notice;
/// BOT_LANES_REUSE_MAX bounds how much longer the lanes are drawn.
int bot_lanes_reuse_ticks(void) {
    int k = BOT_LANES_REUSE_MAX;
    for (int d = 0; d < SIM_DIFFICULTY_COUNT; d++) {
        const bot_skill *sk = bot_skill_for((sim_difficulty)d);
        if (sk->dodge_chance > 0.0f && sk->reaction_ticks < k) k = sk->reaction_ticks;
    }
    return k > 1 ? k : 1;
}

/// Draws every live bullet's lane: its flight over the lookahead or the rest of its range, and
/// `extra` ticks beyond the lookahead (the ticks the build serves after this one).
static void build(const sim_world *w, bot_lanes *l, int extra) {
    sim_cells_begin(&l->cells, w, BOT_LANE_CELL);
    // Slack of a unit over the exact reach covers the rounding of the row clipping.
    const float reach = w->cfg.rules.agent_radius + BOT_DODGE_MARGIN + 1.0f;
    for (int k = 0; k < w->bullet_top; k++) {
        const sim_bullet *bl = &w->bullets[k];
        if (!bl->alive || glms_vec2_dot(bl->vel, bl->vel) <= 0.0f) continue;
        float flight = bot_bullet_flight(bl, BOT_DODGE_LOOKAHEAD + (float)extra);
        vec2s end = glms_vec2_add(bl->pos, glms_vec2_scale(bl->vel, flight));
        draw(&l->cells, bl->pos, end, reach + bl->radius, k);
    }
}

const sim_cells *bot_lanes_update(const sim_world *w, bot_lanes *l) {
    const uint32_t jumps = sim_collide_bullet_jumps(w);
    if (!l->built || l->jumps != jumps || w->tick < l->tick || w->tick - l->tick >= l->reuse ||
        l->map_w != w->grid.width || l->map_h != w->grid.height) {
        l->reuse = bot_lanes_reuse_ticks();
        build(w, l, l->reuse - 1);
        l->built = true;
        l->jumps = jumps;
        l->tick = w->tick;
        l->map_w = w->grid.width;
        l->map_h = w->grid.height;
    }
    return &l->cells;
}
