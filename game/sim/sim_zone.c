// The safe zone: hold, shrink to a random circle inside the current one, damage outside. Each
// phase's next circle is picked when its hold begins, so players (and the spawn) know it early.
#include "sim_internal.h"

#include <math.h>

static void pick_next_circle(sim_world *w);

void sim_zone_init(sim_world *w) {
    sim_zone *z = &w->zone;
    float mw = (float)w->sdf.width * w->sdf.cell_size, mh = (float)w->sdf.height * w->sdf.cell_size;
    z->center = (vec2s){{0.5f * mw, 0.5f * mh}};
    z->radius = 0.5f * sqrtf(mw * mw + mh * mh);
    z->phase = 0;
    z->timer = 0;
    z->shrinking = false;
    z->next_center = z->center;
    z->next_radius = z->radius;
    z->dps = w->cfg.rules.zone[0].dps;
    // Bigger maps take longer to cross: stretch every phase so running to the next circle stays
    // possible (the rules are tuned for 128x128 cells).
    float diag_cells = sqrtf((float)w->sdf.width * (float)w->sdf.width +
                             (float)w->sdf.height * (float)w->sdf.height);
    z->time_scale = ae_clampf(diag_cells / 181.0f, 1.0f, 4.0f);
    z->supply = SIM_SUPPLY_NONE;
    if (w->cfg.rules.zone_phase_count > 0) pick_next_circle(w);
}

void sim_zone_fit(sim_world *w, int old_width, int old_height) {
    const float nw = (float)w->sdf.width, nh = (float)w->sdf.height;
    if (w->sdf.width == old_width && w->sdf.height == old_height) return;
    const float ow = (float)old_width, oh = (float)old_height;
    const float sx = nw / ow, sy = nh / oh;
    const float sr = sqrtf(nw * nw + nh * nh) / sqrtf(ow * ow + oh * oh);
    sim_zone *z = &w->zone;
    vec2s *centres[] = {&z->center, &z->from_center, &z->next_center, &z->supply_pos};
    for (int i = 0; i < 4; i++) *centres[i] = (vec2s){{centres[i]->x * sx, centres[i]->y * sy}};
    z->radius *= sr;
    z->from_radius *= sr;
    z->next_radius *= sr;
}

int sim_zone_ticks(const sim_world *w, int ticks) {
    return (int)((float)ticks * w->zone.time_scale);
}

/// The next circle: radius * scale, centred at a random point that keeps it inside the current
/// circle, preferring centres over open ground so the final fight is not inside a wall.
static void pick_next_circle(sim_world *w) {
    sim_zone *z = &w->zone;
    const sim_zone_phase *ph = &w->cfg.rules.zone[z->phase];
    z->next_radius = z->radius * ph->radius_scale;
    float slack = z->radius - z->next_radius;
    float mw = (float)w->sdf.width * w->sdf.cell_size, mh = (float)w->sdf.height * w->sdf.cell_size;
    z->next_center = z->center;
    for (int i = 0; i < 32; i++) {
        float dx = ae_rng_range(&w->rng, -1.0f, 1.0f), dy = ae_rng_range(&w->rng, -1.0f, 1.0f);
        if (dx * dx + dy * dy > 1.0f) continue;
        vec2s c = {{z->center.x + dx * slack, z->center.y + dy * slack}};
        if (c.x < 0.0f || c.y < 0.0f || c.x > mw || c.y > mh) continue;
        if (ae_sdf_sample(&w->sdf, c) < 2.0f * w->cfg.rules.agent_radius) continue;
        z->next_center = c;
        break;
    }
}

void sim_zone_update(sim_world *w) {
    sim_zone *z = &w->zone;
    const sim_rules *r = &w->cfg.rules;
    if (z->phase < r->zone_phase_count) {
        const sim_zone_phase *ph = &r->zone[z->phase];
        z->dps = ph->dps;
        z->timer++;
        if (!z->shrinking && z->timer >= sim_zone_ticks(w, ph->hold_ticks)) {
            z->from_center = z->center;
            z->from_radius = z->radius;
            z->shrinking = true;
            if (z->phase == r->zone_phase_count - 1) w->alive_at_last_shrink = w->alive_count;
            z->timer = 0;
        } else if (z->shrinking) {
            float t = (float)z->timer / (float)sim_zone_ticks(w, ph->shrink_ticks);
            if (t >= 1.0f) {
                z->center = z->next_center;
                z->radius = z->next_radius;
                z->shrinking = false;
                z->timer = 0;
                z->phase++;
                if (z->phase < r->zone_phase_count) pick_next_circle(w);
                sim_event_push(w, SIM_EVENT_ZONE, -1, z->phase, 0.0f, z->center);
            } else {
                z->center = glms_vec2_lerp(z->from_center, z->next_center, t);
                z->radius = z->from_radius + (z->next_radius - z->from_radius) * t;
            }
        }
    } else {
        z->dps = 2.0f * r->zone[r->zone_phase_count - 1].dps;
    }
    float per_tick = z->dps / (float)SIM_TICK_HZ;
    for (int i = 0; i < w->agent_count; i++) {
        sim_agent *a = &w->agents[i];
        if (a->placement != 0) continue;
        if (glms_vec2_distance2(a->pos, z->center) > z->radius * z->radius)
            sim_damage(w, i, -1, -1, SIM_HARM_ZONE, per_tick);
    }
}
