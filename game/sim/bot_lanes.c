// Bullet lanes: each bullet's next two seconds drawn into a coarse grid, for dodging bots.
#include "bot_lanes.h"

#include "sim_collide.h"

#include <float.h>
#include <math.h>
#include <string.h>

/// Lane cell side (world units): four map cells by default; wider on big maps, so the grid
/// never has more than BOT_LANE_MAX cells a side.
#define BOT_LANE_CELL 256.0f
#define BOT_LANE_MAX  256

float bot_bullet_flight(const sim_bullet *bl, float cap) {
    float speed = glms_vec2_norm(bl->vel);
    float ticks = speed > 0.0f ? bl->range_left / speed : 0.0f;
    return ticks < cap ? (ticks > 0.0f ? ticks : 0.0f) : cap;
}

void bot_lanes_free(bot_lanes *l) {
    ae_free(l->head, (size_t)l->cells_cap * sizeof *l->head);
    ae_free(l->stamp, (size_t)l->cells_cap * sizeof *l->stamp);
    ae_free(l->next, (size_t)l->entry_cap * sizeof *l->next);
    ae_free(l->slot, (size_t)l->entry_cap * sizeof *l->slot);
    ae_free(l->found, (size_t)l->entry_cap * sizeof *l->found);
    memset(l, 0, sizeof *l);
}

/// Grows an array of `cap` 4-byte entries to `n1`, keeping its contents (zeros after them). Out of
/// memory stops the program, as a broadphase that cannot grow does: this happens only when the
/// bullets or the map outgrow every tick before.
static void *grow(void *arr, int cap, int n1) {
    uint32_t *p = ae_calloc((size_t)n1, sizeof *p);
    AE_ASSERT(p != NULL);
    if (cap > 0) memcpy(p, arr, (size_t)cap * sizeof *p);
    ae_free(arr, (size_t)cap * sizeof *p);
    return p;
}

/// Room for `need` entries.
static void reserve_entries(bot_lanes *l, int need) {
    if (need <= l->entry_cap) return;
    int n1 = l->entry_cap > 0 ? l->entry_cap : 1024;
    while (n1 < need) n1 *= 2;
    l->next = grow(l->next, l->entry_cap, n1);
    l->slot = grow(l->slot, l->entry_cap, n1);
    l->found = grow(l->found, l->entry_cap, n1);
    l->entry_cap = n1;
}

static float min2(float a, float b) {
    return a < b ? a : b;
}

static float max2(float a, float b) {
    return a > b ? a : b;
}

/// The lane row or column of coordinate v (in cells), clamped to the grid: everything beyond
/// the map falls in the border cells.
static int lane_index(float v, int n) {
    if (!(v >= 0.0f)) return 0; // NaN too
    if (v >= (float)n) return n - 1;
    return (int)v;
}

/// Lists `slot` in every lane cell within r of the segment ab, a superset row by row: the part
/// of the segment within r of a row's band, widened by r.
static void draw(bot_lanes *l, vec2s a, vec2s b, float r, int32_t slot) {
    const float inv = 1.0f / l->cell, dx = b.x - a.x, dy = b.y - a.y;
    const int r0 = lane_index((min2(a.y, b.y) - r) * inv, l->ny),
              r1 = lane_index((max2(a.y, b.y) + r) * inv, l->ny);
    // Steep enough to clip by rows; else the whole segment lies within r of every row visited.
    const bool clip = fabsf(dy) > 1e-6f;
    const float inv_dy = clip ? 1.0f / dy : 0.0f;
    for (int row = r0; row <= r1; row++) {
        float t0 = 0.0f, t1 = 1.0f;
        if (clip) { // the border rows reach to infinity, as the border cells do
            float lo = row == 0 ? -FLT_MAX : (float)row * l->cell - r;
            float hi = row == l->ny - 1 ? FLT_MAX : (float)(row + 1) * l->cell + r;
            float u = (lo - a.y) * inv_dy, v = (hi - a.y) * inv_dy;
            t0 = max2(0.0f, min2(u, v));
            t1 = min2(1.0f, max2(u, v));
            if (t0 > t1) continue;
        }
        float xa = a.x + dx * t0, xb = a.x + dx * t1;
        int c0 = lane_index((min2(xa, xb) - r) * inv, l->nx),
            c1 = lane_index((max2(xa, xb) + r) * inv, l->nx);
        reserve_entries(l, l->entries + c1 - c0 + 1);
        for (int c = row * l->nx + c0; c <= row * l->nx + c1; c++) {
            int32_t e = l->entries++;
            l->next[e] = l->stamp[c] == l->build ? l->head[c] : -1;
            l->slot[e] = slot;
            l->stamp[c] = l->build;
            l->head[c] = e;
        }
    }
}

/// Draws every live bullet's lane.
static void build(const sim_world *w, bot_lanes *l) {
    const float cs = w->cfg.cell_size;
    const float mw = (float)w->grid.width * cs, mh = (float)w->grid.height * cs;
    l->cell = max2(BOT_LANE_CELL, max2(mw, mh) / (float)BOT_LANE_MAX);
    l->nx = ae_maxi(1, (int)ceilf(mw / l->cell));
    l->ny = ae_maxi(1, (int)ceilf(mh / l->cell));
    const int cells = l->nx * l->ny;
    if (cells > l->cells_cap) {
        l->head = grow(l->head, l->cells_cap, cells);
        l->stamp = grow(l->stamp, l->cells_cap, cells);
        l->cells_cap = cells;
    }
    if (++l->build == 0) { // the stamps wrapped: clear them so no stale stamp matches
        memset(l->stamp, 0, (size_t)l->cells_cap * sizeof *l->stamp);
        l->build = 1;
    }
    // Slack of a unit over the exact reach covers the rounding of the row clipping.
    const float reach = w->cfg.rules.agent_radius + BOT_DODGE_MARGIN + 1.0f;
    l->entries = 0;
    for (int k = 0; k < w->bullet_top; k++) {
        const sim_bullet *bl = &w->bullets[k];
        if (!bl->alive || glms_vec2_dot(bl->vel, bl->vel) <= 0.0f) continue;
        float flight = bot_bullet_flight(bl, BOT_DODGE_LOOKAHEAD);
        vec2s end = glms_vec2_add(bl->pos, glms_vec2_scale(bl->vel, flight));
        draw(l, bl->pos, end, reach + bl->radius, k);
    }
}

const int32_t *bot_lanes_at(const sim_world *w, bot_lanes *l, vec2s p, int *count) {
    const uint32_t epoch = sim_collide_bullet_epoch(w);
    if (!l->built || l->epoch != epoch || l->tick != w->tick || l->map_w != w->grid.width ||
        l->map_h != w->grid.height) {
        build(w, l);
        l->built = true;
        l->epoch = epoch;
        l->tick = w->tick;
        l->map_w = w->grid.width;
        l->map_h = w->grid.height;
    }
    const float inv = 1.0f / l->cell;
    const int c = lane_index(p.y * inv, l->ny) * l->nx + lane_index(p.x * inv, l->nx);
    int n = 0;
    if (l->stamp[c] == l->build)
        for (int32_t e = l->head[c]; e >= 0; e = l->next[e]) l->found[n++] = l->slot[e];
    *count = n;
    return l->found;
}
