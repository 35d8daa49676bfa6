// net-load's lightweight WebSocket clients (load_client.h).
#include "load_client.h"

#include "net_proto.h"
#include "net_serve.h"
#include "tool_util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#define TICK_US  16667u
#define OUT_CAP  4096 // bytes waiting to go out; past it the server is not reading: failed
#define HEAD_CAP 16   // a message's first bytes kept: its type, a PING's time
#define HS_CAP   1024 // the upgrade answer's headers

typedef enum cstate {
    C_CONNECTING,
    C_UPGRADING,
    C_OPEN,
    C_PLAYING,
    C_BYE,
    C_ENDED,
    C_FAILED
} cstate;

typedef struct client {
    int fd, match;
    uint64_t next_send_us; // when its next INPUT (and flush) is due: each client on its own phase
    cstate state;
    uint32_t seq; // inputs sent (a connection numbers its inputs from 1)
    uint32_t rng;
    uint64_t welcomed_us, ended_us;
    uint64_t down, up;
    char hs[HS_CAP];
    size_t hs_len;
    // The frame being read: its header, then `left` payload bytes.
    uint8_t hdr[10];
    size_t hdr_len;
    bool in_payload;
    uint64_t left;
    uint8_t opcode;
    bool fin;
    // The message being read (data frames), and a control frame's payload.
    uint8_t head[HEAD_CAP];
    size_t head_len, msg_len;
    uint8_t ctrl[125];
    size_t ctrl_len;
    uint8_t out[OUT_CAP];
    size_t out_len;
} client;

struct load_pool {
    int matches, per_match;
    client *cs;
    int epoll;
    uint16_t port[64]; // per match; net-load caps matches well below this
    uint64_t cpu_ns, wall_us;
};

load_pool *load_pool_create(int matches, int clients) {
    if (matches < 1 || matches > 64) return NULL;
    load_pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->matches = matches;
    p->per_match = clients;
    p->cs = calloc((size_t)matches * (size_t)clients, sizeof *p->cs);
    p->epoll = epoll_create1(EPOLL_CLOEXEC);
    if (!p->cs || p->epoll < 0) {
        load_pool_destroy(p);
        return NULL;
    }
    for (int i = 0; i < matches * clients; i++) {
        p->cs[i].fd = -1;
        p->cs[i].state = C_FAILED; // until connected
        p->cs[i].match = i / clients;
        p->cs[i].rng = 0x9e3779b9u * (uint32_t)(i + 1);
    }
    return p;
}

void load_pool_destroy(load_pool *p) {
    if (!p) return;
    if (p->cs)
        for (int i = 0; i < p->matches * p->per_match; i++)
            if (p->cs[i].fd >= 0) close(p->cs[i].fd);
    if (p->epoll >= 0) close(p->epoll);
    free(p->cs);
    free(p);
}

static void fail(load_pool *p, client *c, uint64_t now) {
    (void)p;
    if (c->fd >= 0) close(c->fd); // closing removes it from the epoll set
    c->fd = -1;
    c->state = c->state == C_BYE ? C_ENDED : C_FAILED;
    if (!c->ended_us) c->ended_us = now;
}

static void flush(load_pool *p, client *c, uint64_t now) {
    while (c->out_len && c->fd >= 0) {
        ssize_t n = send(c->fd, c->out, c->out_len, MSG_DONTWAIT | MSG_NOSIGNAL);
        if (n < 0) {
            if (errno != EAGAIN && errno != EWOULDBLOCK) fail(p, c, now);
            return;
        }
        c->up += (size_t)n;
        memmove(c->out, c->out + n, c->out_len - (size_t)n);
        c->out_len -= (size_t)n;
    }
}

// Queues one masked frame (RFC 6455 5.3: a client masks; the key is the client's own).
static void send_frame(load_pool *p, client *c, uint8_t opcode, const uint8_t *data, size_t n,
                       uint64_t now) {
    if (c->fd < 0) return;
    if (n > 125 || c->out_len + 6 + n > OUT_CAP) { // nothing the clients send is longer
        fail(p, c, now);
        return;
    }
    uint8_t *f = c->out + c->out_len;
    c->rng = c->rng * 1664525u + 1013904223u;
    const uint8_t mask[4] = {(uint8_t)(c->rng >> 24), (uint8_t)(c->rng >> 16),
                             (uint8_t)(c->rng >> 8), (uint8_t)c->rng};
    f[0] = (uint8_t)(0x80 | opcode);
    f[1] = (uint8_t)(0x80 | n);
    memcpy(f + 2, mask, 4);
    for (size_t i = 0; i < n; i++) f[6 + i] = data[i] ^ mask[i & 3];
    c->out_len += 6 + n;
    flush(p, c, now);
}

static void send_msg(load_pool *p, client *c, const net_msg *m, uint64_t now) {
    uint8_t buf[64];
    size_t n = net_msg_encode(m, buf, sizeof buf);
    if (n) send_frame(p, c, 2, buf, n, now);
}

// A whole message came (its first bytes in head).
static void message(load_pool *p, client *c, uint64_t now) {
    if (!c->head_len) return;
    switch (c->head[0]) {
    case NET_MSG_WELCOME:
        c->state = C_PLAYING;
        c->welcomed_us = now;
        break;
    case NET_MSG_PING: {
        net_msg m;
        char err[64];
        if (c->msg_len > HEAD_CAP || !net_msg_decode_down(c->head, c->msg_len, &m, err, sizeof err))
            break;
        m.type = NET_MSG_PONG;
        send_msg(p, c, &m, now);
        break;
    }
    case NET_MSG_END: {
        if (c->state != C_PLAYING) break;
        const net_msg bye = {.type = NET_MSG_BYE};
        send_msg(p, c, &bye, now);
        c->state = C_BYE; // the server closes once it has the BYE
        c->ended_us = now;
        break;
    }
    default: // snapshots, names, replay chunks: counted, not read
        break;
    }
}

static void frame_done(load_pool *p, client *c, uint64_t now) {
    switch (c->opcode) {
    case 8: // close: the end after our BYE, else this client was dropped or refused
        fail(p, c, now);
        break;
    case 9: // ping: pong with its payload
        send_frame(p, c, 10, c->ctrl, c->ctrl_len, now);
        break;
    case 10:
        break;
    default:
        if (c->fin) message(p, c, now);
        break;
    }
}

// The bytes of the frame header being read: 2, and the extended length's once byte 1 came.
static size_t header_size(const client *c) {
    if (c->hdr_len < 2) return 2;
    const uint8_t len7 = c->hdr[1] & 0x7f;
    return 2 + (len7 == 126 ? 2u : len7 == 127 ? 8u : 0u);
}

// Reads the server's frames from data (no masks: a server does not mask).
static void feed(load_pool *p, client *c, const uint8_t *data, size_t n, uint64_t now) {
    while (n > 0 && c->fd >= 0) {
        if (!c->in_payload) {
            c->hdr[c->hdr_len++] = *data++;
            n--;
            if (c->hdr_len == 2 && (c->hdr[1] & 0x80)) { // a masked frame: not a server's
                fail(p, c, now);
                return;
            }
            if (c->hdr_len < header_size(c)) continue;
            const uint8_t len7 = c->hdr[1] & 0x7f;
            c->left = len7;
            if (len7 >= 126) {
                c->left = 0;
                for (size_t i = 2; i < c->hdr_len; i++) c->left = c->left << 8 | c->hdr[i];
            }
            c->opcode = c->hdr[0] & 0x0f;
            c->fin = (c->hdr[0] & 0x80) != 0;
            c->hdr_len = 0;
            if (c->opcode == 1 || c->opcode == 2) c->head_len = c->msg_len = 0; // a new message
            if (c->opcode >= 8) c->ctrl_len = 0;
            if (c->left == 0)
                frame_done(p, c, now);
            else
                c->in_payload = true;
            continue;
        }
        const size_t take = c->left < n ? (size_t)c->left : n;
        uint8_t *keep = c->opcode >= 8 ? c->ctrl : c->head;
        size_t *kept = c->opcode >= 8 ? &c->ctrl_len : &c->head_len;
        const size_t cap = c->opcode >= 8 ? sizeof c->ctrl : HEAD_CAP;
        const size_t copy = take < cap - *kept ? take : cap - *kept;
        memcpy(keep + *kept, data, copy);
        *kept += copy;
        if (c->opcode < 8) c->msg_len += take;
        data += take;
        n -= take;
        c->left -= take;
        if (c->left == 0) {
            c->in_payload = false;
            frame_done(p, c, now);
        }
    }
}

static void upgraded(load_pool *p, client *c, uint64_t now) {
    char *end = strstr(c->hs, "\r\n\r\n");
    if (strncmp(c->hs, "HTTP/1.1 101", 12) != 0) {
        fail(p, c, now);
        return;
    }
    c->state = C_OPEN;
    net_msg hello = {.type = NET_MSG_HELLO};
    hello.u.hello.version = NET_PROTOCOL_VERSION;
    snprintf(hello.u.hello.name, sizeof hello.u.hello.name, "Load %u", c->rng % 100000u);
    send_msg(p, c, &hello, now);
    const size_t rest = c->hs_len - (size_t)(end + 4 - c->hs);
    if (rest) feed(p, c, (const uint8_t *)end + 4, rest, now);
}

static void readable(load_pool *p, client *c, uint64_t now) {
    uint8_t buf[16384];
    for (;;) {
        if (c->fd < 0) return;
        if (c->state == C_UPGRADING) {
            ssize_t n = recv(c->fd, c->hs + c->hs_len, HS_CAP - 1 - c->hs_len, MSG_DONTWAIT);
            if (n <= 0) {
                if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) fail(p, c, now);
                return;
            }
            c->down += (size_t)n;
            c->hs_len += (size_t)n;
            c->hs[c->hs_len] = '\0';
            if (strstr(c->hs, "\r\n\r\n"))
                upgraded(p, c, now);
            else if (c->hs_len == HS_CAP - 1)
                fail(p, c, now);
            continue;
        }
        ssize_t n = recv(c->fd, buf, sizeof buf, MSG_DONTWAIT);
        if (n <= 0) {
            if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) fail(p, c, now);
            return;
        }
        c->down += (size_t)n;
        feed(p, c, buf, (size_t)n, now);
    }
}

static void connected(load_pool *p, client *c, uint64_t now) {
    int err = 0;
    socklen_t len = sizeof err;
    if (getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0 || err) {
        fail(p, c, now);
        return;
    }
    struct epoll_event ev = {.events = EPOLLIN, .data.ptr = c};
    epoll_ctl(p->epoll, EPOLL_CTL_MOD, c->fd, &ev);
    c->state = C_UPGRADING;
    static const char key[] = "YXJlbmEtbmV0LWxvYWQhIQ=="; // any 16 bytes in base64 will do
    char req[256];
    int n = snprintf(req, sizeof req,
                     "GET / HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n"
                     "Sec-WebSocket-Protocol: arena\r\n\r\n",
                     (unsigned)p->port[c->match], key);
    memcpy(c->out, req, (size_t)n);
    c->out_len = (size_t)n;
    flush(p, c, now);
}

bool load_pool_connect(load_pool *p, int m, const char *url, char *why, size_t why_size) {
    unsigned port = 0;
    if (sscanf(url, "ws://127.0.0.1:%u", &port) != 1 || port == 0 || port > 65535) {
        snprintf(why, why_size, "%s: not ws://127.0.0.1:PORT", url);
        return false;
    }
    p->port[m] = (uint16_t)port;
    struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    for (int i = 0; i < p->per_match; i++) {
        client *c = &p->cs[m * p->per_match + i];
        c->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (c->fd < 0) {
            snprintf(why, why_size, "socket: %s", strerror(errno));
            return false;
        }
        const int one = 1; // inputs are small and due at once, as the game's client sends them
        setsockopt(c->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        c->state = C_CONNECTING;
        struct epoll_event ev = {.events = EPOLLIN | EPOLLOUT, .data.ptr = c};
        if (epoll_ctl(p->epoll, EPOLL_CTL_ADD, c->fd, &ev) != 0) {
            snprintf(why, why_size, "epoll: %s", strerror(errno));
            return false;
        }
        if (connect(c->fd, (const struct sockaddr *)&to, sizeof to) != 0 && errno != EINPROGRESS)
            fail(p, c, net_serve_now_us());
    }
    return true;
}

// The next tick's input: the stick turns to one of 8 directions now and then, aims where it
// goes, and fires in bursts.
static sim_input next_input(client *c) {
    static const int8_t dirs[8][2] = {{127, 0},  {90, 90},   {0, 127},  {-90, 90},
                                      {-127, 0}, {-90, -90}, {0, -127}, {90, -90}};
    if (c->seq % 45 == 0) c->rng = c->rng * 1664525u + 1013904223u;
    const int d = (int)(c->rng >> 29);
    ++c->seq;
    return (sim_input){.move_x = dirs[d][0],
                       .move_y = dirs[d][1],
                       .aim_x = dirs[d][0],
                       .aim_y = dirs[d][1],
                       .buttons = (c->seq / 20) % 3 == 0 ? SIM_BUTTON_FIRE : 0};
}

// As the game's client: every NET_INPUT_EVERY ticks an INPUT with the ticks' inputs since the
// last (input k is for tick - k).
static void send_input(load_pool *p, client *c, uint64_t now) {
    net_msg m = {.type = NET_MSG_INPUT};
    m.u.input.count = NET_INPUT_EVERY;
    for (int k = NET_INPUT_EVERY - 1; k >= 0; k--) m.u.input.input[k] = next_input(c);
    m.u.input.tick = c->seq;
    send_msg(p, c, &m, now);
}

void load_pool_run(load_pool *p, uint64_t deadline_us) {
    const uint64_t cpu0 = tool_thread_cpu_ns(), t0 = net_serve_now_us();
    const int n = p->matches * p->per_match;
    // Each client sends on a phase of its own, spread over the interval, as players' machines
    // do: not all 1,000 INPUTs in the same instant every other tick.
    const uint64_t period = NET_INPUT_EVERY * TICK_US;
    for (int i = 0; i < n; i++) p->cs[i].next_send_us = t0 + period * (uint64_t)i / (uint64_t)n;
    struct epoll_event evs[256];
    for (;;) {
        uint64_t now = net_serve_now_us();
        int live = 0;
        uint64_t next = now + period;
        for (int i = 0; i < n; i++) {
            client *c = &p->cs[i];
            if (c->state == C_ENDED || c->state == C_FAILED) continue;
            live++;
            if (now >= c->next_send_us) {
                if (c->out_len) flush(p, c, now);
                if (c->state == C_PLAYING) send_input(p, c, now);
                c->next_send_us += period;
                if (c->next_send_us < now) c->next_send_us = now + period; // no burst to catch up
            }
            if (c->next_send_us < next) next = c->next_send_us;
        }
        if (!live || now >= deadline_us) break;
        int wait_ms = (int)((next > now ? next - now + 999 : 0) / 1000u);
        int k = epoll_wait(p->epoll, evs, 256, wait_ms);
        now = net_serve_now_us();
        for (int i = 0; i < k; i++) {
            client *c = evs[i].data.ptr;
            if (c->state == C_CONNECTING)
                connected(p, c, now);
            else if (evs[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR))
                readable(p, c, now);
        }
    }
    const uint64_t now = net_serve_now_us();
    for (int i = 0; i < n; i++)
        if (p->cs[i].state != C_ENDED && p->cs[i].state != C_FAILED) {
            p->cs[i].state = C_OPEN; // not over by the deadline: failed below
            fail(p, &p->cs[i], now);
        }
    p->cpu_ns = tool_thread_cpu_ns() - cpu0;
    p->wall_us = now - t0;
}

load_match_figures load_pool_match(const load_pool *p, int m) {
    load_match_figures f = {0};
    for (int i = 0; i < p->per_match; i++) {
        const client *c = &p->cs[m * p->per_match + i];
        f.clients++;
        f.welcomed += c->welcomed_us != 0;
        f.ended += c->state == C_ENDED;
        f.failed += c->state != C_ENDED;
        f.bytes_down += c->down;
        f.bytes_up += c->up;
        if (c->welcomed_us && c->ended_us > c->welcomed_us)
            f.play_s += (double)(c->ended_us - c->welcomed_us) / 1e6;
    }
    return f;
}

void load_pool_cpu(const load_pool *p, uint64_t *cpu_ns, uint64_t *wall_us) {
    *cpu_ns = p->cpu_ns;
    *wall_us = p->wall_us;
}
