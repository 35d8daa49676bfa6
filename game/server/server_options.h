/// The arena-server command line (README "Command line").
#ifndef SERVER_OPTIONS_H
#define SERVER_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct server_options {
    const char *listen;  ///< ADDR:PORT as given
    char host[64];       ///< the address part ("127.0.0.1", "::1", "0.0.0.0")
    int port;            ///< 0 .. 65535 (0: any free port, printed)
    const char *map;     ///< map name or file; NULL for the default map
    int bots;            ///< agents in the match, bots until people take them over
    int players;         ///< of them, how many people may take (the player slots)
    int difficulty;      ///< a sim_difficulty, or -1 for mixed
    int join_window;     ///< seconds after the start in which people may still take an agent
    const char *record;  ///< folder to write the match's replay into
    bool once;           ///< exit after one match (always with --agones)
    bool agones;         ///< speak Agones' local SDK over HTTP (server_agones.h)
    int max_per_address; ///< connections one address may hold at once (8)
    uint64_t seed;
    int ticks;            ///< end a match after this many ticks (0: when it is over)
    bool token_key_stdin; ///< arena-lobby's key on stdin: slots only for its tokens (net_token.h)
} server_options;

/// Parses argv. On a bad command line prints `arena-server: ARG: reason` and returns false.
bool server_parse_options(int argc, char **argv, server_options *out);

#endif
