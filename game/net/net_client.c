// The client's connection (net_client.h): HELLO, the server's messages in order, the state, the
// clocks and figures, and the tick that sends the input and moves the mirror on.
#include "net_client_internal.h"

#include "arena/ae_base.h"
#include "sim_config_io.h"
#include "sim_mirror.h"

#include <stdio.h>
#include <string.h>

void net_client_fail(net_client *c, bool close, const char *fmt, ...) {
    if (c->state == NET_CLIENT_FAILED) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->failure, sizeof c->failure, fmt, ap);
    va_end(ap);
    if (close && c->conn) net_close(c->t, c->conn, NET_CLOSE_POLICY, c->failure);
    c->state = NET_CLIENT_FAILED;
}

net_client *net_client_create(net_transport *t, const net_client_def *def, ae_error *err) {
    const char *name = def->name ? def->name : "";
    if (!net_name_valid(name, strlen(name))) {
        ae_error_set(err, "name: 1 to %d bytes of UTF-8 without control characters", NET_NAME_MAX);
        return NULL;
    }
    if (!def->load_map) {
        ae_error_set(err, "no map loader");
        return NULL;
    }
    net_client *c = ae_calloc(1, sizeof *c);
    if (c) {
        c->frame[0] = ae_alloc(sizeof(net_frame));
        c->frame[1] = ae_alloc(sizeof(net_frame));
    }
    if (!c || !c->frame[0] || !c->frame[1]) {
        net_client_destroy(c);
        ae_error_set(err, "out of memory");
        return NULL;
    }
    c->t = t;
    c->state = NET_CLIENT_CONNECTING;
    c->agent = c->slot = -1;
    snprintf(c->name, sizeof c->name, "%s", name);
    if (def->token) memcpy(c->token, def->token, NET_TOKEN_BYTES);
    c->load_map = def->load_map;
    c->load_map_ctx = def->load_map_ctx;
    net_frame_clear(c->frame[0]);
    c->queue_avg = c->queue_target = NET_QUEUE_TARGET;
    c->queue_low = INT32_MAX;
    c->interp_ticks = c->interp_want = NET_CLIENT_INTERP_TICKS;
    c->acked = -1;
    return c;
}

void net_client_destroy(net_client *c) {
    if (!c) return;
    if (c->world) sim_destroy(c->world);
    const size_t n = (size_t)(c->agents > 0 ? c->agents : 1);
    if (c->names) ae_free(c->names, n * sizeof *c->names);
    if (c->tracks) ae_free(c->tracks, n * sizeof *c->tracks);
    if (c->replay) ae_free(c->replay, c->end.replay_size);
    for (int i = 0; i < 2; i++)
        if (c->frame[i]) ae_free(c->frame[i], sizeof(net_frame));
    ae_free(c, sizeof *c);
}

// ---- Sending ----

static void send_msg(net_client *c, const net_msg *m) {
    uint8_t buf[256];
    const size_t n = net_msg_encode(m, buf, sizeof buf);
    if (!n || !c->conn || !net_send(c->t, c->conn, buf, n)) return;
    c->stats.bytes_up += n;
    c->window_up += n;
}

static void send_hello(net_client *c) {
    net_msg m = {.type = NET_MSG_HELLO};
    m.u.hello.version = NET_PROTOCOL_VERSION;
    snprintf(m.u.hello.name, sizeof m.u.hello.name, "%s", c->name);
    memcpy(m.u.hello.token, c->token, NET_TOKEN_BYTES);
    send_msg(c, &m);
}

static void send_time(net_client *c, net_msg_type type, uint32_t ms) {
    net_msg m = {.type = type};
    m.u.ping.time = ms;
    send_msg(c, &m);
}

// ---- WELCOME ----

static bool welcome(net_client *c, const net_welcome *w) {
    sim_config cfg = sim_default_config();
    ae_error e;
    if (!sim_config_unpack(w->config.data, w->config.size, &cfg, &e)) {
        net_client_fail(c, true, "the server's match config is refused: %s", e.msg);
        return false;
    }
    ae_grid grid;
    const char *map = w->map_name[0] ? w->map_name : "(sent map)";
    if (!c->load_map(c->load_map_ctx, w->map_name, w->map.size ? w->map.data : NULL, w->map.size,
                     &grid, &e)) {
        net_client_fail(c, true, "%s map '%s': %s", w->map.size ? "bad" : "unknown", map, e.msg);
        return false;
    }
    const uint64_t hash = sim_hash_grid(&grid);
    if (hash != w->map_hash) {
        ae_grid_free(&grid);
        net_client_fail(c, true, "map '%s' differs from the server's (hash %016llx, not %016llx)",
                        map, (unsigned long long)hash, (unsigned long long)w->map_hash);
        return false;
    }
    // The mirror: the match's slots (WELCOME's humans), all released: who drives whom comes
    // with the snapshots. The seed only places the agents before the first snapshot.
    if (w->humans > w->agents) {
        net_client_fail(c, true, "WELCOME: %u slots for %u agents", w->humans, w->agents);
        return false;
    }
    cfg.seed = 0;
    cfg.humans = w->humans;
    cfg.bots = w->agents - cfg.humans;
    c->world = sim_create(&cfg, &grid, &e);
    c->extent = net_map_extent(grid.width, grid.height, cfg.cell_size);
    ae_grid_free(&grid);
    if (!c->world) {
        net_client_fail(c, true, "map '%s' cannot host the server's match: %s", map, e.msg);
        return false;
    }
    for (int s = 0; s < cfg.humans; s++) sim_release(c->world, s, &e);
    c->agents = w->agents;
    c->humans = w->humans;
    c->names = ae_calloc((size_t)c->agents, sizeof *c->names);
    c->tracks = ae_calloc((size_t)c->agents, sizeof *c->tracks);
    if (!c->names || !c->tracks) {
        net_client_fail(c, true, "out of memory");
        return false;
    }
    memcpy(c->token, w->token, NET_TOKEN_BYTES);
    const bool spectator = w->slot == NET_MAX_SLOTS - 1;
    c->slot = spectator ? -1 : w->slot;
    c->agent = w->agent;
    c->own = sim_agents(c->world)[c->agent];
    c->shown_pos = c->own.pos;
    c->head_tick = (int32_t)w->tick;
    c->view_tick = (int)w->tick - NET_CLIENT_INTERP_TICKS;
    if (c->view_tick < 0) c->view_tick = 0;
    sim_mirror_set_tick(c->world, c->view_tick);
    c->state = spectator ? NET_CLIENT_SPECTATING : NET_CLIENT_PLAYING;
    return true;
}

// ---- SNAPSHOT ----

static void snapshot(net_client *c, const net_bytes *b) {
    const net_frame *base = c->frame[c->cur];
    net_frame *f = c->frame[!c->cur];
    char err[160];
    if (!net_frame_decode(base, b->data, b->size, f, err, sizeof err)) {
        net_client_fail(c, true, "%s", err);
        return;
    }
    if (f->head.agents != c->agents || f->head.agent >= c->agents) {
        net_client_fail(c, true, "snapshot: agent %d of %d in a match of %d", f->head.agent,
                        f->head.agents, c->agents);
        return;
    }
    if (c->have_frame && f->head.tick <= base->head.tick) {
        net_client_fail(c, true, "snapshot: tick %d after %d", f->head.tick, base->head.tick);
        return;
    }
    if (!net_mirror_frame(c, base, f, err, sizeof err) ||
        !net_client_reconcile(c, f, err, sizeof err)) {
        net_client_fail(c, true, "snapshot: %s", err);
        return;
    }
    net_pace_snapshot(c, base, c->have_frame, f);
    if (!c->have_frame) c->view_tick = f->head.tick - c->interp_ticks;
    if (c->state == NET_CLIENT_SPECTATING)
        c->agent = f->head.agent; // the server may follow another
    c->cur = !c->cur;
    c->have_frame = true;
    c->head_tick = f->head.tick;
    c->head_us = c->now_us;
    c->stats.snapshots++;
    c->window_snapshots++;
}

// ---- END and the replay ----

static void end(net_client *c, const net_end *e) {
    if (c->ended) {
        net_client_fail(c, true, "a second END");
        return;
    }
    c->ended = true;
    c->end = *e;
    if (e->replay_size) {
        c->replay = ae_alloc(e->replay_size);
        if (!c->replay) {
            net_client_fail(c, true, "out of memory for the replay (%u bytes)", e->replay_size);
            return;
        }
    }
    if (c->world) sim_mirror_set_result(c->world, true, e->winner);
}

static void chunk(net_client *c, const net_replay_chunk *k) {
    if (!c->ended || k->offset != c->replay_got ||
        (uint64_t)k->offset + k->data.size > c->end.replay_size) {
        net_client_fail(c, true, "REPLAY_CHUNK: %u bytes at %u, %s", k->data.size, k->offset,
                        !c->ended ? "before END" : "not the next of the replay");
        return;
    }
    memcpy(c->replay + k->offset, k->data.data, k->data.size);
    c->replay_got += k->data.size;
}

// The match is over and its replay is all here (or there is none): the client says BYE and
// closes, so the server never closes while its last bytes may still be on their way.
static void say_goodbye(net_client *c) {
    if (!c->ended || !c->conn || c->state == NET_CLIENT_FAILED) return;
    if (c->end.replay_size && c->replay_got != c->end.replay_size) return;
    send_msg(c, &(net_msg){.type = NET_MSG_BYE});
    net_close(c->t, c->conn, NET_CLOSE_NORMAL, "got the replay");
    c->conn = 0;
    c->state = NET_CLIENT_ENDED;
}

// ---- Messages ----

static void message(net_client *c, const uint8_t *data, size_t size) {
    c->stats.bytes_down += size;
    c->window_down += size;
    // A server of another protocol version: its WELCOME says so before anything else.
    if (size >= 3 && data[0] == NET_MSG_WELCOME &&
        (data[1] | data[2] << 8) != NET_PROTOCOL_VERSION) {
        net_client_fail(c, true, "version mismatch: the server speaks protocol %d, this client %d",
                        data[1] | data[2] << 8, NET_PROTOCOL_VERSION);
        return;
    }
    net_msg m;
    char err[160];
    if (!net_msg_decode_down(data, size, &m, err, sizeof err)) {
        net_client_fail(c, true, "%s", err);
        return;
    }
    const bool welcomed = c->world != NULL;
    const bool any_time = m.type == NET_MSG_PING || m.type == NET_MSG_PONG;
    if (welcomed == (m.type == NET_MSG_WELCOME) && !any_time) {
        net_client_fail(c, true, "%s %s WELCOME", net_msg_name(m.type),
                        welcomed ? "after" : "before");
        return;
    }
    switch (m.type) {
    case NET_MSG_WELCOME:
        welcome(c, &m.u.welcome);
        break;
    case NET_MSG_NAME:
        for (int k = 0; k < m.u.names.count; k++) {
            const net_name *n = &m.u.names.name[k];
            if (n->agent >= c->agents) {
                net_client_fail(c, true, "NAME: agent %d of %d", n->agent, c->agents);
                break;
            }
            memcpy(c->names[n->agent], n->name, sizeof c->names[0]);
        }
        break;
    case NET_MSG_SNAPSHOT:
        if (!c->ended) snapshot(c, &m.u.snapshot);
        break;
    case NET_MSG_PING:
        send_time(c, NET_MSG_PONG, m.u.ping.time);
        break;
    case NET_MSG_PONG: {
        const double rtt = (double)((uint32_t)(c->now_us / 1000) - m.u.ping.time);
        if (c->stats.ping_ms > 0) {
            const double d = rtt > c->last_rtt ? rtt - c->last_rtt : c->last_rtt - rtt;
            c->stats.jitter_ms += (d - c->stats.jitter_ms) / 16.0;
        }
        c->last_rtt = rtt;
        c->stats.ping_ms = rtt;
        break;
    }
    case NET_MSG_END:
        end(c, &m.u.end);
        say_goodbye(c);
        break;
    case NET_MSG_REPLAY_CHUNK:
        chunk(c, &m.u.chunk);
        say_goodbye(c);
        break;
    default: // the decoder takes only the server's messages
        break;
    }
}

static const char *close_what(uint16_t code, bool opened) {
    switch (code) {
    case NET_CLOSE_NORMAL:
        return "server closed";
    case NET_CLOSE_GOING_AWAY:
        return "server shutting down";
    case NET_CLOSE_ABNORMAL:
        return opened ? "connection lost" : "could not connect";
    case NET_CLOSE_POLICY:
        return "refused by the server";
    case NET_CLOSE_OVERLOADED:
        return "server full";
    default:
        return "server closed the connection";
    }
}

static void closed(net_client *c, const net_event *ev) {
    const bool opened = c->conn != 0;
    c->conn = 0;
    if (c->state == NET_CLIENT_FAILED) return;
    if (c->ended) {
        c->state = NET_CLIENT_ENDED;
        return;
    }
    // "connection lost: timed out (1006)"; a reason that only repeats the code's sense is left out.
    const char *what = close_what(ev->code, opened);
    if (!ev->reason[0] || !strcmp(ev->reason, what))
        net_client_fail(c, false, "%s (%u)", what, ev->code);
    else
        net_client_fail(c, false, "%s: %s (%u)", what, ev->reason, ev->code);
}

static void roll_window(net_client *c) {
    if (c->now_us < c->window_us + 1000000) return;
    const double s = (double)(c->now_us - c->window_us) / 1e6;
    if (c->window_us) {
        c->stats.bytes_down_per_s = (int)((double)c->window_down / s + 0.5);
        c->stats.bytes_up_per_s = (int)((double)c->window_up / s + 0.5);
        c->stats.snapshots_per_s = (int)((double)c->window_snapshots / s + 0.5);
    }
    c->window_us = c->now_us;
    c->window_down = c->window_up = 0;
    c->window_snapshots = 0;
}

void net_client_update(net_client *c, uint64_t now_us) {
    c->now_us = now_us;
    net_service(c->t, 0);
    net_event ev;
    while (net_poll(c->t, &ev)) {
        if (ev.kind == NET_OPENED) {
            if (c->conn || c->state != NET_CLIENT_CONNECTING) continue; // one connection only
            c->conn = ev.conn;
            send_hello(c);
        } else if (ev.kind == NET_CLOSED && !c->conn && c->state == NET_CLIENT_CONNECTING) {
            closed(c, &ev); // it never opened: refused, unknown host, over the server's caps
        } else if (ev.conn != c->conn || !c->conn) {
            continue;
        } else if (ev.kind == NET_CLOSED) {
            closed(c, &ev);
        } else if (c->state != NET_CLIENT_FAILED) {
            message(c, ev.data, ev.size);
        }
    }
    if (c->conn && c->state != NET_CLIENT_FAILED && now_us >= c->next_ping_us) {
        if (c->next_ping_us) send_time(c, NET_MSG_PING, (uint32_t)(now_us / 1000));
        c->next_ping_us = now_us + 1000000;
    }
    roll_window(c);
}

// ---- The tick ----

_Static_assert(NET_INPUT_EVERY <= NET_INPUT_REDUNDANCY, "an INPUT holds the inputs since the last");

// Every NET_INPUT_EVERY ticks, the inputs since the last INPUT.
static void send_input(net_client *c) {
    if (c->seq % NET_INPUT_EVERY) return;
    net_msg m = {.type = NET_MSG_INPUT};
    m.u.input.tick = c->seq;
    m.u.input.count = (uint8_t)(c->seq < NET_INPUT_EVERY ? c->seq : NET_INPUT_EVERY);
    for (int k = 0; k < m.u.input.count; k++)
        m.u.input.input[k] = c->sent[(c->seq - (uint32_t)k) % NET_CLIENT_INPUT_RING].in;
    send_msg(c, &m);
}

bool net_client_tick(net_client *c, const sim_input *in) {
    if (c->state != NET_CLIENT_PLAYING && c->state != NET_CLIENT_SPECTATING) return false;
    c->stats.ticks++;
    net_interp_tick(c);
    net_mirror_fly_bullets(c);
    sim_mirror_set_events(c->world, c->pending, c->pending_count);
    c->pending_count = 0;
    if (c->state == NET_CLIENT_PLAYING) {
        sim_input frame = in ? *in : (sim_input){0};
        sim_input_normalize(&frame);
        c->seq++;
        net_sent *s = &c->sent[c->seq % NET_CLIENT_INPUT_RING];
        *s = (net_sent){c->seq, frame, {{0, 0}}};
        send_input(c);
        net_client_predict(c, &frame);
    }
    // What the mirror shows this tick (the own blink included), put back after a
    // reconciliation's predictions.
    c->shown_count = sim_event_count(c->world);
    memcpy(c->shown, sim_events(c->world), (size_t)c->shown_count * sizeof *c->shown);
    return true;
}

void net_client_leave(net_client *c) {
    if (c->conn) {
        send_msg(c, &(net_msg){.type = NET_MSG_BYE});
        net_close(c->t, c->conn, NET_CLOSE_NORMAL, "left");
        c->conn = 0;
    }
    if (c->state != NET_CLIENT_ENDED) net_client_fail(c, false, "left the match");
}

// ---- Accessors ----

net_client_state net_client_get_state(const net_client *c) {
    return c->state;
}
const char *net_client_failure(const net_client *c) {
    return c->state == NET_CLIENT_FAILED ? c->failure : "";
}
sim_world *net_client_world(const net_client *c) {
    return c->world;
}
int net_client_agent(const net_client *c) {
    return c->agent;
}
int net_client_slot(const net_client *c) {
    return c->slot;
}
int net_client_humans(const net_client *c) {
    return c->humans;
}
const char *net_client_name(const net_client *c, int agent) {
    return agent >= 0 && agent < c->agents ? c->names[agent] : "";
}
const uint8_t *net_client_token(const net_client *c) {
    return c->token;
}
int net_client_view_tick(const net_client *c) {
    return c->view_tick;
}
const net_client_stats *net_client_get_stats(const net_client *c) {
    return &c->stats;
}
bool net_client_end(const net_client *c, net_end *out) {
    if (c->ended && out) *out = c->end;
    return c->ended;
}
const uint8_t *net_client_replay(const net_client *c, size_t *size) {
    if (!c->ended || !c->replay || c->replay_got != c->end.replay_size) return NULL;
    if (size) *size = c->replay_got;
    return c->replay;
}

bool net_client_pilot_input(net_client *c, sim_autopilot *ap, sim_input *out) {
    *out = (sim_input){0};
    if (c->state != NET_CLIENT_PLAYING) return false;
    // The pilot reads the mirror where it shows the own agent: its prediction.
    sim_autopilot_input(ap, c->world, c->agent, out);
    return true;
}
