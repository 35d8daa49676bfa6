/// The match server: one authoritative match played over a transport. It runs the whole sim at
/// 60 Hz, bots included, as an ordinary recording session, so the match ends as a replay that
/// verifies bit for bit. People join by taking over an agent (a recorded event), send one input
/// per tick into a short queue each, and get a snapshot of their view every second tick
/// (net_view.h). Nobody is trusted: every message is parsed strictly, a client is held to one
/// input per tick, to a message rate and to reading what it is sent, and no client can hold up
/// the tick. No SDL and no clock of its own: the caller passes the time in, so a test drives a
/// server over the in-memory link on a virtual clock exactly as arena-server drives it over
/// sockets.
///
///   net_server *srv = net_server_create(&def, transport, now_us, &err);
///   while (!net_server_done(srv)) {
///       net_service(transport, wait_ms);         // sockets, up to the next tick
///       net_server_update(srv, clock_us());      // messages, the ticks due, snapshots
///   }
///   net_server_finish(srv, &err);                // writes the recording
///   net_server_destroy(srv);
///
/// The match: sim_config.humans is the number of player slots. Every slot is released to its
/// agent's bot brain at tick 0, so the match starts full of bots. A person arriving within the
/// join window takes a slot and its agent (the slot's own agent while it is alive and nobody
/// drives it, else another agent that a bot brain drives); later arrivals, and arrivals when the
/// slots are taken, spectate. A player whose connection closes or who sends nothing for
/// NET_SILENCE_US idles, then its agent goes back to its bot brain; reconnecting with the token
/// of its WELCOME takes the agent back while it is alive. Each of these is a recorded event.
#ifndef NET_SERVER_H
#define NET_SERVER_H

#include "net_transport.h"
#include "session.h"

/// A player idle this long (no message, or its connection gone) hands its agent to its bot brain.
#define NET_SILENCE_US (5 * 1000000ull)
/// A new connection must send HELLO within this.
#define NET_HELLO_US (5 * 1000000ull)
/// Inputs a player's queue holds: about a second, so a queue the client keeps deep (its target
/// rises while the queue runs dry, net_client.h) rides out a retransmit stall on the way up.
/// When it is full the oldest is dropped (the tick takes one per player whatever it is sent).
#define NET_QUEUE_CAP 64
/// Upstream messages a connection may send per second (and in a burst); more close it with 1008.
#define NET_MESSAGES_PER_S 240
/// After the match ends, connections still fetching the replay are closed after this.
#define NET_LINGER_US (20 * 1000000ull)

typedef struct net_server_def {
    session_def match; ///< the map, the config (humans: the player slots, 1 .. 100) and recording;
                       ///< the server records in memory whatever `record` says
    const char
        *map_name; ///< a shipped map's name, which clients load themselves ("" or NULL: none)
    const uint8_t *map_file; ///< else the map file's bytes, sent in WELCOME (at most
    size_t map_file_size;    ///< NET_MAP_BYTES_MAX)
    int join_window_ticks;   ///< people arriving after this tick spectate (0: only at tick 0)
    int end_tick;            ///< end the match after this many ticks (0: when it is over)
    /// Lockstep, for tests: no slot is released, the first `humans` clients take slots 0, 1, ...
    /// as they arrive, and a tick is played only once every slot has its input queued, so the
    /// recording holds exactly the inputs the clients sent.
    bool strict;
    uint64_t token_seed; ///< the reconnect tokens are drawn from this (arena-server: from the OS)
    /// A lobby's key (net_token.h), NULL for none. With one, a slot goes only to a HELLO carrying
    /// one of the key's tokens for the slots (it keeps that token for its reconnects); a HELLO
    /// without one spectates.
    const uint8_t *token_key;
    /// A line of what happens (joins, leaves, refusals), NULL for none.
    void (*log)(void *user, const char *line);
    void *log_user;
} net_server_def;

/// What the server measured, for arena-bench net and the end of arena-server.
typedef struct net_server_stats {
    uint32_t ticks;       ///< played
    uint32_t missed;      ///< ticks dropped from the schedule because the loop fell behind
    uint64_t late_us_max; ///< how late a tick started after its due time: the worst,
    uint64_t late_us_p50; ///< the median and
    uint64_t late_us_p99; ///< the 99th percentile (1 us steps up to 65 ms)
    uint64_t bytes_down;  ///< message bytes sent to clients (without framing)
    uint64_t bytes_up;    ///< message bytes received
    uint32_t messages_down, messages_up;
    uint32_t joined, spectators, dropped; ///< people who took a slot, watched, were thrown out
    uint32_t inputs_repeated; ///< player ticks whose queue was dry (the last input held again)
    uint32_t inputs_dropped;  ///< inputs dropped from a full queue (its oldest)
} net_server_stats;

typedef struct net_server net_server;

/// Creates the match (session_create) and the bookkeeping for the transport's connections;
/// the first tick is due at now_us. NULL with err when the match cannot be made.
net_server *net_server_create(const net_server_def *def, net_transport *t, uint64_t now_us,
                              ae_error *err);
void net_server_destroy(net_server *srv);

/// Takes every waiting transport event, plays the ticks that are due at now_us (at most a few:
/// a loop that fell further behind drops the rest and counts them missed) and sends what is due.
void net_server_update(net_server *srv, uint64_t now_us);
/// When the next tick is due (the caller may wait until then).
uint64_t net_server_next_due(const net_server *srv);
/// Starts the tick schedule over at now_us, when no tick has been played yet: a real-time loop
/// calls it as it begins serving, so the time net_server_create took to load and bake the map
/// is not counted as its first ticks' lateness (or as missed ticks).
void net_server_start_clock(net_server *srv, uint64_t now_us);
/// Ends the match now (Ctrl-C, SIGTERM): the clients get END and the replay as at a normal end.
void net_server_stop(net_server *srv);
/// True once the match has ended and every client has its replay or is gone.
bool net_server_done(const net_server *srv);
/// True once the match has ended (over, --ticks reached or stopped).
bool net_server_ended(const net_server *srv);

/// Finishes the session: writes the recording to def.match.record_path when one was given.
bool net_server_finish(net_server *srv, ae_error *err);
/// The match's recording once it has ended (NULL before), its size in *size.
const uint8_t *net_server_replay(const net_server *srv, size_t *size);

session *net_server_session(const net_server *srv);
/// The number (the client's sequence) of the input slot `slot`'s last tick applied; -1 none.
/// A tick that ran dry leaves it as it was.
int32_t net_server_slot_input(const net_server *srv, int slot);
net_server_stats net_server_get_stats(const net_server *srv);
/// Connections open now, and how many of them drive an agent.
int net_server_clients(const net_server *srv, int *players);

#endif
