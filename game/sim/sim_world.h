/// The match state. The renderer, the HUD and the bots read it; only the sim writes it.
#ifndef SIM_WORLD_H
#define SIM_WORLD_H

#include "arena/ae_rng.h"
#include "arena/ae_sdf.h"
#include "sim.h"
#include "sim_rooms.h"

typedef enum sim_death_cause {
    SIM_ALIVE,
    SIM_DIED_BULLET,
    SIM_DIED_ZONE,
} sim_death_cause;

/// A bullet counts as dodgeable when it would arrive at least this many ticks after it is fired.
#define SIM_DODGE_TICKS 18

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
    int last_hit_by; ///< last agent whose bullet hit, -1 for none
    int hurt_tick;   ///< tick it last took damage (calm regeneration waits for it)
    int auto_target; ///< auto-aim: the enemy locked on to, -1 for none ...
    int auto_since;  ///< ... since this tick
    int hit_flash;   ///< ticks of the red flash after being hit
    bool bot;
    sim_difficulty difficulty;
    uint8_t skills[SIM_SKILL_COUNT];
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
    vec2s flight_end; ///< this tick: where its flight ends (a wall or its full travel)
    bool flight_wall; ///< this tick: the flight ends at a wall
    float flight_travel; ///< this tick: how far it flies when nothing stops it
    bool alive;
} sim_bullet;

typedef struct sim_gem {
    vec2s pos;
    int xp;
    bool alive;
    bool dropped; ///< dropped by a death (not counted against the spawn cap)
} sim_gem;

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
} sim_zone;

typedef enum sim_event_kind {
    SIM_EVENT_SHOT,     ///< a = shooter
    SIM_EVENT_HIT,      ///< a = shooter, b = target, value = damage, pos = where
    SIM_EVENT_KILL,     ///< a = killer (-1 zone), b = victim
    SIM_EVENT_PICKUP,   ///< a = agent, pos = gem
    SIM_EVENT_LEVEL_UP, ///< a = agent, b = new level
    SIM_EVENT_WALL_HIT, ///< pos = where a bullet struck a wall
    SIM_EVENT_ZONE,     ///< b = new phase index
} sim_event_kind;

/// What happened during the last tick, for effects, sounds and the kill feed (not hashed).
typedef struct sim_event {
    sim_event_kind kind;
    int a, b;
    float value;
    vec2s pos;
} sim_event;

struct sim_world {
    sim_config cfg;
    ae_grid grid;
    ae_sdf sdf;
    uint64_t map_hash;    ///< sim_hash_grid(&grid), kept up to date wherever the grid changes
    sim_room_index rooms; ///< where the field has room (sim_rooms.h), follows the map
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
    sim_zone zone;
    bool over;
    int winner;               ///< agent id once over
    int alive_at_last_shrink; ///< living agents when the last circle began to close, -1 before
    sim_input *controls;      ///< this tick's input frame of every agent
    sim_event *events;        ///< events of the last tick
    int event_count;
    int event_capacity;
    struct sim_bots *bots;       ///< bot brains (one per agent; humans' stay idle)
    struct sim_collide *collide; ///< the broadphase (MBP) over agents and bullets
};

/// Effective stats after skills.
float sim_agent_speed(const sim_world *w, const sim_agent *a);
float sim_agent_range(const sim_world *w, const sim_agent *a);
float sim_agent_bullet_speed(const sim_world *w, const sim_agent *a);
int sim_agent_cooldown(const sim_world *w, const sim_agent *a);
float sim_agent_damage(const sim_world *w, const sim_agent *a);

/// Nearest living enemy of `self` within `range` that it can see (line of sight by ray cast);
/// -1 when none.
int sim_nearest_visible_enemy(const sim_world *w, int self, float range);

/// A rules duration (zone phases, the time limit) stretched for this map's size.
int sim_zone_ticks(const sim_world *w, int ticks);

/// Largest number of events a tick keeps; more are dropped (they only feed effects).
#define SIM_EVENT_CAPACITY 4096

#endif
