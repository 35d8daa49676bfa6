/// Helpers shared by the world renderer's files (render_world.c draws the ground, walls, gems,
/// bullets and the zone and sorts everything; render_things.c the breakable props, doors and
/// pickups; render_agent.c the agents with their weapons and blink trails; render_fx.c the
/// particles and blasts).
#ifndef ARENA_RENDER_INTERNAL_H
#define ARENA_RENDER_INTERNAL_H

#include "render_world.h"

#define TAU 6.2831853f

/// Height above the ground at which bullets fly and hit effects show (world units).
#define RENDER_CHEST 14.0f

static inline SDL_FRect world_rect(const camera *c, float x, float y, float w, float h) {
    vec2s s = camera_to_screen(c, (vec2s){{x, y}});
    return (SDL_FRect){s.x, s.y, w * c->zoom, h * c->zoom};
}

/// Draws `src` of texture t with the pixel (foot_x, foot_y) of src on the world point `foot`.
static inline void draw_sprite(SDL_Renderer *rr, SDL_Texture *t, const camera *c, SDL_Rect src,
                               vec2s foot, float foot_x, float foot_y) {
    SDL_FRect dst = world_rect(c, foot.x - foot_x, foot.y - foot_y, (float)src.w, (float)src.h);
    SDL_RenderCopyF(rr, t, &src, &dst);
}

/// A plain wall: one without tags (breakable walls are props, door cells are free), and all
/// that lies outside the map.
static inline bool plain_wall(const ae_grid *g, int x, int y) {
    return !ae_grid_in_bounds(g, x, y) ||
           g->cells[(size_t)y * (size_t)g->width + (size_t)x] == AE_CELL_WALL;
}

/// The row of agent.png (and the column of weapons.png) for facing f.
int render_facing_row(vec2s f);

/// Breakable props (a wall cell tagged breakable; `prop` indexes w->props), doors (`door`
/// indexes w->doors) and pickups (`slot` indexes w->pickups).
void render_breakable(gfx *g, const camera *c, const sim_world *w, int prop, float alpha);
void render_door_track(gfx *g, const camera *c, const sim_world *w, int door);
void render_door(gfx *g, const camera *c, const sim_world *w, int door);
void render_pickup(gfx *g, const camera *c, const sim_pickup *p, int slot, float time);

/// An agent with its weapon, hit flash, muzzle flash and health and shield bars.
void render_agent(gfx *g, const camera *c, const sim_world *w, const fx_state *fx, int id,
                  float alpha, float time);
/// Blink trails (afterimages), particles and blasts, over the sorted world.
void render_fx(gfx *g, const camera *c, const sim_world *w, const fx_state *fx);

#endif
