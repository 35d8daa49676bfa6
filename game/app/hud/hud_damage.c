// Where the blows come from: a red marker for each blow the followed agent took in the last
// second, pointing at its source (around the agent while the source is on screen, at the
// screen's edge when it is not), and a yellow one where a bullet fired from off screen entered
// the view, pointing back the way it came.
#include "hud.h"

#include "gfx_draw.h"

#include <math.h>

/// Pixels: the markers' size, the ring they sit on round the agent, how far inside the screen's
/// edge they sit, and how far a bullet's entry marker shows as it flies in.
#define MARK_SIZE     22.0f
#define MARK_RING     72.0f
#define MARK_INSET    34.0f
#define ENTRY_SIZE    12.0f
#define ENTRY_INSET   16.0f
#define ENTRY_REACH   260.0f
#define ON_SCREEN_PAD 40.0f

static const SDL_Color blow_color = {235, 40, 35, 255};
static const SDL_Color entry_color = {255, 200, 60, 255};

/// A triangle at q pointing along the unit vector u, `size` long.
static void triangle(gfx *g, vec2s q, vec2s u, float size, SDL_Color c) {
    const vec2s side = {{-u.y, u.x}};
    const vec2s tip = glms_vec2_add(q, glms_vec2_scale(u, size));
    const vec2s back = glms_vec2_sub(q, glms_vec2_scale(u, 0.4f * size));
    const vec2s l = glms_vec2_add(back, glms_vec2_scale(side, 0.65f * size));
    const vec2s r = glms_vec2_sub(back, glms_vec2_scale(side, 0.65f * size));
    const SDL_Vertex v[3] = {
        {{tip.x, tip.y}, c, {0, 0}}, {{l.x, l.y}, c, {0, 0}}, {{r.x, r.y}, c, {0, 0}}};
    gfx_geometry(g, NULL, v, 3, NULL, 0);
}

/// The triangle over a dark one a little bigger, so it reads on any ground (the zone's red too).
static void arrow(gfx *g, vec2s q, vec2s u, float size, SDL_Color c) {
    const SDL_Color dark = {20, 12, 10, (Uint8)(0.7f * (float)c.a)};
    triangle(g, glms_vec2_sub(q, glms_vec2_scale(u, 0.15f * size)), u, 1.35f * size, dark);
    triangle(g, q, u, size, c);
}

/// Where the ray from p (inside the screen) along u meets the screen's edge moved `inset` in.
static vec2s edge_point(const camera *c, vec2s p, vec2s u, float inset) {
    float t = 1e30f;
    if (u.x > 1e-6f) t = fminf(t, (c->screen_w - inset - p.x) / u.x);
    if (u.x < -1e-6f) t = fminf(t, (inset - p.x) / u.x);
    if (u.y > 1e-6f) t = fminf(t, (c->screen_h - inset - p.y) / u.y);
    if (u.y < -1e-6f) t = fminf(t, (inset - p.y) / u.y);
    return glms_vec2_add(p, glms_vec2_scale(u, fmaxf(t, 0.0f)));
}

static bool on_screen(const camera *c, vec2s s, float pad) {
    return s.x >= pad && s.y >= pad && s.x <= c->screen_w - pad && s.y <= c->screen_h - pad;
}

static SDL_Color with_alpha(SDL_Color c, float share) {
    c.a = (Uint8)(255.0f * fminf(fmaxf(share, 0.0f), 1.0f));
    return c;
}

/// Bullets that came into view from off screen, not the agent's own: an arrow where each
/// entered, pointing back at where it was fired, fading as it flies on.
static void draw_entries(gfx *g, const camera *c, const sim_world *w, int focus) {
    const sim_bullet *b = sim_bullets(w);
    for (int i = 0, top = sim_bullet_top(w); i < top; i++) {
        if (!b[i].alive || b[i].owner == focus) continue;
        const vec2s p = camera_to_screen(c, b[i].pos), from = camera_to_screen(c, b[i].from);
        if (!on_screen(c, p, 0.0f) || on_screen(c, from, 0.0f)) continue;
        const vec2s back = glms_vec2_sub(from, p);
        const float len = glms_vec2_norm(back);
        if (!(len > 1e-3f)) continue;
        const vec2s u = glms_vec2_scale(back, 1.0f / len);
        const vec2s edge = edge_point(c, p, u, 0.0f);
        const float flown = glms_vec2_distance(edge, p); // pixels since it entered
        if (flown > ENTRY_REACH) continue;
        const vec2s at = glms_vec2_sub(edge, glms_vec2_scale(u, ENTRY_INSET));
        const float share = flown / ENTRY_REACH;
        arrow(g, at, u, ENTRY_SIZE, with_alpha(entry_color, 1.0f - share * share));
    }
}

void hud_draw_damage(gfx *g, const camera *c, const sim_world *w, int focus, const fx_state *fx) {
    const sim_agent *a = &sim_agents(w)[focus];
    const vec2s me = camera_to_screen(c, a->pos);
    for (int i = 0; i < fx->source_count; i++) {
        const fx_source *s = &fx->sources[i];
        if (s->victim != focus) continue;
        const vec2s d = glms_vec2_sub(s->from, a->pos);
        const float len = glms_vec2_norm(d);
        if (!(len > 1.0f)) continue; // a blow from where it stands: no direction
        const vec2s u = glms_vec2_scale(d, 1.0f / len);
        const vec2s at = on_screen(c, camera_to_screen(c, s->from), ON_SCREEN_PAD)
                             ? glms_vec2_add(me, glms_vec2_scale(u, MARK_RING))
                             : edge_point(c, me, u, MARK_INSET);
        arrow(g, at, u, MARK_SIZE, with_alpha(blow_color, 1.0f - s->age / FX_SOURCE_LIFE));
    }
    if (a->placement == 0) draw_entries(g, c, w, focus);
}
