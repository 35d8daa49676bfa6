// The match server's real-time loop (net_serve.h).
#include "net_serve.h"

#include <errno.h>
#include <time.h>

/// After the match, while clients fetch the replay: how often the loop looks.
#define IDLE_US 5000u

uint64_t net_serve_now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

// Sleeps until `due` on CLOCK_MONOTONIC; a signal cuts the sleep short (the caller looks again).
static void sleep_until(uint64_t due_us) {
    struct timespec ts = {(time_t)(due_us / 1000000u), (long)(due_us % 1000000u) * 1000};
    clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

void net_serve(net_server *srv, net_transport *t, bool (*stop)(void *user), void *user) {
    net_server_start_clock(srv, net_serve_now_us()); // loading the match was not its first ticks
    while (!net_server_done(srv)) {
        // Called every time round, after the end too (the caller's own work rides on it).
        if (stop && stop(user) && !net_server_ended(srv)) net_server_stop(srv);
        const uint64_t now = net_serve_now_us();
        const uint64_t due = net_server_ended(srv) ? now + IDLE_US : net_server_next_due(srv);
        if (due > now) sleep_until(due);
        // The tick's time is when the loop woke for it: reading what came is its first work.
        const uint64_t woke = net_serve_now_us();
        net_service(t, 0); // everything that came since the last tick
        net_server_update(srv, woke);
        net_service(t, 0); // what the tick queued goes out now, not at the next tick
    }
}
