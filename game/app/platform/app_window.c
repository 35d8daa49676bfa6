// The windowed game: SDL set-up, events, the fixed 60 Hz step with interpolation, presenting.
#include "app.h"

#include "asset_dir.h"
#include "audio.h"
#include "frame_stats.h"
#include "help_view.h"
#include "net_token.h"
#include "platform.h"
#include "settings.h"
#include "sim_state.h"
#include "tool_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void handle_event(app *a, const SDL_Event *e) {
    switch (e->type) {
    case SDL_QUIT: // the window closed: the map editor's unsaved edits are asked about first
        if (app_editor_unsaved(a) && a->screen != SCREEN_CONFIRM)
            app_ask(a, CONFIRM_QUIT_GAME);
        else
            a->quit = true;
        return;
    case SDL_WINDOWEVENT:
        if (e->window.event == SDL_WINDOWEVENT_SIZE_CHANGED) app_sync_screen_size(a);
        if (e->window.event == SDL_WINDOWEVENT_FOCUS_LOST && a->screen == SCREEN_PLAY) {
            a->screen = SCREEN_PAUSE; // never play on while the player is away
            a->nav.selected = -1;
        }
        return;
    default:
        break;
    }
    if (app_online_text_event(a, e)) return; // typed into the Play online screen's field
    // High-DPI: mouse coordinates come in window points; the game draws in renderer pixels.
    SDL_Event scaled = *e;
    if (e->type == SDL_MOUSEMOTION || e->type == SDL_MOUSEBUTTONDOWN ||
        e->type == SDL_MOUSEBUTTONUP) {
        int ww, wh;
        SDL_GetWindowSize(a->window, &ww, &wh);
        float sx = ww > 0 ? a->view.cam.screen_w / (float)ww : 1.0f,
              sy = wh > 0 ? a->view.cam.screen_h / (float)wh : 1.0f;
        if (e->type == SDL_MOUSEMOTION) {
            scaled.motion.x = (int)((float)e->motion.x * sx);
            scaled.motion.y = (int)((float)e->motion.y * sy);
        } else {
            scaled.button.x = (int)((float)e->button.x * sx);
            scaled.button.y = (int)((float)e->button.y * sy);
        }
    }
    if (app_editor_event(a, &scaled)) return; // the map editor's mouse and keys
    input_handle_event(&a->in, &scaled);
}

static void toggle_fullscreen(app *a) {
    app_set_fullscreen(a, !a->set.fullscreen);
    app_settings_changed(a);
}

static void toggle_perf(app *a) {
    a->hud.show_perf = !a->hud.show_perf;
}
static void zoom_in(app *a) {
    camera_zoom_by(&a->view.cam, 1.15f);
}
static void zoom_out(app *a) {
    camera_zoom_by(&a->view.cam, 1.0f / 1.15f);
}
static void toggle_help(app *a) {
    a->overlays.help = !a->overlays.help;
}

static void toggle_mute(app *a) {
    audio_set_muted(!audio_muted());
    a->set.muted = audio_muted();
    app_notice(a, !audio_available() ? "No sound device: the game is silent"
                  : audio_muted()    ? "Sound off (M turns it on)"
                                     : "Sound on");
    app_settings_changed(a);
}

/// The global actions, the one list of them: the frame takes each (on the screens `when` allows)
/// before the screen's update, one press a frame; clear_unclaimed keeps what is left of them.
static const struct {
    input_action act;
    bool (*when)(const app *a); ///< NULL: on every screen
    void (*run)(app *a);
} globals[] = {
    {ACT_FULLSCREEN, NULL, toggle_fullscreen},
    {ACT_PERF, NULL, toggle_perf},
    {ACT_ZOOM_IN, NULL, zoom_in}, // Ctrl and the wheel too
    {ACT_ZOOM_OUT, NULL, zoom_out},
    {ACT_MUTE, NULL, toggle_mute},
    {ACT_HELP, NULL, toggle_help},
};

static void global_actions(app *a) {
    for (size_t i = 0; i < sizeof globals / sizeof *globals; i++)
        if ((!globals[i].when || globals[i].when(a)) && input_take_action(&a->in, globals[i].act))
            globals[i].run(a);
    // On a touch screen a tap closes the help (and does nothing else): F1 may be out of reach.
    if (a->overlays.help && help_device_of(&a->in) == HELP_TOUCH &&
        input_take_action(&a->in, ACT_CLICK))
        a->overlays.help = false;
    a->overlays.on ^= a->in.overlay_toggles;
    a->in.overlay_toggles = 0;
}

/// After the screens' update, the one place actions are dropped: stale presses of one screen must
/// not leak into the next. The global actions keep their counts (two wheel steps in one frame zoom
/// in this frame and the next; a menu takes the wheel itself).
static void clear_unclaimed(app *a) {
    bool global[ACT_COUNT] = {false};
    for (size_t i = 0; i < sizeof globals / sizeof *globals; i++) global[globals[i].act] = true;
    for (int i = 0; i < ACT_COUNT; i++)
        if (!global[i]) a->in.actions[i] = 0;
}

/// Swaps in an edited map file at this tick boundary and tells the player how it went. The map
/// goes to the live match, also while the killcam shows a replay of it in its place.
static void poll_map_file(app *a) {
    if (!a->view.live) return; // online: the server's map, nothing of this machine's to watch
    char msg[PATH_MAX + 512];  // the stdout line is whole; the notice shows what fits
    // What is drawn from the map follows it by itself, as after a recorded swap: app_draw rebuilds
    // the minimap when the map's hash changes, and the ground's cached chunks know their cells.
    hot_reload_poll(&a->reload, a->view.live, hot_reload_now(), msg, sizeof msg);
    if (!msg[0]) return;
    printf("%s\n", msg);
    fflush(stdout);
    // The on-screen notice is as wide as the screen allows: it shows the message's start.
    snprintf(a->notice, sizeof a->notice, "%.*s", (int)sizeof a->notice - 1, msg);
    a->notice_age = 0;
}

static void frame(app *a, float dt) {
    global_actions(a);
    poll_map_file(a);
    app_update_screens(a);
    clear_unclaimed(a);
    const bool running = app_world_runs(a);
    app_view_event(a, app_run_ticks(a, dt)); // the killcam may end as it plays
    camera_follow(&a->view.cam, view_camera_target(&a->view, !app_on_title(a)),
                  view_map_size(view_world(&a->view)), dt);
    app_update_fx(a, running ? dt : 0.0f);
    bool hide = a->screen == SCREEN_PLAY; // the crosshair, or nothing for pads, in a match
    if (hide != a->cursor_hidden) {
        SDL_ShowCursor(hide ? SDL_DISABLE : SDL_ENABLE);
        a->cursor_hidden = hide;
    }
    a->notice_age += dt;
    uint64_t t0 = tool_now_ns();
    app_draw(a);
    double ms = (double)(tool_now_ns() - t0) * 1e-6;
    a->timings.render_ms += ((float)ms - a->timings.render_ms) * 0.1f;
    SDL_RenderPresent(a->renderer);
}

int app_window_create(app *a, const arena_options *o) {
    if (!platform_start_video()) return 2;
    // The player's settings: one warning line when the file is damaged, the defaults for what
    // could not be read. The settings screen saves changes to the same file.
    settings st;
    char pref[PATH_MAX];
    const char *settings_path = settings_load_startup(&st, o->config, pref, sizeof pref);
    SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1");
    a->window = SDL_CreateWindow("Arena", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, 1280, 720,
                                 SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI |
                                     (st.fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0));
    a->renderer = a->window
                      ? SDL_CreateRenderer(a->window, -1, st.vsync ? SDL_RENDERER_PRESENTVSYNC : 0)
                      : NULL;
    if (!a->renderer) {
        fprintf(stderr, "arena: cannot open a window: %s\n", SDL_GetError());
        if (a->window) SDL_DestroyWindow(a->window);
        a->window = NULL;
        SDL_Quit();
        return 1;
    }
    char err[PATH_MAX + 512]; // names the map or replay
    int status = 0;
    if (!app_open(a, o, a->renderer, 1280, 720, err, sizeof err)) {
        fprintf(stderr, "arena: %s\n", err);
        status = 2;
    }
    app_use_settings(a, &st, o);
    app_record_load(a);
    snprintf(a->settings_path, sizeof a->settings_path, "%s", settings_path ? settings_path : "");
    audio_set_volume(st.master_volume, st.effects_volume);
    audio_set_muted(st.muted);
    if (!audio_init()) // no sound device: the game plays on silently, and says so once
        app_notice(a, "No sound device found: playing without sound");
    input_set_bindings(&a->in, &st.bindings);
    input_action own[sizeof globals / sizeof *globals]; // what the window's keys do is no skip
    for (size_t i = 0; i < sizeof globals / sizeof *globals; i++) own[i] = globals[i].act;
    input_not_any(&a->in, own, (int)(sizeof own / sizeof *own));
    // Extra pad mappings when the assets hold them (none is shipped: SDL's own list is used).
    char *pad_db = tool_join(app_asset_dir(), "gamecontrollerdb.txt");
    input_open_pads(&a->in, pad_db); // NULL (out of memory): SDL's list alone
    free(pad_db);
    app_sync_screen_size(a);
    SDL_StopTextInput(); // on from SDL's start: only the Play online screen's fields take text
    return status;
}

int app_window_start(app *a, const arena_options *o) {
    char err[PATH_MAX + 512]; // names the map or replay
    bool direct = o->map || o->replay || o->pilot || o->record;
    if (!app_start_match(a, !direct, err, sizeof err)) {
        fprintf(stderr, "arena: %s\n", err);
        return 2;
    }
    if (o->connect) { // --connect: the title's match behind the connecting screen
        a->screen = SCREEN_TITLE;
        a->nav.selected = -1;
        if (!app_join(a, o->connect, o->token_hex ? o->token : NULL,
                      o->name ? o->name : a->set.online_name, err, sizeof err)) {
            fprintf(stderr, "arena: %s\n", err);
            return 2;
        }
        return 0;
    }
    // --start-tick within the replay (the theatre starts there).
    if (o->replay && !arena_check_replay(o, (int)session_length(a->view.shown),
                                         sim_agent_count(session_world(a->view.shown))))
        return 2;
    a->screen = !direct ? SCREEN_TITLE : a->view.th.active ? SCREEN_THEATRE : SCREEN_PLAY;
    a->nav.selected = -1;
    // --edit FILE: the editor over the title (leaving it goes there); a file that is not a map
    // opens nothing.
    if (o->edit && !app_editor_open_file(a, o->edit, err, sizeof err)) {
        fprintf(stderr, "arena: %s\n", err);
        return 2;
    }
    return 0;
}

int app_window_open(app *a, const arena_options *o) {
    int status = app_window_create(a, o);
    return status ? status : app_window_start(a, o);
}

void app_window_step(app *a, float dt) {
    SDL_Event e;
    input_advance(&a->in, dt);
    while (SDL_PollEvent(&e)) handle_event(a, &e);
    a->time += dt;
    a->frame_dt = dt;
    a->timings.frame_ms += (dt * 1000.0f - a->timings.frame_ms) * 0.1f;
    frame(a, dt);
}

int app_window_close(app *a) {
    int status = 0;
    if (a->view.live && a->recording &&
        a->recording_to_file) { // the --record file must be whole or the run fails
        const char *path = a->opts.record;
        ae_error e;
        if (!app_finish_recording(a, &e)) {
            tool_fail(ARENA_PROGRAM, path, "%s", e.msg);
            status = 2;
        }
    }
    app_close(a);
    input_close(&a->in);
    audio_shutdown();
    SDL_DestroyRenderer(a->renderer);
    SDL_DestroyWindow(a->window);
    SDL_Quit();
    return status;
}

bool app_window_over(const app *a) {
    // --ticks N ends the game once its match (or the title's) has played N ticks: for tests.
    return a->quit || (a->opts.ticks >= 0 && sim_tick(view_world(&a->view)) >= a->opts.ticks);
}

void app_window_timed_step(app *a, uint64_t *last, frame_stats *stats) {
    uint64_t now = tool_now_ns();
    float dt = (float)((double)(now - *last) * 1e-9);
    *last = now;
    app_window_step(a, dt > 0.25f ? 0.25f : dt);
    frame_stats_add(stats, (double)(tool_now_ns() - now) * 1e-6);
}

int app_run_windowed(const arena_options *o) {
    // On the heap: too large for the browser's stack, and there platform_run never returns (the
    // page's frames go on using the app after main has unwound), so it is never freed.
    app *a = calloc(1, sizeof *a);
    if (!a) {
        tool_fail(ARENA_PROGRAM, "window", "out of memory");
        return 2;
    }
    int status = app_window_open(a, o);
    if (a->renderer) status = platform_run(a, status); // else no window to close
    free(a);
    return status;
}
