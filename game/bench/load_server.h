/// arena-bench net-load's match servers: each an arena-server process of its own, as a machine
/// hosting online play runs them. Starting one is this one function, so that a lobby (which
/// starts servers as matches fill) can take its place without the rest of net-load changing.
#ifndef LOAD_SERVER_H
#define LOAD_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

typedef struct load_server {
    pid_t pid;
    int out;             ///< its stdout (a pipe), read for `listening` and, at the end, `server:`
    char url[64];        ///< ws://127.0.0.1:PORT
    uint64_t started_us; ///< CLOCK_MONOTONIC
    /// What load_server_finish read back.
    bool exited_ok; ///< exit status 0
    double cpu_pct; ///< user + system time over its life, % of one core (wait4's rusage)
    uint32_t ticks, missed, joined, dropped;
    uint64_t late_p50_us, late_p99_us, late_max_us;
    uint64_t bytes_down, bytes_up; ///< message bytes, without WebSocket framing
} load_server;

/// Starts `exe` (arena-server) on 127.0.0.1 with a port it picks, for one match of `clients`
/// agents that `clients` people may take, `seconds` long, seed `seed`, and waits (at most 10 s)
/// for the address it listens on. False with a one-line reason in why.
bool load_server_start(const char *exe, int clients, int seconds, uint64_t seed, load_server *s,
                       char *why, size_t why_size);

/// Waits for it to exit (SIGTERM after deadline_us, SIGKILL 5 s later) and reads its summary.
/// False when it did not exit 0 or printed no `server:` line.
bool load_server_finish(load_server *s, uint64_t deadline_us);

#endif
