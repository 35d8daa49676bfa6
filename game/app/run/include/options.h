/// The `arena` command line (game/README.md "Command-line contracts").
#ifndef ARENA_OPTIONS_H
#define ARENA_OPTIONS_H

#include "net_proto.h"
#include "sim_autopilot.h"

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ARENA_PROGRAM "arena"

typedef struct arena_options {
    const char *map; ///< map name or file; NULL for the default map
    uint64_t seed;
    bool seed_set; ///< --seed was given (otherwise windowed matches vary)
    int bots;      ///< -1: default
    int humans;
    int ticks;      ///< -1: until the match ends
    int start_tick; ///< --start-tick: where the theatre starts a replay, -1 when not given
    bool headless;
    bool autopilot;      ///< --autopilot: the same as --pilot bot
    int pilot;           ///< a sim_pilot: who drives the humans (--pilot bot|novice, --autopilot)
    int difficulty;      ///< --difficulty: a sim_difficulty, or -1 for mixed (default normal)
    bool difficulty_set; ///< --difficulty was given (it then overrides the settings file)
    bool realtime;
    bool stats;
    bool title;        ///< --screenshot of the title screen instead of the match
    unsigned overlays; ///< --overlays BITS: debug overlays on from the start (bit k = F(4+k), bit 7
                       ///< = F2)
    const char *record;     ///< replay file to write
    const char *replay;     ///< replay file to play back
    const char *screenshot; ///< PNG to write at tick `ticks`
    /// --config: the settings file of the windowed game instead of the per-user one (refused
    /// with --headless and --screenshot, which take everything from the command line)
    const char *config;
    // The replay's own options (each needs --replay; arena_check_replay says whether the
    // replay has the ticks and agent they name). Ticks count states: 0 is the start, T the state
    // after T ticks.
    int dump_tick;       ///< --dump-tick: print this tick's state and stop (-1: none)
    const char *frames;  ///< --frames DIR: write PNG frames into this empty folder
    int from, to;        ///< --from, --to: the frames' first and last tick (-1: start, end)
    int every;           ///< --every: ticks from one frame to the next (1)
    int follow;          ///< --follow: the agent the frames' camera follows (-1: as watched)
    const char *connect; ///< --connect ws://HOST:PORT (that server) or http://... (a lobby)
    const char *edit;    ///< --edit FILE: the map editor on FILE (a new map when it is not there)
    const char *name;    ///< --name: the player's name online
    /// --token HEX: the slot a lobby handed out (32 hex digits), sent in HELLO; token holds its
    /// bytes when token_hex is given
    const char *token_hex;
    uint8_t token[NET_TOKEN_BYTES];
} arena_options;

/// Parses argv. On a bad command line prints `arena: ARG: reason` and returns false.
bool arena_parse_options(int argc, char **argv, arena_options *out);

/// What `--version` of arena and arena-bench says between the version and the build line:
/// `replay format F, rules R` (the replays this build reads and writes, RP_FORMAT_VERSION and
/// SIM_CONFIG_VERSION) and a newline.
void arena_version_about(char *buf, size_t size);

/// Checks what the options ask of the replay they play, once it is loaded: every tick they name
/// (--start-tick, --dump-tick, --from, --to) within its `ticks`, and --follow one of its
/// `agents`. False after printing one line `arena: FILE: tick T is beyond the replay's N ticks`
/// or `arena: FILE: agent N is beyond the replay's M agents (numbered from 0)`.
bool arena_check_replay(const arena_options *o, int ticks, int agents);

/// Room for a shipped map's path (see arena_resolve_map).
#define ARENA_SHIPPED_MAP_PATH PATH_MAX

/// Resolves a map argument (NULL: the default map): a bare NAME (no '/' or '.') is the shipped
/// map NAME.png when there is one, whose path is written into buf (ARENA_SHIPPED_MAP_PATH
/// bytes); anything else is a path and is returned as it is, never copied or cut.
const char *arena_resolve_map(const char *map, char *buf, size_t size);

#endif
