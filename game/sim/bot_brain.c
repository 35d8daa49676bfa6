// Bot decisions: zone first, then fight or hide, then gems, then roam.
#include "bot_brain.h"

#include "bot_nav.h"
#include "sim_collide.h"
#include "sim_sight.h"

#include <string.h>

void bot_brain_init(bot_brain *b, uint64_t seed, int id) {
    memset(b, 0, sizeof *b);
    ae_rng_seed(&b->rng, seed, 0xB07u + (uint64_t)id);
    b->target = -1;
    b->let_go = -1;
    b->crate = -1;
    b->provoked_by = -1;
    b->state = BOT_WANDER;
    b->replan_tick = -1000000;
    b->cover_tick = -1000000;
    b->cover_search_tick = -1000000;
    b->scan_tick = -1000000;
}

/// The circle the bot must be inside soon: the next one while shrinking, else the current one.
static void safe_circle(const sim_world *w, vec2s *center, float *radius) {
    const sim_zone *z = &w->zone;
    *center = z->shrinking ? z->next_center : z->center;
    *radius = z->shrinking ? z->next_radius : z->radius;
}

static int nearest_gem(const sim_world *w, vec2s pos, float max_dist, vec2s c, float r) {
    int best = -1;
    float best_d2 = max_dist * max_dist;
    for (int g = 0; g < w->gem_top; g++) {
        const sim_gem *gem = &w->gems[g];
        if (!gem->alive) continue;
        float d2 = glms_vec2_distance2(pos, gem->pos);
        if (d2 >= best_d2 || glms_vec2_distance2(gem->pos, c) > r * r) continue;
        best = g;
        best_d2 = d2;
    }
    return best;
}

/// Picking a target: an enemy other bots fight counts as this much farther per bot, and the
/// current target as this share of its distance.
#define BOT_CROWD_SHY   0.75f
#define BOT_KEEP_TARGET 0.8f

/// How long a bot leaves an enemy be once it gave up chasing it.
#define BOT_LET_GO_TICKS (8 * SIM_TICK_HZ)

/// Moving in a fight as people do: circle one way for a while, then the other, or stand and
/// shoot; close in or back off to hold about 70% of range. A stance is held for a second or two,
/// so a shooter who leads can hit it.
static void fight_move(const sim_world *w, bot_brain *b, int id, vec2s dir, float dist,
                       float range) {
    const bot_skill *sk = bot_skill_for(w->agents[id].difficulty);
    if (w->tick >= b->strafe_until) {
        b->strafe_side =
            ae_rng_float(&b->rng) < sk->plant_chance ? 0 : (ae_rng_below(&b->rng, 2) ? 1 : -1);
        b->strafe_until =
            w->tick + sk->strafe_min +
            (int)ae_rng_below(&b->rng, (uint32_t)(sk->strafe_max - sk->strafe_min + 1));
    }
    vec2s side = {{-dir.y * (float)b->strafe_side, dir.x * (float)b->strafe_side}};
    float want = 0.7f * range;
    float approach = dist > want * 1.15f ? 0.8f : (dist < want * 0.6f ? -0.6f : 0.0f);
    b->strafe = glms_vec2_add(glms_vec2_scale(side, 0.8f), glms_vec2_scale(dir, approach));
    // Someone running away out of range is chased for a while, then let go: people rarely
    // follow a fleeing enemy across the map.
    const sim_agent *t = &w->agents[b->target];
    bool fleeing =
        dist > want * 1.15f && glms_vec2_dot(glms_vec2_sub(t->pos, t->prev_pos), dir) > 0.0f;
    b->chase_ticks = fleeing ? b->chase_ticks + sk->think_interval : 0;
    if (b->chase_ticks >= sk->chase_ticks) {
        b->let_go = b->target;
        b->let_go_until = w->tick + BOT_LET_GO_TICKS;
        b->chase_ticks = 0;
    }
}

/// Whether bot `me` leaves person j out of its choice of target: in the match's
/// first rules.spawn_grace_ticks always. *farther: on easy and normal, until the first circle
/// has closed, a person who has not shot at it or hit it counts as farther than a bot.
static bool spares_person(const sim_world *w, const bot_brain *b, const sim_agent *me, int j,
                          bool *farther) {
    *farther = false;
    if (me->slot >= 0 || !sim_sight_person(&w->agents[j])) return false;
    if (w->tick < w->cfg.rules.spawn_grace_ticks) return true;
    *farther = me->difficulty != SIM_HARD && w->zone.phase == 0 && b->provoked_by != j &&
               me->last_hit_by != j;
    return false;
}

/// How much farther a person counts in pick_target's scores while spares_person says so.
#define BOT_SPARED_FARTHER 2.0f

/// The enemy to fight: in sight and within `range`, the nearest, but an enemy that other bots
/// already fight counts as farther (people pick a free opponent rather than pile on), and the
/// current target is kept unless another is clearly better; early on, a person who has not shot
/// at it counts as farther (spares_person). -1 when none.
/// pick_target's candidates: enemies with their scores.
typedef struct target_list {
    struct {
        float score;
        int32_t id;
    } cand[SIM_MAX_AGENTS];
    int count;
} target_list;

/// Adds agent j to the list when it is an enemy pick_target may choose, with its score.
static inline void weigh_target(const sim_world *w, const bot_brain *b, int id, float range, int j,
                                target_list *list) {
    const sim_agent *me = &w->agents[id];
    const sim_agent *o = &w->agents[j];
    if (j == id || o->placement != 0) return;
    float d = glms_vec2_distance(me->pos, o->pos);
    if (d > range) return;
    if (j == b->let_go && w->tick < b->let_go_until) return;
    bool farther;
    if (spares_person(w, b, me, j, &farther)) return;
    // Until the first circle has closed in, people loot: a bot starts a fight only with an enemy
    // who comes close or has just shot it.
    const bot_skill *sk = bot_skill_for(me->difficulty);
    bool mine = j == b->target && b->state == BOT_FIGHT;
    if (!mine && w->zone.phase == 0 && d > sk->loot_close * range &&
        !(me->last_hit_by == j && w->tick - me->hurt_tick < 3 * SIM_TICK_HZ))
        return;
    int others = sim_bots_attackers(w, j) - (mine && me->slot < 0);
    list->cand[list->count].score = d * (1.0f + BOT_CROWD_SHY * (float)(others > 0 ? others : 0)) *
                                    (mine ? BOT_KEEP_TARGET : 1.0f) *
                                    (farther ? BOT_SPARED_FARTHER : 1.0f);
    list->cand[list->count++].id = j;
}

static int pick_target(sim_world *w, const bot_brain *b, int id, float range) {
    const sim_agent *me = &w->agents[id];
    // The eligible enemies with their scores; then the best first until one is in sight, so
    // only enemies better than the answer pay for a sight line. The order in which agents are
    // weighed does not matter. In a crowd they come from the cells of living agents that the
    // box of the range touches (a few plain reads a cell, where a broadphase query cost about
    // 5,000 instructions among 1,000 agents); but the cells are built afresh for the tick when
    // a bot first asks (the move phase changed them), which pays only when agents are many
    // (at least four a cell of the box), so otherwise they come from the broadphase.
    target_list list;
    list.count = 0;
    const int side = (int)(2.0f * range / SIM_AGENT_CELL) + 2; // about the box's cells a side
    if (w->agent_count < 4 * side * side) {
        int n;
        const int32_t *near = sim_collide_near(w, me->pos, range, SIM_CAT_AGENT, &n);
        for (int k = 0; k < n; k++) weigh_target(w, b, id, range, near[k], &list);
    } else {
        const sim_cells *cells = sim_collide_agent_cells(w, NULL);
        for (sim_cells_walk it = sim_cells_walk_box(cells, me->pos, me->pos, range);
             sim_cells_walk_next(&it);)
            weigh_target(w, b, id, range, it.value, &list);
    }
    for (;;) {
        // The lowest score left, ties to the lower id (the order found is no order).
        int best = -1;
        for (int i = 0; i < list.count; i++)
            if (list.cand[i].id >= 0 && (best < 0 || list.cand[i].score < list.cand[best].score ||
                                         (list.cand[i].score == list.cand[best].score &&
                                          list.cand[i].id < list.cand[best].id)))
                best = i;
        if (best < 0) return -1;
        const int j = list.cand[best].id;
        if (sim_field_clear_path(w, me->pos, w->agents[j].pos, 0.0f)) return j;
        list.cand[best].id = -1;
    }
}

/// After a cover search found nothing, how long a bot backs off before it searches again.
#define BOT_COVER_RETRY (3 * SIM_TICK_HZ / 2)

/// A bot in a fight looks round for a better enemy once every this many thinks (hard bots think
/// most often, so they also switch soonest), not on every one: between looks it keeps its
/// target as long as that stays eligible (alive, in range and in sight).
#define BOT_RESCAN_THINKS 3

/// The current target, kept without looking round, or -1 when a look is due: the target is gone,
/// out of range or out of sight, the last look was BOT_RESCAN_THINKS thinks ago, or someone
/// else has hurt the bot since (it answers whoever shoots it as fast as before).
static int keep_target(const sim_world *w, const bot_brain *b, int id, float range) {
    const sim_agent *me = &w->agents[id];
    const bot_skill *sk = bot_skill_for(me->difficulty);
    const int t = b->target;
    if (t < 0 || w->tick - b->scan_tick >= BOT_RESCAN_THINKS * sk->think_interval) return -1;
    if (me->hurt_tick >= b->scan_tick && me->last_hit_by >= 0 && me->last_hit_by != t) return -1;
    const sim_agent *o = &w->agents[t];
    if (o->placement != 0 || (t == b->let_go && w->tick < b->let_go_until)) return -1;
    bool farther; // (only pick_target weighs people against bots)
    if (spares_person(w, b, me, t, &farther)) return -1;
    float d = glms_vec2_distance(me->pos, o->pos);
    if (d > range) return -1;
    // pick_target's looting rule, for an enemy it is not yet fighting (hiding from, say).
    bool mine = b->state == BOT_FIGHT;
    if (!mine && w->zone.phase == 0 && d > sk->loot_close * range &&
        !(me->last_hit_by == t && w->tick - me->hurt_tick < 3 * SIM_TICK_HZ))
        return -1;
    return sim_field_clear_path(w, me->pos, o->pos, 0.0f) ? t : -1;
}

/// Heads for the nearest living enemy within 1600 units even when out of sight; false when none.
static bool hunt(const sim_world *w, bot_brain *b, int id, bot_planner *planner) {
    const sim_agent *a = &w->agents[id];
    int prey = -1;
    float best = 1600.0f * 1600.0f;
    for (int j = 0; j < w->agent_count; j++) {
        if (j == id || w->agents[j].placement != 0) continue;
        float d2 = glms_vec2_distance2(a->pos, w->agents[j].pos);
        if (d2 < best) {
            best = d2;
            prey = j;
        }
    }
    if (prey < 0) return false;
    b->state = BOT_WANDER;
    bot_go_to(w, b, id, planner, w->agents[prey].pos);
    return true;
}

static void decide(sim_world *w, bot_brain *b, int id, bot_planner *planner) {
    const sim_agent *a = &w->agents[id];
    const bot_skill *sk = bot_skill_for(a->difficulty);
    vec2s zc;
    float zr;
    safe_circle(w, &zc, &zr);
    float from_center = glms_vec2_distance(a->pos, zc);
    if (from_center > zr - 2.0f * a->radius) {
        b->state = BOT_ZONE;
        vec2s in = from_center > 1e-3f
                       ? glms_vec2_scale(glms_vec2_sub(zc, a->pos), 1.0f / from_center)
                       : glms_vec2_zero();
        bot_go_to(w, b, id, planner, glms_vec2_add(zc, glms_vec2_scale(in, -0.4f * zr)));
        return;
    }
    float range = sim_agent_range(w, a);
    int enemy = keep_target(w, b, id, range * 1.1f);
    if (enemy < 0) {
        enemy = pick_target(w, b, id, range * 1.1f);
        b->scan_tick = w->tick;
    }
    if (enemy >= 0) {
        if (enemy != b->target) {
            b->target = enemy;
            b->target_seen = w->tick;
        }
        vec2s to = glms_vec2_sub(w->agents[enemy].pos, a->pos);
        float dist = glms_vec2_norm(to);
        vec2s dir = dist > 1e-3f ? glms_vec2_scale(to, 1.0f / dist) : (vec2s){{1.0f, 0.0f}};
        // Hurt, or losing the exchange by more than its margin (health bars are in plain
        // sight): look for cover, and come back once healed.
        const sim_agent *e = &w->agents[enemy];
        bool losing =
            sk->retreat_margin > 0.0f && a->hp / a->max_hp < e->hp / e->max_hp - sk->retreat_margin;
        if (a->hp < sk->cover_hp * a->max_hp || losing) {
            bool hiding = b->state == BOT_COVER;
            bool fresh = hiding && w->tick - b->cover_tick < SIM_TICK_HZ / 2;
            b->state = BOT_COVER;
            if (fresh) return; // keep heading for the cover found half a second ago
            b->cover_tick = w->tick;
            // The spot it is heading for still hides it from this enemy: keep it (a new search,
            // a flood of the paths around, would mostly find the same spot). Having found none
            // nearby, it backs off a while before it looks again.
            if (hiding && b->cover_found &&
                glms_vec2_distance(a->pos, b->cover_spot) <= BOT_COVER_RANGE &&
                !ae_sdf_clear_path(&w->sdf, e->pos, b->cover_spot, 0.0f)) {
                bot_go_to(w, b, id, planner, b->cover_spot);
                return;
            }
            if (!(hiding && !b->cover_found && w->tick - b->cover_search_tick < BOT_COVER_RETRY)) {
                b->cover_search_tick = w->tick;
                b->cover_found = bot_find_cover(w, id, planner, e->pos, &b->cover_spot);
            }
            if (b->cover_found)
                bot_go_to(w, b, id, planner, b->cover_spot);
            else
                bot_go_to(w, b, id, planner, glms_vec2_sub(a->pos, glms_vec2_scale(dir, 160.0f)));
            return;
        }
        b->state = BOT_FIGHT;
        fight_move(w, b, id, dir, dist, range);
        return;
    }
    b->target = -1;
    // Loot it wants, then crates to break while the first circle holds (people loot early).
    b->crate = -1;
    int loot = bot_find_loot(w, id, sk->loot_range, zc, zr);
    if (loot >= 0) {
        b->state = BOT_LOOT;
        bot_go_to(w, b, id, planner, w->pickups[loot].pos);
        return;
    }
    if (w->zone.phase == 0) {
        int crate = bot_find_crate(w, id, 0.5f * sk->loot_range);
        if (crate >= 0) {
            b->state = BOT_LOOT;
            b->crate = crate;
            return;
        }
    }
    // A predator seeks out enemies before gems; every bot hunts from the third circle on.
    if (w->zone.phase >= sk->hunt_phase && hunt(w, b, id, planner)) return;
    int gem = nearest_gem(w, a->pos, 700.0f, zc, zr);
    if (gem >= 0) {
        b->state = BOT_GEMS;
        bot_go_to(w, b, id, planner, w->gems[gem].pos);
        return;
    }
    if (w->zone.phase >= 2 && hunt(w, b, id, planner)) return;
    b->state = BOT_WANDER;
    if (b->path_next >= b->path_count && !b->path_pending) {
        float dx = ae_rng_range(&b->rng, -1.0f, 1.0f), dy = ae_rng_range(&b->rng, -1.0f, 1.0f);
        vec2s goal = {{zc.x + dx * 0.7f * zr, zc.y + dy * 0.7f * zr}};
        bot_go_to(w, b, id, planner, goal);
    }
}

/// Fair sight: a bot holds its fire while its shot could reach a person who cannot see it
/// (sim_sight_may_fire); a person's autopilot fires as the person would.
static bool may_fire(const sim_world *w, int id, vec2s aim) {
    const float len = glms_vec2_norm(aim);
    if (w->agents[id].slot >= 0 || !(len > 1e-6f)) return true;
    return sim_sight_may_fire(w, id, glms_vec2_scale(aim, 1.0f / len));
}

/// Whether the agent stands on a weapon it likes better than the one a swap would leave. The
/// pickups it touches lie in the pickup cells round it (a few reads, where a look at every
/// pickup of the map cost hundreds of instructions a think); distance first, where
/// bot_wants_swap weighs the weapons.
static bool on_wanted_weapon(sim_world *w, const sim_agent *a) {
    const float touch = a->radius + w->cfg.rules.pickup_radius;
    const sim_cells *cells = bot_pickup_cells(w);
    for (sim_cells_walk it = sim_cells_walk_box(cells, a->pos, a->pos, touch);
         sim_cells_walk_next(&it);) {
        const sim_pickup *p = &w->pickups[it.value];
        if (glms_vec2_distance2(a->pos, p->pos) < touch * touch && bot_wants_swap(w, a, p))
            return true;
    }
    return false;
}

void bot_brain_update(sim_world *w, bot_brain *b, int id, bot_planner *planner, sim_input *out) {
    const sim_agent *a = &w->agents[id];
    const bot_skill *sk = bot_skill_for(a->difficulty);
    memset(out, 0, sizeof *out);
    out->skill_pick = bot_pick_skill(w, a);
    bot_loadout(w, id, b->state == BOT_FIGHT && b->target >= 0, out);
    bool blink = false;
    if ((w->tick + id) % sk->think_interval == 0) {
        decide(w, b, id, planner);
        float eta = 1e30f;
        vec2s dodge = b->dodge_ticks > 0 ? glms_vec2_zero() : bot_dodge(w, b, id, &eta);
        if (glms_vec2_norm(dodge) > 0.5f) {
            b->dodge_ticks = 14;
            b->strafe = dodge;
            // Too close to step aside in time: a bot that has its blink may dash instead.
            blink =
                a->blink_cooldown == 0 && eta < 12.0f && ae_rng_float(&b->rng) < sk->blink_dodge;
        }
        // Burning outside the circle, far from its edge: dash towards it.
        if (b->state == BOT_ZONE && a->blink_cooldown == 0 && sk->blink_dodge > 0.0f &&
            glms_vec2_distance(a->pos, w->zone.center) > w->zone.radius + 40.0f)
            blink = true;
        // Standing on a weapon it likes better than the one a swap would leave: swap (a press,
        // not a hold; it thinks again before it could be held down).
        if (!a->swap_held && on_wanted_weapon(w, a)) out->buttons |= SIM_BUTTON_SWAP;
    }
    if (blink) out->buttons |= SIM_BUTTON_BLINK;
    vec2s move;
    if (b->dodge_ticks > 0) {
        b->dodge_ticks--;
        move = b->strafe;
    } else if (b->state == BOT_FIGHT) {
        move = b->strafe;
        // Keep clear of walls while strafing: slide handles contact, this avoids hugging.
        vec2s ahead = glms_vec2_add(a->pos, glms_vec2_scale(move, 2.0f * a->radius));
        if (ae_sdf_sample(&w->sdf, ahead) < a->radius) {
            b->strafe = glms_vec2_negate(b->strafe);
            b->strafe_side = -b->strafe_side;
        }
    } else {
        move = bot_follow_path(w, b, id, planner);
    }
    sim_input_set_move(out, move);
    // Bots always aim, so the auto-fire of aimless input never fires for them: they look at the
    // enemy they fight (or where they walk) and pull the trigger only at a target seen for longer
    // than their reaction time.
    vec2s aim = a->facing;
    bool fighting = b->state == BOT_FIGHT && b->target >= 0 && w->agents[b->target].placement == 0;
    if (fighting) {
        aim = glms_vec2_sub(w->agents[b->target].pos, a->pos);
        if (w->tick - b->target_seen >= sk->reaction_ticks && a->fire_cooldown == 0 &&
            sim_field_clear_path(w, a->pos, w->agents[b->target].pos, 0.0f)) {
            vec2s shot = bot_aim_at(w, b, id, b->target);
            if (may_fire(w, id, shot)) {
                sim_input_set_aim(out, shot);
                out->buttons |= SIM_BUTTON_FIRE;
                return;
            }
        }
    } else if (b->state == BOT_LOOT && b->crate >= 0 && w->props[b->crate].hp > 0.0f) {
        // Shooting a crate open: stand, aim at it, fire (no reaction time: it does not move).
        aim = glms_vec2_sub(bot_prop_center(w, b->crate), a->pos);
        sim_input_set_move(out, glms_vec2_zero());
        if (a->fire_cooldown == 0 && may_fire(w, id, aim)) out->buttons |= SIM_BUTTON_FIRE;
    } else if (glms_vec2_norm(move) > 0.1f) {
        aim = move;
    }
    sim_input_set_aim(out, aim);
}
