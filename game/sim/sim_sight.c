// Fair sight: the fire discipline of bots near people, and the measure of damage from beyond
// a person's view (sim_sight.h).
#include "sim_sight.h"

#include "sim_internal.h"

#include <math.h>

bool sim_sight_person(const sim_agent *a) {
    return a->slot >= 0;
}

bool sim_sight_holds(const sim_agent *p, vec2s q, float margin) {
    return fabsf(q.x - p->pos.x) <= p->view.x - margin &&
           fabsf(q.y - p->pos.y) <= p->view.y - margin;
}

/// Whether a straight shot from `from` along `dir` over `range` can reach a person at `p`:
/// some point X(d) of the line, d in [0, range], with |p - X(d)| <= reach + grow * d (grow: how
/// much the pellets fan out and the person walks per unit the bullet flies). The left side
/// less the right is convex in d, so its minimum is at the unconstrained minimiser clamped.
static bool path_reaches(vec2s from, vec2s dir, float range, vec2s p, float reach, float grow) {
    const vec2s rel = glms_vec2_sub(p, from);
    if (grow >= 1.0f) return glms_vec2_norm(rel) <= range * (1.0f + grow) + reach;
    const float along = glms_vec2_dot(rel, dir);
    const float side = fabsf(rel.x * dir.y - rel.y * dir.x);
    float d = along + grow * side / sqrtf(1.0f - grow * grow);
    d = fminf(fmaxf(d, 0.0f), range);
    const float gap = glms_vec2_norm(glms_vec2_sub(rel, glms_vec2_scale(dir, d))) - grow * d;
    return gap <= reach;
}

bool sim_sight_may_fire(const sim_world *w, int id, vec2s dir) {
    const sim_rules *r = &w->cfg.rules;
    const sim_agent *bot = &w->agents[id];
    const sim_weapon_def *wd = sim_agent_weapon(w, bot);
    const float range = sim_agent_range(w, bot), speed = sim_agent_bullet_speed(w, bot);
    const float flight = speed > 0.0f ? range / speed : 0.0f; // ticks, straight
    for (int s = 0; s < w->cfg.humans; s++) {
        const int j = w->slot_agent[s];
        if (j < 0 || j == id) continue;
        const sim_agent *p = &w->agents[j];
        if (p->placement != 0 || sim_sight_holds(p, bot->pos, r->view_margin)) continue;
        const float walk = sim_agent_speed(w, p);
        // The shot leaves after this tick's moves: a step of each more.
        float reach = p->radius + wd->radius + 1.0f + walk + sim_agent_speed(w, bot);
        if ((float)p->blink_cooldown <= 2.0f * flight) reach += r->blink_distance;
        if (wd->blast_radius > 0.0f) {
            // Bounces slow a grenade down: its flight is counted as twice the straight one.
            const float far = range + wd->blast_radius + reach + walk * 2.0f * flight;
            if (glms_vec2_distance2(bot->pos, p->pos) <= far * far) return false;
            continue;
        }
        const float grow = 0.5f * wd->spread + (speed > 0.0f ? walk / speed : 1.0f);
        if (path_reaches(bot->pos, dir, range, p->pos, reach, grow)) return false;
    }
    return true;
}

void sim_sight_count(sim_world *w, int to, int owner, vec2s from, int fired, double removed) {
    sim_agent *p = &w->agents[to];
    if (owner < 0 || owner == to || removed <= 0.0 || !sim_sight_person(p)) return;
    const int ticks = w->tick - fired;
    float moved = sim_agent_speed(w, p) * (float)(ticks > 0 ? ticks : 0);
    if (p->blink_cooldown > 0 && p->blink_cooldown >= w->cfg.rules.blink_cooldown - ticks)
        moved += w->cfg.rules.blink_distance;
    if (sim_sight_holds(p, from, -moved)) return;
    if (sim_sight_person(&w->agents[owner]))
        p->stats.unseen_from_people += removed;
    else
        p->stats.unseen_from_bots += removed;
}
