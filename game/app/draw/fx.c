#include "fx.h"

#include "art_layout.h"

#include <math.h>
#include <string.h>

void fx_clear(fx_state *f) {
    memset(f, 0, sizeof *f);
}

/// Height of the chest, where bullets fly and hit effects show.
#define CHEST 14.0f

static fx_particle *add(fx_state *f) {
    if (f->count == FX_MAX) { // drop the oldest
        memmove(f->particles, f->particles + 1, (FX_MAX - 1) * sizeof f->particles[0]);
        f->count--;
    }
    fx_particle *p = &f->particles[f->count++];
    *p = (fx_particle){0};
    return p;
}

static void spawn(fx_state *f, int kind, vec2s pos, float life, int owner, bool number,
                  float value) {
    fx_particle *p = add(f);
    p->kind = kind;
    p->pos = pos;
    p->z = CHEST;
    p->life = life;
    p->value = value;
    p->owner = owner;
    p->number = number;
}

/// A uniform number in [lo, hi) from the effects' own generator (a 32-bit LCG).
static float frand(fx_state *f, float lo, float hi) {
    f->rng = f->rng * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(f->rng >> 8) / 16777216.0f;
}

void fx_debris(fx_state *f, int kind, vec2s pos, bool broken) {
    static const int rows[SIM_PROP_KIND_COUNT] = {ART_FX_CHIP_WOOD, ART_FX_CHIP_METAL,
                                                  ART_FX_CHIP_LEAF};
    int row = kind >= 0 && kind < SIM_PROP_KIND_COUNT ? rows[kind] : ART_FX_CHIP_WOOD;
    int n = broken ? 14 : 3;
    float speed = broken ? 150.0f : 70.0f;
    for (int i = 0; i < n; i++) {
        fx_particle *p = add(f);
        float a = frand(f, 0.0f, 6.2831853f), v = frand(f, 0.3f, 1.0f) * speed;
        p->kind = row;
        p->pos = (vec2s){{pos.x + frand(f, -8.0f, 8.0f), pos.y + frand(f, -4.0f, 8.0f)}};
        p->z = frand(f, 6.0f, 22.0f);
        p->vel = (vec2s){{cosf(a) * v, sinf(a) * v * 0.7f}};
        p->vz = frand(f, 60.0f, broken ? 260.0f : 160.0f);
        p->age = frand(f, 0.0f, 0.1f); // not all in step
        p->life = frand(f, 0.8f, broken ? 1.6f : 1.0f);
        p->owner = -1;
        p->debris = true;
    }
    if (broken) spawn(f, ART_FX_DUST, pos, 0.5f, -1, false, 0);
}

/// Agent id is played on this screen.
static bool local(const fx_state *f, const sim_world *w, int id) {
    return f->online ? id == f->own : id >= 0 && id < sim_config_of(w)->humans;
}

static void blast(fx_state *f, const sim_world *w, vec2s pos, float radius) {
    if (f->blast_count == FX_BLAST_MAX) {
        memmove(f->blasts, f->blasts + 1, (FX_BLAST_MAX - 1) * sizeof f->blasts[0]);
        f->blast_count--;
    }
    f->blasts[f->blast_count++] = (fx_blast){pos, radius, 0.0f};
    // The ground shakes for the humans near it.
    for (int h = 0; h < sim_agent_count(w); h++) {
        if (!local(f, w, h)) continue;
        float d = glms_vec2_distance(sim_agents(w)[h].pos, pos), reach = 3.0f * radius;
        if (sim_agents(w)[h].placement == 0 && d < reach)
            f->trauma = fminf(1.0f, f->trauma + 0.6f * (1.0f - d / reach));
    }
}

static void trail(fx_state *f, const sim_world *w, int agent, vec2s from) {
    if (agent < 0 || agent >= sim_agent_count(w)) return;
    if (f->trail_count == FX_TRAIL_MAX) {
        memmove(f->trails, f->trails + 1, (FX_TRAIL_MAX - 1) * sizeof f->trails[0]);
        f->trail_count--;
    }
    const sim_agent *a = &sim_agents(w)[agent];
    f->trails[f->trail_count++] = (fx_trail){from, a->pos, a->facing, agent, 0.0f};
    spawn(f, ART_FX_BLINK, from, 0.3f, -1, false, 0);
    spawn(f, ART_FX_BLINK, a->pos, 0.3f, -1, false, 0);
}

static void feed(fx_state *f, int killer, int victim) {
    if (f->feed_count == FX_FEED_MAX) {
        memmove(f->feed, f->feed + 1, (FX_FEED_MAX - 1) * sizeof f->feed[0]);
        f->feed_count--;
    }
    f->feed[f->feed_count++] = (fx_feed_line){killer, victim, 0.0f};
}

/// A human took `damage`: shake the screen and flash its edge, more for a bigger share of its
/// health. Stacks when hits come fast, up to the limit.
/// Remembers where a blow to `victim` came from, dropping the oldest when full.
static void source(fx_state *f, int victim, vec2s from) {
    if (f->source_count == FX_SOURCE_MAX) {
        memmove(f->sources, f->sources + 1, (FX_SOURCE_MAX - 1) * sizeof f->sources[0]);
        f->source_count--;
    }
    f->sources[f->source_count++] = (fx_source){victim, from, 0.0f};
}

static void human_hit(fx_state *f, const sim_agent *victim, float damage) {
    float share = victim->max_hp > 0.0f ? damage / victim->max_hp : 0.0f;
    f->trauma = fminf(1.0f, f->trauma + 0.3f + 1.2f * share);
    f->hurt = fminf(1.0f, f->hurt + 0.45f + 1.5f * share);
}

/// Whether the wall a bullet struck at `p` (on the wall's surface) is water: of the wall cells
/// round p, the one whose square lies nearest to it.
static bool struck_water(const ae_grid *g, vec2s p, float cs) {
    const int cx = (int)floorf(p.x / cs), cy = (int)floorf(p.y / cs);
    float best = 1e30f;
    bool water = false;
    for (int y = cy - 1; y <= cy + 1; y++)
        for (int x = cx - 1; x <= cx + 1; x++) {
            if (!ae_grid_is_wall(g, x, y)) continue;
            float dx = fmaxf(fmaxf((float)x * cs - p.x, p.x - (float)(x + 1) * cs), 0.0f);
            float dy = fmaxf(fmaxf((float)y * cs - p.y, p.y - (float)(y + 1) * cs), 0.0f);
            float d = dx * dx + dy * dy;
            if (d < best) {
                best = d;
                water = ae_grid_in_bounds(g, x, y) &&
                        g->cells[(size_t)y * (size_t)g->width + (size_t)x] ==
                            (AE_CELL_WALL | AE_CELL_WATER);
            }
        }
    return water;
}

void fx_absorb(fx_state *f, const sim_world *w) {
    // Player 1 has the mouse and so the crosshair; every human on the shared screen shakes it.
    const int aimer = f->online ? f->own : sim_config_of(w)->humans > 0 ? 0 : -1;
    for (int i = 0; i < sim_event_count(w); i++) {
        const sim_event *e = &sim_events(w)[i];
        switch (e->kind) {
        case SIM_EVENT_SHOT:
            if (e->a >= 0 && e->a < SIM_MAX_AGENTS) f->muzzle[e->a] = FX_MUZZLE_LIFE;
            if (e->a == aimer) f->kick = 1.0f;
            break;
        case SIM_EVENT_HIT:
            spawn(f, ART_FX_HIT, e->pos, 0.3f, e->a, false, 0);
            spawn(f, 0, e->pos, 0.9f, e->a, true, e->value);
            source(f, e->b, e->from);
            if (local(f, w, e->b)) human_hit(f, &sim_agents(w)[e->b], e->value);
            if (e->a == aimer && e->b != aimer) {
                f->hit_mark = 1.0f;
                f->hit_kill = false;
            }
            break;
        case SIM_EVENT_KILL:
            spawn(f, ART_FX_DEATH, e->pos, 0.6f, e->b, false, 0);
            feed(f, e->a, e->b);
            if (e->a == aimer && e->b != aimer) {
                f->hit_mark = 1.0f;
                f->hit_kill = true;
            }
            break;
        case SIM_EVENT_WALL_HIT:
            if (struck_water(sim_grid(w), e->pos, sim_config_of(w)->cell_size)) {
                spawn(f, ART_FX_SPLASH, e->pos, 0.4f, -1, false, 0);
                f->particles[f->count - 1].z = 0.0f; // on the water, where it struck
            } else {
                spawn(f, ART_FX_DUST, e->pos, 0.3f, -1, false, 0);
            }
            break;
        case SIM_EVENT_PICKUP:
            spawn(f, ART_FX_GEM, e->pos, 0.25f, e->a, false, 0);
            break;
        case SIM_EVENT_PROP_HIT:
        case SIM_EVENT_PROP_BREAK:
            if (e->b >= 0 && e->b < sim_prop_count(w))
                fx_debris(f, sim_props(w)[e->b].kind, e->pos, e->kind == SIM_EVENT_PROP_BREAK);
            break;
        case SIM_EVENT_BLAST:
            blast(f, w, e->pos, e->value);
            break;
        case SIM_EVENT_BLINK:
            trail(f, w, e->a, e->pos);
            break;
        case SIM_EVENT_LOOT:
            spawn(f, ART_FX_SPARKLE, e->pos, 0.5f, -1, false, 0);
            break;
        default:
            break;
        }
    }
}

static float decay(float v, float rate, float dt) {
    return fmaxf(0.0f, v - rate * dt);
}

void fx_update(fx_state *f, float dt) {
    int n = 0;
    for (int i = 0; i < f->count; i++) {
        fx_particle p = f->particles[i];
        p.age += dt;
        if (p.number) p.pos.y -= 30.0f * dt;           // numbers float up
        if (p.debris && (p.z > 0.0f || p.vz > 0.0f)) { // flies, falls, bounces, settles
            p.pos = glms_vec2_add(p.pos, glms_vec2_scale(p.vel, dt));
            p.z += p.vz * dt;
            p.vz -= 700.0f * dt;
            if (p.z <= 0.0f) {
                p.z = 0.0f;
                p.vz = p.vz < -80.0f ? -0.35f * p.vz : 0.0f;
                p.vel = glms_vec2_scale(p.vel, 0.45f);
            }
        }
        if (p.age < p.life) f->particles[n++] = p;
    }
    f->count = n;
    n = 0;
    for (int i = 0; i < f->blast_count; i++) {
        f->blasts[i].age += dt;
        if (f->blasts[i].age < FX_BLAST_LIFE) f->blasts[n++] = f->blasts[i];
    }
    f->blast_count = n;
    n = 0;
    for (int i = 0; i < f->trail_count; i++) {
        f->trails[i].age += dt;
        if (f->trails[i].age < FX_TRAIL_LIFE) f->trails[n++] = f->trails[i];
    }
    f->trail_count = n;
    n = 0;
    for (int i = 0; i < f->source_count; i++) {
        f->sources[i].age += dt;
        if (f->sources[i].age < FX_SOURCE_LIFE) f->sources[n++] = f->sources[i];
    }
    f->source_count = n;
    for (int i = 0; i < f->feed_count; i++) f->feed[i].age += dt;
    while (f->feed_count > 0 && f->feed[0].age > 6.0f) {
        memmove(f->feed, f->feed + 1, (size_t)(f->feed_count - 1) * sizeof f->feed[0]);
        f->feed_count--;
    }
    for (int i = 0; i < SIM_MAX_AGENTS; i++)
        if (f->muzzle[i] > 0.0f) f->muzzle[i] = decay(f->muzzle[i], 1.0f, dt);
    f->trauma = decay(f->trauma, 2.0f, dt);
    f->hurt = decay(f->hurt, 2.4f, dt);
    f->kick = decay(f->kick, 7.0f, dt);
    f->hit_mark = decay(f->hit_mark, 3.5f, dt);
}

bool fx_heartbeat(fx_state *f, float dt, float hp_share) {
    if (!(hp_share < FX_LOW_HP && hp_share > 0.0f)) {
        f->beating = false;
        f->heart = f->pulse = 0.0f;
        return false;
    }
    // 66 beats a minute at the threshold, 120 near death.
    float danger = 1.0f - hp_share / FX_LOW_HP;
    bool beat = !f->beating;
    f->beating = true;
    f->heart += dt * (1.1f + 0.9f * danger);
    if (f->heart >= 1.0f) {
        f->heart -= floorf(f->heart);
        beat = true;
    }
    // "Lub-dub": a strong throb at the beat and a softer one a fifth of a beat later.
    float p = f->heart, lub = expf(-10.0f * p);
    float dub = p >= 0.2f ? 0.7f * expf(-10.0f * (p - 0.2f)) : 0.0f;
    f->pulse = fminf(1.0f, lub + dub) * (0.55f + 0.45f * danger);
    return beat;
}

vec2s fx_shake(const fx_state *f, float time) {
    float k = FX_SHAKE_MAX * f->trauma * sqrtf(f->trauma);
    if (k <= 0.0f) return glms_vec2_zero();
    // Two incommensurate sines per axis: irregular enough to read as a jolt, smooth, stateless.
    return (vec2s){{k * (0.6f * sinf(time * 71.0f) + 0.4f * sinf(time * 113.0f + 1.7f)),
                    k * (0.6f * sinf(time * 83.0f + 0.5f) + 0.4f * sinf(time * 131.0f + 2.9f))}};
}
