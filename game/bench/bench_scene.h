/// A busy mid-match world staged by hand, which the render benchmark draws and the render
/// reference test compares with a stored frame: bots only, a few seconds played, then every agent
/// alive and placed round agent 0 and bullets in the air round it. No SDL; it sets the world's
/// internals (sim_world.h), so it links arena_sim_internals.
#ifndef BENCH_SCENE_H
#define BENCH_SCENE_H

#include "sim.h"

typedef struct bench_scene_def {
    int bots;
    int ticks;           ///< played before the staging
    vec2s agent_spread;  ///< agents go within +- this of agent 0 (where the field has room)
    int bullets;         ///< bullet slots filled from the first
    vec2s bullet_spread; ///< ... within +- this of agent 0
    /// Hit points in quarters of the maximum by agent id (else all full), and every 17th bullet a
    /// grenade, the rest pistol shots (else each slot keeps the weapon it had).
    bool varied;
} bench_scene_def;

/// The staged world on `map` (seed 9), or NULL when it cannot be created. sim_destroy frees it.
sim_world *bench_scene_create(const ae_grid *map, const bench_scene_def *def);

#endif
