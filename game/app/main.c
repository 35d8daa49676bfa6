// arena: the game. Windowed play, headless matches, recordings, replays, screenshots and
// frames.
#include "app.h"
#include "arena_usage.h"
#include "connect.h"
#include "headless.h"
#include "options.h"
#include "tool_args.h"
#include "tool_util.h"

static int run(int argc, char **argv) {
    static const char *const usage[] = {ARENA_USAGE_ARENA};
    char about[64];
    arena_version_about(about, sizeof about);
    if (tool_args_answered(ARENA_PROGRAM, argc - 1, argv + 1, usage,
                           (int)(sizeof usage / sizeof usage[0]), about))
        return 0;
    arena_options o;
    if (!arena_parse_options(argc, argv, &o)) return 2;
    if (o.screenshot) return app_run_screenshot(&o);
    if (o.frames) return app_run_frames(&o);
    if (o.headless && o.connect) return arena_run_connect_headless(&o);
    if (o.headless) return arena_run_headless(&o);
    return app_run_windowed(&o);
}

int main(int argc, char **argv) {
    return tool_finish_stdout(ARENA_PROGRAM, run(argc, argv));
}
