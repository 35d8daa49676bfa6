#include "screen_fx.h"

#include "input.h"

#include <math.h>

/// The vignette over rectangle r at strength k (0..1). MUL multiplies the picture by
/// 1 - a * k * (1 - tint) (the texture is premultiplied, art_layout.h), darkening it towards red
/// so it reads as red even on green grass, where a red tint alone turns brown; a little red
/// light on top keeps it from looking merely dark.
static void vignette(gfx *g, SDL_FRect r, float k) {
    SDL_Texture *t = g->vignette;
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_MUL);
    gfx_color_mod(g, t, (Uint8)(255.0f * k), (Uint8)(12.0f * k), (Uint8)(12.0f * k));
    gfx_alpha_mod(g, t, (Uint8)(255.0f * k));
    gfx_copy(g, t, NULL, &r);
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    gfx_color_mod(g, t, 255, 40, 30);
    gfx_alpha_mod(g, t, (Uint8)(160.0f * k));
    gfx_copy(g, t, NULL, &r);
    gfx_alpha_mod(g, t, 255);
}

void screen_fx_draw_edge(gfx *g, const camera *c, const fx_state *fx) {
    if (fx->beating) {
        // Low health: the vignette stretched past the screen, so only its outer band shows,
        // never quite gone between beats.
        float mx = 0.06f * c->screen_w, my = 0.06f * c->screen_h;
        vignette(g, (SDL_FRect){-mx, -my, c->screen_w + 2 * mx, c->screen_h + 2 * my},
                 fminf(1.0f, 0.45f + 0.55f * fx->pulse));
    }
    // Just hit: the whole vignette, deeper in the corners.
    if (fx->hurt > 0.0f) vignette(g, (SDL_FRect){0, 0, c->screen_w, c->screen_h}, fx->hurt);
}

int screen_fx_target(const sim_world *w, int human, vec2s p) {
    for (int i = 0; i < sim_agent_count(w); i++) {
        const sim_agent *o = &sim_agents(w)[i];
        if (i == human || o->placement != 0) continue;
        vec2s body = {{o->pos.x, o->pos.y - ART_AGENT_BODY_Y}};
        float reach = o->radius + 6.0f;
        if (glms_vec2_distance2(body, p) < reach * reach && sim_agent_sees(w, human, i)) return i;
    }
    return -1;
}

static void piece(gfx *g, int sx, int sy, int sw, int sh, float x, float y) {
    gfx_copy(g, g->ui, &(SDL_Rect){sx, sy, sw, sh}, &(SDL_FRect){x, y, (float)sw, (float)sh});
}

void screen_fx_draw_crosshair(gfx *g, const camera *c, const fx_state *fx, const sim_world *w,
                              int human, float mx, float my) {
    const sim_agent *a = &sim_agents(w)[human];
    vec2s chest = camera_to_screen(c, a->pos);
    chest.y -= INPUT_AIM_HEIGHT * c->zoom;
    float reach = glms_vec2_distance(chest, (vec2s){{mx, my}}) / c->zoom;
    bool in_range = reach <= sim_agent_range(w, a);
    SDL_Color tint =
        screen_fx_target(w, human, camera_to_world(c, (vec2s){{mx, my}})) >= 0
            ? (SDL_Color){255, 90, 80, 255}
            : (in_range ? (SDL_Color){255, 255, 255, 255} : (SDL_Color){200, 205, 215, 150});
    gfx_color_mod(g, g->ui, tint.r, tint.g, tint.b);
    gfx_alpha_mod(g, g->ui, tint.a);
    // Four arms (spread apart by the kick of a shot) and the dot (art_layout.h).
    const int x0 = ART_UI_CROSS_X, s = ART_UI_CROSS, l = ART_UI_CROSS_ARM, aw = ART_UI_CROSS_ARM_W;
    const float h = 0.5f * (float)s, hw = 0.5f * (float)aw, spread = 5.0f * fx->kick;
    piece(g, x0 + (s - aw) / 2, 0, aw, l, mx - hw, my - h - spread);
    piece(g, x0 + (s - aw) / 2, s - l, aw, l, mx - hw, my + h - (float)l + spread);
    piece(g, x0, (s - aw) / 2, l, aw, mx - h - spread, my - hw);
    piece(g, x0 + s - l, (s - aw) / 2, l, aw, mx + h - (float)l + spread, my - hw);
    piece(g, x0 + (s - aw) / 2, (s - aw) / 2, aw, aw, mx - hw, my - hw);
    if (fx->hit_mark > 0.0f) {
        // Pops out a little as it fades; bigger and red for a kill.
        float size = (float)ART_UI_HITMARK * (fx->hit_kill ? 1.3f : 1.0f) *
                     (1.0f + 0.25f * (1.0f - fx->hit_mark));
        if (fx->hit_kill)
            gfx_color_mod(g, g->ui, 255, 60, 50);
        else
            gfx_color_mod(g, g->ui, 255, 255, 255);
        gfx_alpha_mod(g, g->ui, (Uint8)(255.0f * fminf(1.0f, 2.0f * fx->hit_mark)));
        gfx_copy(g, g->ui, &(SDL_Rect){ART_UI_HITMARK_X, 0, ART_UI_HITMARK, ART_UI_HITMARK},
                 &(SDL_FRect){mx - 0.5f * size, my - 0.5f * size, size, size});
    }
    gfx_color_mod(g, g->ui, 255, 255, 255);
    gfx_alpha_mod(g, g->ui, 255);
}
