#include "hud.h"

#include "render_world.h"
#include "sim_scoreboard.h"

#include <math.h>
#include <stdio.h>

static const SDL_Color WHITE = {255, 255, 255, 255};
static const SDL_Color SHADOW = {0, 0, 0, 160};
static const SDL_Color PANEL = {255, 255, 255, 215};
/// The player panel's column (x from 0): what hangs below it (the spectating label, the
/// timings) keeps left of this.
static const float HUD_LEFT_COLUMN = 12.0f + 330.0f + 10.0f;

void hud_init(hud *h) {
    *h = (hud){0};
    idle_hint_init(&h->move_hint, 4.0f);
    idle_hint_init(&h->pick_hint, 6.0f);
    for (int p = 0; p < HUD_PANEL_COUNT; p++) h->opacity[p] = 1.0f;
}

enum { MINIMAP_SIZE = 190, FEED_LINE = 22, MATCH_PANEL_H = 130 };

SDL_FRect hud_panel_rect(const hud *h, hud_panel p, const camera *c, float y_max) {
    switch (p) {
    case HUD_PANEL_PLAYER:
        return (SDL_FRect){12, 12, 330, 132};
    case HUD_PANEL_MATCH:
        return (SDL_FRect){c->screen_w - 300, 12, 288, MATCH_PANEL_H};
    case HUD_PANEL_FEED:
        return (SDL_FRect){c->screen_w - 320, 20 + MATCH_PANEL_H, 308, FEED_LINE * FX_FEED_MAX};
    case HUD_PANEL_MINIMAP: {
        int mw = h && h->minimap_w > 0 ? h->minimap_w : 1,
            mh = h && h->minimap_h > 0 ? h->minimap_h : 1;
        float scale = MINIMAP_SIZE / (float)(mw > mh ? mw : mh);
        float w = (float)mw * scale, hh = (float)mh * scale;
        return (SDL_FRect){c->screen_w - w - 20, c->screen_h - hh - 20, w + 8, hh + 8};
    }
    case HUD_PANEL_LOADOUT:
    default:
        return (SDL_FRect){12, fminf(c->screen_h, y_max) - HUD_LOADOUT_H - 12, 320, HUD_LOADOUT_H};
    }
}

bool hud_something_under(const camera *c, const sim_world *w, int focus, SDL_FRect r) {
    // Agents are drawn up to about 44 pixels above their feet; a margin keeps a body half under
    // the panel's edge visible too.
    const float m = 16.0f * c->zoom;
    const float x0 = r.x - m, x1 = r.x + r.w + m, y0 = r.y - m, y1 = r.y + r.h + 44.0f * c->zoom;
    for (int i = 0; i < sim_agent_count(w); i++) {
        if (i == focus || sim_agents(w)[i].placement != 0) continue;
        vec2s p = camera_to_screen(c, sim_agents(w)[i].pos);
        if (p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1) return true;
    }
    for (int i = 0; i < sim_bullet_top(w); i++) {
        if (!sim_bullets(w)[i].alive) continue;
        vec2s p = camera_to_screen(c, sim_bullets(w)[i].pos);
        if (p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1) return true;
    }
    return false;
}

/// Eases panel p's opacity towards faded while something is under it, and sets it for drawing.
static void fade_panel(hud *h, gfx *g, hud_panel p, const camera *c, const sim_world *w, int focus,
                       float y_max, float dt) {
    float target =
        hud_something_under(c, w, focus, hud_panel_rect(h, p, c, y_max)) ? HUD_FADED : 1.0f;
    h->opacity[p] += (target - h->opacity[p]) * (1.0f - expf(-10.0f * dt));
    gfx_set_opacity(g, h->opacity[p]);
}

void hud_free(hud *h) {
    if (h->minimap) SDL_DestroyTexture(h->minimap);
    h->minimap = NULL;
    SDL_FreeSurface(h->minimap_px.s);
    h->minimap_px = (gfx_pixels){0};
}

void hud_build_minimap(hud *h, SDL_Renderer *r, const sim_world *w) {
    hud_free(h);
    h->minimap_map = sim_map_hash(w);
    // One pixel per block of cells, at most HUD_MINIMAP_MAX pixels a side (it is drawn at 190):
    // a big map needs no texture of its own size. A pixel mixes the wall, water and ground
    // colours by their shares of its block.
    const ae_grid *g = sim_grid(w);
    const int side = g->width > g->height ? g->width : g->height;
    const int block = (side + HUD_MINIMAP_MAX - 1) / HUD_MINIMAP_MAX;
    const int pw = (g->width + block - 1) / block, ph = (g->height + block - 1) / block;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, pw, ph, 32, SDL_PIXELFORMAT_RGBA32);
    int *walls = SDL_calloc(2 * (size_t)pw, sizeof *walls), *water = walls + pw;
    if (!s || !walls) {
        SDL_FreeSurface(s);
        SDL_free(walls);
        return;
    }
    for (int py = 0; py < ph; py++) {
        // Wall counts of this row of blocks, read row by row through the grid.
        SDL_memset(walls, 0, 2 * (size_t)pw * sizeof *walls);
        const int y0 = py * block, y1 = SDL_min(y0 + block, g->height);
        for (int y = y0; y < y1; y++) {
            const uint8_t *cells = g->cells + (size_t)y * (size_t)g->width;
            // Plain walls only: props break and doors open, so the map shows neither.
            for (int x = 0; x < g->width; x++) {
                walls[x / block] += cells[x] == AE_CELL_WALL;
                water[x / block] += cells[x] == (AE_CELL_WALL | AE_CELL_WATER);
            }
        }
        Uint8 *row = (Uint8 *)s->pixels + (size_t)py * (size_t)s->pitch;
        for (int px = 0; px < pw; px++) {
            const int cells = (y1 - y0) * (SDL_min((px + 1) * block, g->width) - px * block);
            const int wall[3] = {70, 72, 84}, sea[3] = {38, 104, 178}, ground[3] = {96, 150, 80};
            const int open = cells - walls[px] - water[px];
            Uint8 px4[4] = {0, 0, 0, 230};
            for (int c = 0; c < 3; c++)
                px4[c] =
                    (Uint8)((wall[c] * walls[px] + sea[c] * water[px] + ground[c] * open) / cells);
            SDL_memcpy(row + 4 * px, px4, 4);
        }
    }
    SDL_free(walls);
    h->minimap = SDL_CreateTextureFromSurface(r, s);
    h->minimap_px = gfx_pixels_keep(SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888, 0));
    h->minimap_w = g->width;
    h->minimap_h = g->height;
    SDL_FreeSurface(s);
}

void hud_update_hints(hud *h, float dt, const sim_world *w, int human, bool live, bool moved,
                      bool aimed, bool picked) {
    const sim_agent *a = &sim_agents(w)[human];
    bool alive = live && a->placement == 0 && !sim_over(w);
    bool calm = sim_nearest_visible_enemy(w, human, 500.0f) < 0; // no hint in a fight
    const bool move_idle[] = {alive, !moved, !aimed, calm};
    h->show_move_hint = idle_hint_update(&h->move_hint, dt, move_idle, 4, live && moved);
    const bool pick_idle[] = {alive, a->pending_picks > 0, !moved || calm};
    h->show_pick_hint = idle_hint_update(&h->pick_hint, dt, pick_idle, 3, live && picked);
}

static void text_shadow(gfx *g, float x, float y, float scale, SDL_Color c, const char *t) {
    gfx_text(g, x + scale, y + scale, scale, SHADOW, t);
    gfx_text(g, x, y, scale, c, t);
}

static void bar(gfx *g, float x, float y, float w, float hgt, float share, SDL_Color c) {
    gfx_fill_rect(g, (SDL_FRect){x - 2, y - 2, w + 4, hgt + 4}, (SDL_Color){20, 22, 30, 200});
    gfx_fill_rect(g, (SDL_FRect){x, y, w * fmaxf(0.0f, fminf(1.0f, share)), hgt}, c);
}

static Uint8 lerp8(Uint8 a, Uint8 b, float t) {
    return (Uint8)((float)a + ((float)b - (float)a) * t);
}

static void draw_player_panel(gfx *g, const sim_world *w, const sim_agent *a, const fx_state *fx,
                              bool watched) {
    gfx_panel(g, (SDL_FRect){12, 12, 330, 132}, PANEL);
    char t[64];
    // Low on health (fx_heartbeat runs for the watched human): the heart beats, the bar blinks
    // towards white and glows, the numbers turn red.
    float pulse = watched && fx->beating ? fx->pulse : 0.0f;
    bool low = watched && fx->beating;
    float heart = 28.0f * (1.0f + 0.25f * pulse);
    gfx_icon(g, ART_ICON_HEART, 40 - 0.5f * heart, 40 - 0.5f * heart, heart, WHITE);
    if (low)
        gfx_fill_rect(g, (SDL_FRect){56, 26, 212, 28},
                      (SDL_Color){255, 40, 40, (Uint8)(60.0f + 160.0f * pulse)});
    SDL_Color hp = {lerp8(225, 255, pulse), lerp8(70, 235, pulse), lerp8(70, 225, pulse), 255};
    bar(g, 62, 32, 200, 16, a->hp / a->max_hp, hp);
    snprintf(t, sizeof t, "%d/%d", (int)ceilf(fmaxf(a->hp, 0)), (int)a->max_hp);
    text_shadow(g, 272, 30, 1.0f, low ? (SDL_Color){255, 110, 100, 255} : WHITE, t);
    gfx_icon(g, ART_ICON_GEM, 26, 60, 28, WHITE);
    int need = sim_rules_xp_for_level(&sim_config_of(w)->rules, a->level);
    bar(g, 62, 66, 200, 12, (float)a->xp / (float)need, (SDL_Color){170, 90, 240, 255});
    snprintf(t, sizeof t, "Lv %d", a->level);
    text_shadow(g, 272, 62, 1.0f, WHITE, t);
    for (int k = 0; k < SIM_SKILL_COUNT; k++) {
        float x = 26 + (float)k * 50;
        Uint8 dim = a->skills[k] ? 255 : 110;
        gfx_icon(g, ART_ICON_REGEN + k, x, 92, 32, (SDL_Color){dim, dim, dim, 255});
        for (int l = 0; l < SIM_SKILL_MAX_LEVEL; l++)
            gfx_fill_rect(g, (SDL_FRect){x + (float)l * 7, 127, 5, 5},
                          l < a->skills[k] ? (SDL_Color){255, 210, 80, 255}
                                           : (SDL_Color){60, 60, 70, 200});
    }
}

SDL_FRect hud_top_band(const camera *c, float h) {
    const float right = c->screen_w - 300.0f - 58.0f - 10.0f; // left of the sound icon
    if (right - HUD_LEFT_COLUMN >= 360.0f)
        return (SDL_FRect){HUD_LEFT_COLUMN, 12.0f, right - HUD_LEFT_COLUMN, h};
    return (SDL_FRect){12.0f, 184.0f, c->screen_w - 24.0f, h}; // under the watched label too
}

/// Skill k's tile of the level-up panel is 96 wide from x + 12 + 96 k.
SDL_FRect hud_level_up_rect(const camera *c) {
    float w = 6 * 96 + 24;
    return (SDL_FRect){0.5f * c->screen_w - 0.5f * w, c->screen_h - 190, w, 150};
}

/// Room kept between the level-up panel and what is stacked above it.
#define ABOVE_LEVEL_UP 8.0f
/// An idle hint's line (text at scale 2 with its shadow).
#define HINT_LINE 24.0f
#define GUIDE_H   74.0f

SDL_FRect hud_guide_rect(const camera *c, float w, bool level_up) {
    float y = c->screen_h * 0.68f;
    if (level_up) y = fminf(y, hud_level_up_rect(c).y - ABOVE_LEVEL_UP - GUIDE_H);
    return (SDL_FRect){0.5f * (c->screen_w - w), y, w, GUIDE_H};
}

SDL_FRect hud_hint_rect(const camera *c, int line, bool level_up) {
    float bottom = c->screen_h * 0.7f + HINT_LINE;
    if (level_up) bottom = fminf(bottom, hud_level_up_rect(c).y - ABOVE_LEVEL_UP);
    return (SDL_FRect){0, bottom - HINT_LINE * (float)(line + 1), c->screen_w, HINT_LINE};
}

int hud_level_up_hit(const camera *c, const sim_agent *a, float x, float y) {
    SDL_FRect r = hud_level_up_rect(c);
    if (a->pending_picks <= 0 || y < r.y + 40 || y > r.y + r.h || x < r.x + 12) return -1;
    int k = (int)((x - r.x - 12) / 96.0f);
    return k >= 0 && k < SIM_SKILL_COUNT ? k : -1;
}

static void draw_level_up(gfx *g, const camera *c, const sim_agent *a, bool has_pad, bool touch,
                          const input_bindings *keys) {
    if (a->pending_picks <= 0) return;
    const SDL_FRect box = hud_level_up_rect(c);
    float w = box.w, x0 = box.x, y0 = box.y;
    gfx_panel(g, (SDL_FRect){x0, y0, w, 150}, PANEL);
    char t[64];
    snprintf(t, sizeof t, "LEVEL UP! Pick a skill (%d)", a->pending_picks);
    gfx_text_centered(g, 0.5f * c->screen_w, y0 + 12, 2.0f, (SDL_Color){255, 220, 90, 255}, t);
    for (int k = 0; k < SIM_SKILL_COUNT; k++) {
        float x = x0 + 12 + (float)k * 96;
        bool maxed = a->skills[k] >= SIM_SKILL_MAX_LEVEL;
        Uint8 v = maxed ? 90 : 255;
        gfx_icon(g, ART_ICON_REGEN + k, x + 24, y0 + 50, 48, (SDL_Color){v, v, v, 255});
        gfx_text_centered(g, x + 48, y0 + 102, 1.0f, WHITE, sim_skill_name((sim_skill)k));
        if (touch) continue; // a tap on the tile picks it
        snprintf(t, sizeof t, "[%s]",
                 hud_control_label(keys, (input_bind)(BIND_SKILL_1 + k), has_pad));
        gfx_text_centered(g, x + 48, y0 + 120, 1.0f, (SDL_Color){255, 220, 90, 255}, t);
    }
}

/// The match panel (top right): who is left and the match clock; the zone; the focus's kills
/// and the kill leader (hidden while nobody has a kill).
static void draw_match_panel(const hud *h, gfx *g, const camera *c, const sim_world *w,
                             const sim_agent *a) {
    float x = c->screen_w - 300;
    gfx_panel(g, (SDL_FRect){x, 12, 288, MATCH_PANEL_H}, PANEL);
    char t[64];
    gfx_icon(g, ART_ICON_PEOPLE, x + 14, 22, 28, WHITE);
    snprintf(t, sizeof t, "%d alive", sim_alive_count(w));
    text_shadow(g, x + 48, 26, 1.5f, WHITE, t);
    const int s = sim_tick(w) / SIM_TICK_HZ;
    gfx_icon(g, ART_ICON_CLOCK, x + 170, 22, 28, WHITE);
    snprintf(t, sizeof t, "%d:%02d", s / 60, s % 60);
    text_shadow(g, x + 204, 26, 1.5f, WHITE, t);
    const sim_zone *z = sim_zone_state(w);
    const sim_rules *r = &sim_config_of(w)->rules;
    gfx_icon(g, ART_ICON_ZONE, x + 14, 58, 28, WHITE);
    if (z->phase < r->zone_phase_count) {
        const sim_zone_phase *ph = &r->zone[z->phase];
        int left = sim_zone_ticks(w, z->shrinking ? ph->shrink_ticks : ph->hold_ticks) - z->timer;
        snprintf(t, sizeof t, "Zone %d %s %d:%02d", z->phase + 1, z->shrinking ? "closing" : "in",
                 left / SIM_TICK_HZ / 60, left / SIM_TICK_HZ % 60);
    } else {
        snprintf(t, sizeof t, "Zone closed");
    }
    text_shadow(g, x + 48, 64, 1.0f, WHITE, t);
    gfx_icon(g, ART_ICON_SKULL, x + 14, 94, 28, WHITE);
    snprintf(t, sizeof t, "%d", a->kills);
    text_shadow(g, x + 48, 98, 1.5f, WHITE, t);
    const int leader = sim_kill_leader(w);
    if (leader < 0) return;
    char name[HUD_NAME_SIZE];
    hud_agent_name(h, w, leader, name, sizeof name);
    // A long name is cut to leave the count room: "Leader " + name + " (99)" in 23 columns.
    snprintf(t, sizeof t, "Leader %.*s (%d)", 12, name, sim_agents(w)[leader].kills);
    text_shadow(g, x + 90, 102, 1.0f, (SDL_Color){255, 214, 80, 255}, t);
}

/// How long the HUD tells of a landed supply drop, and shows it on the minimap.
#define SUPPLY_NEWS_TICKS   (5 * SIM_TICK_HZ)
#define SUPPLY_MARKER_TICKS (60 * SIM_TICK_HZ)

static bool supply_shown(const sim_world *w) {
    const sim_zone *z = sim_zone_state(w);
    return z->supply == SIM_SUPPLY_COMING ||
           (z->supply == SIM_SUPPLY_LANDED && sim_tick(w) - z->supply_tick < SUPPLY_MARKER_TICKS);
}

static void draw_minimap(hud *h, gfx *g, const camera *c, const sim_world *w, const sim_agent *a) {
    if (!h->minimap) return;
    SDL_FRect frame = hud_panel_rect(h, HUD_PANEL_MINIMAP, c, c->screen_h);
    float x = frame.x + 4, y = frame.y + 4, mw = frame.w - 8, mh = frame.h - 8;
    float scale = mw / (float)h->minimap_w;
    gfx_fill_rect(g, frame, (SDL_Color){20, 22, 30, 200});
    const Uint8 alpha = (Uint8)(220.0f * h->opacity[HUD_PANEL_MINIMAP]);
    const SDL_FRect to = {x, y, mw, mh};
    if (!gfx_tinted_copy(g, h->minimap_px, NULL, to, (SDL_Color){255, 255, 255, alpha})) {
        gfx_alpha_mod(g, h->minimap, alpha);
        gfx_copy(g, h->minimap, NULL, &to);
    }
    float k = scale / sim_config_of(w)->cell_size;
    SDL_RenderSetClipRect(g->renderer, &(SDL_Rect){(int)x, (int)y, (int)mw, (int)mh});
    const sim_zone *z = sim_zone_state(w);
    gfx_ring(g, x + z->center.x * k, y + z->center.y * k, z->radius * k, 2.0f,
             (SDL_Color){200, 90, 255, 255}, false);
    if (z->shrinking || z->next_radius != z->radius) // the next circle is known from its hold
        gfx_ring(g, x + z->next_center.x * k, y + z->next_center.y * k, z->next_radius * k, 1.5f,
                 WHITE, true);
    SDL_RenderSetClipRect(g->renderer, NULL);
    if (supply_shown(w)) { // the supply drop: a crate-coloured square where it lands or lies
        const float sx = x + z->supply_pos.x * k, sy = y + z->supply_pos.y * k;
        gfx_fill_rect(g, (SDL_FRect){sx - 5, sy - 5, 10, 10}, (SDL_Color){30, 20, 0, 255});
        gfx_fill_rect(g, (SDL_FRect){sx - 4, sy - 4, 8, 8}, (SDL_Color){255, 200, 60, 255});
    }
    gfx_disc(g, x + a->pos.x * k, y + a->pos.y * k, 4.0f, (SDL_Color){255, 220, 60, 255});
}

/// Above the minimap: when the announced supply drop lands, or that it has, for a while.
static void draw_supply_notice(const hud *h, gfx *g, const camera *c, const sim_world *w) {
    const sim_zone *z = sim_zone_state(w);
    const int left = z->supply_tick - sim_tick(w);
    char t[48];
    if (z->supply == SIM_SUPPLY_COMING)
        snprintf(t, sizeof t, "Supply drop in %d s", (left + SIM_TICK_HZ - 1) / SIM_TICK_HZ);
    else if (z->supply == SIM_SUPPLY_LANDED && -left < SUPPLY_NEWS_TICKS)
        snprintf(t, sizeof t, "Supply drop landed");
    else
        return;
    const SDL_FRect m = hud_panel_rect(h, HUD_PANEL_MINIMAP, c, c->screen_h);
    const float tw = gfx_text_width(1.0f, t) + 16, ty = m.y - 30 - (h->net ? 34.0f : 0.0f);
    gfx_fill_rect(g, (SDL_FRect){m.x + m.w - tw, ty, tw, 24}, (SDL_Color){40, 28, 0, 200});
    gfx_text(g, m.x + m.w - tw + 8, ty + 6, 1.0f, (SDL_Color){255, 210, 90, 255}, t);
}

void hud_agent_name(const hud *h, const sim_world *w, int id, char *out, size_t size) {
    if (h->namer)
        h->namer(h->namer_ctx, w, id, out, size);
    else
        sim_agent_name(w, id, out, size);
}

static void draw_feed(const hud *h, gfx *g, const camera *c, const sim_world *w,
                      const fx_state *fx) {
    float y = hud_panel_rect(NULL, HUD_PANEL_FEED, c, c->screen_h).y + 4;
    for (int i = fx->feed_count - 1; i >= 0; i--) {
        const fx_feed_line *l = &fx->feed[i];
        char t[96];
        char killer[HUD_NAME_SIZE], victim[HUD_NAME_SIZE];
        if (l->killer < 0)
            snprintf(killer, sizeof killer, "Zone");
        else
            hud_agent_name(h, w, l->killer, killer, sizeof killer);
        hud_agent_name(h, w, l->victim, victim, sizeof victim);
        snprintf(t, sizeof t, "%s > %s", killer, victim);
        Uint8 alpha = (Uint8)(255.0f * fminf(1.0f, 6.0f - l->age));
        float width = gfx_text_width(1.0f, t);
        gfx_fill_rect(g, (SDL_FRect){c->screen_w - width - 24, y - 2, width + 12, 20},
                      (SDL_Color){0, 0, 0, (Uint8)(alpha / 2)});
        gfx_text(g, c->screen_w - width - 18, y, 1.0f, (SDL_Color){255, 255, 255, alpha}, t);
        y += FEED_LINE;
    }
}

/// Online, under the timings: the connection's figures.
static void draw_net_perf(gfx *g, const net_client_stats *n, float y) {
    char line[2][96];
    snprintf(line[0], sizeof line[0], "ping %.0f ms  jitter %.1f ms  snapshots %d/s", n->ping_ms,
             n->jitter_ms, n->snapshots_per_s);
    snprintf(line[1], sizeof line[1], "down %d B/s  up %d B/s  corrections %u (%u snapped)",
             n->bytes_down_per_s, n->bytes_up_per_s, n->corrections_over_1, n->snapped);
    float w = fmaxf(gfx_text_width(1.0f, line[0]), gfx_text_width(1.0f, line[1])) + 16;
    gfx_fill_rect(g, (SDL_FRect){12, y, fmaxf(w, 250), 40}, (SDL_Color){0, 0, 0, 170});
    gfx_text(g, 20, y + 4, 1.0f, (SDL_Color){170, 235, 150, 255}, line[0]);
    gfx_text(g, 20, y + 22, 1.0f, (SDL_Color){170, 235, 150, 255}, line[1]);
}

static void draw_perf(gfx *g, const hud_timings *t, const net_client_stats *net) {
    char line[96];
    gfx_fill_rect(g, (SDL_FRect){12, 160, 250, 40 + 18 * SIM_PHASE_COUNT},
                  (SDL_Color){0, 0, 0, 170});
    if (net) draw_net_perf(g, net, 160 + 40 + 18 * SIM_PHASE_COUNT + 4);
    snprintf(line, sizeof line, "frame %5.2f ms  fps %4.0f", t->frame_ms,
             t->frame_ms > 0 ? 1000.0f / t->frame_ms : 0);
    gfx_text(g, 20, 166, 1.0f, WHITE, line);
    snprintf(line, sizeof line, "sim %5.2f  render %5.2f ms", t->sim_ms, t->render_ms);
    gfx_text(g, 20, 184, 1.0f, WHITE, line);
    for (int p = 0; p < SIM_PHASE_COUNT; p++) {
        snprintf(line, sizeof line, "%-8s %7.1f us", sim_phase_name((sim_phase)p), t->phase_us[p]);
        gfx_text(g, 20, 204 + 18.0f * (float)p, 1.0f, (SDL_Color){180, 220, 255, 255}, line);
        gfx_fill_rect(
            g, (SDL_FRect){180, 208 + 18.0f * (float)p, fminf(80.0f, t->phase_us[p] / 10.0f), 8},
            (SDL_Color){120, 200, 255, 220});
    }
}

/// The sound icon beside the match panel: shown only while muted or without a sound device.
static void draw_sound_icon(const hud *h, gfx *g, const camera *c) {
    if (!h->muted && !h->no_audio) return;
    float x = c->screen_w - 300 - 58, y = 12;
    gfx_panel(g, (SDL_FRect){x, y, 50, 50}, PANEL);
    gfx_icon(g, ART_ICON_MUTE, x + 9, y + 9, 32, (SDL_Color){255, 150, 140, 255});
}

/// While spectating: a label on the player panel says whose figures these are.
static void draw_watched_label(const hud *h, gfx *g, const sim_world *w, int focus) {
    char name[HUD_NAME_SIZE], t[48];
    hud_agent_name(h, w, focus, name, sizeof name);
    snprintf(t, sizeof t, "WATCHING %s", name);
    float tw = gfx_text_width(1.5f, t) + 24;
    gfx_fill_rect(g, (SDL_FRect){12, 148, tw, 28}, (SDL_Color){20, 22, 30, 220});
    gfx_fill_rect(g, (SDL_FRect){12, 148, 4, 28}, (SDL_Color){255, 214, 80, 255});
    gfx_text(g, 24, 154, 1.5f, (SDL_Color){255, 214, 80, 255}, t);
}

/// Online: the round trip, above the minimap's right edge, green to amber to red.
static void draw_ping(const hud *h, gfx *g, const camera *c, const net_client_stats *n) {
    char t[32];
    if (n->ping_ms >= 0.5)
        snprintf(t, sizeof t, "%.0f ms", n->ping_ms);
    else // measured in whole ms: a loopback's round trip is 0 once a second has passed
        snprintf(t, sizeof t, n->snapshots_per_s > 0 ? "<1 ms" : "-- ms");
    const SDL_Color col = n->ping_ms < 80    ? (SDL_Color){150, 235, 140, 255}
                          : n->ping_ms < 160 ? (SDL_Color){255, 214, 80, 255}
                                             : (SDL_Color){255, 130, 120, 255};
    const float w = gfx_text_width(1.5f, t) + 16;
    const SDL_FRect m = hud_panel_rect(h, HUD_PANEL_MINIMAP, c, c->screen_h);
    const SDL_FRect r = {m.x + m.w - w, m.y - 34, w, 28};
    gfx_fill_rect(g, r, (SDL_Color){0, 0, 0, 150});
    gfx_text(g, r.x + 8, r.y + 7, 1.5f, col, t);
}

// A hint line over the match, centred in r's row, as large as the screen's width lets it be (2x,
// down by quarters to 1x: a 960-wide page fits the longest at 1.75x).
static void draw_hint(gfx *g, const camera *c, SDL_FRect r, const char *hint, SDL_Color color) {
    float scale = 2.0f;
    while (scale > 1.0f && gfx_text_width(scale, hint) + 16 > c->screen_w) scale -= 0.25f;
    gfx_text_centered(g, 0.5f * c->screen_w + 2, r.y + 4, scale, SHADOW, hint);
    gfx_text_centered(g, 0.5f * c->screen_w, r.y + 2, scale, color, hint);
}

void hud_draw(hud *h, gfx *g, const camera *c, const sim_world *w, int focus, const fx_state *fx,
              bool has_pad, const hud_timings *t, float dt) {
    const sim_agent *a = &sim_agents(w)[focus];
    bool mine = a->slot >= 0 && a->placement == 0; // a player drives it
    // The weapon panel sits bottom left, clear of the minimap; above the level-up choice when
    // a narrow screen makes them meet.
    bool level_up = mine && a->pending_picks > 0 && 0.5f * c->screen_w - 300.0f < 12.0f + 320.0f;
    float loadout_max = level_up ? c->screen_h - 190 : c->screen_h;
    fade_panel(h, g, HUD_PANEL_PLAYER, c, w, focus, loadout_max, dt);
    draw_player_panel(g, w, a, fx, mine);
    if (!mine) draw_watched_label(h, g, w, focus);
    fade_panel(h, g, HUD_PANEL_MATCH, c, w, focus, loadout_max, dt);
    draw_match_panel(h, g, c, w, a);
    draw_sound_icon(h, g, c);
    fade_panel(h, g, HUD_PANEL_MINIMAP, c, w, focus, loadout_max, dt);
    draw_minimap(h, g, c, w, a);
    gfx_set_opacity(g, 1.0f);
    draw_supply_notice(h, g, c, w);
    fade_panel(h, g, HUD_PANEL_FEED, c, w, focus, loadout_max, dt);
    draw_feed(h, g, c, w, fx);
    fade_panel(h, g, HUD_PANEL_LOADOUT, c, w, focus, loadout_max, dt);
    if (a->placement == 0) hud_draw_loadout(g, c, w, a, has_pad, h->touch, loadout_max, h->keys);
    gfx_set_opacity(g, 1.0f);
    hud_draw_damage(g, c, w, focus, fx); // over the panels: where a blow came from comes first
    if (mine) draw_level_up(g, c, a, has_pad, h->touch, h->keys);
    // Players 2..N on the same screen: a compact line each.
    for (int p = 1; p < h->players; p++) {
        const sim_agent *o = &sim_agents(w)[p];
        char line[64];
        if (o->placement)
            snprintf(line, sizeof line, "P%d  out (#%d)", p + 1, o->placement);
        else
            snprintf(line, sizeof line, "P%d  Lv %d  HP %d%s", p + 1, o->level, (int)ceilf(o->hp),
                     o->pending_picks ? "  LEVEL UP: D-pad/L3/R3" : "");
        SDL_Color col = agent_color(w, p);
        gfx_fill_rect(g, (SDL_FRect){12, 150 + 24.0f * (float)p, 330, 22},
                      (SDL_Color){0, 0, 0, 150});
        gfx_text(g, 20, 153 + 24.0f * (float)p, 1.0f, col, line);
    }
    // The hints stack above the level-up panel while it shows, the pick hint nearest it.
    const bool pick = h->show_pick_hint && !h->guided,
               level_up_shown = mine && a->pending_picks > 0;
    if (pick) {
        const char *hint = has_pad    ? "Press a button shown below to learn a skill"
                           : h->touch ? "Tap a skill below to learn it"
                                      : "Press Z-N (as the panel shows) to learn a skill";
        draw_hint(g, c, hud_hint_rect(c, 0, level_up_shown), hint, (SDL_Color){255, 240, 150, 255});
    }
    if (h->show_move_hint && !h->guided) {
        const char *hint = has_pad ? "Left stick to move, right stick to aim and fire"
                           : h->touch
                               ? "Drag anywhere to move - you fire by yourself"
                               : "WASD or drag with the right mouse button to move - click to fire";
        draw_hint(g, c, hud_hint_rect(c, pick ? 1 : 0, level_up_shown), hint, WHITE);
    }
    if (h->net) draw_ping(h, g, c, h->net);
    if (h->show_perf && t) draw_perf(g, t, h->net);
}

void hud_draw_guide(gfx *g, const camera *c, const char *prompt, int step, int steps, bool touch,
                    bool level_up) {
    // Between the loadout panel and the minimap where the screen allows.
    const float room = fmaxf(c->screen_w - 2.0f * 236.0f, 0.6f * c->screen_w);
    float scale = 2.0f;
    while (scale > 1.0f && gfx_text_width(scale, prompt) + 48 > room) scale -= 0.25f;
    float w = fminf(fmaxf(gfx_text_width(scale, prompt) + 48, 420.0f), c->screen_w - 16);
    const SDL_FRect box = hud_guide_rect(c, w, level_up);
    float x = box.x, y = box.y;
    gfx_fill_rect(g, box, (SDL_Color){14, 18, 28, 215});
    gfx_fill_rect(g, (SDL_FRect){x, y, w, 3}, (SDL_Color){255, 214, 80, 255});
    char t[64];
    snprintf(t, sizeof t, "GUIDE %d/%d", step, steps);
    gfx_text(g, x + 12, y + 10, 1.0f, (SDL_Color){255, 214, 80, 255}, t);
    gfx_text_centered(g, 0.5f * c->screen_w, y + 26, scale, WHITE, prompt);
    gfx_text_centered(g, 0.5f * c->screen_w, y + 56, 1.0f, (SDL_Color){170, 180, 200, 255},
                      touch ? "The pause button (top right): menu, where you can skip the guide"
                            : "Esc: menu, where you can skip the guide");
}

void hud_draw_notice(gfx *g, const camera *c, const char *text, float age, bool in_match) {
    if (age > 4.0f) return;
    Uint8 alpha = (Uint8)(255.0f * fminf(1.0f, 4.0f - age));
    // Long messages (a failed reload names the file and the reason) shrink to fit.
    float scale = gfx_text_width(1.5f, text) + 32 <= c->screen_w ? 1.5f : 1.0f;
    float w = fminf(gfx_text_width(scale, text) + 32, c->screen_w);
    float x = 0.5f * c->screen_w - 0.5f * w;
    // In a match it sits under the top panels, beside the spectating label (and the timings)
    // that hang from the player panel, or below them when it is too wide to pass them.
    float y = !in_match ? c->screen_h - 40 : x >= HUD_LEFT_COLUMN ? 150 : 184;
    gfx_fill_rect(g, (SDL_FRect){x, y, w, 36}, (SDL_Color){0, 0, 0, (Uint8)(alpha * 2 / 3)});
    gfx_text_centered(g, 0.5f * c->screen_w, y + (scale > 1.0f ? 8.0f : 10.0f), scale,
                      (SDL_Color){255, 230, 160, alpha}, text);
}
