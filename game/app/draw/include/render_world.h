/// Draws the play field: the ground with its shadows and water, the world round the map, 2.5D
/// walls, props, agents, gems and bullets sorted by the y of their foot, effects, the zone and
/// the parallax leaves.
#ifndef ARENA_RENDER_WORLD_H
#define ARENA_RENDER_WORLD_H

#include "camera.h"
#include "fx.h"
#include "gfx.h"
#include "sim_names.h"

typedef struct drawable drawable;
typedef struct ground_chunk ground_chunk;

typedef struct world_renderer {
    gfx *g;
    drawable *items; ///< scratch for the depth sort, grown to the most a frame has drawn
    int capacity;
    ground_chunk
        *chunks;      ///< the ground cached in textures, a block of cells each (render_ground.c)
    unsigned frame;   ///< frames drawn: when each chunk was last used
    SDL_Texture *fog; ///< the darkening off the map, made at its first use (render_ground.c)
    SDL_Texture *fog_sides[2]; ///< its sides as strips fog_depth pixels deep (software renderers)
    int fog_depth;
    /// The world at the reference screen's size, stretched to a larger screen once (software
    /// renderers only; made at its first use, remade when the screen's size changes).
    SDL_Texture *low;
} world_renderer;

/// Sets up drawing with g's textures, dropping the ground cached for an earlier map (call again
/// after a map swap). Allocates nothing: what a frame needs grows as it is drawn.
void world_renderer_init(world_renderer *r, gfx *g);
void world_renderer_free(world_renderer *r);

/// alpha: interpolation between the last two ticks (0..1); time: seconds, for animation. On a
/// software renderer and a screen larger than the reference one (camera_view_scale above 1) the
/// world is drawn at the reference size and stretched over the screen in one copy.
void world_renderer_draw(world_renderer *r, const camera *cam, const sim_world *w, float alpha,
                         float time, const fx_state *fx);

/// A stable, distinct colour per agent (humans get the brightest).
SDL_Color agent_color(const sim_world *w, int id);
/// Interpolated position of an agent for drawing.
vec2s agent_draw_pos(const sim_agent *a, float alpha);

#endif
