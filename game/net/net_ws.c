// The WebSocket transport (net_ws.h) on libwebsockets. Its callbacks turn the library's events
// into net_events queued for net_poll; what net_send queues goes out one message per writeable
// callback; a close (ours or the transport's own, as 1009) is sent once the queue is empty.
#include "net_ws.h"

#include "net_url.h"

#include <errno.h>
#include <libwebsockets.h>
#include <netdb.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

typedef struct ws_msg {
    struct ws_msg *next;
    size_t size;
    uint8_t buf[]; // LWS_PRE bytes for libwebsockets' frame header, then the message
} ws_msg;

typedef struct ws_event {
    struct ws_event *next;
    net_event_kind kind;
    net_conn conn;
    uint16_t code;
    char reason[NET_REASON_MAX];
    uint8_t *data; // NET_MESSAGE: owned, data_cap bytes allocated
    size_t size, data_cap;
} ws_event;

enum { WS_FREE, WS_CONNECTING, WS_OPEN };

typedef struct ws_conn {
    struct lws *wsi;
    uint8_t state;
    uint16_t gen;
    bool closing;     // net_close or an oversized message: no more sends, the close is next
    bool peer_closed; // the peer's close frame came (code and reason below)
    uint16_t code;    // ours when closing, else the peer's
    char reason[NET_REASON_MAX];
    ws_msg *out_head, *out_tail;
    size_t queued;
    uint8_t *in; // the message being reassembled from its fragments
    size_t in_size, in_cap;
    char peer[NET_PEER_MAX];
} ws_conn;

typedef struct ws_side {
    net_transport base;
    struct lws_context *ctx;
    struct lws_vhost *vhost;
    bool server;
    bool destroying;
    net_limits limits;
    ws_conn *conns; // the server's max_connections slots, or the client's one
    int nconns;
    int sockets; // server: libwebsockets' connections (upgraded or not), capped by accept_socket
    ws_event *ev_head, *ev_tail;
    ws_event *polled; // what net_poll returned last: freed at the next poll or service
    lws_sorted_usec_list_t wake;
} ws_side;

// What libwebsockets keeps per connection for us: our slot, or why it is refused.
typedef struct ws_session {
    int slot; // -1: refused
    const char *refusal;
} ws_session;

static const char protocol_name[] = "arena";

static void ws_log(int level, const char *line) {
    (void)level;
    fprintf(stderr, "libwebsockets: %s", line);
    size_t n = strlen(line);
    if (!n || line[n - 1] != '\n') fputc('\n', stderr);
}

static void quiet_lws(void) {
    lws_set_log_level(LLL_ERR, ws_log);
}

// Why host:port cannot be listened on, found by binding it ourselves (libwebsockets' own two
// lines are kept quiet: the caller prints one).
static const char *bind_error(const char *host, int port) {
    struct addrinfo hints = {.ai_flags = AI_PASSIVE | AI_NUMERICHOST | AI_NUMERICSERV,
                             .ai_socktype = SOCK_STREAM};
    struct addrinfo *ai = NULL;
    char service[8];
    snprintf(service, sizeof service, "%d", port);
    if (getaddrinfo(host, service, &hints, &ai) != 0) return "not an address of this machine";
    const char *why = "cannot listen there";
    int fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
    if (fd >= 0 && bind(fd, ai->ai_addr, ai->ai_addrlen) != 0) why = strerror(errno);
    if (fd >= 0) close(fd);
    freeaddrinfo(ai);
    return why;
}

static size_t cut_reason(size_t n) {
    return n < NET_REASON_MAX - 1 ? n : NET_REASON_MAX - 1;
}

// ---- events ----

static ws_event *emit(ws_side *s, net_event_kind kind, net_conn id, uint16_t code,
                      const char *reason, size_t reason_len) {
    ws_event *ev = ae_calloc(1, sizeof *ev);
    if (!ev) return NULL;
    ev->kind = kind;
    ev->conn = id;
    ev->code = code;
    size_t n = cut_reason(reason ? reason_len : 0);
    if (n) memcpy(ev->reason, reason, n);
    ev->next = NULL;
    if (s->ev_tail)
        s->ev_tail->next = ev;
    else
        s->ev_head = ev;
    s->ev_tail = ev;
    return ev;
}

static void event_free(ws_event *ev) {
    if (!ev) return;
    ae_free(ev->data, ev->data_cap);
    ae_free(ev, sizeof *ev);
}

// ---- connections ----

static net_conn conn_id(const ws_side *s, const ws_conn *c) {
    return (net_conn)(c - s->conns + 1) | ((net_conn)c->gen << 16);
}

static ws_conn *lookup(const ws_side *s, net_conn id) {
    int slot = (int)(id & 0xffffu) - 1;
    if (slot < 0 || slot >= s->nconns) return NULL;
    ws_conn *c = &s->conns[slot];
    return c->state != WS_FREE && c->gen == (uint16_t)(id >> 16) ? c : NULL;
}

static void conn_release(ws_conn *c) {
    for (ws_msg *m = c->out_head, *next; m; m = next) {
        next = m->next;
        ae_free(m, sizeof *m + LWS_PRE + m->size);
    }
    ae_free(c->in, c->in_cap);
    uint16_t gen = (uint16_t)(c->gen + 1);
    *c = (ws_conn){.gen = gen ? gen : 1};
}

static ws_conn *conn_of(ws_side *s, struct lws *wsi, const ws_session *pss) {
    if (!s->server) return s->conns[0].wsi == wsi ? &s->conns[0] : NULL;
    if (!pss || pss->slot < 0) return NULL;
    ws_conn *c = &s->conns[pss->slot];
    return c->wsi == wsi ? c : NULL;
}

static void set_reason(ws_conn *c, uint16_t code, const char *reason, size_t n) {
    c->code = code;
    n = cut_reason(reason ? n : 0);
    if (n) memcpy(c->reason, reason, n);
    c->reason[n] = '\0';
}

// libwebsockets 4.1 takes a close code from 1012 up to 2999 for a protocol error (1002), though
// RFC 6455's registry has 1012..1014 (1013: try again later): those travel as 4012..4999, in
// the range for applications, and are read back as they were sent. A browser may send no code
// but 1000 and 3000..4999 at all: the page sends its 1001..1011 as 4001..4011 too
// (net_ws_web.c), read back here the same way.
static uint16_t code_to_wire(uint16_t code) {
    return code >= 1012 && code < 2000 ? (uint16_t)(code + 3000) : code;
}
static uint16_t code_from_wire(uint16_t code) {
    return code >= 4001 && code < 5000 ? (uint16_t)(code - 3000) : code;
}

// Sends our close frame now (libwebsockets sends it when the callback returns -1).
static int close_now(struct lws *wsi, uint16_t code, const char *reason) {
    lws_close_reason(wsi, (enum lws_close_status)code_to_wire(code), (unsigned char *)reason,
                     strlen(reason));
    return -1;
}

// ---- libwebsockets' callbacks ----

static int on_established(ws_side *s, struct lws *wsi, ws_session *pss) {
    char peer[NET_PEER_MAX] = "";
    if (!lws_get_peer_simple(wsi, peer, sizeof peer)) strcpy(peer, "unknown");
    int open = 0, same = 0, free_slot = -1;
    for (int i = 0; i < s->nconns; i++) {
        if (s->conns[i].state == WS_FREE) {
            if (free_slot < 0) free_slot = i;
            continue;
        }
        open++;
        same += strcmp(s->conns[i].peer, peer) == 0;
    }
    pss->slot = -1;
    if (open >= s->limits.max_connections || free_slot < 0)
        pss->refusal = "server full";
    else if (same >= s->limits.max_per_address)
        pss->refusal = "too many connections from this address";
    if (pss->refusal) { // the close goes out in the first writeable callback
        lws_callback_on_writable(wsi);
        return 0;
    }
    ws_conn *c = &s->conns[free_slot];
    c->wsi = wsi;
    c->state = WS_OPEN;
    memcpy(c->peer, peer, sizeof peer);
    pss->slot = free_slot;
    if (!emit(s, NET_OPENED, conn_id(s, c), 0, NULL, 0)) return -1;
    return 0;
}

static int on_client_established(ws_side *s, struct lws *wsi) {
    ws_conn *c = &s->conns[0];
    if (c->wsi != wsi) return -1;
    c->state = WS_OPEN;
    if (!c->closing && !emit(s, NET_OPENED, conn_id(s, c), 0, NULL, 0)) return -1;
    if (c->out_head || c->closing) lws_callback_on_writable(wsi);
    return 0;
}

static int on_receive(ws_side *s, ws_conn *c, struct lws *wsi, const void *in, size_t len) {
    if (c->closing) return 0; // what comes after our close is not read
    if (lws_is_first_fragment(wsi)) c->in_size = 0;
    size_t total = c->in_size + len + lws_remaining_packet_payload(wsi);
    if (total > s->limits.max_message) {
        set_reason(c, NET_CLOSE_TOO_BIG, "message too big", 15);
        c->closing = true;
        return close_now(wsi, c->code, c->reason);
    }
    if (c->in_size + len > c->in_cap) {
        size_t cap = c->in_cap ? c->in_cap : 1024;
        while (cap < c->in_size + len) cap *= 2;
        if (cap > s->limits.max_message) cap = s->limits.max_message;
        uint8_t *buf = ae_alloc(cap);
        if (!buf) return -1;
        if (c->in_size) memcpy(buf, c->in, c->in_size);
        ae_free(c->in, c->in_cap);
        c->in = buf;
        c->in_cap = cap;
    }
    if (len) memcpy(c->in + c->in_size, in, len);
    c->in_size += len;
    if (!lws_is_final_fragment(wsi)) return 0;
    ws_event *ev = emit(s, NET_MESSAGE, conn_id(s, c), 0, NULL, 0);
    if (!ev) return -1;
    // The event takes the buffer; the next message starts a new one.
    ev->data = c->in;
    ev->size = c->in_size;
    ev->data_cap = c->in_cap;
    c->in = NULL;
    c->in_size = c->in_cap = 0;
    return 0;
}

static int on_writeable(ws_side *s, struct lws *wsi, ws_session *pss) {
    if (s->server && pss && pss->slot < 0 && pss->refusal)
        return close_now(wsi, NET_CLOSE_OVERLOADED, pss->refusal);
    ws_conn *c = conn_of(s, wsi, pss);
    if (!c) return 0;
    if (!c->out_head) return c->closing ? close_now(wsi, c->code, c->reason) : 0;
    // As many messages as the socket takes now, not one a callback: one a callback is one per
    // service call, fewer than a client and a server send in a busy second. libwebsockets keeps
    // what the socket did not take of a write (the pipe is choked then) and calls back when it
    // is out.
    do {
        ws_msg *m = c->out_head;
        if (lws_write(wsi, m->buf + LWS_PRE, m->size, LWS_WRITE_BINARY) < (int)m->size) return -1;
        c->out_head = m->next;
        if (!c->out_head) c->out_tail = NULL;
        c->queued -= m->size;
        ae_free(m, sizeof *m + LWS_PRE + m->size);
    } while (c->out_head && !lws_send_pipe_choked(wsi));
    if (c->out_head || c->closing) lws_callback_on_writable(wsi);
    return 0;
}

static void on_peer_close(ws_conn *c, const uint8_t *in, size_t len) {
    if (c->closing || c->peer_closed) return; // ours was first: ours is reported
    c->peer_closed = true;
    // An empty close frame carries no code: RFC 6455 reports it as 1005.
    uint16_t code = len >= 2 ? code_from_wire((uint16_t)(in[0] << 8 | in[1])) : 1005;
    set_reason(c, code, len > 2 ? (const char *)in + 2 : NULL, len > 2 ? len - 2 : 0);
}

static void on_closed(ws_side *s, ws_conn *c) {
    uint16_t code = NET_CLOSE_ABNORMAL;
    const char *reason = "connection lost";
    if (c->closing || c->peer_closed) code = c->code, reason = c->reason;
    emit(s, NET_CLOSED, conn_id(s, c), code, reason, strlen(reason));
    conn_release(c);
}

// libwebsockets' words for a connection it could not make, as a player reads them.
static const char *connect_error(const char *what) {
    static const struct {
        const char *lws, *ours;
    } words[] = {
        // lws 4.1 says only this when connect() fails, whatever the errno was.
        {"Unable to connect", "connection refused or host unreachable"},
        {"getaddrinfo", "unknown host"},
        {"NXDOMAIN", "unknown host"},
        {"imed out", "connection timed out"},
        {"HS:", "not an arena server"}, // the upgrade answer was not a WebSocket's
    };
    for (size_t i = 0; what && i < sizeof words / sizeof words[0]; i++)
        if (strstr(what, words[i].lws)) return words[i].ours;
    return what && *what ? what : "could not connect";
}

// A flood of sockets that never finish their handshake (10,000 half-open connections) made each
// service call slower with every one libwebsockets held, until ticks were seconds late: past
// twice the connections a server takes, a new socket is closed at once (the flood's oldest go at
// the handshake timeout, net_ws_listen).
static bool accept_socket(const ws_side *s) {
    return s->sockets < 2 * s->limits.max_connections + 1; // + 1: the listening socket
}

static int ws_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                       size_t len) {
    struct lws_context *ctx = lws_get_context(wsi);
    ws_side *s = ctx ? lws_context_user(ctx) : NULL;
    ws_session *pss = user;
    if (!s || s->destroying) return lws_callback_http_dummy(wsi, reason, user, in, len);
    ws_conn *c = NULL;
    switch (reason) {
    case LWS_CALLBACK_ESTABLISHED:
        return on_established(s, wsi, pss);
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        return on_client_established(s, wsi);
    case LWS_CALLBACK_RECEIVE:
    case LWS_CALLBACK_CLIENT_RECEIVE:
        c = conn_of(s, wsi, pss);
        return c ? on_receive(s, c, wsi, in, len) : 0;
    case LWS_CALLBACK_SERVER_WRITEABLE:
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        return on_writeable(s, wsi, pss);
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        if ((c = conn_of(s, wsi, pss))) on_peer_close(c, in, len);
        return 0;
    case LWS_CALLBACK_CLOSED:
    case LWS_CALLBACK_CLIENT_CLOSED:
        if ((c = conn_of(s, wsi, pss))) on_closed(s, c);
        return 0;
    case LWS_CALLBACK_FILTER_NETWORK_CONNECTION:
        return accept_socket(s) ? 0 : 1;
    case LWS_CALLBACK_WSI_CREATE:
        s->sockets++;
        return 0;
    case LWS_CALLBACK_WSI_DESTROY:
        s->sockets--;
        return 0;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        c = &s->conns[0];
        if (!s->server && c->state != WS_FREE) {
            const char *why = connect_error(in);
            emit(s, NET_CLOSED, conn_id(s, c), NET_CLOSE_ABNORMAL, why, strlen(why));
            conn_release(c);
        }
        return 0;
    default:
        return lws_callback_http_dummy(wsi, reason, user, in, len);
    }
}

static const struct lws_protocols protocols[] = {
    {.name = protocol_name, .callback = ws_callback, .per_session_data_size = sizeof(ws_session)},
    {0},
};

// ---- the transport interface ----

static void wake(lws_sorted_usec_list_t *sul) {
    (void)sul; // only ends libwebsockets' wait
}

static void ws_service(net_transport *t, int timeout_ms) {
    ws_side *s = (ws_side *)t;
    event_free(s->polled);
    s->polled = NULL;
    // libwebsockets waits until its own next timer; a timer of ours bounds the wait.
    if (timeout_ms > 0) {
        lws_sul_schedule(s->ctx, 0, &s->wake, wake, (lws_usec_t)timeout_ms * 1000);
        lws_service(s->ctx, 0);
        lws_sul_cancel(&s->wake);
    } else {
        lws_service(s->ctx, -1);
    }
}

static bool ws_poll(net_transport *t, net_event *ev) {
    ws_side *s = (ws_side *)t;
    event_free(s->polled);
    s->polled = NULL;
    ws_event *e = s->ev_head;
    if (!e) return false;
    s->ev_head = e->next;
    if (!s->ev_head) s->ev_tail = NULL;
    s->polled = e;
    *ev = (net_event){
        .kind = e->kind, .conn = e->conn, .data = e->data, .size = e->size, .code = e->code};
    memcpy(ev->reason, e->reason, sizeof ev->reason);
    return true;
}

static bool ws_send(net_transport *t, net_conn id, const void *data, size_t size) {
    ws_side *s = (ws_side *)t;
    ws_conn *c = lookup(s, id);
    if (!c || c->closing || c->peer_closed || c->queued + size > s->limits.max_send_queue)
        return false;
    ws_msg *m = ae_alloc(sizeof *m + LWS_PRE + size);
    if (!m) return false;
    m->next = NULL;
    m->size = size;
    if (size) memcpy(m->buf + LWS_PRE, data, size);
    if (c->out_tail)
        c->out_tail->next = m;
    else
        c->out_head = m;
    c->out_tail = m;
    c->queued += size;
    if (c->state == WS_OPEN) lws_callback_on_writable(c->wsi);
    return true;
}

static void ws_close(net_transport *t, net_conn id, uint16_t code, const char *reason) {
    ws_side *s = (ws_side *)t;
    ws_conn *c = lookup(s, id);
    if (!c || c->closing) return;
    c->closing = true;
    set_reason(c, code, reason, reason ? strlen(reason) : 0);
    if (c->state == WS_OPEN) lws_callback_on_writable(c->wsi);
}

static size_t ws_queued(const net_transport *t, net_conn id) {
    ws_conn *c = lookup((const ws_side *)t, id);
    return c ? c->queued : 0;
}

static bool ws_peer(const net_transport *t, net_conn id, char *out, size_t size) {
    ws_conn *c = lookup((const ws_side *)t, id);
    if (!c || !size || strlen(c->peer) >= size) return false;
    memcpy(out, c->peer, strlen(c->peer) + 1);
    return true;
}

static void ws_destroy(net_transport *t) {
    ws_side *s = (ws_side *)t;
    s->destroying = true;
    if (s->ctx) lws_context_destroy(s->ctx);
    for (int i = 0; i < s->nconns; i++) conn_release(&s->conns[i]);
    ae_free(s->conns, (size_t)s->nconns * sizeof *s->conns);
    event_free(s->polled);
    while (s->ev_head) {
        ws_event *e = s->ev_head;
        s->ev_head = e->next;
        event_free(e);
    }
    ae_free(s, sizeof *s);
}

static const net_transport_vt ws_vt = {
    .service = ws_service,
    .poll = ws_poll,
    .send = ws_send,
    .close = ws_close,
    .queued = ws_queued,
    .peer = ws_peer,
    .destroy = ws_destroy,
};

static ws_side *side_new(bool server, const net_limits *limits, ae_error *err) {
    ws_side *s = ae_calloc(1, sizeof *s);
    if (!s) {
        ae_error_set(err, "out of memory");
        return NULL;
    }
    s->base.vt = &ws_vt;
    s->server = server;
    s->limits = net_limits_resolve(limits);
    s->nconns = server ? s->limits.max_connections : 1;
    s->conns = ae_calloc((size_t)s->nconns, sizeof *s->conns);
    if (!s->conns) {
        ae_free(s, sizeof *s);
        ae_error_set(err, "out of memory");
        return NULL;
    }
    for (int i = 0; i < s->nconns; i++) s->conns[i].gen = 1;
    return s;
}

net_transport *net_ws_listen(const char *host, int port, const net_limits *limits, ae_error *err) {
    if (!host || !*host || port < 0 || port > 65535) {
        ae_error_set(err, "listen address must be HOST and a port 0..65535");
        return NULL;
    }
    quiet_lws();
    ws_side *s = side_new(true, limits, err);
    if (!s) return NULL;
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.options = LWS_SERVER_OPTION_EXPLICIT_VHOSTS;
    info.user = s;
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.timeout_secs = 5; // a socket has 5 s for its handshake (as long as for HELLO after it)
    s->ctx = lws_create_context(&info);
    if (s->ctx) {
        info.port = port;
        info.iface = host;
        info.protocols = protocols;
        info.vhost_name = "arena";
        // Bare IPv4 text listens on IPv4 only, as asked.
        if (!strchr(host, ':')) info.options |= LWS_SERVER_OPTION_DISABLE_IPV6;
        lws_set_log_level(0, ws_log);
        s->vhost = lws_create_vhost(s->ctx, &info);
        quiet_lws();
    }
    if (!s->vhost) {
        ae_error_set(err, "cannot listen on %s:%d: %s", host, port, bind_error(host, port));
        ws_destroy(&s->base);
        return NULL;
    }
    return &s->base;
}

int net_ws_port(const net_transport *t) {
    const ws_side *s = (const ws_side *)t;
    return s->vhost ? lws_get_vhost_listen_port(s->vhost) : 0;
}

net_transport *net_ws_connect(const char *url, const net_limits *limits, ae_error *err) {
    net_url u;
    if (!net_url_parse(url, &u) || u.tls) {
        ae_error_set(err, "the address must look like ws://HOST:PORT (wss:// is a proxy's job)");
        return NULL;
    }
    quiet_lws();
    ws_side *s = side_new(false, limits, err);
    if (!s) return NULL;
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = protocols;
    info.user = s;
    s->ctx = lws_create_context(&info);
    if (!s->ctx) {
        ae_error_set(err, "cannot start libwebsockets");
        ws_destroy(&s->base);
        return NULL;
    }
    ws_conn *c = &s->conns[0];
    c->state = WS_CONNECTING;
    size_t host_len = strlen(u.host) < sizeof c->peer ? strlen(u.host) : sizeof c->peer - 1;
    memcpy(c->peer, u.host, host_len); // what net_peer tells: the host as given, maybe cut
    struct lws_client_connect_info ci;
    memset(&ci, 0, sizeof ci);
    ci.context = s->ctx;
    ci.address = u.host;
    ci.port = u.port;
    ci.path = u.path;
    ci.host = u.host;
    ci.origin = u.host;
    ci.local_protocol_name = protocol_name;
    ci.pwsi = &c->wsi;
    // Failing at once (as an unknown host can) goes through the connection-error callback,
    // which has queued NET_CLOSED; otherwise say it here.
    if (!lws_client_connect_via_info(&ci) && c->state != WS_FREE) {
        emit(s, NET_CLOSED, conn_id(s, c), NET_CLOSE_ABNORMAL, "could not connect", 17);
        conn_release(c);
    }
    return &s->base;
}
