#include "fx.h"

#include "art_layout.h"

#include <math.h>
#include <string.h>

void fx_clear(fx_state *f) {
    memset(f, 0, sizeof *f);
}

static void spawn(fx_state *f, int kind, vec2s pos, float life, int owner, bool number,
                  float value) {
    if (f->count == FX_MAX) { // drop the oldest
        memmove(f->particles, f->particles + 1, (FX_MAX - 1) * sizeof f->particles[0]);
        f->count--;
    }
    f->particles[f->count++] = (fx_particle){kind, pos, 0.0f, life, value, owner, number};
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
static void human_hit(fx_state *f, const sim_agent *victim, float damage) {
    float share = victim->max_hp > 0.0f ? damage / victim->max_hp : 0.0f;
    f->trauma = fminf(1.0f, f->trauma + 0.3f + 1.2f * share);
    f->hurt = fminf(1.0f, f->hurt + 0.45f + 1.5f * share);
}

void fx_absorb(fx_state *f, const sim_world *w) {
    // Player 1 has the mouse and so the crosshair; every human on the shared screen shakes it.
    const int humans = w->cfg.humans, aimer = humans > 0 ? 0 : -1;
    for (int i = 0; i < w->event_count; i++) {
        const sim_event *e = &w->events[i];
        switch (e->kind) {
        case SIM_EVENT_SHOT:
            if (e->a >= 0 && e->a < SIM_MAX_AGENTS) f->muzzle[e->a] = FX_MUZZLE_LIFE;
            if (e->a == aimer) f->kick = 1.0f;
            break;
        case SIM_EVENT_HIT:
            spawn(f, ART_FX_HIT, e->pos, 0.3f, e->a, false, 0);
            spawn(f, 0, e->pos, 0.9f, e->a, true, e->value);
            if (e->b >= 0 && e->b < humans) human_hit(f, &w->agents[e->b], e->value);
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
            spawn(f, ART_FX_DUST, e->pos, 0.3f, -1, false, 0);
            break;
        case SIM_EVENT_PICKUP:
            spawn(f, ART_FX_GEM, e->pos, 0.25f, e->a, false, 0);
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
        if (p.number) p.pos.y -= 30.0f * dt; // numbers float up
        if (p.age < p.life) f->particles[n++] = p;
    }
    f->count = n;
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
