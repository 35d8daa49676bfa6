// The client tests' scripted server and clock (client_rig.h).
#include "client_rig.h"

#include "test.h"

#include "arena/ae_map_file.h"
#include "net_view.h"
#include "sim_config_io.h"
#include "sim_world.h"

#include <stdlib.h>
#include <string.h>

#define SERVER_TICK_US 16667

void rig_send(rig *r, const net_msg *m) {
    static uint8_t buf[NET_MSG_MAX_BYTES + NET_FRAME_MAX_BYTES];
    const size_t n = net_msg_encode(m, buf, sizeof buf);
    CHECK(n > 0);
    net_send(r->s.t, r->s.conn, buf, n);
}

static void welcome(rig *r, const net_hello *h) {
    rig_server *s = &r->s;
    sim_world *w = s->w;
    if (s->slot != NET_MAX_SLOTS - 1) {
        ae_error err;
        CHECK(sim_take_over(w, s->slot, s->agent, &err));
    }
    uint8_t config[SIM_CONFIG_MAX_BYTES];
    net_msg m = {.type = NET_MSG_WELCOME};
    net_welcome *o = &m.u.welcome;
    o->version = NET_PROTOCOL_VERSION;
    o->slot = (uint16_t)s->slot;
    o->agent = (uint16_t)s->agent;
    o->agents = (uint16_t)sim_agent_count(w);
    o->humans = (uint16_t)sim_config_of(w)->humans;
    o->tick = (uint32_t)sim_tick(w);
    o->tick_rate = NET_TICK_RATE;
    o->snapshot_every = NET_SNAPSHOT_EVERY;
    memset(o->token, 7, NET_TOKEN_BYTES);
    o->config = (net_bytes){config, (uint32_t)sim_config_pack(sim_config_of(w), config)};
    snprintf(o->map_name, sizeof o->map_name, "%s", s->map);
    o->map_hash = s->hash;
    static uint8_t buf[NET_MSG_MAX_BYTES];
    const size_t n = net_msg_encode(&m, buf, sizeof buf);
    REQUIRE(n > 0);
    buf[1] = (uint8_t)s->version; // a test may speak another version
    buf[2] = (uint8_t)(s->version >> 8);
    net_send(s->t, s->conn, buf, n);
    net_msg name = {.type = NET_MSG_NAME};
    name.u.names.count = 1;
    name.u.names.name[0].agent = (uint16_t)s->agent;
    memcpy(name.u.names.name[0].name, h->name, sizeof name.u.names.name[0].name);
    rig_send(r, &name);
    s->welcomed = true;
}

static void take_inputs(rig_server *s, const net_input *in) {
    // Oldest first; what was taken already is ignored, and a full queue drops its oldest, so the
    // inputs it applies stay in order and the client's re-prediction from head.input_tick holds
    // only inputs still to come.
    for (int k = in->count - 1; k >= 0; k--) {
        const uint32_t seq = in->tick - (uint32_t)k;
        if (seq <= s->last_seq) continue;
        s->last_seq = seq;
        if (s->qn == 8) {
            s->qn--;
            memmove(s->queue, s->queue + 1, (size_t)s->qn * sizeof *s->queue);
            memmove(s->qseq, s->qseq + 1, (size_t)s->qn * sizeof *s->qseq);
        }
        s->queue[s->qn] = in->input[k];
        s->qseq[s->qn++] = seq;
    }
}

static void server_poll(rig *r) {
    rig_server *s = &r->s;
    net_event ev;
    while (net_poll(s->t, &ev)) {
        if (ev.kind == NET_OPENED) {
            s->conn = ev.conn;
        } else if (ev.kind == NET_CLOSED) {
            s->closed = true;
            s->close_code = ev.code;
            memcpy(s->close_reason, ev.reason, NET_REASON_MAX);
            s->conn = 0;
        } else {
            net_msg m;
            char err[160];
            if (!net_msg_decode_up(ev.data, ev.size, &m, err, sizeof err)) {
                net_close(s->t, s->conn, NET_CLOSE_POLICY, err);
                continue;
            }
            if (m.type == NET_MSG_HELLO && !s->welcomed) welcome(r, &m.u.hello);
            if (m.type == NET_MSG_INPUT) take_inputs(s, &m.u.input);
            if (m.type == NET_MSG_PING)
                rig_send(r, &(net_msg){.type = NET_MSG_PONG, .u.ping = m.u.ping});
        }
    }
}

static void snapshot(rig *r) {
    rig_server *s = &r->s;
    static uint8_t frame[NET_FRAME_MAX_BYTES];
    static uint8_t buf[NET_FRAME_MAX_BYTES + 16];
    const vec2s half = net_view_half_default();
    if (sim_tick(s->w) % NET_SNAPSHOT_EVERY) {
        net_view_events(s->w, s->agent, half, s->f);
        return;
    }
    REQUIRE(net_view_world_take(s->view, s->w));
    net_view_cull(s->view, s->w, s->agent, half, s->f);
    s->f->head.input_tick = s->applied;
    s->f->head.queue = (uint8_t)s->qn;
    const size_t n = net_frame_encode(s->sent, s->f, frame, sizeof frame);
    REQUIRE(n > 0);
    net_msg m = {.type = NET_MSG_SNAPSHOT};
    m.u.snapshot = (net_bytes){frame, (uint32_t)n};
    size_t len = net_msg_encode(&m, buf, sizeof buf);
    REQUIRE(len > 0);
    if (++s->snapshots == s->corrupt_at) buf[len++] = 0; // a byte past the frame
    net_send(s->t, s->conn, buf, len);
    *s->sent = *s->f;
    net_frame_clear_lists(s->f);
}

static void server_tick(rig *r) {
    rig_server *s = &r->s;
    sim_world *w = s->w;
    sim_input in[SIM_MAX_HUMANS] = {0};
    if (s->welcomed && s->slot != NET_MAX_SLOTS - 1) {
        sim_input *mine = &in[s->slot];
        if (s->qn > 0) {
            *mine = s->last = s->queue[0];
            s->applied = (int32_t)s->qseq[0];
            s->qn--;
            memmove(s->queue, s->queue + 1, (size_t)s->qn * sizeof *s->queue);
            memmove(s->qseq, s->qseq + 1, (size_t)s->qn * sizeof *s->qseq);
        } else if (s->applied >= 0) {
            *mine = s->last;
            mine->buttons &= (uint8_t) ~(SIM_BUTTON_BLINK | SIM_BUTTON_SWAP);
            mine->skill_pick = 0;
            s->dry++;
        }
    }
    sim_step(w, in);
    if (s->agent >= 0) {
        const sim_agent *a = &sim_agents(w)[s->agent];
        const float want = glms_vec2_norm(a->move) * sim_agent_speed(w, a);
        const float went = glms_vec2_distance(a->pos, a->prev_pos);
        s->slides += want > 1.0f && went < 0.9f * want;
    }
    const int t = sim_tick(w);
    if (t < RIG_MAX_TICKS) {
        rig_tick *h = &s->hist[t];
        for (int i = 0; i < sim_agent_count(w) && i < RIG_MAX_AGENTS; i++)
            h->pos[i] = sim_agents(w)[i].pos;
        h->zone_center = sim_zone_state(w)->center;
        h->zone_radius = sim_zone_state(w)->radius;
        h->alive = sim_alive_count(w);
    }
    if (s->welcomed && s->conn) snapshot(r);
}

void rig_open(rig *r, const char *map, int humans, int bots, int slot, int follow,
              uint64_t latency_us) {
    const net_link_def link = {.seed = 3, .latency_us = (uint32_t)latency_us};
    rig_open_link(r, map, humans, bots, slot, follow, &link);
}

void rig_open_link(rig *r, const char *map, int humans, int bots, int slot, int follow,
                   const net_link_def *link) {
    memset(r, 0, sizeof *r);
    rig_server *s = &r->s;
    ae_grid grid;
    ae_error err;
    REQUIRE(test_load_map(NULL, map, NULL, 0, &grid, &err));
    sim_config cfg = sim_default_config();
    cfg.seed = 11;
    cfg.humans = humans;
    cfg.bots = bots;
    cfg.bot_difficulty = SIM_EASY;
    s->w = sim_create(&cfg, &grid, &err);
    snprintf(s->map, sizeof s->map, "%s", map);
    s->hash = sim_hash_grid(&grid);
    ae_grid_free(&grid);
    REQUIRE(s->w);
    for (int h = 0; h < humans; h++) CHECK(sim_release(s->w, h, &err));
    s->version = NET_PROTOCOL_VERSION;
    s->slot = slot;
    s->agent = slot == NET_MAX_SLOTS - 1 || follow > 0 ? follow : slot;
    // A sturdy player: the script runs its course whoever shoots at it.
    s->w->agents[s->agent].hp = s->w->agents[s->agent].max_hp = 100000.0f;
    s->applied = -1;
    s->sent = malloc(sizeof(net_frame));
    s->f = malloc(sizeof(net_frame));
    s->view = net_view_world_create();
    s->hist = calloc(RIG_MAX_TICKS, sizeof *s->hist);
    net_frame_clear(s->sent);
    net_frame_clear(s->f);
    r->link = net_link_create(link, &err);
    REQUIRE(r->link);
    s->t = net_link_server(r->link);
    r->client = net_link_connect(r->link, "127.0.0.2", &err);
    REQUIRE(r->client);
    net_client_def def = {.name = "tester", .load_map = test_load_map};
    r->c = net_client_create(r->client, &def, &err);
    REQUIRE(r->c);
    r->next_server = SERVER_TICK_US;
    r->next_client = 1000;
}

void rig_close(rig *r) {
    net_client_destroy(r->c);
    net_link_destroy(r->link);
    sim_destroy(r->s.w);
    free(r->s.sent);
    free(r->s.f);
    net_view_world_destroy(r->s.view);
    free(r->s.hist);
}

static void client_step(rig *r) {
    net_client_update(r->c, r->now);
    const net_client_state st = net_client_get_state(r->c);
    if (st == NET_CLIENT_PLAYING || st == NET_CLIENT_SPECTATING) {
        sim_input in = r->script ? r->script(r->client_ticks) : (sim_input){0};
        if (r->pilot) {
            CHECK(net_client_pilot_input(r->c, r->pilot, &in));
            r->moving += in.move_x != 0 || in.move_y != 0;
        }
        net_client_tick(r->c, &in);
        r->client_ticks++;
        if (r->check) r->check(r);
    }
    r->next_client += net_client_tick_period_us(r->c);
}

void rig_run(rig *r, int ticks) {
    const int end = sim_tick(r->s.w) + ticks;
    while (sim_tick(r->s.w) < end && net_client_get_state(r->c) != NET_CLIENT_FAILED) {
        r->now = r->next_server < r->next_client ? r->next_server : r->next_client;
        net_link_set_time(r->link, r->now);
        if (r->now == r->next_server) {
            server_poll(r);
            server_tick(r);
            r->next_server += SERVER_TICK_US;
        }
        if (r->now == r->next_client) client_step(r);
    }
}

void rig_idle(rig *r, uint64_t us) {
    const uint64_t end = r->now + us;
    while (r->now < end) {
        r->now += 1000;
        net_link_set_time(r->link, r->now);
        server_poll(r);
        net_client_update(r->c, r->now);
    }
}
