// The F2 overlay: what has changed in the world. Every breakable prop's hit points (a bar and
// the numbers), the cells broken this match (free now, where a prop stood), and each door's
// box with a heat map and iso-distance contours of its own distance field (ae_shape_distance),
// the field the sim combines with the map's for moving obstacles.
#include "overlay_world.h"

#include "render_world.h"

#include <math.h>
#include <stdio.h>

/// Spacing of the samples of a door's field (world units) and how far around its box they go.
#define FIELD_STEP  4.0f
#define FIELD_REACH 40.0f
/// Samples a side at most: a door of a 32-unit cell needs 30 (a bigger one is sampled in part).
enum { FIELD_CELLS = 48 };
/// Contours drawn: the box's edge and every 8 units out to FIELD_REACH.
#define CONTOUR_STEP 8.0f

static void draw_prop(gfx *g, const camera *c, const sim_world *w, int x, int y,
                      const sim_prop *p) {
    const float cs = sim_config_of(w)->cell_size;
    vec2s s = camera_to_screen(c, (vec2s){{(float)x * cs, (float)y * cs}});
    float size = cs * c->zoom;
    if (p->hp <= 0.0f) { // broken this match: an edited cell, free now
        gfx_fill_rect(g, (SDL_FRect){s.x, s.y, size, size}, (SDL_Color){255, 140, 0, 90});
        SDL_SetRenderDrawColor(g->renderer, 255, 160, 40, 255);
        gfx_rect_outline(g, &(SDL_FRect){s.x, s.y, size, size});
        gfx_line(g, s.x, s.y, s.x + size, s.y + size);
        gfx_line(g, s.x + size, s.y, s.x, s.y + size);
        return;
    }
    float share = p->max_hp > 0.0f ? p->hp / p->max_hp : 0.0f;
    SDL_Color col = {(Uint8)(255.0f * (1.0f - share)), (Uint8)(80.0f + 175.0f * share), 60, 255};
    float by = s.y - 16.0f * c->zoom; // just over the prop's top
    gfx_fill_rect(g, (SDL_FRect){s.x - 1, by - 1, size + 2, 7}, (SDL_Color){0, 0, 0, 200});
    gfx_fill_rect(g, (SDL_FRect){s.x, by, size * share, 5}, col);
    char t[32];
    snprintf(t, sizeof t, "%.0f/%.0f", (double)p->hp, (double)p->max_hp);
    gfx_text_centered(g, s.x + 0.5f * size, by - 16.0f, 1.0f, (SDL_Color){255, 255, 255, 255}, t);
}

/// Heat and contours of one door's box distance, sampled on a grid around it.
static void draw_door_field(gfx *g, const camera *c, const sim_world *w, const sim_door *door,
                            int index) {
    SDL_Renderer *r = g->renderer;
    ae_shape s = sim_door_shape(w, door);
    static float v[FIELD_CELLS][FIELD_CELLS];
    vec2s lo = {{s.center.x - s.half.x - FIELD_REACH, s.center.y - s.half.y - FIELD_REACH}};
    int nx = ae_mini(FIELD_CELLS, (int)ceilf((2.0f * (s.half.x + FIELD_REACH)) / FIELD_STEP) + 1);
    int ny = ae_mini(FIELD_CELLS, (int)ceilf((2.0f * (s.half.y + FIELD_REACH)) / FIELD_STEP) + 1);
    for (int j = 0; j < ny; j++)
        for (int i = 0; i < nx; i++)
            v[j][i] = ae_shape_distance(
                &s, (vec2s){{lo.x + (float)i * FIELD_STEP, lo.y + (float)j * FIELD_STEP}});
    // Heat: red inside, blue fading out to FIELD_REACH outside.
    const float px = FIELD_STEP * c->zoom;
    for (int j = 0; j + 1 < ny; j++)
        for (int i = 0; i + 1 < nx; i++) {
            float d = 0.25f * (v[j][i] + v[j][i + 1] + v[j + 1][i] + v[j + 1][i + 1]);
            if (d > FIELD_REACH) continue;
            float t = ae_clampf(fabsf(d) / FIELD_REACH, 0.0f, 1.0f);
            SDL_Color col = d < 0.0f ? (SDL_Color){255, 60, 60, 150}
                                     : (SDL_Color){40, (Uint8)(120 + 100 * t), 255,
                                                   (Uint8)(130.0f * (1.0f - t))};
            vec2s sp = camera_to_screen(
                c, (vec2s){{lo.x + (float)i * FIELD_STEP, lo.y + (float)j * FIELD_STEP}});
            gfx_fill_rect(g, (SDL_FRect){sp.x, sp.y, px + 0.5f, px + 0.5f}, col);
        }
    // Contours by marching squares on the samples.
    for (float level = 0.0f; level <= FIELD_REACH; level += CONTOUR_STEP) {
        if (level == 0.0f)
            SDL_SetRenderDrawColor(r, 255, 255, 255, 255);
        else
            SDL_SetRenderDrawColor(r, 200, 240, 255, 200);
        for (int j = 0; j + 1 < ny; j++)
            for (int i = 0; i + 1 < nx; i++) {
                const float q[4] = {v[j][i] - level, v[j][i + 1] - level, v[j + 1][i + 1] - level,
                                    v[j + 1][i] - level};
                const float ox[4] = {0, 1, 1, 0}, oy[4] = {0, 0, 1, 1};
                vec2s hits[4];
                int n = 0;
                for (int e = 0; e < 4; e++) {
                    int f = (e + 1) % 4;
                    if ((q[e] < 0) == (q[f] < 0)) continue;
                    float t = q[e] / (q[e] - q[f]);
                    hits[n++] = camera_to_screen(
                        c, (vec2s){{lo.x + ((float)i + ox[e] + (ox[f] - ox[e]) * t) * FIELD_STEP,
                                    lo.y + ((float)j + oy[e] + (oy[f] - oy[e]) * t) * FIELD_STEP}});
                }
                if (n >= 2) gfx_line(g, hits[0].x, hits[0].y, hits[1].x, hits[1].y);
                if (n == 4) gfx_line(g, hits[2].x, hits[2].y, hits[3].x, hits[3].y);
            }
    }
    vec2s a = camera_to_screen(c, (vec2s){{s.center.x - s.half.x, s.center.y - s.half.y}});
    SDL_SetRenderDrawColor(r, 255, 255, 0, 255);
    gfx_rect_outline(g,
                     &(SDL_FRect){a.x, a.y, 2.0f * s.half.x * c->zoom, 2.0f * s.half.y * c->zoom});
    char t[48];
    snprintf(t, sizeof t, "door %d open %.2f", index, (double)door->open);
    vec2s ts = camera_to_screen(
        c, (vec2s){{door->closed.x, door->closed.y + 0.5f * sim_config_of(w)->cell_size}});
    gfx_text_centered(g, ts.x, ts.y + 4.0f, 1.0f, (SDL_Color){255, 255, 120, 255}, t);
}

void overlay_world_draw(gfx *g, const camera *c, const sim_world *w) {
    const float cs = sim_config_of(w)->cell_size;
    vec2s tl = camera_to_world(c, (vec2s){{0, 0}}),
          br = camera_to_world(c, (vec2s){{c->screen_w, c->screen_h}});
    int x0 = ae_maxi(0, (int)floorf(tl.x / cs) - 1), y0 = ae_maxi(0, (int)floorf(tl.y / cs) - 1);
    int x1 = ae_mini(sim_grid(w)->width - 1, (int)floorf(br.x / cs) + 1);
    int y1 = ae_mini(sim_grid(w)->height - 1, (int)floorf(br.y / cs) + 2);
    int doors[64], door_n = 0;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            uint8_t cell = sim_grid(w)->cells[(size_t)y * (size_t)sim_grid(w)->width + (size_t)x];
            if (cell == AE_CELL_DOOR) {
                int k = sim_door_find(w, x, y);
                if (k >= 0 && door_n < 64) doors[door_n++] = k;
                continue;
            }
            if (cell != (AE_CELL_WALL | AE_CELL_BREAKABLE) && cell != AE_CELL_FREE) continue;
            int prop = sim_prop_count(w) > 0 ? sim_prop_find(w, x, y) : -1;
            if (prop >= 0) draw_prop(g, c, w, x, y, &sim_props(w)[prop]);
        }
    for (int k = 0; k < door_n; k++) draw_door_field(g, c, w, &sim_doors(w)[doors[k]], doors[k]);
    char t[96];
    snprintf(t, sizeof t, "props %d, broken %d, doors %d", sim_prop_count(w), sim_props_broken(w),
             sim_door_count(w));
    gfx_text(g, 12, c->screen_h - 230, 1.0f, (SDL_Color){255, 200, 120, 255}, t);
}
