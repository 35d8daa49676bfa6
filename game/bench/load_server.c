// Starting and reaping net-load's arena-server processes (load_server.h).
#define _GNU_SOURCE // pipe2, wait4
#include "load_server.h"

#include "net_serve.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define LISTEN_WAIT_MS 10000
#define KILL_GRACE_US  (5 * 1000000ull)

// Reads what the pipe has into buf (up to cap - 1, kept terminated), waiting at most wait_ms for
// the first bytes; false at end of file or on an error.
static bool read_some(int fd, char *buf, size_t *len, size_t cap, int wait_ms) {
    struct pollfd p = {.fd = fd, .events = POLLIN};
    if (poll(&p, 1, wait_ms) <= 0) return true;
    ssize_t n = read(fd, buf + *len, cap - 1 - *len);
    if (n <= 0) return false;
    *len += (size_t)n;
    buf[*len] = '\0';
    return true;
}

bool load_server_start(const char *exe, int clients, int seconds, uint64_t seed, load_server *s,
                       char *why, size_t why_size) {
    memset(s, 0, sizeof *s);
    s->out = -1;
    int pipe_fds[2];
    if (pipe2(pipe_fds, O_CLOEXEC) != 0) {
        snprintf(why, why_size, "pipe: %s", strerror(errno));
        return false;
    }
    // arena-server's command line as one line split at its spaces (its options are its own, not
    // arena-bench's: cli.help.lists_every_option reads the quoted options of these sources).
    // Every client connects from 127.0.0.1; a lone agent would win at once, so two at least.
    char line[256];
    snprintf(line, sizeof line,
             "--listen 127.0.0.1:0 --once --bots %d --players %d --ticks %d --join-window %d "
             "--seed %" PRIu64 " --max-clients-per-address %d",
             clients > 2 ? clients : 2, clients, seconds * 60, seconds, seed, clients + 1);
    char *argv[24] = {(char *)exe};
    int argc = 1;
    for (char *word = strtok(line, " "); word && argc < 23; word = strtok(NULL, " "))
        argv[argc++] = word;
    argv[argc] = NULL;
    s->started_us = net_serve_now_us();
    s->pid = fork();
    if (s->pid < 0) {
        snprintf(why, why_size, "fork: %s", strerror(errno));
        close(pipe_fds[0]);
        close(pipe_fds[1]);
        return false;
    }
    if (s->pid == 0) {
        // Its log lines (a join per client) are not the benchmark's: stderr goes nowhere.
        int null = open("/dev/null", O_WRONLY);
        dup2(pipe_fds[1], STDOUT_FILENO);
        if (null >= 0) dup2(null, STDERR_FILENO);
        execv(exe, argv);
        _exit(127);
    }
    close(pipe_fds[1]);
    s->out = pipe_fds[0];
    char buf[256] = "";
    size_t len = 0;
    const uint64_t until = s->started_us + LISTEN_WAIT_MS * 1000ull;
    while (!strchr(buf, '\n') && net_serve_now_us() < until)
        if (!read_some(s->out, buf, &len, sizeof buf, 100)) break;
    char *url = strstr(buf, "listening ");
    if (!url || !strchr(url, '\n')) {
        snprintf(why, why_size, "%s did not say where it listens", exe);
        load_server_finish(s, 0);
        return false;
    }
    url += strlen("listening ");
    *strchr(url, '\n') = '\0';
    snprintf(s->url, sizeof s->url, "%s", url);
    return true;
}

// The `server:` line arena-server prints last (server_main.c's finish).
static bool parse_summary(load_server *s, const char *text) {
    const char *line = strstr(text, "\nserver: ");
    if (!line) return false;
    unsigned joined, spectators, dropped, missed;
    uint64_t p50, p99, max, down, up;
    if (sscanf(line + 1,
               "server: %u players, %u spectators, %u dropped; tick late p50 %" SCNu64
               " us, p99 %" SCNu64 " us, max %" SCNu64 " us, %u missed; %" SCNu64
               " bytes down, %" SCNu64 " up",
               &joined, &spectators, &dropped, &p50, &p99, &max, &missed, &down, &up) != 9)
        return false;
    const char *ticks = strstr(text, "\nticks: ");
    if (!ticks || sscanf(ticks + 1, "ticks: %" SCNu32, &s->ticks) != 1) return false;
    s->joined = joined;
    s->dropped = dropped;
    s->missed = missed;
    s->late_p50_us = p50;
    s->late_p99_us = p99;
    s->late_max_us = max;
    s->bytes_down = down;
    s->bytes_up = up;
    return true;
}

bool load_server_finish(load_server *s, uint64_t deadline_us) {
    char text[4096] = "\n"; // a leading newline: every line is found as "\nNAME: "
    size_t len = 1;
    bool open = s->out >= 0, termed = false;
    int status = 0;
    struct rusage ru = {0};
    for (;;) {
        pid_t done = wait4(s->pid, &status, WNOHANG, &ru);
        if (done == s->pid || done < 0) break;
        const uint64_t now = net_serve_now_us();
        if (now >= deadline_us && !termed) {
            kill(s->pid, SIGTERM); // ends the match as its end would: the summary still comes
            termed = true;
        } else if (termed && now >= deadline_us + KILL_GRACE_US) {
            kill(s->pid, SIGKILL);
        }
        if (open && len + 1 < sizeof text)
            open = read_some(s->out, text, &len, sizeof text, 20);
        else
            poll(NULL, 0, 20);
    }
    while (open && len + 1 < sizeof text) open = read_some(s->out, text, &len, sizeof text, 0);
    if (s->out >= 0) close(s->out);
    s->out = -1;
    const uint64_t wall = net_serve_now_us() - s->started_us;
    const double cpu_us = (double)ru.ru_utime.tv_sec * 1e6 + (double)ru.ru_utime.tv_usec +
                          (double)ru.ru_stime.tv_sec * 1e6 + (double)ru.ru_stime.tv_usec;
    s->cpu_pct = wall ? 100.0 * cpu_us / (double)wall : 0;
    s->exited_ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return parse_summary(s, text) && s->exited_ok;
}
