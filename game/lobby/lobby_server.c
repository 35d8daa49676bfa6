// The lobby's poll loop (lobby_server.h): connections from accept to close, the routes, files.
#define _GNU_SOURCE // accept4, NI_MAXHOST
#include "lobby_server.h"

#include "lobby_http.h"
#include "tool_util.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#define PROGRAM      "arena-lobby"
#define CONNS_MAX    2048  // connections at once (fewer when the file limit is lower)
#define ACCEPT_BURST 256   // connections taken per turn of the loop
#define IDLE_MS      10000 // a response that the peer does not read for this long is dropped
#define DRAIN_MS     2000  // after a response, what the peer still sends is read this long
#define CHUNK        65536 // file bytes sent per buffer
#define STOP_MS      30000 // servers still running this long after a stop are killed

typedef enum conn_state { C_FREE, C_READ, C_PARKED, C_WRITE, C_DRAIN } conn_state;

struct lobby_conn {
    conn_state state;
    int fd;
    uint64_t opened_ms, deadline_ms;
    char *in; // LOBBY_HEAD_MAX bytes while reading
    size_t in_len;
    char *out;
    size_t out_len, out_sent;
    int file_fd;
    uint64_t file_left;
    // A parked quick play: the match (index and id) and the seat's token number.
    int match, match_id;
    uint32_t seat;
    char host[NI_MAXHOST + 2]; // for the url: the address it reached us at
};

uint64_t lobby_now_ms(void) {
    return tool_now_ns() / 1000000u;
}

static void conn_close(lobby_conn *c) {
    close(c->fd);
    if (c->file_fd >= 0) close(c->file_fd);
    free(c->in);
    free(c->out);
    memset(c, 0, sizeof *c);
    c->fd = c->file_fd = -1;
    c->state = C_FREE;
}

// Sends out (a whole response made by lobby_respond, owned from now on), then the file if any.
static void conn_send(lobby *l, lobby_conn *c, int status, char *out, size_t len, uint64_t now) {
    free(c->in);
    c->in = NULL;
    if (!out) { // out of memory: nothing to say it with
        conn_close(c);
        return;
    }
    if (status >= 400 && status < 500) l->counts.refused++;
    c->out = out;
    c->out_len = len;
    c->out_sent = 0;
    c->state = C_WRITE;
    c->deadline_ms = now + IDLE_MS;
}

static void send_text(lobby *l, lobby_conn *c, int status, const char *extra, const char *text,
                      bool head_only, uint64_t now) {
    size_t len;
    char *out = lobby_respond(status, "text/plain; charset=utf-8", extra, text, strlen(text),
                              head_only, &len);
    conn_send(l, c, status, out, len, now);
}

static void send_json(lobby *l, lobby_conn *c, int status, const char *json, uint64_t now) {
    size_t len;
    char *out = lobby_respond(status, "application/json", "", json, strlen(json), false, &len);
    conn_send(l, c, status, out, len, now);
}

static void refuse(lobby *l, lobby_conn *c, int status, const char *why, uint64_t now) {
    char body[160];
    snprintf(body, sizeof body, "%d %s: %s\n", status, lobby_http_reason(status), why);
    send_text(l, c, status, "", body, false, now);
}

// ---- Files (--web) ----

static const char *mime_type(const char *path) {
    static const char *const types[][2] = {
        {".html", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".wasm", "application/wasm"},
        {".data", "application/octet-stream"},
        {".css", "text/css; charset=utf-8"},
        {".png", "image/png"},
        {".json", "application/json"},
        {".txt", "text/plain; charset=utf-8"},
        {".ico", "image/x-icon"},
        {".svg", "image/svg+xml"},
    };
    const char *dot = strrchr(path, '.');
    for (size_t i = 0; dot && i < sizeof types / sizeof types[0]; i++)
        if (!strcmp(dot, types[i][0])) return types[i][1];
    return "application/octet-stream";
}

// The request's path (already free of "//", "." and "..", lobby_http.c) under --web: a regular
// file whose name no segment hides (a leading '.'), else 404.
static void send_file(lobby *l, lobby_conn *c, const char *path, bool head_only, uint64_t now) {
    const char *name = strcmp(path, "/") ? path + 1 : "index.html";
    if (strstr(path, "/.")) {
        refuse(l, c, 404, "no such file", now);
        return;
    }
    int fd = openat(l->web_fd, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (fd >= 0) close(fd);
        refuse(l, c, 404, "no such file", now);
        return;
    }
    size_t len;
    char *out = lobby_respond(200, mime_type(name), "", NULL, (size_t)st.st_size, true, &len);
    conn_send(l, c, 200, out, len, now);
    if (c->state != C_WRITE || head_only) {
        close(fd);
        return;
    }
    c->file_fd = fd;
    c->file_left = (uint64_t)st.st_size;
}

// ---- Quick play ----

// The url's host: the address this connection reached the lobby at (the servers listen on the
// lobby's address, so that one reaches them too, where a name such as "localhost" might resolve
// to an address family they do not listen on).
static void request_host(lobby_conn *c) {
    struct sockaddr_storage sa;
    socklen_t n = sizeof sa;
    char name[NI_MAXHOST];
    if (getsockname(c->fd, (struct sockaddr *)&sa, &n) != 0 ||
        getnameinfo((struct sockaddr *)&sa, n, name, sizeof name, NULL, 0, NI_NUMERICHOST) != 0)
        snprintf(name, sizeof name, "127.0.0.1");
    snprintf(c->host, sizeof c->host, strchr(name, ':') ? "[%s]" : "%s", name);
}

// A parked quick play whose match listens now, or failed to.
static void answer_seat(lobby *l, lobby_conn *c, uint64_t now) {
    const lobby_match *m = &l->ms.m[c->match];
    if (m->id != c->match_id || m->state == LOBBY_MATCH_FREE || m->state == LOBBY_MATCH_ENDED) {
        send_json(l, c, 503, "{\"error\": \"the match server did not start\"}", now);
        return;
    }
    uint8_t token[NET_TOKEN_BYTES];
    char hex[2 * NET_TOKEN_BYTES + 1], json[sizeof c->host + 128];
    net_token_derive(m->key, c->seat, token);
    net_hex_write(token, sizeof token, hex);
    snprintf(json, sizeof json, "{\"url\": \"ws://%s:%d\", \"token\": \"%s\"}", c->host, m->port,
             hex);
    send_json(l, c, 200, json, now);
}

static void quick_play(lobby *l, lobby_conn *c, uint64_t now) {
    uint32_t seat;
    int i = lobby_match_seat(&l->ms, now, &seat);
    if (i < 0) {
        char json[160];
        snprintf(json, sizeof json,
                 "{\"error\": \"all %d matches are full or running; try again soon\"}",
                 l->o->max_matches);
        send_json(l, c, 503, json, now);
        return;
    }
    free(c->in);
    c->in = NULL;
    request_host(c);
    c->match = i;
    c->match_id = l->ms.m[i].id;
    c->seat = seat;
    c->state = C_PARKED;
}

// ---- Routes ----

static void route(lobby *l, lobby_conn *c, const lobby_request *r, uint64_t now) {
    l->counts.requests++;
    const bool get = r->method == LOBBY_GET || r->method == LOBBY_HEAD;
    const bool head = r->method == LOBBY_HEAD;
    if (!strcmp(r->path, "/quick-play")) {
        if (r->method == LOBBY_POST)
            quick_play(l, c, now);
        else
            send_text(l, c, 405, "Allow: POST\r\n", "405 Method Not Allowed: POST it\n", false,
                      now);
        return;
    }
    if (!get) {
        send_text(l, c, 405, "Allow: GET, HEAD\r\n", "405 Method Not Allowed: GET or HEAD\n", false,
                  now);
        return;
    }
    if (!strcmp(r->path, "/health")) {
        send_text(l, c, 200, "", "ok\n", head, now);
    } else if (!strcmp(r->path, "/status")) {
        size_t len = 0;
        char *json = lobby_status_json(l, now, &len);
        char *out = json ? lobby_respond(200, "application/json", "", json, len, head, &len) : NULL;
        free(json);
        conn_send(l, c, 200, out, len, now);
    } else if (l->web_fd >= 0) {
        send_file(l, c, r->path, head, now);
    } else {
        refuse(l, c, 404, "no such page (this lobby serves no web page: --web)", now);
    }
}

// ---- Connections ----

static void conn_read(lobby *l, lobby_conn *c, uint64_t now) {
    ssize_t n = read(c->fd, c->in + c->in_len, LOBBY_HEAD_MAX - c->in_len);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
    if (n <= 0) {
        conn_close(c);
        return;
    }
    c->in_len += (size_t)n;
    lobby_request r;
    const char *why;
    long got = lobby_http_parse(c->in, c->in_len, &r, &why);
    if (got < 0)
        refuse(l, c, (int)-got, why, now);
    else if (got > 0)
        route(l, c, &r, now);
}

// Done sending: no more from us; what the peer still sends is read and dropped for a moment, so
// that closing with unread bytes (a refused body) does not reset the answer away.
static void conn_done(lobby_conn *c, uint64_t now) {
    free(c->out);
    c->out = NULL;
    if (shutdown(c->fd, SHUT_WR) != 0) {
        conn_close(c);
        return;
    }
    c->state = C_DRAIN;
    c->deadline_ms = now + DRAIN_MS;
}

static void conn_write(lobby_conn *c, uint64_t now) {
    for (;;) {
        if (c->out_sent == c->out_len) {
            if (c->file_left == 0) {
                conn_done(c, now);
                return;
            }
            if (c->out_len < CHUNK) { // the head's buffer becomes the file's
                char *b = realloc(c->out, CHUNK);
                if (!b) {
                    conn_close(c);
                    return;
                }
                c->out = b;
            }
            size_t want = c->file_left < CHUNK ? (size_t)c->file_left : CHUNK;
            ssize_t r = read(c->file_fd, c->out, want);
            if (r <= 0) { // the file shrank or failed under us: its length was a lie
                conn_close(c);
                return;
            }
            c->out_len = (size_t)r;
            c->out_sent = 0;
            c->file_left -= (uint64_t)r;
        }
        ssize_t w = send(c->fd, c->out + c->out_sent, c->out_len - c->out_sent, MSG_NOSIGNAL);
        if (w < 0 && (errno == EAGAIN || errno == EINTR)) return;
        if (w <= 0) {
            conn_close(c);
            return;
        }
        c->out_sent += (size_t)w;
        c->deadline_ms = now + IDLE_MS;
    }
}

static void conn_drain(lobby_conn *c) {
    char buf[4096];
    for (int i = 0; i < 16; i++) {
        ssize_t n = read(c->fd, buf, sizeof buf);
        if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
        if (n <= 0) break;
    }
    conn_close(c); // its end, an error, or more than it should still send
}

// A free slot, else the one of the oldest connection still sending its head (closed for room).
static lobby_conn *free_conn(lobby *l) {
    lobby_conn *oldest = NULL;
    for (int i = 0; i < l->conn_cap; i++) {
        lobby_conn *c = &l->conns[i];
        if (c->state == C_FREE) return c;
        if (c->state == C_READ && (!oldest || c->opened_ms < oldest->opened_ms)) oldest = c;
    }
    if (!oldest) return NULL;
    l->counts.evicted++;
    conn_close(oldest);
    return oldest;
}

static void accept_some(lobby *l, uint64_t now) {
    for (int i = 0; i < ACCEPT_BURST; i++) {
        int fd = accept4(l->listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) return; // EAGAIN, or out of files: the next turn tries again
        l->counts.connections++;
        lobby_conn *c = free_conn(l);
        char *in = c ? malloc(LOBBY_HEAD_MAX) : NULL;
        if (!in) {
            close(fd);
            continue;
        }
        c->state = C_READ;
        c->fd = fd;
        c->file_fd = -1;
        c->in = in;
        c->in_len = 0;
        c->opened_ms = now;
        c->deadline_ms = now + (uint64_t)l->o->request_timeout * 1000u;
    }
}

// ---- Start, loop, end ----

static int listen_on(const lobby_options *o, int *port) {
    struct addrinfo hints = {0}, *res = NULL;
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    char service[16];
    snprintf(service, sizeof service, "%d", o->port);
    int rc = getaddrinfo(o->host, service, &hints, &res);
    if (rc != 0) {
        tool_fail(PROGRAM, o->listen, "%s", gai_strerror(rc));
        return -1;
    }
    int fd = socket(res->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    int one = 1;
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
        bind(fd, res->ai_addr, res->ai_addrlen) != 0 || listen(fd, 1024) != 0) {
        tool_fail(PROGRAM, o->listen, "cannot listen: %s", strerror(errno));
        if (fd >= 0) close(fd);
        freeaddrinfo(res);
        return -1;
    }
    freeaddrinfo(res);
    struct sockaddr_storage sa;
    socklen_t n = sizeof sa;
    getsockname(fd, (struct sockaddr *)&sa, &n);
    *port = ntohs(sa.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&sa)->sin6_port
                                           : ((struct sockaddr_in *)&sa)->sin_port);
    return fd;
}

// As many connections as the file limit leaves room for beside the servers' pipes: the soft
// limit is raised to the hard one first (a lobby is a server).
static int conn_room(void) {
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0) return 256;
    if (rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
        getrlimit(RLIMIT_NOFILE, &rl);
    }
    const long spare = 32 + 2 * LOBBY_MATCHES_MAX; // stdio, the servers' pipes, the web folder
    // Each connection may also hold a file open while it sends one: half the rest each.
    long room = ((long)rl.rlim_cur - spare) / 2;
    return room < 16 ? 16 : room > CONNS_MAX ? CONNS_MAX : (int)room;
}

bool lobby_start(lobby *l, const lobby_options *o) {
    memset(l, 0, sizeof *l);
    l->o = o;
    l->listen_fd = l->web_fd = -1;
    l->started_ms = lobby_now_ms();
    char why[4200];
    if (!lobby_matches_init(&l->ms, o, why, sizeof why)) {
        tool_fail(PROGRAM, "arena-server", "%s", why);
        return false;
    }
    if (o->web) {
        l->web_fd = open(o->web, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (l->web_fd < 0) {
            tool_fail(PROGRAM, o->web, "cannot open: %s", strerror(errno));
            return false;
        }
    }
    l->conn_cap = conn_room();
    l->conns = calloc((size_t)l->conn_cap, sizeof *l->conns);
    if (!l->conns) {
        tool_fail(PROGRAM, "memory", "out of memory");
        return false;
    }
    for (int i = 0; i < l->conn_cap; i++) l->conns[i].fd = l->conns[i].file_fd = -1;
    l->listen_fd = listen_on(o, &l->port);
    return l->listen_fd >= 0;
}

// One turn: wait for sockets and pipes (a tenth of a second at most: deadlines and reaping need
// no sooner), serve what is ready, reap, answer the quick plays whose match listens, time out.
static void turn(lobby *l, bool accepting, struct pollfd *pf, int *who) {
    int n = 0;
    if (accepting) pf[n] = (struct pollfd){l->listen_fd, POLLIN, 0}, who[n++] = -1;
    for (int i = 0; i < LOBBY_MATCHES_MAX; i++)
        if (l->ms.m[i].out_fd >= 0)
            pf[n] = (struct pollfd){l->ms.m[i].out_fd, POLLIN, 0}, who[n++] = -2 - i;
    for (int i = 0; i < l->conn_cap; i++) {
        const lobby_conn *c = &l->conns[i];
        if (c->state == C_FREE) continue;
        short ev = c->state == C_WRITE ? POLLOUT : c->state == C_PARKED ? 0 : POLLIN;
        pf[n] = (struct pollfd){c->fd, ev, 0}, who[n++] = i;
    }
    poll(pf, (nfds_t)n, 100);
    uint64_t now = lobby_now_ms();
    for (int k = 0; k < n; k++) {
        if (!pf[k].revents) continue;
        if (who[k] == -1) {
            accept_some(l, now);
        } else if (who[k] <= -2) {
            lobby_match_read(&l->ms, -2 - who[k]);
        } else {
            lobby_conn *c = &l->conns[who[k]];
            if (c->fd != pf[k].fd) continue; // closed for room this turn, its slot taken again
            if (c->state == C_READ)
                conn_read(l, c, now);
            else if (c->state == C_WRITE)
                conn_write(c, now);
            else if (c->state == C_DRAIN)
                conn_drain(c);
            else if (c->state == C_PARKED)
                conn_close(c); // it hung up while it waited
        }
    }
    lobby_matches_tick(&l->ms, now);
    for (int i = 0; i < l->conn_cap; i++) {
        lobby_conn *c = &l->conns[i];
        if (c->state == C_PARKED) {
            const lobby_match *m = &l->ms.m[c->match];
            if (m->id != c->match_id || m->state != LOBBY_MATCH_STARTING) answer_seat(l, c, now);
        } else if (c->state != C_FREE && now >= c->deadline_ms) {
            if (c->state == C_READ) l->counts.timed_out++;
            conn_close(c);
        }
    }
}

void lobby_run(lobby *l, volatile int *stop) {
    const int cap = 1 + LOBBY_MATCHES_MAX + l->conn_cap;
    struct pollfd *pf = malloc((size_t)cap * sizeof *pf);
    int *who = malloc((size_t)cap * sizeof *who);
    if (!pf || !who) {
        tool_fail(PROGRAM, "memory", "out of memory");
        *stop = 1;
    }
    while (pf && who && !*stop) turn(l, true, pf, who);
    // Stopping: the servers end their matches as at their end (SIGTERM), then go.
    lobby_matches_stop(&l->ms, false);
    const uint64_t until = lobby_now_ms() + STOP_MS;
    while (pf && who && lobby_matches_running(&l->ms) > 0 && lobby_now_ms() < until)
        turn(l, false, pf, who);
    if (lobby_matches_running(&l->ms) > 0) {
        lobby_matches_stop(&l->ms, true);
        while (pf && who && lobby_matches_running(&l->ms) > 0) turn(l, false, pf, who);
    }
    free(pf);
    free(who);
}

void lobby_end(lobby *l) {
    for (int i = 0; i < l->conn_cap && l->conns; i++)
        if (l->conns[i].state != C_FREE) conn_close(&l->conns[i]);
    free(l->conns);
    if (l->listen_fd >= 0) close(l->listen_fd);
    if (l->web_fd >= 0) close(l->web_fd);
}
