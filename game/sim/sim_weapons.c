// Weapons: firing (pellet fans, random spread, the magazine), and the area bursts of grenades and
// barrels.
#include "sim_internal.h"

#include "sim_bots.h"
#include "sim_collide.h"
#include "sim_sight.h"

#include <math.h>

static int alloc_bullet(sim_world *w) {
    // Lowest free slot first, so slot order (and the hash) never depends on anything else.
    for (int i = 0; i < w->bullet_top; i++)
        if (!w->bullets[i].alive) return i;
    return w->bullet_top < w->cfg.max_bullets ? w->bullet_top++ : -1;
}

/// Where agent i fires this tick, if it does: along its aim with the fire button held, or, with
/// no aim, at the enemy auto-aim has held its lock on for long enough.
static bool wants_to_fire(const sim_world *w, int i, vec2s *dir) {
    const sim_agent *a = &w->agents[i];
    const sim_input *in = &w->controls[i];
    if (sim_input_aim(in, dir)) return (in->buttons & SIM_BUTTON_FIRE) != 0;
    int target = a->auto_target;
    if (target < 0 || w->agents[target].placement != 0 ||
        w->tick - a->auto_since < w->cfg.rules.auto_aim_lock_ticks)
        return false;
    vec2s d = glms_vec2_sub(w->agents[target].pos, a->pos);
    float len = glms_vec2_norm(d);
    if (len <= 1e-3f) return false;
    *dir = glms_vec2_scale(d, 1.0f / len);
    return true;
}

/// Direction of pellet k of n: a fan `spread` wide (sideways over forward) for several pellets,
/// a random deviation within it for one. Only sqrt, so every build rounds alike.
static vec2s pellet_dir(sim_world *w, vec2s dir, const sim_weapon_def *wd, int k) {
    float side;
    if (wd->pellets > 1)
        side = wd->spread * ((float)k / (float)(wd->pellets - 1) - 0.5f);
    else if (wd->spread > 0.0f)
        side = ae_rng_range(&w->rng, -0.5f, 0.5f) * wd->spread;
    else
        return dir;
    vec2s d = {{dir.x - dir.y * side, dir.y + dir.x * side}};
    return glms_vec2_scale(d, 1.0f / sqrtf(d.x * d.x + d.y * d.y));
}

/// Fires one bullet; false when every slot is in flight.
static bool fire_bullet(sim_world *w, int i, vec2s dir, const sim_weapon_def *wd) {
    sim_agent *a = &w->agents[i];
    int slot = alloc_bullet(w);
    if (slot < 0) return false;
    sim_bullet *b = &w->bullets[slot];
    *b = (sim_bullet){0};
    b->alive = true;
    b->pos = a->pos;
    b->vel = glms_vec2_scale(dir, sim_agent_bullet_speed(w, a));
    b->radius = wd->radius;
    b->damage = sim_agent_damage(w, a);
    b->range_left = sim_agent_range(w, a);
    b->owner = i;
    b->fired_tick = w->tick;
    b->threat = -1;
    b->weapon = a->weapon;
    b->blast = wd->blast_radius;
    b->from = a->pos;
    sim_bullet_mark_threat(w, b);
    if (b->threat >= 0) sim_bots_provoke(w, b->threat, i);
    w->bullet_count++;
    return true;
}

void sim_agents_fire(sim_world *w) {
    for (int i = 0; i < w->agent_count; i++) {
        sim_agent *a = &w->agents[i];
        if (a->placement != 0) continue;
        if (a->fire_cooldown > 0) {
            a->fire_cooldown--;
            continue;
        }
        vec2s dir;
        // Nothing to fire while reloading or with an empty magazine (the reload is on its way).
        if (a->reload_ticks > 0 || a->mag[a->held] <= 0 || !wants_to_fire(w, i, &dir)) continue;
        a->facing = dir;
        const sim_weapon_def *wd = sim_agent_weapon(w, a);
        int fired = 0;
        for (int k = 0; k < wd->pellets; k++)
            fired += fire_bullet(w, i, pellet_dir(w, dir, wd, k), wd);
        if (fired == 0) continue; // no slot: try again next tick
        a->fire_cooldown = sim_agent_cooldown(w, a);
        a->stats.shots++;
        sim_event_push(w, SIM_EVENT_SHOT, i, a->weapon, 0.0f, a->pos);
        sim_agent_spent(w, a);
    }
}

void sim_blast(sim_world *w, int owner, int weapon, sim_harm harm, vec2s at, float radius,
               float damage, vec2s source, int fired) {
    sim_event_push(w, SIM_EVENT_BLAST, owner, weapon, radius, at);
    if (radius <= 0.0f) return;
    // Agents in the open within the radius, damage falling off linearly; the owner is spared.
    int n, hurt = 0;
    const ae_proxy_id *near =
        sim_collide_query(w, at, radius + w->cfg.rules.agent_radius, SIM_CAT_AGENT, &n);
    for (int k = 0; k < n; k++) {
        int i = sim_collide_owner(w, near[k]);
        sim_agent *a = &w->agents[i];
        if (i == owner || a->placement != 0) continue;
        float d = fmaxf(0.0f, glms_vec2_distance(a->pos, at) - a->radius);
        if (d >= radius || !sim_field_clear_path(w, at, a->pos, 0.0f)) continue;
        float amount = damage * (1.0f - d / radius);
        sim_sight_count(w, i, owner, source, fired, sim_damage(w, i, owner, weapon, harm, amount));
        sim_event_push_hit(w, owner, i, amount, a->pos, source);
        hurt++;
    }
    if (hurt > 0 && owner >= 0) w->agents[owner].stats.hits++; // one hit per shot at most
    sim_props_blast(w, owner, weapon, at, radius, damage);
}
