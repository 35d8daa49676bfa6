// Agents: controls, movement, firing, skills, damage, deaths and placements.
#include "sim_internal.h"

#include "sim_bots.h"
#include "sim_collide.h"

#include <math.h>
#include <stdlib.h>

float sim_agent_speed(const sim_world *w, const sim_agent *a) {
    const sim_rules *r = &w->cfg.rules;
    const float using = a->using_item >= 0 ? r->use_move_scale : 1.0f;
    return r->agent_speed * (1.0f + r->move_speed_bonus * a->skills[SIM_SKILL_MOVE_SPEED]) * using;
}

const sim_weapon_def *sim_agent_weapon(const sim_world *w, const sim_agent *a) {
    return &w->cfg.rules.weapon[a->weapon < SIM_WEAPON_COUNT ? a->weapon : SIM_WEAPON_PISTOL];
}

float sim_agent_range(const sim_world *w, const sim_agent *a) {
    const sim_rules *r = &w->cfg.rules;
    return sim_agent_weapon(w, a)->range * (1.0f + r->range_bonus * a->skills[SIM_SKILL_RANGE]);
}

float sim_agent_bullet_speed(const sim_world *w, const sim_agent *a) {
    const sim_rules *r = &w->cfg.rules;
    return sim_agent_weapon(w, a)->speed *
           (1.0f + r->bullet_speed_bonus * a->skills[SIM_SKILL_BULLET_SPEED]);
}

int sim_agent_cooldown(const sim_world *w, const sim_agent *a) {
    const sim_rules *r = &w->cfg.rules;
    float c = (float)sim_agent_weapon(w, a)->cooldown *
              (1.0f - r->fire_rate_bonus * a->skills[SIM_SKILL_FIRE_RATE]);
    return c < 3.0f ? 3 : (int)c;
}

float sim_agent_damage(const sim_world *w, const sim_agent *a) {
    const sim_rules *r = &w->cfg.rules;
    return sim_agent_weapon(w, a)->damage * (1.0f + r->attack_bonus * a->skills[SIM_SKILL_ATTACK]) *
           (1.0f + r->tier_damage_bonus * (float)a->tiers[a->held]);
}

static void apply_skill_pick(sim_agent *a, uint8_t pick) {
    if (pick == 0 || pick > SIM_SKILL_COUNT || a->pending_picks <= 0) return;
    uint8_t *level = &a->skills[pick - 1];
    if (*level >= SIM_SKILL_MAX_LEVEL) return;
    (*level)++;
    a->pending_picks--;
}

bool sim_agent_sees(const sim_world *w, int self, int other) {
    return sim_field_clear_path(w, w->agents[self].pos, w->agents[other].pos, 0.0f);
}

/// Whether agent j is a better target for `self` than the best so far (at *best_d2): alive, not
/// itself, nearer (ties to the lowest id), in sight. Taken in any order, the candidates give the
/// same answer.
static bool nearer_in_sight(const sim_world *w, int self, int j, int best, float *best_d2) {
    const sim_agent *me = &w->agents[self], *o = &w->agents[j];
    if (j == self || o->placement != 0) return false;
    float d2 = glms_vec2_distance2(me->pos, o->pos);
    if (d2 > *best_d2 || (d2 == *best_d2 && (best < 0 || j > best))) return false;
    if (!sim_agent_sees(w, self, j)) return false;
    *best_d2 = d2;
    return true;
}

/// sim_nearest_visible_enemy for the sim's own step: the candidates come from the broadphase,
/// whose queries bring its regions up to date (and may allocate).
static int nearest_visible_enemy(sim_world *w, int self, float range) {
    int n;
    const int32_t *near = sim_collide_near(w, w->agents[self].pos, range, SIM_CAT_AGENT, &n);
    int best = -1;
    float best_d2 = range * range;
    for (int k = 0; k < n; k++)
        if (nearer_in_sight(w, self, near[k], best, &best_d2)) best = near[k];
    return best;
}

/// An agent faces its aim: the aim of its input, else (aimless input is auto-aim) the enemy it
/// has locked on to, else the way it walks, else it keeps its facing. Auto-aim keeps its lock
/// while the enemy stays alive, in sight and within its share of the range; otherwise it locks
/// on to the nearest such enemy, and a new lock starts its wait again.
static void face_aim(sim_world *w, int i, const sim_input *in) {
    sim_agent *a = &w->agents[i];
    vec2s dir;
    if (sim_input_aim(in, &dir)) {
        a->facing = dir;
        a->auto_target = -1;
        return;
    }
    float reach = sim_agent_range(w, a) * w->cfg.rules.auto_aim_range;
    int target = a->auto_target;
    if (target < 0 || w->agents[target].placement != 0 ||
        glms_vec2_distance2(a->pos, w->agents[target].pos) > reach * reach ||
        !sim_field_clear_path(w, a->pos, w->agents[target].pos, 0.0f))
        target = nearest_visible_enemy(w, i, reach);
    if (target != a->auto_target) {
        a->auto_target = target;
        a->auto_since = w->tick;
    }
    if (target >= 0) {
        vec2s d = glms_vec2_sub(w->agents[target].pos, a->pos);
        float len = glms_vec2_norm(d);
        if (len > 1e-3f) {
            a->facing = glms_vec2_scale(d, 1.0f / len);
            return;
        }
    }
    float m = glms_vec2_norm(a->move);
    if (m > 1e-3f) a->facing = glms_vec2_scale(a->move, 1.0f / m);
}

void sim_agent_control(sim_world *w, int i, const sim_input *in) {
    sim_agent *a = &w->agents[i];
    w->controls[i] = *in;
    a->move = sim_input_move(in);
    a->view = a->slot >= 0 ? sim_input_view(in) : glms_vec2_zero();
    apply_skill_pick(a, in->skill_pick);
    if (a->placement != 0) return;
    sim_agent_loadout(w, i, in);
    face_aim(w, i, in);
}

void sim_agents_control(sim_world *w, const sim_input *inputs) {
    sim_bots_count_attackers(w);
    for (int i = 0; i < w->agent_count; i++) {
        const sim_agent *a = &w->agents[i];
        sim_input in = {0};
        if (a->placement == 0) {
            if (a->slot >= 0) {
                if (inputs) in = inputs[a->slot];
                sim_input_normalize(&in);
            } else
                sim_bots_think(w, i, &in);
        }
        sim_agent_control(w, i, &in);
    }
}

void sim_agents_move(sim_world *w) {
    for (int i = 0; i < w->agent_count; i++) sim_agent_move(w, i);
}

void sim_agent_move(sim_world *w, int i) {
    sim_agent *a = &w->agents[i];
    a->prev_pos = a->pos;
    if (a->placement != 0) return;
    sim_agent_try_blink(w, i);
    vec2s delta = glms_vec2_scale(a->move, sim_agent_speed(w, a));
    a->pos = sim_field_move_circle(w, a->pos, a->radius, delta);
    float want = glms_vec2_norm(delta);
    if (want > 1e-3f) {
        // Stuck: asked to move but made less than a tenth of the way.
        bool stuck = glms_vec2_distance(a->pos, a->prev_pos) < 0.1f * want;
        a->stats.stuck_streak = stuck ? a->stats.stuck_streak + 1 : 0;
        a->stats.stuck_ticks += stuck;
        if (a->stats.stuck_streak > a->stats.longest_stuck)
            a->stats.longest_stuck = a->stats.stuck_streak;
    } else {
        a->stats.stuck_streak = 0;
    }
    if (a->hit_flash > 0) a->hit_flash--;
    sim_collide_agent(w, i);
}

int sim_nearest_visible_enemy(const sim_world *w, int self, float range) {
    // Every agent, not the broadphase: this is called between ticks (the HUD), where nothing may
    // change the world, and a replay's world lives in a heap of its own.
    int best = -1;
    float best_d2 = range * range;
    for (int j = 0; j < w->agent_count; j++)
        if (nearer_in_sight(w, self, j, best, &best_d2)) best = j;
    return best;
}

/// The damage ledger (sim_agent_stats.hurt): `removed` from source (by, harm). A new source
/// finding it full replaces the smallest row only when larger; the loser's amount is kept in
/// hurt_other, so the sum stays whole. Statistics only: never read by the rules.
static void ledger_add(sim_agent_stats *st, int by, int harm, double removed) {
    if (removed <= 0.0) return;
    int smallest = 0;
    for (int k = 0; k < st->hurt_count; k++) {
        if (st->hurt[k].by == by && st->hurt[k].harm == harm) {
            st->hurt[k].amount += removed;
            return;
        }
        if (st->hurt[k].amount < st->hurt[smallest].amount) smallest = k;
    }
    const sim_hurt row = {by, harm, removed};
    if (st->hurt_count < SIM_HURT_SOURCES) {
        st->hurt[st->hurt_count++] = row;
    } else if (st->hurt[smallest].amount < removed) {
        st->hurt_other += st->hurt[smallest].amount;
        st->hurt[smallest] = row;
    } else {
        st->hurt_other += removed;
    }
}

double sim_damage(sim_world *w, int to, int from, int weapon, sim_harm harm, float amount) {
    sim_agent *a = &w->agents[to];
    if (a->placement != 0) return 0.0;
    const float hp_before = a->hp;
    float soak = 0.0f;
    if (from >= 0 && a->shield > 0.0f) { // the shield takes what it can; the zone goes through
        soak = fminf(a->shield, amount);
        a->shield -= soak;
        amount -= soak;
    }
    a->hp -= amount;
    a->hurt_tick = w->tick;
    // What the blow removed, for the scoreboard: nothing once the agent is already down this
    // tick, and never more HP than it had.
    const double removed = hp_before > 0.0f ? (double)soak + fmin((double)hp_before, amount) : 0.0;
    ledger_add(&a->stats, from, harm, removed);
    if (from >= 0) {
        if (hp_before > 0.0f) { // the blow that downs it names the killer, not a later one
            a->last_hit_by = from;
            a->last_hit_weapon = weapon;
            a->stats.last_harm = harm;
        }
        a->hit_flash = 8;
        a->stats.damage_taken += removed;
        w->agents[from].stats.damage_dealt += removed;
        sim_bots_provoke(w, to, from);
        if (from != to) {
            if (a->stats.first_fight_tick < 0) a->stats.first_fight_tick = w->tick;
            if (w->agents[from].stats.first_fight_tick < 0)
                w->agents[from].stats.first_fight_tick = w->tick;
        }
    } else {
        a->stats.damage_world += removed;
    }
    if (a->hp <= 0.0f && a->cause == SIM_ALIVE)
        a->cause = from < 0 ? SIM_DIED_ZONE : SIM_DIED_BULLET;
    return removed;
}

typedef struct dying {
    int id;
    float hp;
} dying;

/// Worst first: the lowest HP dies "first" and places worse; ties by higher id.
static int cmp_dying(const void *pa, const void *pb) {
    const dying *a = pa, *b = pb;
    if (a->hp != b->hp) return a->hp < b->hp ? -1 : 1;
    return b->id - a->id;
}

static void finish_match(sim_world *w) {
    // Survivors at the end place by HP, then kills, then id.
    for (int place = w->alive_count; place >= 1; place--) {
        int best = -1;
        for (int i = 0; i < w->agent_count; i++) {
            const sim_agent *a = &w->agents[i];
            if (a->placement != 0) continue;
            if (best < 0 || a->hp < w->agents[best].hp ||
                (a->hp == w->agents[best].hp && a->kills < w->agents[best].kills))
                best = i;
        }
        w->agents[best].placement = place;
        if (place == 1) w->winner = best;
    }
    w->alive_count = 0;
    w->over = true;
}

void sim_agents_regen_and_deaths(sim_world *w) {
    const sim_rules *r = &w->cfg.rules;
    dying list[SIM_MAX_AGENTS];
    int n = 0;
    for (int i = 0; i < w->agent_count; i++) {
        sim_agent *a = &w->agents[i];
        if (a->placement != 0) continue;
        if (a->hp <= 0.0f) {
            list[n++] = (dying){i, a->hp};
            continue;
        }
        float regen = r->regen_hp_per_second * a->skills[SIM_SKILL_REGEN];
        if (w->tick - a->hurt_tick >= r->calm_regen_delay) regen += r->calm_regen_hp_per_second;
        a->hp += regen / (float)SIM_TICK_HZ;
        if (a->hp > a->max_hp) a->hp = a->max_hp;
    }
    qsort(list, (size_t)n, sizeof *list, cmp_dying);
    for (int k = 0; k < n; k++) {
        sim_agent *a = &w->agents[list[k].id];
        a->placement = w->alive_count--;
        a->death_tick = w->tick;
        a->killer = a->cause == SIM_DIED_ZONE ? -1 : a->last_hit_by;
        a->stats.death_harm = a->killer >= 0              ? a->stats.last_harm
                              : a->cause == SIM_DIED_ZONE ? SIM_HARM_ZONE
                                                          : SIM_HARM_NONE;
        if (a->killer >= 0) {
            w->agents[a->killer].kills++;
            if (a->last_hit_weapon >= 0 && a->last_hit_weapon < SIM_WEAPON_COUNT)
                w->agents[a->killer].stats.kills_with[a->last_hit_weapon]++;
        }
        if (a->placement == 1) w->winner = list[k].id;
        sim_event_push(w, SIM_EVENT_KILL, a->killer, list[k].id, 0.0f, a->pos);
        sim_collide_agent(w, list[k].id);
        sim_gems_drop(w, a->pos, 2 + a->level);
        sim_pickups_drop_belongings(w, a);
    }
    if (w->alive_count <= 1 || w->tick + 1 >= sim_zone_ticks(w, r->time_limit_ticks)) {
        if (w->alive_count >= 1) finish_match(w);
        w->over = true;
    }
}
