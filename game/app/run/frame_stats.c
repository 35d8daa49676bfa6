#include "frame_stats.h"

#include "options.h"

#include <stdio.h>
#include <stdlib.h>

void frame_stats_init(frame_stats *f) {
    *f = (frame_stats){0};
    const char *v = getenv("ARENA_FRAME_STATS");
    f->on = v && v[0];
}

void frame_stats_add(frame_stats *f, double ms) {
    if (!f->on) return;
    // The first frame sets up (textures, the first draw of everything) and is not counted.
    if (f->frames > 0 && ms > f->longest_ms) {
        f->longest_ms = ms;
        f->longest_at = f->frames;
    }
    f->frames++;
}

void frame_stats_report(const frame_stats *f) {
    if (!f->on) return;
    fprintf(stderr, "%s: frame stats: %d frames, longest %.1f ms (frame %d)\n", ARENA_PROGRAM,
            f->frames, f->longest_ms, f->longest_at);
}
