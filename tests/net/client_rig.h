// The client's tests' rig: a scripted match server over the in-memory link (net_link.h), running a
// real world as the server/client contract says (game/net/include/net_client.h; the lead's
// net_server is the real one), and a net_client against it, both on one virtual clock.
//
// The server: every slot released to its bot brain at tick 0; HELLO makes the client's slot take
// over its own agent (or spectate), WELCOME and NAME answer it; each tick it pops one queued
// input for the slot (dry: the last again without its one-shot buttons), steps, and every
// NET_SNAPSHOT_EVERY ticks sends a view-culled delta snapshot. It keeps every agent's position
// and the zone per tick, for the tests to compare the mirror with.
#ifndef CLIENT_RIG_H
#define CLIENT_RIG_H

#include "net_link.h"
#include "net_view.h"
#include "net_test_util.h"
#include "net_client_internal.h"

#define RIG_MAX_TICKS  4000
#define RIG_MAX_AGENTS 32

typedef struct rig_tick {
    vec2s pos[RIG_MAX_AGENTS];
    vec2s zone_center;
    float zone_radius;
    int alive;
} rig_tick;

typedef struct rig_server {
    net_transport *t;
    net_conn conn;
    sim_world *w;
    char map[NET_MAP_NAME_MAX + 1]; ///< the name WELCOME gives
    uint64_t hash;                  ///< the map hash WELCOME gives
    uint16_t version;               ///< the version WELCOME gives
    int slot;                       ///< the client's (NET_MAX_SLOTS - 1: a spectator)
    int agent;                      ///< the agent it drives or follows
    bool welcomed;
    net_frame *sent, *f;
    net_view_world *view;
    sim_input queue[8];
    uint32_t qseq[8];
    int qn;
    uint32_t last_seq;
    int32_t applied; ///< the last input popped, -1 none
    sim_input last;
    int dry;        ///< ticks run dry after the first input
    int slides;     ///< ticks its agent made less than 0.9 of its way (a wall), not blinking
    int corrupt_at; ///< the snapshot (1, 2, ...) sent spoiled; 0 none
    int snapshots;
    bool closed;
    uint16_t close_code;
    char close_reason[NET_REASON_MAX];
    rig_tick *hist; ///< by tick
} rig_server;

typedef sim_input (*rig_script)(int tick);

typedef struct rig {
    net_link *link;
    net_transport *client; ///< the client's end
    rig_server s;
    net_client *c;
    uint64_t now, next_server, next_client;
    int client_ticks;
    rig_script script;
    sim_autopilot *pilot;         ///< or this flies the own agent (from the mirror)
    int moving;                   ///< the pilot's inputs that moved
    void (*check)(struct rig *r); ///< after each client tick
    void *user;
} rig;

/// A match on a shipped map: `humans` slots, `bots` more agents, the client in slot `slot`
/// driving agent `follow` (0: the slot's own; NET_MAX_SLOTS - 1: spectating agent `follow`),
/// its agent sturdy (it does not die).
void rig_open(rig *r, const char *map, int humans, int bots, int slot, int follow,
              uint64_t latency_us);
/// rig_open on a link of this latency, jitter and loss (seeded).
void rig_open_link(rig *r, const char *map, int humans, int bots, int slot, int follow,
                   const net_link_def *link);
void rig_close(rig *r);
/// Runs the clock until the server has played `ticks` more ticks (or the client failed).
void rig_run(rig *r, int ticks);
/// Runs the clock `us` on without server ticks (messages and closes arrive).
void rig_idle(rig *r, uint64_t us);
/// Sends a message from the server as it is.
void rig_send(rig *r, const net_msg *m);

#endif
