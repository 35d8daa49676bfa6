// The client's state, shared by its files: net_client.c (the connection and its messages),
// net_mirror.c (a decoded frame written into the mirror world), net_interp.c (the others'
// interpolation) and net_client_predict.c (the own agent's prediction and reconciliation).
#ifndef NET_CLIENT_INTERNAL_H
#define NET_CLIENT_INTERNAL_H

#include "net_client.h"
#include "net_snapshot.h"
#include "sim_state.h"

#include <stdarg.h>

/// Samples kept per agent: positions at snapshot ticks.
#define NET_CLIENT_SAMPLES 4
/// Events collected from snapshots between two client ticks (more are dropped: effects only).
#define NET_CLIENT_EVENTS 1024
/// Recent snapshots whose arrival times set the interpolation delay: about 4 s.
#define NET_CLIENT_OFFSETS 128

typedef struct net_sample {
    int32_t tick;
    vec2s pos;
} net_sample;

/// An agent's last positions from snapshots, oldest first.
typedef struct net_track {
    net_sample s[NET_CLIENT_SAMPLES];
    int count;
} net_track;

/// One input sent and where the prediction put the own agent after it.
typedef struct net_sent {
    uint32_t seq;
    sim_input in;
    vec2s pos;
} net_sent;

struct net_client {
    net_transport *t;
    net_conn conn;
    net_client_state state;
    char failure[160];
    char name[NET_NAME_MAX + 1];
    uint8_t token[NET_TOKEN_BYTES];
    net_map_loader load_map;
    void *load_map_ctx;

    // From WELCOME.
    sim_world *world;
    int agent, slot, agents;
    int humans;                      ///< the match's input slots (WELCOME)
    char (*names)[NET_NAME_MAX + 1]; ///< per agent
    net_track *tracks;               ///< per agent
    float extent;                    ///< net_map_extent of the map

    // Snapshots: the last decoded frame (the next one's baseline) and the one decoded into.
    net_frame *frame[2];
    int cur;
    bool have_frame;
    int32_t head_tick; ///< the newest snapshot's tick
    uint64_t head_us;  ///< when it came (the caller's clock)
    int view_tick;     ///< the tick the others and bullets are shown at

    // The pace (net_client_pace.c). Upstream: the queue of this client's inputs at the server.
    double queue_avg; ///< head.queue, smoothed
    int queue_target; ///< what the tick rate keeps it at: rises when the queue runs dry
    int queue_calm;   ///< snapshots since it last ran dry or the target moved
    int queue_low;    ///< the least head.queue seen in that time
    // Downstream: when snapshots come. A snapshot's offset is its arrival time less its tick's
    // time on the server's schedule; the least of the recent ones is the fastest path, the
    // others' excess over it their lateness.
    int64_t offsets[NET_CLIENT_OFFSETS]; ///< ring of the recent snapshots' offsets
    int offset_count, offset_next;
    int64_t base_offset; ///< the least offset in the ring
    int interp_ticks;    ///< how far behind the server's tick the others are shown
    int interp_want;     ///< what the recent lateness asks for
    int interp_calm;     ///< snapshots since interp_ticks last fell

    // The own agent: its predicted record (without the visual offset) and the inputs.
    sim_agent own;
    bool synced; ///< own came from a snapshot at least once
    vec2s offset;
    vec2s shown_pos; ///< where the mirror showed it last tick
    uint32_t seq;    ///< the last input sent (0: none yet)
    int32_t acked;   ///< the last input the server said it applied (head.input_tick)
    net_sent sent[NET_CLIENT_INPUT_RING];

    // Events from snapshots waiting for the next tick, and the ones the mirror shows.
    sim_event pending[NET_CLIENT_EVENTS];
    int pending_count;
    sim_event shown[NET_CLIENT_EVENTS];
    int shown_count;

    // The end.
    bool ended;
    net_end end;
    uint8_t *replay;
    uint32_t replay_got;

    // Clocks and figures.
    uint64_t now_us, next_ping_us, window_us;
    uint64_t window_down, window_up;
    int window_snapshots;
    double last_rtt;
    net_client_stats stats;
};

/// Fails with a one-line reason; closes the connection with 1008 and it when `close` is set.
void net_client_fail(net_client *c, bool close, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/// Writes frame `f` (decoded against `base`) into the mirror: the others (their samples), the
/// bullets, loot, props, doors, the zone, the kills and the events (into pending). The own
/// agent's `self` is left to net_client_reconcile. False with a reason in err on what the
/// mirror refuses (an id past the match's, a broken prop made whole, ...).
bool net_mirror_frame(net_client *c, const net_frame *base, const net_frame *f, char *err,
                      size_t errsz);
/// A snapshot's `self` written over an agent's record (the fields it has).
void net_self_apply(const net_self *s, int agents, sim_agent *a);
/// Sets the bullets of the current frame where they are at the view tick.
void net_mirror_fly_bullets(net_client *c);

/// Adds a sample at `tick` to agent `id`'s track (a gap of more than two snapshots starts it
/// again).
void net_interp_push(net_client *c, int id, int32_t tick, vec2s pos);
/// Where agent `id` shows at `tick`; false when it has no sample. *extrapolated when past its
/// newest.
bool net_interp_at(const net_client *c, int id, int tick, vec2s *pos, bool *extrapolated);
/// Moves the view tick on by one client tick and shows the others of the current frame there.
void net_interp_tick(net_client *c);

/// The pace (net_client_pace.c): a snapshot `f` (after `base`, the one before it, when `had`)
/// came now: its arrival time moves the interpolation delay, its queue figures the queue target.
void net_pace_snapshot(net_client *c, const net_frame *base, bool had, const net_frame *f);
/// The server's tick now as the snapshots' fastest arrivals say (the view tick's reference).
int net_pace_server_tick(const net_client *c);

/// The snapshot's `self` for the own agent: reconcile and predict the unapplied inputs again.
bool net_client_reconcile(net_client *c, const net_frame *f, char *err, size_t errsz);
/// One tick's prediction of the own agent with input `in` (already stored as input c->seq).
void net_client_predict(net_client *c, const sim_input *in);
/// Writes the own agent into the mirror where it shows (the prediction plus the offset).
void net_client_show_own(net_client *c);

#endif
