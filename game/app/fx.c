#include "fx.h"

#include "art_layout.h"

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

void fx_absorb(fx_state *f, const sim_world *w) {
    for (int i = 0; i < w->event_count; i++) {
        const sim_event *e = &w->events[i];
        switch (e->kind) {
        case SIM_EVENT_SHOT:
            spawn(f, ART_FX_MUZZLE, e->pos, 0.12f, e->a, false, 0);
            break;
        case SIM_EVENT_HIT:
            spawn(f, ART_FX_HIT, e->pos, 0.3f, e->a, false, 0);
            spawn(f, 0, e->pos, 0.9f, e->a, true, e->value);
            break;
        case SIM_EVENT_KILL:
            spawn(f, ART_FX_DEATH, e->pos, 0.6f, e->b, false, 0);
            feed(f, e->a, e->b);
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
}
