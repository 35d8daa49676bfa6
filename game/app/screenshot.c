// --screenshot: a frame rendered by the software renderer into a surface, written as a PNG.
// Needs no display: it runs with SDL's dummy or offscreen video drivers. --frames (frames.c)
// draws the same way.
#include "app.h"

#include "sim_state.h"

#include "arena/ae_quote.h"
#include "tool_save_png.h"
#include "tool_util.h"

#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>

int app_offscreen_create(app *a, const arena_options *o, SDL_Surface **surface) {
    // BGRA32 is ARGB8888 on little-endian machines: the software renderer's blitters have fast
    // paths into it and none into RGBA32 (a third more instructions a frame there).
    *surface =
        SDL_CreateRGBSurfaceWithFormat(0, APP_SHOT_W, APP_SHOT_H, 32, SDL_PIXELFORMAT_BGRA32);
    a->renderer = *surface ? SDL_CreateSoftwareRenderer(*surface) : NULL;
    if (!a->renderer) {
        fprintf(stderr, "arena: cannot create a software renderer: %s\n", SDL_GetError());
        return 1;
    }
    char err[PATH_MAX + 512]; // names the map or replay
    if (!app_open(a, o, a->renderer, APP_SHOT_W, APP_SHOT_H, err, sizeof err)) {
        fprintf(stderr, "arena: %s\n", err);
        return 2;
    }
    return 0;
}

int app_offscreen_start(app *a, const arena_options *o) {
    char err[PATH_MAX + 512];      // names the map or replay
    a->opts.pilot = SIM_PILOT_BOT; // the player's agent plays, so the picture shows a real match
    if (!app_start_match(a, o->title, err, sizeof err)) {
        fprintf(stderr, "arena: %s\n", err);
        return 2;
    }
    a->screen = o->title ? SCREEN_TITLE : SCREEN_PLAY;
    a->in.mouse_x = APP_SHOT_W / 2;
    a->in.mouse_y = APP_SHOT_H / 2 + 60;
    return 0;
}

int app_open_offscreen(app *a, const arena_options *o, SDL_Surface **surface) {
    int status = app_offscreen_create(a, o, surface);
    return status ? status : app_offscreen_start(a, o);
}

void app_close_offscreen(app *a, SDL_Surface *surface) {
    if (a->renderer) { // else nothing was opened
        app_close(a);
        SDL_DestroyRenderer(a->renderer);
    }
    SDL_FreeSurface(surface);
}

int app_run_screenshot(const arena_options *o) {
    app *a = calloc(1, sizeof *a); // too large for some stacks (the browser's)
    if (!a) {
        tool_fail(ARENA_PROGRAM, o->screenshot, "out of memory");
        return 2;
    }
    SDL_Surface *surface;
    int status = app_open_offscreen(a, o, &surface);
    if (status == 0) {
        const float dt = 1.0f / SIM_TICK_HZ;
        for (int t = 0; t < o->ticks && !session_done(a->view.shown); t++) {
            app_tick(a);
            app_update_fx(a, dt);
            a->time += dt;
            const sim_world *w = session_world(a->view.shown);
            camera_follow(&a->view.cam, sim_agents(w)[view_focus(&a->view)].pos, view_map_size(w),
                          dt);
        }
        a->view.alpha = 1.0f;
        const sim_world *w = session_world(a->view.shown);
        camera_jump(&a->view.cam, sim_agents(w)[view_focus(&a->view)].pos, view_map_size(w));
        app_draw(a);
        SDL_RenderPresent(a->renderer);
        ae_error write_err;
        if (!tool_save_png(surface, o->screenshot, &write_err)) {
            tool_fail(ARENA_PROGRAM, o->screenshot, "%s", write_err.msg);
            status = 2;
        } else {
            printf("screenshot: %s (%dx%d, tick %d)\n", AE_QUOTED(o->screenshot), APP_SHOT_W,
                   APP_SHOT_H, sim_tick(w));
        }
    }
    app_close_offscreen(a, surface);
    free(a);
    return status;
}
