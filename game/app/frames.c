// --frames DIR: a replay drawn as numbered PNG frames, as --screenshot draws one (the software
// renderer into a surface, no window), for any encoder to make a clip of:
//   ffmpeg -framerate 60 -i DIR/frame_%06d.png clip.mp4
#include "app.h"

#include "sim_state.h"

#include "arena/ae_quote.h"
#include "tool_save_png.h"
#include "tool_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Draws the state on screen and writes it as frame number n into dir.
static bool write_frame(app *a, SDL_Surface *surface, const char *dir, char *path, size_t size,
                        int n) {
    app_draw(a);
    SDL_RenderPresent(a->renderer);
    snprintf(path, size, "%s/frame_%06d.png", dir, n);
    ae_error err;
    if (tool_save_png_frame(surface, path, &err)) return true;
    tool_fail(ARENA_PROGRAM, path, "%s; %d frame%s written before it", err.msg, n,
              n == 1 ? " was" : "s were");
    return false;
}

/// Plays the replay from its start, as it is watched (the HUD, effects and camera move every
/// tick), and takes a frame at from, from + every, ... up to to.
static int export_frames(app *a, const arena_options *o, SDL_Surface *surface) {
    // Frames play straight through, without the theatre's timeline, and the camera is the one a
    // match is watched with: player 1, then whom the spectator camera follows (or --follow).
    theatre_close(&a->view.th);
    sim_world *w = session_world(a->view.shown);
    if (!arena_check_replay(o, (int)session_length(a->view.shown), sim_agent_count(w))) return 2;
    const int from = o->from >= 0 ? o->from : 0;
    const int to = o->to >= 0 ? o->to : (int)session_length(a->view.shown);
    const float dt = 1.0f / SIM_TICK_HZ;
    size_t size = strlen(o->frames) + 32;
    char *path = malloc(size);
    if (!path) {
        tool_fail(ARENA_PROGRAM, o->frames, "out of memory");
        return 2;
    }
    a->view.alpha = 1.0f; // every frame shows its tick's state exactly
    int written = 0, status = 0;
    for (;;) {
        const int t = sim_tick(w);
        if (t >= from && (t - from) % o->every == 0) {
            // What the panels' fades have had since the last frame (settled for the first).
            a->frame_dt = written ? (float)o->every * dt : 1.0f;
            if (!write_frame(a, surface, o->frames, path, size, written)) {
                status = 2;
                break;
            }
            written++;
        }
        if (t >= to || session_done(a->view.shown)) break;
        app_tick(a);
        app_update_fx(a, dt);
        a->time += dt;
        camera_follow(&a->view.cam,
                      view_camera_target(&a->view, app_base_screen(a) != SCREEN_TITLE),
                      view_map_size(w), dt);
    }
    free(path);
    if (status) return status;
    ae_error err;
    if (session_done(a->view.shown))
        session_finish(a->view.shown, &err); // a match over too soon diverged
    printf("frames: %d written to %s\n", written, AE_QUOTED(o->frames));
    char diverged[160];
    if (session_diverged(a->view.shown, diverged, sizeof diverged)) {
        printf("%s\n", diverged);
        return 3;
    }
    return 0;
}

int app_run_frames(const arena_options *o) {
    app *a = calloc(1, sizeof *a); // too large for some stacks (the browser's)
    if (!a) {
        tool_fail(ARENA_PROGRAM, o->frames, "out of memory");
        return 2;
    }
    SDL_Surface *surface;
    int status = app_open_offscreen(a, o, &surface);
    if (status == 0) status = export_frames(a, o, surface);
    app_close_offscreen(a, surface);
    free(a);
    return status;
}
