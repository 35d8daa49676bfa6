/// Helpers shared by the world renderer's files (render_world.c sorts everything and draws gems,
/// bullets, the zone and the parallax leaves; render_ground.c the ground, shadows, water, walls
/// and the world round the map; render_things.c the breakable props, doors and pickups;
/// render_agent.c the agents with their weapons and blink trails; render_fx.c the particles and
/// blasts).
#ifndef ARENA_RENDER_INTERNAL_H
#define ARENA_RENDER_INTERNAL_H

#include "render_world.h"

#include <math.h>

#define TAU 6.2831853f

/// Height above the ground at which bullets fly and hit effects show (world units).
#define RENDER_CHEST 14.0f

static inline SDL_FRect world_rect(const camera *c, float x, float y, float w, float h) {
    vec2s s = camera_to_screen(c, (vec2s){{x, y}});
    return (SDL_FRect){s.x, s.y, w * c->zoom, h * c->zoom};
}

#define RENDER_WHITE ((SDL_Color){255, 255, 255, 255})

/// True when g draws with SDL's software renderer, which blends a scaled copy pixel by pixel in
/// plain C and an unscaled one with SIMD.
static inline bool render_software(const gfx *g) {
    SDL_RendererInfo info;
    return SDL_GetRendererInfo(g->renderer, &info) == 0 && (info.flags & SDL_RENDERER_SOFTWARE);
}

/// Draws `src` of atlas sheet s with the pixel (foot_x, foot_y) of src on the world point `foot`,
/// multiplied by colour m.
static inline void draw_sprite(gfx *g, gfx_sheet s, const camera *c, SDL_Rect src, vec2s foot,
                               float foot_x, float foot_y, SDL_Color m) {
    SDL_FRect dst = world_rect(c, foot.x - foot_x, foot.y - foot_y, (float)src.w, (float)src.h);
    gfx_sprite(g, s, src, dst, m);
}

/// A plain wall: one without tags (breakable walls are props, door cells are free, water is
/// water), and all that lies outside the map.
static inline bool plain_wall(const ae_grid *g, int x, int y) {
    return !ae_grid_in_bounds(g, x, y) ||
           g->cells[(size_t)y * (size_t)g->width + (size_t)x] == AE_CELL_WALL;
}

/// A plain wall cell with no plain wall on any side is drawn as a prop (tree, pine, rock).
static inline bool render_is_prop(const ae_grid *g, int x, int y) {
    return !plain_wall(g, x - 1, y) && !plain_wall(g, x + 1, y) && !plain_wall(g, x, y - 1) &&
           !plain_wall(g, x, y + 1);
}

/// Water, on the map or off it: off the map the world goes on as its nearest cell on the map,
/// sea beyond water and rock beyond everything else.
static inline bool render_water(const ae_grid *g, int x, int y) {
    x = x < 0 ? 0 : (x >= g->width ? g->width - 1 : x);
    y = y < 0 ? 0 : (y >= g->height ? g->height - 1 : y);
    return g->cells[(size_t)y * (size_t)g->width + (size_t)x] == (AE_CELL_WALL | AE_CELL_WATER);
}

/// A cell drawn as a raised block: a plain wall that is no prop, or the rock off the map.
static inline bool render_block(const ae_grid *g, int x, int y) {
    if (!ae_grid_in_bounds(g, x, y)) return !render_water(g, x, y);
    return plain_wall(g, x, y) && !render_is_prop(g, x, y);
}

static inline uint32_t render_cell_hash(int x, int y) {
    uint32_t h = (uint32_t)x * 73856093u ^ (uint32_t)y * 19349663u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    return h ^ (h >> 15);
}

/// The screen column (row) of world x (y), on a whole pixel: boxes that share an edge in the
/// world share it on screen, at any zoom, so tiles never leave a gap or overlap.
static inline float render_snap_x(const camera *c, float x) {
    return floorf((x - c->center.x) * c->zoom + 0.5f * c->screen_w + 0.5f);
}
static inline float render_snap_y(const camera *c, float y) {
    return floorf((y - c->center.y) * c->zoom + 0.5f * c->screen_h + 0.5f);
}

/// The first `rows` rows of tile t of tiles.png over the world box [x0, x1) x [y0, y1), its
/// edges snapped to whole pixels, at opacity alpha.
static inline void render_tile_alpha(gfx *g, const camera *c, int t, int rows, float x0, float y0,
                                     float x1, float y1, Uint8 alpha) {
    float sx = render_snap_x(c, x0), sy = render_snap_y(c, y0);
    SDL_FRect dst = {sx, sy, render_snap_x(c, x1) - sx, render_snap_y(c, y1) - sy};
    if (dst.w <= 0.0f || dst.h <= 0.0f) return;
    SDL_Rect src = {art_tile_x(t), art_tile_y(t), ART_TILE, rows};
    gfx_sprite(g, g->at_tiles, src, dst, (SDL_Color){255, 255, 255, alpha});
}
static inline void render_tile(gfx *g, const camera *c, int t, int rows, float x0, float y0,
                               float x1, float y1) {
    render_tile_alpha(g, c, t, rows, x0, y0, x1, y1, 255);
}

/// The ground of the cells [x0, x1] x [y0, y1] in view (they may lie off the map): grass, dirt
/// and sand, the shadows walls cast, and water with its shores, animated by `time`. Raised
/// blocks (walls, the rock round the map) are left to the depth-sorted pass (render_block_cell).
///
/// The land (every cell but water's) comes from textures of GROUND_CHUNK x GROUND_CHUNK cells,
/// drawn once at one texture pixel per tile pixel and stretched to the zoom: a frame copies a few
/// textures instead of a few tiles per cell. A chunk remembers a hash of what its drawing reads
/// (which cells around it are water, raised or plain wall), checked every frame, so a broken wall
/// or a map reloaded or swapped redraws just the chunks whose cells changed. Water is animated
/// and drawn live over them, cell by cell.
void render_ground(world_renderer *r, const camera *c, const sim_world *w, int x0, int y0, int x1,
                   int y1, float time);
/// Frees the chunks' textures.
void render_ground_free(world_renderer *r);
/// A raised block: a wall on the map or the rock off it, its top, and its front face where no
/// block stands south of it.
void render_block_cell(gfx *g, const camera *c, const sim_world *w, int x, int y);
/// Darkens the world off the map, more with the distance from its edge (depth round the map).
void render_off_map_fog(world_renderer *r, const camera *c, const sim_world *w);

/// The tint (an index of gfx_tint_colors) of agent id: agent_color(w, id) is its colour.
int agent_tint(const sim_world *w, int id);

/// The row of agent.png (and the column of weapons.png) for facing f.
int render_facing_row(vec2s f);

/// Breakable props (a wall cell tagged breakable; `prop` indexes sim_props(w)), doors (`door`
/// indexes sim_doors(w)) and pickups (`slot` indexes sim_pickups(w)).
void render_breakable(gfx *g, const camera *c, const sim_world *w, int prop, float alpha);
void render_door_track(gfx *g, const camera *c, const sim_world *w, int door);
void render_door(gfx *g, const camera *c, const sim_world *w, int door);
void render_pickup(gfx *g, const camera *c, const sim_pickup *p, int slot, float time);
/// The supply drop: a beam where it will land while announced, fading once it has landed.
void render_supply(gfx *g, const camera *c, const sim_zone *z, int tick, float time);

/// An agent with its weapon, hit flash, muzzle flash and health and shield bars.
void render_agent(gfx *g, const camera *c, const sim_world *w, const fx_state *fx, int id,
                  float alpha, float time);
/// Blink trails (afterimages), particles and blasts, over the sorted world.
void render_fx(gfx *g, const camera *c, const sim_world *w, const fx_state *fx);

#endif
