#include "net_view.h"

#include <math.h>
#include <string.h>

vec2s net_view_half_default(void) {
    return (vec2s){{NET_VIEW_HALF_W + NET_VIEW_MARGIN, NET_VIEW_HALF_H + NET_VIEW_MARGIN}};
}

// The culled rectangle and the quantisation's extent.
typedef struct view {
    vec2s center, half;
    float extent, max_shield;
    int32_t tick;
} view;

static view view_of(const sim_world *w, int viewer, vec2s half) {
    const ae_grid *g = sim_grid(w);
    const sim_config *cfg = sim_config_of(w);
    return (view){sim_agents(w)[viewer].pos, half,
                  net_map_extent(g->width, g->height, cfg->cell_size), cfg->rules.max_shield,
                  (int32_t)sim_tick(w)};
}

// A disk of radius r at p touches the rectangle.
static bool in_view(const view *v, vec2s p, float r) {
    return fabsf(p.x - v->center.x) <= v->half.x + r && fabsf(p.y - v->center.y) <= v->half.y + r;
}

static uint16_t qpos(const view *v, float x) {
    return (uint16_t)net_quantise(NET_Q_POS, x, v->extent);
}
static int64_t clampi(int64_t x, int64_t lo, int64_t hi) {
    return x < lo ? lo : x > hi ? hi : x;
}

// Appends to a set or list while it has room; counts what it leaves out.
#define PUSH(f, arr, cnt, cap)                                                                     \
    ((f)->cnt < (cap) ? &(f)->arr[(f)->cnt++] : ((f)->head.dropped++, NULL))

static void cull_head(const sim_world *w, const view *v, int viewer, net_frame *f) {
    const sim_zone *z = sim_zone_state(w);
    net_head *h = &f->head;
    h->tick = v->tick;
    h->input_tick = -1;
    h->agent = (int16_t)viewer;
    h->winner = (int16_t)sim_winner(w);
    h->alive = (uint16_t)sim_alive_count(w);
    h->agents = (uint16_t)sim_agent_count(w);
    h->zone_phase = (uint8_t)z->phase;
    h->zone_shrinking = z->shrinking;
    h->zone_timer = (int32_t)clampi(z->timer, 0, 1 << 30);
    h->zone_x = qpos(v, z->center.x);
    h->zone_y = qpos(v, z->center.y);
    h->zone_r = (uint32_t)net_quantise(NET_Q_LEN, z->radius, v->extent);
    h->zone_next_x = qpos(v, z->next_center.x);
    h->zone_next_y = qpos(v, z->next_center.y);
    h->zone_next_r = (uint32_t)net_quantise(NET_Q_LEN, z->next_radius, v->extent);
    h->zone_time_scale = z->time_scale;
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
    s->ammo = a->ammo;
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
}

static void cull_agents(const sim_world *w, const view *v, int viewer, net_frame *f) {
    const sim_agent *agents = sim_agents(w);
    const int n = sim_agent_count(w);
    f->agent_count = 0;
    for (int i = 0; i < n; i++) {
        const sim_agent *a = &agents[i];
        if (i == viewer || !in_view(v, a->pos, a->radius)) continue;
        net_agent *o = PUSH(f, agent, agent_count, NET_MAX_VIEW_AGENTS);
        if (!o) continue;
        *o = (net_agent){
            .id = (uint16_t)i,
            .x = qpos(v, a->pos.x),
            .y = qpos(v, a->pos.y),
            .angle = (uint8_t)net_quantise_angle(a->facing),
            .hp = (uint8_t)net_quantise(NET_Q_FRAC, a->hp, a->max_hp),
            .shield = (uint8_t)net_quantise(NET_Q_FRAC, a->shield, v->max_shield),
            .weapon = a->weapon,
            .level = (uint8_t)clampi(a->level, 0, 255),
            .hit_flash = (uint8_t)clampi(a->hit_flash, 0, 255),
            .bot = a->bot,
            .slot = a->slot,
            .placement = (uint16_t)a->placement,
        };
    }
}

static void cull_bullets(const sim_world *w, const view *v, net_frame *f) {
    const sim_bullet *b = sim_bullets(w);
    const int top = sim_bullet_top(w);
    f->bullet_count = 0;
    for (int i = 0; i < top; i++) {
        if (!b[i].alive || !in_view(v, b[i].pos, b[i].radius)) continue;
        net_bullet *o = PUSH(f, bullet, bullet_count, NET_MAX_VIEW_BULLETS);
        if (!o) continue;
        // Where it was fired from had it flown at this velocity all along: the same every
        // frame until a ricochet, so a bullet in view costs nothing after it entered.
        const float age = (float)(v->tick - b[i].fired_tick);
        const vec2s origin = glms_vec2_sub(b[i].pos, glms_vec2_scale(b[i].vel, age));
        const float speed = glms_vec2_norm(b[i].vel);
        *o = (net_bullet){
            .id = (uint32_t)i,
            .x = qpos(v, origin.x),
            .y = qpos(v, origin.y),
            .vx = (int16_t)net_quantise(NET_Q_VEL, b[i].vel.x, 0),
            .vy = (int16_t)net_quantise(NET_Q_VEL, b[i].vel.y, 0),
            .fired_tick = (int32_t)clampi(b[i].fired_tick, -1, 1 << 30),
            .owner = (uint16_t)b[i].owner,
            .weapon = b[i].weapon,
            .radius = (uint8_t)net_quantise(NET_Q_X4, b[i].radius, 0),
            .range = (uint32_t)net_quantise(NET_Q_LEN, b[i].range_left + speed * age, v->extent),
            .blast = (uint32_t)net_quantise(NET_Q_LEN, b[i].blast, v->extent),
        };
    }
}

static void cull_loot(const sim_world *w, const view *v, net_frame *f) {
    const sim_gem *g = sim_gems(w);
    f->gem_count = 0;
    for (int i = 0, top = sim_gem_top(w); i < top; i++) {
        if (!g[i].alive || !in_view(v, g[i].pos, 0)) continue;
        net_gem *o = PUSH(f, gem, gem_count, NET_MAX_VIEW_GEMS);
        if (o)
            *o = (net_gem){(uint32_t)i, qpos(v, g[i].pos.x), qpos(v, g[i].pos.y),
                           (uint16_t)clampi(g[i].xp, 0, 65535), g[i].dropped};
    }
    const sim_pickup *p = sim_pickups(w);
    f->pickup_count = 0;
    for (int i = 0, top = sim_pickup_top(w); i < top; i++) {
        if (!p[i].alive || !in_view(v, p[i].pos, 0)) continue;
        net_pickup *o = PUSH(f, pickup, pickup_count, NET_MAX_VIEW_PICKUPS);
        if (o)
            *o = (net_pickup){(uint32_t)i,         qpos(v, p[i].pos.x),
                              qpos(v, p[i].pos.y), p[i].kind,
                              p[i].weapon,         (uint16_t)clampi(p[i].ammo, 0, 65535)};
    }
}

// Props: the damaged ones in view and every broken one (a late joiner learns them once; after
// that a broken prop costs nothing). Doors: every one in view.
static void cull_map(const sim_world *w, const view *v, net_frame *f) {
    const float cell = sim_config_of(w)->cell_size;
    const sim_prop *p = sim_props(w);
    f->prop_count = 0;
    for (int i = 0, n = sim_prop_count(w); i < n; i++) {
        if (!(p[i].hp < p[i].max_hp)) continue;
        const vec2s at = {{((float)p[i].x + 0.5f) * cell, ((float)p[i].y + 0.5f) * cell}};
        if (p[i].hp > 0 && !in_view(v, at, cell)) continue;
        net_prop *o = PUSH(f, prop, prop_count, NET_MAX_FRAME_PROPS);
        if (o)
            *o = (net_prop){(uint32_t)i, (uint8_t)net_quantise(NET_Q_FRAC, p[i].hp, p[i].max_hp)};
    }
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

void net_view_cull(const sim_world *w, int viewer_agent, vec2s view_half_size, net_frame *out) {
    const view v = view_of(w, viewer_agent, view_half_size);
    cull_head(w, &v, viewer_agent, out);
    cull_self(&sim_agents(w)[viewer_agent], &out->self);
    cull_agents(w, &v, viewer_agent, out);
    cull_bullets(w, &v, out);
    cull_loot(w, &v, out);
    cull_map(w, &v, out);
    net_view_events(w, viewer_agent, view_half_size, out);
}

void net_view_events(const sim_world *w, int viewer_agent, vec2s view_half_size, net_frame *out) {
    const view v = view_of(w, viewer_agent, view_half_size);
    const sim_event *ev = sim_events(w);
    const sim_agent *agents = sim_agents(w);
    for (int i = 0, n = sim_event_count(w); i < n; i++) {
        const sim_event *e = &ev[i];
        if (e->kind == SIM_EVENT_KILL) {
            net_kill *k = PUSH(out, kill, kill_count, NET_MAX_FRAME_KILLS);
            if (k)
                *k = (net_kill){v.tick, (int16_t)e->a, (uint16_t)e->b,
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
            *o = (net_sim_event){v.tick,
                                 (uint8_t)e->kind,
                                 (int16_t)e->a,
                                 (int32_t)clampi(e->b, -1, NET_MAX_PROP_ID),
                                 (int32_t)net_quantise(NET_Q_X16, e->value, 0),
                                 qpos(&v, e->pos.x),
                                 qpos(&v, e->pos.y)};
    }
}
