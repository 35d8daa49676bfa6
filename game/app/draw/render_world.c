// The play field: the ground (render_ground.c), then walls and everything standing on the ground
// sorted by the y of its foot (the things themselves are drawn by render_things.c and
// render_agent.c), effects, the zone and the parallax leaves.
#include "render_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum drawable_kind { D_WALL, D_PROP, D_BREAKABLE, D_DOOR, D_PICKUP, D_GEM, D_AGENT, D_BULLET };

struct drawable {
    float y; ///< foot y, world units
    int kind;
    int index; ///< a cell's column (D_WALL, D_PROP; off the map for the rock round it), or the
               ///< prop, door, pickup, agent, gem or bullet index
    int row;   ///< a cell's row
};

void world_renderer_init(world_renderer *r, gfx *g) {
    world_renderer_free(r);
    r->g = g; // the scratch grows with what a frame shows: cells on screen, not the whole map
}

/// Room for n drawables; when memory runs out the frame draws what fits.
static void reserve(world_renderer *r, size_t n) {
    if (n <= (size_t)r->capacity) return;
    size_t cap = (size_t)r->capacity < 4096 ? 4096 : (size_t)r->capacity;
    while (cap < n) cap *= 2;
    drawable *items = realloc(r->items, cap * sizeof *items);
    if (!items) return;
    r->items = items;
    r->capacity = (int)cap;
}

void world_renderer_free(world_renderer *r) {
    render_ground_free(r);
    if (r->low) SDL_DestroyTexture(r->low);
    r->low = NULL;
    free(r->items);
    r->items = NULL;
    r->capacity = 0;
}

int agent_tint(const sim_world *w, int id) {
    // gfx_tint_colors: four for the people, then ten for the bots, by how each entered the match
    // (an online client's mirror gives every agent a slot, so the slots cannot say it).
    return !sim_agents(w)[id].bot ? ((id % 4) + 4) % 4 : 4 + ((id % 10) + 10) % 10;
}

SDL_Color agent_color(const sim_world *w, int id) {
    return gfx_tint_colors[agent_tint(w, id)];
}

vec2s agent_draw_pos(const sim_agent *a, float alpha) {
    return glms_vec2_lerp(a->prev_pos, a->pos, alpha);
}

/// Tiles a parallax layer over the screen, scrolled by `fx`, `fy` times the camera. Only the
/// blocks marked in `used` are drawn.
static void draw_parallax(gfx *g, SDL_Texture *t, const bool *used, const camera *c, float fx,
                          float fy) {
    const float size = ART_PARALLAX * c->zoom, block = GFX_NEAR_BLOCK * c->zoom;
    float ox = -fmodf(c->center.x * fx * c->zoom, size),
          oy = -fmodf(c->center.y * fy * c->zoom, size);
    if (ox > 0) ox -= size;
    if (oy > 0) oy -= size;
    for (float y = oy; y < c->screen_h; y += size)
        for (float x = ox; x < c->screen_w; x += size) {
            for (int by = 0; by < GFX_NEAR_BLOCKS; by++)
                for (int bx = 0; bx < GFX_NEAR_BLOCKS; bx++) {
                    if (!used[by * GFX_NEAR_BLOCKS + bx]) continue;
                    // Edges on whole pixels, shared by neighbouring blocks: no seams.
                    float x0 = floorf(x + (float)bx * block + 0.5f),
                          y0 = floorf(y + (float)by * block + 0.5f);
                    SDL_FRect dst = {x0, y0, floorf(x + (float)(bx + 1) * block + 0.5f) - x0,
                                     floorf(y + (float)(by + 1) * block + 0.5f) - y0};
                    if (dst.x > c->screen_w || dst.y > c->screen_h || dst.x + dst.w < 0 ||
                        dst.y + dst.h < 0)
                        continue;
                    SDL_Rect src = {bx * GFX_NEAR_BLOCK, by * GFX_NEAR_BLOCK, GFX_NEAR_BLOCK,
                                    GFX_NEAR_BLOCK};
                    gfx_quad(g, t, &src, &dst, (SDL_Color){255, 255, 255, 255});
                }
        }
}

static int cmp_drawable(const void *pa, const void *pb) {
    const drawable *a = pa, *b = pb;
    if (a->y != b->y) return a->y < b->y ? -1 : 1;
    if (a->kind != b->kind) return a->kind - b->kind;
    if (a->row != b->row) return a->row - b->row;
    return a->index - b->index;
}

static void draw_zone(gfx *g, const camera *c, const sim_world *w) {
    const sim_zone *z = sim_zone_state(w);
    vec2s sc = camera_to_screen(c, z->center);
    float r = z->radius * c->zoom;
    // Tint outside the circle, one scanline span at a time (left and right of the circle).
    static SDL_FRect spans[4096];
    int n = 0;
    for (int y = 0; y < (int)c->screen_h && n + 2 <= 4096; y += 2) {
        float dy = (float)y + 1.0f - sc.y;
        if (fabsf(dy) >= r) {
            spans[n++] = (SDL_FRect){0, (float)y, c->screen_w, 2};
            continue;
        }
        float half = sqrtf(r * r - dy * dy);
        if (sc.x - half > 0) spans[n++] = (SDL_FRect){0, (float)y, sc.x - half, 2};
        if (sc.x + half < c->screen_w)
            spans[n++] = (SDL_FRect){sc.x + half, (float)y, c->screen_w - sc.x - half, 2};
    }
    SDL_SetRenderDrawBlendMode(g->renderer, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(g->renderer, 130, 40, 170, 80);
    gfx_fill_rects(g, spans, n);
    gfx_ring(g, sc.x, sc.y, r, fmaxf(3.0f, 6.0f * c->zoom), (SDL_Color){200, 90, 255, 220}, false);
    if (z->shrinking || z->next_radius != z->radius) {
        vec2s nc = camera_to_screen(c, z->next_center);
        gfx_ring(g, nc.x, nc.y, z->next_radius * c->zoom, 2.0f, (SDL_Color){255, 255, 255, 200},
                 true);
    }
}

/// The world as the camera sees it, on the current target.
static void draw_world(world_renderer *r, const camera *c, const sim_world *w, float alpha,
                       float time, const fx_state *fx) {
    gfx *g = r->g;
    SDL_SetRenderDrawColor(g->renderer, 34, 48, 40, 255);
    gfx_clear(g);

    // Every cell in view, on the map or off it (the rock and the sea round it), with a row of
    // margin (wall tops stand up into the row above) and room below for props standing tall.
    const float cs = sim_config_of(w)->cell_size;
    vec2s tl = camera_to_world(c, (vec2s){{0, 0}});
    vec2s br = camera_to_world(c, (vec2s){{c->screen_w, c->screen_h + ART_PROP_H * c->zoom}});
    int x0 = (int)floorf(tl.x / cs) - 1, y0 = (int)floorf(tl.y / cs) - 1;
    int x1 = (int)floorf(br.x / cs) + 1, y1 = (int)floorf(br.y / cs) + 1;
    render_ground(r, c, w, x0, y0, x1, y1, time);

    reserve(r, (size_t)ae_maxi(0, x1 - x0 + 1) * (size_t)ae_maxi(0, y1 - y0 + 1) +
                   (size_t)sim_agent_count(w) + (size_t)sim_gem_top(w) + (size_t)sim_bullet_top(w) +
                   (size_t)sim_pickup_top(w));
    int n = 0;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1 && n < r->capacity; x++) {
            const float foot = (float)(y + 1) * cs;
            if (!ae_grid_in_bounds(sim_grid(w), x, y)) {
                if (render_block(sim_grid(w), x, y)) r->items[n++] = (drawable){foot, D_WALL, x, y};
                continue;
            }
            uint8_t cell = sim_grid(w)->cells[(size_t)y * (size_t)sim_grid(w)->width + (size_t)x];
            if (cell == AE_CELL_WALL) {
                r->items[n++] =
                    (drawable){foot, render_is_prop(sim_grid(w), x, y) ? D_PROP : D_WALL, x, y};
            } else if (cell == (AE_CELL_WALL | AE_CELL_BREAKABLE)) {
                int prop = sim_prop_find(w, x, y);
                if (prop >= 0) r->items[n++] = (drawable){foot, D_BREAKABLE, prop, 0};
            } else if (cell == AE_CELL_DOOR) {
                int door = sim_door_find(w, x, y);
                if (door < 0) continue;
                render_door_track(g, c, w, door);
                // Sorted by the south edge of the part still in the doorway.
                ae_shape s = sim_door_shape(w, &sim_doors(w)[door]);
                r->items[n++] = (drawable){fminf(s.center.y + s.half.y, foot), D_DOOR, door, 0};
            }
        }
    const float margin = 2.0f * cs;
    for (int i = 0; i < sim_pickup_top(w) && n < r->capacity; i++) {
        const sim_pickup *p = &sim_pickups(w)[i];
        if (p->alive && p->pos.x > tl.x - margin && p->pos.x < br.x + margin &&
            p->pos.y > tl.y - margin && p->pos.y < br.y + margin)
            r->items[n++] = (drawable){p->pos.y, D_PICKUP, i, 0};
    }
    for (int i = 0; i < sim_agent_count(w) && n < r->capacity; i++)
        if (sim_agents(w)[i].placement == 0)
            r->items[n++] = (drawable){agent_draw_pos(&sim_agents(w)[i], alpha).y, D_AGENT, i, 0};
    for (int i = 0; i < sim_gem_top(w) && n < r->capacity; i++)
        if (sim_gems(w)[i].alive) r->items[n++] = (drawable){sim_gems(w)[i].pos.y, D_GEM, i, 0};
    for (int i = 0; i < sim_bullet_top(w) && n < r->capacity; i++)
        if (sim_bullets(w)[i].alive)
            r->items[n++] = (drawable){sim_bullets(w)[i].pos.y, D_BULLET, i, 0};
    qsort(r->items, (size_t)n, sizeof *r->items, cmp_drawable);

    for (int k = 0; k < n; k++) {
        const drawable *d = &r->items[k];
        switch (d->kind) {
        case D_WALL:
            render_block_cell(g, c, w, d->index, d->row);
            break;
        case D_PROP: {
            int x = d->index, y = d->row;
            // A tree, a pine or a rock; in or beside water always a rock.
            int prop = (int)(render_cell_hash(x, y) % ART_PROP_COUNT);
            if (render_water(sim_grid(w), x - 1, y) || render_water(sim_grid(w), x + 1, y) ||
                render_water(sim_grid(w), x, y - 1) || render_water(sim_grid(w), x, y + 1))
                prop = ART_PROP_ROCK;
            SDL_Rect src = {prop * ART_PROP_W, 0, ART_PROP_W, ART_PROP_H};
            vec2s foot = {{((float)x + 0.5f) * cs, ((float)y + 1.0f) * cs - 6.0f}};
            draw_sprite(g, g->at_props, c, src, foot, ART_PROP_FOOT_X, ART_PROP_FOOT_Y,
                        RENDER_WHITE);
            break;
        }
        case D_BREAKABLE:
            render_breakable(g, c, w, d->index, alpha);
            break;
        case D_DOOR:
            render_door(g, c, w, d->index);
            break;
        case D_PICKUP:
            render_pickup(g, c, &sim_pickups(w)[d->index], d->index, time);
            break;
        case D_GEM: {
            int frame = (int)(time * 8.0f + (float)d->index) % ART_FX_FRAMES;
            SDL_Rect src = {frame * ART_FX, ART_FX_GEM * ART_FX, ART_FX, ART_FX};
            draw_sprite(g, g->at_fx[GFX_TINT_NONE], c, src, sim_gems(w)[d->index].pos, 16, 28,
                        RENDER_WHITE);
            break;
        }
        case D_AGENT:
            render_agent(g, c, w, fx, d->index, alpha, time);
            break;
        case D_BULLET: {
            const sim_bullet *b = &sim_bullets(w)[d->index];
            vec2s p = glms_vec2_sub(b->pos, glms_vec2_scale(b->vel, 1.0f - alpha));
            int frame = (int)(time * 16.0f) % ART_FX_FRAMES;
            SDL_Rect src = {frame * ART_FX, ART_FX_BULLET * ART_FX, ART_FX, ART_FX};
            // A grenade is a dark olive ball; other bullets glow in their shooter's colour.
            int tint = b->weapon == SIM_WEAPON_GRENADE ? GFX_TINT_GRENADE : agent_tint(w, b->owner);
            // Bullets fly at chest height.
            draw_sprite(g, g->at_fx[tint], c, src, p, 16, 16 + RENDER_CHEST, RENDER_WHITE);
            break;
        }
        }
    }
    // A world of no agents is a map on its own (the map editor's): no match, so no zone.
    const bool match = sim_agent_count(w) > 0;
    if (match) render_supply(g, c, sim_zone_state(w), sim_tick(w), time);
    render_off_map_fog(r, c, w);
    render_fx(g, c, w, fx);
    if (match) draw_zone(g, c, w);
    draw_parallax(g, g->near, g->near_used, c, 1.8f, 1.05f);
    gfx_flush(g);
}

/// A target of w x h pixels for the world on a large screen (r->low, remade when the size
/// changes); NULL when none can be had.
static SDL_Texture *low_target(world_renderer *r, int w, int h) {
    int tw = 0, th = 0;
    if (r->low && (SDL_QueryTexture(r->low, NULL, NULL, &tw, &th) != 0 || tw != w || th != h)) {
        SDL_DestroyTexture(r->low);
        r->low = NULL;
    }
    if (!r->low) {
        r->low = SDL_CreateTexture(r->g->renderer, SDL_PIXELFORMAT_ARGB8888,
                                   SDL_TEXTUREACCESS_TARGET, w, h);
        if (!r->low) return NULL;
        SDL_SetTextureBlendMode(r->low, SDL_BLENDMODE_NONE);   // opaque: a plain stretch
        SDL_SetTextureScaleMode(r->low, SDL_ScaleModeNearest); // pixel art, and SDL's fastest
    }
    return r->low;
}

void world_renderer_draw(world_renderer *r, const camera *c, const sim_world *w, float alpha,
                         float time, const fx_state *fx) {
    gfx *g = r->g;
    // On a screen larger than the reference one every sprite would be a scaled copy, which SDL's
    // software renderer blends pixel by pixel in plain C (its SIMD blitters copy unscaled only).
    // There the world is drawn at the reference size, where its sprites are plain copies at zoom
    // level 1, and stretched to the screen once (an opaque nearest stretch, SDL's cheapest).
    // A GPU scales for free, and keeps drawing at the screen's size.
    const float s = camera_view_scale(c->screen_w, c->screen_h);
    if (s > 1.0f && render_software(g)) {
        const int lw = (int)ceilf(c->screen_w / s), lh = (int)ceilf(c->screen_h / s);
        SDL_Texture *low = low_target(r, lw, lh);
        if (low) {
            camera lc = *c;
            lc.zoom = c->zoom / s;
            lc.screen_w = (float)lw, lc.screen_h = (float)lh;
            SDL_Texture *screen = SDL_GetRenderTarget(g->renderer);
            gfx_target(g, low);
            draw_world(r, &lc, w, alpha, time, fx);
            gfx_target(g, screen);
            gfx_copy(g, low, NULL, &(SDL_FRect){0.0f, 0.0f, c->screen_w, c->screen_h});
            return;
        }
    }
    draw_world(r, c, w, alpha, time, fx);
}
