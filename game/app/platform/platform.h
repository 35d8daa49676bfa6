/// What differs between the desktop and the browser, in one place: platform_native.c or
/// platform_web.c is built, and everything else in the app is the same code in both.
#ifndef ARENA_PLATFORM_H
#define ARENA_PLATFORM_H

#include "app.h"

/// Starts SDL's video (and game controllers) for the window. False, after one line `arena: no
/// display: ...` and with SDL stopped, when there is no screen to show it on: on the desktop no
/// display is named (DISPLAY, WAYLAND_DISPLAY) and no video driver asked for by name
/// (SDL_VIDEODRIVER or its hint: SDL's offscreen and dummy drivers for tests, kmsdrm on a
/// console), or SDL cannot start, or falls back to a driver without a screen that was not asked
/// for, where the game would play on unseen.
bool platform_start_video(void);
/// Runs the frames of the window app_window_open opened (its status given: a non-zero status
/// only closes it) until the game is over, then closes it; the exit status. The desktop loops
/// here. The browser returns from main and calls back once per animation frame
/// (requestAnimationFrame); the page's run ends with the game.
int platform_run(app *a, int status);
/// A file in the preference folder was written: the browser copies the folder into its storage
/// (IndexedDB) so that it is there after a reload. Nothing on the desktop.
void platform_persist(void);
/// A file the player asked to keep (a saved replay) at `path`: the browser hands it to the player
/// as a download too, since its storage is out of reach of other programs. Nothing on the desktop,
/// where the path shown on screen is enough.
void platform_offer_file(const char *path);
/// The title's Play online: on the desktop the Play online screen (a server's address and the
/// name); in the browser the page's own (game/web/page.js: its name field, then the server of
/// `?connect=` or the lobby's quick play), which calls arena_web_join back.
void platform_play_online(app *a);
/// True when the title offers the map editor: on the desktop; the page has no files to save to
/// that a game could watch.
bool platform_has_editor(void);

#endif
