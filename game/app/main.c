// arena: the game. Windowed play, headless matches, recording and replays.
#include "headless.h"
#include "options.h"

#include <stdio.h>

int main(int argc, char **argv) {
    arena_options o;
    if (!arena_parse_options(argc, argv, &o)) return 2;
    if (o.headless || (o.replay && !o.screenshot)) return arena_run_headless(&o);
    fprintf(stderr, "%s: the windowed game is not built yet; use --headless\n", ARENA_PROGRAM);
    return 2;
}
