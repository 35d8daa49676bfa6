/// Feedback drawn over the play field in screen space: the red edge when a human is hit or low
/// on health, and player 1's crosshair with its kick, its hit marker and what it is over.
#ifndef ARENA_SCREEN_FX_H
#define ARENA_SCREEN_FX_H

#include "camera.h"
#include "fx.h"
#include "gfx.h"
#include "sim_state.h"

/// The red vignette: a flash after a hit (fx->hurt) and a thin edge pulsing with the
/// heartbeat while low on health (fx->pulse).
void screen_fx_draw_edge(gfx *g, const camera *c, const fx_state *fx);

/// The enemy whose body is under world point p and that `human` sees (sim_agent_sees: a shot
/// would not stop in a wall on the way), or -1: what the crosshair turns red for.
int screen_fx_target(const sim_world *w, int human, vec2s p);

/// Player `human`'s crosshair at screen point (mx, my): white, red over an enemy in sight, dimmed
/// beyond the range of the human's gun (measured as the aim is: from the chest, with camera
/// `c`, which must be the camera the aim is computed with); its arms spread when the human
/// fires; a hit marker shows when a shot lands (red for a kill).
void screen_fx_draw_crosshair(gfx *g, const camera *c, const fx_state *fx, const sim_world *w,
                              int human, float mx, float my);

#endif
