/// The transport under online play: reliable, ordered binary messages between one server and its
/// clients, with WebSocket semantics (one message per binary frame, a close code and a reason).
/// The server and the client code above it see only this interface, so the same code runs over
/// real sockets and over the in-memory link that tests and benchmarks drive on a virtual clock:
/// - net_ws.h:   libwebsockets, a listening server or one client connection (real sockets);
/// - net_link.h: an in-memory network with a seeded link simulator (latency, jitter, loss seen
///               as TCP-style retransmit stalls, bandwidth caps) on a clock its owner advances.
/// No SDL, no threads: the owner calls net_service from its own loop. Time is never read here:
/// code above passes its clock in, so a test's virtual clock drives everything.
///
///   net_transport *t = net_ws_listen("127.0.0.1", 7777, &limits, &err);
///   for (;;) {
///       net_service(t, 2);                    // socket I/O, waits at most 2 ms
///       net_event ev;
///       while (net_poll(t, &ev)) { ... }     // NET_OPENED, NET_MESSAGE, NET_CLOSED
///       net_send(t, conn, bytes, n);
///   }
///   net_transport_destroy(t);
#ifndef NET_TRANSPORT_H
#define NET_TRANSPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// A connection: slot index + 1 in the low 16 bits, the slot's generation above, so a stale id
/// (its connection closed, the slot reused) is recognised. 0 is no connection.
typedef uint32_t net_conn;

/// Longest close reason (WebSocket allows 123 bytes after the code) plus the terminating zero.
#define NET_REASON_MAX 124
/// Longest peer address text ("[ffff:...]:65535" fits) plus the terminating zero.
#define NET_PEER_MAX 64

/// Close codes (RFC 6455) the game uses.
enum {
    NET_CLOSE_NORMAL = 1000,     ///< the match ended, the player left
    NET_CLOSE_GOING_AWAY = 1001, ///< the server shuts down
    NET_CLOSE_PROTOCOL = 1002,   ///< malformed framing
    NET_CLOSE_ABNORMAL = 1006,   ///< never sent: the connection dropped or could not be made
    NET_CLOSE_POLICY = 1008,     ///< a rule was broken (no HELLO in time, too big, too fast, ...)
    NET_CLOSE_TOO_BIG = 1009,
    NET_CLOSE_OVERLOADED = 1013, ///< try again later (match full, too many connections)
};

typedef enum net_event_kind {
    NET_OPENED,  ///< a connection is up (server: a client arrived; client: connected)
    NET_MESSAGE, ///< one whole binary message arrived
    NET_CLOSED,  ///< the connection is gone; its id is stale from now on
} net_event_kind;

typedef struct net_event {
    net_event_kind kind;
    net_conn conn;
    const uint8_t *data; ///< NET_MESSAGE: the message, valid until the next net_poll or net_service
    size_t size;
    uint16_t code;               ///< NET_CLOSED: the close code (NET_CLOSE_ABNORMAL when dropped)
    char reason[NET_REASON_MAX]; ///< NET_CLOSED: the reason the other side sent, or why it dropped
} net_event;

/// Caps that protect one side from the other. Zero fields take the defaults below.
typedef struct net_limits {
    size_t max_message;    ///< largest message accepted; a bigger one closes with 1009
    size_t max_send_queue; ///< bytes waiting to go out per connection; past it, net_send fails
    int max_connections;   ///< server: connections at once; more are refused with 1013
    int max_per_address;   ///< server: connections from one address; more are refused with 1013
} net_limits;

#define NET_DEFAULT_MAX_MESSAGE     (64 * 1024)
#define NET_DEFAULT_MAX_SEND_QUEUE  (256 * 1024)
#define NET_DEFAULT_MAX_CONNECTIONS 256
#define NET_DEFAULT_MAX_PER_ADDRESS 8

/// An implementation fills this table; code above calls the net_* wrappers.
typedef struct net_transport net_transport;
typedef struct net_transport_vt {
    void (*service)(net_transport *t, int timeout_ms);
    bool (*poll)(net_transport *t, net_event *ev);
    bool (*send)(net_transport *t, net_conn c, const void *data, size_t size);
    void (*close)(net_transport *t, net_conn c, uint16_t code, const char *reason);
    size_t (*queued)(const net_transport *t, net_conn c);
    bool (*peer)(const net_transport *t, net_conn c, char *out, size_t size);
    void (*destroy)(net_transport *t);
} net_transport_vt;
struct net_transport {
    const net_transport_vt *vt;
};

/// Does pending I/O: accepts, reads, writes; waits at most timeout_ms for something to happen
/// (0: never waits; the in-memory link never waits).
static inline void net_service(net_transport *t, int timeout_ms) {
    t->vt->service(t, timeout_ms);
}
/// Takes the next event, false when none is waiting. Never blocks.
static inline bool net_poll(net_transport *t, net_event *ev) {
    return t->vt->poll(t, ev);
}
/// Queues one message. False, nothing queued, when the connection is gone or closing, or the
/// message would take its send queue past max_send_queue (the caller decides: a server drops
/// a client that stops reading).
static inline bool net_send(net_transport *t, net_conn c, const void *data, size_t size) {
    return t->vt->send(t, c, data, size);
}
/// Closes with a code and a reason (at most NET_REASON_MAX - 1 bytes; longer is cut). Messages
/// queued before it still go out first; NET_CLOSED follows on this side too.
static inline void net_close(net_transport *t, net_conn c, uint16_t code, const char *reason) {
    t->vt->close(t, c, code, reason);
}
/// Bytes queued on a connection and not yet on the wire (0 for a stale id).
static inline size_t net_queued(const net_transport *t, net_conn c) {
    return t->vt->queued(t, c);
}
/// The peer's address without the port ("127.0.0.1", "::1"), for per-address caps and logs.
static inline bool net_peer(const net_transport *t, net_conn c, char *out, size_t size) {
    return t->vt->peer(t, c, out, size);
}
static inline void net_transport_destroy(net_transport *t) {
    if (t) t->vt->destroy(t);
}

/// net_limits with every zero field replaced by its default.
net_limits net_limits_resolve(const net_limits *given);

#endif
