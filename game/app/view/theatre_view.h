/// Drawing the replay theatre: the timeline with the match's events, the transport's buttons and
/// readout, the reading progress and a divergence. The layout functions are the ones the clicks
/// are tested against.
#ifndef ARENA_THEATRE_VIEW_H
#define ARENA_THEATRE_VIEW_H

#include "camera.h"
#include "gfx.h"
#include "theatre.h"

/// The parts of the transport that take clicks.
typedef enum theatre_button {
    THEATRE_BTN_PLAY,
    THEATRE_BTN_SLOWER,
    THEATRE_BTN_FASTER,
    THEATRE_BTN_PREV_KILL,
    THEATRE_BTN_NEXT_KILL,
    THEATRE_BTN_MENU, ///< the pause menu (Esc's), for a player with touch only
    THEATRE_BTN_COUNT
} theatre_button;

/// Screen height the theatre's panel takes at the bottom (the HUD keeps above it).
float theatre_view_height(void);
/// The timeline bar (its full width is the whole replay) and the buttons, for a screen.
SDL_FRect theatre_view_bar(const camera *c);
SDL_FRect theatre_view_button(const camera *c, theatre_button b);
/// The tick under screen x on the bar (clamped to it).
uint32_t theatre_view_tick_at(const camera *c, const theatre *t, float x);

/// Draws the theatre's panel over the world: `focus` is the agent followed and `who` its name as
/// the player reads it (an online player's own), `mouse_x`/`mouse_y` the cursor (a hover over the
/// bar shows its time), `name` the replay's name; `touch`: player 1 plays by touch
/// (help_device_of), the hints name taps.
void theatre_view_draw(gfx *g, const camera *c, const theatre *t, const sim_world *w, int focus,
                       const char *who, float mouse_x, float mouse_y, const char *name, bool touch);

#endif
