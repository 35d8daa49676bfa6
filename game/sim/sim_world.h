/// The match state's layout: internal to the sim (game/sim). The renderer, the HUD and the tools
/// read the world through sim_state.h and sim_debug.h; only the sim writes it.
#ifndef SIM_WORLD_H
#define SIM_WORLD_H

#include "arena/ae_field.h"
#include "arena/ae_rng.h"
#include "sim_rooms.h"
#include "sim_state.h"

struct sim_world {
    sim_config cfg;
    ae_grid grid;
    ae_sdf sdf;
    uint64_t map_hash;       ///< sim_hash_grid of the map as loaded or swapped in (not of breaks);
                             ///< read through sim_map_hash
    bool map_hash_stale;     ///< the map editor wrote cells since: sim_map_hash hashes the grid
    uint32_t map_generation; ///< +1 at every map swap and edit (sim_map_generation); not hashed
    bool things_stale;       ///< an edit could not list the props and doors again (memory ran out)
    sim_room_index rooms;    ///< where the field has room (sim_rooms.h), follows the map
    int tick;
    ae_rng rng;
    int agent_count;
    sim_agent *agents;
    int alive_count;
    sim_bullet *bullets; ///< cfg.max_bullets slots; free slots are reused lowest first
    int bullet_count;    ///< live bullets
    int bullet_top;      ///< bullet slots from here up are all free: loops over bullets stop here
    sim_gem *gems;       ///< cfg.max_gems slots
    int gem_count;       ///< live gems
    int gem_top;         ///< gem slots from here up are all free
    int spawned_gems;    ///< live gems that came from spawning
    sim_prop *props;     ///< every breakable cell of the map, in cell order
    int prop_count;
    int props_broken;
    uint64_t props_hash;        ///< running hash of every damage to a prop (sim_hash_prop_damage)
    int burst_head, burst_tail; ///< barrels broken and not yet burst, first and last (-1: none)
    sim_pickup *pickups; ///< pickup_capacity slots (SIM_PICKUP_SLOTS); the lowest free one is used
    int pickup_capacity;
    int pickup_count;
    int pickup_top;
    sim_door *doors; ///< every door of the map, in cell order
    int door_count;
    int32_t *door_block_start; ///< (sim_doors.c) per block of SIM_DOOR_BLOCK cells, plus one ...
    int32_t *door_block;       ///< ... the doors whose travel touches it, ascending
    int32_t *door_block_sum;   ///< entries of the blocks above and left of each block corner
    int door_bw, door_bh;      ///< blocks across and down
    int32_t *door_active;      ///< the doors not closed and idle, ascending (the rest need no work)
    int door_active_count;
    sim_zone zone;
    bool over;
    int winner;               ///< agent id once over
    int alive_at_last_shrink; ///< living agents when the last circle began to close, -1 before
    int slot_agent[SIM_MAX_HUMANS]; ///< the agent each input slot drives (sim_take_over)
    sim_input *controls;            ///< this tick's input frame of every agent
    sim_event *events;              ///< events of the last tick
    int event_count;
    int event_capacity;
    struct sim_bots *bots;       ///< bot brains (one per agent; humans' stay idle)
    struct sim_collide *collide; ///< the broadphase (MBP) over agents and bullets
};

/// The world's solids: the map's field and the doors where they stand now (sim_field.c). Every
/// movement, flight and line of sight of the sim reads them through these.
/// The door shapes whose boxes overlap [lo, hi], ascending door index; returns how many (at
/// most cap). `index` (optional) receives their door indices.
int sim_doors_near(const sim_world *w, vec2s lo, vec2s hi, ae_shape *out, int *index, int cap);
float sim_field_sample(const sim_world *w, vec2s p);
vec2s sim_field_gradient(const sim_world *w, vec2s p);
vec2s sim_field_move_circle(const sim_world *w, vec2s pos, float radius, vec2s delta);
/// *hit: AE_FIELD_NO_HIT, AE_FIELD_HIT_MAP, or the index of the door that stopped it.
float sim_field_disk_cast(const sim_world *w, vec2s origin, vec2s dir, float radius, float max_dist,
                          int *hit);
bool sim_field_clear_path(const sim_world *w, vec2s a, vec2s b, float radius);

#endif
