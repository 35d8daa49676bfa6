// The ground layer: grass, dirt and sand, wall shadows as continuous bands, water with its
// shores, and the world round the map (rock and sea). One tile per piece, snapped to whole
// pixels, no per-pixel work: a frame costs a few draws per cell in view.
#include "render_internal.h"

/// Frames of the water's animation a second.
#define WATER_FPS 6.0f

/// Smooth noise in [0, 1] over cells: hashed values on a coarse lattice, bilinearly blended.
static float ground_noise(int x, int y) {
    const int step = 6;
    int gx = x / step, gy = y / step;
    float fx = (float)(x % step) / (float)step, fy = (float)(y % step) / (float)step;
    float v00 = (float)(render_cell_hash(gx, gy) & 1023) / 1023.0f,
          v10 = (float)(render_cell_hash(gx + 1, gy) & 1023) / 1023.0f;
    float v01 = (float)(render_cell_hash(gx, gy + 1) & 1023) / 1023.0f,
          v11 = (float)(render_cell_hash(gx + 1, gy + 1) & 1023) / 1023.0f;
    float top = v00 + (v10 - v00) * fx, bottom = v01 + (v11 - v01) * fx;
    return top + (bottom - top) * fy;
}

static void cell_tile(gfx *g, const camera *c, int t, int x, int y, float cs) {
    render_tile(g, c, t, ART_TILE, (float)x * cs, (float)y * cs, (float)(x + 1) * cs,
                (float)(y + 1) * cs);
}

/// The shadow on cell (x, y) from the blocks north and west of it (the sun is in the north-west):
/// a band along a wall's south side, one along its east side, the rounded end of a band where
/// only the north-west cell is a block, and an inside corner where both sides are. Neighbouring
/// pieces agree at their shared edges, so the bands run on without steps.
static void shadow(gfx *g, const camera *c, const ae_grid *gr, int x, int y, float cs) {
    bool n = render_block(gr, x, y - 1), wv = render_block(gr, x - 1, y);
    int t = n && wv                          ? ART_TILE_SHADOW_NW_INNER
            : n                              ? ART_TILE_SHADOW_N
            : wv                             ? ART_TILE_SHADOW_W
            : render_block(gr, x - 1, y - 1) ? ART_TILE_SHADOW_NW
                                             : -1;
    if (t >= 0) cell_tile(g, c, t, x, y, cs);
}

/// Grass with patches of dirt where a coarse value noise runs high; sand next to water.
static void open_ground(gfx *g, const camera *c, const ae_grid *gr, int x, int y, float cs) {
    uint32_t h = render_cell_hash(x, y);
    bool shore = false;
    for (int dy = -1; dy <= 1 && !shore; dy++)
        for (int dx = -1; dx <= 1 && !shore; dx++) shore = render_water(gr, x + dx, y + dy);
    int t = ART_TILE_GRASS0 + (int)(h & 3);
    if (shore)
        t = ART_TILE_SAND0 + (int)((h >> 8) & 1);
    else if (ground_noise(x, y) > 0.72f)
        t = ART_TILE_DIRT0 + (int)((h >> 8) & 1);
    cell_tile(g, c, t, x, y, cs);
}

/// A water cell: its frame of the water, then where land touches it the shallows and foam (which
/// breathe, each cell on its own beat), and the bank's earth face under land to the north.
static void water(gfx *g, const camera *c, const ae_grid *gr, int x, int y, float cs, int frame,
                  float time) {
    cell_tile(g, c, art_water_tile(frame, x, y), x, y, cs);
    bool n = !render_water(gr, x, y - 1), s = !render_water(gr, x, y + 1);
    bool wv = !render_water(gr, x - 1, y), e = !render_water(gr, x + 1, y);
    bool nw = !n && !wv && !render_water(gr, x - 1, y - 1);
    bool ne = !n && !e && !render_water(gr, x + 1, y - 1);
    bool sw = !s && !wv && !render_water(gr, x - 1, y + 1);
    bool se = !s && !e && !render_water(gr, x + 1, y + 1);
    if (!(n || s || wv || e || nw || ne || sw || se)) return;
    float phase = (float)(render_cell_hash(x, y) & 255) * (6.2831853f / 256.0f);
    gfx_alpha_mod(g->tiles, (Uint8)(205.0f + 50.0f * sinf(2.2f * time + phase)));
    const bool side[8] = {s, wv, e, n, nw, ne, sw, se};
    static const int tiles[8] = {ART_TILE_SHORE_S,  ART_TILE_SHORE_W,  ART_TILE_SHORE_E,
                                 ART_TILE_SHORE_N,  ART_TILE_SHORE_NW, ART_TILE_SHORE_NE,
                                 ART_TILE_SHORE_SW, ART_TILE_SHORE_SE};
    for (int k = 0; k < 8; k++)
        if (side[k]) cell_tile(g, c, tiles[k], x, y, cs);
    gfx_alpha_mod(g->tiles, 255);
    if (n)
        render_tile(g, c, ART_TILE_BANK, ART_BANK_HEIGHT, (float)x * cs, (float)y * cs,
                    (float)(x + 1) * cs, (float)y * cs + ART_BANK_HEIGHT * cs / ART_TILE);
}

void render_ground(gfx *g, const camera *c, const sim_world *w, int x0, int y0, int x1, int y1,
                   float time) {
    const ae_grid *gr = &w->grid;
    const float cs = w->cfg.cell_size;
    const int frame = (int)fmodf(time * WATER_FPS, (float)ART_WATER_FRAMES);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            if (render_water(gr, x, y))
                water(g, c, gr, x, y, cs, frame, time);
            else if (render_block(gr, x, y))
                continue; // raised: drawn in depth order, over its own footprint
            else
                open_ground(g, c, gr, x, y, cs);
            shadow(g, c, gr, x, y, cs);
        }
}

void render_block_cell(gfx *g, const camera *c, const sim_world *w, int x, int y) {
    const float cs = w->cfg.cell_size, h = ART_WALL_HEIGHT * cs / ART_TILE;
    const ae_grid *gr = &w->grid;
    const float left = (float)x * cs, right = (float)(x + 1) * cs, foot = (float)(y + 1) * cs;
    if (!ae_grid_in_bounds(gr, x, y)) {
        // The rock round the map; over open ground or water (the map's north edge, a sea or
        // river beside it), its cliff face.
        render_tile(g, c, art_rock_tile(x, y), ART_TILE, left, (float)y * cs - h, right, foot - h);
        if (!render_block(gr, x, y + 1))
            render_tile(g, c, ART_TILE_ROCK_FRONT, ART_WALL_HEIGHT, left, foot - h, right, foot);
        return;
    }
    bool deep = plain_wall(gr, x, y + 1) && plain_wall(gr, x, y - 1) && plain_wall(gr, x - 1, y) &&
                plain_wall(gr, x + 1, y);
    render_tile(g, c, deep ? ART_TILE_WALL_TOP_DEEP : ART_TILE_WALL_TOP, ART_TILE, left,
                (float)y * cs - h, right, foot - h);
    if (!plain_wall(gr, x, y + 1))
        render_tile(g, c, ART_TILE_WALL_FRONT, ART_WALL_HEIGHT, left, foot - h, right, foot);
}

/// Cells of fog from the map's edge to its full depth.
#define FOG_CELLS 6.0f
#define FOG_ALPHA 150

void render_off_map_fog(SDL_Renderer *r, const camera *c, const sim_world *w) {
    const float cs = w->cfg.cell_size, d = FOG_CELLS * cs * c->zoom;
    const float ix0 = render_snap_x(c, 0.0f), iy0 = render_snap_y(c, 0.0f);
    const float ix1 = render_snap_x(c, (float)w->grid.width * cs),
                iy1 = render_snap_y(c, (float)w->grid.height * cs);
    if (ix0 <= 0.0f && iy0 <= 0.0f && ix1 >= c->screen_w && iy1 >= c->screen_h) return;
    const float ox0 = ix0 - d, oy0 = iy0 - d, ox1 = ix1 + d, oy1 = iy1 + d;
    const float sw = c->screen_w, sh = c->screen_h;
    const SDL_Color clear = {8, 10, 16, 0}, dark = {8, 10, 16, FOG_ALPHA};
    // The ring from the map's edge (clear) to the fog's full depth (dark): four trapezoids.
    const SDL_FPoint in[4] = {{ix0, iy0}, {ix1, iy0}, {ix1, iy1}, {ix0, iy1}};
    const SDL_FPoint out[4] = {{ox0, oy0}, {ox1, oy0}, {ox1, oy1}, {ox0, oy1}};
    SDL_Vertex v[4 * 6 + 4 * 6];
    int n = 0;
    for (int k = 0; k < 4; k++) {
        int k1 = (k + 1) % 4;
        const SDL_Vertex a = {in[k], clear, {0, 0}}, b = {in[k1], clear, {0, 0}};
        const SDL_Vertex oa = {out[k], dark, {0, 0}}, ob = {out[k1], dark, {0, 0}};
        const SDL_Vertex quad[6] = {a, b, ob, a, ob, oa};
        for (int i = 0; i < 6; i++) v[n++] = quad[i];
    }
    // Beyond it, solid fog: above, below, left and right of the outer rectangle.
    const SDL_FRect rest[4] = {{0, 0, sw, oy0},
                               {0, oy1, sw, sh - oy1},
                               {0, oy0, ox0, oy1 - oy0},
                               {ox1, oy0, sw - ox1, oy1 - oy0}};
    for (int k = 0; k < 4; k++) {
        const SDL_FRect q = rest[k];
        if (q.w <= 0.0f || q.h <= 0.0f) continue;
        const SDL_Vertex p[4] = {{{q.x, q.y}, dark, {0, 0}},
                                 {{q.x + q.w, q.y}, dark, {0, 0}},
                                 {{q.x + q.w, q.y + q.h}, dark, {0, 0}},
                                 {{q.x, q.y + q.h}, dark, {0, 0}}};
        const int order[6] = {0, 1, 2, 0, 2, 3};
        for (int i = 0; i < 6; i++) v[n++] = p[order[i]];
    }
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    gfx_geometry(r, NULL, v, n, NULL, 0);
}
