// --screenshot: a frame rendered by the software renderer into a surface, written as a PNG.
// Needs no display: it runs with SDL's dummy or offscreen video drivers.
#include "app.h"

#include "sim_world.h"

#include <SDL_image.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define SHOT_W 1280
#define SHOT_H 720

// Writes through a temporary file beside the target and a rename, so a failed write leaves
// neither a half-written PNG nor a damaged older file.
static bool save_png(SDL_Surface *surface, const char *path) {
    char tmp[4096];
    int n = snprintf(tmp, sizeof tmp, "%s.tmp-%ld", path, (long)getpid());
    if (n < 0 || (size_t)n >= sizeof tmp) {
        fprintf(stderr, "arena: %s: path too long\n", path);
        return false;
    }
    if (IMG_SavePNG(surface, tmp) != 0) {
        fprintf(stderr, "arena: %s: cannot write: %s\n", path, IMG_GetError());
        remove(tmp);
        return false;
    }
    if (rename(tmp, path) != 0) {
        fprintf(stderr, "arena: %s: cannot write: %s\n", path, strerror(errno));
        remove(tmp);
        return false;
    }
    return true;
}

int app_run_screenshot(const arena_options *o) {
    static app a;
    SDL_Surface *surface =
        SDL_CreateRGBSurfaceWithFormat(0, SHOT_W, SHOT_H, 32, SDL_PIXELFORMAT_RGBA32);
    a.renderer = surface ? SDL_CreateSoftwareRenderer(surface) : NULL;
    if (!a.renderer) {
        fprintf(stderr, "arena: cannot create a software renderer: %s\n", SDL_GetError());
        return 1;
    }
    char err[512];
    int status = 0;
    if (!app_open(&a, o, a.renderer, SHOT_W, SHOT_H, err, sizeof err)) {
        fprintf(stderr, "arena: %s\n", err);
        status = 2;
    }
    a.opts.autopilot = true; // the player's agent plays, so the picture shows a real match
    if (status == 0 && !app_start_match(&a, o->title, err, sizeof err)) {
        fprintf(stderr, "arena: %s\n", err);
        status = 2;
    }
    if (status == 0) {
        a.screen = o->title ? SCREEN_TITLE : SCREEN_PLAY;
        a.in.mouse_x = SHOT_W / 2;
        a.in.mouse_y = SHOT_H / 2 + 60;
        const float dt = 1.0f / SIM_TICK_HZ;
        for (int t = 0; t < o->ticks && !session_done(a.s); t++) {
            app_tick(&a);
            fx_update(&a.fx, dt);
            a.time += dt;
            const sim_world *w = session_world(a.s);
            camera_follow(&a.cam, w->agents[app_focus(&a)].pos, dt);
        }
        a.alpha = 1.0f;
        const sim_world *w = session_world(a.s);
        a.cam.center = w->agents[app_focus(&a)].pos;
        app_draw(&a);
        SDL_RenderPresent(a.renderer);
        if (!save_png(surface, o->screenshot)) {
            status = 2;
        } else {
            printf("screenshot: %s (%dx%d, tick %d)\n", o->screenshot, SHOT_W, SHOT_H, sim_tick(w));
        }
    }
    app_close(&a);
    SDL_DestroyRenderer(a.renderer);
    SDL_FreeSurface(surface);
    return status;
}
