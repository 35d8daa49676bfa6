// The in-memory link simulator (net_link.h): order, delays, stalls, bandwidth, determinism,
// the server's caps, a receiver that stops reading, and the ways a connection ends. Everything
// runs on the link's virtual clock; no test reads the wall clock.
#include "net_link.h"
#include "test.h"

#include <stdint.h>

#define MS 1000u

typedef struct trip {
    net_link *link;
    net_transport *server, *client;
    net_conn at_server; // the client's connection as the server sees it
    size_t live_before;
} trip;

// A server and one client from 127.0.0.1, opened: the clock stands one round trip on.
static bool trip_open(trip *t, net_link_def def) {
    t->live_before = ae_live_bytes();
    ae_error err = {{0}};
    t->link = net_link_create(&def, &err);
    if (!t->link) return false;
    t->server = net_link_server(t->link);
    t->client = net_link_connect(t->link, "127.0.0.1", &err);
    if (!t->client) return false;
    bool client_open = false;
    t->at_server = 0;
    for (uint64_t now = 0; now <= 10000 * MS && !(client_open && t->at_server); now += 100) {
        net_link_set_time(t->link, now);
        net_event ev;
        while (net_poll(t->server, &ev))
            if (ev.kind == NET_OPENED) t->at_server = ev.conn;
        while (net_poll(t->client, &ev)) client_open |= ev.kind == NET_OPENED;
    }
    return client_open && t->at_server;
}

static void trip_close(trip *t) {
    net_link_destroy(t->link);
    CHECK(ae_live_bytes() == t->live_before);
}

static void put_u32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static uint32_t get_u32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

// Sends `count` numbered messages of `size` bytes (>= 4), one every `every_us`, from the client
// (up) or the server, stepping the clock by `step_us` and polling the receiver; records each
// message's one-way time in delays[] (observed to within a step) and checks order.
static int send_numbered(trip *t, bool up, int count, size_t size, uint64_t every_us,
                         uint64_t step_us, uint64_t *delays) {
    uint8_t buf[2048] = {0};
    net_transport *from = up ? t->client : t->server, *to = up ? t->server : t->client;
    net_conn conn = up ? 1u | 1u << 16 : t->at_server;
    uint64_t start = net_link_time(t->link), sent_at[512];
    int sent = 0, got = 0;
    for (uint64_t now = start; got < count && now < start + 60000 * MS; now += step_us) {
        net_link_set_time(t->link, now);
        while (sent < count && start + (uint64_t)sent * every_us <= now) {
            put_u32(buf, (uint32_t)sent);
            sent_at[sent] = now;
            if (!net_send(from, conn, buf, size)) return -1;
            sent++;
        }
        net_event ev;
        while (net_poll(to, &ev)) {
            if (ev.kind != NET_MESSAGE) continue;
            CHECK(ev.size == size);
            uint32_t n = get_u32(ev.data);
            CHECK(n == (uint32_t)got); // in order, none lost
            if (n < (uint32_t)sent && delays) delays[n] = now - sent_at[n];
            got++;
        }
    }
    return got;
}

static void test_ordered(void) {
    trip t;
    REQUIRE(trip_open(&t, (net_link_def){.seed = 3, .latency_us = 10 * MS, .jitter_us = 8 * MS}));
    CHECK(send_numbered(&t, true, 300, 64, 250, 100, NULL) == 300);
    CHECK(send_numbered(&t, false, 300, 64, 250, 100, NULL) == 300);
    net_link_traffic tr = net_link_client_traffic(t.client);
    CHECK(tr.up.messages == 300 && tr.down.messages == 300);
    // 64-byte messages: a 2-byte header, and the client's 4-byte mask on the way up.
    CHECK(tr.up.bytes == 300 * (64 + 2 + 4));
    CHECK(tr.down.bytes == 300 * (64 + 2));
    trip_close(&t);
}

static void test_latency_jitter_bounds(void) {
    trip t;
    const uint64_t lat = 30 * MS, jit = 10 * MS, step = 100;
    REQUIRE(trip_open(
        &t, (net_link_def){.seed = 11, .latency_us = (uint32_t)lat, .jitter_us = (uint32_t)jit}));
    uint64_t delays[400];
    // One every 20 ms: wider apart than the jitter, so order never holds one back.
    REQUIRE(send_numbered(&t, true, 400, 32, 20 * MS, step, delays) == 400);
    uint64_t lo = UINT64_MAX, hi = 0;
    for (int i = 0; i < 400; i++) {
        lo = delays[i] < lo ? delays[i] : lo;
        hi = delays[i] > hi ? delays[i] : hi;
    }
    CHECK(lo >= lat);
    CHECK(hi < lat + jit + step);
    // The jitter is used: the delays spread over most of it.
    CHECK(hi - lo > jit / 2);
    trip_close(&t);
}

static void test_no_jitter_exact(void) {
    trip t;
    REQUIRE(trip_open(&t, (net_link_def){.seed = 1, .latency_us = 25 * MS}));
    uint64_t delays[50];
    REQUIRE(send_numbered(&t, false, 50, 100, 3 * MS, 100, delays) == 50);
    for (int i = 0; i < 50; i++) CHECK(delays[i] == 25 * MS);
    trip_close(&t);
}

static void test_loss_stalls_keep_order(void) {
    trip t;
    const uint64_t lat = 20 * MS, rto = 200 * MS, step = 500;
    REQUIRE(trip_open(&t, (net_link_def){.seed = 5, .latency_us = (uint32_t)lat, .loss = 0.05}));
    net_link_traffic before = net_link_client_traffic(t.client);
    uint64_t delays[500];
    REQUIRE(send_numbered(&t, true, 500, 40, 2 * MS, step, delays) == 500); // order checked
    net_link_traffic tr = net_link_client_traffic(t.client);
    uint64_t stalls = tr.up.stalls - before.up.stalls;
    CHECK(stalls > 5 && stalls < 60); // about 5% of 500
    int stalled = 0;
    for (int i = 0; i < 500; i++) {
        CHECK(delays[i] >= lat);
        CHECK(delays[i] < lat + rto * 3 + step); // a stall delays, never loses
        stalled += delays[i] >= lat + rto / 2;
        // Head-of-line: a message sent 2 ms after another never arrives before it.
        if (i > 0) CHECK(delays[i] + 2 * MS >= delays[i - 1]);
    }
    // Each stall holds up the messages sent behind it for up to an RTO, not only its own.
    CHECK(stalled > 3 * (int)stalls);
    trip_close(&t);
}

static void test_bandwidth_cap(void) {
    trip t;
    const uint64_t lat = 10 * MS;
    REQUIRE(
        trip_open(&t, (net_link_def){.seed = 2, .latency_us = (uint32_t)lat, .bandwidth = 10000}));
    uint64_t delays[20];
    // 20 messages of 996 bytes at once: 1,000 bytes on the wire each (a 4-byte header from 126
    // bytes on), 0.1 s apiece at 10 kB/s.
    REQUIRE(send_numbered(&t, false, 20, 996, 0, 100, delays) == 20);
    for (int i = 0; i < 20; i++) {
        uint64_t due = (uint64_t)(i + 1) * 100 * MS + lat;
        CHECK(delays[i] >= due && delays[i] < due + 100);
    }
    trip_close(&t);
}

// A busy scene: three clients, both directions, jitter, loss and a bandwidth cap; returns a
// hash of every event each side saw with the time it saw it.
static uint64_t busy_trace(uint64_t seed, int *events) {
    ae_error err = {{0}};
    net_link *link = net_link_create(&(net_link_def){.seed = seed,
                                                     .latency_us = 40 * MS,
                                                     .jitter_us = 15 * MS,
                                                     .loss = 0.03,
                                                     .bandwidth = 40000},
                                     &err);
    if (!link) return 0;
    net_transport *side[4] = {net_link_server(link)};
    const char *addr[3] = {"127.0.0.1", "127.0.0.2", "127.0.0.3"};
    for (int i = 0; i < 3; i++) side[i + 1] = net_link_connect(link, addr[i], &err);
    net_conn conns[8];
    int nconns = 0;
    uint64_t h = 1469598103934665603ull;
    uint8_t buf[300] = {0};
    *events = 0;
    for (uint64_t now = 0; now < 3000 * MS; now += 1 * MS) {
        net_link_set_time(link, now);
        for (int s = 0; s < 4; s++) {
            net_event ev;
            while (net_poll(side[s], &ev)) {
                if (s == 0 && ev.kind == NET_OPENED && nconns < 8) conns[nconns++] = ev.conn;
                uint64_t v[5] = {now, (uint64_t)s, ev.kind, ev.conn, ev.size};
                for (int k = 0; k < 5; k++) h = (h ^ v[k]) * 1099511628211ull;
                ++*events;
            }
        }
        if (now % (16 * MS) == 0)
            for (int c = 0; c < 3; c++) net_send(side[c + 1], 1u | 1u << 16, buf, 20 + 10 * c);
        if (now % (33 * MS) == 0)
            for (int c = 0; c < nconns; c++) net_send(side[0], conns[c], buf, 100 + 50 * c);
    }
    net_link_destroy(link);
    return h;
}

static void test_same_seed_same_trace(void) {
    int n1, n2, n3;
    uint64_t a = busy_trace(42, &n1), b = busy_trace(42, &n2), c = busy_trace(43, &n3);
    CHECK(n1 > 500);
    CHECK(a == b && n1 == n2);
    CHECK(a != c);
}

static void test_max_message(void) {
    trip t;
    net_link_def def = {.seed = 1, .latency_us = 5 * MS};
    def.server_limits.max_message = 1000;
    REQUIRE(trip_open(&t, def));
    uint8_t buf[1001] = {0};
    CHECK(net_send(t.client, 1u | 1u << 16, buf, 1000)); // at the cap: fine
    CHECK(net_send(t.client, 1u | 1u << 16, buf, 1001)); // past it: the server closes
    int messages = 0, server_closed = 0, client_closed = 0;
    for (uint64_t now = net_link_time(t.link); now < 2000 * MS; now += MS) {
        net_link_set_time(t.link, now);
        net_event ev;
        while (net_poll(t.server, &ev)) {
            messages += ev.kind == NET_MESSAGE;
            if (ev.kind != NET_CLOSED) continue;
            server_closed++;
            CHECK(ev.code == NET_CLOSE_TOO_BIG);
            CHECK_STR(ev.reason, "message too big");
        }
        while (net_poll(t.client, &ev)) {
            if (ev.kind != NET_CLOSED) continue;
            client_closed++;
            CHECK(ev.code == NET_CLOSE_TOO_BIG);
            CHECK_STR(ev.reason, "message too big");
        }
    }
    CHECK(messages == 1);
    CHECK(server_closed == 1 && client_closed == 1);
    CHECK(!net_send(t.server, t.at_server, buf, 1)); // a stale id
    CHECK(!net_send(t.client, 1u | 1u << 16, buf, 1));
    trip_close(&t);
}

// Connects clients from the given addresses to one server and runs a second; counts what the
// server and each client saw.
typedef struct caps_run {
    int server_opened;
    int opened[4], closed[4];
    uint16_t code[4];
    char reason[4][NET_REASON_MAX];
} caps_run;

static void run_caps(net_link *link, net_transport *server, net_transport **clients, int n,
                     caps_run *r) {
    uint64_t start = net_link_time(link);
    for (uint64_t now = start; now < start + 1000 * MS; now += MS) {
        net_link_set_time(link, now);
        net_event ev;
        while (net_poll(server, &ev)) r->server_opened += ev.kind == NET_OPENED;
        for (int i = 0; i < n; i++) {
            while (net_poll(clients[i], &ev)) {
                r->opened[i] += ev.kind == NET_OPENED;
                if (ev.kind != NET_CLOSED) continue;
                r->closed[i]++;
                r->code[i] = ev.code;
                memcpy(r->reason[i], ev.reason, sizeof ev.reason);
            }
        }
    }
}

static void test_per_address_cap(void) {
    size_t live = ae_live_bytes();
    ae_error err = {{0}};
    net_link_def def = {.seed = 1, .latency_us = 5 * MS};
    def.server_limits.max_per_address = 2;
    net_link *link = net_link_create(&def, &err);
    REQUIRE(link);
    net_transport *server = net_link_server(link);
    const char *addr[4] = {"127.0.0.1", "127.0.0.1", "127.0.0.1", "127.0.0.2"};
    net_transport *clients[4];
    for (int i = 0; i < 4; i++) {
        clients[i] = net_link_connect(link, addr[i], &err);
        REQUIRE(clients[i]);
        net_link_set_time(link, net_link_time(link) + MS); // they arrive in this order
    }
    caps_run r = {0};
    run_caps(link, server, clients, 4, &r);
    CHECK(r.server_opened == 3); // the refused one is never the server's business
    for (int i = 0; i < 4; i++) CHECK(r.opened[i] == 1);
    CHECK(r.closed[0] == 0 && r.closed[1] == 0 && r.closed[3] == 0);
    CHECK(r.closed[2] == 1);
    CHECK(r.code[2] == NET_CLOSE_OVERLOADED);
    CHECK_STR(r.reason[2], "too many connections from this address");
    net_link_destroy(link);
    CHECK(ae_live_bytes() == live);
}

static void test_total_cap(void) {
    size_t live = ae_live_bytes();
    ae_error err = {{0}};
    net_link_def def = {.seed = 1, .latency_us = 5 * MS};
    def.server_limits.max_connections = 2;
    net_link *link = net_link_create(&def, &err);
    REQUIRE(link);
    net_transport *server = net_link_server(link);
    const char *addr[3] = {"127.0.0.1", "127.0.0.2", "127.0.0.3"};
    net_transport *clients[4];
    for (int i = 0; i < 3; i++) {
        clients[i] = net_link_connect(link, addr[i], &err);
        REQUIRE(clients[i]);
        net_link_set_time(link, net_link_time(link) + MS);
    }
    caps_run r = {0};
    run_caps(link, server, clients, 3, &r);
    CHECK(r.server_opened == 2);
    CHECK(r.closed[2] == 1 && r.code[2] == NET_CLOSE_OVERLOADED);
    CHECK_STR(r.reason[2], "server full");
    // One leaves: its place is free again.
    net_close(clients[0], 1u | 1u << 16, NET_CLOSE_NORMAL, "bye");
    clients[3] = net_link_connect(link, "127.0.0.4", &err);
    REQUIRE(clients[3]);
    caps_run r2 = {0};
    run_caps(link, server, clients, 4, &r2);
    CHECK(r2.closed[0] == 1 && r2.code[0] == NET_CLOSE_NORMAL);
    CHECK(r2.server_opened == 1);
    CHECK(r2.opened[3] == 1 && r2.closed[3] == 0);
    net_link_destroy(link);
    CHECK(ae_live_bytes() == live);
}

static void test_non_reader_fills_queue(void) {
    trip t;
    net_link_def def = {.seed = 9, .latency_us = 20 * MS, .window = 16000};
    def.server_limits.max_send_queue = 64000;
    REQUIRE(trip_open(&t, def));
    uint8_t buf[1000] = {0};
    int sent = 0;
    bool refused = false;
    // The client goes silent: it never polls; the server sends 1 kB every ms.
    uint64_t now = net_link_time(t.link);
    for (int i = 0; i < 1000 && !refused; i++, now += MS) {
        net_link_set_time(t.link, now);
        put_u32(buf, (uint32_t)sent);
        if (net_send(t.server, t.at_server, buf, sizeof buf))
            sent++;
        else
            refused = true;
    }
    CHECK(refused);
    // The window (16 messages) in the client and the queue (64) at the server, no more.
    CHECK(sent == 16 + 64);
    CHECK(net_queued(t.server, t.at_server) == 64 * 1000);
    // It reads again: everything arrives, in order, and the queue drains.
    int got = 0;
    for (int i = 0; i < 20000 && got < sent; i++, now += MS) {
        net_link_set_time(t.link, now);
        net_event ev;
        while (net_poll(t.client, &ev))
            if (ev.kind == NET_MESSAGE) CHECK(get_u32(ev.data) == (uint32_t)got++);
    }
    CHECK(got == sent);
    CHECK(net_queued(t.server, t.at_server) == 0);
    trip_close(&t);
}

// Polls both sides of a trip for `ms` milliseconds, keeping the last NET_CLOSED each saw.
static void watch_close(trip *t, uint64_t ms, net_event *server_ev, net_event *client_ev,
                        int *messages_to_client) {
    uint64_t start = net_link_time(t->link);
    for (uint64_t now = start; now <= start + ms * MS; now += MS) {
        net_link_set_time(t->link, now);
        net_event ev;
        while (t->server && net_poll(t->server, &ev))
            if (ev.kind == NET_CLOSED) *server_ev = ev;
        while (net_poll(t->client, &ev)) {
            if (ev.kind == NET_CLOSED) *client_ev = ev;
            if (ev.kind == NET_MESSAGE && messages_to_client) ++*messages_to_client;
        }
    }
}

static void test_close_code_and_reason(void) {
    trip t;
    REQUIRE(trip_open(&t, (net_link_def){.seed = 1, .latency_us = 30 * MS}));
    uint8_t buf[10] = {0};
    for (int i = 0; i < 3; i++) CHECK(net_send(t.server, t.at_server, buf, sizeof buf));
    net_close(t.server, t.at_server, NET_CLOSE_GOING_AWAY, "server shutting down");
    CHECK(!net_send(t.server, t.at_server, buf, 1)); // closing: no more
    net_event s = {0}, c = {0};
    int messages = 0;
    watch_close(&t, 1000, &s, &c, &messages);
    CHECK(messages == 3); // what was queued before the close went first
    CHECK(c.kind == NET_CLOSED && c.code == NET_CLOSE_GOING_AWAY);
    CHECK_STR(c.reason, "server shutting down");
    CHECK(s.kind == NET_CLOSED && s.code == NET_CLOSE_GOING_AWAY);
    CHECK(net_queued(t.server, t.at_server) == 0);
    trip_close(&t);
}

static void test_sever(void) {
    trip t;
    REQUIRE(trip_open(&t, (net_link_def){.seed = 1, .latency_us = 30 * MS}));
    uint8_t buf[10] = {0};
    CHECK(net_send(t.server, t.at_server, buf, sizeof buf));
    net_link_sever(t.link, t.client);
    net_event s = {0}, c = {0};
    int messages = 0;
    watch_close(&t, 500, &s, &c, &messages);
    CHECK(messages == 0); // in flight: gone
    CHECK(s.kind == NET_CLOSED && s.code == NET_CLOSE_ABNORMAL && s.conn == t.at_server);
    CHECK(c.kind == NET_CLOSED && c.code == NET_CLOSE_ABNORMAL);
    CHECK_STR(c.reason, "connection lost");
    trip_close(&t);
}

static void test_process_ends(void) {
    trip t;
    REQUIRE(trip_open(&t, (net_link_def){.seed = 1, .latency_us = 30 * MS}));
    ae_error err = {{0}};
    net_transport *second = net_link_connect(t.link, "127.0.0.2", &err);
    REQUIRE(second);
    // The first client's process ends: the server hears one trip later.
    net_transport_destroy(t.client);
    t.client = second;
    net_event s = {0}, c = {0};
    watch_close(&t, 200, &s, &c, NULL);
    CHECK(s.kind == NET_CLOSED && s.code == NET_CLOSE_ABNORMAL);
    CHECK_STR(s.reason, "connection lost");
    CHECK(c.kind != NET_CLOSED);
    // Now the server's: the second client is dropped.
    net_transport_destroy(t.server);
    t.server = NULL;
    watch_close(&t, 200, &s, &c, NULL);
    CHECK(c.kind == NET_CLOSED && c.code == NET_CLOSE_ABNORMAL);
    trip_close(&t);
}

static void test_refused_without_server(void) {
    size_t live = ae_live_bytes();
    ae_error err = {{0}};
    net_link *link = net_link_create(&(net_link_def){.seed = 1, .latency_us = 10 * MS}, &err);
    REQUIRE(link);
    net_transport *client = net_link_connect(link, "127.0.0.1", &err);
    REQUIRE(client);
    int opened = 0, closed = 0;
    for (uint64_t now = 0; now < 100 * MS; now += MS) {
        net_link_set_time(link, now);
        net_event ev;
        while (net_poll(client, &ev)) {
            opened += ev.kind == NET_OPENED;
            if (ev.kind != NET_CLOSED) continue;
            closed++;
            CHECK(ev.code == NET_CLOSE_ABNORMAL);
            CHECK_STR(ev.reason, "connection refused");
            CHECK(now >= 20 * MS); // one round trip
        }
    }
    CHECK(opened == 0 && closed == 1);
    CHECK(!net_link_connect(link, "", &err));
    CHECK(!net_link_create(&(net_link_def){.loss = 1.5}, &err));
    net_link_destroy(link);
    CHECK(ae_live_bytes() == live);
}

static void test_close_timeout(void) {
    trip t;
    net_link_def def = {.seed = 1, .latency_us = 10 * MS, .window = 4096};
    REQUIRE(trip_open(&t, def));
    uint8_t buf[1000] = {0};
    // The client never reads: the window fills and the close cannot get through.
    for (int i = 0; i < 10; i++) CHECK(net_send(t.server, t.at_server, buf, sizeof buf));
    uint64_t closed_at = net_link_time(t.link);
    net_close(t.server, t.at_server, NET_CLOSE_POLICY, "too slow");
    uint64_t server_saw = 0;
    for (uint64_t now = closed_at; now < closed_at + 6000 * MS && !server_saw; now += MS) {
        net_link_set_time(t.link, now);
        net_event ev;
        while (net_poll(t.server, &ev))
            if (ev.kind == NET_CLOSED) {
                server_saw = now;
                CHECK(ev.code == NET_CLOSE_POLICY);
            }
    }
    CHECK(server_saw == closed_at + NET_LINK_CLOSE_TIMEOUT_US);
    // The client, reading at last, gets what fitted its window, then the drop.
    net_event s = {0}, c = {0};
    int messages = 0;
    watch_close(&t, 100, &s, &c, &messages);
    CHECK(messages == 4);
    CHECK(c.kind == NET_CLOSED && c.code == NET_CLOSE_ABNORMAL);
    trip_close(&t);
}

TEST_MAIN(TEST_CASE(ordered), TEST_CASE(latency_jitter_bounds), TEST_CASE(no_jitter_exact),
          TEST_CASE(loss_stalls_keep_order), TEST_CASE(bandwidth_cap),
          TEST_CASE(same_seed_same_trace), TEST_CASE(max_message), TEST_CASE(per_address_cap),
          TEST_CASE(total_cap), TEST_CASE(non_reader_fills_queue), TEST_CASE(close_code_and_reason),
          TEST_CASE(sever), TEST_CASE(process_ends), TEST_CASE(refused_without_server),
          TEST_CASE(close_timeout))
