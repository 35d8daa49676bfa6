// The WebSocket transport (net_ws.h) in the browser: one connection through emscripten's
// WebSocket API (<emscripten/websocket.h>) to the same arena-server the desktop joins, with the
// same events, close codes and reasons. The browser's WebSocket calls back between animation
// frames; the callbacks queue net_events for net_poll, so net_service has no I/O of its own and
// never waits (the page cannot block). The browser keeps what ws.send took until it is on the
// wire and sends a close after it; messages sent before the connection is open wait here.
// A page cannot listen: net_ws_listen says so.
#include "net_ws.h"

#include "net_url.h"

#include <emscripten/websocket.h>
#include <stdio.h>
#include <string.h>

typedef struct web_msg { // sent before the connection was open
    struct web_msg *next;
    size_t size;
    uint8_t data[];
} web_msg;

typedef struct web_event {
    struct web_event *next;
    net_event ev; // data points into buf
    uint8_t *buf; // NET_MESSAGE: owned, size bytes
} web_event;

enum { WEB_CONNECTING, WEB_OPEN, WEB_GONE };

typedef struct web_side {
    net_transport base;
    net_limits limits;
    EMSCRIPTEN_WEBSOCKET_T ws; // 0 once gone
    int state;
    bool opened;   // NET_OPENED was reported
    bool closing;  // net_close, or a message too big: no more sends, ours is the reported close
    uint16_t code; // ours when closing
    char reason[NET_REASON_MAX];
    web_msg *out_head, *out_tail;
    size_t out_bytes;
    char peer[NET_PEER_MAX];
    web_event *ev_head, *ev_tail;
    web_event *polled; // what net_poll returned last: freed at the next poll or service
} web_side;

// The one connection's id (net_transport.h: slot 1, generation 1); stale once it is gone.
#define WEB_CONN ((net_conn)1 | (net_conn)1 << 16)

// Defined in net_ws_web.js: emscripten_websocket_new inside a try, since a browser's WebSocket
// constructor throws for some addresses (a port it blocks; ws:// from a page on https) and an
// exception out of the frame would stop the game. The socket, or 0 with why in `why`.
extern EMSCRIPTEN_WEBSOCKET_T net_ws_web_new(const EmscriptenWebSocketCreateAttributes *attrs,
                                             char *why, int size);

static size_t cut_reason(const char *reason) {
    size_t n = reason ? strlen(reason) : 0;
    if (n < NET_REASON_MAX) return n;
    n = NET_REASON_MAX - 1;
    while (n > 0 && ((unsigned char)reason[n] & 0xc0) == 0x80) n--; // never half a character
    return n;
}

static void emit(web_side *s, net_event_kind kind, uint16_t code, const char *reason,
                 const uint8_t *data, size_t size) {
    web_event *e = ae_calloc(1, sizeof *e);
    uint8_t *buf = size ? ae_alloc(size) : NULL;
    if (!e || (size && !buf)) { // out of memory: the connection cannot go on
        ae_free(e, sizeof *e);
        return;
    }
    if (size) memcpy(buf, data, size);
    e->buf = buf;
    e->ev = (net_event){.kind = kind, .conn = WEB_CONN, .data = buf, .size = size, .code = code};
    const size_t n = cut_reason(reason);
    if (n) memcpy(e->ev.reason, reason, n);
    if (s->ev_tail)
        s->ev_tail->next = e;
    else
        s->ev_head = e;
    s->ev_tail = e;
}

static void event_free(web_event *e) {
    if (!e) return;
    ae_free(e->buf, e->ev.size);
    ae_free(e, sizeof *e);
}

static void set_reason(web_side *s, uint16_t code, const char *reason) {
    s->code = code;
    const size_t n = cut_reason(reason);
    if (n) memcpy(s->reason, reason, n);
    s->reason[n] = '\0';
}

// A browser sends no close code but 1000 and 3000..4999: 1001..1999 go as 4001..4999, and
// net_ws.c reads them back (it sends its own 1012.. the same way).
static uint16_t code_to_wire(uint16_t code) {
    return code > 1000 && code < 2000 ? (uint16_t)(code + 3000) : 1000;
}
static uint16_t code_from_wire(uint16_t code) {
    return code >= 4001 && code < 5000 ? (uint16_t)(code - 3000) : code;
}

static void send_close(web_side *s) {
    emscripten_websocket_close(s->ws, code_to_wire(s->code), s->reason);
}

static void drop_queue(web_side *s) {
    for (web_msg *m = s->out_head, *next; m; m = next) {
        next = m->next;
        ae_free(m, sizeof *m + m->size);
    }
    s->out_head = s->out_tail = NULL;
    s->out_bytes = 0;
}

// The socket is done with: no callback reaches us after this.
static void forget_socket(web_side *s) {
    if (s->ws > 0) emscripten_websocket_delete(s->ws);
    s->ws = 0;
    s->state = WEB_GONE;
    drop_queue(s);
}

// ---- the browser's callbacks ----

static EM_BOOL on_open(int type, const EmscriptenWebSocketOpenEvent *e, void *user) {
    (void)type, (void)e;
    web_side *s = user;
    s->state = WEB_OPEN;
    if (!s->closing) {
        s->opened = true;
        emit(s, NET_OPENED, 0, NULL, NULL, 0);
    }
    for (web_msg *m = s->out_head; m; m = m->next)
        emscripten_websocket_send_binary(s->ws, m->data, (uint32_t)m->size);
    drop_queue(s);
    if (s->closing) send_close(s); // asked for while connecting: after what was queued
    return EM_TRUE;
}

static EM_BOOL on_message(int type, const EmscriptenWebSocketMessageEvent *e, void *user) {
    (void)type;
    web_side *s = user;
    if (s->closing || s->state != WEB_OPEN) return EM_TRUE; // what comes after our close
    // A text frame arrives with a terminating zero emscripten added: its bytes are the message
    // (the client refuses it as it would from the desktop's transport).
    const size_t size = e->isText && e->numBytes ? e->numBytes - 1 : e->numBytes;
    if (size > s->limits.max_message) {
        s->closing = true;
        set_reason(s, NET_CLOSE_TOO_BIG, "message too big");
        send_close(s);
        return EM_TRUE;
    }
    emit(s, NET_MESSAGE, 0, NULL, e->data, size);
    return EM_TRUE;
}

static EM_BOOL on_close(int type, const EmscriptenWebSocketCloseEvent *e, void *user) {
    (void)type;
    web_side *s = user;
    uint16_t code = code_from_wire(e->code);
    const char *reason = e->reason;
    if (s->closing) { // ours was first: ours is reported
        code = s->code;
        reason = s->reason;
    } else if (code == NET_CLOSE_ABNORMAL) { // the browser tells a page no more than this
        reason = s->opened ? "connection lost" : "could not connect";
    }
    emit(s, NET_CLOSED, code, reason, NULL, 0);
    forget_socket(s);
    return EM_TRUE;
}

// ---- the transport interface ----

static void web_service(net_transport *t, int timeout_ms) {
    (void)timeout_ms; // the browser delivers between frames; a page never waits
    web_side *s = (web_side *)t;
    event_free(s->polled);
    s->polled = NULL;
}

static bool web_poll(net_transport *t, net_event *ev) {
    web_side *s = (web_side *)t;
    event_free(s->polled);
    s->polled = NULL;
    web_event *e = s->ev_head;
    if (!e) return false;
    s->ev_head = e->next;
    if (!s->ev_head) s->ev_tail = NULL;
    s->polled = e;
    *ev = e->ev;
    return true;
}

static size_t web_queued(const net_transport *t, net_conn id) {
    const web_side *s = (const web_side *)t;
    if (id != WEB_CONN || s->state == WEB_GONE) return 0;
    if (s->state == WEB_CONNECTING) return s->out_bytes;
    unsigned long long buffered = 0;
    emscripten_websocket_get_buffered_amount(s->ws, &buffered);
    return (size_t)buffered;
}

static bool web_send(net_transport *t, net_conn id, const void *data, size_t size) {
    web_side *s = (web_side *)t;
    if (id != WEB_CONN || s->state == WEB_GONE || s->closing ||
        web_queued(t, id) + size > s->limits.max_send_queue)
        return false;
    if (s->state == WEB_OPEN)
        return emscripten_websocket_send_binary(s->ws, (void *)data, (uint32_t)size) ==
               EMSCRIPTEN_RESULT_SUCCESS;
    web_msg *m = ae_alloc(sizeof *m + size);
    if (!m) return false;
    m->next = NULL;
    m->size = size;
    if (size) memcpy(m->data, data, size);
    if (s->out_tail)
        s->out_tail->next = m;
    else
        s->out_head = m;
    s->out_tail = m;
    s->out_bytes += size;
    return true;
}

static void web_close(net_transport *t, net_conn id, uint16_t code, const char *reason) {
    web_side *s = (web_side *)t;
    if (id != WEB_CONN || s->state == WEB_GONE || s->closing) return;
    s->closing = true;
    set_reason(s, code, reason);
    // While connecting, the close waits for the connection (on_open): a browser closing a
    // socket that is not open yet says so on the console as an error.
    if (s->state == WEB_OPEN) send_close(s);
}

static bool web_peer(const net_transport *t, net_conn id, char *out, size_t size) {
    const web_side *s = (const web_side *)t;
    if (id != WEB_CONN || s->state == WEB_GONE || !size || strlen(s->peer) >= size) return false;
    memcpy(out, s->peer, strlen(s->peer) + 1);
    return true;
}

static void web_destroy(net_transport *t) {
    web_side *s = (web_side *)t;
    if (s->ws > 0 && s->state != WEB_GONE) {
        if (!s->closing) set_reason(s, NET_CLOSE_NORMAL, "");
        send_close(s);
    }
    forget_socket(s);
    event_free(s->polled);
    while (s->ev_head) {
        web_event *e = s->ev_head;
        s->ev_head = e->next;
        event_free(e);
    }
    ae_free(s, sizeof *s);
}

static const net_transport_vt web_vt = {
    .service = web_service,
    .poll = web_poll,
    .send = web_send,
    .close = web_close,
    .queued = web_queued,
    .peer = web_peer,
    .destroy = web_destroy,
};

net_transport *net_ws_listen(const char *host, int port, const net_limits *limits, ae_error *err) {
    (void)host, (void)port, (void)limits;
    ae_error_set(err, "a page cannot listen: arena-server runs natively");
    return NULL;
}

int net_ws_port(const net_transport *t) {
    (void)t;
    return 0;
}

net_transport *net_ws_connect(const char *url, const net_limits *limits, ae_error *err) {
    net_url u;
    if (!net_url_parse(url, &u)) {
        ae_error_set(err, "the address must look like ws://HOST:PORT or wss://HOST[:PORT]");
        return NULL;
    }
    web_side *s = ae_calloc(1, sizeof *s);
    if (!s) {
        ae_error_set(err, "out of memory");
        return NULL;
    }
    s->base.vt = &web_vt;
    s->limits = net_limits_resolve(limits);
    const size_t host_len = strlen(u.host) < sizeof s->peer ? strlen(u.host) : sizeof s->peer - 1;
    memcpy(s->peer, u.host, host_len); // what net_peer tells: the host as given, maybe cut
    s->state = WEB_CONNECTING;
    // The same subprotocol the desktop asks for (net_ws.c), so the server sees one kind of
    // client.
    EmscriptenWebSocketCreateAttributes attrs;
    emscripten_websocket_init_create_attributes(&attrs);
    attrs.url = url;
    attrs.protocols = "arena";
    char why[NET_REASON_MAX] = "";
    s->ws = net_ws_web_new(&attrs, why, (int)sizeof why);
    if (s->ws <= 0) { // as the desktop's: the transport exists and says why it closed
        s->ws = 0;
        emit(s, NET_CLOSED, NET_CLOSE_ABNORMAL, why[0] ? why : "this browser has no WebSocket",
             NULL, 0);
        s->state = WEB_GONE;
        return &s->base;
    }
    emscripten_websocket_set_onopen_callback(s->ws, s, on_open);
    emscripten_websocket_set_onmessage_callback(s->ws, s, on_message);
    emscripten_websocket_set_onclose_callback(s->ws, s, on_close);
    return &s->base;
}
