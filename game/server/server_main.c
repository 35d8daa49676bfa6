// arena-server: one online match over WebSocket (README "Online play"). It reads its command
// line as strictly as arena does, listens, runs the match with net_server at 60 Hz on the
// monotonic clock, and at the end writes the replay and prints the summary arena --headless
// prints. Ctrl-C or SIGTERM ends the match as its end would: the clients get their replay.
// What happens during a match (joins, leaves, kicks, the start and the end) goes to stderr as
// key=value lines (net_log.h); --agones tells Agones' sidecar how the server is (server_agones.h).
#include "arena/ae_file.h"
#include "arena_usage.h"
#include "arena_version.h"
#include "net_proto.h"
#include "net_serve.h"
#include "net_server.h"
#include "net_token.h"
#include "net_ws.h"
#include "options.h"
#include "replay_save.h"
#include "server_agones.h"
#include "server_options.h"
#include "sim_config_io.h"
#include "sim_state.h"
#include "tool_args.h"
#include "tool_util.h"

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>

#define PROGRAM "arena-server"

static volatile sig_atomic_t stop_asked;
static void on_signal(int sig) {
    (void)sig;
    stop_asked = 1;
}

// What the serving loop looks after besides the match.
typedef struct serving {
    agones *agones; // NULL without --agones
    bool said_stop;
} serving;

// Called once each time round net_serve's loop.
static bool stop_now(void *user) {
    serving *sv = user;
    if (sv->agones) agones_update(sv->agones, net_serve_now_us());
    if (stop_asked && !sv->said_stop) {
        printf("stopping: the match ends now\n");
        sv->said_stop = true;
    }
    return stop_asked;
}

static void log_line(void *user, const char *line) {
    (void)user;
    fprintf(stderr, PROGRAM ": %s\n", line);
}

// The reconnect tokens must not be guessable: seeded from the system's random source.
static uint64_t token_seed(void) {
    uint64_t seed = 0;
    if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed) seed = tool_now_ns();
    return seed;
}

static int finish(net_server *srv, const server_options *o, const char *map) {
    int status = 0;
    ae_error err;
    if (!net_server_finish(srv, &err)) {
        tool_fail(PROGRAM, "replay", "%s", err.msg);
        status = 2;
    }
    size_t size;
    const uint8_t *replay = net_server_replay(srv, &size);
    if (o->record && replay) {
        char path[4096];
        if (replay_save_into(replay, size, o->record, time(NULL), map, path, sizeof path, &err)) {
            printf("replay: %s\n", path);
        } else {
            tool_fail(PROGRAM, o->record, "%s", err.msg);
            status = 2;
        }
    }
    const sim_world *w = session_world(net_server_session(srv));
    int winner = sim_winner(w);
    if (winner >= 0)
        printf("winner: %d (%s, %d kills)\n", winner,
               sim_agents(w)[winner].slot >= 0 ? "player" : "bot", sim_agents(w)[winner].kills);
    else
        printf("winner: none\n");
    printf("ticks: %d\n", sim_tick(w));
    printf("hash: %016" PRIx64 "\n", sim_hash(w));
    net_server_stats st = net_server_get_stats(srv);
    printf("server: %u players, %u spectators, %u dropped; tick late p50 %" PRIu64
           " us, p99 %" PRIu64 " us, max %" PRIu64 " us, %u missed; %" PRIu64
           " bytes down, %" PRIu64 " up\n",
           st.joined, st.spectators, st.dropped, st.late_us_p50, st.late_us_p99, st.late_us_max,
           st.missed, st.bytes_down, st.bytes_up);
    return status;
}

// arena-lobby writes the key as one line of hex digits into the pipe that is our stdin (a
// command line would show it to every user of the machine).
static bool read_token_key(uint8_t key[NET_TOKEN_KEY_BYTES]) {
    char line[2 * NET_TOKEN_KEY_BYTES + 3] = "";
    if (!fgets(line, sizeof line, stdin)) return false;
    line[strcspn(line, "\n")] = '\0';
    return net_hex_read(line, key, NET_TOKEN_KEY_BYTES);
}

static int run_match(const server_options *o, net_transport *t, serving *sv, const char *map_path,
                     const char *shipped, const uint8_t *file, size_t file_size,
                     const uint8_t *token_key) {
    net_server_def def = {0};
    def.match.map_path = map_path;
    def.match.config = sim_default_config();
    def.match.config.seed = o->seed;
    def.match.config.humans = o->players;
    def.match.config.bots = o->bots - o->players;
    def.match.config.bot_difficulty = o->difficulty;
    def.map_name = shipped;
    def.map_file = shipped[0] ? NULL : file;
    def.map_file_size = shipped[0] ? 0 : file_size;
    def.join_window_ticks = o->join_window * SIM_TICK_HZ;
    def.end_tick = o->ticks;
    def.token_seed = token_seed();
    def.token_key = token_key;
    def.log = log_line;
    ae_error err;
    net_server *srv = net_server_create(&def, t, net_serve_now_us(), &err);
    if (!srv) {
        tool_fail(PROGRAM, map_path, "%s", err.msg);
        return 2;
    }
    net_serve(srv, t, stop_now, sv);
    int status = finish(srv, o, shipped[0] ? shipped : map_path);
    net_server_destroy(srv);
    return status;
}

// The replay is written: Agones may delete the pod. Waits for the answer (the match is over, no
// tick to keep) as long as the sidecar's retries take, at most SHUTDOWN_WAIT_US.
#define SHUTDOWN_WAIT_US (10 * 1000000ull)
static void shut_down(agones *a) {
    const uint64_t t0 = net_serve_now_us();
    agones_shutdown(a, t0);
    while (!agones_shut_down(a) && net_serve_now_us() - t0 < SHUTDOWN_WAIT_US) {
        agones_update(a, net_serve_now_us());
        struct timespec nap = {0, 10 * 1000000};
        nanosleep(&nap, NULL);
    }
    agones_destroy(a);
}

int main(int argc, char **argv) {
    static const char *const usage[] = {ARENA_USAGE_ARENA_SERVER};
    if (tool_args_answered(PROGRAM, argc, argv, usage, (int)(sizeof usage / sizeof usage[0]), NULL))
        return tool_finish_stdout(PROGRAM, 0);
    server_options o;
    if (!server_parse_options(argc, argv, &o)) return 2;
    const int agones_port = o.agones ? agones_port_from_env() : 0;
    if (agones_port < 0) {
        tool_fail(PROGRAM, "AGONES_SDK_HTTP_PORT", "needs a port from 1 to 65535");
        return 2;
    }

    char shipped_path[ARENA_SHIPPED_MAP_PATH];
    const char *map_path = arena_resolve_map(o.map, shipped_path, sizeof shipped_path);
    // A shipped map goes by its name, which every client has; another map's file travels in
    // WELCOME.
    char shipped[64] = "";
    if (map_path == shipped_path) snprintf(shipped, sizeof shipped, "%s", o.map ? o.map : "arena");
    uint8_t key[NET_TOKEN_KEY_BYTES];
    if (o.token_key_stdin && !read_token_key(key)) {
        tool_fail(PROGRAM, "--token-key-stdin", "needs a line of %d hex digits on standard input",
                  2 * NET_TOKEN_KEY_BYTES);
        return 2;
    }
    ae_error err;
    uint8_t *file = NULL;
    size_t file_size = 0;
    if (!shipped[0] && !ae_file_read(map_path, NET_MAP_BYTES_MAX, &file, &file_size, &err)) {
        tool_fail(PROGRAM, map_path, "%s", err.msg);
        return 2;
    }

    // Upstream messages are tiny (net_proto.h).
    net_limits limits = {.max_message = 512, .max_per_address = o.max_per_address};
    net_transport *t = net_ws_listen(o.host, o.port, &limits, &err);
    if (!t) {
        tool_fail(PROGRAM, o.listen, "%s", err.msg);
        ae_free(file, file_size);
        return 2;
    }
    struct sigaction sa = {0};
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    printf("listening ws://%s%s%s:%d\n", strchr(o.host, ':') ? "[" : "", o.host,
           strchr(o.host, ':') ? "]" : "", net_ws_port(t));
    fflush(stdout);

    serving sv = {0};
    if (o.agones) {
        sv.agones = agones_create(agones_port, log_line, NULL);
        if (!sv.agones) {
            tool_fail(PROGRAM, "--agones", "out of memory");
            net_transport_destroy(t);
            ae_free(file, file_size);
            return 2;
        }
        agones_ready(sv.agones, net_serve_now_us());
    }

    int status;
    do {
        status = run_match(&o, t, &sv, map_path, shipped, file, file_size,
                           o.token_key_stdin ? key : NULL);
        o.seed++; // the next match is another one
    } while (!o.once && !stop_asked && status == 0);
    net_transport_destroy(t);
    if (sv.agones) shut_down(sv.agones);
    ae_free(file, file_size);
    return tool_finish_stdout(PROGRAM, status);
}
