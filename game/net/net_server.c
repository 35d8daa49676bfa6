// The match server (net_server.h): connections, player slots and their input queues, the tick,
// snapshots and the end of the match.
#include "net_server.h"

#include "arena/ae_rng.h"
#include "net_log.h"
#include "net_proto.h"
#include "net_token.h"
#include "net_view.h"
#include "sim_config_io.h"
#include "sim_state.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TICK_US(k)       ((uint64_t)(k)*1000000u / SIM_TICK_HZ)
#define MAX_CATCH_UP     4     // ticks one update may play to catch up before dropping the rest
#define LATE_BUCKETS     65536 // 1 us each
#define PING_EVERY_TICKS 60
#define REPLAY_WINDOW    (96 * 1024) // replay bytes queued on a connection at once

typedef enum peer_state { PEER_FREE, PEER_HELLO, PEER_IN, PEER_GONE } peer_state;

typedef struct peer {
    peer_state state;
    net_conn conn;
    uint64_t opened_us, last_heard_us;
    uint64_t window_us; // start of the current message-rate second
    int window_messages;
    int slot;               // the slot it drives, -1: a spectator
    int follow;             // the agent a spectator watches
    net_frame *sent, *next; // the last frame sent (the baseline) and the one being gathered
    int sent_tick;          // the tick of the last snapshot sent, -1 none
    uint32_t replay_sent;   // after the end: replay bytes queued so far
    bool end_sent;
    char addr[NET_PEER_MAX]; // for the log: the transport forgets it once the connection closed
} peer;

typedef struct slot {
    bool taken; // a person holds it
    uint8_t token[NET_TOKEN_BYTES];
    char name[NET_NAME_MAX + 1];
    bool name_fresh; // joined since the last update: the others are still to hear its name
    int peer;        // its connection (peers index), -1 while it has none
    int agent;       // the agent it drives, or drove before it was released
    uint64_t last_heard_us;
    bool released; // its agent plays under its bot brain
    sim_input queue[NET_QUEUE_CAP];
    uint32_t queue_seq[NET_QUEUE_CAP];
    int queue_head, queue_count;
    uint32_t newest_seq; // the highest sequence number queued (0: none yet)
    int32_t applied_seq; // the last one a tick took, -1 none
    sim_input last;      // what the last tick used
} slot;

struct net_server {
    net_server_def def;
    net_transport *t;
    session *s;
    sim_world *w;
    int humans;
    slot *slots;
    peer *peers;
    int peer_cap;
    int peer_top; // peers at and above it are all free
    sim_input *inputs;
    ae_rng tokens;
    uint64_t start_us, last_now_us;
    uint64_t tick_index; // ticks on the schedule since start (played or missed)
    bool ended, released_at_start;
    uint64_t ended_us;
    uint8_t *replay;
    size_t replay_size;
    uint32_t *late;       // LATE_BUCKETS counts
    net_view_world *view; // the tick every client's snapshot is culled from
    int32_t view_tick;    // the tick it holds, -1 none
    net_server_stats stats;
    uint8_t buf[NET_MSG_MAX_BYTES > NET_FRAME_MAX_BYTES + 16 ? NET_MSG_MAX_BYTES
                                                             : NET_FRAME_MAX_BYTES + 16];
    uint8_t frame_buf[NET_FRAME_MAX_BYTES];
    uint8_t config_bytes[SIM_CONFIG_MAX_BYTES];
};

static void say(net_server *srv, const char *fmt, ...) {
    if (!srv->def.log) return;
    char line[4 * NET_LOG_QUOTED_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    srv->def.log(srv->def.log_user, line);
}

// ---- Connections ----

// The transport's ids carry their slot index + 1 in the low 16 bits (net_transport.h).
static peer *peer_of(net_server *srv, net_conn c) {
    int i = (int)(c & 0xffffu) - 1;
    if (i < 0 || i >= srv->peer_cap) return NULL;
    peer *p = &srv->peers[i];
    return p->state != PEER_FREE && p->conn == c ? p : NULL;
}

static bool send_msg(net_server *srv, peer *p, const net_msg *m);

// A player's name as a log value ("" for a connection that has no slot).
static void quoted_name(const net_server *srv, const peer *p, char out[NET_LOG_QUOTED_MAX]) {
    net_log_quote(out, NET_LOG_QUOTED_MAX, p->slot >= 0 ? srv->slots[p->slot].name : "");
}

static void drop(net_server *srv, peer *p, uint16_t code, const char *reason) {
    if (p->state == PEER_GONE || p->state == PEER_FREE) return;
    if (code != NET_CLOSE_NORMAL) {
        char name[NET_LOG_QUOTED_MAX], why[NET_LOG_QUOTED_MAX];
        quoted_name(srv, p, name);
        net_log_quote(why, sizeof why, reason);
        say(srv, "event=kick addr=%s slot=%d name=%s code=%u reason=%s", p->addr, p->slot, name,
            code, why);
        srv->stats.dropped++;
    }
    net_close(srv->t, p->conn, code, reason);
    p->state = PEER_GONE; // NET_CLOSED frees it
}

static void free_peer(net_server *srv, peer *p) {
    if (p->slot >= 0) {
        slot *sl = &srv->slots[p->slot];
        if (sl->peer == (int)(p - srv->peers)) sl->peer = -1;
    }
    free(p->sent);
    free(p->next);
    memset(p, 0, sizeof *p);
    p->state = PEER_FREE;
    while (srv->peer_top > 0 && srv->peers[srv->peer_top - 1].state == PEER_FREE) srv->peer_top--;
}

static void opened(net_server *srv, net_conn c, uint64_t now) {
    int i = (int)(c & 0xffffu) - 1;
    if (i < 0 || i >= srv->peer_cap || srv->peers[i].state != PEER_FREE) {
        net_close(srv->t, c, NET_CLOSE_OVERLOADED, "the server is full");
        return;
    }
    peer *p = &srv->peers[i];
    p->state = PEER_HELLO;
    p->conn = c;
    if (i >= srv->peer_top) srv->peer_top = i + 1;
    p->opened_us = p->last_heard_us = p->window_us = now;
    p->slot = -1;
    p->follow = 0;
    p->sent_tick = -1;
    if (!net_peer(srv->t, c, p->addr, sizeof p->addr)) strcpy(p->addr, "?");
}

// ---- Joining ----

static bool agent_free(const net_server *srv, int agent) {
    const sim_agent *a = &sim_agents(srv->w)[agent];
    return a->placement == 0 && a->slot < 0;
}

// The agent a newcomer on slot h takes: the slot's own while alive and brain-driven, else the
// first such agent.
static int pick_agent(const net_server *srv, int h) {
    if (h < sim_agent_count(srv->w) && agent_free(srv, h)) return h;
    for (int i = 0; i < sim_agent_count(srv->w); i++)
        if (agent_free(srv, i)) return i;
    return -1;
}

// The agent a spectator watches: the living one with the most kills.
static int leader(const net_server *srv) {
    int best = -1;
    for (int i = 0; i < sim_agent_count(srv->w); i++) {
        const sim_agent *a = &sim_agents(srv->w)[i];
        if (a->placement != 0) continue;
        if (best < 0 || a->kills > sim_agents(srv->w)[best].kills) best = i;
    }
    return best >= 0 ? best : (sim_winner(srv->w) >= 0 ? sim_winner(srv->w) : 0);
}

static int viewer_of(const net_server *srv, const peer *p) {
    if (p->slot >= 0) {
        int a = sim_slot_agent(srv->w, p->slot);
        if (a >= 0) return a;
    }
    return p->follow;
}

// The names of the taken slots (only those to tell when `fresh`) in one NAME; false when none.
static bool names_msg(const net_server *srv, bool fresh, net_msg *m) {
    *m = (net_msg){.type = NET_MSG_NAME};
    net_names *ns = &m->u.names;
    for (int h = 0; h < srv->humans && ns->count < NET_NAMES_MAX; h++) {
        const slot *sl = &srv->slots[h];
        const int a = sim_slot_agent(srv->w, h);
        if (!sl->taken || a < 0 || (fresh && !sl->name_fresh)) continue;
        ns->name[ns->count].agent = (uint16_t)a;
        snprintf(ns->name[ns->count].name, sizeof ns->name[0].name, "%s", sl->name);
        ns->count++;
    }
    return ns->count > 0;
}

// A joiner learns every name at once.
static void send_names(net_server *srv, peer *to) {
    net_msg m;
    if (names_msg(srv, false, &m)) send_msg(srv, to, &m);
}

// The others learn the names of those who joined since the last update in one message each,
// however many came together (100 joining at once: 100 messages, not 10,000).
static void broadcast_fresh_names(net_server *srv) {
    // Most updates have no joiner: look before building a NAME (a 2.7 kB message) for nobody.
    int h = 0;
    while (h < srv->humans && !srv->slots[h].name_fresh) h++;
    net_msg m;
    if (h == srv->humans || !names_msg(srv, true, &m)) return;
    for (int i = 0; i < srv->peer_top; i++)
        if (srv->peers[i].state == PEER_IN) send_msg(srv, &srv->peers[i], &m);
    for (h = 0; h < srv->humans; h++) srv->slots[h].name_fresh = false;
}

static int slot_by_token(const net_server *srv, const uint8_t token[NET_TOKEN_BYTES]) {
    static const uint8_t none[NET_TOKEN_BYTES] = {0};
    if (!memcmp(token, none, NET_TOKEN_BYTES)) return -1;
    for (int h = 0; h < srv->humans; h++)
        if (srv->slots[h].taken && !memcmp(srv->slots[h].token, token, NET_TOKEN_BYTES)) return h;
    return -1;
}

static void new_token(net_server *srv, uint8_t out[NET_TOKEN_BYTES]) {
    for (int i = 0; i < NET_TOKEN_BYTES; i += 4) {
        uint32_t r = ae_rng_next(&srv->tokens);
        memcpy(out + i, &r, 4);
    }
}

static void reset_queue(slot *sl) {
    sl->queue_head = sl->queue_count = 0;
    sl->newest_seq = 0;
    sl->applied_seq = -1;
    memset(&sl->last, 0, sizeof sl->last);
}

// Puts peer p on slot h and gives the slot an agent when it has none: a newcomer takes one
// (pick_agent), a player coming back takes its own back while it lives and a bot brain drives it.
// False when there is none to take (the caller makes p a spectator).
static bool seat(net_server *srv, peer *p, int h, bool newcomer, const char *name) {
    slot *sl = &srv->slots[h];
    ae_error err;
    int agent = sim_slot_agent(srv->w, h);
    if (agent < 0) {
        agent = newcomer                                       ? pick_agent(srv, h)
                : sl->agent >= 0 && agent_free(srv, sl->agent) ? sl->agent
                                                               : -1;
        if (agent < 0 || !session_assign(srv->s, h, agent, &err)) return false;
    }
    if (newcomer) {
        sl->taken = true;
        new_token(srv, sl->token);
        snprintf(sl->name, sizeof sl->name, "%s", name);
        session_set_name(srv->s, h, name, &err); // valid: net_msg_decode_up checked it
    }
    reset_queue(sl); // a connection numbers its inputs from 1
    sl->agent = agent;
    sl->released = false;
    sl->peer = (int)(p - srv->peers);
    sl->last_heard_us = p->last_heard_us;
    p->slot = h;
    return true;
}

// A player who went quiet but is still connected speaks again: its agent comes back to it.
static void reclaim(net_server *srv, peer *p) {
    slot *sl = &srv->slots[p->slot];
    if (!sl->released || srv->ended) return;
    if (!seat(srv, p, p->slot, false, NULL)) return;
    char name[NET_LOG_QUOTED_MAX];
    quoted_name(srv, p, name);
    say(srv, "event=active slot=%d agent=%d name=%s", p->slot, sl->agent, name);
}

static void welcome(net_server *srv, peer *p) {
    net_msg m = {.type = NET_MSG_WELCOME};
    net_welcome *wm = &m.u.welcome;
    const sim_config *cfg = sim_config_of(srv->w);
    wm->version = NET_PROTOCOL_VERSION;
    wm->slot = (uint16_t)(p->slot >= 0 ? p->slot : NET_SPECTATOR);
    wm->agent = (uint16_t)viewer_of(srv, p);
    wm->agents = (uint16_t)sim_agent_count(srv->w);
    wm->humans = (uint16_t)cfg->humans;
    wm->tick = (uint32_t)sim_tick(srv->w);
    wm->tick_rate = NET_TICK_RATE;
    wm->snapshot_every = NET_SNAPSHOT_EVERY;
    if (p->slot >= 0) memcpy(wm->token, srv->slots[p->slot].token, NET_TOKEN_BYTES);
    wm->config.data = srv->config_bytes;
    wm->config.size = (uint32_t)sim_config_pack(cfg, srv->config_bytes);
    snprintf(wm->map_name, sizeof wm->map_name, "%s", srv->def.map_name ? srv->def.map_name : "");
    wm->map_hash = sim_map_hash(srv->w);
    if (!wm->map_name[0]) {
        wm->map.data = srv->def.map_file;
        wm->map.size = (uint32_t)srv->def.map_file_size;
    }
    send_msg(srv, p, &m);
    send_names(srv, p);
}

static void hello(net_server *srv, peer *p, const net_hello *h) {
    if (srv->ended) {
        drop(srv, p, NET_CLOSE_OVERLOADED, "the match is over");
        return;
    }
    const char *who = p->addr;
    char name[NET_LOG_QUOTED_MAX];
    int back = slot_by_token(srv, h->token);
    if (back >= 0) {
        slot *sl = &srv->slots[back];
        if (sl->peer >= 0)
            drop(srv, &srv->peers[sl->peer], NET_CLOSE_POLICY, "replaced by a new connection");
        net_log_quote(name, sizeof name, sl->name);
        // Back on its slot, or watching when its agent fell meanwhile (agent=-1).
        bool seated = seat(srv, p, back, false, NULL);
        if (!seated) p->follow = sl->agent;
        say(srv, "event=rejoin slot=%d agent=%d name=%s addr=%s", back,
            seated ? sim_slot_agent(srv->w, back) : -1, name, who);
    } else {
        net_log_quote(name, sizeof name, h->name);
        int free_slot = -1;
        bool open = srv->def.strict || sim_tick(srv->w) <= srv->def.join_window_ticks;
        const uint8_t *key = srv->def.token_key;
        if (key && !net_token_valid(key, (uint32_t)srv->humans, h->token)) open = false;
        for (int i = 0; i < srv->humans && open && free_slot < 0; i++)
            if (!srv->slots[i].taken) free_slot = i;
        if (free_slot >= 0 && seat(srv, p, free_slot, true, h->name)) {
            if (key) memcpy(srv->slots[free_slot].token, h->token, NET_TOKEN_BYTES);
            srv->stats.joined++;
            say(srv, "event=join slot=%d agent=%d name=%s addr=%s", free_slot,
                sim_slot_agent(srv->w, free_slot), name, who);
        } else if (srv->def.strict) {
            drop(srv, p, NET_CLOSE_OVERLOADED, "the match is full");
            return;
        } else {
            srv->stats.spectators++;
            say(srv, "event=spectate name=%s addr=%s", name, who);
        }
    }
    if (p->slot < 0 && back < 0) p->follow = leader(srv);
    p->sent = malloc(sizeof *p->sent);
    p->next = malloc(sizeof *p->next);
    if (!p->sent || !p->next) {
        drop(srv, p, NET_CLOSE_OVERLOADED, "the server is out of memory");
        return;
    }
    net_frame_clear(p->sent);
    net_frame_clear(p->next);
    p->state = PEER_IN;
    welcome(srv, p);
    if (p->slot >= 0) srv->slots[p->slot].name_fresh = true; // told with the update's others
}

// ---- Inputs ----

static void queue_inputs(net_server *srv, slot *sl, const net_input *in) {
    // input[k] is for sequence tick - k: oldest first, skipping what is queued already.
    for (int k = in->count - 1; k >= 0; k--) {
        uint32_t seq = in->tick - (uint32_t)k;
        if (in->tick < (uint32_t)k || seq <= sl->newest_seq) continue;
        if (sl->queue_count == NET_QUEUE_CAP) {
            // Full (a flood, or a client far ahead): the oldest goes. The newest are the ones
            // the client is still predicting from, so keeping them keeps its corrections small;
            // either way the tick takes one input at a time.
            sl->queue_head = (sl->queue_head + 1) % NET_QUEUE_CAP;
            sl->queue_count--;
            srv->stats.inputs_dropped++;
        }
        int at = (sl->queue_head + sl->queue_count) % NET_QUEUE_CAP;
        sl->queue[at] = in->input[k];
        sim_input_normalize(&sl->queue[at]);
        sl->queue_seq[at] = seq;
        sl->queue_count++;
        sl->newest_seq = seq;
    }
}

// The input slot h plays this tick: the next queued one, or the last one held with its one-shot
// controls let go (and nothing at all from a player who is gone).
static sim_input take_input(slot *sl, bool present) {
    if (sl->queue_count > 0) {
        sl->last = sl->queue[sl->queue_head];
        sl->applied_seq = (int32_t)sl->queue_seq[sl->queue_head];
        sl->queue_head = (sl->queue_head + 1) % NET_QUEUE_CAP;
        sl->queue_count--;
        return sl->last;
    }
    if (!present) memset(&sl->last, 0, sizeof sl->last);
    sl->last.buttons &= (uint8_t) ~(SIM_BUTTON_BLINK | SIM_BUTTON_SWAP);
    sl->last.skill_pick = 0;
    return sl->last;
}

static bool rate_ok(peer *p, uint64_t now) {
    if (now - p->window_us >= 1000000u) {
        p->window_us = now;
        p->window_messages = 0;
    }
    return ++p->window_messages <= NET_MESSAGES_PER_S;
}

static void message(net_server *srv, peer *p, const uint8_t *data, size_t size, uint64_t now) {
    srv->stats.bytes_up += size;
    srv->stats.messages_up++;
    if (p->state != PEER_HELLO && p->state != PEER_IN) return;
    if (!rate_ok(p, now)) {
        drop(srv, p, NET_CLOSE_POLICY, "too many messages");
        return;
    }
    net_msg m;
    char err[128];
    if (!net_msg_decode_up(data, size, &m, err, sizeof err)) {
        drop(srv, p, NET_CLOSE_POLICY, err);
        return;
    }
    p->last_heard_us = now;
    if (p->slot >= 0) srv->slots[p->slot].last_heard_us = now;
    if (p->state == PEER_HELLO) {
        if (m.type != NET_MSG_HELLO)
            drop(srv, p, NET_CLOSE_POLICY, "HELLO must come first");
        else
            hello(srv, p, &m.u.hello);
        return;
    }
    switch (m.type) {
    case NET_MSG_HELLO:
        drop(srv, p, NET_CLOSE_POLICY, "HELLO came twice");
        break;
    case NET_MSG_INPUT:
        if (p->slot < 0) break;
        reclaim(srv, p);
        queue_inputs(srv, &srv->slots[p->slot], &m.u.input);
        break;
    case NET_MSG_PING: {
        net_msg pong = {.type = NET_MSG_PONG};
        pong.u.ping = m.u.ping;
        send_msg(srv, p, &pong);
        break;
    }
    case NET_MSG_PONG:
        break;
    case NET_MSG_BYE:
        drop(srv, p, NET_CLOSE_NORMAL, "bye");
        break;
    default:
        break;
    }
}

// ---- Sending ----

// A client that does not read fills its queue: it is dropped, never waited for.
static bool send_bytes(net_server *srv, peer *p, const uint8_t *data, size_t n) {
    if (p->state != PEER_IN) return false;
    if (!net_send(srv->t, p->conn, data, n)) {
        drop(srv, p, NET_CLOSE_POLICY, "not reading (its send queue is full)");
        return false;
    }
    srv->stats.bytes_down += n;
    srv->stats.messages_down++;
    return true;
}

static bool send_msg(net_server *srv, peer *p, const net_msg *m) {
    size_t n = net_msg_encode(m, srv->buf, sizeof srv->buf);
    return n > 0 && send_bytes(srv, p, srv->buf, n);
}

static void snapshot(net_server *srv, peer *p, bool send) {
    int viewer = viewer_of(srv, p);
    if (p->slot < 0 && sim_agents(srv->w)[p->follow].placement != 0 && !sim_over(srv->w))
        p->follow = viewer = leader(srv);
    if (!send) {
        net_view_events(srv->w, viewer, net_view_half_default(), p->next);
        return;
    }
    if (srv->view_tick != sim_tick(srv->w)) { // once per tick, for every client
        net_view_world_take(srv->view, srv->w);
        srv->view_tick = sim_tick(srv->w);
    }
    net_view_cull(srv->view, srv->w, viewer, net_view_half_default(), p->next);
    if (p->slot >= 0) {
        const slot *sl = &srv->slots[p->slot];
        p->next->head.input_tick = sl->applied_seq;
        p->next->head.queue = (uint8_t)sl->queue_count;
    }
    size_t n = net_frame_encode(p->sent, p->next, srv->frame_buf + 1, sizeof srv->frame_buf - 1);
    net_frame_clear_lists(p->next);
    if (n == 0) return;
    net_msg m = {.type = NET_MSG_SNAPSHOT};
    m.u.snapshot.data = srv->frame_buf + 1;
    m.u.snapshot.size = (uint32_t)n;
    if (!send_msg(srv, p, &m)) return;
    p->sent_tick = sim_tick(srv->w);
    // The frame sent is the next baseline. The next frame's sets are all rewritten by its cull,
    // so the old baseline's memory serves for it with its lists emptied (no 60 kB copy).
    net_frame *t = p->sent;
    p->sent = p->next;
    p->next = t;
    net_frame_clear_lists(p->next);
}

static void ping(net_server *srv, peer *p, uint64_t now) {
    net_msg m = {.type = NET_MSG_PING};
    m.u.ping.time = (uint32_t)(now / 1000u);
    send_msg(srv, p, &m);
}

// ---- The tick ----

static void note_lateness(net_server *srv, uint64_t late) {
    srv->late[late < LATE_BUCKETS ? late : LATE_BUCKETS - 1]++;
    if (late > srv->stats.late_us_max) srv->stats.late_us_max = late;
}

// Players gone quiet idle (take_input); past NET_SILENCE_US their agent is the bot brain's.
static void release_silent(net_server *srv, uint64_t now) {
    if (srv->def.strict) return;
    for (int h = 0; h < srv->humans; h++) {
        slot *sl = &srv->slots[h];
        if (!sl->taken || sl->released || now - sl->last_heard_us < NET_SILENCE_US) continue;
        sl->released = true;
        if (sl->peer >= 0) srv->peers[sl->peer].follow = sl->agent;
        // A fallen agent has nothing to hand over: no event, and nothing to say.
        if (sim_agents(srv->w)[sl->agent].placement != 0) continue;
        ae_error err;
        if (!session_release(srv->s, h, &err)) continue;
        char name[NET_LOG_QUOTED_MAX];
        net_log_quote(name, sizeof name, sl->name);
        say(srv, "event=idle slot=%d agent=%d name=%s", h, sl->agent, name);
    }
}

static bool inputs_ready(const net_server *srv) {
    if (!srv->def.strict) return true;
    for (int h = 0; h < srv->humans; h++)
        if (srv->slots[h].queue_count == 0) return false;
    return true;
}

static void end_match(net_server *srv, uint64_t now);

static void play_tick(net_server *srv, uint64_t now) {
    ae_error err;
    if (!srv->released_at_start) {
        srv->released_at_start = true;
        for (int h = 0; h < srv->humans && !srv->def.strict; h++)
            if (!srv->slots[h].taken) {
                session_release(srv->s, h, &err);
                srv->slots[h].released = true;
            }
    }
    release_silent(srv, now);
    for (int h = 0; h < srv->humans; h++) {
        slot *sl = &srv->slots[h];
        if (sl->peer >= 0 && !sl->released && sl->applied_seq >= 0 && sl->queue_count == 0)
            srv->stats.inputs_repeated++;
        srv->inputs[h] = take_input(sl, sl->peer >= 0);
    }
    session_step(srv->s, srv->inputs);
    srv->stats.ticks++;
    bool pings = sim_tick(srv->w) % PING_EVERY_TICKS == 0;
    for (int i = 0; i < srv->peer_top; i++) {
        peer *p = &srv->peers[i];
        if (p->state != PEER_IN) continue;
        // Each connection on a phase of its own (every NET_SNAPSHOT_EVERY ticks all the same):
        // a tick sends a third of the snapshots, not all of them every third tick.
        snapshot(srv, p, (sim_tick(srv->w) + i) % NET_SNAPSHOT_EVERY == 0);
        if (pings && p->state == PEER_IN) ping(srv, p, now);
    }
    bool at_end = srv->def.end_tick > 0 && sim_tick(srv->w) >= srv->def.end_tick;
    if (session_done(srv->s) || at_end) end_match(srv, now);
}

// ---- The end ----

static void end_match(net_server *srv, uint64_t now) {
    if (srv->ended) return;
    srv->ended = true;
    srv->ended_us = now;
    ae_error err;
    if (!session_recording_bytes(srv->s, &srv->replay, &srv->replay_size, &err)) {
        char why[NET_LOG_QUOTED_MAX];
        net_log_quote(why, sizeof why, err.msg);
        say(srv, "event=no_replay reason=%s", why);
        srv->replay = NULL;
        srv->replay_size = 0;
    }
    if (srv->replay_size > NET_REPLAY_MAX) srv->replay_size = 0; // too big to offer; still saved
    for (int i = 0; i < srv->peer_top; i++) {
        peer *p = &srv->peers[i];
        if (p->state == PEER_HELLO) drop(srv, p, NET_CLOSE_NORMAL, "the match is over");
        if (p->state != PEER_IN) continue;
        if (p->sent_tick != sim_tick(srv->w)) snapshot(srv, p, true); // the final state
        net_msg m = {.type = NET_MSG_END};
        m.u.end.winner = sim_winner(srv->w);
        int agent = p->slot >= 0 ? sim_slot_agent(srv->w, p->slot) : -1;
        m.u.end.placement = (uint16_t)(agent >= 0 ? sim_agents(srv->w)[agent].placement : 0);
        m.u.end.tick = (uint32_t)sim_tick(srv->w);
        m.u.end.hash = sim_hash(srv->w);
        m.u.end.replay_size = (uint32_t)srv->replay_size;
        p->end_sent = send_msg(srv, p, &m);
    }
    say(srv, "event=match_end tick=%d winner=%d hash=%016" PRIx64, sim_tick(srv->w),
        sim_winner(srv->w), sim_hash(srv->w));
}

// Feeds the replay to each connection as its queue drains. The client closes once it has it all
// (BYE), so no close can overtake the last bytes; one that does not is closed after the linger.
static void send_replays(net_server *srv, uint64_t now) {
    bool linger_over = now - srv->ended_us >= NET_LINGER_US;
    for (int i = 0; i < srv->peer_top; i++) {
        peer *p = &srv->peers[i];
        if (p->state != PEER_IN) continue;
        if (linger_over) {
            drop(srv, p, NET_CLOSE_NORMAL, "the match is over");
            continue;
        }
        while (p->state == PEER_IN && p->replay_sent < srv->replay_size &&
               net_queued(srv->t, p->conn) < REPLAY_WINDOW) {
            size_t left = srv->replay_size - p->replay_sent;
            net_msg m = {.type = NET_MSG_REPLAY_CHUNK};
            m.u.chunk.offset = p->replay_sent;
            m.u.chunk.data.data = srv->replay + p->replay_sent;
            m.u.chunk.data.size =
                (uint32_t)(left < NET_REPLAY_CHUNK_MAX ? left : NET_REPLAY_CHUNK_MAX);
            if (!send_msg(srv, p, &m)) break;
            p->replay_sent += m.u.chunk.data.size;
        }
    }
}

// ---- Update ----

// A player or spectator closed its connection during the match (slot=-1: a spectator).
static void left(net_server *srv, const peer *p, const net_event *ev) {
    char name[NET_LOG_QUOTED_MAX], why[NET_LOG_QUOTED_MAX];
    quoted_name(srv, p, name);
    net_log_quote(why, sizeof why, ev->reason);
    say(srv, "event=leave addr=%s slot=%d name=%s code=%u reason=%s", p->addr, p->slot, name,
        ev->code, why);
}

static void handle_events(net_server *srv, uint64_t now) {
    net_event ev;
    while (net_poll(srv->t, &ev)) {
        peer *p = peer_of(srv, ev.conn);
        switch (ev.kind) {
        case NET_OPENED:
            opened(srv, ev.conn, now);
            break;
        case NET_MESSAGE:
            if (p) message(srv, p, ev.data, ev.size, now);
            break;
        case NET_CLOSED:
            if (p) {
                if (p->state == PEER_IN && !srv->ended) left(srv, p, &ev);
                free_peer(srv, p);
            }
            break;
        }
    }
    broadcast_fresh_names(srv);
}

static void check_hellos(net_server *srv, uint64_t now) {
    for (int i = 0; i < srv->peer_top; i++) {
        peer *p = &srv->peers[i];
        if (p->state == PEER_HELLO && now - p->opened_us >= NET_HELLO_US)
            drop(srv, p, NET_CLOSE_POLICY, "no HELLO within 5 s");
    }
}

void net_server_update(net_server *srv, uint64_t now) {
    if (now < srv->last_now_us) now = srv->last_now_us; // the clock never runs back
    srv->last_now_us = now;
    handle_events(srv, now);
    check_hellos(srv, now);
    if (srv->ended) {
        send_replays(srv, now);
        return;
    }
    int played = 0;
    while (!srv->ended && now >= srv->start_us + TICK_US(srv->tick_index)) {
        if (played == MAX_CATCH_UP) { // fell behind: drop the rest of the schedule
            uint64_t behind = (now - srv->start_us) * SIM_TICK_HZ / 1000000u;
            srv->stats.missed += (uint32_t)(behind - srv->tick_index + 1);
            srv->tick_index = behind + 1;
            break;
        }
        if (!inputs_ready(srv)) break; // lockstep: the schedule waits for the inputs
        note_lateness(srv, now - (srv->start_us + TICK_US(srv->tick_index)));
        play_tick(srv, now);
        srv->tick_index++;
        played++;
        handle_events(srv, now); // what the tick's sends brought back (the in-memory link)
    }
    if (srv->def.strict && !srv->ended && !inputs_ready(srv))
        srv->start_us = now - TICK_US(srv->tick_index); // waiting is not lateness
}

uint64_t net_server_next_due(const net_server *srv) {
    return srv->start_us + TICK_US(srv->tick_index);
}

void net_server_start_clock(net_server *srv, uint64_t now_us) {
    if (srv->tick_index != 0 || srv->stats.ticks != 0) return;
    srv->start_us = srv->last_now_us = now_us;
}

void net_server_stop(net_server *srv) {
    end_match(srv, srv->last_now_us);
}

bool net_server_ended(const net_server *srv) {
    return srv->ended;
}

bool net_server_done(const net_server *srv) {
    if (!srv->ended) return false;
    for (int i = 0; i < srv->peer_top; i++)
        if (srv->peers[i].state != PEER_FREE) return false;
    return true;
}

// ---- Lifecycle ----

net_server *net_server_create(const net_server_def *def, net_transport *t, uint64_t now_us,
                              ae_error *err) {
    int humans = def->match.config.humans;
    if (humans < 1 || humans > SIM_MAX_HUMANS) {
        ae_error_set(err, "a server needs 1 to %d player slots, not %d", SIM_MAX_HUMANS, humans);
        return NULL;
    }
    if (!(def->map_name && def->map_name[0]) && !def->map_file_size) {
        ae_error_set(err, "a server needs a shipped map's name or the map file's bytes");
        return NULL;
    }
    if (def->map_file_size > NET_MAP_BYTES_MAX) {
        ae_error_set(err, "the map file is %zu bytes; a map sent to clients is at most %d",
                     def->map_file_size, NET_MAP_BYTES_MAX);
        return NULL;
    }
    net_server *srv = calloc(1, sizeof *srv);
    if (!srv) {
        ae_error_set(err, "out of memory");
        return NULL;
    }
    srv->def = *def;
    srv->def.match.record = true;
    srv->def.match.pilot = SIM_PILOT_NONE;
    srv->t = t;
    srv->humans = humans;
    srv->peer_cap = 1 << 16; // every id the transport can hand out (net_transport.h)
    srv->slots = calloc((size_t)humans, sizeof *srv->slots);
    srv->inputs = calloc((size_t)humans, sizeof *srv->inputs);
    srv->peers = calloc((size_t)srv->peer_cap, sizeof *srv->peers);
    srv->late = calloc(LATE_BUCKETS, sizeof *srv->late);
    srv->view = net_view_world_create();
    srv->view_tick = -1;
    if (!srv->slots || !srv->inputs || !srv->peers || !srv->late || !srv->view) {
        ae_error_set(err, "out of memory");
        net_server_destroy(srv);
        return NULL;
    }
    for (int h = 0; h < humans; h++) {
        srv->slots[h].peer = -1;
        srv->slots[h].agent = h;
        srv->slots[h].applied_seq = -1;
    }
    srv->s = session_create(&srv->def.match, err);
    if (!srv->s) {
        net_server_destroy(srv);
        return NULL;
    }
    srv->w = session_world(srv->s);
    ae_rng_seed(&srv->tokens, def->token_seed, 0x6e6574u);
    srv->start_us = srv->last_now_us = now_us;
    char map[NET_LOG_QUOTED_MAX];
    const char *map_name = def->map_name && def->map_name[0] ? def->map_name : def->match.map_path;
    net_log_quote(map, sizeof map, map_name ? map_name : "");
    say(srv, "event=match_start seed=%" PRIu64 " map=%s agents=%d slots=%d join_window_s=%d",
        def->match.config.seed, map, sim_agent_count(srv->w), humans,
        def->join_window_ticks / SIM_TICK_HZ);
    return srv;
}

void net_server_destroy(net_server *srv) {
    if (!srv) return;
    if (srv->peers)
        for (int i = 0; i < srv->peer_top; i++) {
            free(srv->peers[i].sent);
            free(srv->peers[i].next);
        }
    session_destroy(srv->s);
    ae_free(srv->replay, srv->replay_size);
    free(srv->slots);
    free(srv->inputs);
    free(srv->peers);
    free(srv->late);
    net_view_world_destroy(srv->view);
    free(srv);
}

bool net_server_finish(net_server *srv, ae_error *err) {
    return session_finish(srv->s, err);
}

const uint8_t *net_server_replay(const net_server *srv, size_t *size) {
    *size = srv->replay_size;
    return srv->replay;
}

session *net_server_session(const net_server *srv) {
    return srv->s;
}

int32_t net_server_slot_input(const net_server *srv, int h) {
    return h >= 0 && h < srv->humans ? srv->slots[h].applied_seq : -1;
}

net_server_stats net_server_get_stats(const net_server *srv) {
    net_server_stats st = srv->stats;
    uint64_t total = 0, seen = 0;
    for (int i = 0; i < LATE_BUCKETS; i++) total += srv->late[i];
    st.late_us_p50 = st.late_us_p99 = 0;
    bool have50 = false;
    for (int i = 0; i < LATE_BUCKETS && total; i++) {
        seen += srv->late[i];
        if (!have50 && seen * 2 >= total) {
            st.late_us_p50 = (uint64_t)i;
            have50 = true;
        }
        if (seen * 100 >= total * 99) {
            st.late_us_p99 = (uint64_t)i;
            break;
        }
    }
    return st;
}

int net_server_clients(const net_server *srv, int *players) {
    int n = 0, p = 0;
    for (int i = 0; i < srv->peer_top; i++) {
        if (srv->peers[i].state != PEER_IN && srv->peers[i].state != PEER_HELLO) continue;
        n++;
        if (srv->peers[i].slot >= 0) p++;
    }
    if (players) *players = p;
    return n;
}
