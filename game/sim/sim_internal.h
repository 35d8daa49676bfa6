/// Functions the sim's files share; not for the renderer or the app.
#ifndef SIM_INTERNAL_H
#define SIM_INTERNAL_H

#include "sim_rooms.h"
#include "sim_world.h"

/// Radius of a gem's pickup circle, in world units.
#define SIM_GEM_RADIUS 6.0f

void sim_event_push(sim_world *w, sim_event_kind kind, int a, int b, float value, vec2s pos);
/// A HIT event, with where the blow came from (sim_event.from).
void sim_event_push_hit(sim_world *w, int shooter, int target, float damage, vec2s pos, vec2s from);

/// A random position whose SDF is at least `clearance`, inside the circle (center, radius) when
/// radius > 0. Draws from the world RNG; false after a bounded number of misses.
bool sim_random_free_point(sim_world *w, float clearance, vec2s center, float radius, vec2s *out);

void sim_spawn_agents(sim_world *w);
/// True when the map has a spot with room (twice the agent radius) for every agent.
bool sim_map_can_host(const ae_sdf *sdf, const sim_config *c, ae_error *err);

/// Per-tick phases, in the order sim_step runs them.
void sim_agents_control(sim_world *w, const sim_input *inputs);
void sim_agents_move(sim_world *w);
/// The per-agent parts of the two (sim_predict_agent runs them for one agent): agent i takes
/// its input frame (normalised; a zero frame for the fallen) as its controls, stick, skill pick
/// and facing; then moves: blink, slide, stuck statistics, its broadphase box.
void sim_agent_control(sim_world *w, int i, const sim_input *in);
void sim_agent_move(sim_world *w, int i);
void sim_agents_fire(sim_world *w);
void sim_bullets_update(sim_world *w);
void sim_gems_update(sim_world *w);
void sim_zone_init(sim_world *w);
void sim_zone_update(sim_world *w);
/// After a swap to a map of another size (the old one was old_width x old_height cells): the
/// zone keeps its place relative to the map, centres scaled with each side and radii with the
/// diagonal, so its circles (and the supply drop's point) stay over the new map. Its timings stay
/// as the match began.
void sim_zone_fit(sim_world *w, int old_width, int old_height);
void sim_agents_regen_and_deaths(sim_world *w);

/// Deals damage from `from` (-1 for the zone) with `weapon` (a sim_weapon, or -1) to agent `to`;
/// its shield takes damage from agents first. `harm` (a sim_harm) says what dealt it, for the
/// scoreboard: the weapon itself, or a barrel set off by `from`'s `weapon`. Returns what the
/// blow removed from an agent (the scoreboard's figure; 0 for the zone).
double sim_damage(sim_world *w, int to, int from, int weapon, sim_harm harm, float amount);
/// A burst at `at` (a grenade's, or a barrel's: harm SIM_HARM_BARREL, `weapon` the one that broke
/// it): agents in the open within `radius` (not the owner) take damage falling off linearly from
/// `damage`, and so do props. `source` is where it came from, fired at tick `fired` (a grenade's
/// fire position; a barrel's burst is its own source), for the HIT events and sim_sight_count.
void sim_blast(sim_world *w, int owner, int weapon, sim_harm harm, vec2s at, float radius,
               float damage, vec2s source, int fired);

/// Props (sim_props.c). The kind of the breakable prop at cell (x, y), from its position alone.
sim_prop_kind sim_prop_kind_at(int x, int y);
/// Lists the breakable cells and doors of a grid (cell order). False on out-of-memory.
typedef struct sim_map_things {
    sim_prop *props;
    int prop_count;
    sim_door *doors;
    int door_count;
    int32_t *door_block_start; ///< per block of SIM_DOOR_BLOCK cells (+1): first in door_block
    int32_t *door_block;       ///< door indices, each listed in every block its travel touches
    int32_t *door_block_sum;   ///< (door_bw + 1) x (door_bh + 1): door_block entries above-left
    int door_bw, door_bh;
    int32_t *door_active; ///< door_count slots: the doors open, moving or with someone near
    int door_active_count;
} sim_map_things;
bool sim_map_things_build(sim_map_things *t, const ae_grid *grid, const sim_rules *r, float cell,
                          ae_error *err);
void sim_map_things_free(sim_map_things *t);
/// Moves the lists into the world (t is left empty) / out of it (the world is left without).
void sim_world_take_things(sim_world *w, sim_map_things *t);
sim_map_things sim_world_give_things(sim_world *w);
/// A bullet of `owner`'s `weapon` struck the wall at `contact` (its centre, `radius` from the
/// wall).
void sim_props_bullet_hit(sim_world *w, int owner, int weapon, vec2s contact, float radius,
                          float damage);
/// The props part's running hash after prop `index` was damaged down to `hp` (sim_hash.c).
uint64_t sim_hash_prop_damage(uint64_t h, int index, float hp);
/// The one path for cells that change (sim_edit.c): writes the cells in one batched engine edit
/// (ae_sdf_set_cells), then the room index, the bots' navigation and cover points over the
/// rectangle whose walls changed. False (with err) when memory runs out: nothing changed when the
/// field's edit failed; when the cover's did, the cells and field stay and the cover is as before.
/// The cells must be on the map and valid; the props' and doors' lists are the caller's.
bool sim_cells_write(sim_world *w, const sim_cell_write *cells, int n, ae_error *err);
/// Frees a broken prop's cell in the grid, field, navigation, cover points and room index (the
/// mirror world frees it the same way, sim_mirror.h).
void sim_prop_free_cell(sim_world *w, int x, int y);
/// Damages prop `index`; it breaks at 0 HP (its cell becomes free through a cell edit).
void sim_prop_damage(sim_world *w, int index, int by, int weapon, float amount);
/// A burst's share for props: every living prop whose centre is within the radius.
void sim_props_blast(sim_world *w, int owner, int weapon, vec2s at, float radius, float damage);

/// The loadout (sim_loadout.c). sim_agent_arm: the pistol alone, loaded, in its slot, held, and
/// the rules' starting bandages (a new agent).
void sim_agent_arm(const sim_rules *r, sim_agent *a);
/// Holds weapon slot `slot` (not empty): it fires after rules.switch_ticks at the earliest, and a
/// reload or an item's use stops.
void sim_agent_hold(const sim_world *w, sim_agent *a, int slot);
/// Puts `weapon` of `tier` with `rounds` rounds (the magazine filled first) in slot `slot`.
void sim_agent_load(const sim_world *w, sim_agent *a, int slot, int weapon, int tier, int rounds);
/// Agent i's loadout this tick from its input: the slot asked for, reloading (asked for, or with
/// an empty magazine), starting and finishing an item's use.
void sim_agent_loadout(sim_world *w, int i, const sim_input *in);
/// A shot fired from the held weapon: a round less, an item's use stops; a weapon with no rounds
/// left is thrown away for the pistol.
void sim_agent_spent(sim_world *w, sim_agent *a);
/// Loot in harder places (sim_loot.c): at the start, a weapon of a better tier in each room
/// behind a door; mid-match the supply drop (announced, then landing with epic loot).
void sim_loot_rooms(sim_world *w);
void sim_supply_update(sim_world *w);
/// A tier drawn from the world's RNG by weights (common, rare, epic).
int sim_loot_tier(sim_world *w, const int weights[SIM_TIER_COUNT]);

/// Pickups (sim_pickups.c).
void sim_pickups_update(sim_world *w);
/// A pickup at pos (moved to room nearby); nothing when every slot is taken.
void sim_pickup_drop(sim_world *w, vec2s pos, sim_pickup_kind kind, int weapon, int tier, int ammo);
/// What an eliminated agent leaves: its weapons with their rounds (not the pistol), its items.
void sim_pickups_drop_belongings(sim_world *w, const sim_agent *a);
void sim_pickup_remove(sim_world *w, int slot);

/// Doors (sim_doors.c): open as agents come near, close when nobody is in the way.
void sim_doors_update(sim_world *w);

/// The blink (sim_blink.c): when agent i's input asks for it and its cooldown allows, it dashes
/// along its stick (or its facing); counts the cooldown down otherwise.
void sim_agent_try_blink(sim_world *w, int i);
/// Scatters the rules' gems_at_start over the map (counted as spawned gems).
void sim_gems_scatter(sim_world *w);
/// Drops `count` gems around a position.
void sim_gems_drop(sim_world *w, vec2s pos, int count);
/// Records the agent a new bullet would hit if nobody changed course (for the dodge statistics),
/// when that is at least SIM_DODGE_TICKS away so it could still step aside.
void sim_bullet_mark_threat(sim_world *w, sim_bullet *b);

/// Frees a bullet slot (hit_agent: who it hit, -1 for none, for the dodge statistics).
void sim_bullet_kill(sim_world *w, int slot, int hit_agent);
/// Frees a gem slot without giving its XP to anyone.
void sim_gem_remove(sim_world *w, int slot);

/// Moves an agent to sim_nearest_room from its position clamped into the map (a non-finite
/// coordinate reads as the map's middle); prev_pos follows (a jump, no sweep).
void sim_agent_place_in_room(sim_world *w, sim_agent *a);
/// First thing in a tick: an agent whose centre is not finite, off the map or in a wall cell is
/// moved by sim_agent_place_in_room; a non-finite prev_pos becomes pos. Gems off the map or in a
/// wall cell are removed without effect. The sim never makes such state.
void sim_repair(sim_world *w);
/// A bullet the sim never makes: a non-finite number, no speed, or a centre off the map. The
/// bullets phase removes it without effect before its flight.
bool sim_bullet_broken(const sim_world *w, const sim_bullet *b);

#endif
