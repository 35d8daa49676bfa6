/// The online protocol's messages: one per WebSocket binary frame, the first byte its type, every
/// number little-endian. Upstream (client -> server): HELLO, INPUT, PING, PONG, BYE; downstream:
/// WELCOME, SNAPSHOT (a net_frame delta, net_snapshot.h), NAME, END, REPLAY_CHUNK, PING, PONG.
/// A refusal is the close code and its reason (net_transport.h), not a message. The layout of
/// each is one field table in net_msg.c that both the encoder and the decoder walk; game/README.md
/// ("Online protocol") writes it out.
///
/// The decoders are strict: the exact size, every field in its range, an unknown type or one sent
/// the wrong way refused, with a one-line reason for the caller to log and close 1008 with.
#ifndef NET_PROTO_H
#define NET_PROTO_H

#include "sim_config_io.h"
#include "sim_input.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// Bumped whenever a message's layout or meaning changes; HELLO and WELCOME carry it first.
#define NET_PROTOCOL_VERSION 3

#define NET_NAME_MAX         24 ///< a player's name: 1 .. 24 bytes of UTF-8, no control characters
#define NET_TOKEN_BYTES      16 ///< the reconnect token (all zero: none)
#define NET_INPUT_REDUNDANCY 4  ///< inputs one INPUT may carry: its tick's and the ones before
/// Ticks between a client's INPUTs, each with the inputs since the one before (as Quake III's
/// cl_maxpackets: 30 a second): half the messages a server reads, and the upload's framing.
#define NET_INPUT_EVERY      2
#define NET_TICK_RATE        60
#define NET_SNAPSHOT_EVERY   3 ///< ticks between snapshots: 20 a second, as Quake III's sv_fps
#define NET_MAX_SLOTS        256
#define NET_SPECTATOR        (NET_MAX_SLOTS - 1) ///< WELCOME's slot for a spectator
#define NET_MAP_NAME_MAX     64
#define NET_MAP_BYTES_MAX    (56 * 1024) ///< a map sent in WELCOME (one not shipped with the game)
#define NET_REPLAY_CHUNK_MAX (48 * 1024)
#define NET_REPLAY_MAX       (64u << 20)

typedef enum net_msg_type {
    NET_MSG_HELLO = 1,
    NET_MSG_INPUT = 2,
    NET_MSG_BYE = 3,
    NET_MSG_PING = 4, ///< either way: the other side answers with PONG
    NET_MSG_PONG = 5,
    NET_MSG_WELCOME = 16,
    NET_MSG_SNAPSHOT = 17,
    NET_MSG_NAME = 18,
    NET_MSG_END = 19,
    NET_MSG_REPLAY_CHUNK = 20,
} net_msg_type;

/// Bytes inside a decoded message (valid while the message's bytes are).
typedef struct net_bytes {
    const uint8_t *data;
    uint32_t size;
} net_bytes;

typedef struct net_hello {
    uint16_t version;
    char name[NET_NAME_MAX + 1];
    uint8_t token[NET_TOKEN_BYTES]; ///< from an earlier WELCOME of this match, or all zero
} net_hello;

/// One input per tick; `input[k]` is for tick - k (the ones before repeat for loss of nothing but
/// a stall: WebSocket is reliable, they let a server fill a queue that ran dry).
typedef struct net_input {
    uint32_t tick;
    uint8_t count; ///< 1 .. NET_INPUT_REDUNDANCY
    sim_input input[NET_INPUT_REDUNDANCY];
} net_input;

typedef struct net_ping {
    uint32_t time; ///< the sender's clock (ms); PONG echoes it
} net_ping;

typedef struct net_welcome {
    uint16_t version;
    uint16_t slot;  ///< the input slot this client drives, NET_SPECTATOR for none
    uint16_t agent; ///< the agent it drives now
    uint16_t agents;
    uint16_t humans; ///< the match's input slots (sim_config.humans, which the config bytes omit)
    uint32_t tick;   ///< the match's tick now
    uint8_t tick_rate, snapshot_every;
    uint8_t token[NET_TOKEN_BYTES];
    net_bytes config; ///< sim_config_pack's bytes (checked with sim_config_unpack)
    char map_name[NET_MAP_NAME_MAX + 1]; ///< a shipped map's name ("arena"), or ""
    uint64_t map_hash;                   ///< sim_hash_grid of the map the match began on
    net_bytes map;                       ///< the map file's bytes when it is not shipped
} net_welcome;

/// An agent's name (a player's, once they join: the kill feed and the scoreboard show it).
typedef struct net_name {
    uint16_t agent;
    char name[NET_NAME_MAX + 1];
} net_name;

/// The most names one NAME carries: every player of a match.
#define NET_NAMES_MAX SIM_MAX_HUMANS
/// NAME: names, 1 .. NET_NAMES_MAX. A joiner gets every name in one; the others get the names
/// of a tick's joiners in one, however many came together.
typedef struct net_names {
    uint8_t count;
    net_name name[NET_NAMES_MAX];
} net_names;

typedef struct net_end {
    int32_t winner;     ///< agent id, -1 none
    uint16_t placement; ///< this client's agent's, 0 a spectator
    uint32_t tick;
    uint64_t hash;        ///< the final state hash, as the replay's
    uint32_t replay_size; ///< bytes of the replay that REPLAY_CHUNKs bring, 0 none
} net_end;

typedef struct net_replay_chunk {
    uint32_t offset;
    net_bytes data; ///< 1 .. NET_REPLAY_CHUNK_MAX bytes
} net_replay_chunk;

typedef struct net_msg {
    net_msg_type type;
    union {
        net_hello hello;
        net_input input;
        net_ping ping; ///< PING and PONG
        net_welcome welcome;
        net_bytes snapshot; ///< a net_frame_encode delta
        net_names names;
        net_end end;
        net_replay_chunk chunk;
    } u;
} net_msg;

/// The largest message: WELCOME with a map.
#define NET_MSG_MAX_BYTES (NET_MAP_BYTES_MAX + SIM_CONFIG_MAX_BYTES + 256)

/// Writes m; returns its size, or 0 when it does not fit in cap or a field is out of its range
/// (nothing is sent that the other side would refuse).
size_t net_msg_encode(const net_msg *m, uint8_t *out, size_t cap);
/// Reads a message a client sent (HELLO, INPUT, PING, PONG, BYE). False with a one-line reason.
bool net_msg_decode_up(const uint8_t *in, size_t n, net_msg *out, char *err, size_t errsz);
/// Reads a message a server sent. False with a one-line reason.
bool net_msg_decode_down(const uint8_t *in, size_t n, net_msg *out, char *err, size_t errsz);
/// The message type's name ("HELLO"), "?" for none.
const char *net_msg_name(int type);
/// A player's name is 1 .. NET_NAME_MAX bytes of well-formed UTF-8 without control characters.
bool net_name_valid(const char *s, size_t n);

#endif
