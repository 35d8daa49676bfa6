// The blink: a dash of up to blink_distance along the stick in one tick, stopped short of walls,
// props and doors by a disk cast, so it never ends in or beyond a solid.
#include "sim_internal.h"

#include <math.h>

/// Gap kept between the disk and what stopped it, so the slide that follows starts clear.
#define BLINK_MARGIN 0.5f

void sim_agent_try_blink(sim_world *w, int i) {
    sim_agent *a = &w->agents[i];
    if (a->blink_cooldown > 0) {
        a->blink_cooldown--;
        return;
    }
    if (!(w->controls[i].buttons & SIM_BUTTON_BLINK)) return;
    float m = glms_vec2_norm(a->move);
    vec2s dir = m > 0.1f ? glms_vec2_scale(a->move, 1.0f / m) : a->facing;
    float len = glms_vec2_norm(dir);
    if (!(len > 0.5f)) return;
    dir = glms_vec2_scale(dir, 1.0f / len);
    int hit;
    float free_run =
        sim_field_disk_cast(w, a->pos, dir, a->radius, w->cfg.rules.blink_distance, &hit);
    float travel = hit == AE_FIELD_NO_HIT ? free_run : fmaxf(0.0f, free_run - BLINK_MARGIN);
    if (travel < 1.0f) return; // against a wall already: keep the blink for later
    const vec2s from = a->pos;
    a->pos = glms_vec2_add(a->pos, glms_vec2_scale(dir, travel));
    a->blink_cooldown = w->cfg.rules.blink_cooldown;
    a->stats.blinks++;
    sim_event_push(w, SIM_EVENT_BLINK, i, -1, travel, from);
}
