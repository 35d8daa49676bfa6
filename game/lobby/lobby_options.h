/// The arena-lobby command line (README "Command line").
#ifndef LOBBY_OPTIONS_H
#define LOBBY_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct lobby_options {
    const char *listen;  ///< ADDR:PORT as given
    char host[64];       ///< the address part; the match servers listen on it too
    int port;            ///< 0: any free one (printed)
    int max_matches;     ///< match servers running at once (8)
    int match_size;      ///< people a match takes (16): its player slots
    int bots;            ///< agents in each match (30, at least match_size)
    int join_window;     ///< seconds a match takes people after its start (30)
    int ticks;           ///< end each match after this many ticks (0: when it is over)
    int request_timeout; ///< seconds a connection has to send its request head (10)
    const char *web;     ///< the web build's folder to serve, NULL for none
    const char *record;  ///< folder the servers write their replays into, NULL for none
} lobby_options;

/// Parses argv. On a bad command line prints `arena-lobby: ARG: reason` and returns false.
bool lobby_parse_options(int argc, char **argv, lobby_options *out);

#endif
