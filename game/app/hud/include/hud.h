/// The heads-up display: HP, XP and level, skills, the level-up choice, alive count, kills, zone
/// phase and timer, minimap, kill feed, idle hints and the F3 timing overlay.
#ifndef ARENA_HUD_H
#define ARENA_HUD_H

#include "camera.h"
#include "fx.h"
#include "gfx.h"
#include "idle_hint.h"
#include "input.h"
#include "net_client.h"
#include "sim_state.h"

typedef struct hud_timings {
    float frame_ms, sim_ms, render_ms; ///< smoothed
    float phase_us[SIM_PHASE_COUNT];
} hud_timings;

/// The name shown for agent `id` (the kill feed, the watched label): a player's own online or
/// in a replay of an online match, else sim_agent_name's. Writes at most `size` bytes.
typedef void (*hud_namer)(const void *ctx, const sim_world *w, int id, char *out, size_t size);

/// Room for any name a namer writes: a player's (up to 24 bytes) or sim_agent_name's.
#define HUD_NAME_SIZE 32

/// HUD panels that fade while an agent or a bullet is under them.
typedef enum hud_panel {
    HUD_PANEL_PLAYER,
    HUD_PANEL_MATCH,
    HUD_PANEL_FEED,
    HUD_PANEL_MINIMAP,
    HUD_PANEL_LOADOUT,
    HUD_PANEL_COUNT
} hud_panel;

/// A panel's opacity while something it would hide is under it.
#define HUD_FADED 0.3f
/// The loadout panel's height (it is 320 wide): slots, the weapon held, items.
#define HUD_LOADOUT_H 156

typedef struct hud {
    SDL_Texture *minimap;     ///< one pixel per cell, or per block of cells on big maps
    gfx_pixels minimap_px;    ///< its pixels (ARGB8888), for its copy made ahead (gfx_tinted.c)
    int minimap_w, minimap_h; ///< the map's size in cells
    uint64_t minimap_map;     ///< the map_hash it was built for (app_draw rebuilds it on a new one)
    idle_hint move_hint;      ///< "drag or press WASD to move"
    idle_hint pick_hint;      ///< "press 1-6 to pick a skill"
    bool show_move_hint, show_pick_hint;
    bool guided; ///< the guided start runs: its prompts replace the idle hints
    bool touch;  ///< player 1 plays by touch (help_device_of): hints name taps, not keys
    bool show_perf;
    float opacity[HUD_PANEL_COUNT]; ///< each panel's opacity now (eases to 1 or HUD_FADED)
    bool muted, no_audio;           ///< the sound icon: muted by the player / no device
    const input_bindings *keys;     ///< the bindings it names keys by (NULL: the defaults)
    int players;                    ///< people on this screen: P2.. get a line each
    const net_client_stats *net;    ///< online: the connection's figures (ping), else NULL
    hud_namer namer;                ///< names agents (NULL: sim_agent_name)
    const void *namer_ctx;
} hud;

/// Agent id's name through h's namer (out: HUD_NAME_SIZE bytes is room for any).
void hud_agent_name(const hud *h, const sim_world *w, int id, char *out, size_t size);

void hud_init(hud *h);
/// Largest side of the minimap texture, in pixels.
#define HUD_MINIMAP_MAX 256

/// (Re)builds the minimap from the map (after start and every map swap).
void hud_build_minimap(hud *h, SDL_Renderer *r, const sim_world *w);
void hud_free(hud *h);
/// Advances the idle hints for the focused human. live: a person plays it on the match screen
/// (not a replay, the killcam or a pilot); otherwise the hints hide at once and wait anew.
void hud_update_hints(hud *h, float dt, const sim_world *w, int human, bool live, bool moved,
                      bool aimed, bool picked);
/// Draws the HUD for agent `focus` (the human, or whoever is spectated: then labelled as theirs).
/// dt: seconds since the last frame (the panels' fading).
void hud_draw(hud *h, gfx *g, const camera *c, const sim_world *w, int focus, const fx_state *fx,
              bool has_pad, const hud_timings *t, float dt);
/// Damage-direction markers (hud_damage.c): for each blow agent `focus` took in the last
/// FX_SOURCE_LIFE seconds (fx's sources), a red arrow pointing at where it came from, round the
/// agent while that is on screen, at the screen's edge while it is not; and for each bullet fired
/// from off screen that flew into view (not the agent's own), a yellow arrow where it entered,
/// pointing back the way it came, fading as it flies on.
void hud_draw_damage(gfx *g, const camera *c, const sim_world *w, int focus, const fx_state *fx);
/// Where panel p is on screen for this camera (the loadout's place depends on the level-up
/// choice: y_max as hud_draw_loadout takes it).
SDL_FRect hud_panel_rect(const hud *h, hud_panel p, const camera *c, float y_max);
/// True when an agent other than `focus` or a bullet is drawn inside r (grown by a margin).
bool hud_something_under(const camera *c, const sim_world *w, int focus, SDL_FRect r);
/// Key labels come from `keys` (NULL: the default bindings).
/// The weapon panel (bottom left, above y_max): the three weapon slots with their keys, tiers
/// and rounds (magazine + reserve), the weapon held with its rounds ("inf" reserve for the pistol)
/// and its fire cooldown or reload, the shield, the carried items with their keys and counts and
/// the progress of the one in use, and the blink's cooldown with its key (none for touch: its
/// button is on screen).
void hud_draw_loadout(gfx *g, const camera *c, const sim_world *w, const sim_agent *a, bool has_pad,
                      bool touch, float y_max, const input_bindings *keys);
/// The first key or pad button of bind b, for "[Space]"-style labels ("?" when unbound; b NULL:
/// the default bindings).
const char *hud_control_label(const input_bindings *b, input_bind bind, bool pad);
/// A bar over the agent's head while it reloads or uses an item, with what it does.
void hud_draw_action_bar(gfx *g, const camera *c, const sim_world *w, int agent, float alpha);
/// The pickup slot of a weapon agent could swap for where it stands (no slot takes it by walking
/// over it: both found-weapon slots hold other weapons), or -1.
int hud_swap_offer(const sim_world *w, int agent);
/// "[E] Take Rare Rifle (10)" under the agent while hud_swap_offer has a weapon, in its tier's
/// colour.
void hud_draw_swap_prompt(gfx *g, const camera *c, const sim_world *w, int agent, float alpha,
                          bool has_pad, bool touch, const input_bindings *keys);
/// The touch buttons (blink with its cooldown sweep; take, with the weapon offered).
void hud_draw_touch_buttons(gfx *g, const input_state *in, const sim_world *w, int agent);

/// The skill whose tile of the level-up panel (shown while picks wait) is at screen (x, y), or
/// -1: a tap or a click there picks it.
int hud_level_up_hit(const camera *c, const sim_agent *a, float x, float y);
/// A band h tall for a banner at the top middle, between the player panel and the match panel
/// (with the sound icon beside it); on a screen too narrow for that, across it under them.
SDL_FRect hud_top_band(const camera *c, float h);
/// The level-up panel (shown while picks wait), bottom middle.
SDL_FRect hud_level_up_rect(const camera *c);
/// The guided start's panel, w wide: in the lower middle of the screen, above the level-up panel
/// while that shows.
SDL_FRect hud_guide_rect(const camera *c, float w, bool level_up);
/// The band of idle hint `line` (0: the lowest; the pick hint, then the move hint above it):
/// above the level-up panel while that shows, else in the lower middle.
SDL_FRect hud_hint_rect(const camera *c, int line, bool level_up);
/// The guided start's prompt (step of steps), on its panel (hud_guide_rect); its way to the menu
/// is worded for touch when `touch`.
void hud_draw_guide(gfx *g, const camera *c, const char *prompt, int step, int steps, bool touch,
                    bool level_up);
/// A short notice across the screen (map reload messages), fading out: under the top panels in
/// a match, at the bottom over menus.
void hud_draw_notice(gfx *g, const camera *c, const char *text, float age, bool in_match);

#endif
