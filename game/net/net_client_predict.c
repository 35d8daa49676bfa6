// The own agent (net_client_internal.h): predicted tick by tick with the sim's own movement
// code, put where each snapshot says the server has it and predicted again from there by the
// inputs the server has not applied yet. What that moves it by is shown as an offset that
// decays (or, when large, at once).
#include "net_client_internal.h"

#include "sim_mirror.h"
#include "sim_predict.h"

#include <stdio.h>

/// The offset kept per tick while it decays, and below what it is gone.
#define OFFSET_KEEP 0.7f
#define OFFSET_MIN  0.01f

// `tick`: a new tick, whose drawing starts where the last one's ended; otherwise a change between
// ticks, which keeps the start the renderer has.
static void show_own(net_client *c, bool tick) {
    sim_agent a = c->own;
    a.pos = glms_vec2_add(c->own.pos, c->offset);
    a.prev_pos = tick ? c->shown_pos : sim_agents(c->world)[c->agent].prev_pos;
    sim_mirror_set_agent(c->world, c->agent, &a); // a fall is one way, as the server's
    c->shown_pos = a.pos;
}

static vec2s predict_one(net_client *c, const sim_input *in) {
    sim_world *w = c->world;
    sim_mirror_set_agent(w, c->agent, &c->own);
    sim_predict_agent(w, c->agent, in);
    c->own = sim_agents(w)[c->agent];
    return c->own.pos;
}

void net_client_predict(net_client *c, const sim_input *in) {
    c->sent[c->seq % NET_CLIENT_INPUT_RING].pos = predict_one(c, in);
    c->offset = glms_vec2_scale(c->offset, OFFSET_KEEP);
    if (glms_vec2_norm(c->offset) < OFFSET_MIN) c->offset = glms_vec2_zero();
    show_own(c, true);
}

bool net_client_reconcile(net_client *c, const net_frame *f, char *err, size_t errsz) {
    if (c->state != NET_CLIENT_PLAYING) return true;
    const int32_t k = f->head.input_tick;
    if (k > (int32_t)c->seq) {
        snprintf(err, errsz, "input tick %d applied, but the last sent was %u", k, c->seq);
        return false;
    }
    if (f->head.agent != c->agent) { // the server gave this client another agent
        c->agent = f->head.agent;
        c->own = sim_agents(c->world)[c->agent];
        c->synced = false;
    }
    sim_agent server = c->own;
    net_self_apply(&f->self, c->agents, &server);
    // What the prediction said for the tick the server is at.
    // Compared when the server applied a new input: a snapshot that names the same one again
    // shows the server's queue ran dry since (it repeated the last input), not input k's result.
    const net_sent *then = k >= 1 ? &c->sent[k % NET_CLIENT_INPUT_RING] : NULL;
    const bool fresh = k > c->acked;
    c->acked = k > c->acked ? k : c->acked;
    if (c->synced && fresh && then && then->seq == (uint32_t)k) { // still in the ring
        const float e = glms_vec2_distance(then->pos, server.pos);
        c->stats.compared++;
        c->stats.corrections += e > 0.0f;
        c->stats.corrections_over_1 += e > 1.0f;
        if (e > c->stats.max_correction) c->stats.max_correction = e;
    }
    const vec2s shown = glms_vec2_add(c->own.pos, c->offset);
    c->own = server;
    uint32_t from = k >= 0 ? (uint32_t)k + 1 : 1;
    if (c->seq >= NET_CLIENT_INPUT_RING && from <= c->seq - NET_CLIENT_INPUT_RING)
        from = c->seq - NET_CLIENT_INPUT_RING + 1;
    for (uint32_t s = from; s <= c->seq; s++) {
        net_sent *in = &c->sent[s % NET_CLIENT_INPUT_RING];
        in->pos = predict_one(c, &in->in);
    }
    // The predictions pushed their blinks: the mirror shows this tick's events as they were.
    sim_mirror_set_events(c->world, c->shown, c->shown_count);
    const vec2s offset = glms_vec2_sub(shown, c->own.pos);
    if (!c->synced || glms_vec2_norm(offset) > NET_CLIENT_SNAP_DISTANCE) {
        c->stats.snapped += c->synced;
        c->offset = glms_vec2_zero();
    } else {
        c->offset = offset;
    }
    c->synced = true;
    show_own(c, false);
    return true;
}
