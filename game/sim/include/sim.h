/// The match simulation: deterministic, no SDL, driven only by input frames and recorded events.
///
///   sim_config cfg = sim_default_config();
///   cfg.seed = 7; cfg.bots = 99;
///   sim_world *w = sim_create(&cfg, &grid, &err);
///   while (!sim_over(w)) sim_step(w, inputs);   // one sim_input per human, 60 times a second
///   uint64_t h = sim_hash(w);
///   sim_destroy(w);
#ifndef SIM_H
#define SIM_H

#include "arena/ae_grid.h"
#include "sim_input.h"
#include "sim_rules.h"

/// Input slots a match can have: a local match has at most a few (the app's INPUT_MAX_PLAYERS),
/// a server's match one per person who may join.
#define SIM_MAX_HUMANS 100

typedef enum sim_difficulty { SIM_EASY, SIM_NORMAL, SIM_HARD, SIM_DIFFICULTY_COUNT } sim_difficulty;

typedef struct sim_config {
    uint64_t seed;
    int humans;         ///< agents 0 .. humans-1 take inputs from sim_step (0..SIM_MAX_HUMANS)
    int bots;           ///< agents driven by the sim's own bots (humans + bots: 1..SIM_MAX_AGENTS)
    int bot_difficulty; ///< a sim_difficulty for every bot, or -1 to mix them evenly
    /// Bullet capacity (1 .. 2^20). Shots are served in agent id order into the lowest free
    /// slots; when every slot is in flight a new shot is refused (no bullet, no SHOT event, the
    /// shooter's cooldown does not start, so it fires as soon as a slot frees). Bullets in
    /// flight are never dropped to make room.
    int max_bullets;
    /// Gem capacity (1 .. 2^20). When every slot holds a gem, new gems (spawned, or dropped by a
    /// death) are not created; the lying ones stay until picked up.
    int max_gems;
    float cell_size; ///< world units per map cell
    sim_rules rules;
} sim_config;

/// Defaults: one human, 29 normal bots, cell size 32, the default rules.
sim_config sim_default_config(void);

/// Largest agent count a match accepts.
#define SIM_MAX_AGENTS 1000

typedef struct sim_world sim_world;

/// Creates a match on a copy of `grid`; NULL with err when the config or map cannot host it:
/// "humans must be 0 to 100, not H", "a match needs 1 to 1000 agents, not N" (N negative or over
/// the limit), a field out of its range (sim_config_check: "config: max_gems is 0, not 1 to
/// 1048576"; rules included), or "map has room for R agents, the match
/// needs N" (every agent needs a cell whose centre is twice its radius from walls).
/// A world of no agents (humans + bots == 0) is a map on its own, for drawing and editing
/// (sim_edit_cells): any valid map, without the room check; it has the field, navigation, cover
/// points, rooms, props, doors and zone of a match on that map, but no gems or loot, and it is
/// over from the start (sim_over, no winner), so sim_step does nothing.
/// A match of one agent is allowed: it ends at the end of its first tick with that agent as the
/// winner, like any match once at most one agent is left alive.
sim_world *sim_create(const sim_config *cfg, const ae_grid *grid, ae_error *err);
/// sim_create that takes `grid` instead of copying it, so the map is in memory once (a session
/// that loaded it has no other use for it): the grid is the world's, or freed, whatever
/// happens, and `*grid` is left zeroed. Its cells must come from the allocator the world is
/// made in.
sim_world *sim_create_taking(const sim_config *cfg, ae_grid *grid, ae_error *err);
void sim_destroy(sim_world *w);

/// Advances one tick. `inputs` holds cfg.humans frames; NULL means every human idles (no move,
/// no aim: auto-aim fire). Each frame is read through sim_input_normalize, so any byte values are
/// safe. Does nothing once the match is over.
/// State the sim never produces itself, put there by code that edits the world, is repaired:
/// first thing in the tick, an agent whose centre is not finite, off the map or in a wall cell
/// moves to the centre of the nearest cell with room for its radius (measured from its position
/// clamped into the map, a non-finite coordinate reading as the map's middle; prev_pos follows),
/// and gems off the map or in a wall cell disappear; as their flight starts, bullets with a
/// non-finite number, no speed or a centre off the map disappear (one inside a wall ends as a
/// wall hit, like any bullet meeting a wall). None of these has any other effect. An agent whose
/// centre is clear but whose body overlaps a wall is pushed out by the usual slide.
void sim_step(sim_world *w, const sim_input *inputs);

/// The phases of a tick, in order. sim_step runs them all; sim_step_phase lets a profiler (the
/// benchmark, the F3 overlay) time them one by one: sim_step_phase(w, in, 0 .. SIM_PHASE_COUNT-1)
/// is exactly sim_step(w, in).
typedef enum sim_phase {
    SIM_PHASE_BOTS,    ///< humans' inputs and bot thinking
    SIM_PHASE_PATHS,   ///< path requests within the node budget
    SIM_PHASE_MOVE,    ///< movement with the SDF slide
    SIM_PHASE_FIRE,    ///< new bullets
    SIM_PHASE_BULLETS, ///< flight, wall and agent hits
    SIM_PHASE_GEMS,
    SIM_PHASE_ZONE,
    SIM_PHASE_DEATHS, ///< regeneration, deaths, placements, match end
    SIM_PHASE_COUNT
} sim_phase;

void sim_step_phase(sim_world *w, const sim_input *inputs, sim_phase phase);
const char *sim_phase_name(sim_phase phase);

/// Swaps in a new map at a tick boundary (a recorded event): rebakes the field, moves every
/// living agent whose radius is not clear of the new walls (or who is beyond the new bounds) to
/// the centre of the nearest cell with room, prev_pos too (a jump: no sweep), drops bullets,
/// gems and pickups inside walls or beyond the bounds, takes the new grid's breakable props
/// (whole) and doors (closed) and replans paths. On a map of another size the zone
/// keeps its place relative to the map (centres scale with the sides, radii with the diagonal;
/// its timings stay). False (with err, and the whole state unchanged) when the map cannot host
/// the match, e.g. "map has room for 0 agents, the match needs 30" for an all-wall grid.
bool sim_swap_map(sim_world *w, const ae_grid *grid, ae_error *err);

/// sim_swap_map in two steps, so the heavy part can run while the world plays on (the app does
/// it on a thread of its own; the sim starts none and stays deterministic, since the swap itself
/// still happens at the tick boundary where sim_swap_commit is called).
typedef struct sim_map_prep sim_map_prep;
/// Copies the grid, bakes its field, checks that it can host a match of this config (the
/// world's, which never changes), builds the bots' navigation, cover points and room index and
/// hashes the grid. It touches no world, so it may run while the world plays on. NULL with err
/// when the map cannot host the match (as sim_swap_map) or memory runs out.
sim_map_prep *sim_swap_prepare(const sim_config *cfg, const ae_grid *grid, ae_error *err);
/// The prepared grid (to record the swap).
const ae_grid *sim_map_prep_grid(const sim_map_prep *p);
/// Swaps a prepared map in at this tick boundary with every effect of sim_swap_map. Takes `p`
/// whatever happens; false with err, the state unchanged, only when memory runs out.
bool sim_swap_commit(sim_world *w, sim_map_prep *p, ae_error *err);
/// Frees a prepared swap that is not committed.
void sim_swap_discard(sim_map_prep *p);

/// A cell write: cell (x, y) of the map takes `value` (an ae_grid_cell_valid value); the
/// engine's batched edit's own (ae_grid.h).
typedef ae_cell_write sim_cell_write;

/// Writes cells of the map, outside any tick, for the map editor (a world of no agents, see
/// sim_create), through the one path the sim has for cells that change (a prop breaking takes it
/// too): the engine's batched cell edit rebakes the field once for all of them, and the room
/// index, the bots' navigation grid and cover points follow the rectangle it changed (the result
/// equals building them afresh from the edited grid). When a written cell was or
/// becomes breakable or a door, or stands beside a door (which slides towards a wall beside it),
/// the props and doors are listed afresh from the grid (whole and closed, as a map swap lists them;
/// a scan of the whole grid). Then sim_map_hash is the edited grid's and sim_map_generation counts
/// the edit. Writes in the list are applied in order; a cell that holds its value already costs
/// nothing. Agents, bullets and gems are not moved (sim_step's repair does that). False with err,
/// nothing changed, when a cell is off the map or not a map cell; false with err when memory runs
/// out (the writes done stay, the map's hash counts them, and the next edit lists the props and
/// doors again if that failed).
bool sim_edit_cells(sim_world *w, const sim_cell_write *cells, int n, ae_error *err);

/// Canonical hash of the whole state (fields in a fixed order, never raw struct memory). It
/// combines per-part hashes, which replays store too so a divergence names the first part that
/// differs.
uint64_t sim_hash(const sim_world *w);

typedef enum sim_hash_field {
    SIM_HASH_TICK,
    SIM_HASH_RNG,
    SIM_HASH_MAP,
    SIM_HASH_AGENTS,
    SIM_HASH_BULLETS,
    SIM_HASH_GEMS,
    SIM_HASH_ZONE,
    SIM_HASH_BOTS,
    SIM_HASH_PROPS,   ///< props' hit points and the doors
    SIM_HASH_PICKUPS, ///< loot on the ground
    SIM_HASH_FIELD_COUNT
} sim_hash_field;

extern const char *const sim_hash_field_names[SIM_HASH_FIELD_COUNT];
/// The per-part hashes. The map's part is the one the world computed when its map came in
/// (sim_create, a map swap; props broken since are in the props' part): the grid is never hashed
/// per call, so this costs the same on a 4096x4096 map as on a small one.
void sim_hash_fields(const sim_world *w, uint64_t out[SIM_HASH_FIELD_COUNT]);
/// sim_hash from parts that sim_hash_fields returned (saves computing them twice).
uint64_t sim_hash_combine(const uint64_t fields[SIM_HASH_FIELD_COUNT]);
/// The map part of the hash for a grid: FNV-1a over its width, height and every cell.
uint64_t sim_hash_grid(const ae_grid *grid);

/// Input slot h (0 .. humans-1) drives agent h, until a take-over hands it another agent (-1:
/// another slot took its agent, or the slot was released, and it drives none).
int sim_slot_agent(const sim_world *w, int slot);
/// A take-over (a recorded event, the replay theatre's): from this tick on, input slot `slot`
/// drives agent `agent` instead of its bot brain or the slot that drove it, and the agent the
/// slot drove until now is driven by its own bot brain (from where that brain's state stands).
/// False with err, nothing changed, when the slot is not one of the humans' or the agent is not
/// alive. Taking over the agent the slot drives already changes nothing. A slot that drives
/// nothing (released, or its agent taken) takes the agent all the same.
bool sim_take_over(sim_world *w, int slot, int agent, ae_error *err);
/// A release (a recorded event, a server's: the person left): from this tick on, input slot
/// `slot` drives no agent and its inputs are ignored; the agent it drove plays on under its own
/// bot brain (from where that brain's state stands), as the agent a take-over leaves. False with
/// err, nothing changed, when the slot is not one of the humans'; releasing a slot that drives
/// nothing changes nothing. The state hash holds who drives whom, so a release is in it.
bool sim_release(sim_world *w, int slot, ae_error *err);

bool sim_over(const sim_world *w);
int sim_tick(const sim_world *w);

#endif
