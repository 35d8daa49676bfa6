/// Visual effects fed by the sim's events: bursts, muzzle flashes, floating damage numbers, the
/// kill feed, and the feedback of the players' own fight (screen shake and a red edge when a
/// human is hit, the crosshair's kick and hit marker, the low-health heartbeat). Pure
/// presentation: nothing here feeds back into the sim. Fixed pools, so a frame never allocates.
#ifndef ARENA_FX_H
#define ARENA_FX_H

#include "sim_world.h"

#define FX_MAX      512
#define FX_FEED_MAX 6
/// Seconds a muzzle flash shows.
#define FX_MUZZLE_LIFE 0.1f
/// Health share under which the low-health warning (red pulsing edge, blinking bar, heartbeat)
/// is on.
#define FX_LOW_HP 0.3f

typedef struct fx_particle {
    int kind; ///< art_fx row
    vec2s pos;
    float age;   ///< seconds
    float life;  ///< seconds
    float value; ///< damage for numbers
    int owner;   ///< agent for tinting, -1 for none
    bool number; ///< a floating damage number instead of a sprite
} fx_particle;

typedef struct fx_feed_line {
    int killer, victim; ///< killer -1: the zone
    float age;
} fx_feed_line;

typedef struct fx_state {
    fx_particle particles[FX_MAX];
    int count;
    fx_feed_line feed[FX_FEED_MAX];
    int feed_count;
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
} fx_state;

void fx_clear(fx_state *f);
/// Turns one tick's events into effects.
void fx_absorb(fx_state *f, const sim_world *w);
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
