/// The in-memory network: one server and any number of clients joined by simulated TCP links on
/// a virtual clock the owner advances, for tests and benchmarks that must not depend on the wall
/// clock. Each connection is two directions, each a TCP stream carrying WebSocket frames:
/// - a message leaves once the line is free (bandwidth) and the receiver's window has room, and
///   arrives latency + a uniform jitter in [0, jitter] later, never before the one ahead of it;
/// - a lost segment is a retransmit stall: that message arrives one RTO later (max(200 ms,
///   2 RTT)) and everything behind it waits (head-of-line blocking); nothing is lost or reordered;
/// - a receiver that does not poll keeps its window full, so the sender's queue grows until
///   net_send fails at max_send_queue, as a real client that stops reading makes it.
/// The opening handshake, the close handshake (with a 5 s timeout) and connections dropped by a
/// transport that goes away travel the same pipes, so their timing is simulated too.
/// Same seed and same calls give the same delivery times: no wall clock, no global state.
///
///   net_link *link = net_link_create(&(net_link_def){.seed = 1, .latency_us = 75000}, &err);
///   net_transport *server = net_link_server(link);
///   net_transport *client = net_link_connect(link, "127.0.0.1", &err);
///   for (uint64_t now = 0; ...; now += 1000) {
///       net_link_set_time(link, now);          // deliver everything due by now
///       ... net_poll / net_send on server and client as over real sockets ...
///   }
///   net_link_destroy(link);                    // and every transport still on it
#ifndef NET_LINK_H
#define NET_LINK_H

#include "arena/ae_base.h"
#include "net_transport.h"

typedef struct net_link net_link;

typedef struct net_link_def {
    uint64_t seed;
    uint32_t latency_us;      ///< one way
    uint32_t jitter_us;       ///< each message's one-way delay is latency + uniform [0, jitter]
    double loss;              ///< 0..1: the chance a message's segment is lost (a retransmit stall)
    uint32_t bandwidth;       ///< bytes/s of each connection's each direction (0: unlimited)
    uint32_t window;          ///< receive window per direction, bytes (0: NET_LINK_DEFAULT_WINDOW)
    net_limits server_limits; ///< as net_ws_listen's (zero fields: the defaults)
    net_limits client_limits; ///< as net_ws_connect's
} net_link_def;

#define NET_LINK_DEFAULT_WINDOW (64 * 1024)
/// How long a side that closed waits for the peer's close before dropping the connection.
#define NET_LINK_CLOSE_TIMEOUT_US 5000000u

/// One direction's traffic: data messages and their bytes on the wire, each with a WebSocket
/// frame header (2 bytes, +2 from 126 bytes, +8 from 64 kB, +4 mask from client to server),
/// and how many segments were lost (retransmit stalls, of any frame).
typedef struct net_link_counters {
    uint64_t messages;
    uint64_t bytes;
    uint64_t stalls;
} net_link_counters;
typedef struct net_link_traffic {
    net_link_counters up;   ///< client to server
    net_link_counters down; ///< server to client
} net_link_traffic;

/// NULL with a reason when def is out of range (loss outside 0..1, NaN).
net_link *net_link_create(const net_link_def *def, ae_error *err);
/// Frees the link and every transport still on it (their pointers are invalid afterwards).
void net_link_destroy(net_link *link);

/// The listening side (created on the first call; after net_transport_destroy a later call
/// makes a new one, a server restart). Its net_service delivers what is due, never waits.
net_transport *net_link_server(net_link *link);
/// A client with one connection to the server, from `address` (what the server's net_peer
/// reports and its per-address cap counts; at most NET_PEER_MAX - 1 characters). NET_OPENED comes
/// one round trip later; without a server it gets NET_CLOSED 1006 "connection refused", and over
/// the server's caps NET_OPENED then NET_CLOSED 1013 with the reason. Messages sent before
/// NET_OPENED leave once it is open. The client's net_peer is "server".
/// net_transport_destroy on it is the client's process ending: the server sees 1006.
net_transport *net_link_connect(net_link *link, const char *address, ae_error *err);

/// Advances the virtual clock (never backwards) and delivers everything due by then, in order
/// of arrival across all connections.
void net_link_set_time(net_link *link, uint64_t now_us);
uint64_t net_link_time(const net_link *link);

/// Drops a client's connection abnormally now (a cable cut both sides notice): both get
/// NET_CLOSED 1006 "connection lost"; what was in flight is gone.
void net_link_sever(net_link *link, net_transport *client);

/// A client's traffic over its connection so far; all connections' together.
net_link_traffic net_link_client_traffic(const net_transport *client);
net_link_traffic net_link_total_traffic(const net_link *link);

#endif
