/// Asking an arena-lobby for a seat (README "Online play"): POST /quick-play to http://HOST[:PORT]
/// and read its answer, {"url": "ws://...", "token": "32 hex digits"}, or its {"error": ...}. A
/// small HTTP/1.1 client over one non-blocking socket, polled from the caller's loop (the window
/// draws on while it waits); no clock of its own: the caller passes the time in. Native only.
///
///   net_lobby_ask *q = net_lobby_ask_start("http://127.0.0.1:8080", now_us, &err);
///   while (net_lobby_ask_poll(q, wait_ms, clock_us()) == NET_LOBBY_WAITING) ...
///   ... net_lobby_ask_url(q), net_lobby_ask_token(q) or net_lobby_ask_error(q)
///   net_lobby_ask_destroy(q);
#ifndef NET_LOBBY_H
#define NET_LOBBY_H

#include "arena/ae_base.h"
#include "net_proto.h"

#include <stdbool.h>
#include <stdint.h>

/// A lobby that has not answered in this long is given up on.
#define NET_LOBBY_TIMEOUT_US (10 * 1000000ull)

typedef enum net_lobby_state {
    NET_LOBBY_WAITING,
    NET_LOBBY_SEATED, ///< net_lobby_ask_url and _token say where to go
    NET_LOBBY_FAILED, ///< net_lobby_ask_error says why
} net_lobby_state;

typedef struct net_lobby_ask net_lobby_ask;

/// True for an address that names a lobby: "http://..." (the game's Play online field also takes
/// an empty one for the default lobby).
bool net_lobby_url(const char *address);
/// Starts asking; NULL with err when the address is no http://HOST[:PORT][/] or the host is
/// unknown or the connection fails at once.
net_lobby_ask *net_lobby_ask_start(const char *lobby_url, uint64_t now_us, ae_error *err);
/// Sends and reads what the socket takes, waiting up to wait_ms for it.
net_lobby_state net_lobby_ask_poll(net_lobby_ask *q, int wait_ms, uint64_t now_us);
const char *net_lobby_ask_url(const net_lobby_ask *q);      ///< "ws://HOST:PORT"
const uint8_t *net_lobby_ask_token(const net_lobby_ask *q); ///< NET_TOKEN_BYTES
const char *net_lobby_ask_error(const net_lobby_ask *q);    ///< one line
void net_lobby_ask_destroy(net_lobby_ask *q);

#endif
