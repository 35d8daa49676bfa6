#include "overlays.h"

#include "arena/ae_broadphase.h"
#include "overlay_world.h"
#include "render_world.h"
#include "sim_debug.h"

#include <math.h>
#include <stdio.h>

const char *overlay_title(int kind) {
    static const char *const titles[OVERLAY_COUNT] = {
        "F4  SDF heatmap, iso-line at the agent radius",
        "F5  gradient arrows under the cursor",
        "F6  nav clearance grid",
        "F7  bot paths, targets and states",
        "F8  MBP regions with proxy counts",
        "F9  cover points with normals",
        "F10 zones and per-phase timing graph",
        "F2  props' hit points, broken cells, door fields"};
    return kind >= 0 && kind < OVERLAY_COUNT ? titles[kind] : "?";
}

void overlays_record(overlays *o, const float *phase_us) {
    for (int p = 0; p < SIM_PHASE_COUNT; p++) o->history[o->history_pos][p] = phase_us[p];
    o->history_pos = (o->history_pos + 1) % OVERLAY_HISTORY;
}

static void visible_cells(const camera *c, const sim_world *w, int *x0, int *y0, int *x1, int *y1) {
    const float cs = sim_config_of(w)->cell_size;
    vec2s tl = camera_to_world(c, (vec2s){{0, 0}}),
          br = camera_to_world(c, (vec2s){{c->screen_w, c->screen_h}});
    *x0 = ae_maxi(0, (int)floorf(tl.x / cs));
    *y0 = ae_maxi(0, (int)floorf(tl.y / cs));
    *x1 = ae_mini(sim_grid(w)->width - 1, (int)floorf(br.x / cs));
    *y1 = ae_mini(sim_grid(w)->height - 1, (int)floorf(br.y / cs));
}

static void line(gfx *g, const camera *c, vec2s a, vec2s b) {
    vec2s sa = camera_to_screen(c, a), sb = camera_to_screen(c, b);
    gfx_line(g, sa.x, sa.y, sb.x, sb.y);
}

static void draw_sdf(gfx *g, const camera *c, const sim_world *w) {
    SDL_Renderer *r = g->renderer;
    const float cs = sim_config_of(w)->cell_size, radius = sim_config_of(w)->rules.agent_radius;
    int x0, y0, x1, y1;
    visible_cells(c, w, &x0, &y0, &x1, &y1);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            float d = ae_sdf_sample(sim_debug_sdf(w),
                                    (vec2s){{((float)x + 0.5f) * cs, ((float)y + 0.5f) * cs}}) /
                      cs;
            float t = ae_clampf(fabsf(d) / 6.0f, 0.0f, 1.0f);
            SDL_Color col = d >= 0 ? (SDL_Color){0, (Uint8)(80 + 175 * t), (Uint8)(255 * t), 110}
                                   : (SDL_Color){(Uint8)(120 + 135 * t), 0, 40, 130};
            vec2s s = camera_to_screen(c, (vec2s){{(float)x * cs, (float)y * cs}});
            gfx_fill_rect(g, (SDL_FRect){s.x, s.y, cs * c->zoom, cs * c->zoom}, col);
        }
    // Iso-line SDF == agent radius: where an agent's centre touches a wall. Marching squares on
    // the corner field (the bilinear field crosses each cell edge at most once).
    SDL_SetRenderDrawColor(r, 255, 255, 0, 255);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            float v[4] = {ae_sdf_corner(sim_debug_sdf(w), x, y) * cs - radius,
                          ae_sdf_corner(sim_debug_sdf(w), x + 1, y) * cs - radius,
                          ae_sdf_corner(sim_debug_sdf(w), x + 1, y + 1) * cs - radius,
                          ae_sdf_corner(sim_debug_sdf(w), x, y + 1) * cs - radius};
            const float px[4] = {0, 1, 1, 0}, py[4] = {0, 0, 1, 1};
            vec2s hits[4];
            int n = 0;
            for (int e = 0; e < 4; e++) {
                int f = (e + 1) % 4;
                if ((v[e] < 0) == (v[f] < 0)) continue;
                float t = v[e] / (v[e] - v[f]);
                hits[n++] = (vec2s){{((float)x + px[e] + (px[f] - px[e]) * t) * cs,
                                     ((float)y + py[e] + (py[f] - py[e]) * t) * cs}};
            }
            if (n >= 2) line(g, c, hits[0], hits[1]);
            if (n == 4) line(g, c, hits[2], hits[3]);
        }
}

static void draw_gradient(gfx *g, const camera *c, const sim_world *w, float mx, float my) {
    SDL_Renderer *r = g->renderer;
    vec2s m = camera_to_world(c, (vec2s){{mx, my}});
    for (int j = -4; j <= 4; j++)
        for (int i = -4; i <= 4; i++) {
            vec2s p = {{m.x + (float)i * 16.0f, m.y + (float)j * 16.0f}};
            vec2s gr = ae_sdf_gradient(sim_debug_sdf(w), p);
            float d = ae_sdf_sample(sim_debug_sdf(w), p);
            SDL_SetRenderDrawColor(r, d >= 0 ? 120 : 255, d >= 0 ? 255 : 90, 120, 255);
            vec2s tip = glms_vec2_add(p, glms_vec2_scale(gr, 12.0f));
            line(g, c, p, tip);
            vec2s side = {{-gr.y, gr.x}};
            line(g, c, tip,
                 glms_vec2_add(tip,
                               glms_vec2_add(glms_vec2_scale(gr, -4), glms_vec2_scale(side, 3))));
            line(g, c, tip,
                 glms_vec2_add(tip,
                               glms_vec2_add(glms_vec2_scale(gr, -4), glms_vec2_scale(side, -3))));
        }
    char t[64];
    snprintf(t, sizeof t, "sdf %.2f", (double)ae_sdf_sample(sim_debug_sdf(w), m));
    gfx_text(g, mx + 14, my + 10, 1.0f, (SDL_Color){255, 255, 255, 255}, t);
}

static void draw_nav(gfx *g, const camera *c, const sim_world *w) {
    const ae_nav_grid *nav = sim_debug_nav(w);
    const float cs = sim_config_of(w)->cell_size;
    int x0, y0, x1, y1;
    visible_cells(c, w, &x0, &y0, &x1, &y1);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            bool wall = ae_grid_is_wall(sim_grid(w), x, y);
            bool pass = ae_nav_passable(nav, 0, x, y);
            if (wall) continue;
            vec2s s =
                camera_to_screen(c, (vec2s){{((float)x + 0.5f) * cs, ((float)y + 0.5f) * cs}});
            float h = 3.0f * c->zoom;
            gfx_fill_rect(g, (SDL_FRect){s.x - h, s.y - h, 2 * h, 2 * h},
                          pass ? (SDL_Color){230, 255, 255, 170} : (SDL_Color){255, 110, 0, 240});
        }
}

static void draw_bots(gfx *g, const camera *c, const sim_world *w) {
    SDL_Renderer *r = g->renderer;
    const sim_agent *agents = sim_agents(w);
    for (int i = 0; i < sim_agent_count(w); i++) {
        const sim_agent *a = &agents[i];
        if (!a->bot || a->placement != 0) continue;
        const sim_bot_view b = sim_debug_bot(w, i);
        SDL_SetRenderDrawColor(r, 255, 255, 255, 200);
        vec2s from = a->pos;
        for (int k = 0; k < b.path_left; k++) {
            line(g, c, from, b.path[k]);
            from = b.path[k];
        }
        if (b.target >= 0 && agents[b.target].placement == 0) {
            SDL_SetRenderDrawColor(r, 255, 60, 60, 220);
            line(g, c, a->pos, agents[b.target].pos);
        }
        vec2s s = camera_to_screen(c, a->pos);
        gfx_text_centered(g, s.x, s.y + 8, 1.0f, (SDL_Color){255, 255, 160, 255}, b.state);
    }
}

static void draw_mbp(gfx *g, const camera *c, const sim_world *w) {
    static ae_bp_region regions[4096];
    int n = ae_broadphase_regions(sim_debug_broadphase(w), regions, 4096);
    SDL_Renderer *r = g->renderer;
    for (int i = 0; i < n && i < 4096; i++) {
        vec2s lo = camera_to_screen(c, regions[i].box.lower),
              hi = camera_to_screen(c, regions[i].box.upper);
        if (hi.x < 0 || hi.y < 0 || lo.x > c->screen_w || lo.y > c->screen_h) continue;
        SDL_SetRenderDrawColor(r, 80, 200, 255, 200);
        gfx_rect_outline(g, &(SDL_FRect){lo.x, lo.y, hi.x - lo.x, hi.y - lo.y});
        char t[16];
        snprintf(t, sizeof t, "%d", regions[i].proxies);
        gfx_text(g, fmaxf(lo.x, 0) + 4, fmaxf(lo.y, 0) + 4, 1.0f, (SDL_Color){120, 220, 255, 255},
                 t);
    }
}

static void draw_cover(gfx *g, const camera *c, const sim_world *w) {
    const ae_cover_set *set = sim_debug_cover(w);
    const ae_sdf *sdf = sim_debug_sdf(w);
    vec2s lo = camera_to_world(c, (vec2s){{0, 0}}),
          hi = camera_to_world(c, (vec2s){{c->screen_w, c->screen_h}});
    static int32_t idx[8192];
    int n = ae_cover_query_aabb(set, lo, hi, idx, 8192);
    SDL_Renderer *r = g->renderer;
    for (int k = 0; k < n && k < 8192; k++) {
        const vec2s p = ae_cover_pos(set, idx[k]);
        vec2s s = camera_to_screen(c, p);
        gfx_fill_rect(g, (SDL_FRect){s.x - 2, s.y - 2, 4, 4}, (SDL_Color){80, 170, 255, 255});
        SDL_SetRenderDrawColor(r, 80, 170, 255, 255);
        line(g, c, p, glms_vec2_add(p, glms_vec2_scale(ae_cover_normal(sdf, p), 10.0f)));
    }
}

static void draw_timing(const overlays *o, gfx *g, const camera *c, const sim_world *w) {
    // Zone: current (purple) and next (white) circles with their radii.
    const sim_zone *z = sim_zone_state(w);
    vec2s sc = camera_to_screen(c, z->center), nc = camera_to_screen(c, z->next_center);
    gfx_ring(g, sc.x, sc.y, z->radius * c->zoom, 3.0f, (SDL_Color){220, 120, 255, 255}, false);
    gfx_ring(g, nc.x, nc.y, z->next_radius * c->zoom, 2.0f, (SDL_Color){255, 255, 255, 255}, false);
    // Stacked bars of the sim phases for the last OVERLAY_HISTORY ticks (1 px per tick, 50 us per
    // 10 px).
    static const SDL_Color colors[SIM_PHASE_COUNT] = {
        {255, 120, 120, 230}, {255, 200, 90, 230},  {120, 220, 120, 230}, {100, 200, 255, 230},
        {170, 130, 255, 230}, {255, 130, 220, 230}, {200, 200, 200, 230}, {255, 255, 255, 230}};
    float x0 = 12, base = c->screen_h - 20;
    gfx_fill_rect(g, (SDL_FRect){x0 - 4, base - 124, OVERLAY_HISTORY + 8, 128},
                  (SDL_Color){0, 0, 0, 160});
    for (int i = 0; i < OVERLAY_HISTORY; i++) {
        const float *h = o->history[(o->history_pos + i) % OVERLAY_HISTORY];
        float y = base;
        for (int p = 0; p < SIM_PHASE_COUNT; p++) {
            float len = fminf(h[p] * 0.2f, y - (base - 120));
            gfx_fill_rect(g, (SDL_FRect){x0 + (float)i, y - len, 1, len}, colors[p]);
            y -= len;
        }
    }
    for (int p = 0; p < SIM_PHASE_COUNT; p++)
        gfx_text(g, x0 + OVERLAY_HISTORY + 12, base - 120 + 15.0f * (float)p, 1.0f, colors[p],
                 sim_phase_name((sim_phase)p));
}

void overlays_draw(const overlays *o, gfx *g, const camera *c, const sim_world *w, float mx,
                   float my) {
    if (o->on & 1u << OVERLAY_SDF) draw_sdf(g, c, w);
    if (o->on & 1u << OVERLAY_NAV) draw_nav(g, c, w);
    if (o->on & 1u << OVERLAY_COVER) draw_cover(g, c, w);
    if (o->on & 1u << OVERLAY_MBP) draw_mbp(g, c, w);
    if (o->on & 1u << OVERLAY_BOTS) draw_bots(g, c, w);
    if (o->on & 1u << OVERLAY_GRADIENT) draw_gradient(g, c, w, mx, my);
    if (o->on & 1u << OVERLAY_TIMING) draw_timing(o, g, c, w);
    if (o->on & 1u << OVERLAY_WORLD) overlay_world_draw(g, c, w);
}
