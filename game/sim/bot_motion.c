// Bot movement: following paths, noticing when stuck, dodging bullets.
#include "bot_brain.h"

#include "bot_lanes.h"

void bot_go_to(const sim_world *w, bot_brain *b, int id, bot_planner *planner, vec2s goal) {
    bool same_goal = glms_vec2_distance2(goal, b->goal) < 48.0f * 48.0f;
    if (b->path_pending && same_goal) return;
    if (same_goal && b->path_next < b->path_count && w->tick - b->replan_tick < 120) return;
    b->goal = goal;
    b->replan_tick = w->tick;
    planner->request(planner, w, id, b, w->agents[id].pos, goal);
}

vec2s bot_follow_path(const sim_world *w, bot_brain *b, int id, bot_planner *planner) {
    const sim_agent *a = &w->agents[id];
    while (b->path_next < b->path_count &&
           glms_vec2_distance2(a->pos, b->path[b->path_next]) < a->radius * a->radius)
        b->path_next++;
    if (b->path_next >= b->path_count) return glms_vec2_zero();
    vec2s to = glms_vec2_sub(b->path[b->path_next], a->pos);
    float len = glms_vec2_norm(to);
    if (len < 1e-3f) return glms_vec2_zero();
    // Pushed off the path and not getting anywhere for a second: plan again from here.
    float progress = glms_vec2_distance(a->pos, a->prev_pos);
    b->stuck_ticks = progress < 0.25f * sim_agent_speed(w, a) ? b->stuck_ticks + 1 : 0;
    if (b->stuck_ticks > SIM_TICK_HZ && !b->path_pending) {
        b->stuck_ticks = 0;
        b->replan_tick = w->tick;
        planner->request(planner, w, id, b, a->pos, b->goal);
    }
    vec2s steer = glms_vec2_scale(to, 1.0f / len);
    // Rubbing along a wall corner (where a path cuts close) can pin the agent: lean away from
    // the wall a little, more the longer no progress is made.
    if (ae_sdf_sample(&w->sdf, a->pos) < 1.5f * a->radius) {
        float lean = 0.35f + 0.05f * (float)(b->stuck_ticks < 20 ? b->stuck_ticks : 20);
        steer = glms_vec2_add(steer, glms_vec2_scale(ae_sdf_gradient(&w->sdf, a->pos), lean));
        float sl = glms_vec2_norm(steer);
        if (sl > 1e-3f) steer = glms_vec2_scale(steer, 1.0f / sl);
    }
    return steer;
}

/// A number in [0, 1) fixed for one bot and one bullet: whether a dodge works is decided once,
/// not re-rolled on every think (splitmix64's finaliser over the pair).
static float dodge_roll(const sim_world *w, int id, int slot, const sim_bullet *bl) {
    uint64_t x = w->cfg.seed ^ ((uint64_t)(uint32_t)id << 32) ^ (uint64_t)(uint32_t)slot ^
                 ((uint64_t)(uint32_t)bl->fired_tick << 20);
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    x ^= x >> 31;
    return (float)(x >> 40) * (1.0f / 16777216.0f);
}

/// Whether the bot has seen a bullet long enough to act on it: fired at least its reaction time
/// ago, and then inside its field of view, or fired by the enemy it is watching.
static bool bullet_noticed(const sim_world *w, const bot_brain *b, int id, const sim_bullet *bl) {
    const sim_agent *a = &w->agents[id];
    const bot_skill *sk = bot_skill_for(a->difficulty);
    int age = w->tick - bl->fired_tick;
    if (age < sk->reaction_ticks) return false;
    if (bl->owner == b->target) return true;
    vec2s seen_at = glms_vec2_sub(bl->pos, glms_vec2_scale(bl->vel, (float)sk->reaction_ticks));
    vec2s to = glms_vec2_sub(seen_at, a->pos);
    float len = glms_vec2_norm(to);
    return len < 1e-3f || glms_vec2_dot(to, a->facing) >= sk->view_cos * len;
}

vec2s bot_dodge(sim_world *w, const bot_brain *b, int id, float *eta) {
    const sim_agent *a = &w->agents[id];
    const bot_skill *sk = bot_skill_for(a->difficulty);
    *eta = 1e30f;
    if (sk->dodge_chance <= 0.0f) return glms_vec2_zero();
    // Only bullets that pass close within the lookahead matter: the lanes list those near here.
    float soonest = BOT_DODGE_LOOKAHEAD;
    int chosen = -1;
    vec2s away = glms_vec2_zero();
    const sim_cells *lanes = bot_bullet_lanes(w);
    for (int32_t e = sim_cells_first(lanes, sim_cells_at(lanes, a->pos)); e >= 0;
         e = sim_cells_next(lanes, e)) {
        int k = sim_cells_value(lanes, e);
        const sim_bullet *bl = &w->bullets[k];
        if (!bl->alive || bl->owner == id) continue;
        vec2s d = glms_vec2_sub(a->pos, bl->pos);
        float v2 = glms_vec2_dot(bl->vel, bl->vel);
        if (v2 <= 0.0f) continue;
        float t = glms_vec2_dot(d, bl->vel) / v2; // ticks to closest approach
        if (t <= 0.0f || t > BOT_DODGE_LOOKAHEAD) continue;
        // One that runs out of range first comes no closer than where it ends.
        t = fminf(t, bot_bullet_flight(bl, BOT_DODGE_LOOKAHEAD));
        if (t <= 0.0f || t > soonest || (t == soonest && (chosen < 0 || k > chosen))) continue;
        vec2s closest = glms_vec2_sub(d, glms_vec2_scale(bl->vel, t));
        float miss = glms_vec2_norm(closest);
        if (miss > a->radius + bl->radius + BOT_DODGE_MARGIN) continue;
        if (!bullet_noticed(w, b, id, bl) || dodge_roll(w, id, k, bl) >= sk->dodge_chance) continue;
        soonest = t;
        chosen = k;
        // Step sideways, away from the bullet's line; the other way if a wall is there.
        vec2s side = glms_vec2_normalize((vec2s){{-bl->vel.y, bl->vel.x}});
        if (glms_vec2_dot(side, closest) < 0.0f) side = glms_vec2_negate(side);
        vec2s probe = glms_vec2_add(a->pos, glms_vec2_scale(side, 3.0f * a->radius));
        if (ae_sdf_sample(&w->sdf, probe) < a->radius) side = glms_vec2_negate(side);
        away = side;
    }
    if (chosen >= 0) *eta = soonest;
    return away;
}
