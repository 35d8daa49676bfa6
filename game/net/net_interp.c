// The other agents as the client shows them (net_client_internal.h): the interpolation delay
// behind the server's tick, between the two snapshots around that tick; past the newest
// (a stall) along their last motion for at most NET_CLIENT_EXTRAPOLATE_TICKS, then held.
#include "net_client_internal.h"

#include "sim_mirror.h"

#include <string.h>

/// A track whose newest sample is older than this is stale: the agent was out of view.
#define GAP_TICKS (3 * NET_SNAPSHOT_EVERY)
/// The view tick follows its target within this many ticks by a tick more or less now and then,
/// and jumps when it is further off (a long stall, a clock far off).
#define DRIFT_TICKS 2
#define JUMP_TICKS  30

void net_interp_push(net_client *c, int id, int32_t tick, vec2s pos) {
    net_track *t = &c->tracks[id];
    if (t->count && tick - t->s[t->count - 1].tick > GAP_TICKS) t->count = 0;
    if (t->count == NET_CLIENT_SAMPLES) {
        memmove(t->s, t->s + 1, (NET_CLIENT_SAMPLES - 1) * sizeof *t->s);
        t->count--;
    }
    t->s[t->count++] = (net_sample){tick, pos};
}

bool net_interp_at(const net_client *c, int id, int tick, vec2s *pos, bool *extrapolated) {
    const net_track *t = &c->tracks[id];
    *extrapolated = false;
    if (t->count == 0) return false;
    if (tick <= t->s[0].tick) {
        *pos = t->s[0].pos;
        return true;
    }
    for (int i = 0; i + 1 < t->count; i++) {
        const net_sample *a = &t->s[i], *b = &t->s[i + 1];
        if (tick <= b->tick) {
            const float f = (float)(tick - a->tick) / (float)(b->tick - a->tick);
            *pos = glms_vec2_lerp(a->pos, b->pos, f);
            return true;
        }
    }
    const net_sample *n = &t->s[t->count - 1];
    *extrapolated = true;
    *pos = n->pos;
    if (t->count >= 2) {
        const net_sample *p = &t->s[t->count - 2];
        int ahead = tick - n->tick;
        if (ahead > NET_CLIENT_EXTRAPOLATE_TICKS) ahead = NET_CLIENT_EXTRAPOLATE_TICKS;
        const vec2s step =
            glms_vec2_scale(glms_vec2_sub(n->pos, p->pos), 1.0f / (float)(n->tick - p->tick));
        *pos = glms_vec2_add(n->pos, glms_vec2_scale(step, (float)ahead));
    }
    return true;
}

// The view tick runs one per client tick and keeps the interpolation delay (interp_ticks, the
// jitter buffer of net_client_pace.c) behind the server's tick as the client estimates it from
// the snapshots' fastest arrivals and the caller's clock (not the client's ticks, whose rate
// follows the server's queue).
static void advance(net_client *c) {
    c->view_tick++;
    if (!c->have_frame) return;
    const int target = net_pace_server_tick(c) - c->interp_ticks;
    const int off = c->view_tick - target;
    if (off > JUMP_TICKS || off < -JUMP_TICKS)
        c->view_tick = target;
    else if (off < -DRIFT_TICKS)
        c->view_tick++;
    else if (off > DRIFT_TICKS)
        c->view_tick--;
}

static void show(net_client *c, int id) {
    vec2s at;
    bool extrapolated;
    if (!net_interp_at(c, id, c->view_tick, &at, &extrapolated)) return;
    sim_agent a = sim_agents(c->world)[id];
    a.prev_pos = a.pos;
    a.pos = at;
    sim_mirror_set_agent(c->world, id, &a); // its record came from a snapshot: checked there
}

void net_interp_tick(net_client *c) {
    advance(c);
    sim_mirror_set_tick(c->world, c->view_tick > 0 ? c->view_tick : 0);
    if (!c->have_frame) return;
    // After END no newer snapshot is coming: the ticks while the replay downloads are not a stall.
    if (c->view_tick > c->head_tick && !c->ended) c->stats.extrapolated_ticks++;
    const net_frame *f = c->frame[c->cur];
    for (int i = 0; i < f->agent_count; i++)
        if (f->agent[i].id != f->head.agent) show(c, f->agent[i].id);
    if (c->state == NET_CLIENT_SPECTATING) show(c, f->head.agent);
}
