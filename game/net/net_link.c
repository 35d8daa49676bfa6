// The in-memory network (net_link.h). Everything that crosses a connection, the handshakes and
// closes included, is an item in one of its two pipes; an item gets its arrival time when it is
// launched (the line free, the receiver's window open) and is delivered when the clock passes it.
#include "net_link.h"

#include <math.h>
#include <string.h>

// What travels in a pipe. As an event in a side's queue an item's kind is a net_event_kind.
enum {
    ITEM_HELLO,     // the client's upgrade request
    ITEM_WELCOME,   // the server's upgrade response: the connection is open
    ITEM_DATA,      // one binary message
    ITEM_CLOSE,     // a close frame: code, reason in data
    ITEM_CLOSE_ACK, // the close frame sent back
    ITEM_DROP,      // the connection is gone without a close (reason in data): 1006
};

// About the sizes of the HTTP upgrade request and response, for the bandwidth model.
#define HELLO_WIRE   200u
#define WELCOME_WIRE 130u
#define NEVER        UINT64_MAX

typedef struct link_item {
    struct link_item *next;
    uint64_t sent_us;
    uint64_t arrive_us; // once launched
    uint64_t seq;       // launch order: breaks ties between equal arrival times
    size_t size;        // bytes in data
    uint32_t wire;      // bytes on the wire
    net_conn conn;      // as an event: the connection's id at the receiving side
    uint16_t code;
    uint8_t kind;
    bool launched;
    uint8_t data[];
} link_item;

typedef struct item_list {
    link_item *head, *tail;
} item_list;

typedef struct link_dir {
    item_list pipe;           // sent and not yet delivered, in order: launched ones first
    link_item *next_launch;   // the first one not launched (NULL: all are)
    uint64_t gate_us;         // no data launches before (the handshake, a window update)
    uint64_t line_free_us;    // the sender's line is busy until then (bandwidth)
    uint64_t last_arrive_us;  // a TCP stream keeps order
    size_t queued;            // data bytes sent and not delivered: the sender's net_queued
    size_t in_flight;         // bytes launched and not delivered
    size_t unread;            // data bytes delivered and not yet polled: they hold the window
    bool masked;              // client to server: frames carry a 4-byte mask
    net_link_counters *count; // the client's own counters (NULL once it is gone)
    net_link_counters *total; // the link's
} link_dir;

enum { END_PENDING, END_OPEN, END_CLOSING, END_DONE };

typedef struct link_side link_side;
typedef struct link_end {
    link_side *side; // NULL before the server accepts and once done
    net_conn id;
    uint8_t state;
    uint16_t code; // CLOSING: its own close, reported when the close completes
    char reason[NET_REASON_MAX];
    uint64_t deadline_us; // CLOSING: when it gives up waiting for the peer's close
    uint64_t deadline_seq;
} link_end;

typedef struct link_conn {
    link_end end[2]; // 0: the client, 1: the server
    link_dir dir[2]; // dir[i] carries from end[i] to end[1 - i]
    char address[NET_PEER_MAX];
} link_conn;

struct link_side {
    net_transport base;
    net_link *link;
    bool server;
    net_limits limits;
    item_list events;
    link_item *polled; // what net_poll returned last: freed at the next poll or service
    // The server: a slot per connection, its id the slot + 1 with the slot's generation above.
    link_conn **slots;
    uint16_t *gens;
    int nslots;
    // A client: its one connection (NULL once closed) and its traffic.
    link_conn *conn;
    net_link_traffic traffic;
};

struct net_link {
    net_link_def def;
    uint64_t rng;
    uint64_t now_us;
    uint64_t seq;
    uint64_t rto_us;
    link_side *server;
    link_side **clients;
    int nclients, cap_clients;
    link_conn **conns;
    int nconns, cap_conns;
    net_link_traffic total;
};

static const net_conn CLIENT_ID = 1u | (1u << 16);

static uint64_t rng_next(net_link *l) {
    // splitmix64: the link's own stream, so two links never share state.
    uint64_t z = (l->rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t max_u64(uint64_t a, uint64_t b) {
    return a > b ? a : b;
}

static uint32_t frame_wire(size_t payload, bool masked) {
    size_t header = 2 + (payload > 65535 ? 8 : payload >= 126 ? 2 : 0) + (masked ? 4 : 0);
    return (uint32_t)(payload + header);
}

static link_item *item_new(uint8_t kind, const void *data, size_t size) {
    link_item *it = ae_calloc(1, sizeof *it + size);
    if (it && size) memcpy(it->data, data, size);
    if (it) {
        it->kind = kind;
        it->size = size;
    }
    return it;
}

// Control items and events are small; the simulator has no way on without them.
static link_item *item_must(uint8_t kind, const void *data, size_t size) {
    link_item *it = item_new(kind, data, size);
    AE_ASSERT(it);
    return it;
}

static void item_free(link_item *it) {
    if (it) ae_free(it, sizeof *it + it->size);
}

static void list_push(item_list *l, link_item *it) {
    it->next = NULL;
    if (l->tail)
        l->tail->next = it;
    else
        l->head = it;
    l->tail = it;
}

static link_item *list_pop(item_list *l) {
    link_item *it = l->head;
    if (it) {
        l->head = it->next;
        if (!l->head) l->tail = NULL;
        it->next = NULL;
    }
    return it;
}

static void list_free(item_list *l) {
    while (l->head) item_free(list_pop(l));
}

static size_t cut_reason(const char *reason) {
    size_t n = reason ? strlen(reason) : 0;
    return n < NET_REASON_MAX - 1 ? n : NET_REASON_MAX - 1;
}

// ---- events ----

static void emit(link_side *s, net_event_kind kind, net_conn id, uint16_t code,
                 const char *reason) {
    link_item *ev = item_must((uint8_t)kind, reason, cut_reason(reason));
    ev->conn = id;
    ev->code = code;
    list_push(&s->events, ev);
}

static link_end *side_end(link_side *s, link_conn *c) {
    return &c->end[s->server ? 1 : 0];
}

static link_conn *side_lookup(const link_side *s, net_conn id) {
    if (!s->server) return id == CLIENT_ID ? s->conn : NULL;
    int slot = (int)(id & 0xffffu) - 1;
    if (slot < 0 || slot >= s->nslots || s->gens[slot] != (uint16_t)(id >> 16)) return NULL;
    return s->slots[slot];
}

// The end is done: its side was told, or is gone. A server's slot is free again.
static void end_finish(link_conn *c, int e) {
    link_end *end = &c->end[e];
    link_side *s = end->side;
    if (s && s->server) {
        int slot = (int)(end->id & 0xffffu) - 1;
        s->slots[slot] = NULL;
        s->gens[slot]++;
        if (!s->gens[slot]) s->gens[slot] = 1;
    } else if (s) {
        s->conn = NULL;
        c->dir[0].count = NULL;
        c->dir[1].count = NULL;
    }
    end->side = NULL;
    end->state = END_DONE;
}

static void end_closed(link_conn *c, int e, uint16_t code, const char *reason) {
    link_end *end = &c->end[e];
    if (end->side) emit(end->side, NET_CLOSED, end->id, code, reason);
    end_finish(c, e);
}

// ---- pipes ----

static void launch(net_link *l, link_dir *d, link_item *it, uint64_t start) {
    uint64_t tx = max_u64(start, d->line_free_us);
    if (l->def.bandwidth)
        tx += ((uint64_t)it->wire * 1000000u + l->def.bandwidth - 1) / l->def.bandwidth;
    d->line_free_us = tx;
    uint64_t delay = l->def.latency_us;
    if (l->def.jitter_us) delay += rng_next(l) % ((uint64_t)l->def.jitter_us + 1);
    bool lost = l->def.loss > 0 && (double)(rng_next(l) >> 11) * 0x1p-53 < l->def.loss;
    if (lost) delay += l->rto_us;
    it->arrive_us = max_u64(tx + delay, d->last_arrive_us);
    d->last_arrive_us = it->arrive_us;
    it->seq = l->seq++;
    it->launched = true;
    d->in_flight += it->size;
    net_link_counters *counts[2] = {d->count, d->total};
    for (int k = 0; k < 2; k++) {
        if (!counts[k]) continue;
        counts[k]->stalls += lost;
        if (it->kind != ITEM_DATA) continue;
        counts[k]->messages++;
        counts[k]->bytes += it->wire;
    }
}

// Launches what may go: in order; data and close frames wait for the gate and for room in the
// receiver's window (a message bigger than the whole window goes alone); the handshake and
// the drop notice never wait (nothing unlaunched is ever ahead of them).
static void pump(net_link *l, link_dir *d) {
    size_t window = l->def.window ? l->def.window : NET_LINK_DEFAULT_WINDOW;
    for (link_item *it; (it = d->next_launch); d->next_launch = it->next) {
        uint64_t start = it->sent_us;
        if (it->kind == ITEM_DATA || it->kind == ITEM_CLOSE) {
            size_t busy = d->in_flight + d->unread;
            if (d->gate_us == NEVER || (busy && busy + it->size > window)) break;
            start = max_u64(start, d->gate_us);
        }
        launch(l, d, it, start);
    }
}

static void pipe_send(net_link *l, link_dir *d, link_item *it, uint64_t t) {
    it->sent_us = t;
    list_push(&d->pipe, it);
    if (!d->next_launch) d->next_launch = it;
    if (it->kind == ITEM_DATA) d->queued += it->size;
    pump(l, d);
}

// Throws away what was not launched yet (the sender stopped: it closed or is gone).
static void pipe_cut(link_dir *d) {
    if (!d->next_launch) return;
    link_item *keep = NULL;
    for (link_item *it = d->pipe.head; it != d->next_launch; it = it->next) keep = it;
    for (link_item *it = d->next_launch, *next; it; it = next) {
        next = it->next;
        if (it->kind == ITEM_DATA) d->queued -= it->size;
        item_free(it);
    }
    d->next_launch = NULL;
    d->pipe.tail = keep;
    if (keep)
        keep->next = NULL;
    else
        d->pipe.head = NULL;
}

static void send_control(net_link *l, link_conn *c, int from, uint8_t kind, uint16_t code,
                         const char *reason, uint64_t t) {
    size_t n = cut_reason(reason);
    link_item *it = item_must(kind, reason, n);
    it->code = code;
    bool masked = c->dir[from].masked;
    it->wire = kind == ITEM_HELLO     ? HELLO_WIRE
               : kind == ITEM_WELCOME ? WELCOME_WIRE
               : kind == ITEM_DROP    ? 0
                                      : frame_wire(kind == ITEM_CLOSE ? 2 + n : 0, masked);
    pipe_send(l, &c->dir[from], it, t);
}

// The end's connection is gone without a close: what it had not sent yet is lost and the
// other end hears of it one trip later.
static void send_drop(net_link *l, link_conn *c, int from, const char *reason, uint64_t t) {
    pipe_cut(&c->dir[from]);
    send_control(l, c, from, ITEM_DROP, NET_CLOSE_ABNORMAL, reason, t);
}

static void begin_close(net_link *l, link_conn *c, int e, uint16_t code, const char *reason,
                        uint64_t t) {
    link_end *end = &c->end[e];
    end->state = END_CLOSING;
    end->code = code;
    size_t n = cut_reason(reason);
    memcpy(end->reason, reason ? reason : "", n);
    end->reason[n] = '\0';
    end->deadline_us = t + NET_LINK_CLOSE_TIMEOUT_US;
    end->deadline_seq = l->seq++;
    send_control(l, c, e, ITEM_CLOSE, code, end->reason, t);
}

// ---- connections ----

static void conn_free(net_link *l, link_conn *c) {
    for (int i = 0; i < l->nconns; i++) {
        if (l->conns[i] != c) continue;
        l->conns[i] = l->conns[--l->nconns];
        break;
    }
    list_free(&c->dir[0].pipe);
    list_free(&c->dir[1].pipe);
    ae_free(c, sizeof *c);
}

static void conn_settle(net_link *l, link_conn *c) {
    if (c->end[0].state == END_DONE && c->end[1].state == END_DONE) conn_free(l, c);
}

static int count_open(const link_side *s, const char *address) {
    int n = 0;
    for (int i = 0; i < s->nslots; i++)
        n += s->slots[i] && (!address || strcmp(s->slots[i]->address, address) == 0);
    return n;
}

static void accept_hello(net_link *l, link_conn *c, uint64_t t) {
    link_side *s = l->server;
    if (!s) {
        c->end[1].state = END_DONE;
        send_drop(l, c, 1, "connection refused", t);
        return;
    }
    const char *refusal = NULL;
    if (count_open(s, NULL) >= s->limits.max_connections)
        refusal = "server full";
    else if (count_open(s, c->address) >= s->limits.max_per_address)
        refusal = "too many connections from this address";
    if (refusal) { // as the WebSocket server does: open, then close at once with the reason
        send_control(l, c, 1, ITEM_WELCOME, 0, NULL, t);
        begin_close(l, c, 1, NET_CLOSE_OVERLOADED, refusal, t);
        return;
    }
    int slot = 0;
    while (s->slots[slot]) slot++;
    s->slots[slot] = c;
    c->end[1] = (link_end){
        .side = s, .id = (net_conn)(slot + 1) | ((net_conn)s->gens[slot] << 16), .state = END_OPEN};
    emit(s, NET_OPENED, c->end[1].id, 0, NULL);
    send_control(l, c, 1, ITEM_WELCOME, 0, NULL, t);
}

static void deliver(net_link *l, link_conn *c, int i) {
    link_dir *d = &c->dir[i];
    link_item *it = list_pop(&d->pipe);
    d->in_flight -= it->size;
    if (it->kind == ITEM_DATA) d->queued -= it->size;
    int r = 1 - i;
    link_end *end = &c->end[r];
    uint64_t t = it->arrive_us;
    char reason[NET_REASON_MAX];
    memcpy(reason, it->data, it->kind == ITEM_DATA ? 0 : it->size);
    reason[it->kind == ITEM_DATA ? 0 : it->size] = '\0';
    switch (it->kind) {
    case ITEM_HELLO:
        accept_hello(l, c, t);
        break;
    case ITEM_WELCOME:
        if (end->state == END_PENDING) {
            end->state = END_OPEN;
            emit(end->side, NET_OPENED, end->id, 0, NULL);
        }
        if (end->state != END_DONE) {
            c->dir[r].gate_us = t;
            pump(l, &c->dir[r]);
        }
        break;
    case ITEM_DATA:
        if (end->state != END_OPEN) break;
        if (it->size > end->side->limits.max_message) {
            begin_close(l, c, r, NET_CLOSE_TOO_BIG, "message too big", t);
            break;
        }
        it->kind = NET_MESSAGE;
        it->conn = end->id;
        d->unread += it->size;
        list_push(&end->side->events, it);
        it = NULL;
        break;
    case ITEM_CLOSE:
        if (end->state == END_CLOSING) { // both closed at once: each close is the other's answer
            end_closed(c, r, end->code, end->reason);
        } else if (end->state != END_DONE) {
            end_closed(c, r, it->code, reason);
            pipe_cut(&c->dir[r]);
            send_control(l, c, r, ITEM_CLOSE_ACK, it->code, NULL, t);
        }
        break;
    case ITEM_CLOSE_ACK:
        if (end->state == END_CLOSING) end_closed(c, r, end->code, end->reason);
        break;
    case ITEM_DROP:
        if (end->state != END_DONE) end_closed(c, r, NET_CLOSE_ABNORMAL, reason);
        break;
    }
    item_free(it);
}

// A side that closed waited long enough: it drops the connection.
static void close_timeout(net_link *l, link_conn *c, int e) {
    uint64_t t = c->end[e].deadline_us;
    end_closed(c, e, c->end[e].code, c->end[e].reason);
    if (c->end[1 - e].state != END_DONE) send_drop(l, c, e, "connection lost", t);
}

// Delivers everything due by `upto` in order of time, across all connections. What a delivery
// sends back (a handshake answer, a close) is due later and is taken in its turn.
static void link_run(net_link *l, uint64_t upto) {
    for (;;) {
        link_conn *best = NULL;
        int best_k = 0;
        uint64_t best_t = 0, best_seq = 0;
        for (int n = 0; n < l->nconns; n++) {
            link_conn *c = l->conns[n];
            for (int k = 0; k < 4; k++) {
                uint64_t t, seq;
                if (k < 2) {
                    link_item *head = c->dir[k].pipe.head;
                    if (!head || !head->launched) continue;
                    t = head->arrive_us, seq = head->seq;
                } else {
                    link_end *end = &c->end[k - 2];
                    if (end->state != END_CLOSING) continue;
                    t = end->deadline_us, seq = end->deadline_seq;
                }
                if (t > upto || (best && (t > best_t || (t == best_t && seq > best_seq)))) continue;
                best = c, best_k = k, best_t = t, best_seq = seq;
            }
        }
        if (!best) return;
        if (best_k < 2)
            deliver(l, best, best_k);
        else
            close_timeout(l, best, best_k - 2);
        conn_settle(l, best);
    }
}

// ---- the transport interface ----

static void side_drop_polled(link_side *s) {
    item_free(s->polled);
    s->polled = NULL;
}

static void link_service(net_transport *t, int timeout_ms) {
    (void)timeout_ms; // virtual time: nothing to wait for
    link_side *s = (link_side *)t;
    side_drop_polled(s);
    link_run(s->link, s->link->now_us);
}

static bool link_poll(net_transport *t, net_event *ev) {
    link_side *s = (link_side *)t;
    side_drop_polled(s);
    link_item *it = list_pop(&s->events);
    if (!it) return false;
    s->polled = it;
    *ev = (net_event){.kind = (net_event_kind)it->kind, .conn = it->conn, .code = it->code};
    if (it->kind == NET_MESSAGE) {
        ev->data = it->data;
        ev->size = it->size;
        link_conn *c = side_lookup(s, it->conn);
        if (c) { // read: the window opens again once the sender hears of it
            net_link *l = s->link;
            link_dir *d = &c->dir[s->server ? 0 : 1];
            d->unread -= it->size;
            if (d->next_launch && d->gate_us != NEVER)
                d->gate_us = max_u64(d->gate_us, l->now_us + l->def.latency_us);
            pump(l, d);
        }
    } else {
        memcpy(ev->reason, it->data, it->size);
        ev->reason[it->size] = '\0';
    }
    return true;
}

static bool link_send(net_transport *t, net_conn id, const void *data, size_t size) {
    link_side *s = (link_side *)t;
    link_conn *c = side_lookup(s, id);
    if (!c) return false;
    int e = s->server ? 1 : 0;
    link_dir *d = &c->dir[e];
    if (c->end[e].state > END_OPEN || d->queued + size > s->limits.max_send_queue) return false;
    link_item *it = item_new(ITEM_DATA, data, size);
    if (!it) return false;
    it->wire = frame_wire(size, d->masked);
    pipe_send(s->link, d, it, s->link->now_us);
    return true;
}

static void link_close(net_transport *t, net_conn id, uint16_t code, const char *reason) {
    link_side *s = (link_side *)t;
    link_conn *c = side_lookup(s, id);
    if (!c || side_end(s, c)->state > END_OPEN) return;
    begin_close(s->link, c, s->server ? 1 : 0, code, reason, s->link->now_us);
}

static size_t link_queued(const net_transport *t, net_conn id) {
    const link_side *s = (const link_side *)t;
    link_conn *c = side_lookup(s, id);
    return c ? c->dir[s->server ? 1 : 0].queued : 0;
}

static bool link_peer(const net_transport *t, net_conn id, char *out, size_t size) {
    const link_side *s = (const link_side *)t;
    link_conn *c = side_lookup(s, id);
    const char *name = !c ? NULL : s->server ? c->address : "server";
    if (!name || !size || strlen(name) >= size) return false;
    memcpy(out, name, strlen(name) + 1);
    return true;
}

// The side's process ends: its connections drop (the peers see 1006 one trip later).
static void side_leave(link_side *s, link_conn *c) {
    net_link *l = s->link;
    int e = s->server ? 1 : 0;
    end_finish(c, e);
    if (c->end[1 - e].state != END_DONE) send_drop(l, c, e, "connection lost", l->now_us);
    conn_settle(l, c);
}

static void side_free(link_side *s) {
    side_drop_polled(s);
    list_free(&s->events);
    ae_free(s->slots, (size_t)s->nslots * sizeof *s->slots);
    ae_free(s->gens, (size_t)s->nslots * sizeof *s->gens);
    ae_free(s, sizeof *s);
}

static void link_destroy_side(net_transport *t) {
    link_side *s = (link_side *)t;
    net_link *l = s->link;
    if (s->server) {
        for (int i = 0; i < s->nslots; i++)
            if (s->slots[i]) side_leave(s, s->slots[i]);
        l->server = NULL;
    } else {
        if (s->conn) side_leave(s, s->conn);
        for (int i = 0; i < l->nclients; i++) {
            if (l->clients[i] != s) continue;
            l->clients[i] = l->clients[--l->nclients];
            break;
        }
    }
    side_free(s);
}

static const net_transport_vt link_vt = {
    .service = link_service,
    .poll = link_poll,
    .send = link_send,
    .close = link_close,
    .queued = link_queued,
    .peer = link_peer,
    .destroy = link_destroy_side,
};

// ---- the link ----

net_link *net_link_create(const net_link_def *def, ae_error *err) {
    if (!def || !(def->loss >= 0 && def->loss <= 1)) {
        ae_error_set(err, "loss must be between 0 and 1");
        return NULL;
    }
    net_link *l = ae_calloc(1, sizeof *l);
    if (!l) {
        ae_error_set(err, "out of memory");
        return NULL;
    }
    l->def = *def;
    l->rng = def->seed;
    // A lost segment costs one retransmit timeout: Linux's floor of 200 ms or 2 round trips.
    l->rto_us = max_u64(200000u, 4u * (uint64_t)def->latency_us);
    return l;
}

void net_link_destroy(net_link *l) {
    if (!l) return;
    while (l->nconns) conn_free(l, l->conns[l->nconns - 1]);
    if (l->server) side_free(l->server);
    for (int i = 0; i < l->nclients; i++) side_free(l->clients[i]);
    ae_free(l->conns, (size_t)l->cap_conns * sizeof *l->conns);
    ae_free(l->clients, (size_t)l->cap_clients * sizeof *l->clients);
    ae_free(l, sizeof *l);
}

static bool grow(void **array, int *cap, int need, size_t elem) {
    if (need <= *cap) return true;
    int cap2 = *cap ? *cap * 2 : 8;
    void *a = ae_alloc((size_t)cap2 * elem);
    if (!a) return false;
    if (*cap) memcpy(a, *array, (size_t)*cap * elem);
    ae_free(*array, (size_t)*cap * elem);
    *array = a;
    *cap = cap2;
    return true;
}

net_transport *net_link_server(net_link *l) {
    if (l->server) return &l->server->base;
    link_side *s = ae_calloc(1, sizeof *s);
    AE_ASSERT(s);
    *s = (link_side){.base.vt = &link_vt, .link = l, .server = true};
    s->limits = net_limits_resolve(&l->def.server_limits);
    s->nslots = s->limits.max_connections;
    s->slots = ae_calloc((size_t)s->nslots, sizeof *s->slots);
    s->gens = ae_alloc((size_t)s->nslots * sizeof *s->gens);
    AE_ASSERT(s->slots && s->gens);
    for (int i = 0; i < s->nslots; i++) s->gens[i] = 1;
    l->server = s;
    return &s->base;
}

net_transport *net_link_connect(net_link *l, const char *address, ae_error *err) {
    if (!address || !*address || strlen(address) >= NET_PEER_MAX) {
        ae_error_set(err, "a client's address must be 1 to %d characters", NET_PEER_MAX - 1);
        return NULL;
    }
    link_side *s = ae_calloc(1, sizeof *s);
    link_conn *c = ae_calloc(1, sizeof *c);
    if (!s || !c ||
        !grow((void **)&l->clients, &l->cap_clients, l->nclients + 1, sizeof *l->clients) ||
        !grow((void **)&l->conns, &l->cap_conns, l->nconns + 1, sizeof *l->conns)) {
        ae_free(s, sizeof *s);
        ae_free(c, sizeof *c);
        ae_error_set(err, "out of memory");
        return NULL;
    }
    *s = (link_side){.base.vt = &link_vt, .link = l, .conn = c};
    s->limits = net_limits_resolve(&l->def.client_limits);
    l->clients[l->nclients++] = s;
    l->conns[l->nconns++] = c;
    memcpy(c->address, address, strlen(address) + 1);
    c->end[0] = (link_end){.side = s, .id = CLIENT_ID, .state = END_PENDING};
    c->end[1].state = END_PENDING;
    c->dir[0] = (link_dir){
        .gate_us = NEVER, .masked = true, .count = &s->traffic.up, .total = &l->total.up};
    c->dir[1] = (link_dir){.count = &s->traffic.down, .total = &l->total.down};
    send_control(l, c, 0, ITEM_HELLO, 0, NULL, l->now_us);
    return &s->base;
}

void net_link_set_time(net_link *l, uint64_t now_us) {
    AE_ASSERT(now_us >= l->now_us);
    l->now_us = now_us;
    link_run(l, now_us);
}

uint64_t net_link_time(const net_link *l) {
    return l->now_us;
}

void net_link_sever(net_link *l, net_transport *client) {
    link_side *s = (link_side *)client;
    link_conn *c = s->conn;
    if (!c) return;
    for (int e = 0; e < 2; e++)
        if (c->end[e].state != END_DONE) end_closed(c, e, NET_CLOSE_ABNORMAL, "connection lost");
    conn_settle(l, c);
}

net_link_traffic net_link_client_traffic(const net_transport *client) {
    return ((const link_side *)client)->traffic;
}

net_link_traffic net_link_total_traffic(const net_link *l) {
    return l->total;
}
