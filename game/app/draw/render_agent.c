// Agents: the body (tinted), the weapon it holds and the hand on it, the hit and muzzle flashes,
// the health and shield bars.
#include "render_internal.h"

#include <math.h>

_Static_assert((int)ART_WEAPON_COUNT == (int)SIM_WEAPON_COUNT,
               "weapons.png has a row per sim_weapon");
_Static_assert((int)ART_BREAKABLE_COUNT == (int)SIM_PROP_KIND_COUNT,
               "props.png has a row per prop kind");

/// Ticks of sim_agent.hit_flash right after a hit (sim_damage).
#define HIT_FLASH_TICKS 8.0f

int render_facing_row(vec2s f) {
    float a = atan2f(f.y, f.x); // screen space, y down: 0 east, pi/2 south
    int row = (int)lroundf(a / (TAU / ART_AGENT_DIRS));
    return (row % ART_AGENT_DIRS + ART_AGENT_DIRS) % ART_AGENT_DIRS;
}

/// The muzzle flash at the tip of the weapon the sprite of facing `row` holds, pointing where
/// it points (muzzle.png has a row per facing); `left`: seconds of flash left.
static void draw_muzzle(gfx *g, const camera *c, vec2s foot, int weapon, int row, float left) {
    float angle = (float)row * (TAU / ART_AGENT_DIRS), mx, my;
    art_weapon_muzzle(weapon, cosf(angle), sinf(angle), &mx, &my);
    int frame =
        ae_clampi((int)((1.0f - left / FX_MUZZLE_LIFE) * ART_FX_FRAMES), 0, ART_FX_FRAMES - 1);
    SDL_Rect src = {frame * ART_MUZZLE, row * ART_MUZZLE, ART_MUZZLE, ART_MUZZLE};
    const float half = ART_MUZZLE * 0.5f;
    draw_sprite(g, g->at_muzzle, c, src, (vec2s){{foot.x + mx, foot.y + my}}, half, half,
                RENDER_WHITE);
}

/// The weapon and the hand holding it (tinted like the body), kicked back just after a shot.
static void draw_weapon(gfx *g, const camera *c, vec2s foot, int weapon, int row, float bob,
                        float kick, int tint) {
    float angle = (float)row * (TAU / ART_AGENT_DIRS);
    vec2s at = {{foot.x - cosf(angle) * 2.5f * kick,
                 foot.y + bob - sinf(angle) * ART_AGENT_FORESHORTEN * 2.5f * kick}};
    SDL_Rect src = {row * ART_WEAPON_CELL, weapon * ART_WEAPON_CELL, ART_WEAPON_CELL,
                    ART_WEAPON_CELL};
    draw_sprite(g, g->at_weapons, c, src, at, ART_WEAPON_FOOT_X, ART_WEAPON_FOOT_Y, RENDER_WHITE);
    src.y = ART_WEAPON_HAND * ART_WEAPON_CELL;
    draw_sprite(g, g->at_hand[tint], c, src, at, ART_WEAPON_FOOT_X, ART_WEAPON_FOOT_Y,
                RENDER_WHITE);
}

static void draw_bars(gfx *g, const camera *c, const sim_world *w, const sim_agent *a, vec2s p) {
    // HP bar over the head; the shield, when it has one, as a blue bar on top of it.
    vec2s s = camera_to_screen(c, (vec2s){{p.x - 16.0f, p.y - ART_AGENT_FOOT_Y - 6.0f}});
    float bw = 32.0f * c->zoom, bh = fmaxf(3.0f, 4.0f * c->zoom);
    float share = a->hp > 0 ? a->hp / a->max_hp : 0.0f;
    gfx_solid(g, (SDL_FRect){s.x - 1, s.y - 1, bw + 2, bh + 2}, (SDL_Color){20, 20, 30, 180});
    SDL_Color hp = share > 0.5f ? (SDL_Color){90, 220, 90, 255}
                                : (share > 0.25f ? (SDL_Color){240, 200, 60, 255}
                                                 : (SDL_Color){235, 70, 60, 255});
    gfx_solid(g, (SDL_FRect){s.x, s.y, bw * share, bh}, hp);
    const float max_shield = sim_config_of(w)->rules.max_shield;
    if (a->shield > 0.0f && max_shield > 0.0f) {
        float sh = fmaxf(2.0f, 3.0f * c->zoom), k = fminf(1.0f, a->shield / max_shield);
        gfx_solid(g, (SDL_FRect){s.x - 1, s.y - sh - 2, bw + 2, sh + 2},
                  (SDL_Color){20, 20, 30, 180});
        gfx_solid(g, (SDL_FRect){s.x, s.y - sh - 1, bw * k, sh}, (SDL_Color){90, 170, 255, 255});
    }
}

void render_agent(gfx *g, const camera *c, const sim_world *w, const fx_state *fx, int id,
                  float alpha, float time) {
    const sim_agent *a = &sim_agents(w)[id];
    vec2s p = agent_draw_pos(a, alpha);
    bool moving = glms_vec2_norm(a->move) > 0.1f;
    // The sprite faces `facing` (where the agent aims), whichever way it walks.
    int row = render_facing_row(a->facing);
    int frame = moving ? 1 + (int)(time * 10.0f + (float)id) % 4 : 0;
    float flash = fminf(1.0f, (float)a->hit_flash / HIT_FLASH_TICKS);
    if (flash > 0.0f) p.x += (a->hit_flash & 1 ? 1.5f : -1.5f) * flash; // a jolt
    SDL_Rect src = {frame * ART_AGENT_W, row * ART_AGENT_H, ART_AGENT_W, ART_AGENT_H};
    float muzzle = id < SIM_MAX_AGENTS ? fx->muzzle[id] : 0.0f;
    int weapon = a->weapon < SIM_WEAPON_COUNT ? a->weapon : SIM_WEAPON_PISTOL;
    const int tint = agent_tint(w, id);
    float bob = art_agent_bob(frame), kick = muzzle / FX_MUZZLE_LIFE;
    // Pointing away from the camera (north, or west) the weapon, and so its flash, is behind.
    bool behind = row >= 4 && row <= 7;
    if (behind) {
        if (muzzle > 0.0f) draw_muzzle(g, c, p, weapon, row, muzzle);
        draw_weapon(g, c, p, weapon, row, bob, kick, tint);
    }
    draw_sprite(g, g->at_agent[tint], c, src, p, ART_AGENT_FOOT_X, ART_AGENT_FOOT_Y, RENDER_WHITE);
    if (flash > 0.0f) {
        // The hit: the silhouette over the body, white at once, cooling to red as it fades, so
        // it reads on every body colour.
        SDL_Rect sil = {(ART_AGENT_FRAMES - 1) * ART_AGENT_W, src.y, ART_AGENT_W, ART_AGENT_H};
        Uint8 gb = (Uint8)(70.0f + 185.0f * flash * flash);
        draw_sprite(g, g->at_agent[GFX_TINT_NONE], c, sil, p, ART_AGENT_FOOT_X, ART_AGENT_FOOT_Y,
                    (SDL_Color){255, gb, gb, (Uint8)(235.0f * fminf(1.0f, 1.6f * flash))});
    }
    if (!behind) {
        draw_weapon(g, c, p, weapon, row, bob, kick, tint);
        if (muzzle > 0.0f) draw_muzzle(g, c, p, weapon, row, muzzle);
    }
    draw_bars(g, c, w, a, p);
}
