/// arena-bench net-load's clients: many lightweight players in one thread, each a real
/// WebSocket connection on its own socket, written here by hand (RFC 6455, client side) over
/// non-blocking sockets and one epoll set, so a thousand of them cost a fraction of a core. A
/// client does what the game's client does on the wire and nothing more: HELLO, an INPUT every
/// 1/60 s (a stick that wanders, firing now and then), PONG for each PING, BYE after END. What
/// it receives is counted, not decoded (a snapshot is not read; a PING's time and END are).
#ifndef LOAD_CLIENT_H
#define LOAD_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct load_pool load_pool;

/// What one match's clients did (load_pool_match).
typedef struct load_match_figures {
    int clients, welcomed, ended;  ///< connected and HELLOed, got WELCOME, played to END
    int failed;                    ///< closed or refused before END, or never connected
    uint64_t bytes_down, bytes_up; ///< on the wire, WebSocket framing and the handshake included
    double play_s;                 ///< summed over the clients: WELCOME to END, seconds
} load_match_figures;

/// A pool for `matches` x `clients` connections. NULL when out of memory.
load_pool *load_pool_create(int matches, int clients);
void load_pool_destroy(load_pool *p);

/// Connects match m's clients to url (ws://127.0.0.1:PORT). False with why when a socket cannot
/// be made (the descriptor limit); a refused connection counts as failed instead.
bool load_pool_connect(load_pool *p, int m, const char *url, char *why, size_t why_size);

/// Runs every client until each has ended or failed, or until deadline_us (CLOCK_MONOTONIC).
void load_pool_run(load_pool *p, uint64_t deadline_us);

load_match_figures load_pool_match(const load_pool *p, int m);
/// CPU time of the thread that ran load_pool_run (ns) and the wall time it ran (us).
void load_pool_cpu(const load_pool *p, uint64_t *cpu_ns, uint64_t *wall_us);

#endif
