#include "render_world.h"

#include <math.h>
#include <stdlib.h>

#define TAU 6.2831853f

enum drawable_kind { D_WALL, D_PROP, D_GEM, D_AGENT, D_BULLET };

struct drawable {
    float y; ///< foot y, world units
    int kind;
    int index; ///< cell, agent, gem or bullet index
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

/// A wall cell with no wall on any side is drawn as a prop (tree, rock, crate, bush).
static bool is_prop(const ae_grid *g, int x, int y) {
    return !ae_grid_is_wall(g, x - 1, y) && !ae_grid_is_wall(g, x + 1, y) &&
           !ae_grid_is_wall(g, x, y - 1) && !ae_grid_is_wall(g, x, y + 1);
}

static SDL_FRect world_rect(const camera *c, float x, float y, float w, float h) {
    vec2s s = camera_to_screen(c, (vec2s){{x, y}});
    return (SDL_FRect){s.x, s.y, w * c->zoom, h * c->zoom};
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
            if (ae_grid_is_wall(&w->grid, x, y) && !is_prop(&w->grid, x, y)) continue;
            uint32_t h = cell_hash(x, y);
            // Grass, with patches of dirt where a coarse value noise runs high.
            int tile = ART_TILE_GRASS0 + (int)(h & 3);
            if (ground_noise(x, y) > 0.72f) tile = ART_TILE_DIRT0 + (int)((h >> 8) & 1);
            draw_tile(g, c, tile, (float)x * cs, (float)y * cs, cs, cs);
            if (ae_grid_is_wall(&w->grid, x - 1, y) || ae_grid_is_wall(&w->grid, x, y - 1) ||
                ae_grid_is_wall(&w->grid, x - 1, y - 1))
                draw_tile(g, c, ART_TILE_SHADOW, (float)x * cs, (float)y * cs, cs, cs);
        }
}

static void draw_wall(gfx *g, const camera *c, const sim_world *w, int x, int y) {
    const float cs = w->cfg.cell_size, h = ART_WALL_HEIGHT * cs / ART_TILE;
    bool deep = ae_grid_is_wall(&w->grid, x, y + 1) && ae_grid_is_wall(&w->grid, x, y - 1) &&
                ae_grid_is_wall(&w->grid, x - 1, y) && ae_grid_is_wall(&w->grid, x + 1, y);
    draw_tile(g, c, deep ? ART_TILE_WALL_TOP_DEEP : ART_TILE_WALL_TOP, (float)x * cs,
              (float)y * cs - h, cs, cs);
    if (!ae_grid_is_wall(&w->grid, x, y + 1)) {
        SDL_Rect src = {ART_TILE_WALL_FRONT % ART_TILES_PER_ROW * ART_TILE,
                        ART_TILE_WALL_FRONT / ART_TILES_PER_ROW * ART_TILE, ART_TILE,
                        ART_WALL_HEIGHT};
        SDL_FRect dst = world_rect(c, (float)x * cs, (float)(y + 1) * cs - h, cs, h);
        dst.w += 0.5f;
        SDL_RenderCopyF(g->renderer, g->tiles, &src, &dst);
    }
}

static void draw_sprite(SDL_Renderer *rr, SDL_Texture *t, const camera *c, SDL_Rect src, vec2s foot,
                        float foot_x, float foot_y) {
    SDL_FRect dst = world_rect(c, foot.x - foot_x, foot.y - foot_y, (float)src.w, (float)src.h);
    SDL_RenderCopyF(rr, t, &src, &dst);
}

static int facing_row(vec2s f) {
    float a = atan2f(f.y, f.x); // screen space, y down: 0 east, pi/2 south
    int row = (int)lroundf(a / (TAU / ART_AGENT_DIRS));
    return (row % ART_AGENT_DIRS + ART_AGENT_DIRS) % ART_AGENT_DIRS;
}

/// The muzzle flash at the tip of the gun the sprite of facing `row` holds, pointing where that
/// gun points (muzzle.png has a row per facing); `left`: seconds of flash left.
static void draw_muzzle(gfx *g, const camera *c, vec2s foot, int row, float left) {
    float angle = (float)row * (TAU / ART_AGENT_DIRS), mx, my;
    art_agent_muzzle(cosf(angle), sinf(angle), &mx, &my);
    int frame =
        ae_clampi((int)((1.0f - left / FX_MUZZLE_LIFE) * ART_FX_FRAMES), 0, ART_FX_FRAMES - 1);
    SDL_Rect src = {frame * ART_MUZZLE, row * ART_MUZZLE, ART_MUZZLE, ART_MUZZLE};
    const float half = ART_MUZZLE * 0.5f;
    draw_sprite(g->renderer, g->muzzle, c, src, (vec2s){{foot.x + mx, foot.y + my}}, half, half);
}

/// Ticks of sim_agent.hit_flash right after a hit (sim_damage).
#define HIT_FLASH_TICKS 8.0f

static void draw_agent(gfx *g, const camera *c, const sim_world *w, const fx_state *fx, int id,
                       float alpha, float time) {
    const sim_agent *a = &w->agents[id];
    vec2s p = agent_draw_pos(a, alpha);
    bool moving = glms_vec2_norm(a->move) > 0.1f;
    // The sprite faces `facing` (where the agent aims), whichever way it walks.
    int row = facing_row(a->facing), frame = moving ? 1 + (int)(time * 10.0f + (float)id) % 4 : 0;
    float flash = fminf(1.0f, (float)a->hit_flash / HIT_FLASH_TICKS);
    if (flash > 0.0f) p.x += (a->hit_flash & 1 ? 1.5f : -1.5f) * flash; // a jolt
    SDL_Rect src = {frame * ART_AGENT_W, row * ART_AGENT_H, ART_AGENT_W, ART_AGENT_H};
    float muzzle = id < SIM_MAX_AGENTS ? fx->muzzle[id] : 0.0f;
    // Pointing away from the camera (north, or west) the gun, and so its flash, is behind.
    bool behind = row >= 4 && row <= 7;
    if (muzzle > 0.0f && behind) draw_muzzle(g, c, p, row, muzzle);
    SDL_Color col = agent_color(w, id);
    SDL_SetTextureColorMod(g->agent, col.r, col.g, col.b);
    draw_sprite(g->renderer, g->agent, c, src, p, ART_AGENT_FOOT_X, ART_AGENT_FOOT_Y);
    if (flash > 0.0f) {
        // The hit: the silhouette over the body, white at once, cooling to red as it fades, so
        // it reads on every body colour.
        SDL_Rect sil = {(ART_AGENT_FRAMES - 1) * ART_AGENT_W, src.y, ART_AGENT_W, ART_AGENT_H};
        Uint8 gb = (Uint8)(70.0f + 185.0f * flash * flash);
        SDL_SetTextureColorMod(g->agent, 255, gb, gb);
        SDL_SetTextureAlphaMod(g->agent, (Uint8)(235.0f * fminf(1.0f, 1.6f * flash)));
        draw_sprite(g->renderer, g->agent, c, sil, p, ART_AGENT_FOOT_X, ART_AGENT_FOOT_Y);
        SDL_SetTextureAlphaMod(g->agent, 255);
    }
    if (muzzle > 0.0f && !behind) draw_muzzle(g, c, p, row, muzzle);
    // HP bar over the head.
    vec2s s = camera_to_screen(c, (vec2s){{p.x - 16.0f, p.y - ART_AGENT_FOOT_Y - 6.0f}});
    float bw = 32.0f * c->zoom, bh = fmaxf(3.0f, 4.0f * c->zoom);
    float share = a->hp > 0 ? a->hp / a->max_hp : 0.0f;
    gfx_fill_rect(g->renderer, (SDL_FRect){s.x - 1, s.y - 1, bw + 2, bh + 2},
                  (SDL_Color){20, 20, 30, 180});
    SDL_Color hp = share > 0.5f ? (SDL_Color){90, 220, 90, 255}
                                : (share > 0.25f ? (SDL_Color){240, 200, 60, 255}
                                                 : (SDL_Color){235, 70, 60, 255});
    gfx_fill_rect(g->renderer, (SDL_FRect){s.x, s.y, bw * share, bh}, hp);
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

static void draw_fx(gfx *g, const camera *c, const sim_world *w, const fx_state *fx) {
    for (int i = 0; i < fx->count; i++) {
        const fx_particle *p = &fx->particles[i];
        float t = p->age / p->life;
        if (p->number) {
            char text[16];
            SDL_snprintf(text, sizeof text, "%d", (int)lroundf(p->value));
            vec2s s = camera_to_screen(c, p->pos);
            Uint8 alpha = (Uint8)(255.0f * (1.0f - t * t));
            gfx_text_centered(g, s.x, s.y - 40.0f * c->zoom, 2.0f,
                              (SDL_Color){255, 240, 120, alpha}, text);
            continue;
        }
        int frame = (int)(t * ART_FX_FRAMES);
        if (frame >= ART_FX_FRAMES) frame = ART_FX_FRAMES - 1;
        SDL_Rect src = {frame * ART_FX, p->kind * ART_FX, ART_FX, ART_FX};
        SDL_Color col = p->owner >= 0 ? agent_color(w, p->owner) : (SDL_Color){255, 255, 255, 255};
        SDL_SetTextureColorMod(g->fx, col.r, col.g, col.b);
        SDL_FRect dst = world_rect(c, p->pos.x - 16.0f, p->pos.y - 16.0f - 14.0f, ART_FX, ART_FX);
        SDL_RenderCopyF(g->renderer, g->fx, &src, &dst);
    }
    SDL_SetTextureColorMod(g->fx, 255, 255, 255);
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
                   (size_t)w->agent_count + (size_t)w->gem_top + (size_t)w->bullet_top);
    int n = 0;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
            if (ae_grid_is_wall(&w->grid, x, y) && n < r->capacity)
                r->items[n++] =
                    (drawable){(float)(y + 1) * cs, is_prop(&w->grid, x, y) ? D_PROP : D_WALL,
                               y * w->grid.width + x};
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
        case D_GEM: {
            int frame = (int)(time * 8.0f + (float)d->index) % ART_FX_FRAMES;
            SDL_Rect src = {frame * ART_FX, ART_FX_GEM * ART_FX, ART_FX, ART_FX};
            draw_sprite(rr, g->fx, c, src, w->gems[d->index].pos, 16, 28);
            break;
        }
        case D_AGENT:
            draw_agent(g, c, w, fx, d->index, alpha, time);
            break;
        case D_BULLET: {
            const sim_bullet *b = &w->bullets[d->index];
            vec2s p = glms_vec2_sub(b->pos, glms_vec2_scale(b->vel, 1.0f - alpha));
            int frame = (int)(time * 16.0f) % ART_FX_FRAMES;
            SDL_Rect src = {frame * ART_FX, ART_FX_BULLET * ART_FX, ART_FX, ART_FX};
            SDL_Color col = agent_color(w, b->owner);
            SDL_SetTextureColorMod(g->fx, col.r, col.g, col.b);
            // Bullets fly at chest height: drawn 14 units above their ground position.
            draw_sprite(rr, g->fx, c, src, p, 16, 16 + 14);
            SDL_SetTextureColorMod(g->fx, 255, 255, 255);
            break;
        }
        }
    }
    draw_fx(g, c, w, fx);
    draw_zone(rr, c, w);
    draw_parallax(g, g->near, g->near_used, c, 1.8f, 1.05f, 80);
}
