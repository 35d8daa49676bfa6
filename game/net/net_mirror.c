// A decoded snapshot written into the client's mirror world (net_client_internal.h): what the
// frame's sets, lists and head say, each id checked against the match before the mirror's
// setters take it.
#include "net_client_internal.h"

#include "sim_mirror.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static float unq(const net_client *c, net_quant q, int64_t v) {
    return net_unquantise(q, v, c->extent);
}
static vec2s unpos(const net_client *c, uint16_t x, uint16_t y) {
    return (vec2s){{unq(c, NET_Q_POS, x), unq(c, NET_Q_POS, y)}};
}

/// The own agent's damage ledger (the death screen's "Hurt by"): rows naming no agent of the
/// match are left out.
static void apply_hurt(const net_self *s, int agents, sim_agent_stats *st) {
    const uint32_t rows[SIM_HURT_SOURCES] = {s->hurt0, s->hurt1, s->hurt2, s->hurt3,
                                             s->hurt4, s->hurt5, s->hurt6, s->hurt7};
    st->hurt_count = 0;
    for (int k = 0; k < SIM_HURT_SOURCES; k++) {
        sim_hurt *h = &st->hurt[st->hurt_count];
        if (net_hurt_unpack(rows[k], agents, &h->by, &h->harm, &h->amount)) st->hurt_count++;
    }
    st->hurt_other = s->hurt_other;
}

void net_self_apply(const net_self *s, int agents, sim_agent *a) {
    a->pos = (vec2s){{s->x, s->y}};
    a->facing = (vec2s){{s->facing_x, s->facing_y}};
    a->hp = s->hp;
    a->max_hp = s->max_hp;
    a->shield = s->shield;
    a->xp = s->xp;
    a->level = s->level;
    a->pending_picks = s->pending_picks;
    memcpy(a->skills, s->skills, sizeof a->skills);
    a->weapon = s->weapon;
    a->swap_held = s->swap_held;
    a->held = s->held;
    const uint8_t guns[SIM_SLOT_COUNT] = {s->gun0, s->gun1, s->gun2};
    const uint8_t tiers[SIM_SLOT_COUNT] = {s->tier0, s->tier1, s->tier2};
    const int32_t mag[SIM_SLOT_COUNT] = {s->mag0, s->mag1, s->mag2};
    const int32_t reserve[SIM_SLOT_COUNT] = {s->reserve0, s->reserve1, s->reserve2};
    for (int k = 0; k < SIM_SLOT_COUNT; k++) {
        a->guns[k] = guns[k];
        a->tiers[k] = tiers[k];
        a->mag[k] = mag[k];
        a->reserve[k] = reserve[k];
    }
    a->reload_ticks = s->reload_ticks;
    a->items[0] = s->item0;
    a->items[1] = s->item1;
    a->items[2] = s->item2;
    a->using_item = s->using_item;
    a->use_ticks = s->use_ticks;
    a->fire_cooldown = s->fire_cooldown;
    a->blink_cooldown = s->blink_cooldown;
    a->kills = s->kills;
    a->placement = s->placement;
    a->hit_flash = s->hit_flash;
    a->killer = s->killer;
    a->last_hit_by = s->last_hit_by;
    a->auto_target = s->auto_target;
    a->cause = (sim_death_cause)s->cause;
    a->slot = s->slot;
    a->death_tick = s->death_tick;
    apply_hurt(s, agents, &a->stats);
}

static bool fail(char *err, size_t errsz, const char *what, long long id) {
    snprintf(err, errsz, "%s %lld is not one of the match's", what, id);
    return false;
}

// ---- Agents ----

static bool agent_ok(const net_client *c, int id) {
    return id >= 0 && id < c->agents;
}

// Kills first: the feed is public, so a victim out of view falls in the mirror too (its
// placement counted down from the alive count after the frame's kills).
static bool kills(net_client *c, const net_frame *f, char *err, size_t errsz) {
    sim_world *w = c->world;
    for (int i = 0; i < f->kill_count; i++) {
        const net_kill *k = &f->kill[i];
        if (!agent_ok(c, k->victim) || (k->killer >= 0 && !agent_ok(c, k->killer)))
            return fail(err, errsz, "kill's agent", k->victim);
        const bool own = c->state == NET_CLIENT_PLAYING && k->victim == c->agent;
        sim_agent a = sim_agents(w)[k->victim];
        if (!own && a.placement == 0) {
            a.placement = f->head.alive + (f->kill_count - i);
            a.killer = k->killer;
            a.cause = k->harm == SIM_HARM_ZONE ? SIM_DIED_ZONE : SIM_DIED_BULLET;
            a.death_tick = k->tick - 1; // the record has the tick after the step, as sim_tick
            a.stats.death_harm = k->harm;
            if (a.hp > 0) a.hp = 0;
            if (!sim_mirror_set_agent(w, k->victim, &a))
                return fail(err, errsz, "kill's victim", k->victim);
        }
        if (c->pending_count < NET_CLIENT_EVENTS)
            c->pending[c->pending_count++] =
                (sim_event){SIM_EVENT_KILL, k->killer, k->victim, 0.0f, a.pos, a.pos};
    }
    return true;
}

static bool agents(net_client *c, const net_frame *f, char *err, size_t errsz) {
    sim_world *w = c->world;
    const float max_shield = sim_config_of(w)->rules.max_shield;
    for (int i = 0; i < f->agent_count; i++) {
        const net_agent *r = &f->agent[i];
        if (!agent_ok(c, r->id)) return fail(err, errsz, "agent", r->id);
        if (r->id == f->head.agent) continue; // `self` is the viewer's
        sim_agent a = sim_agents(w)[r->id];
        const float turn = unq(c, NET_Q_ANGLE, r->angle);
        a.facing = (vec2s){{cosf(turn), sinf(turn)}};
        a.hp = r->placement ? 0.0f : net_unquantise(NET_Q_FRAC, r->hp, a.max_hp);
        a.shield = net_unquantise(NET_Q_FRAC, r->shield, max_shield);
        a.weapon = r->weapon;
        a.level = r->level;
        a.hit_flash = r->hit_flash;
        a.bot = r->bot;
        a.slot = r->slot;
        a.placement = r->placement;
        const vec2s at = {{net_unquantise(NET_Q_X8, r->x, 0), net_unquantise(NET_Q_X8, r->y, 0)}};
        if (c->tracks[r->id].count == 0) a.pos = a.prev_pos = at; // first seen: show it there
        net_interp_push(c, r->id, f->head.tick, at);
        if (!sim_mirror_set_agent(w, r->id, &a)) return fail(err, errsz, "agent", r->id);
    }
    // A spectator shows the agent it follows with the others' delay, its record in full.
    if (c->state == NET_CLIENT_SPECTATING) {
        sim_agent a = sim_agents(w)[f->head.agent];
        const vec2s shown = a.pos;
        net_self_apply(&f->self, c->agents, &a);
        const vec2s at = a.pos;
        a.pos = c->tracks[f->head.agent].count ? shown : at;
        net_interp_push(c, f->head.agent, f->head.tick, at);
        if (!sim_mirror_set_agent(w, f->head.agent, &a))
            return fail(err, errsz, "followed agent", f->head.agent);
    }
    return true;
}

// ---- Bullets and loot ----

static sim_bullet bullet_at(const net_client *c, const net_bullet *r, int tick) {
    const vec2s origin = unpos(c, r->x, r->y);
    const vec2s vel = {{net_unquantise(NET_Q_VEL, r->vx, 0), net_unquantise(NET_Q_VEL, r->vy, 0)}};
    // Not yet fired at the view tick (the shooter is shown behind): at the muzzle.
    float age = (float)(tick - r->fired_tick);
    if (age < 0) age = 0;
    sim_bullet b = {0};
    b.pos = glms_vec2_add(origin, glms_vec2_scale(vel, age));
    b.vel = vel;
    b.radius = net_unquantise(NET_Q_X4, r->radius, 0);
    b.range_left = unq(c, NET_Q_LEN, r->range) - glms_vec2_norm(vel) * age;
    b.owner = r->owner;
    b.fired_tick = r->fired_tick;
    b.from = origin; // a grenade that bounced: where it would have come from in a straight line
    b.threat = -1;
    b.weapon = r->weapon;
    b.blast = unq(c, NET_Q_LEN, r->blast);
    b.flight_end = b.pos;
    b.flight_hit = AE_FIELD_NO_HIT;
    b.alive = b.range_left > 0.0f;
    return b;
}

void net_mirror_fly_bullets(net_client *c) {
    if (!c->have_frame) return;
    const net_frame *f = c->frame[c->cur];
    for (int i = 0; i < f->bullet_count; i++) {
        const sim_bullet b = bullet_at(c, &f->bullet[i], c->view_tick);
        sim_mirror_set_bullet(c->world, (int)f->bullet[i].id, &b); // checked as it came
    }
}

// Calls `gone` for each id of base's set (records of `stride` bytes, a uint32_t id first) that
// f's set no longer holds: both ascending.
static void each_left(const void *base, int nb, const void *now, int nn, size_t stride,
                      void (*gone)(sim_world *, int), sim_world *w) {
    int j = 0;
    for (int i = 0; i < nb; i++) {
        uint32_t id, other = UINT32_MAX;
        memcpy(&id, (const char *)base + (size_t)i * stride, sizeof id);
        for (; j < nn; j++) {
            memcpy(&other, (const char *)now + (size_t)j * stride, sizeof other);
            if (other >= id) break;
        }
        if (j == nn || other != id) gone(w, (int)id);
    }
}
static void bullet_gone(sim_world *w, int id) {
    sim_mirror_set_bullet(w, id, &(sim_bullet){.alive = false});
}
static void gem_gone(sim_world *w, int id) {
    sim_mirror_set_gem(w, id, &(sim_gem){.alive = false});
}
static void pickup_gone(sim_world *w, int id) {
    sim_mirror_set_pickup(w, id, &(sim_pickup){.alive = false});
}

static bool loot(net_client *c, const net_frame *base, const net_frame *f, char *err,
                 size_t errsz) {
    sim_world *w = c->world;
    // What left the view (or the world) leaves the mirror: the client cannot tell which.
    each_left(base->bullet, base->bullet_count, f->bullet, f->bullet_count, sizeof(net_bullet),
              bullet_gone, w);
    each_left(base->gem, base->gem_count, f->gem, f->gem_count, sizeof(net_gem), gem_gone, w);
    each_left(base->pickup, base->pickup_count, f->pickup, f->pickup_count, sizeof(net_pickup),
              pickup_gone, w);
    for (int i = 0; i < f->bullet_count; i++) {
        const net_bullet *r = &f->bullet[i];
        const sim_bullet b = bullet_at(c, r, c->view_tick);
        if (!agent_ok(c, r->owner) || !sim_mirror_set_bullet(w, (int)r->id, &b))
            return fail(err, errsz, "bullet", r->id);
    }
    for (int i = 0; i < f->gem_count; i++) {
        const net_gem *r = &f->gem[i];
        const sim_gem g = {unpos(c, r->x, r->y), r->xp, true, r->dropped};
        if (!sim_mirror_set_gem(w, (int)r->id, &g)) return fail(err, errsz, "gem", r->id);
    }
    for (int i = 0; i < f->pickup_count; i++) {
        const net_pickup *r = &f->pickup[i];
        const sim_pickup *had = r->id < (uint32_t)sim_pickup_top(w) ? &sim_pickups(w)[r->id] : NULL;
        const sim_pickup p = {unpos(c, r->x, r->y),
                              r->kind,
                              r->weapon,
                              r->tier,
                              r->ammo,
                              had && had->alive ? had->drop_tick : f->head.tick,
                              true};
        if (!sim_mirror_set_pickup(w, (int)r->id, &p)) return fail(err, errsz, "pickup", r->id);
    }
    return true;
}

// ---- The map, the zone, the events ----

static bool map_state(net_client *c, const net_frame *f, char *err, size_t errsz) {
    sim_world *w = c->world;
    for (int i = 0; i < f->prop_count; i++) {
        const net_prop *r = &f->prop[i];
        if (r->id >= (uint32_t)sim_prop_count(w)) return fail(err, errsz, "prop", r->id);
        sim_prop p = sim_props(w)[r->id];
        const float hp = net_unquantise(NET_Q_FRAC, r->hp, p.max_hp);
        if (hp == p.hp) continue;
        if (hp < p.hp) p.hit_tick = f->head.tick; // for the shake
        p.hp = hp;
        if (!sim_mirror_set_prop(w, (int)r->id, &p)) {
            snprintf(err, errsz, "prop %u broken is whole again", r->id);
            return false;
        }
    }
    for (int i = 0; i < f->door_count; i++) {
        const net_door *r = &f->door[i];
        if (r->id >= (uint32_t)sim_door_count(w)) return fail(err, errsz, "door", r->id);
        sim_door d = sim_doors(w)[r->id];
        d.open = net_unquantise(NET_Q_FRAC, r->open, 1.0f);
        d.moving = r->moving;
        d.active = d.open > 0.0f || d.moving != 0;
        sim_mirror_set_door(w, (int)r->id, &d);
    }
    return true;
}

static void zone(net_client *c, const net_head *h) {
    sim_world *w = c->world;
    const sim_rules *rules = &sim_config_of(w)->rules;
    sim_zone z = *sim_zone_state(w);
    if (h->zone_shrinking && !z.shrinking) { // where the shrink starts from
        z.from_center = z.center;
        z.from_radius = z.radius;
    }
    z.phase = h->zone_phase;
    z.timer = h->zone_timer;
    z.shrinking = h->zone_shrinking;
    z.center = unpos(c, h->zone_x, h->zone_y);
    z.radius = unq(c, NET_Q_LEN, h->zone_r);
    z.next_center = unpos(c, h->zone_next_x, h->zone_next_y);
    z.next_radius = unq(c, NET_Q_LEN, h->zone_next_r);
    z.time_scale = h->zone_time_scale;
    z.supply = h->supply;
    z.supply_pos = unpos(c, h->supply_x, h->supply_y);
    z.supply_tick = h->supply_tick;
    const int n = rules->zone_phase_count;
    if (n > 0) z.dps = z.phase < n ? rules->zone[z.phase].dps : 2.0f * rules->zone[n - 1].dps;
    sim_mirror_set_zone(w, &z);
}

// An event's numbers name what they should (the effects look them up).
static bool event_ok(const net_client *c, const net_sim_event *e) {
    const sim_world *w = c->world;
    if (e->a >= c->agents) return false;
    switch ((sim_event_kind)e->kind) {
    case SIM_EVENT_HIT:
        return agent_ok(c, e->b);
    case SIM_EVENT_PROP_HIT:
    case SIM_EVENT_PROP_BREAK:
        return e->b >= 0 && e->b < sim_prop_count(w);
    case SIM_EVENT_DOOR:
        return e->b >= 0 && e->b < sim_door_count(w);
    default:
        return true;
    }
}

static bool events(net_client *c, const net_frame *f, char *err, size_t errsz) {
    for (int i = 0; i < f->event_count; i++) {
        const net_sim_event *e = &f->event[i];
        if (!event_ok(c, e)) {
            snprintf(err, errsz, "event %d of kind %d names nothing of the match", i, e->kind);
            return false;
        }
        // The own blink is predicted, its event with it.
        if (e->kind == SIM_EVENT_BLINK && c->state == NET_CLIENT_PLAYING && e->a == c->agent)
            continue;
        if (c->pending_count < NET_CLIENT_EVENTS)
            c->pending[c->pending_count++] = (sim_event){(sim_event_kind)e->kind,
                                                         e->a,
                                                         e->b,
                                                         net_unquantise(NET_Q_X16, e->value, 0),
                                                         unpos(c, e->x, e->y),
                                                         unpos(c, e->fx, e->fy)};
    }
    return true;
}

/// The kill leader's kills, which no agent record carries: the mirror's other counts are older
/// and so never more, and the leader (most, ties to the lowest id) reads from it as on the server.
static void leader(net_client *c, const net_head *h) {
    if (h->leader < 0 || !agent_ok(c, h->leader)) return;
    sim_agent a = sim_agents(c->world)[h->leader];
    if (a.kills >= h->leader_kills) return;
    a.kills = h->leader_kills;
    sim_mirror_set_agent(c->world, h->leader, &a);
}

bool net_mirror_frame(net_client *c, const net_frame *base, const net_frame *f, char *err,
                      size_t errsz) {
    if (!kills(c, f, err, errsz) || !agents(c, f, err, errsz) || !loot(c, base, f, err, errsz) ||
        !map_state(c, f, err, errsz) || !events(c, f, err, errsz))
        return false;
    zone(c, &f->head);
    leader(c, &f->head);
    if (f->head.winner >= 0) sim_mirror_set_result(c->world, true, f->head.winner);
    return true;
}
