/// A whole online match on the in-memory link (net_link.h) and its virtual clock: the real match
/// server (net_server.h) and N real clients (net_client.h), each flown by a pilot from its own
/// mirror (net_client_pilot_input) or by the caller's script. The clock jumps from event to
/// event: the server's next tick, each client's next frame (its update, then its tick), so a
/// client takes messages once a frame as a game loop does. What the deterministic online tests
/// (net.online.*) and `arena-bench net` drive: the same def gives the same figures.
///
///   net_rig *r = net_rig_create(&def, &err);
///   while (!net_rig_finished(r)) net_rig_step(r);
///   ... net_rig_client(r, i), net_rig_server(r), net_rig_figures(r, i) ...
///   net_rig_destroy(r);
#ifndef NET_RIG_H
#define NET_RIG_H

#include "net_client.h"
#include "net_link.h"
#include "net_server.h"

typedef struct net_rig net_rig;

typedef struct net_rig_def {
    net_server_def server; ///< the match; its map name is what the clients load
    net_link_def link;
    int clients;     ///< 1 .. NET_RIG_MAX_CLIENTS, connecting from 127.0.x.y, one address each
    sim_pilot pilot; ///< who flies each client's agent (SIM_PILOT_NONE: `script`, else idle)
    uint64_t pilot_seed;
    /// The input of client `client` for its client tick `tick` (when pilot is NONE), or NULL.
    sim_input (*script)(void *user, int client, int tick);
    net_map_loader load_map;
    void *load_map_ctx;
    /// Called after each server tick and after each client tick (either may be NULL).
    void (*on_server_tick)(void *user, net_rig *r);
    void (*on_client_tick)(void *user, net_rig *r, int client);
    void *user;
    /// When set, the server's update calls are timed with this clock (thread CPU time, ns), for
    /// the bench; the rig itself never reads a clock.
    uint64_t (*cpu_ns)(void);
} net_rig_def;

#define NET_RIG_MAX_CLIENTS 100

/// One client's traffic on the wire (net_link's counters: WebSocket frames and their headers)
/// over the whole seconds of the virtual clock it spent playing (WELCOME to END).
typedef struct net_rig_figures {
    uint32_t seconds;
    uint64_t down, up;             ///< bytes in those seconds
    uint64_t worst_down, worst_up; ///< bytes in the worst one
    uint32_t worst_down_at;        ///< which second of play that was (0: the first)
} net_rig_figures;

/// NULL with err when the link or the match cannot be made.
net_rig *net_rig_create(const net_rig_def *def, ae_error *err);
void net_rig_destroy(net_rig *r);

/// Moves the clock to the next event and handles it.
void net_rig_step(net_rig *r);
/// True once the server is done (the match over, every client served or gone) and no client is
/// still connecting or playing.
bool net_rig_finished(const net_rig *r);
uint64_t net_rig_now(const net_rig *r);

net_server *net_rig_server(const net_rig *r);
net_link *net_rig_link(const net_rig *r);
net_client *net_rig_client(const net_rig *r, int i);
net_transport *net_rig_transport(const net_rig *r, int i);
net_rig_figures net_rig_client_figures(const net_rig *r, int i);
/// CPU time of the server's update calls so far (0 without def.cpu_ns), and in *p99_ns the 99th
/// percentile of a call that played a tick (rounded up to 10 us).
uint64_t net_rig_server_cpu_ns(const net_rig *r, uint64_t *p99_ns);

/// Cuts client i's connection (net_link_sever): both ends see 1006, the client fails.
void net_rig_sever(net_rig *r, int i);
/// Client i comes back: a new connection and client with the token of its last WELCOME (its
/// pilot starts afresh on the new mirror). False when it cannot be made.
bool net_rig_reconnect(net_rig *r, int i, ae_error *err);

#endif
