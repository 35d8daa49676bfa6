// The ground layer: grass, dirt and sand, wall shadows as continuous bands, water with its
// shores, and the world round the map (rock and sea). One tile per piece, snapped to whole
// pixels, no per-pixel work: a frame costs a few draws per cell in view.
#include "render_internal.h"

#include <stdlib.h>

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

static void cell_tile_alpha(gfx *g, const camera *c, int t, int x, int y, float cs, Uint8 a) {
    render_tile_alpha(g, c, t, ART_TILE, (float)x * cs, (float)y * cs, (float)(x + 1) * cs,
                      (float)(y + 1) * cs, a);
}

static void cell_tile(gfx *g, const camera *c, int t, int x, int y, float cs) {
    cell_tile_alpha(g, c, t, x, y, cs, 255);
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
    const Uint8 breath = (Uint8)(205.0f + 50.0f * sinf(2.2f * time + phase));
    const bool side[8] = {s, wv, e, n, nw, ne, sw, se};
    static const int tiles[8] = {ART_TILE_SHORE_S,  ART_TILE_SHORE_W,  ART_TILE_SHORE_E,
                                 ART_TILE_SHORE_N,  ART_TILE_SHORE_NW, ART_TILE_SHORE_NE,
                                 ART_TILE_SHORE_SW, ART_TILE_SHORE_SE};
    for (int k = 0; k < 8; k++)
        if (side[k]) cell_tile_alpha(g, c, tiles[k], x, y, cs, breath);
    if (n)
        render_tile(g, c, ART_TILE_BANK, ART_BANK_HEIGHT, (float)x * cs, (float)y * cs,
                    (float)(x + 1) * cs, (float)y * cs + ART_BANK_HEIGHT * cs / ART_TILE);
}

/// Cells a chunk has a side, the chunks kept (enough for the widest view, zoomed out, with a
/// chunk of margin round it), and the cells round a chunk its drawing reads.
enum { GROUND_CHUNK = 8, GROUND_CHUNKS = 72, GROUND_BORDER = 2 };
enum { CHUNK_PX = GROUND_CHUNK * ART_TILE }; ///< a power of two: exact texture coordinates

struct ground_chunk {
    SDL_Texture *texture;
    int cx, cy;    ///< its first cell is (cx, cy) * GROUND_CHUNK
    uint64_t key;  ///< hash of what its drawing read (0: never drawn)
    unsigned used; ///< the frame it was last drawn in
};

/// Hash of everything a chunk's drawing reads: for each cell of the chunk and its border, whether
/// it is water, raised, or a plain wall (render_is_prop reads the plain walls round a cell).
static uint64_t chunk_key(const ae_grid *gr, int cx, int cy) {
    uint64_t h = 0xCBF29CE484222325ull;
    const int x0 = cx * GROUND_CHUNK - GROUND_BORDER, y0 = cy * GROUND_CHUNK - GROUND_BORDER;
    for (int y = y0; y < y0 + GROUND_CHUNK + 2 * GROUND_BORDER; y++)
        for (int x = x0; x < x0 + GROUND_CHUNK + 2 * GROUND_BORDER; x++) {
            unsigned v = (unsigned)render_water(gr, x, y) | (unsigned)render_block(gr, x, y) << 1 |
                         (unsigned)plain_wall(gr, x, y) << 2;
            h = (h ^ v) * 0x100000001B3ull;
        }
    return h | 1; // never 0
}

/// The chunk's land drawn into its texture at a texture pixel per tile pixel: open ground and
/// the shadows on it. Water and raised cells are left in the screen's clear colour (water is drawn
/// over them live; a raised block covers its own footprint).
static void draw_chunk(gfx *g, const ae_grid *gr, ground_chunk *k) {
    SDL_Renderer *rr = g->renderer;
    SDL_Texture *screen = SDL_GetRenderTarget(rr);
    gfx_target(g, k->texture);
    SDL_SetRenderDrawColor(rr, 34, 48, 40, 255);
    gfx_clear(g);
    // A camera that maps the chunk's cells onto the texture one to one.
    camera c = {0};
    c.zoom = 1.0f;
    c.screen_w = c.screen_h = (float)CHUNK_PX;
    c.center = (vec2s){{((float)k->cx * GROUND_CHUNK + 0.5f * GROUND_CHUNK) * ART_TILE,
                        ((float)k->cy * GROUND_CHUNK + 0.5f * GROUND_CHUNK) * ART_TILE}};
    const float cs = ART_TILE;
    for (int y = k->cy * GROUND_CHUNK; y < (k->cy + 1) * GROUND_CHUNK; y++)
        for (int x = k->cx * GROUND_CHUNK; x < (k->cx + 1) * GROUND_CHUNK; x++) {
            if (render_water(gr, x, y) || render_block(gr, x, y)) continue;
            open_ground(g, &c, gr, x, y, cs);
            shadow(g, &c, gr, x, y, cs);
        }
    gfx_target(g, screen);
}

/// The chunk (cx, cy), drawn and current; NULL when no texture can be had.
static ground_chunk *chunk_get(world_renderer *r, const ae_grid *gr, int cx, int cy) {
    if (!r->chunks) {
        r->chunks = calloc(GROUND_CHUNKS, sizeof *r->chunks);
        if (!r->chunks) return NULL;
    }
    ground_chunk *k = NULL;
    for (int i = 0; i < GROUND_CHUNKS && !k; i++)
        if (r->chunks[i].key && r->chunks[i].cx == cx && r->chunks[i].cy == cy) k = &r->chunks[i];
    if (!k) { // the chunk unused longest
        k = &r->chunks[0];
        for (int i = 1; i < GROUND_CHUNKS; i++)
            if (r->chunks[i].used < k->used) k = &r->chunks[i];
        *k = (ground_chunk){k->texture, cx, cy, 0, 0};
    }
    if (!k->texture) {
        k->texture = SDL_CreateTexture(r->g->renderer, SDL_PIXELFORMAT_ARGB8888,
                                       SDL_TEXTUREACCESS_TARGET, CHUNK_PX, CHUNK_PX);
        if (!k->texture) return NULL;
        SDL_SetTextureBlendMode(k->texture, SDL_BLENDMODE_NONE); // opaque: a plain stretch
    }
    uint64_t key = chunk_key(gr, cx, cy);
    if (key != k->key) {
        draw_chunk(r->g, gr, k);
        k->key = key;
    }
    k->used = r->frame;
    return k;
}

static int floor_div(int a, int b) {
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

void render_ground(world_renderer *r, const camera *c, const sim_world *w, int x0, int y0, int x1,
                   int y1, float time) {
    gfx *g = r->g;
    const ae_grid *gr = sim_grid(w);
    const float cs = sim_config_of(w)->cell_size;
    r->frame++;
    for (int cy = floor_div(y0, GROUND_CHUNK); cy <= floor_div(y1, GROUND_CHUNK); cy++)
        for (int cx = floor_div(x0, GROUND_CHUNK); cx <= floor_div(x1, GROUND_CHUNK); cx++) {
            ground_chunk *k = chunk_get(r, gr, cx, cy);
            const float span = GROUND_CHUNK * cs;
            const float sx = render_snap_x(c, (float)cx * span),
                        sy = render_snap_y(c, (float)cy * span);
            SDL_FRect dst = {sx, sy, render_snap_x(c, (float)(cx + 1) * span) - sx,
                             render_snap_y(c, (float)(cy + 1) * span) - sy};
            if (k) gfx_copy(g, k->texture, NULL, &dst);
        }
    const int frame = (int)fmodf(time * WATER_FPS, (float)ART_WATER_FRAMES);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
            if (render_water(gr, x, y)) {
                water(g, c, gr, x, y, cs, frame, time);
                shadow(g, c, gr, x, y, cs);
            }
}

void render_ground_free(world_renderer *r) {
    if (r->chunks)
        for (int i = 0; i < GROUND_CHUNKS; i++)
            if (r->chunks[i].texture) SDL_DestroyTexture(r->chunks[i].texture);
    free(r->chunks);
    r->chunks = NULL;
    if (r->fog) SDL_DestroyTexture(r->fog);
    r->fog = NULL;
    for (int k = 0; k < 2; k++) {
        if (r->fog_sides[k]) SDL_DestroyTexture(r->fog_sides[k]);
        r->fog_sides[k] = NULL;
    }
}

void render_block_cell(gfx *g, const camera *c, const sim_world *w, int x, int y) {
    const float cs = sim_config_of(w)->cell_size, h = ART_WALL_HEIGHT * cs / ART_TILE;
    const ae_grid *gr = sim_grid(w);
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

/// Half the side of the fog's texture: its gradient has this many steps, about one alpha level
/// each, so no band shows however far it is stretched.
#define FOG_STEPS 128

/// The fog texture's pixel (x, y): see fog_texture.
static Uint32 fog_pixel(int x, int y) {
    float dx = fabsf((float)x + 0.5f - FOG_STEPS), dy = fabsf((float)y + 0.5f - FOG_STEPS);
    Uint32 a = (Uint32)(FOG_ALPHA * fmaxf(dx, dy) / FOG_STEPS + 0.5f);
    return a << 24 | 8u << 16 | 10u << 8 | 16u;
}

/// The fog's texture: FOG_ALPHA times the distance from its centre (the larger of the two axes,
/// as the four trapezoids of a ring from the map's edge would shade it), 0 at the centre. Its
/// quadrants are the fog's corners and its middle row and column its sides, stretched; the
/// software renderer copies those far faster than it fills shaded triangles, pixel by pixel.
static SDL_Texture *fog_texture(world_renderer *r) {
    if (r->fog) return r->fog;
    enum { SIDE = 2 * FOG_STEPS };
    Uint32 *px = malloc((size_t)SIDE * SIDE * sizeof *px);
    SDL_Texture *t = px ? SDL_CreateTexture(r->g->renderer, SDL_PIXELFORMAT_ARGB8888,
                                            SDL_TEXTUREACCESS_STATIC, SIDE, SIDE)
                        : NULL;
    if (t) {
        for (int y = 0; y < SIDE; y++)
            for (int x = 0; x < SIDE; x++) px[y * SIDE + x] = fog_pixel(x, y);
        SDL_UpdateTexture(t, NULL, px, SIDE * (int)sizeof *px);
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    }
    free(px);
    return r->fog = t;
}

/// The length of a fog side's texture. On a software renderer a side of the fog is laid end to end
/// from plain copies of it rather than stretched from a row of the fog's texture in one copy:
/// SDL blends a stretched copy pixel by pixel in plain C and a plain one with SIMD.
#define FOG_STRIP 256

/// The fog's sides d pixels deep (remade when d changes): r->fog_sides[0] the top and the bottom
/// (FOG_STRIP x 2d, the top's d rows over the bottom's), [1] the left and the right (2d x
/// FOG_STRIP). Each row (column) is the row (column) of the fog's texture that stretching its
/// middle to d pixels samples there, as SDL's nearest stretch picks it. False when they cannot be
/// had.
static bool fog_sides(world_renderer *r, int d) {
    if (r->fog_sides[0] && r->fog_sides[1] && r->fog_depth == d) return true;
    for (int k = 0; k < 2; k++) {
        if (r->fog_sides[k]) SDL_DestroyTexture(r->fog_sides[k]);
        r->fog_sides[k] = NULL;
    }
    const int n = 2 * d;
    Uint32 *line = malloc((size_t)n * sizeof *line);
    Uint32 *px = malloc((size_t)n * FOG_STRIP * sizeof *px);
    if (line && px) {
        const Uint32 step = ((Uint32)FOG_STEPS << 16) / (Uint32)d; // SDL's fixed point
        for (int j = 0; j < n; j++)
            line[j] =
                fog_pixel(FOG_STEPS - 1,
                          j / d * FOG_STEPS + (int)((step / 2 + (Uint32)(j % d) * step) >> 16));
        for (int k = 0; k < 2; k++) {
            const int tw = k ? n : FOG_STRIP, th = k ? FOG_STRIP : n;
            for (int y = 0; y < th; y++)
                for (int x = 0; x < tw; x++) px[y * tw + x] = line[k ? x : y];
            SDL_Texture *t = SDL_CreateTexture(r->g->renderer, SDL_PIXELFORMAT_ARGB8888,
                                               SDL_TEXTUREACCESS_STATIC, tw, th);
            if (t) {
                SDL_UpdateTexture(t, NULL, px, tw * (int)sizeof *px);
                SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
            }
            r->fog_sides[k] = t;
        }
    }
    free(line);
    free(px);
    r->fog_depth = d;
    return r->fog_sides[0] && r->fog_sides[1];
}

/// Side k of the fog (ring index 4 + k: top, bottom, left, right) over q, d pixels deep, from
/// plain copies of its strip laid along the part of it on screen.
static void fog_side(world_renderer *r, int k, SDL_FRect q, int d, float sw, float sh) {
    const bool across = k < 2; // the top and the bottom run across the screen
    SDL_Texture *t = r->fog_sides[across ? 0 : 1];
    const int half = (k & 1) * d; // the top (left) half of the strip, or the bottom (right) one
    const float from = fmaxf(across ? q.x : q.y, 0.0f);
    const float to = fminf(across ? q.x + q.w : q.y + q.h, across ? sw : sh);
    for (float at = from; at < to; at += FOG_STRIP) {
        const int piece = (int)fminf(FOG_STRIP, to - at);
        SDL_Rect src = across ? (SDL_Rect){0, half, piece, d} : (SDL_Rect){half, 0, d, piece};
        SDL_FRect dst = across ? (SDL_FRect){at, q.y, (float)piece, (float)d}
                               : (SDL_FRect){q.x, at, (float)d, (float)piece};
        gfx_copy(r->g, t, &src, &dst);
    }
}

void render_off_map_fog(world_renderer *r, const camera *c, const sim_world *w) {
    SDL_Renderer *rr = r->g->renderer;
    const float cs = sim_config_of(w)->cell_size, d = roundf(FOG_CELLS * cs * c->zoom);
    const float ix0 = render_snap_x(c, 0.0f), iy0 = render_snap_y(c, 0.0f);
    const float ix1 = render_snap_x(c, (float)sim_grid(w)->width * cs),
                iy1 = render_snap_y(c, (float)sim_grid(w)->height * cs);
    if (ix0 <= 0.0f && iy0 <= 0.0f && ix1 >= c->screen_w && iy1 >= c->screen_h) return;
    SDL_Texture *t = fog_texture(r);
    if (!t) return;
    const float ox0 = ix0 - d, oy0 = iy0 - d, ox1 = ix1 + d, oy1 = iy1 + d;
    const float sw = c->screen_w, sh = c->screen_h;
    const float iw = ix1 - ix0, ih = iy1 - iy0;
    const int s = FOG_STEPS;
    // From the map's edge (clear) to the fog's full depth (dark): corners, then sides.
    const struct {
        SDL_Rect src;
        SDL_FRect dst;
    } ring[8] = {
        {{0, 0, s, s}, {ox0, oy0, d, d}},      {{s, 0, s, s}, {ix1, oy0, d, d}},
        {{0, s, s, s}, {ox0, iy1, d, d}},      {{s, s, s, s}, {ix1, iy1, d, d}},
        {{s - 1, 0, 1, s}, {ix0, oy0, iw, d}}, {{s - 1, s, 1, s}, {ix0, iy1, iw, d}},
        {{0, s - 1, s, 1}, {ox0, iy0, d, ih}}, {{s, s - 1, s, 1}, {ix1, iy0, d, ih}},
    };
    const bool strips = render_software(r->g) && d >= 1.0f && fog_sides(r, (int)d);
    for (int k = 0; k < 8; k++) {
        const SDL_FRect q = ring[k].dst;
        if (!(q.x < sw && q.y < sh && q.x + q.w > 0.0f && q.y + q.h > 0.0f)) continue;
        if (k >= 4 && strips)
            fog_side(r, k - 4, q, (int)d, sw, sh);
        else
            gfx_copy(r->g, t, &ring[k].src, &q);
    }
    // Beyond it, solid fog: above, below, left and right of the outer rectangle.
    SDL_FRect rest[4];
    int n = 0;
    const SDL_FRect sides[4] = {{0, 0, sw, oy0},
                                {0, oy1, sw, sh - oy1},
                                {0, oy0, ox0, oy1 - oy0},
                                {ox1, oy0, sw - ox1, oy1 - oy0}};
    for (int k = 0; k < 4; k++)
        if (sides[k].w > 0.0f && sides[k].h > 0.0f) rest[n++] = sides[k];
    if (n == 0) return;
    SDL_SetRenderDrawBlendMode(rr, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(rr, 8, 10, 16, FOG_ALPHA);
    gfx_fill_rects(r->g, rest, n);
}
