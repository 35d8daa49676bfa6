/// Visual effects fed by the sim's events: bursts, muzzle flashes, floating damage numbers,
/// debris of props hit and broken, blasts, blink trails, loot sparkles, the kill feed, and the
/// feedback of the players' own fight (screen shake and a red edge when a
/// human is hit, the crosshair's kick and hit marker, the low-health heartbeat). Pure
/// presentation: nothing here feeds back into the sim. Fixed pools, so a frame never allocates.
#ifndef ARENA_FX_H
#define ARENA_FX_H

#include "sim_state.h"

#define FX_MAX       512
#define FX_FEED_MAX  6
#define FX_BLAST_MAX 16
#define FX_TRAIL_MAX 16
/// Seconds a blast and a blink trail show.
#define FX_BLAST_LIFE 0.55f
#define FX_TRAIL_LIFE 0.35f
/// Damage sources remembered, and the seconds each shows (the HUD's damage-direction markers).
#define FX_SOURCE_MAX  16
#define FX_SOURCE_LIFE 1.0f
/// Seconds a muzzle flash shows.
#define FX_MUZZLE_LIFE 0.1f
/// Health share under which the low-health warning (red pulsing edge, blinking bar, heartbeat)
/// is on.
#define FX_LOW_HP 0.3f

typedef struct fx_particle {
    int kind;    ///< art_fx row
    vec2s pos;   ///< on the ground, world units
    float z;     ///< height above the ground it is drawn at
    vec2s vel;   ///< debris: units per second over the ground ...
    float vz;    ///< ... and upwards (it falls, bounces and settles)
    float age;   ///< seconds
    float life;  ///< seconds
    float value; ///< damage for numbers
    int owner;   ///< agent for tinting, -1 for none
    bool number; ///< a floating damage number instead of a sprite
    bool debris; ///< flies and spins (its row loops while it flies), fades at the end
} fx_particle;

/// A grenade's or a barrel's burst.
typedef struct fx_blast {
    vec2s pos;
    float radius; ///< world units
    float age;
} fx_blast;

/// A blink: afterimages of the agent from where it left to where it landed.
typedef struct fx_trail {
    vec2s from, to;
    vec2s facing;
    int agent;
    float age;
} fx_trail;

/// A blow an agent took, and where it came from (sim_event.from of its HIT).
typedef struct fx_source {
    int victim;
    vec2s from;
    float age;
} fx_source;

typedef struct fx_feed_line {
    int killer, victim; ///< killer -1: the zone
    float age;
} fx_feed_line;

typedef struct fx_state {
    fx_particle particles[FX_MAX];
    int count;
    fx_feed_line feed[FX_FEED_MAX];
    int feed_count;
    fx_blast blasts[FX_BLAST_MAX];
    int blast_count;
    fx_trail trails[FX_TRAIL_MAX];
    int trail_count;
    fx_source sources[FX_SOURCE_MAX]; ///< the last blows, oldest first
    int source_count;
    uint32_t rng; ///< the effects' own random numbers (never the sim's)
    /// Seconds of muzzle flash left per agent: drawn at the gun with the agent, so it follows
    /// the shooter and sorts with it.
    float muzzle[SIM_MAX_AGENTS];
    float trauma;   ///< screen shake, 0..1: a human was hit (grows with the damage), decays
    float hurt;     ///< red edge, 0..1: a human was hit, decays faster
    float kick;     ///< crosshair spread, 0..1: player 1 fired, decays
    float hit_mark; ///< hit marker, 0..1: player 1's bullet hit someone, decays
    bool hit_kill;  ///< ... and that hit killed
    bool beating;   ///< the low-health heartbeat runs
    float heart;    ///< its phase, 0..1 from one beat to the next
    float pulse;    ///< its strength this frame, 0..1 (0 when not low): drives the red edge,
                    ///< the blinking health bar and the beating heart icon
    /// Online the screen's one player is agent `own` of a mirror world, where any agent may
    /// hold a slot; offline the humans are agents 0 .. humans-1 and player 1 is agent 0.
    bool online;
    int own;
} fx_state;

void fx_clear(fx_state *f);
/// Turns one tick's events into effects.
void fx_absorb(fx_state *f, const sim_world *w);
/// Spawns the debris of a prop of `kind` (sim_prop_kind) at `pos`: a few chips for a hit, a
/// shower for a break.
void fx_debris(fx_state *f, int kind, vec2s pos, bool broken);
void fx_update(fx_state *f, float dt);
/// Advances the low-health heartbeat of an agent with health share `hp_share` (0..1; pass 1
/// when nobody's health is watched): faster as health drops. Sets f->pulse and returns true
/// when a beat starts (the caller plays the sound).
bool fx_heartbeat(fx_state *f, float dt, float hp_share);
/// Screen-shake offset in pixels at `time` (seconds): zero without trauma, at most
/// FX_SHAKE_MAX. It moves only the picture, never the camera the aim is computed with.
vec2s fx_shake(const fx_state *f, float time);
#define FX_SHAKE_MAX 12.0f

#endif
