/// The match state as the renderer, the HUD and the tools read it: the records of agents,
/// bullets, gems, props, pickups, doors, the zone and the last tick's events, and read-only
/// accessors to them. Public: only the sim writes the world (game/sim's internal sim_world.h holds
/// its layout); the debug overlays' extra views are in sim_debug.h. Every member of these records
/// has a row, in declaration order, in game/sim/sim_state_fields.c, which drives the state hash
/// and dump: a member added here needs its row there (the build fails until it has one).
#ifndef SIM_STATE_H
#define SIM_STATE_H

#include "arena/ae_field.h"
#include "sim.h"

typedef enum sim_death_cause {
    SIM_ALIVE,
    SIM_DIED_BULLET,
    SIM_DIED_ZONE,
} sim_death_cause;

/// What dealt a blow, for the scoreboard: 0 .. SIM_WEAPON_COUNT-1 a weapon's bullet or burst (a
/// sim_weapon), then a barrel's burst and the zone.
typedef enum sim_harm {
    SIM_HARM_NONE = -1,
    SIM_HARM_BARREL = SIM_WEAPON_COUNT, ///< a barrel that an agent's shot set off
    SIM_HARM_ZONE,
} sim_harm;

/// A bullet counts as dodgeable when it would arrive at least this many ticks after it is fired.
#define SIM_DODGE_TICKS 18

/// Sources of damage an agent's ledger keeps apart (sim_agent_stats.hurt).
#define SIM_HURT_SOURCES 8

/// One source of the damage an agent took: who (and with what) and how much in all.
typedef struct sim_hurt {
    int by;        ///< agent id, -1 for nobody (the zone, a barrel nobody set off)
    int harm;      ///< sim_harm
    double amount; ///< HP and shield it removed (no overkill)
} sim_hurt;

typedef enum sim_pickup_kind {
    SIM_PICKUP_WEAPON, ///< `weapon` of `tier` with `ammo` rounds
    SIM_PICKUP_MEDKIT, ///< a stack of `ammo` medkits
    SIM_PICKUP_SHIELD, ///< ... shield cells
    SIM_PICKUP_BANDAGE,
    SIM_PICKUP_KIND_COUNT
} sim_pickup_kind;

/// Per-agent figures for `--stats` (not part of the state hash).
typedef struct sim_agent_stats {
    int shots;            ///< bullets fired
    int hits;             ///< bullets that hit an agent
    int threats;          ///< bullets that would have hit it had it kept its course, fired at least
                          ///< SIM_DODGE_TICKS before they would arrive (settled while it lived)
    int threats_dodged;   ///< ... of which missed it
    int first_level_tick; ///< tick it reached level 2, -1 before
    int stuck_ticks;      ///< ticks spent wanting to move but not moving
    int stuck_streak;     ///< current run of stuck ticks
    int longest_stuck;    ///< longest run of stuck ticks
    int kills_with[SIM_WEAPON_COUNT]; ///< kills by the weapon of the blow that downed the victim
    int props_broken;
    int pickups;                       ///< loot taken (weapons, items)
    int picked[SIM_PICKUP_KIND_COUNT]; ///< ... per sim_pickup_kind
    int items_used[SIM_ITEM_COUNT];    ///< carried items used up, per sim_item
    int reloads;                       ///< reloads finished
    int blinks;
    /// HP and shield it took off other agents, and other agents took off it; a blow counts only
    /// what it removed (no overkill), so the two sum to the same over a match.
    double damage_dealt, damage_taken;
    int last_harm;  ///< sim_harm of the last blow an agent dealt it while standing (-1 none)
    int death_harm; ///< sim_harm of what eliminated it (-1 while it lives, or survived)
    /// Who damaged it, a row per (agent, sim_harm) pair in the order they first struck. A
    /// source that finds the ledger full takes the place of the smallest row when it is the
    /// larger; what falls out goes to hurt_other. So the rows and hurt_other sum to
    /// damage_taken + damage_world, and the biggest sources stay named.
    sim_hurt hurt[SIM_HURT_SOURCES];
    int hurt_count;
    double hurt_other;
    double damage_world;  ///< what the zone and ownerless barrels took off it (no overkill)
    int first_fight_tick; ///< tick it first dealt or took damage from another agent, -1 before
    /// Of damage_taken while a person drove it, what came from beyond its view: a blow whose
    /// source (a bullet's or grenade's fire position) was outside its view when it was fired,
    /// as game/sim/sim_sight.c judges it; split by who fired (a bot, or a person).
    double unseen_from_bots, unseen_from_people;
} sim_agent_stats;

typedef struct sim_agent {
    vec2s pos;
    vec2s prev_pos; ///< position one tick ago (for interpolated drawing)
    vec2s facing;   ///< unit vector: last aim or move direction
    vec2s move;     ///< the move input of this tick (length <= 1)
    float radius;
    float hp;
    float max_hp;
    int xp; ///< XP gathered towards the next level
    int level;
    int pending_picks; ///< level-ups not yet spent on a skill
    int fire_cooldown; ///< ticks until the next shot
    int kills;
    int placement; ///< 0 while alive; 1 = winner
    int death_tick;
    int killer; ///< agent id, -1 for the zone or none
    sim_death_cause cause;
    int last_hit_by; ///< last agent whose blow hit it while standing (its killer), -1 for none
    int hurt_tick;   ///< tick it last took damage (calm regeneration waits for it)
    int auto_target; ///< auto-aim: the enemy locked on to, -1 for none ...
    int auto_since;  ///< ... since this tick
    int hit_flash;   ///< ticks of the red flash after being hit
    uint8_t skills[SIM_SKILL_COUNT];
    uint8_t weapon; ///< sim_weapon held: guns[held], kept with it
    /// The loadout: per weapon slot (SIM_SLOT_*) its weapon (SIM_WEAPON_COUNT: empty), tier,
    /// rounds in the magazine and in reserve (the pistol's reserve never runs out: 0).
    uint8_t held;
    uint8_t guns[SIM_SLOT_COUNT];
    uint8_t tiers[SIM_SLOT_COUNT];
    int mag[SIM_SLOT_COUNT];
    int reserve[SIM_SLOT_COUNT];
    int reload_ticks;              ///< > 0: reloading the held weapon, ticks left
    uint8_t items[SIM_ITEM_COUNT]; ///< carried items per sim_item
    int8_t using_item;             ///< the sim_item being used, -1 none ...
    int use_ticks;                 ///< ... ticks until it takes effect
    float shield;                  ///< absorbs damage before HP
    int blink_cooldown;            ///< ticks until it can blink again
    int last_hit_weapon;           ///< weapon of the last bullet that hit it (kill statistics)
    bool swap_held; ///< the swap button was down last tick (a swap happens on the press)
    bool bot;       ///< it entered the match as a bot (its name and colour stay)
    int8_t slot;    ///< the input slot driving it, -1: its bot brain (sim_take_over)
    sim_difficulty difficulty;
    /// Driven by a person: the half extents of their view (sim_input_view of their last frame),
    /// which bots fire from inside only (game/sim/sim_sight.h); zero while a bot brain drives it.
    vec2s view;
    sim_agent_stats stats;
} sim_agent;

typedef struct sim_bullet {
    vec2s pos;
    vec2s vel; ///< units per tick
    float radius;
    float damage;
    float range_left; ///< units it may still travel
    int owner;
    int fired_tick;   ///< tick it was fired (bots notice a bullet only after their reaction time)
    int threat;       ///< agent it is flying at (dodge statistics), -1 for none
    uint8_t weapon;   ///< sim_weapon that fired it
    float blast;      ///< > 0: a grenade that bursts with this radius at the end of its range
    vec2s from;       ///< where it was fired (its owner's position then; fired_tick says when)
    vec2s flight_end; ///< this tick: where its flight ends (a wall or its full travel)
    int flight_hit;   ///< this tick: what ends the flight (AE_FIELD_NO_HIT, _HIT_MAP or a door)
    float flight_travel; ///< this tick: how far it flies when nothing stops it
    bool alive;
} sim_bullet;

typedef struct sim_gem {
    vec2s pos;
    int xp;
    bool alive;
    bool dropped; ///< dropped by a death (not counted against the spawn cap)
} sim_gem;

/// A breakable prop: a wall cell tagged AE_CELL_BREAKABLE. Kept for the whole match in cell
/// order; a broken one stays with hp 0 (its cell is free in the grid and field from then on).
typedef struct sim_prop {
    int x, y;     ///< its cell
    uint8_t kind; ///< sim_prop_kind
    float hp;     ///< 0 once broken
    float max_hp;
    int hit_tick;      ///< tick it was last hit (for the shake), -1 for never
    int broken_by;     ///< agent whose hit broke it (-1 none) and ...
    int broken_weapon; ///< ... its weapon, for a barrel's burst
    int next_burst;    ///< barrels waiting to burst form a list through here (-1 ends it)
} sim_prop;

/// Loot lying on the ground.
typedef struct sim_pickup {
    vec2s pos;
    uint8_t kind;   ///< sim_pickup_kind
    uint8_t weapon; ///< SIM_PICKUP_WEAPON: which ...
    uint8_t tier;   ///< ... and its sim_tier
    int ammo;       ///< a weapon's rounds, or how many items the stack holds
    int drop_tick;  ///< when it appeared
    bool alive;
} sim_pickup;

/// A sliding door (a cell tagged AE_CELL_DOOR): a box filling its cell while closed that slides
/// along `axis` into the wall beside it as someone comes near, and back once nobody is.
typedef struct sim_door {
    int x, y;      ///< its cell
    vec2s closed;  ///< centre while closed (the cell's centre)
    vec2s axis;    ///< unit direction it slides to open
    vec2s half;    ///< half extents of its box
    float open;    ///< 0 closed .. 1 fully open
    int8_t moving; ///< +1 opening, -1 closing, 0 still (for sounds)
    bool active;   ///< listed in the world's door_active
} sim_door;

typedef struct sim_zone {
    int phase; ///< index into rules.zone; == phase_count when the last one has closed
    int timer; ///< ticks spent in the current phase
    bool shrinking;
    vec2s center; ///< current circle
    float radius;
    vec2s from_center; ///< circle at the start of the shrink
    float from_radius;
    vec2s next_center; ///< circle at the end of the shrink
    float next_radius;
    float dps;        ///< damage per second outside the circle
    float time_scale; ///< phase durations stretch with the map (1 up to 128x128 cells)
    /// The supply drop: announced (with its landing point) rules.supply_warning before the first
    /// circle finishes closing, it lands then inside the new circle with epic loot.
    uint8_t supply;   ///< sim_supply_state
    vec2s supply_pos; ///< where it lands
    int supply_tick;  ///< the tick it lands (announced) or landed
} sim_zone;

typedef enum sim_supply_state {
    SIM_SUPPLY_NONE,
    SIM_SUPPLY_COMING,
    SIM_SUPPLY_LANDED
} sim_supply_state;

typedef enum sim_event_kind {
    SIM_EVENT_SHOT,       ///< a = shooter, b = sim_weapon
    SIM_EVENT_HIT,        ///< a = shooter, b = target, value = damage, pos = where, from
    SIM_EVENT_KILL,       ///< a = killer (-1 zone), b = victim
    SIM_EVENT_PICKUP,     ///< a = agent, pos = gem
    SIM_EVENT_LEVEL_UP,   ///< a = agent, b = new level
    SIM_EVENT_WALL_HIT,   ///< pos = where a bullet struck a wall
    SIM_EVENT_ZONE,       ///< b = new phase index
    SIM_EVENT_PROP_HIT,   ///< a = shooter, b = prop index, value = damage, pos = where
    SIM_EVENT_PROP_BREAK, ///< a = who broke it (-1 none), b = prop index, pos = cell centre
    SIM_EVENT_BLAST,      ///< a = owner, b = sim_weapon (or -1: a barrel), value = radius, pos
    SIM_EVENT_LOOT,       ///< a = agent, b = sim_pickup_kind, value = weapon, pos = pickup
    SIM_EVENT_BLINK,      ///< a = agent, pos = where it left (it is now at its position)
    SIM_EVENT_DOOR,       ///< b = door index, value = +1 it starts opening, -1 closing
} sim_event_kind;

/// What happened during the last tick, for effects, sounds and the kill feed (not hashed).
typedef struct sim_event {
    sim_event_kind kind;
    int a, b;
    float value;
    vec2s pos;
    /// HIT: where the blow came from (its bullet's or grenade's fire position, a barrel's burst,
    /// the shooter itself for anything else); the other kinds: pos.
    vec2s from;
} sim_event;

/// The world's parts, read-only. Arrays stay valid until the next sim_step, sim_swap_map,
/// sim_swap_commit or sim_take_over.
const sim_config *sim_config_of(const sim_world *w);
/// The map as it stands now (broken props are free cells).
const ae_grid *sim_grid(const sim_world *w);
/// sim_hash_grid of the map as the match began on it, as it was last swapped in or as the last
/// sim_edit_cells left it. Props broken since (free cells in sim_grid) are not in it: the props'
/// part of the state hash holds them.
uint64_t sim_map_hash(const sim_world *w);
/// Map generation: 0 for the map the match began on, +1 at every map swap and every
/// sim_edit_cells that changed it. Code that keeps something built from the map (the autopilot's
/// navigation) compares it to notice a change.
uint32_t sim_map_generation(const sim_world *w);
/// Every agent, alive or not, by id (0 .. sim_agent_count - 1; humans first).
const sim_agent *sim_agents(const sim_world *w);
int sim_agent_count(const sim_world *w);
int sim_alive_count(const sim_world *w);
/// The winner's agent id once the match is over (sim_over), else -1.
int sim_winner(const sim_world *w);
/// Bullet slots; those at and above sim_bullet_top are all free (check `alive` below it).
const sim_bullet *sim_bullets(const sim_world *w);
int sim_bullet_top(const sim_world *w);
/// Gem slots; those at and above sim_gem_top are all free (check `alive` below it).
const sim_gem *sim_gems(const sim_world *w);
int sim_gem_top(const sim_world *w);
/// Every breakable prop of the map, in cell order (broken ones with hp 0).
const sim_prop *sim_props(const sim_world *w);
int sim_prop_count(const sim_world *w);
int sim_props_broken(const sim_world *w);
/// Pickup slots; those at and above sim_pickup_top are all free (check `alive` below it).
const sim_pickup *sim_pickups(const sim_world *w);
int sim_pickup_top(const sim_world *w);
/// Every door of the map, in cell order.
const sim_door *sim_doors(const sim_world *w);
int sim_door_count(const sim_world *w);
const sim_zone *sim_zone_state(const sim_world *w);
/// The events of the last tick (at most SIM_EVENT_CAPACITY).
const sim_event *sim_events(const sim_world *w);
int sim_event_count(const sim_world *w);

/// Effective stats after skills (the weapon ones for the weapon it holds).
const sim_weapon_def *sim_agent_weapon(const sim_world *w, const sim_agent *a);
float sim_agent_speed(const sim_world *w, const sim_agent *a);
float sim_agent_range(const sim_world *w, const sim_agent *a);
float sim_agent_bullet_speed(const sim_world *w, const sim_agent *a);
int sim_agent_cooldown(const sim_world *w, const sim_agent *a);
float sim_agent_damage(const sim_world *w, const sim_agent *a);
/// Magazine size of `weapon` at `tier`.
int sim_weapon_magazine(const sim_rules *r, int weapon, int tier);
/// The sim_item a pickup kind carries (-1: a weapon), and back.
int sim_pickup_item(sim_pickup_kind kind);
sim_pickup_kind sim_item_pickup(sim_item item);
/// Whether agent a would get anything from using `item` now (hurt for a heal, a shield to fill).
bool sim_item_useful(const sim_world *w, const sim_agent *a, sim_item item);
/// The next weapon slot after the one held (dir +1) or before it (-1) that holds a weapon,
/// round the slots; the held one when no other does.
int sim_agent_next_slot(const sim_agent *a, int dir);
/// The carried item that helps agent a most now (-1: none): a medkit when below half HP, else a
/// bandage when hurt (a medkit without one), else a shield cell when the shield is not full.
int sim_agent_best_item(const sim_world *w, const sim_agent *a);
/// The weapon slot that taking weapon pickup p would fill without a swap (one with the same weapon
/// of a tier as good, whose rounds it takes, or an empty one), or -1.
int sim_pickup_slot_for(const sim_agent *a, const sim_pickup *p);

/// Nearest living enemy of `self` within `range` that it can see (line of sight by ray cast);
/// -1 when none. It reads only (every agent is looked at), so the HUD may ask between ticks.
int sim_nearest_visible_enemy(const sim_world *w, int self, float range);
/// Agent `self` sees agent `other`: nothing (a wall, an unbroken prop, a closed door) stands on
/// the line between them. The line of sight auto-fire and the bots use.
bool sim_agent_sees(const sim_world *w, int self, int other);

/// A rules duration (zone phases, the time limit) stretched for this map's size.
int sim_zone_ticks(const sim_world *w, int ticks);

/// The prop whose cell is (x, y) (broken or not), or -1.
int sim_prop_find(const sim_world *w, int x, int y);
/// The door whose cell is (x, y), or -1.
int sim_door_find(const sim_world *w, int x, int y);

/// A door's box where it stands now.
ae_shape sim_door_shape(const sim_world *w, const sim_door *d);

/// Pickup slots of a match of n agents: a drop finding every slot taken is lost.
#define SIM_PICKUP_SLOTS(n) (1024 + 2 * (n))

/// Largest number of events a tick keeps; more are dropped (they only feed effects).
#define SIM_EVENT_CAPACITY 4096

#endif
