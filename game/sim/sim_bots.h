/// Bots: the sim's own players. A bot brain reads the world and writes an input frame, exactly
/// like a human's controller; the same brain drives a human's agent under --autopilot.
#ifndef SIM_BOTS_H
#define SIM_BOTS_H

#include "arena/ae_cover.h"
#include "arena/ae_nav_queue.h"
#include "sim_world.h"

/// Waypoints a bot keeps from one path request.
#define BOT_PATH_MAX 96

typedef enum bot_state {
    BOT_WANDER, ///< roam towards a point inside the zone
    BOT_GEMS,   ///< collect a gem
    BOT_LOOT,   ///< fetch a pickup, or shoot a crate open
    BOT_FIGHT,  ///< engage a visible enemy
    BOT_COVER,  ///< hurt: hide from the threat
    BOT_ZONE,   ///< outside the coming circle: run in
    BOT_STATE_COUNT
} bot_state;

/// Each state's name, for the state dump and the debug overlay.
extern const char *const bot_state_names[BOT_STATE_COUNT];

typedef struct bot_brain {
    ae_rng rng;
    bot_state state;
    int target;            ///< enemy being fought, -1 for none
    int target_seen;       ///< tick the target was first seen (reaction time)
    vec2s goal;            ///< where the current path leads
    vec2s strafe;          ///< the move while fighting or dodging
    int strafe_side;       ///< fighting: +1 or -1 circles one way or the other, 0 stands to shoot
    int strafe_until;      ///< tick when the fighting stance is chosen again
    int dodge_ticks;       ///< ticks left of the current dodge
    int replan_tick;       ///< tick of the last path request
    int stuck_ticks;       ///< consecutive ticks without progress
    int cover_tick;        ///< tick of the last cover search (floods: not on every think)
    int cover_search_tick; ///< tick of the last search that flooded (cover_tick: last decision)
    bool cover_found;      ///< BOT_COVER: `cover_spot` came from that search (else it backs off)
    vec2s cover_spot;      ///< ... the spot it hides at, kept while the threat cannot see it
    int scan_tick;    ///< tick of the last look round for enemies (see bot_brain.c, keep_target)
    int chase_ticks;  ///< ticks its target has been running away out of its range
    int let_go;       ///< an enemy it gave up chasing, -1 for none ...
    int let_go_until; ///< ... and the tick until which it leaves that one alone
    int crate;        ///< BOT_LOOT: the prop it shoots open, -1 for none (then it walks to loot)
    int provoked_by;  ///< the last person who shot at it or hit it, -1 for none (bot_brain.c)
    vec2s path[BOT_PATH_MAX];
    int path_count;
    int path_next;
    bool path_pending;
    ae_nav_request_id request; ///< the request in flight
} bot_brain;

/// Creates the brains of every agent (humans' brains stay idle unless an autopilot uses them).
bool sim_bots_create(sim_world *w, ae_error *err);
void sim_bots_destroy(sim_world *w);
/// Counts, for every agent, the living bots fighting it; once a tick before they think, so every
/// bot sees the same counts whatever its id.
void sim_bots_count_attackers(sim_world *w);
/// Bots that were fighting `agent` as this tick began.
int sim_bots_attackers(const sim_world *w, int agent);
/// Person `by` fired a bullet at agent `id` or hurt it: a bot driving `id` notes it (bots
/// prefer fighting each other early, but answer a person who started it).
void sim_bots_provoke(sim_world *w, int id, int by);
/// The input frame of bot `id` for this tick (heavy decisions run on its staggered think ticks).
void sim_bots_think(sim_world *w, int id, sim_input *out);
/// Serves pending path requests within this tick's node budget.
void sim_bots_serve_paths(sim_world *w);
/// Map swaps in steps, so that a failure leaves everything as it was and the heavy part can
/// run while the world plays on: sim_bots_prepare_maps builds the navigation grid and cover
/// points for a new grid and field from the config alone (NULL with err on out-of-memory);
/// sim_bots_use_maps points the bots' path queue and flood context at them, growing the search
/// contexts when the new map is larger (false with err on out-of-memory, nothing changed); then
/// sim_bots_commit_maps installs them once the world holds the new map (every request and path
/// is dropped, as with a new queue). sim_bots_discard_maps frees maps never committed.
typedef struct sim_bots_maps sim_bots_maps;
sim_bots_maps *sim_bots_prepare_maps(const sim_config *cfg, const ae_grid *grid, const ae_sdf *sdf,
                                     ae_error *err);
bool sim_bots_use_maps(sim_world *w, sim_bots_maps *maps, ae_error *err);
void sim_bots_commit_maps(sim_world *w, sim_bots_maps *maps);
void sim_bots_discard_maps(sim_bots_maps *maps);
/// After the props were listed again (sim_edit_cells): their indices changed, so no brain keeps
/// a crate to break.
void sim_bots_forget_props(sim_world *w);
/// After ae_sdf_set_cells on the world's map changed the walls in `changed` (a prop broke, the
/// map editor painted): the navigation grid and cover points follow, and brains whose path or
/// cover spot was near replan. False (with err) when memory runs out.
bool sim_bots_on_cells_edit(sim_world *w, ae_cell_rect changed, ae_error *err);
/// Read-only views for overlays and tools.
const ae_nav_grid *sim_bots_nav(const sim_world *w);
const ae_cover_set *sim_bots_cover(const sim_world *w);
const bot_brain *sim_bots_brain(const sim_world *w, int id);

#endif
