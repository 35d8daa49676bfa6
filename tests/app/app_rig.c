// The app on a software renderer without a window (app_rig.h).
#include "app_rig.h"

#include <string.h>

bool app_rig_open(app_rig *r) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    memset(r, 0, sizeof *r);
    r->surface =
        SDL_CreateRGBSurfaceWithFormat(0, APP_RIG_W, APP_RIG_H, 32, SDL_PIXELFORMAT_RGBA32);
    if (!r->surface) return false;
    r->a.renderer = SDL_CreateSoftwareRenderer(r->surface);
    char *argv[] = {"arena", "--seed", "5", "--bots", "12", NULL};
    arena_options o;
    char err[256];
    if (!r->a.renderer || !arena_parse_options(5, argv, &o) ||
        !app_open(&r->a, &o, r->a.renderer, APP_RIG_W, APP_RIG_H, err, sizeof err) ||
        !app_start_match(&r->a, true, err, sizeof err))
        return false;
    r->a.screen = SCREEN_TITLE;
    return true;
}

bool app_rig_play(app *a) {
    char err[256];
    if (!app_start_match(a, false, err, sizeof err)) return false;
    a->screen = SCREEN_PLAY;
    return true;
}

void app_rig_close(app_rig *r) {
    app_close(&r->a);
    if (r->a.renderer) SDL_DestroyRenderer(r->a.renderer);
    SDL_FreeSurface(r->surface);
}
