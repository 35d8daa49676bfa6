/// The app on SDL's software renderer drawing into a surface of its own, without a window: what
/// the tests that look at the pictures of a frame share (test_feedback, test_hud_damage).
#ifndef ARENA_TEST_APP_RIG_H
#define ARENA_TEST_APP_RIG_H

#include "app.h"

#include <SDL.h>
#include <stdbool.h>

/// The rig's picture size.
#define APP_RIG_W 800
#define APP_RIG_H 450

typedef struct app_rig {
    app a;
    SDL_Surface *surface; ///< what the renderer draws into (RGBA32)
} app_rig;

/// Opens the app, seed 5 and 12 bots, on the title screen with its bot match behind the menu.
bool app_rig_open(app_rig *r);
/// Starts a player's match, on screen.
bool app_rig_play(app *a);
void app_rig_close(app_rig *r);

#endif
