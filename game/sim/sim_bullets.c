// Bullets: flight, range, wall hits by disk cast, agent hits by a swept test.
#include "sim_internal.h"

#include "sim_collide.h"
#include "sim_sight.h"

#include <math.h>

/// Records which agent a fresh bullet threatens, for the dodge statistics: the first agent (not
/// its owner) that it would hit if everyone kept moving as they did this tick, no sooner than
/// SIM_DODGE_TICKS from now (a person could still react) and with no wall in between (ties to
/// the lowest id). Whoever it then misses has dodged it, by stepping aside or by changing course.
/// Only agents near its course can be hit: within their radius plus the longest step anyone took
/// this tick times the flight, of the line it flies; the agent cells list those.
void sim_bullet_mark_threat(sim_world *w, sim_bullet *b) {
    const float speed = glms_vec2_norm(b->vel);
    if (speed <= 0.0f) return;
    const float flight = b->range_left / speed; // ticks until it runs out of range
    float step;
    const sim_cells *cells = sim_collide_agent_cells(w, &step);
    const float reach = w->cfg.rules.agent_radius + b->radius + step * flight + 2.0f;
    const vec2s end = glms_vec2_add(b->pos, glms_vec2_scale(b->vel, flight));
    if (!(reach < INFINITY) || !(flight < INFINITY)) return; // no course to follow
    const ae_aabb span = ae_aabb_of_sweep(b->pos, end, 0.0f);
    float best = flight;
    for (sim_cells_walk it = sim_cells_walk_box(cells, span.lower, span.upper, reach);
         sim_cells_walk_next(&it);) {
        const int i = it.value;
        const sim_agent *a = &w->agents[i];
        if (i == b->owner) continue;
        // Relative motion d(t) = d0 + v t; first t with |d(t)| = r, if any.
        vec2s d0 = glms_vec2_sub(a->pos, b->pos);
        vec2s v = glms_vec2_sub(glms_vec2_sub(a->pos, a->prev_pos), b->vel);
        float r = a->radius + b->radius;
        float qa = glms_vec2_dot(v, v), qb = glms_vec2_dot(d0, v);
        float qc = glms_vec2_dot(d0, d0) - r * r;
        if (qa <= 1e-9f || qb >= 0.0f) continue; // not closing in
        float disc = qb * qb - qa * qc;
        if (disc < 0.0f) continue;
        float t = (-qb - sqrtf(disc)) / qa;
        if (t < (float)SIM_DODGE_TICKS || t > best ||
            (t == best && (b->threat < 0 || i > b->threat)))
            continue;
        vec2s at = glms_vec2_add(b->pos, glms_vec2_scale(b->vel, t));
        if (!sim_field_clear_path(w, b->pos, at, b->radius)) continue;
        best = t;
        b->threat = i;
    }
}

void sim_bullet_kill(sim_world *w, int slot, int hit_agent) {
    sim_bullet *b = &w->bullets[slot];
    // A threat counts once it is settled: hit, or missed while its target still lived.
    if (b->threat >= 0) {
        sim_agent_stats *st = &w->agents[b->threat].stats;
        if (hit_agent == b->threat) {
            st->threats++;
        } else if (w->agents[b->threat].placement == 0) {
            st->threats++;
            st->threats_dodged++;
        }
    }
    b->alive = false;
    w->bullet_count--;
    while (w->bullet_top > 0 && !w->bullets[w->bullet_top - 1].alive) w->bullet_top--;
}

/// A grenade ends: it bursts where it is.
static void burst(sim_world *w, int slot, vec2s at) {
    sim_bullet b = w->bullets[slot];
    sim_bullet_kill(w, slot, -1);
    sim_blast(w, b.owner, b.weapon, (sim_harm)b.weapon, at, b.blast, b.damage, b.from,
              b.fired_tick);
}

/// Range a bounce costs, so a grenade caught in a corner still bursts soon.
#define BOUNCE_COST 24.0f

/// A grenade meets a wall or a door: its velocity is mirrored about the surface, whose normal is
/// the field's gradient there, and it loses a third of its speed; it leaves from just off the
/// contact point (a cast that starts touching a wall goes nowhere).
static void bounce(sim_world *w, sim_bullet *b, vec2s contact) {
    vec2s n = sim_field_gradient(w, contact);
    float vn = glms_vec2_dot(b->vel, n);
    if (vn < 0.0f) b->vel = glms_vec2_sub(b->vel, glms_vec2_scale(n, 2.0f * vn));
    b->vel = glms_vec2_scale(b->vel, 0.67f);
    b->pos = glms_vec2_add(contact, glms_vec2_scale(n, 0.5f));
    b->range_left -= BOUNCE_COST;
    sim_collide_bullets_jumped(w); // a new course
    sim_event_push(w, SIM_EVENT_WALL_HIT, b->owner, -1, 0.0f, contact);
}

/// The earliest agent (not the owner, alive) whose sweep this tick (prev_pos to pos) meets the
/// bullet's flight from p0 to p1, ties to the lowest id; -1 when none, else *hit_t its share
/// of the flight. Candidates come from the agent cells: an agent whose sweep meets the flight
/// stands (pos) within its radius plus the longest step of the tick of the flight's box, and
/// the cells the grown box touches list every agent standing in it. A few plain reads a cell,
/// where a broadphase query cost about 500 instructions among 1,000 agents. `cells` and `step`
/// are sim_collide_agent_cells' (nobody moves in the bullets phase).
static int first_agent_hit(const sim_world *w, const sim_cells *cells, float step,
                           const sim_bullet *b, vec2s p0, vec2s p1, float *hit_t) {
    const ae_aabb box = ae_aabb_of_sweep(p0, p1, b->radius);
    // (Every agent has the rules' radius; a unit for rounding.)
    const float reach = w->cfg.rules.agent_radius + step + 1.0f;
    int hit = -1;
    *hit_t = 2.0f;
    for (sim_cells_walk it = sim_cells_walk_box(cells, box.lower, box.upper, reach);
         sim_cells_walk_next(&it);) {
        const int i = it.value;
        const sim_agent *a = &w->agents[i];
        // Boxes first, as a broadphase would: most agents of a cell are nowhere near.
        if (i == b->owner || a->placement != 0 ||
            !ae_aabb_overlap(ae_aabb_of_sweep(a->prev_pos, a->pos, a->radius), box))
            continue;
        float t;
        if (!ae_sweep_circles(p0, p1, b->radius, a->prev_pos, a->pos, a->radius, &t)) continue;
        if (t < *hit_t || (t == *hit_t && i < hit)) {
            *hit_t = t;
            hit = i;
        }
    }
    return hit;
}

void sim_bullets_update(sim_world *w) {
    // First every bullet's flight this tick, up to a wall (disk cast); then each flight looks
    // for the agents whose sweeps meet it.
    for (int k = 0; k < w->bullet_top; k++) {
        sim_bullet *b = &w->bullets[k];
        if (!b->alive) continue;
        if (sim_bullet_broken(w, b)) {
            b->threat = -1; // not a dodge either
            sim_bullet_kill(w, k, -1);
            continue;
        }
        float speed = glms_vec2_norm(b->vel);
        // fminf and fmaxf are calls on this target; both are finite here (not broken).
        const float left = b->range_left > 0.0f ? b->range_left : 0.0f;
        float travel = speed < left ? speed : left;
        vec2s dir = glms_vec2_scale(b->vel, 1.0f / speed);
        float free_travel = sim_field_disk_cast(w, b->pos, dir, b->radius, travel, &b->flight_hit);
        b->flight_end = glms_vec2_add(b->pos, glms_vec2_scale(dir, free_travel));
        b->flight_travel = b->flight_hit != AE_FIELD_NO_HIT ? free_travel : travel;
    }
    // Built once a tick after the move (a fresh bullet's threat built them already, mostly).
    float step;
    const sim_cells *cells = sim_collide_agent_cells(w, &step);
    for (int k = 0; k < w->bullet_top; k++) {
        sim_bullet *b = &w->bullets[k];
        if (!b->alive) continue;
        vec2s p0 = b->pos, p1 = b->flight_end;
        float hit_t;
        const int hit = first_agent_hit(w, cells, step, b, p0, p1, &hit_t);
        if (hit >= 0) {
            vec2s at = glms_vec2_add(p0, glms_vec2_scale(glms_vec2_sub(p1, p0), hit_t));
            if (b->blast > 0.0f) { // a grenade bursts on whoever it meets
                burst(w, k, at);
                continue;
            }
            sim_sight_count(
                w, hit, b->owner, b->from, b->fired_tick,
                sim_damage(w, hit, b->owner, b->weapon, (sim_harm)b->weapon, b->damage));
            w->agents[b->owner].stats.hits++;
            sim_event_push_hit(w, b->owner, hit, b->damage, at, b->from);
            sim_bullet_kill(w, k, hit);
            continue;
        }
        b->range_left -= b->flight_travel;
        const bool stopped = b->flight_hit != AE_FIELD_NO_HIT;
        if (stopped && b->blast > 0.0f && b->range_left > 0.0f) {
            bounce(w, b, p1);
            continue;
        }
        if (stopped) {
            sim_event_push(w, SIM_EVENT_WALL_HIT, b->owner, -1, 0.0f, p1);
            // Only the map holds props: a bullet stopped by a door damages none behind it.
            if (b->flight_hit == AE_FIELD_HIT_MAP)
                sim_props_bullet_hit(w, b->owner, b->weapon, p1, b->radius, b->damage);
            sim_bullet_kill(w, k, -1);
            continue;
        }
        b->pos = p1;
        if (b->range_left <= 0.0f) {
            if (b->blast > 0.0f)
                burst(w, k, p1);
            else
                sim_bullet_kill(w, k, -1);
        }
    }
}
