/// Visual effects fed by the sim's events: bursts, muzzle flashes, floating damage numbers and
/// the kill feed. Pure presentation: nothing here feeds back into the sim. Fixed pools, so a
/// frame never allocates.
#ifndef ARENA_FX_H
#define ARENA_FX_H

#include "sim_world.h"

#define FX_MAX      512
#define FX_FEED_MAX 6

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
} fx_state;

void fx_clear(fx_state *f);
/// Turns one tick's events into effects.
void fx_absorb(fx_state *f, const sim_world *w);
void fx_update(fx_state *f, float dt);

#endif
