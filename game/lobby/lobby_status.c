// The lobby's answers that are text it makes: any response's head, and GET /status.
#include "lobby_server.h"

#include "lobby_http.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

char *lobby_respond(int status, const char *type, const char *extra, const char *body,
                    size_t body_len, bool head_only, size_t *len) {
    char head[512];
    int n = snprintf(head, sizeof head,
                     "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
                     "Cache-Control: no-cache\r\nConnection: close\r\n%s\r\n",
                     status, lobby_http_reason(status), type, body_len, extra);
    if (n < 0 || (size_t)n >= sizeof head) return NULL;
    const size_t body_sent = head_only ? 0 : body_len;
    char *out = malloc((size_t)n + body_sent + 1);
    if (!out) return NULL;
    memcpy(out, head, (size_t)n);
    if (body_sent) memcpy(out + n, body, body_sent);
    *len = (size_t)n + body_sent;
    return out;
}

typedef struct text {
    char *s;
    size_t len, cap;
    bool failed;
} text;

static void add(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(text *t, const char *fmt, ...) {
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = t->failed ? 0 : vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        if (t->failed || n < 0) {
            t->failed = true;
            return;
        }
        if ((size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        char *s = realloc(t->s, t->cap * 2 + (size_t)n);
        if (!s) {
            t->failed = true;
            return;
        }
        t->s = s;
        t->cap = t->cap * 2 + (size_t)n;
    }
}

static double seconds(struct timeval tv) {
    return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

char *lobby_status_json(const lobby *l, uint64_t now_ms, size_t *len) {
    text t = {malloc(2048), 0, 2048, false};
    if (!t.s) return NULL;
    const lobby_matches *ms = &l->ms;
    double live_cpu = 0;
    int players = 0;
    add(&t, "{\"matches\": [");
    bool first = true;
    for (int i = 0; i < LOBBY_MATCHES_MAX; i++) {
        const lobby_match *m = &ms->m[i];
        if (m->state == LOBBY_MATCH_FREE) continue;
        const double cpu = lobby_match_cpu_s(m);
        live_cpu += cpu;
        players += m->players;
        add(&t,
            "%s{\"id\": %d, \"pid\": %d, \"port\": %d, \"players\": %d, \"state\": \"%s\", "
            "\"age_s\": %.1f, \"cpu_s\": %.2f}",
            first ? "" : ", ", m->id, (int)m->pid, m->port, m->players,
            lobby_match_state_name(m->state), (double)(now_ms - m->started_ms) / 1000.0, cpu);
        first = false;
    }
    struct rusage self;
    getrusage(RUSAGE_SELF, &self);
    const lobby_counts *c = &l->counts;
    add(&t,
        "], \"totals\": {\"running\": %d, \"players\": %d, \"started\": %u, \"ended\": %u, "
        "\"crashed\": %u, \"seats\": %u, \"max_matches\": %d, \"match_size\": %d}, "
        "\"http\": {\"connections\": %llu, \"requests\": %llu, \"refused\": %llu, "
        "\"timed_out\": %llu, \"evicted\": %llu}, "
        "\"cpu\": {\"lobby_s\": %.2f, \"servers_s\": %.2f}, \"uptime_s\": %.1f}\n",
        lobby_matches_running(ms), players, ms->started, ms->ended, ms->crashed, ms->seats,
        l->o->max_matches, l->o->match_size, (unsigned long long)c->connections,
        (unsigned long long)c->requests, (unsigned long long)c->refused,
        (unsigned long long)c->timed_out, (unsigned long long)c->evicted,
        seconds(self.ru_utime) + seconds(self.ru_stime), ms->reaped_cpu_s + live_cpu,
        (double)(now_ms - l->started_ms) / 1000.0);
    if (t.failed) {
        free(t.s);
        return NULL;
    }
    *len = t.len;
    return t.s;
}
