#define _GNU_SOURCE // pipe2, strsignal, wait4
#include "lobby_match.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

bool lobby_matches_init(lobby_matches *ms, const lobby_options *o, char *why, size_t n) {
    memset(ms, 0, sizeof *ms);
    ms->o = o;
    ms->next_id = 1;
    for (int i = 0; i < LOBBY_MATCHES_MAX; i++) ms->m[i].out_fd = -1;
    char self[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0) {
        snprintf(why, n, "cannot find this program's folder: %s", strerror(errno));
        return false;
    }
    self[len] = '\0';
    char *slash = strrchr(self, '/');
    if (slash) *slash = '\0';
    if (snprintf(ms->server, sizeof ms->server, "%s/arena-server", self) >=
            (int)sizeof ms->server ||
        access(ms->server, X_OK) != 0) {
        snprintf(why, n, "no arena-server beside arena-lobby in %s", self);
        return false;
    }
    return true;
}

const char *lobby_match_state_name(lobby_match_state s) {
    static const char *const names[] = {"free", "starting", "open", "playing", "ended"};
    return names[s];
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

// The child: stdin the key's pipe, stdout and stderr (its event lines) the lobby's pipe, so every
// line it writes is relayed with its match's number; then exec.
static void exec_server(const lobby_matches *ms, int in_fd, int out_fd, uint64_t seed) {
    const lobby_options *o = ms->o;
    char listen[96], players[16], bots[16], window[16], seed_text[32], ticks[16];
    snprintf(listen, sizeof listen, strchr(o->host, ':') ? "[%s]:0" : "%s:0", o->host);
    snprintf(players, sizeof players, "%d", o->match_size);
    snprintf(bots, sizeof bots, "%d", o->bots);
    snprintf(window, sizeof window, "%d", o->join_window);
    snprintf(seed_text, sizeof seed_text, "%" PRIu64, seed);
    snprintf(ticks, sizeof ticks, "%d", o->ticks);
    const char *argv[24] = {ms->server,         "--listen", listen,   "--once",
                            "--players",        players,    "--bots", bots,
                            "--join-window",    window,     "--seed", seed_text,
                            "--token-key-stdin"};
    int n = 13;
    if (o->ticks) argv[n++] = "--ticks", argv[n++] = ticks;
    if (o->record) argv[n++] = "--record", argv[n++] = o->record;
    argv[n] = NULL;
    if (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(out_fd, 2) < 0) _exit(127);
    signal(SIGPIPE, SIG_DFL); // the lobby ignores it; a new program starts with the default
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execv(ms->server, (char *const *)argv);
    fprintf(stderr, "arena-lobby: %s: cannot run: %s\n", ms->server, strerror(errno));
    _exit(127);
}

static uint64_t random_u64(void) {
    uint64_t v = 0;
    if (getrandom(&v, sizeof v, 0) != (ssize_t)sizeof v)
        v = (uint64_t)getpid() ^ (uint64_t)time(NULL);
    return v;
}

static int start(lobby_matches *ms, uint64_t now_ms) {
    int i = 0;
    while (i < LOBBY_MATCHES_MAX && ms->m[i].state != LOBBY_MATCH_FREE) i++;
    if (i == LOBBY_MATCHES_MAX) return -1;
    lobby_match *m = &ms->m[i];
    memset(m, 0, sizeof *m);
    if (getrandom(m->key, sizeof m->key, 0) != (ssize_t)sizeof m->key) {
        say("cannot start a match: no random key: %s", strerror(errno));
        return -1;
    }
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) {
        say("cannot start a match: %s", strerror(errno));
        return -1;
    }
    if (pipe2(out, O_CLOEXEC) != 0) {
        say("cannot start a match: %s", strerror(errno));
        close(in[0]), close(in[1]);
        return -1;
    }
    uint64_t seed = random_u64() % 1000000000u;
    pid_t pid = fork();
    if (pid == 0) exec_server(ms, in[0], out[1], seed);
    close(in[0]);
    close(out[1]);
    if (pid < 0) {
        say("cannot start a match: %s", strerror(errno));
        close(in[1]), close(out[0]);
        return -1;
    }
    // The key is one line; the pipe holds it whole (well under PIPE_BUF), so this never blocks.
    char line[2 * NET_TOKEN_KEY_BYTES + 2];
    net_hex_write(m->key, sizeof m->key, line);
    strcat(line, "\n");
    ssize_t w = write(in[1], line, strlen(line));
    (void)w; // a server that died at once is reaped and logged like any other
    close(in[1]);
    fcntl(out[0], F_SETFL, O_NONBLOCK);
    m->state = LOBBY_MATCH_STARTING;
    m->id = ms->next_id++;
    m->pid = pid;
    m->out_fd = out[0];
    m->started_ms = now_ms;
    ms->started++;
    say("match %d: started (pid %d, seed %" PRIu64 ")", m->id, (int)pid, seed);
    return i;
}

// Seats are handed out while the join window has a few seconds left, so that a person told to
// go there arrives in time.
static bool joinable(const lobby_matches *ms, const lobby_match *m, uint64_t now_ms) {
    const uint64_t window_ms = (uint64_t)ms->o->join_window * 1000u;
    const uint64_t margin_ms = window_ms / 2 < 5000 ? window_ms / 2 : 5000;
    return (m->state == LOBBY_MATCH_STARTING || m->state == LOBBY_MATCH_OPEN) &&
           m->players < ms->o->match_size && now_ms - m->started_ms < window_ms - margin_ms;
}

int lobby_match_seat(lobby_matches *ms, uint64_t now_ms, uint32_t *k) {
    int best = -1;
    for (int i = 0; i < LOBBY_MATCHES_MAX; i++) // the oldest open one fills first
        if (joinable(ms, &ms->m[i], now_ms) && (best < 0 || ms->m[i].id < ms->m[best].id)) best = i;
    if (best < 0) {
        if (lobby_matches_running(ms) >= ms->o->max_matches) return -1;
        best = start(ms, now_ms);
        if (best < 0) return -1;
    }
    lobby_match *m = &ms->m[best];
    *k = (uint32_t)m->players++;
    ms->seats++;
    if (m->players == ms->o->match_size && m->state == LOBBY_MATCH_OPEN)
        m->state = LOBBY_MATCH_PLAYING;
    return best;
}

static void line_done(lobby_match *m) {
    m->line[m->line_len] = '\0';
    int port;
    char end;
    const char *ws = strstr(m->line, "listening ws://");
    const char *colon = ws ? strrchr(ws, ':') : NULL;
    if (m->state == LOBBY_MATCH_STARTING && ws == m->line && colon &&
        sscanf(colon + 1, "%d%c", &port, &end) == 1 && port > 0 && port < 65536) {
        m->port = port;
        m->state = LOBBY_MATCH_OPEN;
    } else if (!strncmp(m->line, "hash: ", 6)) {
        m->state = LOBBY_MATCH_ENDED;
    }
    say("match %d: %s", m->id, m->line);
    m->line_len = 0;
}

void lobby_match_read(lobby_matches *ms, int i) {
    lobby_match *m = &ms->m[i];
    char buf[4096];
    for (;;) {
        ssize_t r = read(m->out_fd, buf, sizeof buf);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0 && errno == EAGAIN) return;
        if (r <= 0) { // its end (or an error): the rest of a last line, then the pipe goes
            if (m->line_len) line_done(m);
            close(m->out_fd);
            m->out_fd = -1;
            return;
        }
        for (ssize_t j = 0; j < r; j++) {
            if (buf[j] == '\n' || m->line_len == sizeof m->line - 1) line_done(m);
            if (buf[j] != '\n') m->line[m->line_len++] = buf[j];
        }
    }
}

static void reaped(lobby_matches *ms, lobby_match *m, int status, const struct rusage *ru,
                   uint64_t now_ms) {
    if (m->out_fd >= 0) { // what it wrote before it went
        fcntl(m->out_fd, F_SETFL, 0);
        lobby_match_read(ms, (int)(m - ms->m));
    }
    const double cpu = (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec / 1e6 +
                       (double)ru->ru_stime.tv_sec + (double)ru->ru_stime.tv_usec / 1e6;
    ms->reaped_cpu_s += cpu;
    const double age = (double)(now_ms - m->started_ms) / 1000.0;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && m->state == LOBBY_MATCH_ENDED) {
        ms->ended++;
        say("match %d: ended after %.0f s (cpu %.1f s)", m->id, age, cpu);
    } else {
        ms->crashed++;
        char how[96];
        if (WIFSIGNALED(status))
            snprintf(how, sizeof how, "killed by signal %d (%s)", WTERMSIG(status),
                     strsignal(WTERMSIG(status)));
        else
            snprintf(how, sizeof how, "exit status %d", WEXITSTATUS(status));
        say("match %d: crashed %s (%s) after %.0f s with %d people; not restarted", m->id,
            m->state == LOBBY_MATCH_STARTING ? "before it listened" : "mid-match", how, age,
            m->players);
    }
    m->state = LOBBY_MATCH_FREE;
    m->pid = 0;
}

void lobby_matches_tick(lobby_matches *ms, uint64_t now_ms) {
    int status;
    struct rusage ru;
    pid_t pid;
    while ((pid = wait4(-1, &status, WNOHANG, &ru)) > 0)
        for (int i = 0; i < LOBBY_MATCHES_MAX; i++)
            if (ms->m[i].state != LOBBY_MATCH_FREE && ms->m[i].pid == pid)
                reaped(ms, &ms->m[i], status, &ru, now_ms);
    for (int i = 0; i < LOBBY_MATCHES_MAX; i++) {
        lobby_match *m = &ms->m[i];
        if (m->state == LOBBY_MATCH_STARTING && now_ms - m->started_ms > LOBBY_START_MS) {
            say("match %d: did not listen within %d s: killed", m->id, LOBBY_START_MS / 1000);
            kill(m->pid, SIGKILL);
        }
        if (m->state == LOBBY_MATCH_OPEN && !joinable(ms, m, now_ms))
            m->state = LOBBY_MATCH_PLAYING;
    }
}

void lobby_matches_stop(lobby_matches *ms, bool kill_them) {
    for (int i = 0; i < LOBBY_MATCHES_MAX; i++)
        if (ms->m[i].state != LOBBY_MATCH_FREE) kill(ms->m[i].pid, kill_them ? SIGKILL : SIGTERM);
}

int lobby_matches_running(const lobby_matches *ms) {
    int n = 0;
    for (int i = 0; i < LOBBY_MATCHES_MAX; i++) n += ms->m[i].state != LOBBY_MATCH_FREE;
    return n;
}

double lobby_match_cpu_s(const lobby_match *m) {
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)m->pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    // Fields 14 and 15 (utime, stime, in clock ticks) come after the name's closing ')'.
    const char *p = strrchr(buf, ')');
    unsigned long ut, st;
    if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st) != 2)
        return 0;
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}
