#include "bp_scene.h"

#include "arena/ae_rng.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void alloc_scene(bp_scene *s, int n, float width, float height) {
    memset(s, 0, sizeof *s);
    s->count = n;
    s->width = width;
    s->height = height;
    size_t k = (size_t)(n > 0 ? n : 1);
    s->pos = malloc(k * sizeof *s->pos);
    s->vel = malloc(k * sizeof *s->vel);
    s->radius = malloc(k * sizeof *s->radius);
    s->category = malloc(k * sizeof *s->category);
    s->mask = malloc(k * sizeof *s->mask);
    if (!s->pos || !s->vel || !s->radius || !s->category || !s->mask) abort();
}

static void place(bp_scene *s, int i, ae_rng *rng, float rmin, float rmax, float vmin, float vmax) {
    s->radius[i] = ae_rng_range(rng, rmin, rmax);
    s->pos[i] = (vec2s){{ae_rng_range(rng, 0.0f, s->width), ae_rng_range(rng, 0.0f, s->height)}};
    // A direction from a point in the unit disk (no transcendental functions).
    float dx, dy, d2;
    do {
        dx = ae_rng_range(rng, -1.0f, 1.0f);
        dy = ae_rng_range(rng, -1.0f, 1.0f);
        d2 = dx * dx + dy * dy;
    } while (d2 < 0.01f || d2 > 1.0f);
    float speed = ae_rng_range(rng, vmin, vmax) / sqrtf(d2);
    s->vel[i] = (vec2s){{dx * speed, dy * speed}};
    s->category[i] = BP_SCENE_MONSTER;
    s->mask[i] = 0xffffffffu;
}

void bp_scene_uniform(bp_scene *s, int n, float width, float height, float rmin, float rmax,
                      float vmin, float vmax, uint64_t seed) {
    alloc_scene(s, n, width, height);
    ae_rng rng;
    ae_rng_seed(&rng, seed, 1);
    for (int i = 0; i < n; i++) place(s, i, &rng, rmin, rmax, vmin, vmax);
}

void bp_scene_horde(bp_scene *s, int monsters, uint64_t seed) {
    alloc_scene(s, 2 * monsters, 1280.0f, 720.0f);
    ae_rng rng;
    ae_rng_seed(&rng, seed, 2);
    for (int i = 0; i < monsters; i++) {
        place(s, i, &rng, 12.0f, 20.0f, 0.5f, 1.5f);
        s->mask[i] = BP_SCENE_MONSTER | BP_SCENE_BULLET;
    }
    for (int i = monsters; i < 2 * monsters; i++) {
        place(s, i, &rng, 4.0f, 4.0f, 6.0f, 10.0f);
        s->category[i] = BP_SCENE_BULLET;
        s->mask[i] = BP_SCENE_MONSTER;
    }
}

void bp_scene_game(bp_scene *s, int agents, int bullets, uint64_t seed) {
    alloc_scene(s, agents + bullets, 16384.0f, 16384.0f);
    ae_rng rng;
    ae_rng_seed(&rng, seed, 3);
    for (int i = 0; i < agents; i++) {
        place(s, i, &rng, 14.0f, 14.0f, 1.0f, 4.0f);
        s->mask[i] = BP_SCENE_MONSTER | BP_SCENE_BULLET;
    }
    for (int i = agents; i < agents + bullets; i++) {
        place(s, i, &rng, 3.0f, 3.0f, 8.0f, 16.0f);
        s->category[i] = BP_SCENE_BULLET;
        s->mask[i] = BP_SCENE_MONSTER;
    }
}

void bp_scene_step(bp_scene *s) {
    for (int i = 0; i < s->count; i++) {
        vec2s p = glms_vec2_add(s->pos[i], s->vel[i]);
        if (p.x < 0.0f || p.x > s->width) {
            s->vel[i].x = -s->vel[i].x;
            p.x = p.x < 0.0f ? -p.x : 2.0f * s->width - p.x;
        }
        if (p.y < 0.0f || p.y > s->height) {
            s->vel[i].y = -s->vel[i].y;
            p.y = p.y < 0.0f ? -p.y : 2.0f * s->height - p.y;
        }
        s->pos[i] = p;
    }
}

void bp_scene_free(bp_scene *s) {
    free(s->pos);
    free(s->vel);
    free(s->radius);
    free(s->category);
    free(s->mask);
    memset(s, 0, sizeof *s);
}
