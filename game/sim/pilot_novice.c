// The novice player model (pilot_novice.h): a first-time player's limits, written as rules.
#include "pilot_novice.h"

#include <math.h>
#include <string.h>

/// Decisions happen this often (a person's glance at the screen), on top of the reaction time.
#define PILOT_THINK_TICKS 12
/// HP share below which it backs away.
#define PILOT_LOW_HP 0.5f

bool pilot_novice_init(pilot_novice *n, const sim_world *w) {
    memset(n, 0, sizeof *n);
    n->agent_count = w->agent_count;
    n->seen_since = ae_alloc((size_t)w->agent_count * sizeof *n->seen_since);
    if (!n->seen_since) return false;
    for (int i = 0; i < w->agent_count; i++) n->seen_since[i] = -1;
    n->target = -1;
    n->pick_at = -1;
    return true;
}

void pilot_novice_free(pilot_novice *n) {
    if (n->seen_since) ae_free(n->seen_since, (size_t)n->agent_count * sizeof *n->seen_since);
    n->seen_since = NULL;
}

static bool on_screen(vec2s self, vec2s p) {
    return p.x > self.x - PILOT_VIEW_HALF_W && p.x < self.x + PILOT_VIEW_HALF_W &&
           p.y > self.y - PILOT_VIEW_HALF_H && p.y < self.y + PILOT_VIEW_HALF_H;
}

/// Updates what it has noticed; returns the nearest enemy it has seen for its reaction time.
static int look(const sim_world *w, pilot_novice *n, int id) {
    const sim_agent *me = &w->agents[id];
    int nearest = -1;
    float best = 1e30f;
    for (int j = 0; j < w->agent_count; j++) {
        const sim_agent *o = &w->agents[j];
        if (j == id || o->placement != 0 || !on_screen(me->pos, o->pos)) {
            n->seen_since[j] = -1;
            continue;
        }
        if (n->seen_since[j] < 0) n->seen_since[j] = w->tick;
        if (w->tick - n->seen_since[j] < n->react_ticks) continue;
        float d2 = glms_vec2_distance2(me->pos, o->pos);
        if (d2 < best) {
            best = d2;
            nearest = j;
        }
    }
    return nearest;
}

static int nearest_visible_gem(const sim_world *w, vec2s self) {
    int best = -1;
    float best_d2 = 1e30f;
    for (int g = 0; g < w->gem_top; g++) {
        const sim_gem *gem = &w->gems[g];
        if (!gem->alive || !on_screen(self, gem->pos)) continue;
        float d2 = glms_vec2_distance2(self, gem->pos);
        if (d2 < best_d2) {
            best_d2 = d2;
            best = g;
        }
    }
    return best;
}

/// The nearest pickup on screen that walking over would give it (a weapon into an empty slot or
/// the rounds of one it has, an item while its stack has room): a newcomer walks to shiny things.
static int nearest_visible_loot(const sim_world *w, const sim_agent *me) {
    int best = -1;
    float best_d2 = 1e30f;
    for (int s = 0; s < w->pickup_top; s++) {
        const sim_pickup *p = &w->pickups[s];
        if (!p->alive || !on_screen(me->pos, p->pos)) continue;
        const int k = sim_pickup_item((sim_pickup_kind)p->kind);
        bool takes =
            k < 0 ? sim_pickup_slot_for(me, p) >= 0 : me->items[k] < w->cfg.rules.item[k].stack;
        float d2 = glms_vec2_distance2(me->pos, p->pos);
        if (takes && d2 < best_d2) {
            best_d2 = d2;
            best = s;
        }
    }
    return best;
}

/// Where it wants to go this think; false to stand still.
static bool choose_goal(const sim_world *w, bot_brain *b, int id, int enemy, vec2s *goal,
                        bool *direct) {
    const sim_agent *me = &w->agents[id];
    const sim_zone *z = &w->zone;
    *direct = false;
    // The zone: it sees the circle (and the next one while it shrinks) and walks in.
    vec2s zc = z->shrinking ? z->next_center : z->center;
    float zr = z->shrinking ? z->next_radius : z->radius;
    if (glms_vec2_distance(me->pos, zc) > zr - me->radius) {
        *goal = zc;
        return true;
    }
    if (enemy >= 0) {
        vec2s to = glms_vec2_sub(w->agents[enemy].pos, me->pos);
        float dist = glms_vec2_norm(to);
        vec2s dir = dist > 1e-3f ? glms_vec2_scale(to, 1.0f / dist) : (vec2s){{1.0f, 0.0f}};
        if (me->hp < PILOT_LOW_HP * me->max_hp) { // back off, straight away from it
            *goal = glms_vec2_sub(me->pos, glms_vec2_scale(dir, 200.0f));
            *direct = true;
            return true;
        }
        float range = sim_agent_range(w, me);
        if (dist > 0.8f * range) { // close in to shooting distance
            *goal = w->agents[enemy].pos;
            *direct = true;
            return true;
        }
    }
    int loot = enemy < 0 ? nearest_visible_loot(w, me) : -1;
    if (loot >= 0) {
        *goal = w->pickups[loot].pos;
        return true;
    }
    int gem = nearest_visible_gem(w, me->pos);
    if (gem >= 0) {
        *goal = w->gems[gem].pos;
        return true;
    }
    if (enemy >= 0) return false; // stand and shoot
    // Nothing in sight: wander somewhere inside the circle.
    if (b->path_next < b->path_count || b->path_pending) {
        *goal = b->goal;
        return true;
    }
    float dx = ae_rng_range(&b->rng, -0.6f, 0.6f), dy = ae_rng_range(&b->rng, -0.6f, 0.6f);
    *goal = (vec2s){{zc.x + dx * zr, zc.y + dy * zr}};
    return true;
}

static vec2s aim_at(const sim_world *w, ae_rng *rng, int id, int target) {
    const sim_agent *me = &w->agents[id], *t = &w->agents[target];
    const bot_skill *normal = bot_skill_for(SIM_NORMAL);
    // The hand trails the target by 100 ms: it aims where the target was.
    vec2s vel = glms_vec2_sub(t->pos, t->prev_pos);
    vec2s at = glms_vec2_sub(t->pos, glms_vec2_scale(vel, 0.1f * SIM_TICK_HZ));
    vec2s rel = glms_vec2_sub(at, me->pos);
    float dist = glms_vec2_norm(rel);
    if (dist < 1e-3f) return (vec2s){{1.0f, 0.0f}};
    vec2s aim = glms_vec2_scale(rel, 1.0f / dist);
    vec2s side = {{-aim.y, aim.x}};
    float crossing = fabsf(glms_vec2_dot(vel, side)) / sim_agent_bullet_speed(w, me);
    float spread = bot_aim_spread(normal, dist / sim_agent_range(w, me), crossing);
    float e = ae_rng_range(rng, -spread, spread);
    return glms_vec2_add(aim, glms_vec2_scale(side, e));
}

static uint8_t pick_skill(const sim_world *w, pilot_novice *n, ae_rng *rng, const sim_agent *a) {
    if (a->pending_picks <= 0) {
        n->pick_at = -1;
        return 0;
    }
    // A newcomer reads the choices for a second or two, then picks one at random.
    if (n->pick_at < 0) n->pick_at = w->tick + SIM_TICK_HZ + (int)ae_rng_below(rng, SIM_TICK_HZ);
    if (w->tick < n->pick_at) return 0;
    n->pick_at = -1;
    int open[SIM_SKILL_COUNT], count = 0;
    for (int k = 0; k < SIM_SKILL_COUNT; k++)
        if (a->skills[k] < SIM_SKILL_MAX_LEVEL) open[count++] = k;
    return count ? (uint8_t)(open[ae_rng_below(rng, (uint32_t)count)] + 1) : 0;
}

void pilot_novice_update(const sim_world *w, pilot_novice *n, bot_brain *b, int id,
                         bot_planner *planner, sim_input *out) {
    const sim_agent *me = &w->agents[id];
    memset(out, 0, sizeof *out);
    if (me->placement != 0) return;
    out->skill_pick = pick_skill(w, n, &b->rng, me);
    if (n->react_ticks == 0) n->react_ticks = PILOT_REACTION_TICKS;
    int enemy = look(w, n, id);
    // Its loadout as bots handle theirs: the best weapon, a reload and a heal between fights.
    bot_loadout(w, id, enemy >= 0, out);
    if (enemy != n->target) {
        n->target = enemy;
        // The next one it notices takes its own reaction time again.
        n->react_ticks = PILOT_REACTION_TICKS + (int)ae_rng_below(&b->rng, SIM_TICK_HZ / 5 + 1);
    }
    if ((w->tick + id) % PILOT_THINK_TICKS == 0) {
        vec2s goal;
        bool direct;
        if (!choose_goal(w, b, id, enemy, &goal, &direct)) {
            b->state = BOT_FIGHT; // standing
            b->strafe = glms_vec2_zero();
        } else if (direct) {
            b->state = BOT_FIGHT;
            vec2s d = glms_vec2_sub(goal, me->pos);
            float len = glms_vec2_norm(d);
            b->strafe = len > 1e-3f ? glms_vec2_scale(d, 1.0f / len) : glms_vec2_zero();
        } else {
            b->state = BOT_WANDER;
            bot_go_to(w, b, id, planner, goal);
        }
    }
    vec2s move = b->state == BOT_FIGHT ? b->strafe : bot_follow_path(w, b, id, planner);
    sim_input_set_move(out, move);
    // It plays with the mouse: holds the button on the enemy it is fighting when a shot could
    // get there, else points where it walks. It always aims, so the game's auto-fire (which has
    // no reaction time) never shoots for it.
    if (enemy >= 0 && glms_vec2_distance(me->pos, w->agents[enemy].pos) <= sim_agent_range(w, me) &&
        sim_field_clear_path(w, me->pos, w->agents[enemy].pos, 0.0f)) {
        sim_input_set_aim(out, aim_at(w, &b->rng, id, enemy));
        out->buttons |= SIM_BUTTON_FIRE;
    } else {
        sim_input_set_aim(out, glms_vec2_norm(move) > 0.1f ? move : me->facing);
    }
}
