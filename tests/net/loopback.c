// The client tests' in-memory transport (loopback.h).
#include "loopback.h"

#include <stdlib.h>
#include <string.h>

typedef struct item {
    uint64_t at;
    net_event_kind kind;
    uint8_t *data;
    size_t size;
    uint16_t code;
    char reason[NET_REASON_MAX];
    struct item *next;
} item;

typedef struct end {
    net_transport base;
    loopback *lb;
    int side;            // 0 server, 1 client
    item *head, *tail;   // what arrives at this end
    uint8_t *last;       // the message net_poll handed out last
    bool closing;        // this end closed or saw the close: nothing more goes out
    uint64_t hold_until; // sends from this end arrive no sooner
    uint64_t bytes;
} end;

struct loopback {
    end e[2];
    uint64_t now, latency;
};

static end *end_of(net_transport *t) {
    return (end *)t;
}
static end *other(end *e) {
    return &e->lb->e[!e->side];
}

static void push(end *to, uint64_t at, net_event_kind kind, const void *data, size_t size,
                 uint16_t code, const char *reason) {
    item *it = calloc(1, sizeof *it);
    if (to->tail && to->tail->at > at) at = to->tail->at; // in order
    it->at = at;
    it->kind = kind;
    if (size) {
        it->data = malloc(size);
        memcpy(it->data, data, size);
    }
    it->size = size;
    it->code = code;
    if (reason) strncpy(it->reason, reason, NET_REASON_MAX - 1);
    if (to->tail)
        to->tail->next = it;
    else
        to->head = it;
    to->tail = it;
}

static uint64_t arrival(end *from) {
    const uint64_t at = from->lb->now + from->lb->latency;
    return at > from->hold_until ? at : from->hold_until;
}

static void lb_service(net_transport *t, int timeout_ms) {
    (void)t;
    (void)timeout_ms;
}

static bool lb_poll(net_transport *t, net_event *ev) {
    end *e = end_of(t);
    free(e->last);
    e->last = NULL;
    item *it = e->head;
    if (!it || it->at > e->lb->now) return false;
    e->head = it->next;
    if (!e->head) e->tail = NULL;
    memset(ev, 0, sizeof *ev);
    ev->kind = it->kind;
    ev->conn = 1;
    ev->data = it->data;
    ev->size = it->size;
    ev->code = it->code;
    memcpy(ev->reason, it->reason, NET_REASON_MAX);
    if (it->kind == NET_CLOSED) e->closing = true;
    e->last = it->data;
    free(it);
    return true;
}

static bool lb_send(net_transport *t, net_conn c, const void *data, size_t size) {
    end *e = end_of(t);
    if (c != 1 || e->closing) return false;
    push(other(e), arrival(e), NET_MESSAGE, data, size, 0, NULL);
    e->bytes += size;
    return true;
}

static void lb_close(net_transport *t, net_conn c, uint16_t code, const char *reason) {
    end *e = end_of(t);
    if (c != 1 || e->closing) return;
    e->closing = true;
    push(other(e), arrival(e), NET_CLOSED, NULL, 0, code, reason);
    push(e, e->lb->now, NET_CLOSED, NULL, 0, code, reason);
}

static size_t lb_queued(const net_transport *t, net_conn c) {
    (void)t;
    (void)c;
    return 0;
}

static bool lb_peer(const net_transport *t, net_conn c, char *out, size_t size) {
    (void)t;
    if (c != 1 || size < 10) return false;
    strcpy(out, "loopback");
    return true;
}

static void lb_destroy(net_transport *t) {
    (void)t; // loopback_destroy frees both ends
}

static const net_transport_vt vt = {lb_service, lb_poll, lb_send,   lb_close,
                                    lb_queued,  lb_peer, lb_destroy};

loopback *loopback_create(uint64_t latency_us) {
    loopback *lb = calloc(1, sizeof *lb);
    lb->latency = latency_us;
    for (int s = 0; s < 2; s++) {
        lb->e[s].base.vt = &vt;
        lb->e[s].lb = lb;
        lb->e[s].side = s;
        push(&lb->e[s], latency_us, NET_OPENED, NULL, 0, 0, NULL);
    }
    return lb;
}

void loopback_destroy(loopback *lb) {
    for (int s = 0; s < 2; s++) {
        free(lb->e[s].last);
        for (item *it = lb->e[s].head, *next; it; it = next) {
            next = it->next;
            free(it->data);
            free(it);
        }
    }
    free(lb);
}

net_transport *loopback_server(loopback *lb) {
    return &lb->e[0].base;
}
net_transport *loopback_client(loopback *lb) {
    return &lb->e[1].base;
}
void loopback_set_now(loopback *lb, uint64_t now_us) {
    lb->now = now_us;
}
void loopback_stall_down(loopback *lb, uint64_t until_us) {
    lb->e[0].hold_until = until_us;
}
uint64_t loopback_bytes(const loopback *lb, bool down) {
    return lb->e[down ? 0 : 1].bytes;
}
