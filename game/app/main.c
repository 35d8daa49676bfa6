// arena: the game. Windowed play, headless matches, recordings, replays, screenshots and
// frames.
#include "app.h"
#include "headless.h"
#include "options.h"
#include "tool_util.h"

static int run(int argc, char **argv) {
    arena_options o;
    if (!arena_parse_options(argc, argv, &o)) return 2;
    if (o.screenshot) return app_run_screenshot(&o);
    if (o.frames) return app_run_frames(&o);
    if (o.headless) return arena_run_headless(&o);
    return app_run_windowed(&o);
}

int main(int argc, char **argv) {
    return tool_finish_stdout(ARENA_PROGRAM, run(argc, argv));
}
