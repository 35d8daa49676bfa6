// Aiming (leading the target, difficulty-dependent error) and skill choice.
#include "bot_brain.h"

#include <math.h>

float bot_aim_spread(const bot_skill *sk, float range_share, float crossing) {
    return sk->aim_error + sk->aim_error_far * fminf(range_share, 1.0f) +
           sk->aim_error_moving * fminf(crossing, 1.0f);
}

vec2s bot_aim_at(const sim_world *w, bot_brain *b, int id, int target) {
    const sim_agent *me = &w->agents[id], *t = &w->agents[target];
    const bot_skill *sk = bot_skill_for(me->difficulty);
    vec2s rel = glms_vec2_sub(t->pos, me->pos);
    vec2s vel = glms_vec2_scale(glms_vec2_sub(t->pos, t->prev_pos), sk->lead);
    // Intercept: |rel + vel * T| = speed * T, smallest positive T.
    float s = sim_agent_bullet_speed(w, me);
    float a = glms_vec2_dot(vel, vel) - s * s;
    float bq = 2.0f * glms_vec2_dot(rel, vel);
    float c = glms_vec2_dot(rel, rel);
    float time = 0.0f;
    if (fabsf(a) > 1e-6f) {
        float disc = bq * bq - 4.0f * a * c;
        if (disc >= 0.0f) {
            float r = sqrtf(disc);
            float t1 = (-bq - r) / (2.0f * a), t2 = (-bq + r) / (2.0f * a);
            time = t1 > 0.0f && (t1 < t2 || t2 <= 0.0f) ? t1 : (t2 > 0.0f ? t2 : 0.0f);
        }
    }
    vec2s aim = glms_vec2_add(rel, glms_vec2_scale(vel, time));
    float len = glms_vec2_norm(aim);
    if (len < 1e-3f) return (vec2s){{1.0f, 0.0f}};
    aim = glms_vec2_scale(aim, 1.0f / len);
    // Error as a sideways nudge (tangent of the angle): no trigonometry in the sim. Like a
    // person's, it grows with distance and with how fast the target crosses the line of fire.
    vec2s side = {{-aim.y, aim.x}};
    float dist = glms_vec2_norm(rel);
    float crossing = fabsf(glms_vec2_dot(glms_vec2_sub(t->pos, t->prev_pos), side)) / s;
    float range = sim_agent_range(w, me);
    float spread = bot_aim_spread(sk, dist / range, crossing);
    float e = ae_rng_range(&b->rng, -spread, spread);
    aim = glms_vec2_add(aim, glms_vec2_scale(side, e));
    return glms_vec2_scale(aim, 1.0f / glms_vec2_norm(aim));
}

uint8_t bot_pick_skill(const sim_world *w, const sim_agent *a) {
    (void)w;
    if (a->pending_picks <= 0) return 0;
    // A priority order; each skill is raised in turn so none lags far behind.
    static const sim_skill order[SIM_SKILL_COUNT] = {SIM_SKILL_FIRE_RATE,    SIM_SKILL_ATTACK,
                                                     SIM_SKILL_REGEN,        SIM_SKILL_RANGE,
                                                     SIM_SKILL_BULLET_SPEED, SIM_SKILL_MOVE_SPEED};
    for (int round = 1; round <= SIM_SKILL_MAX_LEVEL; round++)
        for (int k = 0; k < SIM_SKILL_COUNT; k++)
            if (a->skills[order[k]] < round) return (uint8_t)(order[k] + 1);
    return 0;
}
