/// arena-lobby's matches: one arena-server process each (fork and exec of the arena-server
/// beside the lobby), its standard output read line by line (its port, its end) and relayed to
/// the lobby's log, reaped when it exits. A match that crashed is logged with its exit status or
/// signal and never restarted: its players' match is gone, a new one starts on the next quick
/// play.
#ifndef LOBBY_MATCH_H
#define LOBBY_MATCH_H

#include "lobby_options.h"
#include "net_token.h"

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#define LOBBY_MATCHES_MAX 64
/// A server that has not said where it listens after this is killed (its quick plays get 503).
#define LOBBY_START_MS 10000

typedef enum lobby_match_state {
    LOBBY_MATCH_FREE,
    LOBBY_MATCH_STARTING, ///< started, not yet listening
    LOBBY_MATCH_OPEN,     ///< listening and taking people
    LOBBY_MATCH_PLAYING,  ///< full or past its join window
    LOBBY_MATCH_ENDED,    ///< printed its end (hash), sending replays, about to exit
} lobby_match_state;

typedef struct lobby_match {
    lobby_match_state state;
    int id; ///< 1, 2, ... in the order they started
    pid_t pid;
    int out_fd; ///< the read end of its stdout, -1 once closed
    char line[512];
    size_t line_len;
    int port;
    int players; ///< seats handed out (tokens 0 .. players-1)
    uint8_t key[NET_TOKEN_KEY_BYTES];
    uint64_t started_ms;
} lobby_match;

typedef struct lobby_matches {
    const lobby_options *o;
    char server[4096]; ///< the arena-server program
    lobby_match m[LOBBY_MATCHES_MAX];
    int next_id;
    uint32_t started, ended, crashed; ///< totals since the lobby started
    uint32_t seats;                   ///< quick plays answered with a seat
    double reaped_cpu_s;              ///< CPU of the servers that have exited
} lobby_matches;

/// Finds arena-server beside this program. False with a reason.
bool lobby_matches_init(lobby_matches *ms, const lobby_options *o, char *why, size_t n);

/// A seat for one more person: in the open (or starting) match with room whose join window is
/// not nearly over, else in a new match when fewer than --max-matches run. The match's index,
/// with the token number in *k; -1 when every match is taken or a server cannot be started.
int lobby_match_seat(lobby_matches *ms, uint64_t now_ms, uint32_t *k);

/// Reads what match i printed (its stdout is readable or closed).
void lobby_match_read(lobby_matches *ms, int i);
/// Reaps the servers that exited and logs how; kills one that takes too long to start. Matches
/// whose joins have closed become PLAYING.
void lobby_matches_tick(lobby_matches *ms, uint64_t now_ms);
/// Asks every server to end its match (SIGTERM); kill_them: SIGKILL.
void lobby_matches_stop(lobby_matches *ms, bool kill_them);
/// Servers still running.
int lobby_matches_running(const lobby_matches *ms);
/// A match's CPU seconds so far (user + system, from /proc), 0 when unknown.
double lobby_match_cpu_s(const lobby_match *m);

const char *lobby_match_state_name(lobby_match_state s);

#endif
