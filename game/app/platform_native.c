// The desktop: the game's own frame loop, files on disk as they are.
#include "platform.h"

#include "frame_stats.h"
#include "tool_util.h"

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

bool platform_watches_files(void) {
    return true;
}
