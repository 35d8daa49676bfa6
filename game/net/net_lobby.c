// Asking a lobby for a seat (net_lobby.h): one POST over a non-blocking socket, the answer read
// to the end (the lobby closes after it), its status and JSON read strictly.
#define _GNU_SOURCE // NI_MAXHOST
#include "net_lobby.h"

#include "net_url.h"

#include "net_token.h"

#include <errno.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define ANSWER_MAX 16384 // a lobby's answer is a few hundred bytes

struct net_lobby_ask {
    int fd;
    net_lobby_state state;
    uint64_t deadline_us;
    char request[512];
    size_t request_len, sent;
    char answer[ANSWER_MAX + 1];
    size_t answer_len;
    char url[NI_MAXHOST + 32];
    uint8_t token[NET_TOKEN_BYTES];
    char error[200];
};

bool net_lobby_url(const char *address) {
    return !strncmp(address, "http://", 7);
}

net_lobby_ask *net_lobby_ask_start(const char *lobby_url, uint64_t now_us, ae_error *err) {
    net_url u; // a lobby is its root: http://HOST[:PORT][/]
    if (!net_url_parse_http(lobby_url, &u) || strcmp(u.path, "/") != 0) {
        ae_error_set(err, "a lobby's address is http://HOST or http://HOST:PORT");
        return NULL;
    }
    const char *host = u.host;
    char port[8];
    snprintf(port, sizeof port, "%d", u.port);
    struct addrinfo hints = {0}, *res = NULL;
    hints.ai_socktype = SOCK_STREAM;
    int rc = getaddrinfo(host, port, &hints, &res);
    if (rc != 0) {
        ae_error_set(err, "unknown host: %s", gai_strerror(rc));
        return NULL;
    }
    net_lobby_ask *q = calloc(1, sizeof *q);
    if (!q) {
        freeaddrinfo(res);
        ae_error_set(err, "out of memory");
        return NULL;
    }
    q->fd = socket(res->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (q->fd < 0 || (connect(q->fd, res->ai_addr, res->ai_addrlen) != 0 && errno != EINPROGRESS)) {
        ae_error_set(err, "cannot reach the lobby: %s", strerror(errno));
        freeaddrinfo(res);
        net_lobby_ask_destroy(q);
        return NULL;
    }
    freeaddrinfo(res);
    const bool v6 = strchr(host, ':') != NULL;
    int len = snprintf(q->request, sizeof q->request,
                       "POST /quick-play HTTP/1.1\r\nHost: %s%s%s:%s\r\nContent-Length: 0\r\n"
                       "Connection: close\r\n\r\n",
                       v6 ? "[" : "", host, v6 ? "]" : "", port);
    q->request_len = (size_t)len; // host is at most NI_MAXHOST: it fits
    q->deadline_us = now_us + NET_LOBBY_TIMEOUT_US;
    q->state = NET_LOBBY_WAITING;
    return q;
}

static net_lobby_state fail(net_lobby_ask *q, const char *fmt, const char *detail) {
    snprintf(q->error, sizeof q->error, fmt, detail);
    q->state = NET_LOBBY_FAILED;
    close(q->fd);
    q->fd = -1;
    return q->state;
}

// The string value of "key" in a flat JSON object (no escapes: the lobby sends none), into out.
static bool json_string(const char *json, const char *key, char *out, size_t n) {
    char pattern[32];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *p = strstr(json, pattern);
    if (!p) return false;
    p += strlen(pattern);
    while (*p == ' ') p++;
    if (*p++ != '"') return false;
    const char *end = strchr(p, '"');
    if (!end || (size_t)(end - p) >= n || memchr(p, '\\', (size_t)(end - p))) return false;
    memcpy(out, p, (size_t)(end - p));
    out[end - p] = '\0';
    return true;
}

// The whole answer came: its status, then the seat or the lobby's reason.
static net_lobby_state read_answer(net_lobby_ask *q) {
    q->answer[q->answer_len] = '\0';
    int status;
    if (sscanf(q->answer, "HTTP/1.%*[01] %d ", &status) != 1)
        return fail(q, "the lobby's answer is no HTTP%s", "");
    const char *body = strstr(q->answer, "\r\n\r\n");
    body = body ? body + 4 : "";
    char text[160];
    if (status != 200) {
        if (json_string(body, "error", text, sizeof text)) return fail(q, "the lobby: %s", text);
        snprintf(text, sizeof text, "%d", status);
        return fail(q, "the lobby answered HTTP %s", text);
    }
    char token[2 * NET_TOKEN_BYTES + 1];
    if (!json_string(body, "url", q->url, sizeof q->url) || strncmp(q->url, "ws://", 5) ||
        !json_string(body, "token", token, sizeof token) ||
        !net_hex_read(token, q->token, NET_TOKEN_BYTES))
        return fail(q, "the lobby's answer has no ws:// url and token%s", "");
    close(q->fd);
    q->fd = -1;
    q->state = NET_LOBBY_SEATED;
    return q->state;
}

net_lobby_state net_lobby_ask_poll(net_lobby_ask *q, int wait_ms, uint64_t now_us) {
    if (q->state != NET_LOBBY_WAITING) return q->state;
    if (now_us >= q->deadline_us) return fail(q, "the lobby did not answer within %s", "10 s");
    struct pollfd pf = {q->fd, (short)(q->sent < q->request_len ? POLLOUT : POLLIN), 0};
    if (poll(&pf, 1, wait_ms) <= 0) return q->state;
    if (q->sent < q->request_len) {
        int e = 0;
        socklen_t n = sizeof e;
        getsockopt(q->fd, SOL_SOCKET, SO_ERROR, &e, &n);
        if (e) return fail(q, "cannot reach the lobby: %s", strerror(e));
        ssize_t w = send(q->fd, q->request + q->sent, q->request_len - q->sent, MSG_NOSIGNAL);
        if (w < 0 && errno != EAGAIN && errno != EINTR)
            return fail(q, "cannot reach the lobby: %s", strerror(errno));
        if (w > 0) q->sent += (size_t)w;
        return q->state;
    }
    for (;;) {
        if (q->answer_len == ANSWER_MAX) return fail(q, "the lobby's answer is too long%s", "");
        ssize_t r = read(q->fd, q->answer + q->answer_len, ANSWER_MAX - q->answer_len);
        if (r < 0 && (errno == EAGAIN || errno == EINTR)) return q->state;
        if (r < 0) return fail(q, "the lobby's connection failed: %s", strerror(errno));
        if (r == 0) return read_answer(q);
        q->answer_len += (size_t)r;
    }
}

const char *net_lobby_ask_url(const net_lobby_ask *q) {
    return q->url;
}

const uint8_t *net_lobby_ask_token(const net_lobby_ask *q) {
    return q->token;
}

const char *net_lobby_ask_error(const net_lobby_ask *q) {
    return q->error;
}

void net_lobby_ask_destroy(net_lobby_ask *q) {
    if (!q) return;
    if (q->fd >= 0) close(q->fd);
    free(q);
}
