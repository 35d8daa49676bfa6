// The desktop: the game's own frame loop, files on disk as they are.
#include "platform.h"

#include "frame_stats.h"
#include "tool_util.h"

#include <stdlib.h>
#include <string.h>

static bool no_display(const char *why) {
    tool_fail(ARENA_PROGRAM, "no display",
              "%s (DISPLAY %s, WAYLAND_DISPLAY %s); --headless plays a match without a window", why,
              getenv("DISPLAY") ? "set" : "unset", getenv("WAYLAND_DISPLAY") ? "set" : "unset");
    return false;
}

bool platform_start_video(void) {
    const char *asked = SDL_GetHint(SDL_HINT_VIDEODRIVER); // SDL_VIDEODRIVER, or the hint
    const bool named = asked && asked[0];
    // Checked before SDL probes its drivers, whose libraries print lines of their own.
    if (!named && !getenv("DISPLAY") && !getenv("WAYLAND_DISPLAY"))
        return no_display("none is named to open a window on");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0) return no_display(SDL_GetError());
    const char *driver = SDL_GetCurrentVideoDriver();
    if (!named && driver && (!strcmp(driver, "offscreen") || !strcmp(driver, "dummy"))) {
        SDL_Quit();
        return no_display("none answers to open a window on");
    }
    return true;
}

int platform_run(app *a, int status) {
    uint64_t last = tool_now_ns();
    frame_stats stats;
    frame_stats_init(&stats);
    while (status == 0 && !app_window_over(a)) app_window_timed_step(a, &last, &stats);
    frame_stats_report(&stats);
    int closed = app_window_close(a);
    return status ? status : closed;
}

void platform_persist(void) {}

void platform_offer_file(const char *path) {
    (void)path;
}

void platform_play_online(app *a) {
    app_go(a, SCREEN_ONLINE);
}

bool platform_has_editor(void) {
    return true;
}
