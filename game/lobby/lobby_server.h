/// arena-lobby's HTTP side: the listening socket, its connections and the poll loop that also
/// reads the match servers' output and reaps them. One thread, no blocking call after start-up.
/// A connection is read until its request head is whole (within --request-timeout, else it is
/// closed: slowloris), answered once and closed (Connection: close); a quick play waits for its
/// match's server to listen. When every connection slot is taken the oldest one still sending its
/// head makes room, so a flood of idle connections cannot lock people out.
#ifndef LOBBY_SERVER_H
#define LOBBY_SERVER_H

#include "lobby_match.h"
#include "lobby_options.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct lobby_conn lobby_conn;

/// What the lobby counted since its start (GET /status's "http").
typedef struct lobby_counts {
    uint64_t connections, requests, refused; ///< refused: answered 4xx
    uint64_t timed_out, evicted;             ///< closed sending their head too slowly / for room
} lobby_counts;

typedef struct lobby {
    const lobby_options *o;
    lobby_matches ms;
    int listen_fd;
    int web_fd; ///< the --web folder, -1 none
    int port;
    lobby_conn *conns;
    int conn_cap;
    lobby_counts counts;
    uint64_t started_ms;
} lobby;

/// Listens and finds arena-server. False after printing `arena-lobby: WHAT: reason`.
bool lobby_start(lobby *l, const lobby_options *o);
/// Serves until *stop is set, then ends the matches (SIGTERM, SIGKILL after a while) and returns.
void lobby_run(lobby *l, volatile int *stop);
void lobby_end(lobby *l);

/// The monotonic clock in ms.
uint64_t lobby_now_ms(void);

/// A whole response, status line to body, in a new heap buffer (Connection: close; no body
/// for HEAD); NULL when out of memory. extra: more header lines, each ending in CRLF, or "".
char *lobby_respond(int status, const char *type, const char *extra, const char *body,
                    size_t body_len, bool head_only, size_t *len);
/// GET /status's JSON (lobby_status.c).
char *lobby_status_json(const lobby *l, uint64_t now_ms, size_t *len);

#endif
