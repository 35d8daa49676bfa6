// The match server (net_server.h) over the in-memory link on its virtual clock, against scripted
// clients that speak the protocol directly: joining, lockstep play of the golden replays' inputs,
// hostile clients, silence and reconnection, and the replay offered at the end. No wall clock.
#include "arena/rp_replay.h"
#include "net_link.h"
#include "net_proto.h"
#include "net_server.h"
#include "net_snapshot.h"
#include "sim_config_io.h"
#include "sim_state.h"
#include "net_test_util.h"
#include "test.h"

#include <stdlib.h>

#define MS      1000u
#define TICK_US (1000000u / 60u)

// A scripted client: it says HELLO when its connection opens and records what comes back.
typedef struct client {
    net_transport *t;
    net_conn conn;
    bool open, welcomed, ended, closed, reading;
    char name[NET_NAME_MAX + 1];
    uint8_t token[NET_TOKEN_BYTES];
    net_welcome welcome;
    net_frame *base, *frame;
    int snapshots;
    int name_msgs, names_heard; // NAME messages and the names in them
    uint32_t seq;
    net_end end;
    uint8_t *replay;
    size_t replay_got;
    uint16_t code;
    char reason[NET_REASON_MAX];
} client;

static void client_init(client *c, net_link *link, const char *address, const char *name) {
    memset(c, 0, sizeof *c);
    ae_error err;
    c->t = net_link_connect(link, address, &err);
    snprintf(c->name, sizeof c->name, "%s", name);
    c->base = malloc(sizeof *c->base);
    c->frame = malloc(sizeof *c->frame);
    net_frame_clear(c->base);
    c->reading = true;
}

static void client_free(client *c) {
    free(c->base);
    free(c->frame);
    free(c->replay);
}

static void client_send(client *c, const net_msg *m) {
    uint8_t buf[256];
    size_t n = net_msg_encode(m, buf, sizeof buf);
    if (n) net_send(c->t, c->conn, buf, n);
}

static void client_input(client *c, sim_input in) {
    net_msg m = {.type = NET_MSG_INPUT};
    m.u.input.tick = ++c->seq;
    m.u.input.count = 1;
    m.u.input.input[0] = in;
    client_send(c, &m);
}

static void client_pump(client *c) {
    if (!c->reading || !c->t) return;
    net_event ev;
    while (net_poll(c->t, &ev)) {
        if (ev.kind == NET_OPENED) {
            c->open = true;
            c->conn = ev.conn;
            net_msg m = {.type = NET_MSG_HELLO};
            m.u.hello.version = NET_PROTOCOL_VERSION;
            snprintf(m.u.hello.name, sizeof m.u.hello.name, "%s", c->name);
            memcpy(m.u.hello.token, c->token, NET_TOKEN_BYTES);
            client_send(c, &m);
        } else if (ev.kind == NET_CLOSED) {
            c->closed = true;
            c->code = ev.code;
            snprintf(c->reason, sizeof c->reason, "%s", ev.reason);
        } else {
            net_msg m;
            char err[128];
            if (!net_msg_decode_down(ev.data, ev.size, &m, err, sizeof err)) {
                fprintf(stderr, "client %s: %s\n", c->name, err);
                test_failures++;
                continue;
            }
            if (m.type == NET_MSG_NAME) {
                c->name_msgs++;
                c->names_heard += m.u.names.count;
            } else if (m.type == NET_MSG_WELCOME) {
                c->welcomed = true;
                c->welcome = m.u.welcome;
                memcpy(c->token, m.u.welcome.token, NET_TOKEN_BYTES);
            } else if (m.type == NET_MSG_SNAPSHOT) {
                if (!net_frame_decode(c->base, m.u.snapshot.data, m.u.snapshot.size, c->frame, err,
                                      sizeof err)) {
                    fprintf(stderr, "client %s: snapshot: %s\n", c->name, err);
                    test_failures++;
                    continue;
                }
                net_frame *t = c->base;
                c->base = c->frame;
                c->frame = t;
                c->snapshots++;
            } else if (m.type == NET_MSG_END) {
                c->ended = true;
                c->end = m.u.end;
                c->replay = malloc(m.u.end.replay_size + 1u);
            } else if (m.type == NET_MSG_REPLAY_CHUNK && c->replay) {
                CHECK(m.u.chunk.offset == c->replay_got);
                CHECK(c->replay_got + m.u.chunk.data.size <= c->end.replay_size);
                if (c->replay_got + m.u.chunk.data.size > c->end.replay_size) continue;
                memcpy(c->replay + c->replay_got, m.u.chunk.data.data, m.u.chunk.data.size);
                c->replay_got += m.u.chunk.data.size;
            }
            // With the whole replay (or none), the client says BYE and closes, as net_client does.
            if (c->ended && c->replay_got == c->end.replay_size && !c->closed) {
                client_send(c, &(net_msg){.type = NET_MSG_BYE});
                net_close(c->t, c->conn, NET_CLOSE_NORMAL, "got the replay");
            }
        }
    }
}

// A server on a link, and the clock.
typedef struct rig {
    net_link *link;
    net_server *srv;
    uint64_t now;
} rig;

static void log_line(void *user, const char *line) {
    (void)user;
    if (getenv("NET_LOG")) fprintf(stderr, "server: %s\n", line);
}

static bool rig_open(rig *r, net_server_def *def, net_link_def link_def) {
    def->log = log_line;
    memset(r, 0, sizeof *r);
    ae_error err = {{0}};
    r->link = net_link_create(&link_def, &err);
    if (!r->link) return false;
    r->srv = net_server_create(def, net_link_server(r->link), 0, &err);
    if (!r->srv) fprintf(stderr, "server: %s\n", err.msg);
    return r->srv != NULL;
}

static void rig_close(rig *r) {
    net_server_destroy(r->srv);
    net_link_destroy(r->link);
}

// Advances the clock by one millisecond: delivery, the server, then each client.
static void rig_step(rig *r, client *cs, int n) {
    r->now += MS;
    net_link_set_time(r->link, r->now);
    net_server_update(r->srv, r->now);
    for (int i = 0; i < n; i++) client_pump(&cs[i]);
}

static int world_tick(const rig *r) {
    return sim_tick(session_world(net_server_session(r->srv)));
}
static const sim_world *world(const rig *r) {
    return session_world(net_server_session(r->srv));
}

static net_server_def match_def(int humans, int agents) {
    net_server_def def = {0};
    def.match.map_path = ARENA_SOURCE_DIR "/assets/maps/arena.png";
    def.match.config = sim_default_config();
    def.match.config.seed = 3;
    def.match.config.humans = humans;
    def.match.config.bots = agents - humans;
    def.map_name = "arena";
    def.join_window_ticks = 300;
    def.token_seed = 99;
    return def;
}

// ---- Joining ----

static void test_join_takes_agent(void) {
    net_server_def def = match_def(4, 30);
    rig r;
    REQUIRE(rig_open(&r, &def, (net_link_def){.seed = 1, .latency_us = 20 * MS}));
    client cs[3];
    client_init(&cs[0], r.link, "127.0.0.1", "Ada");
    for (int i = 0; i < 200 * 5; i++) rig_step(&r, cs, 1);
    REQUIRE(cs[0].welcomed);
    CHECK(cs[0].welcome.slot == 0);
    CHECK(cs[0].welcome.agent == 0);
    CHECK(cs[0].welcome.humans == 4);
    CHECK(cs[0].welcome.agents == 30);
    CHECK(sim_slot_agent(world(&r), 0) == 0);
    // The slots nobody took went to the bots at tick 0.
    for (int h = 1; h < 4; h++) CHECK(sim_slot_agent(world(&r), h) == -1);
    CHECK(cs[0].snapshots > NET_TICK_RATE / NET_SNAPSHOT_EVERY * 2 / 3); // a second, less the join
    CHECK_STR(session_slot_name(net_server_session(r.srv), 0), "Ada");

    client_init(&cs[1], r.link, "127.0.0.2", "Bo");
    while (!cs[1].welcomed && r.now < 20000 * MS) rig_step(&r, cs, 2);
    CHECK(cs[1].welcome.slot == 1);
    CHECK(sim_slot_agent(world(&r), 1) == cs[1].welcome.agent);
    // Past the join window a newcomer spectates.
    while (world_tick(&r) <= def.join_window_ticks) rig_step(&r, cs, 2);
    client_init(&cs[2], r.link, "127.0.0.3", "Cy");
    while (!cs[2].welcomed && r.now < 40000 * MS) rig_step(&r, cs, 3);
    CHECK(cs[2].welcome.slot == NET_SPECTATOR);
    for (int i = 0; i < 200; i++) rig_step(&r, cs, 3);
    CHECK(cs[2].snapshots > 0);
    int players;
    CHECK(net_server_clients(r.srv, &players) == 3);
    CHECK(players == 2);
    for (int i = 0; i < 3; i++) client_free(&cs[i]);
    rig_close(&r);
}

// ---- Lockstep on the golden replays ----

/// The server, fed a golden replay's inputs by clients over the link, ends the match with the
/// replay's own final hash (golden.txt's, which the replay tests pin).
static void play_golden(const char *name, const char *map) {
    char path[512];
    snprintf(path, sizeof path, "%s/tests/replays/%s.arp", ARENA_SOURCE_DIR, name);
    rp_replay rp;
    ae_error err;
    REQUIRE(rp_replay_init_file(path, NULL, &rp, &err));
    net_server_def def = {0};
    def.match.map = &rp.map;
    REQUIRE(sim_config_unpack(rp.config, rp.config_size, &def.match.config, &err));
    def.match.config.seed = rp.seed;
    def.match.config.humans = rp.human_count;
    def.map_name = map;
    def.strict = true;
    rig r;
    REQUIRE(
        rig_open(&r, &def, (net_link_def){.seed = 2, .latency_us = 30 * MS, .jitter_us = 5 * MS}));
    client c[RP_MAX_HUMANS];
    REQUIRE(rp.human_count <= 8);
    for (int h = 0; h < rp.human_count; h++) {
        char addr[32];
        snprintf(addr, sizeof addr, "127.0.1.%d", h + 1);
        client_init(&c[h], r.link, addr, "golden");
    }
    // Each client sends its recorded input a tick, as fast as the link lets it.
    uint32_t sent = 0;
    while (!net_server_ended(r.srv) && r.now < 3600000ull * MS) {
        for (int i = 0; i < 4; i++) rig_step(&r, c, rp.human_count);
        bool all = true;
        for (int h = 0; h < rp.human_count; h++) all &= c[h].welcomed;
        if (!all) continue;
        for (; sent < rp.tick_count && sent < (uint32_t)world_tick(&r) + 4; sent++)
            for (int h = 0; h < rp.human_count; h++) {
                sim_input in;
                REQUIRE(sim_input_unpack(rp_replay_record(&rp, sent, h), &in));
                client_input(&c[h], in);
            }
    }
    if (!net_server_ended(r.srv))
        fprintf(stderr, "%s: tick %d of %u, sent %u, welcomed %d closed %d %s\n", name,
                world_tick(&r), rp.tick_count, sent, c[0].welcomed, c[0].closed, c[0].reason);
    REQUIRE(net_server_ended(r.srv));
    CHECK(world_tick(&r) == (int)rp.tick_count);
    CHECK(sim_hash(world(&r)) == rp.final_hash);
    size_t size;
    const uint8_t *bytes = net_server_replay(r.srv, &size);
    REQUIRE(bytes);
    CHECK(test_replay_verifies(bytes, size));
    for (int h = 0; h < rp.human_count; h++) client_free(&c[h]);
    rig_close(&r);
    rp_replay_free(&rp);
}

static void test_golden_strict(void) {
    play_golden("arena-s11", "arena");
    play_golden("ruins-s5", "ruins");
    play_golden("islands-s23", "islands");
}

// ---- Hostile clients ----

// A raw connection that speaks no protocol unless told to.
static net_transport *raw(net_link *link, const char *address) {
    ae_error err;
    return net_link_connect(link, address, &err);
}

static bool closed_with(net_transport *t, uint16_t code, const char *reason_part) {
    net_event ev;
    while (net_poll(t, &ev))
        if (ev.kind == NET_CLOSED) {
            if (ev.code != code || !strstr(ev.reason, reason_part))
                fprintf(stderr, "closed %u \"%s\", expected %u \"%s\"\n", ev.code, ev.reason, code,
                        reason_part);
            return ev.code == code && strstr(ev.reason, reason_part);
        }
    return false;
}

static void test_hostile_hello(void) {
    net_server_def def = match_def(2, 10);
    rig r;
    REQUIRE(rig_open(&r, &def, (net_link_def){.seed = 3, .latency_us = 10 * MS}));
    net_transport *silent = raw(r.link, "127.0.2.1");
    net_transport *garbage = raw(r.link, "127.0.2.2");
    net_transport *early = raw(r.link, "127.0.2.3");
    bool sent = false, sil = false, gar = false, ear = false;
    for (int i = 0; i < 7000; i++) {
        r.now += MS;
        net_link_set_time(r.link, r.now);
        net_server_update(r.srv, r.now);
        if (!sent && i == 100) {
            const uint8_t junk[] = {0x7f, 1, 2, 3};
            net_send(garbage, 1u | 1u << 16, junk, sizeof junk);
            net_msg m = {.type = NET_MSG_INPUT};
            m.u.input.tick = 1;
            m.u.input.count = 1;
            uint8_t buf[64];
            size_t n = net_msg_encode(&m, buf, sizeof buf);
            net_send(early, 1u | 1u << 16, buf, n);
            sent = true;
        }
        sil = sil || closed_with(silent, NET_CLOSE_POLICY, "no HELLO within 5 s");
        gar = gar || closed_with(garbage, NET_CLOSE_POLICY, "");
        ear = ear || closed_with(early, NET_CLOSE_POLICY, "HELLO must come first");
    }
    CHECK(sil);
    CHECK(gar);
    CHECK(ear);
    CHECK(net_server_get_stats(r.srv).dropped == 3);
    rig_close(&r);
}

// However many inputs a client sends, each tick takes one: the server's applied input number
// never runs ahead of its ticks, and a flood past the message rate is closed.
static void test_hostile_flood(void) {
    net_server_def def = match_def(2, 10);
    rig r;
    REQUIRE(rig_open(&r, &def, (net_link_def){.seed = 4, .latency_us = 10 * MS}));
    client cs[2];
    client_init(&cs[0], r.link, "127.0.3.1", "Eager");
    client_init(&cs[1], r.link, "127.0.3.2", "Flood");
    while (!(cs[0].welcomed && cs[1].welcomed) && r.now < 5000 * MS) rig_step(&r, cs, 2);
    REQUIRE(cs[0].welcomed && cs[1].welcomed);
    int start_tick = world_tick(&r);
    const int agent = cs[0].welcome.agent;
    const vec2s start = sim_agents(world(&r))[agent].pos;
    const float speed = sim_agent_speed(world(&r), &sim_agents(world(&r))[agent]);
    sim_input go = {.move_x = 127};
    for (int i = 0; i < 2000; i++) {
        rig_step(&r, cs, 2);
        // Eager: three inputs every 17 ms (176 a second, within the rate) ...
        if (i % 17 == 0)
            for (int k = 0; k < 3; k++) client_input(&cs[0], go);
        // ... Flood: twenty every millisecond.
        if (!cs[1].closed)
            for (int k = 0; k < 20; k++) client_input(&cs[1], go);
    }
    int ticks = world_tick(&r) - start_tick;
    CHECK(cs[1].closed && cs[1].code == NET_CLOSE_POLICY && strstr(cs[1].reason, "too many"));
    CHECK(!cs[0].closed);
    // Eager sent far more inputs than the ticks played; the server took one per tick, so its
    // agent went no further than a tick's run each tick.
    CHECK(cs[0].seq > (uint32_t)ticks * 2);
    const sim_agent *a = &sim_agents(world(&r))[agent];
    if (a->placement == 0) CHECK(glms_vec2_distance(a->pos, start) <= speed * (float)ticks + 1.0f);
    CHECK(cs[0].base->head.queue <= NET_QUEUE_CAP);
    for (int i = 0; i < 2; i++) client_free(&cs[i]);
    rig_close(&r);
}

// A client that stops reading is dropped once its queue is full; the other plays on.
static void test_hostile_non_reader(void) {
    net_server_def def = match_def(2, 10);
    rig r;
    net_link_def ld = {.seed = 5, .latency_us = 10 * MS, .window = 4096};
    ld.server_limits.max_send_queue = 8192;
    REQUIRE(rig_open(&r, &def, ld));
    client cs[2];
    client_init(&cs[0], r.link, "127.0.4.1", "Reader");
    client_init(&cs[1], r.link, "127.0.4.2", "Sleeper");
    while (!(cs[0].welcomed && cs[1].welcomed) && r.now < 5000 * MS) rig_step(&r, cs, 2);
    REQUIRE(cs[1].welcomed);
    cs[1].reading = false;
    int before = cs[0].snapshots;
    for (int i = 0; i < 120000 && net_server_get_stats(r.srv).dropped == 0; i++)
        rig_step(&r, cs, 2);
    CHECK(net_server_get_stats(r.srv).dropped == 1);
    for (int i = 0; i < 2000; i++) rig_step(&r, cs, 2);
    CHECK(cs[0].snapshots > before + 100);
    CHECK(!cs[0].closed);
    int players;
    CHECK(net_server_clients(r.srv, &players) == 1);
    for (int i = 0; i < 2; i++) client_free(&cs[i]);
    rig_close(&r);
}

// ---- Silence, reconnection, the end ----

static void test_silence_and_reconnect(void) {
    net_server_def def = match_def(2, 12);
    def.end_tick = 2400;
    rig r;
    REQUIRE(rig_open(&r, &def, (net_link_def){.seed = 6, .latency_us = 25 * MS}));
    client cs[2];
    client_init(&cs[0], r.link, "127.0.5.1", "Quiet");
    while (!cs[0].welcomed && r.now < 5000 * MS) rig_step(&r, cs, 1);
    REQUIRE(cs[0].welcomed);
    int agent = cs[0].welcome.agent;
    // Silent for longer than NET_SILENCE_US: the agent goes to its bot brain.
    while (r.now < 6000 * MS + NET_SILENCE_US / 1000 * MS / MS) rig_step(&r, cs, 1);
    CHECK(sim_slot_agent(world(&r), 0) == -1);
    CHECK(sim_agents(world(&r))[agent].slot == -1);
    // It speaks again: the agent is its own again.
    client_input(&cs[0], (sim_input){0});
    for (int i = 0; i < 200; i++) rig_step(&r, cs, 1);
    bool alive = sim_agents(world(&r))[agent].placement == 0;
    if (alive) CHECK(sim_slot_agent(world(&r), 0) == agent);
    // The cable is cut; a new connection with the token takes the slot back.
    net_link_sever(r.link, cs[0].t);
    for (int i = 0; i < 200; i++) rig_step(&r, cs, 1);
    client_init(&cs[1], r.link, "127.0.5.1", "Quiet");
    memcpy(cs[1].token, cs[0].token, NET_TOKEN_BYTES);
    cs[0].t = NULL; // its transport is the link's to free
    while (!cs[1].welcomed && r.now < 30000 * MS) rig_step(&r, cs + 1, 1);
    REQUIRE(cs[1].welcomed);
    alive = sim_agents(world(&r))[agent].placement == 0;
    if (alive) {
        CHECK(cs[1].welcome.slot == 0);
        CHECK(cs[1].welcome.agent == agent);
    }
    while (!cs[1].closed && r.now < 200000 * MS) rig_step(&r, cs + 1, 1);
    CHECK(net_server_ended(r.srv));
    CHECK(cs[1].ended);
    CHECK(cs[1].code == NET_CLOSE_NORMAL);
    size_t size;
    const uint8_t *bytes = net_server_replay(r.srv, &size);
    REQUIRE(bytes && size > 0);
    // The client got the server's replay whole, and it verifies with its events.
    CHECK(cs[1].replay_got == size);
    CHECK(cs[1].replay && !memcmp(cs[1].replay, bytes, size));
    CHECK(cs[1].end.hash == sim_hash(world(&r)));
    CHECK(test_replay_verifies(bytes, size));
    for (int i = 0; i < 2; i++) client_free(&cs[i]);
    rig_close(&r);
}

// A server made at 0 that begins serving a second later (the map took that long to load) plays
// its first ticks on time: the schedule starts when the loop does.
static void test_start_clock(void) {
    net_server_def def = match_def(2, 6);
    rig r;
    REQUIRE(rig_open(&r, &def, (net_link_def){.seed = 1}));
    net_server_start_clock(r.srv, 1000 * MS);
    for (r.now = 1000 * MS; r.now <= 2000 * MS; r.now += MS) {
        net_link_set_time(r.link, r.now);
        net_server_update(r.srv, r.now);
    }
    const net_server_stats st = net_server_get_stats(r.srv);
    CHECK(st.missed == 0);
    CHECK(st.late_us_max < MS);
    CHECK(world_tick(&r) >= 59 && world_tick(&r) <= 61);
    net_server_start_clock(r.srv, 5000 * MS); // too late: ticks were played
    CHECK(net_server_next_due(r.srv) < 2100 * MS);
    rig_close(&r);
}

// Eight people joining together hear every name in two NAME messages at most each (their own
// welcome's list, and one with the names of the update's other joiners), not one per name.
static void test_names_together(void) {
    net_server_def def = match_def(8, 12);
    rig r;
    REQUIRE(rig_open(&r, &def, (net_link_def){.seed = 1}));
    client cs[8];
    static const char *const names[8] = {"A", "B", "C", "D", "E", "F", "G", "H"};
    for (int i = 0; i < 8; i++) client_init(&cs[i], r.link, "127.0.0.1", names[i]);
    for (int i = 0; i < 500; i++) rig_step(&r, cs, 8);
    for (int i = 0; i < 8; i++) {
        CHECK(cs[i].welcomed && cs[i].welcome.slot < 8);
        CHECK(cs[i].name_msgs >= 1 && cs[i].name_msgs <= 2);
        CHECK(cs[i].names_heard >= 8); // all of them, its own with the rest
    }
    for (int i = 0; i < 8; i++) client_free(&cs[i]);
    rig_close(&r);
}

TEST_MAIN(TEST_CASE(join_takes_agent), TEST_CASE(golden_strict), TEST_CASE(hostile_hello),
          TEST_CASE(hostile_flood), TEST_CASE(hostile_non_reader), TEST_CASE(silence_and_reconnect),
          TEST_CASE(start_clock), TEST_CASE(names_together))
