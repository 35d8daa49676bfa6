/// The client side of online play: one connection to a match server (net_transport.h) and a
/// mirror world (sim_mirror.h) that the server's snapshots write into, so the renderer, HUD,
/// effects and a pilot read it as they read a local match.
///
/// - Its own agent is predicted: every client tick its input goes to the server and is applied
///   at once to the mirror with the sim's own movement code (sim_predict_agent). A snapshot says
///   which of the inputs the server applied (head.input_tick); the client puts its agent where
///   the server has it and predicts again every input the server has not applied yet. A small
///   difference to what it predicted for that tick is smoothed out over a few ticks (the mirror
///   shows the agent offset from its prediction, the offset decaying), a large one snaps.
/// - Other agents are shown behind the server's tick by a delay that covers the recent
///   snapshots' lateness (at least NET_CLIENT_INTERP_TICKS), interpolated between two
///   snapshots; after a longer stall they are extrapolated at most NET_CLIENT_EXTRAPOLATE_TICKS
///   past the newest one and then held.
/// - Bullets come as spawn records and are flown by the client at the same view tick.
///
/// No threads, no clock of its own, no allocation per tick: the caller passes its clock in.
///
///   net_client *c = net_client_create(transport, &def, &err);
///   for (;;) {
///       net_client_update(c, now_us);                  // messages: WELCOME, SNAPSHOT, ...
///       if (now_us >= next) {                           // the client's own tick
///           net_client_tick(c, &input);
///           next += net_client_tick_period_us(c);
///       }
///       render(net_client_world(c));                    // NULL until WELCOME
///   }
#ifndef NET_CLIENT_H
#define NET_CLIENT_H

#include "net_proto.h"
#include "net_transport.h"
#include "sim_autopilot.h"

#include "arena/ae_grid.h"

/// Ticks the other agents are shown behind the server's tick at least: two snapshot intervals.
/// The delay grows past it to cover the 95th percentile of the recent snapshots' lateness (a
/// jitter buffer: a retransmit stall holds up every snapshot behind the lost one), up to
/// NET_CLIENT_INTERP_MAX, and falls back a tick a second.
#define NET_CLIENT_INTERP_TICKS (2 * NET_SNAPSHOT_EVERY)
#define NET_CLIENT_INTERP_MAX   30
/// The most inputs the client asks to keep waiting at the server. It starts at NET_QUEUE_TARGET
/// and rises by the ticks the server's queue ran dry (the server repeated the last input, which
/// costs a correction), and falls by one after 5 s in which it never did and always had two to
/// spare; the tick rate keeps the queue at it.
#define NET_CLIENT_QUEUE_MAX 40
/// Ticks past the newest snapshot an agent is extrapolated along its last motion, then held.
#define NET_CLIENT_EXTRAPOLATE_TICKS 8
/// A difference between the server's own position and the prediction for that tick up to this
/// (world units) is smoothed out; a larger one snaps.
#define NET_CLIENT_SNAP_DISTANCE 48.0f
/// Inputs kept for re-prediction: the client may run this many ticks ahead of the server.
#define NET_CLIENT_INPUT_RING 256
/// The tick period's nominal value (60 Hz) and how far the queue's depth may move it.
#define NET_CLIENT_TICK_US   16667
#define NET_CLIENT_NUDGE_MAX 0.05

/// Loads the match's map: a shipped map by its name (data NULL), or a map file's bytes (name
/// "" or the server's name for it). False with err (one line, without the name) when it cannot.
/// The app resolves names as `--map` does (arena_resolve_map, ae_map_load_file); tests use
/// the assets' folder.
typedef bool (*net_map_loader)(void *ctx, const char *name, const uint8_t *data, size_t size,
                               ae_grid *grid, ae_error *err);

typedef struct net_client_def {
    const char *name;     ///< the player's name, 1 .. NET_NAME_MAX bytes (net_name_valid)
    const uint8_t *token; ///< NET_TOKEN_BYTES from an earlier WELCOME of the match, or NULL
    net_map_loader load_map;
    void *load_map_ctx;
} net_client_def;

typedef enum net_client_state {
    NET_CLIENT_CONNECTING, ///< until WELCOME
    NET_CLIENT_PLAYING,    ///< driving an agent
    NET_CLIENT_SPECTATING, ///< following one (a late arrival)
    NET_CLIENT_ENDED,      ///< END came and the server closed (the replay, when it all came)
    NET_CLIENT_FAILED,     ///< net_client_failure says why
} net_client_state;

typedef struct net_client_stats {
    double ping_ms;   ///< the last PING's round trip (0 before the first PONG)
    double jitter_ms; ///< mean deviation of consecutive round trips (RFC 3550's estimator)
    /// Over the last whole second of the caller's clock.
    int snapshots_per_s;
    int bytes_down_per_s, bytes_up_per_s;
    uint64_t bytes_down, bytes_up; ///< messages' bytes since the start (no framing)
    uint32_t snapshots;
    uint32_t ticks; ///< client ticks run
    /// Snapshots naming a newer applied input than the last (head.input_tick), whose own
    /// position was compared with the prediction for that input (one naming the same input
    /// again comes from a server whose queue ran dry: its position is not that input's).
    uint32_t compared;
    uint32_t corrections;        ///< ... that differed at all
    uint32_t corrections_over_1; ///< ... by more than one unit
    uint32_t snapped;            ///< ... by more than NET_CLIENT_SNAP_DISTANCE
    float max_correction;        ///< the largest difference
    uint32_t extrapolated_ticks; ///< ticks that showed the others past the newest snapshot
                                 ///< (before END: after it no newer one is coming)
} net_client_stats;

typedef struct net_client net_client;

/// A client on a transport whose one connection is being made (it says HELLO when the
/// connection opens). The transport stays the caller's: destroy it after the client. NULL with
/// err for a bad name or out of memory.
net_client *net_client_create(net_transport *t, const net_client_def *def, ae_error *err);
void net_client_destroy(net_client *c);

/// Services the transport and handles every message that came: WELCOME (the map and the
/// mirror), NAME, SNAPSHOT (the mirror, the reconciliation), PING and PONG, END, REPLAY_CHUNK,
/// and the close. A message the client refuses closes the connection 1008 with its reason and
/// fails. Sends a PING about once a second of now_us.
void net_client_update(net_client *c, uint64_t now_us);
/// One client tick: while playing, predicts the own agent by `in` and, every NET_INPUT_EVERY
/// ticks, sends the inputs since the last INPUT; moves the view of the others and the bullets on.
/// False, nothing done, unless PLAYING or SPECTATING (a spectator's `in` is ignored, may be NULL).
bool net_client_tick(net_client *c, const sim_input *in);
/// Microseconds until the next tick: NET_CLIENT_TICK_US, longer while more inputs wait at the
/// server than the queue target and shorter while fewer do (at most NET_CLIENT_NUDGE_MAX).
uint32_t net_client_tick_period_us(const net_client *c);
/// The inputs the client keeps waiting at the server now (NET_QUEUE_TARGET ..
/// NET_CLIENT_QUEUE_MAX).
int net_client_queue_target(const net_client *c);
/// How many ticks behind the server's the others are shown now (NET_CLIENT_INTERP_TICKS ..
/// NET_CLIENT_INTERP_MAX).
int net_client_interp_ticks(const net_client *c);
/// Says BYE and closes (1000 "left"); the state turns FAILED ("left the match") unless ENDED.
void net_client_leave(net_client *c);

net_client_state net_client_get_state(const net_client *c);
/// One line: why the client FAILED ("" otherwise).
const char *net_client_failure(const net_client *c);
/// The mirror world: NULL until WELCOME.
sim_world *net_client_world(const net_client *c);
/// The agent it drives (a spectator: follows), -1 before WELCOME.
int net_client_agent(const net_client *c);
/// Its input slot, -1 before WELCOME or for a spectator.
int net_client_slot(const net_client *c);
/// The match's input slots (WELCOME's humans: agents 0 .. humans-1 are the players'), 0 before.
int net_client_humans(const net_client *c);
/// The name NAME gave an agent, "" when none.
const char *net_client_name(const net_client *c, int agent);
/// The token to reconnect with (all zero before WELCOME).
const uint8_t *net_client_token(const net_client *c);
/// The tick the mirror shows the others at (sim_tick of the world).
int net_client_view_tick(const net_client *c);
const net_client_stats *net_client_get_stats(const net_client *c);
/// The END message, once it came.
bool net_client_end(const net_client *c, net_end *out);
/// The match's replay once every byte of it came (NULL before, or when it had none).
const uint8_t *net_client_replay(const net_client *c, size_t *size);

/// A pilot's input for the own agent, read from the mirror (sim_autopilot_create on
/// net_client_world): it flies the agent the server gave the client, whichever it is. False (a
/// zero input) when the client drives none (not PLAYING).
bool net_client_pilot_input(net_client *c, sim_autopilot *ap, sim_input *out);

#endif
