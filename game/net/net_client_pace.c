// The client's pace (net_client_internal.h), both ways adapted to the link as measured:
// - upstream, the queue of its inputs at the server: the client's tick rate keeps it at a
//   target that rises by the ticks the queue ran dry (a retransmit stall on the way up held its
//   inputs back) and falls by one after a calm spell whose queue never went below two;
// - downstream, the interpolation delay, a jitter buffer: the others are shown as far behind
//   the server's tick as the recent snapshots' 95th percentile of lateness, plus two snapshot
//   intervals; it rises at once and falls a tick a second.
#include "net_client_internal.h"

#include <stdlib.h>
#include <string.h>

/// Snapshots a second.
#define SNAPSHOT_HZ (NET_TICK_RATE / NET_SNAPSHOT_EVERY)
/// Snapshots without a dry tick before the queue target may fall (5 s), and the least queue
/// seen in them that lets it: the target had room to spare.
#define QUEUE_CALM  (5 * SNAPSHOT_HZ)
#define QUEUE_SPARE 2
/// The share of recent snapshots the interpolation delay covers, in percent.
#define LATE_PERCENTILE 95
/// Snapshots between two falls of the interpolation delay by one tick (1 s).
#define INTERP_FALL_EVERY SNAPSHOT_HZ

static int64_t tick_us(int32_t tick) {
    return (int64_t)tick * 1000000 / NET_TICK_RATE;
}

static int cmp_i64(const void *a, const void *b) {
    const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

// Upstream. A snapshot names the last input the server applied and how many wait: between two
// snapshots the server played (tick - tick') ticks and applied (input - input') inputs; the
// difference is the ticks it ran dry (it held the last input again).
static void pace_queue(net_client *c, const net_frame *base, const net_frame *f) {
    c->queue_avg += 0.1 * ((double)f->head.queue - c->queue_avg);
    if (c->state != NET_CLIENT_PLAYING || base->head.input_tick < 1 ||
        f->head.input_tick < base->head.input_tick)
        return;
    const int dry = (f->head.tick - base->head.tick) - (f->head.input_tick - base->head.input_tick);
    if (dry > 0) {
        c->queue_target += dry;
        if (c->queue_target > NET_CLIENT_QUEUE_MAX) c->queue_target = NET_CLIENT_QUEUE_MAX;
        c->queue_calm = 0;
        c->queue_low = INT32_MAX;
        return;
    }
    if (f->head.queue < c->queue_low) c->queue_low = f->head.queue;
    if (++c->queue_calm < QUEUE_CALM) return;
    if (c->queue_low >= QUEUE_SPARE && c->queue_target > NET_QUEUE_TARGET) c->queue_target--;
    c->queue_calm = 0;
    c->queue_low = INT32_MAX;
}

// Downstream: the snapshot's offset joins the ring; the delay covers the recent lateness.
static void pace_interp(net_client *c, const net_frame *f) {
    c->offsets[c->offset_next] = (int64_t)c->now_us - tick_us(f->head.tick);
    c->offset_next = (c->offset_next + 1) % NET_CLIENT_OFFSETS;
    if (c->offset_count < NET_CLIENT_OFFSETS) c->offset_count++;
    int64_t sorted[NET_CLIENT_OFFSETS];
    memcpy(sorted, c->offsets, (size_t)c->offset_count * sizeof *sorted);
    qsort(sorted, (size_t)c->offset_count, sizeof *sorted, cmp_i64);
    c->base_offset = sorted[0];
    const int64_t late = sorted[(c->offset_count - 1) * LATE_PERCENTILE / 100] - sorted[0];
    const int64_t per_tick = 1000000 / NET_TICK_RATE;
    int want = NET_CLIENT_INTERP_TICKS + (int)((late + per_tick - 1) / per_tick);
    if (want > NET_CLIENT_INTERP_MAX) want = NET_CLIENT_INTERP_MAX;
    c->interp_want = want;
    if (want >= c->interp_ticks) {
        c->interp_ticks = want;
        c->interp_calm = 0;
    } else if (++c->interp_calm >= INTERP_FALL_EVERY) {
        c->interp_ticks--;
        c->interp_calm = 0;
    }
}

void net_pace_snapshot(net_client *c, const net_frame *base, bool had, const net_frame *f) {
    if (had) pace_queue(c, base, f);
    pace_interp(c, f);
}

int net_pace_server_tick(const net_client *c) {
    return (int)(((int64_t)c->now_us - c->base_offset) * NET_TICK_RATE / 1000000);
}

uint32_t net_client_tick_period_us(const net_client *c) {
    double nudge = 0.02 * (c->queue_avg - c->queue_target);
    if (nudge > NET_CLIENT_NUDGE_MAX) nudge = NET_CLIENT_NUDGE_MAX;
    if (nudge < -NET_CLIENT_NUDGE_MAX) nudge = -NET_CLIENT_NUDGE_MAX;
    return (uint32_t)((double)NET_CLIENT_TICK_US * (1.0 + nudge) + 0.5);
}

int net_client_queue_target(const net_client *c) {
    return c->queue_target;
}

int net_client_interp_ticks(const net_client *c) {
    return c->interp_ticks;
}
