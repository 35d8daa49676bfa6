// The loadout part of the HUD: the weapon slots, the weapon held with its rounds, fire cooldown or
// reload, the shield, the carried items with the one in use, the blink's cooldown, the bar over
// the agent while it reloads or uses an item, the prompt to swap for a weapon lying underfoot
// (in its tier's colour), and the touch buttons (blink, take, pause).
#include "hud.h"

#include <math.h>
#include <stdio.h>

static const SDL_Color WHITE = {255, 255, 255, 255};
static const SDL_Color SHADOW = {0, 0, 0, 160};
static const SDL_Color PANEL = {255, 255, 255, 215};
static const SDL_Color KEY = {255, 220, 90, 255};

int hud_swap_offer(const sim_world *w, int agent) {
    const sim_agent *a = &sim_agents(w)[agent];
    if (a->placement != 0) return -1;
    const float reach = a->radius + sim_config_of(w)->rules.pickup_radius;
    int best = -1;
    float best_d2 = reach * reach;
    for (int i = 0; i < sim_pickup_top(w); i++) {
        const sim_pickup *p = &sim_pickups(w)[i];
        // A weapon a slot takes (empty, or the same weapon's rounds) is taken by walking over it.
        if (!p->alive || p->kind != SIM_PICKUP_WEAPON || sim_pickup_slot_for(a, p) >= 0) continue;
        float d2 = glms_vec2_distance2(p->pos, a->pos);
        if (d2 < best_d2) {
            best = i;
            best_d2 = d2;
        }
    }
    return best;
}

static void text_shadow(gfx *g, float x, float y, float scale, SDL_Color c, const char *t) {
    gfx_text(g, x + scale, y + scale, scale, SHADOW, t);
    gfx_text(g, x, y, scale, c, t);
}

/// A round icon with a cooldown sweep: dark over the share still to wait, the seconds left.
static void cooldown_icon(gfx *g, int icon, float x, float y, float size, float left_share,
                          float seconds) {
    const float cx = x + 0.5f * size, cy = y + 0.5f * size;
    gfx_disc(g, cx, cy, 0.5f * size + 3.0f, (SDL_Color){20, 22, 30, 220});
    bool ready = !(left_share > 0.0f);
    gfx_icon(g, icon, x + 4, y + 4, size - 8, ready ? WHITE : (SDL_Color){150, 150, 160, 255});
    if (ready) {
        gfx_ring(g, cx, cy, 0.5f * size + 2.0f, 2.5f, (SDL_Color){90, 220, 255, 255}, false);
        return;
    }
    gfx_pie(g, cx, cy, 0.5f * size, left_share, (SDL_Color){0, 0, 0, 150});
    char t[16];
    snprintf(t, sizeof t, "%.1f", (double)seconds);
    gfx_text_centered(g, cx + 1, cy - 7, 1.0f, SHADOW, t);
    gfx_text_centered(g, cx, cy - 8, 1.0f, WHITE, t);
}

const char *hud_control_label(const input_bindings *b, input_bind bind, bool pad) {
    input_bindings defaults;
    if (!b) {
        input_bindings_default(&defaults);
        b = &defaults;
    }
    for (int s = 0; s < (pad ? INPUT_BIND_PADS : INPUT_BIND_KEYS); s++) {
        if (pad && b->pad[bind][s] != SDL_CONTROLLER_BUTTON_INVALID)
            return input_pad_label(b->pad[bind][s]);
        if (!pad && b->keys[bind][s] != SDL_SCANCODE_UNKNOWN)
            return input_key_name(b->keys[bind][s]);
    }
    return "?";
}

/// A weapon slot's chip: its key, weapon and rounds, in its tier's colour; the held one lit.
static void slot_chip(gfx *g, const sim_agent *a, int s, float x, float y,
                      const input_bindings *keys, bool has_pad) {
    const bool held = a->held == s, empty = a->guns[s] == SIM_WEAPON_COUNT;
    gfx_fill_rect(g, (SDL_FRect){x, y, 96, 26},
                  held ? (SDL_Color){60, 66, 90, 230} : (SDL_Color){20, 22, 30, 170});
    SDL_Color tier = empty ? (SDL_Color){120, 120, 130, 255} : gfx_tier_color(a->tiers[s]);
    gfx_fill_rect(g, (SDL_FRect){x, y + 23, 96, 3}, tier);
    char t[32];
    const char *key = has_pad ? "" : hud_control_label(keys, (input_bind)(BIND_SLOT_1 + s), false);
    if (empty) {
        snprintf(t, sizeof t, "%s -", key);
        gfx_text(g, x + 6, y + 6, 1.0f, (SDL_Color){140, 140, 150, 255}, t);
        return;
    }
    gfx_text(g, x + 4, y + 7, 1.0f, KEY, key);
    gfx_pickup_icon(g, a->guns[s], x + 16, y - 1, 26, WHITE);
    if (s == SIM_SLOT_PISTOL)
        snprintf(t, sizeof t, "%d", a->mag[s]);
    else
        snprintf(t, sizeof t, "%d+%d", a->mag[s], a->reserve[s]);
    gfx_text(g, x + 92 - gfx_text_width(1.0f, t), y + 7, 1.0f, held ? WHITE : tier, t);
}

/// A carried item's chip: its key and how many, dim when none.
static void item_chip(gfx *g, const sim_agent *a, int k, float x, float y,
                      const input_bindings *keys, bool has_pad) {
    static const char *const short_names[SIM_ITEM_COUNT] = {"Bandage", "Medkit", "Cell"};
    static const SDL_Color colour[SIM_ITEM_COUNT] = {
        {255, 225, 190, 255}, {255, 120, 120, 255}, {110, 190, 255, 255}};
    const bool some = a->items[k] > 0;
    gfx_fill_rect(g, (SDL_FRect){x, y, 96, 22},
                  a->using_item == k ? (SDL_Color){60, 66, 90, 230} : (SDL_Color){20, 22, 30, 170});
    char t[40];
    if (has_pad)
        snprintf(t, sizeof t, "%s %d", short_names[k], a->items[k]);
    else
        snprintf(t, sizeof t, "%s %s %d",
                 hud_control_label(keys, (input_bind)(BIND_BANDAGE + k), false), short_names[k],
                 a->items[k]);
    gfx_text(g, x + 5, y + 5, 1.0f, some ? colour[k] : (SDL_Color){120, 120, 130, 255}, t);
}

void hud_draw_loadout(gfx *g, const camera *c, const sim_world *w, const sim_agent *a, bool has_pad,
                      bool touch, float y_max, const input_bindings *keys) {
    const sim_rules *rules = &sim_config_of(w)->rules;
    const SDL_FRect box = hud_panel_rect(NULL, HUD_PANEL_LOADOUT, c, y_max);
    const float x = box.x, y0 = box.y;
    gfx_panel(g, box, PANEL);
    // The three weapon slots along the top.
    for (int s = 0; s < SIM_SLOT_COUNT; s++)
        slot_chip(g, a, s, x + 8 + 102.0f * (float)s, y0 + 8, keys, has_pad);
    const float y = y0 + 36;
    int weapon = a->weapon < SIM_WEAPON_COUNT ? a->weapon : SIM_WEAPON_PISTOL;
    const int tier = a->tiers[a->held];
    gfx_fill_rect(g, (SDL_FRect){x + 12, y + 12, 60, 60}, (SDL_Color){20, 22, 30, 150});
    gfx_fill_rect(g, (SDL_FRect){x + 12, y + 69, 60, 3}, gfx_tier_color(tier));
    gfx_pickup_icon(g, weapon, x + 12, y + 12, 60, WHITE);
    text_shadow(g, x + 84, y + 12, 1.5f, tier > 0 ? gfx_tier_color(tier) : WHITE,
                sim_weapon_name((sim_weapon)weapon));
    char t[48];
    if (a->held != SIM_SLOT_PISTOL)
        snprintf(t, sizeof t, "%d/%d", a->mag[a->held], a->reserve[a->held]);
    else
        snprintf(t, sizeof t, "%d/inf", a->mag[a->held]);
    text_shadow(g, x + 220 - gfx_text_width(1.0f, t), y + 16, 1.0f, KEY, t);
    // The bar: a reload filling up in blue while it lasts, else the fire cooldown (full and green
    // when it can fire, filling up in amber while it cannot).
    gfx_fill_rect(g, (SDL_FRect){x + 84, y + 42, 136, 8}, (SDL_Color){20, 22, 30, 200});
    if (a->reload_ticks > 0) {
        const float full = (float)rules->weapon[weapon].reload;
        const float done = full > 0.0f ? 1.0f - fminf(1.0f, (float)a->reload_ticks / full) : 1.0f;
        gfx_fill_rect(g, (SDL_FRect){x + 84, y + 42, 136 * done, 8},
                      (SDL_Color){90, 200, 255, 255});
        text_shadow(g, x + 220 - gfx_text_width(0.75f, "RELOADING"), y + 32, 0.75f,
                    (SDL_Color){140, 215, 255, 255}, "RELOADING");
    } else {
        int full = sim_agent_cooldown(w, a);
        float ready = full > 0 ? 1.0f - fminf(1.0f, (float)a->fire_cooldown / (float)full) : 1.0f;
        gfx_fill_rect(g, (SDL_FRect){x + 84, y + 42, 136 * ready, 8},
                      ready >= 1.0f ? (SDL_Color){110, 220, 110, 255}
                                    : (SDL_Color){240, 170, 60, 255});
        if (a->mag[a->held] == 0)
            text_shadow(g, x + 220 - gfx_text_width(0.75f, "EMPTY"), y + 32, 0.75f, KEY, "EMPTY");
    }
    // The shield: its icon, points and a bar out of the most it can hold.
    gfx_icon(g, ART_ICON_SHIELD, x + 82, y + 56, 26,
             a->shield > 0.0f ? WHITE : (SDL_Color){110, 110, 120, 200});
    float share = rules->max_shield > 0.0f ? fminf(1.0f, a->shield / rules->max_shield) : 0.0f;
    gfx_fill_rect(g, (SDL_FRect){x + 112, y + 64, 108, 10}, (SDL_Color){20, 22, 30, 200});
    gfx_fill_rect(g, (SDL_FRect){x + 112, y + 64, 108 * share, 10}, (SDL_Color){90, 170, 255, 255});
    snprintf(t, sizeof t, "%d", (int)ceilf(a->shield));
    text_shadow(g, x + 112, y + 78, 1.0f, (SDL_Color){170, 210, 255, 255}, t);
    // The carried items along the bottom, the one in use with its progress.
    const float yi = y0 + box.h - 28;
    for (int k = 0; k < SIM_ITEM_COUNT; k++)
        item_chip(g, a, k, x + 8 + 102.0f * (float)k, yi, keys, has_pad);
    if (a->using_item >= 0) {
        const float full = (float)rules->item[a->using_item].use_ticks;
        const float done = full > 0.0f ? 1.0f - fminf(1.0f, (float)a->use_ticks / full) : 1.0f;
        const float cx = x + 8 + 102.0f * (float)a->using_item;
        gfx_fill_rect(g, (SDL_FRect){cx, yi + 19, 96 * done, 3}, (SDL_Color){110, 230, 140, 255});
    }
    // The blink: icon with its sweep, and the key that fires it.
    float left =
        rules->blink_cooldown > 0 ? (float)a->blink_cooldown / (float)rules->blink_cooldown : 0.0f;
    cooldown_icon(g, ART_ICON_BLINK, x + 238, y + 12, 64, left,
                  (float)a->blink_cooldown / SIM_TICK_HZ);
    if (touch) return; // the dash button is on screen
    char label[48];
    snprintf(label, sizeof label, "[%s]", hud_control_label(keys, BIND_BLINK, has_pad));
    gfx_text_centered(g, x + 270, y + 78, 1.0f, KEY, label);
}

void hud_draw_action_bar(gfx *g, const camera *c, const sim_world *w, int agent, float alpha) {
    const sim_agent *a = &sim_agents(w)[agent];
    const sim_rules *rules = &sim_config_of(w)->rules;
    if (a->placement != 0 || (a->reload_ticks <= 0 && a->using_item < 0)) return;
    // Above the agent's head: what it is busy with and how far along.
    const bool using = a->using_item >= 0;
    const float full =
        using ? (float)rules->item[a->using_item].use_ticks
              : (float)rules->weapon[a->weapon < SIM_WEAPON_COUNT ? a->weapon : 0].reload;
    const float left = using ? (float)a->use_ticks : (float)a->reload_ticks;
    const float done = full > 0.0f ? 1.0f - fminf(1.0f, left / full) : 1.0f;
    vec2s s = camera_to_screen(c, glms_vec2_lerp(a->prev_pos, a->pos, alpha));
    const float bw = 64.0f, bx = s.x - 0.5f * bw, by = s.y - 78.0f * c->zoom;
    const char *what = using ? sim_item_name((sim_item)a->using_item) : "Reloading";
    gfx_text_centered(g, s.x + 1, by - 15, 1.0f, SHADOW, what);
    gfx_text_centered(g, s.x, by - 16, 1.0f, WHITE, what);
    gfx_fill_rect(g, (SDL_FRect){bx - 1, by - 1, bw + 2, 8}, (SDL_Color){0, 0, 0, 190});
    gfx_fill_rect(g, (SDL_FRect){bx, by, bw * done, 6},
                  using ? (SDL_Color){110, 230, 140, 255} : (SDL_Color){90, 200, 255, 255});
}

void hud_draw_swap_prompt(gfx *g, const camera *c, const sim_world *w, int agent, float alpha,
                          bool has_pad, bool touch, const input_bindings *keys) {
    int slot = hud_swap_offer(w, agent);
    if (slot < 0) return;
    const sim_pickup *p = &sim_pickups(w)[slot];
    char t[80];
    char name[40];
    const char *weapon = sim_weapon_name((sim_weapon)p->weapon);
    if (p->tier > SIM_TIER_COMMON)
        snprintf(name, sizeof name, "%s %s", sim_tier_name((sim_tier)p->tier), weapon);
    else
        snprintf(name, sizeof name, "%s", weapon);
    if (touch)
        snprintf(t, sizeof t, "Tap Take: %s (%d)", name, p->ammo);
    else
        snprintf(t, sizeof t, "[%s] Take %s (%d)", hud_control_label(keys, BIND_SWAP, has_pad),
                 name, p->ammo);
    // Under the agent's feet, where the eye already is; edged in the tier's colour.
    vec2s s = camera_to_screen(
        c, glms_vec2_lerp(sim_agents(w)[agent].prev_pos, sim_agents(w)[agent].pos, alpha));
    float tw = gfx_text_width(1.0f, t), bw = tw + 48, bx = s.x - 0.5f * bw, by = s.y + 18;
    gfx_fill_rect(g, (SDL_FRect){bx, by, bw, 34}, (SDL_Color){0, 0, 0, 170});
    gfx_fill_rect(g, (SDL_FRect){bx, by + 31, bw, 3}, gfx_tier_color(p->tier));
    gfx_pickup_icon(g, p->weapon, bx + 4, by + 1, 32, WHITE);
    gfx_text(g, bx + 40, by + 9, 1.0f, p->tier > SIM_TIER_COMMON ? gfx_tier_color(p->tier) : KEY,
             t);
}

void hud_draw_touch_buttons(gfx *g, const input_state *in, const sim_world *w, int agent) {
    const sim_agent *a = &sim_agents(w)[agent];
    for (int b = 0; b < INPUT_TOUCH_COUNT; b++) {
        if (!input_touch_shown(in, (input_touch)b)) continue;
        float x, y, rad;
        input_touch_button(in, (input_touch)b, &x, &y, &rad);
        bool down = in->button_finger[b] != -1;
        gfx_disc(g, x, y, rad, (SDL_Color){20, 24, 40, (Uint8)(down ? 200 : 130)});
        gfx_ring(g, x, y, rad - 2, 3.0f, (SDL_Color){255, 255, 255, 200}, false);
        if (b == INPUT_TOUCH_PAUSE) { // two bars
            gfx_fill_rect(g, (SDL_FRect){x - 0.36f * rad, y - 0.4f * rad, 0.26f * rad, 0.8f * rad},
                          WHITE);
            gfx_fill_rect(g, (SDL_FRect){x + 0.1f * rad, y - 0.4f * rad, 0.26f * rad, 0.8f * rad},
                          WHITE);
        } else if (b == INPUT_TOUCH_BLINK) {
            float left =
                sim_config_of(w)->rules.blink_cooldown > 0
                    ? (float)a->blink_cooldown / (float)sim_config_of(w)->rules.blink_cooldown
                    : 0.0f;
            gfx_icon(g, ART_ICON_BLINK, x - 0.6f * rad, y - 0.6f * rad, 1.2f * rad, WHITE);
            gfx_pie(g, x, y, rad - 4, left, (SDL_Color){0, 0, 0, 140});
        } else {
            int slot = hud_swap_offer(w, agent);
            if (slot >= 0)
                gfx_pickup_icon(g, sim_pickups(w)[slot].weapon, x - 0.7f * rad, y - 0.75f * rad,
                                1.4f * rad, WHITE);
            gfx_text_centered(g, x, y + 0.45f * rad, 1.0f, KEY, "Take");
        }
    }
}
