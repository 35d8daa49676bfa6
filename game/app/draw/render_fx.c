// Effects over the sorted world: the afterimages a blink leaves, particles (bursts, debris,
// floating damage numbers) and blasts.
#include "render_internal.h"

#include <math.h>

/// A blink's afterimages: a fading streak at chest height, and the agent's silhouette, pale in
/// its colour, at even steps from where it left to where it landed, fainter towards the start.
static void draw_trail(gfx *g, const camera *c, const sim_world *w, const fx_trail *t) {
    const int steps = 5;
    float fade = 1.0f - t->age / FX_TRAIL_LIFE;
    SDL_Color col = agent_color(w, t->agent);
    SDL_Color pale = {(Uint8)((col.r + 255) / 2), (Uint8)((col.g + 255) / 2),
                      (Uint8)((col.b + 255) / 2), 255};
    vec2s d = glms_vec2_sub(t->to, t->from);
    float len = glms_vec2_norm(d);
    if (len > 1.0f) { // the streak: transparent where it left, bright where it landed
        vec2s side = glms_vec2_scale((vec2s){{-d.y, d.x}}, 9.0f / len);
        const vec2s lift = {{0.0f, -RENDER_CHEST}};
        vec2s a = glms_vec2_add(t->from, lift), b = glms_vec2_add(t->to, lift);
        SDL_Color c0 = {pale.r, pale.g, pale.b, 0}, c1 = {255, 255, 255, (Uint8)(170.0f * fade)};
        vec2s q[4] = {glms_vec2_add(a, side), glms_vec2_sub(a, side), glms_vec2_sub(b, side),
                      glms_vec2_add(b, side)};
        SDL_Vertex v[4];
        for (int k = 0; k < 4; k++) {
            vec2s s = camera_to_screen(c, q[k]);
            v[k] = (SDL_Vertex){{s.x, s.y}, k < 2 ? c0 : c1, {0, 0}};
        }
        const int order[6] = {0, 1, 2, 0, 2, 3};
        gfx_geometry(g, NULL, v, 4, order, 6);
    }
    int row = render_facing_row(t->facing);
    SDL_Rect sil = {(ART_AGENT_FRAMES - 1) * ART_AGENT_W, row * ART_AGENT_H, ART_AGENT_W,
                    ART_AGENT_H};
    for (int k = 0; k < steps; k++) {
        float u = (float)k / (float)steps;
        vec2s p = glms_vec2_lerp(t->from, t->to, u);
        pale.a = (Uint8)(230.0f * fade * (0.3f + 0.7f * u));
        draw_sprite(g, g->at_agent[GFX_TINT_NONE], c, sil, p, ART_AGENT_FOOT_X, ART_AGENT_FOOT_Y,
                    pale);
    }
}

void render_fx(gfx *g, const camera *c, const sim_world *w, const fx_state *fx) {
    for (int i = 0; i < fx->trail_count; i++)
        if (fx->trails[i].agent < sim_agent_count(w)) draw_trail(g, c, w, &fx->trails[i]);
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
        // Debris spins while it flies and lies still once it has settled, fading at the end;
        // the other effects play their row once.
        int frame = p->debris ? (p->z > 0.0f ? (int)(p->age * 18.0f) % ART_FX_FRAMES : 2)
                              : ae_mini((int)(t * ART_FX_FRAMES), ART_FX_FRAMES - 1);
        SDL_Rect src = {frame * ART_FX, p->kind * ART_FX, ART_FX, ART_FX};
        int tint = p->owner >= 0 ? agent_tint(w, p->owner) : GFX_TINT_NONE;
        Uint8 alpha = p->debris && t > 0.7f ? (Uint8)(255.0f * (1.0f - t) / 0.3f) : 255;
        SDL_FRect dst = world_rect(c, p->pos.x - 16.0f, p->pos.y - 16.0f - p->z, ART_FX, ART_FX);
        gfx_sprite(g, g->at_fx[tint], src, dst, (SDL_Color){255, 255, 255, alpha});
    }
    for (int i = 0; i < fx->blast_count; i++) {
        const fx_blast *b = &fx->blasts[i];
        int frame = ae_clampi((int)(b->age / FX_BLAST_LIFE * ART_FX_FRAMES), 0, ART_FX_FRAMES - 1);
        SDL_Rect src = {frame * ART_BLAST, 0, ART_BLAST, ART_BLAST};
        // The fireball fills ART_BLAST_RADIUS of the cell: scaled so it fills the blast's radius.
        float size = ART_BLAST * b->radius / ART_BLAST_RADIUS;
        SDL_FRect dst =
            world_rect(c, b->pos.x - 0.5f * size, b->pos.y - 0.5f * size - 8.0f, size, size);
        gfx_sprite(g, g->at_blast, src, dst, RENDER_WHITE);
    }
}
