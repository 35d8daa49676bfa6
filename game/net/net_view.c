#include "net_view.h"

#include "sim_scoreboard.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

vec2s net_view_half_default(void) {
    return (vec2s){{NET_VIEW_HALF_W + NET_VIEW_MARGIN, NET_VIEW_HALF_H + NET_VIEW_MARGIN}};
}

// What one tick's quantisation needs of the world.
typedef struct scale {
    float extent, max_shield;
    int32_t tick;
} scale;

static scale scale_of(const sim_world *w) {
    const ae_grid *g = sim_grid(w);
    const sim_config *cfg = sim_config_of(w);
    return (scale){net_map_extent(g->width, g->height, cfg->cell_size), cfg->rules.max_shield,
                   (int32_t)sim_tick(w)};
}

// The culled rectangle.
typedef struct view {
    vec2s center, half;
} view;

// A disk of radius r at p touches the rectangle.
static bool in_view(const view *v, vec2s p, float r) {
    return fabsf(p.x - v->center.x) <= v->half.x + r && fabsf(p.y - v->center.y) <= v->half.y + r;
}

static uint16_t qpos(const scale *s, float x) {
    return (uint16_t)net_quantise(NET_Q_POS, x, s->extent);
}
static int64_t clampi(int64_t x, int64_t lo, int64_t hi) {
    return x < lo ? lo : x > hi ? hi : x;
}

// Where a record's thing is, for the in-view test.
typedef struct spot {
    vec2s pos;
    float radius;
} spot;

// One kind of record of the tick, in id order, beside where each thing is.
#define KIND(T)                                                                                    \
    struct {                                                                                       \
        T *rec;                                                                                    \
        spot *at;                                                                                  \
        int count, cap;                                                                            \
    }

struct net_view_world {
    scale s;
    KIND(net_agent) agents;
    KIND(net_bullet) bullets;
    KIND(net_gem) gems;
    KIND(net_pickup) pickups;
    KIND(net_prop) props; // the damaged ones; broken ones have radius < 0: every viewer's
};

// Room for n records of a kind. Only a bigger pool than before (a match's first tick, a map
// swap to more props) allocates: a server's ticks after that never do.
static bool reserve(void **rec, spot **at, int *cap, int n, size_t rec_size) {
    if (n <= *cap) return true;
    int want = *cap ? *cap : 64;
    while (want < n) want *= 2;
    void *r = realloc(*rec, (size_t)want * rec_size);
    if (r) *rec = r;
    spot *s = r ? realloc(*at, (size_t)want * sizeof *s) : NULL;
    if (s) *at = s;
    if (!s) return false;
    *cap = want;
    return true;
}
#define RESERVE(k, n) reserve((void **)&(k).rec, &(k).at, &(k).cap, (n), sizeof *(k).rec)
#define RELEASE(k)    (free((k).rec), free((k).at))

net_view_world *net_view_world_create(void) {
    return calloc(1, sizeof(net_view_world));
}

void net_view_world_destroy(net_view_world *vw) {
    if (!vw) return;
    RELEASE(vw->agents);
    RELEASE(vw->bullets);
    RELEASE(vw->gems);
    RELEASE(vw->pickups);
    RELEASE(vw->props);
    free(vw);
}

static void take_agents(net_view_world *vw, const sim_world *w) {
    const scale *s = &vw->s;
    const sim_agent *agents = sim_agents(w);
    for (int i = 0, n = sim_agent_count(w); i < n; i++) {
        const sim_agent *a = &agents[i];
        const int k = vw->agents.count++;
        vw->agents.at[k] = (spot){a->pos, a->radius};
        vw->agents.rec[k] = (net_agent){
            .id = (uint16_t)i,
            .x = (uint32_t)net_quantise(NET_Q_X8, a->pos.x, 0),
            .y = (uint32_t)net_quantise(NET_Q_X8, a->pos.y, 0),
            .angle = (uint8_t)net_quantise_angle(a->facing),
            .hp = (uint8_t)net_quantise(NET_Q_FRAC, a->hp, a->max_hp),
            .shield = (uint8_t)net_quantise(NET_Q_FRAC, a->shield, s->max_shield),
            .weapon = a->weapon,
            .level = (uint8_t)clampi(a->level, 0, 255),
            .hit_flash = (uint8_t)clampi(a->hit_flash, 0, 255),
            .bot = a->bot,
            .slot = a->slot,
            .placement = (uint16_t)a->placement,
        };
    }
}

static void take_bullets(net_view_world *vw, const sim_world *w) {
    const scale *s = &vw->s;
    const sim_bullet *b = sim_bullets(w);
    for (int i = 0, top = sim_bullet_top(w); i < top; i++) {
        if (!b[i].alive) continue;
        // Where it was fired from had it flown at this velocity all along: the same every
        // frame until a ricochet, so a bullet in view costs nothing after it entered.
        float age = (float)(s->tick - b[i].fired_tick);
        vec2s origin = glms_vec2_sub(b[i].pos, glms_vec2_scale(b[i].vel, age));
        int fired = b[i].fired_tick;
        // A ricochet's origin may lie off the map, where positions do not quantise: such a
        // bullet is sent from where it is, as fired this tick.
        if (origin.x < 0.0f || origin.y < 0.0f || origin.x > s->extent || origin.y > s->extent) {
            age = 0.0f;
            origin = b[i].pos;
            fired = s->tick;
        }
        const float speed = glms_vec2_norm(b[i].vel);
        const int k = vw->bullets.count++;
        vw->bullets.at[k] = (spot){b[i].pos, b[i].radius};
        vw->bullets.rec[k] = (net_bullet){
            .id = (uint32_t)i,
            .x = qpos(s, origin.x),
            .y = qpos(s, origin.y),
            .vx = (int16_t)net_quantise(NET_Q_VEL, b[i].vel.x, 0),
            .vy = (int16_t)net_quantise(NET_Q_VEL, b[i].vel.y, 0),
            .fired_tick = (int32_t)clampi(fired, -1, 1 << 30),
            .owner = (uint16_t)b[i].owner,
            .weapon = b[i].weapon,
            .radius = (uint8_t)net_quantise(NET_Q_X4, b[i].radius, 0),
            .range = (uint32_t)net_quantise(NET_Q_LEN, b[i].range_left + speed * age, s->extent),
            .blast = (uint32_t)net_quantise(NET_Q_LEN, b[i].blast, s->extent),
        };
    }
}

static void take_loot(net_view_world *vw, const sim_world *w) {
    const scale *s = &vw->s;
    const sim_gem *g = sim_gems(w);
    for (int i = 0, top = sim_gem_top(w); i < top; i++) {
        if (!g[i].alive) continue;
        const int k = vw->gems.count++;
        vw->gems.at[k] = (spot){g[i].pos, 0};
        vw->gems.rec[k] = (net_gem){(uint32_t)i, qpos(s, g[i].pos.x), qpos(s, g[i].pos.y),
                                    (uint16_t)clampi(g[i].xp, 0, 65535), g[i].dropped};
    }
    const sim_pickup *p = sim_pickups(w);
    for (int i = 0, top = sim_pickup_top(w); i < top; i++) {
        if (!p[i].alive) continue;
        const int k = vw->pickups.count++;
        vw->pickups.at[k] = (spot){p[i].pos, 0};
        vw->pickups.rec[k] = (net_pickup){(uint32_t)i,
                                          qpos(s, p[i].pos.x),
                                          qpos(s, p[i].pos.y),
                                          p[i].kind,
                                          p[i].weapon,
                                          p[i].tier,
                                          (uint16_t)clampi(p[i].ammo, 0, 65535)};
    }
}

// Props: the damaged ones (a broken one is every viewer's: a late joiner learns them once;
// after that a broken prop costs nothing).
static void take_props(net_view_world *vw, const sim_world *w) {
    const float cell = sim_config_of(w)->cell_size;
    const sim_prop *p = sim_props(w);
    for (int i = 0, n = sim_prop_count(w); i < n; i++) {
        if (!(p[i].hp < p[i].max_hp)) continue;
        const vec2s at = {{((float)p[i].x + 0.5f) * cell, ((float)p[i].y + 0.5f) * cell}};
        const int k = vw->props.count++;
        vw->props.at[k] = (spot){at, p[i].hp > 0 ? cell : -1};
        vw->props.rec[k] =
            (net_prop){(uint32_t)i, (uint8_t)net_quantise(NET_Q_FRAC, p[i].hp, p[i].max_hp)};
    }
}

bool net_view_world_take(net_view_world *vw, const sim_world *w) {
    vw->s = scale_of(w);
    vw->agents.count = vw->bullets.count = vw->gems.count = vw->pickups.count = 0;
    vw->props.count = 0;
    if (!RESERVE(vw->agents, sim_agent_count(w)) || !RESERVE(vw->bullets, sim_bullet_top(w)) ||
        !RESERVE(vw->gems, sim_gem_top(w)) || !RESERVE(vw->pickups, sim_pickup_top(w)) ||
        !RESERVE(vw->props, sim_prop_count(w))) {
        vw->s.tick = -1; // its frames are refused by the encoder (net_view.h)
        return false;
    }
    take_agents(vw, w);
    take_bullets(vw, w);
    take_loot(vw, w);
    take_props(vw, w);
    return true;
}

// Appends to a set or list while it has room; counts what it leaves out.
#define PUSH(f, arr, cnt, cap)                                                                     \
    ((f)->cnt < (cap) ? &(f)->arr[(f)->cnt++] : ((f)->head.dropped++, NULL))

// Copies a kind's records in view (radius < 0: in every view) but the one at index `skip`, in id
// order, to a set of the frame; past its cap the rest are counted in head.dropped.
static int cull_kind(const void *recs, const spot *at, int count, size_t size, const view *v,
                     int skip, void *set, int cap, net_frame *f) {
    int n = 0;
    for (int i = 0; i < count; i++) {
        if (i == skip || (at[i].radius >= 0 && !in_view(v, at[i].pos, at[i].radius))) continue;
        if (n == cap) {
            f->head.dropped++;
            continue;
        }
        memcpy((uint8_t *)set + (size_t)n++ * size, (const uint8_t *)recs + (size_t)i * size, size);
    }
    return n;
}
#define CULL_KIND(k, v, skip, f, set, cap)                                                         \
    cull_kind((k).rec, (k).at, (k).count, sizeof *(k).rec, v, skip, (f)->set, cap, f)

static void cull_head(const sim_world *w, const scale *s, int viewer, net_frame *f) {
    const sim_zone *z = sim_zone_state(w);
    net_head *h = &f->head;
    h->tick = s->tick;
    h->input_tick = -1;
    h->agent = (int16_t)viewer;
    h->winner = (int16_t)sim_winner(w);
    const int leader = sim_kill_leader(w);
    h->leader = (int16_t)leader;
    h->leader_kills = leader >= 0 ? (uint16_t)sim_agents(w)[leader].kills : 0;
    h->alive = (uint16_t)sim_alive_count(w);
    h->agents = (uint16_t)sim_agent_count(w);
    h->zone_phase = (uint8_t)z->phase;
    h->zone_shrinking = z->shrinking;
    h->zone_timer = (int32_t)clampi(z->timer, 0, 1 << 30);
    h->zone_x = qpos(s, z->center.x);
    h->zone_y = qpos(s, z->center.y);
    h->zone_r = (uint32_t)net_quantise(NET_Q_LEN, z->radius, s->extent);
    h->zone_next_x = qpos(s, z->next_center.x);
    h->zone_next_y = qpos(s, z->next_center.y);
    h->zone_next_r = (uint32_t)net_quantise(NET_Q_LEN, z->next_radius, s->extent);
    h->zone_time_scale = z->time_scale;
    h->supply = z->supply;
    h->supply_x = qpos(s, z->supply_pos.x);
    h->supply_y = qpos(s, z->supply_pos.y);
    h->supply_tick = (int32_t)clampi(z->supply_tick, 0, 1 << 30);
    h->dropped = 0;
}

static void cull_self(const sim_agent *a, net_self *s) {
    s->x = a->pos.x;
    s->y = a->pos.y;
    s->facing_x = a->facing.x;
    s->facing_y = a->facing.y;
    s->hp = a->hp;
    s->max_hp = a->max_hp;
    s->shield = a->shield;
    s->xp = a->xp;
    s->level = a->level;
    s->pending_picks = a->pending_picks;
    memcpy(s->skills, a->skills, sizeof s->skills);
    s->weapon = a->weapon;
    s->swap_held = a->swap_held;
    s->held = a->held;
    uint8_t *guns[SIM_SLOT_COUNT] = {&s->gun0, &s->gun1, &s->gun2};
    uint8_t *tiers[SIM_SLOT_COUNT] = {&s->tier0, &s->tier1, &s->tier2};
    int32_t *mag[SIM_SLOT_COUNT] = {&s->mag0, &s->mag1, &s->mag2};
    int32_t *reserve[SIM_SLOT_COUNT] = {&s->reserve0, &s->reserve1, &s->reserve2};
    for (int k = 0; k < SIM_SLOT_COUNT; k++) {
        *guns[k] = a->guns[k];
        *tiers[k] = a->tiers[k];
        *mag[k] = a->mag[k];
        *reserve[k] = a->reserve[k];
    }
    s->reload_ticks = a->reload_ticks;
    s->item0 = a->items[0];
    s->item1 = a->items[1];
    s->item2 = a->items[2];
    s->using_item = a->using_item;
    s->use_ticks = a->use_ticks;
    s->fire_cooldown = a->fire_cooldown;
    s->blink_cooldown = a->blink_cooldown;
    s->kills = a->kills;
    s->placement = a->placement;
    s->hit_flash = a->hit_flash;
    s->killer = (int16_t)a->killer;
    s->last_hit_by = (int16_t)a->last_hit_by;
    s->auto_target = (int16_t)a->auto_target;
    s->cause = (uint8_t)a->cause;
    s->slot = a->slot;
    s->death_tick = a->death_tick;
    _Static_assert(SIM_HURT_SOURCES == 8, "net_self has a row per ledger row");
    uint32_t *rows[SIM_HURT_SOURCES] = {&s->hurt0, &s->hurt1, &s->hurt2, &s->hurt3,
                                        &s->hurt4, &s->hurt5, &s->hurt6, &s->hurt7};
    for (int k = 0; k < SIM_HURT_SOURCES; k++)
        *rows[k] =
            k < a->stats.hurt_count
                ? net_hurt_pack(a->stats.hurt[k].by, a->stats.hurt[k].harm, a->stats.hurt[k].amount)
                : 0;
    const double other = floor(a->stats.hurt_other + 0.5);
    s->hurt_other = other < (double)UINT32_MAX ? (uint32_t)other : UINT32_MAX;
}

// Doors: every one in view (a map has few; they are read where they are).
static void cull_doors(const sim_world *w, const view *v, net_frame *f) {
    const float cell = sim_config_of(w)->cell_size;
    const sim_door *d = sim_doors(w);
    f->door_count = 0;
    for (int i = 0, n = sim_door_count(w); i < n; i++) {
        if (!in_view(v, d[i].closed, cell)) continue;
        net_door *o = PUSH(f, door, door_count, NET_MAX_VIEW_DOORS);
        if (o)
            *o = (net_door){(uint32_t)i, (uint8_t)net_quantise(NET_Q_FRAC, d[i].open, 1),
                            d[i].moving};
    }
}

void net_view_cull(const net_view_world *vw, const sim_world *w, int viewer_agent,
                   vec2s view_half_size, net_frame *out) {
    const sim_agent *me = &sim_agents(w)[viewer_agent];
    const view v = {me->pos, view_half_size};
    cull_head(w, &vw->s, viewer_agent, out);
    cull_self(me, &out->self);
    // Agents are taken in id order, so the viewer's own record is at its id.
    out->agent_count = CULL_KIND(vw->agents, &v, viewer_agent, out, agent, NET_MAX_VIEW_AGENTS);
    out->bullet_count = CULL_KIND(vw->bullets, &v, -1, out, bullet, NET_MAX_VIEW_BULLETS);
    out->gem_count = CULL_KIND(vw->gems, &v, -1, out, gem, NET_MAX_VIEW_GEMS);
    out->pickup_count = CULL_KIND(vw->pickups, &v, -1, out, pickup, NET_MAX_VIEW_PICKUPS);
    out->prop_count = CULL_KIND(vw->props, &v, -1, out, prop, NET_MAX_FRAME_PROPS);
    cull_doors(w, &v, out);
    net_view_events(w, viewer_agent, view_half_size, out);
}

void net_view_events(const sim_world *w, int viewer_agent, vec2s view_half_size, net_frame *out) {
    const scale s = scale_of(w);
    const view v = {sim_agents(w)[viewer_agent].pos, view_half_size};
    const sim_event *ev = sim_events(w);
    const sim_agent *agents = sim_agents(w);
    for (int i = 0, n = sim_event_count(w); i < n; i++) {
        const sim_event *e = &ev[i];
        if (e->kind == SIM_EVENT_KILL) {
            net_kill *k = PUSH(out, kill, kill_count, NET_MAX_FRAME_KILLS);
            if (k)
                *k = (net_kill){s.tick, (int16_t)e->a, (uint16_t)e->b,
                                (int8_t)agents[e->b].stats.death_harm};
            continue;
        }
        // The bullets carry the shots; a level-up shows only on the viewer; a new zone phase
        // is everyone's.
        if (e->kind == SIM_EVENT_SHOT) continue;
        if (e->kind == SIM_EVENT_LEVEL_UP && e->a != viewer_agent) continue;
        if (e->kind != SIM_EVENT_ZONE && e->kind != SIM_EVENT_LEVEL_UP && !in_view(&v, e->pos, 0))
            continue;
        net_sim_event *o = PUSH(out, event, event_count, NET_MAX_FRAME_EVENTS);
        if (o)
            *o = (net_sim_event){s.tick,
                                 (uint8_t)e->kind,
                                 (int16_t)e->a,
                                 (int32_t)clampi(e->b, -1, NET_MAX_PROP_ID),
                                 (int32_t)net_quantise(NET_Q_X16, e->value, 0),
                                 qpos(&s, e->pos.x),
                                 qpos(&s, e->pos.y),
                                 qpos(&s, e->from.x),
                                 qpos(&s, e->from.y)};
    }
}
