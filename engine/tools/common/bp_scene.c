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

// A point uniform in the disk of radius r about c, by rejection (no transcendental functions).
static vec2s in_disk(ae_rng *rng, vec2s c, float r) {
    float dx, dy;
    do {
        dx = ae_rng_range(rng, -1.0f, 1.0f);
        dy = ae_rng_range(rng, -1.0f, 1.0f);
    } while (dx * dx + dy * dy > 1.0f);
    return (vec2s){{c.x + dx * r, c.y + dy * r}};
}

static float clamp_to(float v, float hi) {
    return v < 0.0f ? 0.0f : (v > hi ? hi : v);
}

void bp_scene_clustered(bp_scene *s, int n, uint64_t seed) {
    const float width = fmaxf(4096.0f, 30.0f * sqrtf((float)n)), height = width;
    alloc_scene(s, n, width, height);
    ae_rng rng;
    ae_rng_seed(&rng, seed, 4);
    const int members = n * 3 / 4, per = (members + BP_SCENE_CLUMPS - 1) / BP_SCENE_CLUMPS;
    // Equal density in every clump at every size: the area of `per` circles of 300 square units.
    const float clump_r = sqrtf((float)per * 300.0f / 3.14159265f);
    vec2s centre[BP_SCENE_CLUMPS], drift[BP_SCENE_CLUMPS];
    for (int c = 0; c < BP_SCENE_CLUMPS; c++) {
        centre[c] = (vec2s){{ae_rng_range(&rng, clump_r, fmaxf(width - clump_r, clump_r)),
                             ae_rng_range(&rng, clump_r, fmaxf(height - clump_r, clump_r))}};
        place(s, 0, &rng, 0.0f, 0.0f, 0.5f, 1.5f); // slot 0 as scratch for a drift velocity
        drift[c] = s->vel[0];
    }
    for (int i = 0; i < n; i++) {
        place(s, i, &rng, 0.0f, 0.0f, 1.0f, 3.0f);
        float u = ae_rng_range(&rng, 0.0f, 1.0f);
        s->radius[i] = 2.0f + 38.0f * u * u * u;
        if (i >= members) continue; // spread out: place's uniform position and velocity
        const int c = i % BP_SCENE_CLUMPS;
        vec2s p = in_disk(&rng, centre[c], clump_r);
        s->pos[i] = (vec2s){{clamp_to(p.x, width), clamp_to(p.y, height)}};
        vec2s j = in_disk(&rng, (vec2s){{0.0f, 0.0f}}, 1.0f);
        s->vel[i] = (vec2s){{drift[c].x + j.x, drift[c].y + j.y}};
    }
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
