/// Moving-circle scenes shared by the broadphase benchmark and tests, so both measure the same
/// thing: circles with random radii and velocities bouncing inside a rectangle, from a fixed seed.
#ifndef BP_SCENE_H
#define BP_SCENE_H

#include "arena/ae_base.h"

/// Collision categories of the scenes.
enum { BP_SCENE_MONSTER = 1u, BP_SCENE_BULLET = 2u };

/// Clumps of the clustered scene.
enum { BP_SCENE_CLUMPS = 8 };

typedef struct bp_scene {
    int count;
    float width, height; ///< the box the circles bounce in, from (0, 0)
    vec2s *pos;
    vec2s *vel;
    float *radius;
    uint32_t *category;
    uint32_t *mask;
} bp_scene;

/// n circles, radius in [rmin, rmax), speed in [vmin, vmax) units per tick, uniform positions;
/// category 1, mask all bits.
void bp_scene_uniform(bp_scene *s, int n, float width, float height, float rmin, float rmax,
                      float vmin, float vmax, uint64_t seed);

/// The reference article's horde in a screen-sized world (1280 x 720): `monsters` monsters
/// (radius 12 to 20, speed 0.5 to 1.5) that collide with each other and with bullets, and as many
/// bullets (radius 4, speed 6 to 10) that hit monsters only.
void bp_scene_horde(bp_scene *s, int monsters, uint64_t seed);

/// The game's load: `agents` agents (radius 14, speed 1 to 4) that collide with each other and
/// with bullets, and `bullets` bullets (radius 3, speed 8 to 16) that hit agents only, in a
/// 16384 x 16384 world (a 512 x 512-cell map of 32-unit cells).
void bp_scene_game(bp_scene *s, int agents, int bullets, uint64_t seed);

/// Crowds: n circles in a square of side max(4096, 30 sqrt(n)) (the clumps cover at most a quarter
/// of it), radius 2 + 38 u^3 (u uniform: mostly small, a few
/// up to 40), three quarters in BP_SCENE_CLUMPS clumps of equal density (about 300 square units
/// per circle, so a few neighbours each) that drift at 0.5 to 1.5 units per tick with each member
/// jittering by up to 1 more, the rest spread uniformly at speed 1 to 3. Category 1, mask all bits.
void bp_scene_clustered(bp_scene *s, int n, uint64_t seed);

/// Moves every circle by its velocity and reflects it off the box's sides.
void bp_scene_step(bp_scene *s);

void bp_scene_free(bp_scene *s);

#endif
