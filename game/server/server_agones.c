// Agones' REST gateway from arena-server, one non-blocking request at a time (server_agones.h).
#include "server_agones.h"

#include "net_log.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/// A request the gateway has not answered in this long is given up (and retried when it must).
#define ANSWER_US (5 * 1000000ull)
/// Bytes of an answer kept: its status line.
#define ANSWER_KEEP 64

typedef enum call_kind { CALL_NONE, CALL_READY, CALL_HEALTH, CALL_SHUTDOWN } call_kind;
typedef enum io_state { IO_IDLE, IO_CONNECTING, IO_SENDING, IO_READING } io_state;

static const char *const call_path[] = {"", "/ready", "/health", "/shutdown"};

struct agones {
    int port;
    void (*log)(void *user, const char *line);
    void *user;
    bool want_ready, ready_done, want_shutdown, shutdown_done;
    uint64_t next_health_us, retry_us;
    call_kind call;
    io_state io;
    int fd;
    uint64_t started_us;
    char request[256];
    size_t request_size, sent;
    char answer[ANSWER_KEEP]; // the status line is all that is read; the rest is discarded
    size_t answer_size;
};

agones *agones_create(int port, void (*log)(void *user, const char *line), void *user) {
    agones *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    a->port = port;
    a->log = log;
    a->user = user;
    a->fd = -1;
    return a;
}

void agones_destroy(agones *a) {
    if (!a) return;
    if (a->fd >= 0) close(a->fd);
    free(a);
}

int agones_port_from_env(void) {
    const char *text = getenv("AGONES_SDK_HTTP_PORT");
    if (!text || !text[0]) return AGONES_DEFAULT_PORT;
    char *end;
    errno = 0;
    long port = strtol(text, &end, 10);
    return errno || *end || port < 1 || port > 65535 ? -1 : (int)port;
}

void agones_ready(agones *a, uint64_t now_us) {
    a->want_ready = true;
    a->retry_us = now_us;
}

void agones_shutdown(agones *a, uint64_t now_us) {
    a->want_shutdown = true;
    a->want_ready = false;
    a->retry_us = now_us;
}

bool agones_shut_down(const agones *a) {
    return a->shutdown_done;
}

static void say(agones *a, const char *result) {
    char line[NET_LOG_QUOTED_MAX + 64];
    snprintf(line, sizeof line, "event=agones call=%s %s", call_path[a->call] + 1, result);
    if (a->log) a->log(a->user, line);
}

// The call under way is over: answered with `status` (0: not answered, `why` says why).
static void finish(agones *a, uint64_t now, int status, const char *why) {
    if (a->fd >= 0) close(a->fd);
    a->fd = -1;
    a->io = IO_IDLE;
    const bool ok = status >= 200 && status < 300;
    char result[NET_LOG_QUOTED_MAX + 16];
    if (ok) {
        snprintf(result, sizeof result, "status=%d", status);
    } else {
        char quoted[NET_LOG_QUOTED_MAX];
        char text[64];
        if (status) snprintf(text, sizeof text, "answered HTTP %d", status);
        net_log_quote(quoted, sizeof quoted, status ? text : why);
        snprintf(result, sizeof result, "error=%s", quoted);
    }
    if (!ok || a->call != CALL_HEALTH) say(a, result); // a good health is no news
    switch (a->call) {
    case CALL_READY:
        if (ok) a->ready_done = true, a->next_health_us = now + AGONES_HEALTH_US;
        break;
    case CALL_SHUTDOWN:
        if (ok) a->shutdown_done = true;
        break;
    default:
        break;
    }
    if (!ok) a->retry_us = now + AGONES_RETRY_US;
    a->call = CALL_NONE;
}

static void start(agones *a, call_kind call, uint64_t now) {
    a->call = call;
    a->started_us = now;
    a->sent = a->answer_size = 0;
    int n = snprintf(a->request, sizeof a->request,
                     "POST %s HTTP/1.1\r\nHost: localhost:%d\r\nContent-Type: application/json\r\n"
                     "Content-Length: 2\r\nConnection: close\r\n\r\n{}",
                     call_path[call], a->port);
    a->request_size = (size_t)n;
    a->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (a->fd < 0) {
        finish(a, now, 0, strerror(errno));
        return;
    }
    struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons((uint16_t)a->port)};
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(a->fd, (const struct sockaddr *)&to, sizeof to) == 0)
        a->io = IO_SENDING;
    else if (errno == EINPROGRESS)
        a->io = IO_CONNECTING;
    else
        finish(a, now, 0, strerror(errno));
}

// The next call that is due, CALL_NONE when none is.
static call_kind due(const agones *a, uint64_t now) {
    if (a->want_shutdown)
        return !a->shutdown_done && now >= a->retry_us ? CALL_SHUTDOWN : CALL_NONE;
    if (a->want_ready && !a->ready_done) return now >= a->retry_us ? CALL_READY : CALL_NONE;
    if (a->ready_done && now >= a->next_health_us) return CALL_HEALTH;
    return CALL_NONE;
}

// "HTTP/1.1 200 OK": the status, 0 when the line is not an HTTP answer's.
static int status_of(const char *line, size_t n) {
    int major, minor, status;
    char copy[ANSWER_KEEP + 1];
    memcpy(copy, line, n);
    copy[n] = '\0';
    return sscanf(copy, "HTTP/%d.%d %3d", &major, &minor, &status) == 3 ? status : 0;
}

// Advances the call under way as far as the socket lets it now; false when it has to wait.
static bool step(agones *a, uint64_t now) {
    if (now - a->started_us >= ANSWER_US) {
        finish(a, now, 0, "no answer within 5 s");
        return false;
    }
    switch (a->io) {
    case IO_CONNECTING: {
        struct pollfd p = {.fd = a->fd, .events = POLLOUT};
        if (poll(&p, 1, 0) <= 0) return false;
        int err = 0;
        socklen_t len = sizeof err;
        if (getsockopt(a->fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0) err = errno;
        if (err) {
            finish(a, now, 0, strerror(err));
            return false;
        }
        a->io = IO_SENDING;
        return true;
    }
    case IO_SENDING: {
        ssize_t n = send(a->fd, a->request + a->sent, a->request_size - a->sent,
                         MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n < 0) {
            if (errno != EAGAIN && errno != EWOULDBLOCK) finish(a, now, 0, strerror(errno));
            return false;
        }
        a->sent += (size_t)n;
        if (a->sent == a->request_size) a->io = IO_READING;
        return true;
    }
    case IO_READING: {
        char buf[1024];
        ssize_t n = recv(a->fd, buf, sizeof buf, MSG_DONTWAIT);
        if (n < 0) {
            if (errno != EAGAIN && errno != EWOULDBLOCK) finish(a, now, 0, strerror(errno));
            return false;
        }
        if (n == 0) { // Connection: close: the answer is whole
            int status = status_of(a->answer, a->answer_size);
            finish(a, now, status, "the answer was not HTTP");
            return false;
        }
        size_t keep = sizeof a->answer - a->answer_size;
        if ((size_t)n < keep) keep = (size_t)n;
        memcpy(a->answer + a->answer_size, buf, keep);
        a->answer_size += keep;
        return true;
    }
    default:
        return false;
    }
}

void agones_update(agones *a, uint64_t now_us) {
    if (a->io == IO_IDLE) {
        call_kind call = due(a, now_us);
        if (call == CALL_NONE) return;
        if (call == CALL_HEALTH) a->next_health_us = now_us + AGONES_HEALTH_US;
        start(a, call, now_us);
    }
    while (a->io != IO_IDLE && step(a, now_us)) {
    }
}
