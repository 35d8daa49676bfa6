// Bullets: flight, range, wall hits by disk cast, agent hits by a swept test.
#include "sim_internal.h"

#include <math.h>

float sim_swept_toi(vec2s p0, vec2s p1, vec2s q0, vec2s q1, float r) {
    // Relative motion: d(t) = (p0 - q0) + t * ((p1 - p0) - (q1 - q0)), first t with |d| = r.
    vec2s d0 = glms_vec2_sub(p0, q0);
    vec2s v = glms_vec2_sub(glms_vec2_sub(p1, p0), glms_vec2_sub(q1, q0));
    float c = glms_vec2_dot(d0, d0) - r * r;
    if (c <= 0.0f) return 0.0f;
    float a = glms_vec2_dot(v, v);
    float b = glms_vec2_dot(d0, v);
    if (a <= 0.0f || b >= 0.0f) return -1.0f;
    float disc = b * b - a * c;
    if (disc < 0.0f) return -1.0f;
    float t = (-b - sqrtf(disc)) / a;
    return t <= 1.0f ? t : -1.0f;
}

/// Records which agent a fresh bullet threatens, for the dodge statistics: the first agent (not
/// its owner) on its straight path at least half a second away, who could still step aside.
void sim_bullet_mark_threat(sim_world *w, sim_bullet *b) {
    const float speed = glms_vec2_norm(b->vel);
    if (speed <= 0.0f) return;
    vec2s dir = glms_vec2_scale(b->vel, 1.0f / speed);
    float best = b->range_left;
    for (int i = 0; i < w->agent_count; i++) {
        const sim_agent *a = &w->agents[i];
        if (i == b->owner || a->placement != 0) continue;
        vec2s rel = glms_vec2_sub(a->pos, b->pos);
        float along = glms_vec2_dot(rel, dir);
        if (along <= 0.0f || along >= best) continue;
        float side = fabsf(rel.x * dir.y - rel.y * dir.x);
        if (side >= a->radius + b->radius) continue;
        if (along / speed < 0.5f * SIM_TICK_HZ) continue;
        best = along;
        b->threat = i;
    }
    if (b->threat >= 0) w->agents[b->threat].stats.threats++;
}

static void kill_bullet(sim_world *w, sim_bullet *b, int hit_agent) {
    if (b->threat >= 0 && hit_agent != b->threat) w->agents[b->threat].stats.threats_dodged++;
    b->alive = false;
    w->bullet_count--;
}

void sim_bullets_update(sim_world *w) {
    for (int k = 0; k < w->cfg.max_bullets; k++) {
        sim_bullet *b = &w->bullets[k];
        if (!b->alive) continue;
        float speed = glms_vec2_norm(b->vel);
        float travel = fminf(speed, b->range_left);
        vec2s dir = glms_vec2_scale(b->vel, 1.0f / speed);
        bool wall;
        float free_travel = ae_sdf_disk_cast(&w->sdf, b->pos, dir, b->radius, travel, &wall);
        vec2s p0 = b->pos, p1 = glms_vec2_add(p0, glms_vec2_scale(dir, free_travel));
        // The earliest agent hit along the sweep, agents moving as they did this tick.
        int hit = -1;
        float hit_t = 2.0f;
        for (int i = 0; i < w->agent_count; i++) {
            const sim_agent *a = &w->agents[i];
            if (i == b->owner || a->placement != 0) continue;
            float t = sim_swept_toi(p0, p1, a->prev_pos, a->pos, a->radius + b->radius);
            if (t >= 0.0f && t < hit_t) {
                hit_t = t;
                hit = i;
            }
        }
        if (hit >= 0) {
            vec2s at = glms_vec2_add(p0, glms_vec2_scale(glms_vec2_sub(p1, p0), hit_t));
            sim_damage(w, hit, b->owner, b->damage);
            w->agents[b->owner].stats.hits++;
            sim_event_push(w, SIM_EVENT_HIT, b->owner, hit, b->damage, at);
            kill_bullet(w, b, hit);
            continue;
        }
        if (wall) {
            sim_event_push(w, SIM_EVENT_WALL_HIT, b->owner, -1, 0.0f, p1);
            kill_bullet(w, b, -1);
            continue;
        }
        b->pos = p1;
        b->range_left -= travel;
        if (b->range_left <= 0.0f) kill_bullet(w, b, -1);
    }
}
