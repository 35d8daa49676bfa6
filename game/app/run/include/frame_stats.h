/// The longest frame of a run, for measuring stalls (hot reload of a big map must not cause
/// one). Off unless the environment sets ARENA_FRAME_STATS; then the window and
/// `--headless --realtime` print one line to stderr when they end:
/// `arena: frame stats: N frames, longest T ms (frame K)`, the first frame (set-up) not counted.
#ifndef ARENA_FRAME_STATS_H
#define ARENA_FRAME_STATS_H

#include <stdbool.h>

typedef struct frame_stats {
    bool on;
    int frames;
    double longest_ms;
    int longest_at;
} frame_stats;

void frame_stats_init(frame_stats *f);
/// Counts one frame (or one real-time tick) that took `ms` of work.
void frame_stats_add(frame_stats *f, double ms);
void frame_stats_report(const frame_stats *f);

#endif
