/// A match session: the world plus where its inputs come from and where they go. Humans (or
/// the autopilot) drive it live, or a replay feeds it recorded inputs and map swaps and checks
/// its hashes; a recorder can write everything down. Headless runs and the windowed game both
/// play through a session. No SDL here.
#ifndef SESSION_H
#define SESSION_H

#include "arena/rp_replay.h"
#include "sim.h"
#include "sim_autopilot.h"

typedef struct session_def {
    const char *map_path;    ///< map to load (ignored when replaying)
    const ae_grid *map;      ///< or this map (used when map_path is NULL; named "" in recordings)
    sim_config config;       ///< seed, humans, bots, rules (ignored when replaying)
    sim_pilot pilot;         ///< who drives the humans' agents: people, a bot or the novice
    const char *record_path; ///< write a replay here when the session finishes (NULL: none)
    bool record;             ///< record in memory (session_recording_bytes), with or without
                             ///< record_path
    const char *replay_path; ///< play this replay file back (NULL: live, or replay_data)
    const uint8_t *replay_data; ///< or play these replay bytes back (used when replay_path is NULL)
    size_t replay_size;         ///< bytes at replay_data
    /// Replays: keep a keyframe of the whole state every this many ticks as playback first
    /// passes them, so session_seek can go anywhere quickly (0: no keyframes, no seeking). The
    /// world then lives in a heap of its own (state_heap.h).
    int keyframe_interval;
} session_def;

typedef struct session session;

/// Loads the map or the replay and creates the match. NULL with err (one line) on bad input.
session *session_create(const session_def *def, ae_error *err);
void session_destroy(session *s);

/// Advances one tick. `inputs` are the humans' frames for a live session (NULL: idle humans);
/// a replay supplies its own. Recorded map swaps are applied at their tick.
void session_step(session *s, const sim_input *inputs);
/// session_step that also times each sim phase with the caller's clock (nanoseconds) and adds
/// the microseconds to phase_us[SIM_PHASE_COUNT]: the F3 overlay and the timing graph use it.
void session_step_timed(session *s, const sim_input *inputs, uint64_t (*clock_ns)(void),
                        float *phase_us);

/// Swaps in a new map at this tick boundary and records the swap. False (with err, the old map
/// kept) when the map cannot host the match or comes too soon (session_swap_allowed_at).
bool session_swap_map(session *s, const ae_grid *grid, const char *name, ae_error *err);
/// session_swap_map with a map prepared beforehand (sim_swap_prepare, e.g. on another thread
/// while the match played on). Takes `p` whatever happens. A world in a heap of its own (a
/// replay taken over) holds nothing from outside it: the map is then prepared again in there.
bool session_swap_prepared(session *s, sim_map_prep *p, const char *name, ae_error *err);

/// What a match may ask for. The recorder and the replay reader share these limits, so the game
/// never records what it would refuse to play back, and the work a replay asks for stays in
/// proportion to its size:
/// - a recording carries a checkpoint every SESSION_CHECKPOINT_TICKS ticks (76 bytes with this
///   build's 8 hash fields), so a replay of T ticks must carry at least T / 60 checkpoints;
/// - a swap to a map of C cells comes at least session_swap_gap(C) ticks after the previous one,
///   the start of the match counting as one at tick 0, so swaps never bake more than
///   SESSION_SWAP_CELLS_PER_TICK cells per tick played: one tick apart for maps up to 512x512,
///   64 ticks (about a second) for 4096x4096. A hot reload that is ready sooner waits.
/// Per tick, a match costs at most a bounded amount whatever its map (1000 agents, pools of
/// 2^20 slots scanned up to their top, a path budget of nodes), so a replay's work is bounded
/// by its size.
#define SESSION_SWAP_CELLS_PER_TICK (1u << 18)
/// Ticks a swap to a width x height map must come after the previous swap: at least 1.
uint32_t session_swap_gap(int width, int height);
/// The first tick at which this session may swap to a width x height map.
uint32_t session_swap_allowed_at(const session *s, int width, int height);

/// True when the match is over, or a replay has run out of recorded ticks.
bool session_done(const session *s);
/// True while playing a replay back.
bool session_replaying(const session *s);
/// Set once a replay's hashes disagreed: the message names the first tick (and field).
bool session_diverged(const session *s, char *msg, size_t size);

/// Takes over `agent` in a replay at the current tick: from now on the first player's input
/// (session_step's inputs[0]) drives it instead of its recorded input or its bot brain (the agent
/// the first player drove plays on as a bot), the session is live and records a new replay
/// holding the file's content up to now, the take-over, and what is played from here; it plays
/// back bit-identically (session_recording_bytes). False with err, nothing changed, when the
/// session is not a replay, has no player, or the agent is not alive.
bool session_take_over(session *s, int agent, ae_error *err);
/// The replay event kind of a take-over (an RP_EVENT_DATA payload: slot u8, agent u16 LE).
#define SESSION_EVENT_TAKE_OVER 1
/// A release (payload: slot u8): the slot drives nothing from then on (sim_release).
#define SESSION_EVENT_RELEASE 2
/// A player's name (payload: slot u8, then the name's 1 .. SESSION_NAME_MAX bytes, no NUL).
#define SESSION_EVENT_NAME 3
/// Longest name in bytes.
#define SESSION_NAME_MAX 24

/// A server's match: events of the people behind the input slots, for a live session that
/// records. Each is recorded as an event at the current tick and takes effect at once; a
/// playback applies it as it steps from that tick (as it does a take-over), and the replay's
/// loader checks every such event strictly. False with err, nothing recorded, when the session
/// is not live and recording ("only a live match that is recorded takes players' events"),
/// the match is over, or the arguments are refused.
///
/// session_assign: slot `slot` takes over `agent` (sim_take_over: the agent must be alive; the
/// agent the slot drove plays on under its bot brain). Taking the agent it drives already
/// records nothing.
bool session_assign(session *s, int slot, int agent, ae_error *err);
/// session_release: slot `slot` drives nothing from now on, its agent plays on under its bot
/// brain (sim_release).
bool session_release(session *s, int slot, ae_error *err);
/// session_set_name: the name shown for slot `slot`, 1 .. SESSION_NAME_MAX bytes of UTF-8
/// without control characters (session_name_valid). Names are presentation: the sim never reads
/// them and they are not in the state hash.
bool session_set_name(session *s, int slot, const char *name, ae_error *err);
/// The name of slot `slot` at the current tick, live or played back ("" when it has none or
/// the slot is not one of the match's). Valid until the next step, seek or name.
const char *session_slot_name(const session *s, int slot);
/// True when `len` bytes at `name` are a name a session takes: 1 .. SESSION_NAME_MAX bytes of
/// well-formed UTF-8 (no overlong forms, surrogates or code points past U+10FFFF) without
/// control characters (U+0000 .. U+001F, U+007F .. U+009F).
bool session_name_valid(const char *name, size_t len);

/// The tick whose checkpoint (or final hash) disagreed, once diverged.
uint32_t session_diverged_at(const session *s);
/// The replay being played (its events, e.g. map swaps), NULL for a live session.
const rp_replay *session_replay(const session *s);

/// Ends the session: a recorder writes its file (never half-written), a replay checks its final
/// hash. False with err when writing failed.
bool session_finish(session *s, ae_error *err);

/// True while the session records (from session_create, with record or record_path, until
/// session_finish; and after session_take_over).
bool session_recording(const session *s);
/// The recording so far, as a complete replay, while the match goes on: the inputs of ticks
/// [0, now), the map swaps before now, every checkpoint and, as the final hash, the hash of the
/// state now. A map swap made at this very tick belongs to the next tick's step: it is left to
/// later bytes, and the final hash is the state's before it. session_create with these bytes as
/// replay_data plays back bit for bit to that state; recording goes on unchanged. Costs one
/// block of the replay's size and the time to copy it. Free the bytes with
/// ae_free(*data, *size). False with err when the session does not record or memory runs out.
bool session_recording_bytes(const session *s, uint8_t **data, size_t *size, ae_error *err);

/// Replays with keyframes: brings the state to `tick` (0 .. the replay's length), forwards or
/// backwards, by restoring the last keyframe at or before it (or the current state, when that is
/// nearer) and playing on from there with the recorded inputs. The state then hashes exactly as
/// it would have after playing straight to `tick`. False, nothing changed, for a session without
/// keyframes or a tick out of range.
bool session_seek(session *s, uint32_t tick);
/// Ticks a replay holds (its inputs run from tick 0 to this); 0 for a live session.
uint32_t session_length(const session *s);
/// Keyframes kept so far, and the bytes they take (0 without keyframes).
int session_keyframe_count(const session *s);
size_t session_keyframe_bytes(const session *s);
/// Bytes the world's heap has handed out (0 when the world has no heap of its own).
size_t session_heap_bytes(const session *s);

sim_world *session_world(const session *s);
/// The map file the session plays (for hot reload); "" for replays.
const char *session_map_path(const session *s);
/// The name of the map the match began on, as its recording carries it: the map file's path for
/// a live session, the name recorded in the replay for a replay, also once taken over ("" for a
/// map given as a grid).
const char *session_map_name(const session *s);

/// Ticks between the keyframes of the windowed replay theatre (arena-bench replay measures it).
#define SESSION_THEATRE_KEYFRAMES 240

/// Ticks between checkpoint hashes in recordings.
#define SESSION_CHECKPOINT_TICKS 60

#endif
