// The play field: parallax, ground, walls, and everything standing on the ground sorted by the
// y of its foot (the things themselves are drawn by render_things.c and render_agent.c).
#include "render_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum drawable_kind { D_WALL, D_PROP, D_BREAKABLE, D_DOOR, D_PICKUP, D_GEM, D_AGENT, D_BULLET };

struct drawable {
    float y; ///< foot y, world units
    int kind;
    int index; ///< cell, prop, door, pickup, agent, gem or bullet index
};

bool world_renderer_init(world_renderer *r, gfx *g, const sim_world *w) {
    world_renderer_free(r);
    r->g = g;
    (void)w; // the scratch grows with what a frame shows: cells on screen, not the whole map
    return true;
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
    free(r->items);
    r->items = NULL;
    r->capacity = 0;
}

SDL_Color agent_color(const sim_world *w, int id) {
    static const SDL_Color humans[4] = {
        {255, 214, 64, 255}, {90, 220, 255, 255}, {255, 120, 200, 255}, {150, 255, 120, 255}};
    static const SDL_Color bots[10] = {
        {235, 90, 80, 255},   {90, 160, 235, 255}, {120, 200, 110, 255}, {230, 150, 70, 255},
        {170, 120, 220, 255}, {80, 200, 190, 255}, {220, 110, 160, 255}, {200, 200, 90, 255},
        {140, 150, 160, 255}, {240, 170, 140, 255}};
    if (id < w->cfg.humans) return humans[id % 4];
    return bots[id % 10];
}

vec2s agent_draw_pos(const sim_agent *a, float alpha) {
    return glms_vec2_lerp(a->prev_pos, a->pos, alpha);
}

static uint32_t cell_hash(int x, int y) {
    uint32_t h = (uint32_t)x * 73856093u ^ (uint32_t)y * 19349663u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    return h ^ (h >> 15);
}

/// Smooth noise in [0, 1] over cells: hashed values on a coarse lattice, bilinearly blended.
static float ground_noise(int x, int y) {
    const int step = 6;
    int gx = x / step, gy = y / step;
    float fx = (float)(x % step) / (float)step, fy = (float)(y % step) / (float)step;
    float v00 = (float)(cell_hash(gx, gy) & 1023) / 1023.0f,
          v10 = (float)(cell_hash(gx + 1, gy) & 1023) / 1023.0f;
    float v01 = (float)(cell_hash(gx, gy + 1) & 1023) / 1023.0f,
          v11 = (float)(cell_hash(gx + 1, gy + 1) & 1023) / 1023.0f;
    float top = v00 + (v10 - v00) * fx, bottom = v01 + (v11 - v01) * fx;
    return top + (bottom - top) * fy;
}

/// A plain wall cell with no plain wall on any side is drawn as a prop (tree, pine, rock).
static bool is_prop(const ae_grid *g, int x, int y) {
    return !plain_wall(g, x - 1, y) && !plain_wall(g, x + 1, y) && !plain_wall(g, x, y - 1) &&
           !plain_wall(g, x, y + 1);
}

static void draw_tile(gfx *g, const camera *c, int tile, float x, float y, float w, float h) {
    SDL_Rect src = {tile % ART_TILES_PER_ROW * ART_TILE, tile / ART_TILES_PER_ROW * ART_TILE,
                    (int)w, (int)h};
    SDL_FRect dst = world_rect(c, x, y, w, h);
    // A hair of overlap hides seams between tiles at fractional zoom.
    dst.w += 0.5f;
    dst.h += 0.5f;
    SDL_RenderCopyF(g->renderer, g->tiles, &src, &dst);
}

/// Tiles a parallax layer over the screen, scrolled by `fx`, `fy` times the camera. Only the
/// blocks marked in `used` are drawn (NULL: the whole texture).
static void draw_parallax(gfx *g, SDL_Texture *t, const bool *used, const camera *c, float fx,
                          float fy, Uint8 alpha) {
    const float size = ART_PARALLAX * c->zoom, block = GFX_NEAR_BLOCK * c->zoom;
    float ox = -fmodf(c->center.x * fx * c->zoom, size),
          oy = -fmodf(c->center.y * fy * c->zoom, size);
    if (ox > 0) ox -= size;
    if (oy > 0) oy -= size;
    SDL_SetTextureAlphaMod(t, alpha);
    for (float y = oy; y < c->screen_h; y += size)
        for (float x = ox; x < c->screen_w; x += size) {
            if (!used) {
                SDL_FRect dst = {x, y, size + 0.5f, size + 0.5f};
                SDL_RenderCopyF(g->renderer, t, NULL, &dst);
                continue;
            }
            for (int by = 0; by < GFX_NEAR_BLOCKS; by++)
                for (int bx = 0; bx < GFX_NEAR_BLOCKS; bx++) {
                    if (!used[by * GFX_NEAR_BLOCKS + bx]) continue;
                    SDL_FRect dst = {x + (float)bx * block, y + (float)by * block, block, block};
                    if (dst.x > c->screen_w || dst.y > c->screen_h || dst.x + block < 0 ||
                        dst.y + block < 0)
                        continue;
                    SDL_Rect src = {bx * GFX_NEAR_BLOCK, by * GFX_NEAR_BLOCK, GFX_NEAR_BLOCK,
                                    GFX_NEAR_BLOCK};
                    SDL_RenderCopyF(g->renderer, t, &src, &dst);
                }
        }
}

static void draw_ground(gfx *g, const camera *c, const sim_world *w, int x0, int y0, int x1,
                        int y1) {
    const float cs = w->cfg.cell_size;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            if (plain_wall(&w->grid, x, y) && !is_prop(&w->grid, x, y)) continue;
            uint32_t h = cell_hash(x, y);
            // Grass, with patches of dirt where a coarse value noise runs high.
            int tile = ART_TILE_GRASS0 + (int)(h & 3);
            if (ground_noise(x, y) > 0.72f) tile = ART_TILE_DIRT0 + (int)((h >> 8) & 1);
            draw_tile(g, c, tile, (float)x * cs, (float)y * cs, cs, cs);
            if (plain_wall(&w->grid, x - 1, y) || plain_wall(&w->grid, x, y - 1) ||
                plain_wall(&w->grid, x - 1, y - 1))
                draw_tile(g, c, ART_TILE_SHADOW, (float)x * cs, (float)y * cs, cs, cs);
        }
}

static void draw_wall(gfx *g, const camera *c, const sim_world *w, int x, int y) {
    const float cs = w->cfg.cell_size, h = ART_WALL_HEIGHT * cs / ART_TILE;
    const ae_grid *gr = &w->grid;
    bool deep = plain_wall(gr, x, y + 1) && plain_wall(gr, x, y - 1) && plain_wall(gr, x - 1, y) &&
                plain_wall(gr, x + 1, y);
    draw_tile(g, c, deep ? ART_TILE_WALL_TOP_DEEP : ART_TILE_WALL_TOP, (float)x * cs,
              (float)y * cs - h, cs, cs);
    if (!plain_wall(gr, x, y + 1)) {
        SDL_Rect src = {ART_TILE_WALL_FRONT % ART_TILES_PER_ROW * ART_TILE,
                        ART_TILE_WALL_FRONT / ART_TILES_PER_ROW * ART_TILE, ART_TILE,
                        ART_WALL_HEIGHT};
        SDL_FRect dst = world_rect(c, (float)x * cs, (float)(y + 1) * cs - h, cs, h);
        dst.w += 0.5f;
        SDL_RenderCopyF(g->renderer, g->tiles, &src, &dst);
    }
}

static int cmp_drawable(const void *pa, const void *pb) {
    const drawable *a = pa, *b = pb;
    if (a->y != b->y) return a->y < b->y ? -1 : 1;
    if (a->kind != b->kind) return a->kind - b->kind;
    return a->index - b->index;
}

static void draw_zone(SDL_Renderer *rr, const camera *c, const sim_world *w) {
    const sim_zone *z = &w->zone;
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
    SDL_SetRenderDrawBlendMode(rr, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(rr, 130, 40, 170, 80);
    SDL_RenderFillRectsF(rr, spans, n);
    gfx_ring(rr, sc.x, sc.y, r, fmaxf(3.0f, 6.0f * c->zoom), (SDL_Color){200, 90, 255, 220}, false);
    if (z->shrinking || z->next_radius != z->radius) {
        vec2s nc = camera_to_screen(c, z->next_center);
        gfx_ring(rr, nc.x, nc.y, z->next_radius * c->zoom, 2.0f, (SDL_Color){255, 255, 255, 200},
                 true);
    }
}

void world_renderer_draw(world_renderer *r, const camera *c, const sim_world *w, float alpha,
                         float time, const fx_state *fx) {
    gfx *g = r->g;
    SDL_Renderer *rr = g->renderer;
    SDL_SetRenderDrawColor(rr, 34, 48, 40, 255);
    SDL_RenderClear(rr);
    // The far layer shows only where the map does not cover the screen.
    vec2s map_tl = camera_to_screen(c, glms_vec2_zero());
    vec2s map_br = camera_to_screen(c, (vec2s){{(float)w->grid.width * w->cfg.cell_size,
                                                (float)w->grid.height * w->cfg.cell_size}});
    if (map_tl.x > 0 || map_tl.y > 0 || map_br.x < c->screen_w || map_br.y < c->screen_h)
        draw_parallax(g, g->far, NULL, c, 0.2f, 0.2f, 255);

    const float cs = w->cfg.cell_size;
    vec2s tl = camera_to_world(c, (vec2s){{0, 0}});
    vec2s br = camera_to_world(c, (vec2s){{c->screen_w, c->screen_h + ART_PROP_H * c->zoom}});
    int x0 = ae_maxi(0, (int)floorf(tl.x / cs) - 1), y0 = ae_maxi(0, (int)floorf(tl.y / cs) - 1);
    int x1 = ae_mini(w->grid.width - 1, (int)floorf(br.x / cs) + 1);
    int y1 = ae_mini(w->grid.height - 1, (int)floorf(br.y / cs) + 1);
    draw_ground(g, c, w, x0, y0, x1, y1);

    reserve(r, (size_t)ae_maxi(0, x1 - x0 + 1) * (size_t)ae_maxi(0, y1 - y0 + 1) +
                   (size_t)w->agent_count + (size_t)w->gem_top + (size_t)w->bullet_top +
                   (size_t)w->pickup_top);
    int n = 0;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1 && n < r->capacity; x++) {
            uint8_t cell = w->grid.cells[(size_t)y * (size_t)w->grid.width + (size_t)x];
            const float foot = (float)(y + 1) * cs;
            if (cell == AE_CELL_WALL) {
                r->items[n++] = (drawable){foot, is_prop(&w->grid, x, y) ? D_PROP : D_WALL,
                                           y * w->grid.width + x};
            } else if (cell == (AE_CELL_WALL | AE_CELL_BREAKABLE)) {
                int prop = sim_prop_find(w, x, y);
                if (prop >= 0) r->items[n++] = (drawable){foot, D_BREAKABLE, prop};
            } else if (cell == AE_CELL_DOOR) {
                int door = sim_door_find(w, x, y);
                if (door < 0) continue;
                render_door_track(g, c, w, door);
                // Sorted by the south edge of the part still in the doorway.
                ae_shape s = sim_door_shape(w, &w->doors[door]);
                r->items[n++] = (drawable){fminf(s.center.y + s.half.y, foot), D_DOOR, door};
            }
        }
    const float margin = 2.0f * cs;
    for (int i = 0; i < w->pickup_top && n < r->capacity; i++) {
        const sim_pickup *p = &w->pickups[i];
        if (p->alive && p->pos.x > tl.x - margin && p->pos.x < br.x + margin &&
            p->pos.y > tl.y - margin && p->pos.y < br.y + margin)
            r->items[n++] = (drawable){p->pos.y, D_PICKUP, i};
    }
    for (int i = 0; i < w->agent_count && n < r->capacity; i++)
        if (w->agents[i].placement == 0)
            r->items[n++] = (drawable){agent_draw_pos(&w->agents[i], alpha).y, D_AGENT, i};
    for (int i = 0; i < w->gem_top && n < r->capacity; i++)
        if (w->gems[i].alive) r->items[n++] = (drawable){w->gems[i].pos.y, D_GEM, i};
    for (int i = 0; i < w->bullet_top && n < r->capacity; i++)
        if (w->bullets[i].alive) r->items[n++] = (drawable){w->bullets[i].pos.y, D_BULLET, i};
    qsort(r->items, (size_t)n, sizeof *r->items, cmp_drawable);

    for (int k = 0; k < n; k++) {
        const drawable *d = &r->items[k];
        switch (d->kind) {
        case D_WALL:
            draw_wall(g, c, w, d->index % w->grid.width, d->index / w->grid.width);
            break;
        case D_PROP: {
            int x = d->index % w->grid.width, y = d->index / w->grid.width;
            int prop = (int)(cell_hash(x, y) % ART_PROP_COUNT);
            SDL_Rect src = {prop * ART_PROP_W, 0, ART_PROP_W, ART_PROP_H};
            vec2s foot = {{((float)x + 0.5f) * cs, ((float)y + 1.0f) * cs - 6.0f}};
            draw_sprite(rr, g->props, c, src, foot, ART_PROP_FOOT_X, ART_PROP_FOOT_Y);
            break;
        }
        case D_BREAKABLE:
            render_breakable(g, c, w, d->index, alpha);
            break;
        case D_DOOR:
            render_door(g, c, w, d->index);
            break;
        case D_PICKUP:
            render_pickup(g, c, &w->pickups[d->index], d->index, time);
            break;
        case D_GEM: {
            int frame = (int)(time * 8.0f + (float)d->index) % ART_FX_FRAMES;
            SDL_Rect src = {frame * ART_FX, ART_FX_GEM * ART_FX, ART_FX, ART_FX};
            draw_sprite(rr, g->fx, c, src, w->gems[d->index].pos, 16, 28);
            break;
        }
        case D_AGENT:
            render_agent(g, c, w, fx, d->index, alpha, time);
            break;
        case D_BULLET: {
            const sim_bullet *b = &w->bullets[d->index];
            vec2s p = glms_vec2_sub(b->pos, glms_vec2_scale(b->vel, 1.0f - alpha));
            int frame = (int)(time * 16.0f) % ART_FX_FRAMES;
            SDL_Rect src = {frame * ART_FX, ART_FX_BULLET * ART_FX, ART_FX, ART_FX};
            // A grenade is a dark olive ball; other bullets glow in their shooter's colour.
            SDL_Color col = b->weapon == SIM_WEAPON_GRENADE ? (SDL_Color){120, 140, 60, 255}
                                                            : agent_color(w, b->owner);
            SDL_SetTextureColorMod(g->fx, col.r, col.g, col.b);
            // Bullets fly at chest height.
            draw_sprite(rr, g->fx, c, src, p, 16, 16 + RENDER_CHEST);
            SDL_SetTextureColorMod(g->fx, 255, 255, 255);
            break;
        }
        }
    }
    render_fx(g, c, w, fx);
    draw_zone(rr, c, w);
    draw_parallax(g, g->near, g->near_used, c, 1.8f, 1.05f, 80);
}
