// The WebSocket transport over real sockets, on 127.0.0.1 only, on a port the system picks.
// Every loop is bounded by a count of service calls (each waits at most a few ms), so a case
// that goes wrong fails instead of hanging; no case measures time.
#include "net_ws.h"
#include "test.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#define ROUNDS 2000 // service calls at most per wait, of at most 5 ms each

typedef struct side_log {
    int opened, closed, messages;
    net_conn last_open;
    uint16_t code;
    char reason[NET_REASON_MAX];
} side_log;

static void note(side_log *log, const net_event *ev) {
    if (ev->kind == NET_OPENED) log->opened++, log->last_open = ev->conn;
    if (ev->kind == NET_MESSAGE) log->messages++;
    if (ev->kind != NET_CLOSED) return;
    log->closed++;
    log->code = ev->code;
    memcpy(log->reason, ev->reason, sizeof ev->reason);
}

// Services the server and the clients, logging their events, until done() or ROUNDS.
typedef bool done_fn(side_log *server, side_log *clients);
static bool run(net_transport *server, side_log *slog, net_transport **clients, side_log *clogs,
                int n, done_fn *done) {
    for (int round = 0; round < ROUNDS; round++) {
        net_event ev;
        if (server) {
            net_service(server, n ? 1 : 5);
            while (net_poll(server, &ev)) note(slog, &ev);
        }
        for (int i = 0; i < n; i++) {
            net_service(clients[i], 1);
            while (net_poll(clients[i], &ev)) note(&clogs[i], &ev);
        }
        if (done(slog, clogs)) return true;
    }
    return false;
}

static bool both_open(side_log *s, side_log *c) {
    return s->opened >= 1 && c[0].opened >= 1;
}
static bool client_closed(side_log *s, side_log *c) {
    (void)s;
    return c[0].closed >= 1;
}
static bool both_closed(side_log *s, side_log *c) {
    return s->closed >= 1 && c[0].closed >= 1;
}

static net_transport *listen_any(const net_limits *limits, char *url, size_t size) {
    ae_error err = {{0}};
    net_transport *server = net_ws_listen("127.0.0.1", 0, limits, &err);
    if (!server) fprintf(stderr, "listen: %s\n", err.msg);
    if (server) snprintf(url, size, "ws://127.0.0.1:%d/", net_ws_port(server));
    return server;
}

static net_transport *connect_to(const char *url, const net_limits *limits) {
    ae_error err = {{0}};
    net_transport *c = net_ws_connect(url, limits, &err);
    if (!c) fprintf(stderr, "connect: %s\n", err.msg);
    return c;
}

static const net_conn CLIENT = 1u | 1u << 16;

static void test_echo(void) {
    size_t live = ae_live_bytes();
    char url[64];
    net_transport *server = listen_any(NULL, url, sizeof url);
    REQUIRE(server);
    CHECK(net_ws_port(server) > 0);
    net_transport *client = connect_to(url, NULL);
    REQUIRE(client);
    side_log s = {0}, c = {0};
    REQUIRE(run(server, &s, &client, &c, 1, both_open));
    char peer[NET_PEER_MAX];
    CHECK(net_peer(server, s.last_open, peer, sizeof peer));
    CHECK_STR(peer, "127.0.0.1");
    // Sizes across the frame header's three forms, up to 60 kB; the server echoes each.
    static const size_t sizes[] = {1, 2, 125, 126, 127, 1000, 4096, 65535 - 10, 60000};
    enum { N = sizeof sizes / sizeof sizes[0] };
    static uint8_t buf[65536];
    for (size_t i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(i * 7 + i / 251);
    for (int i = 0; i < N; i++) CHECK(net_send(client, CLIENT, buf + i, sizes[i]));
    int echoed = 0, back = 0;
    for (int round = 0; round < ROUNDS && back < N; round++) {
        net_event ev;
        net_service(server, 1);
        while (net_poll(server, &ev)) {
            if (ev.kind != NET_MESSAGE) continue;
            CHECK(ev.size == sizes[echoed] && memcmp(ev.data, buf + echoed, ev.size) == 0);
            CHECK(net_send(server, ev.conn, ev.data, ev.size));
            echoed++;
        }
        net_service(client, 1);
        while (net_poll(client, &ev)) {
            if (ev.kind != NET_MESSAGE) continue;
            CHECK(back < N && ev.size == sizes[back]);
            CHECK(back < N && memcmp(ev.data, buf + back, ev.size) == 0);
            back++;
        }
    }
    CHECK(echoed == N && back == N);
    net_transport_destroy(client);
    net_transport_destroy(server);
    CHECK(ae_live_bytes() == live);
}

static void test_close_reason(void) {
    char url[64];
    net_transport *server = listen_any(NULL, url, sizeof url);
    REQUIRE(server);
    net_transport *clients[2] = {connect_to(url, NULL), connect_to(url, NULL)};
    REQUIRE(clients[0] && clients[1]);
    side_log s = {0}, c[2] = {{0}};
    REQUIRE(run(server, &s, clients, c, 1, both_open));
    // The server closes the first: the client reads the code and the reason.
    uint8_t hi[3] = {1, 2, 3};
    CHECK(net_send(server, s.last_open, hi, 3));
    net_close(server, s.last_open, NET_CLOSE_POLICY, "no HELLO in time");
    CHECK(!net_send(server, s.last_open, hi, 3));
    CHECK(run(server, &s, clients, c, 1, both_closed));
    CHECK(c[0].messages == 1); // what was queued before the close went first
    CHECK(c[0].code == NET_CLOSE_POLICY);
    CHECK_STR(c[0].reason, "no HELLO in time");
    CHECK(s.code == NET_CLOSE_POLICY);
    CHECK(!net_send(server, s.last_open, hi, 3)); // a stale id
    // The second client leaves: the server reads its code and reason.
    side_log s2 = {0};
    REQUIRE(run(server, &s2, clients + 1, c + 1, 1, both_open));
    net_close(clients[1], CLIENT, NET_CLOSE_NORMAL, "player left");
    CHECK(run(server, &s2, clients + 1, c + 1, 1, both_closed));
    CHECK(s2.code == NET_CLOSE_NORMAL);
    CHECK_STR(s2.reason, "player left");
    CHECK(c[1].code == NET_CLOSE_NORMAL);
    net_transport_destroy(clients[0]);
    net_transport_destroy(clients[1]);
    net_transport_destroy(server);
}

static void test_too_big(void) {
    char url[64];
    net_transport *server = listen_any(&(net_limits){.max_message = 1000}, url, sizeof url);
    REQUIRE(server);
    net_transport *client = connect_to(url, NULL);
    REQUIRE(client);
    side_log s = {0}, c = {0};
    REQUIRE(run(server, &s, &client, &c, 1, both_open));
    static uint8_t buf[5000];
    CHECK(net_send(client, CLIENT, buf, 1000));
    CHECK(net_send(client, CLIENT, buf, 5000));
    CHECK(run(server, &s, &client, &c, 1, both_closed));
    CHECK(s.messages == 1);
    CHECK(s.code == NET_CLOSE_TOO_BIG);
    CHECK(c.code == NET_CLOSE_TOO_BIG);
    CHECK_STR(c.reason, "message too big");
    net_transport_destroy(client);
    net_transport_destroy(server);
}

static void test_per_address_cap(void) {
    char url[64];
    net_transport *server = listen_any(&(net_limits){.max_per_address = 1}, url, sizeof url);
    REQUIRE(server);
    net_transport *clients[2] = {connect_to(url, NULL)};
    REQUIRE(clients[0]);
    side_log s = {0}, c[2] = {{0}};
    REQUIRE(run(server, &s, clients, c, 1, both_open));
    clients[1] = connect_to(url, NULL);
    REQUIRE(clients[1]);
    side_log s2 = {0};
    CHECK(run(server, &s2, clients + 1, c + 1, 1, client_closed));
    CHECK(s2.opened == 0); // the server never hears of the refused one
    CHECK(c[1].code == NET_CLOSE_OVERLOADED);
    CHECK_STR(c[1].reason, "too many connections from this address");
    CHECK(c[0].closed == 0);
    net_transport_destroy(clients[0]);
    net_transport_destroy(clients[1]);
    net_transport_destroy(server);
}

// A port on 127.0.0.1 that nothing listens on: bound by us, then let go.
static int closed_port(void) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return 0;
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t len = sizeof a;
    int port = 0;
    if (bind(fd, (struct sockaddr *)&a, sizeof a) == 0 &&
        getsockname(fd, (struct sockaddr *)&a, &len) == 0)
        port = ntohs(a.sin_port);
    close(fd);
    return port;
}

static void test_refused(void) {
    size_t live = ae_live_bytes();
    int port = closed_port();
    REQUIRE(port > 0);
    char url[64];
    snprintf(url, sizeof url, "ws://127.0.0.1:%d/", port);
    net_transport *client = connect_to(url, NULL);
    REQUIRE(client);
    side_log c = {0};
    CHECK(run(NULL, NULL, &client, &c, 1, client_closed));
    CHECK(c.opened == 0);
    CHECK(c.code == NET_CLOSE_ABNORMAL);
    CHECK_STR(c.reason, "connection refused or host unreachable");
    net_transport_destroy(client);
    CHECK(ae_live_bytes() == live);
}

static void test_bad_urls(void) {
    static const char *bad[] = {"",
                                "127.0.0.1:7777",
                                "http://127.0.0.1:7777/",
                                "wss://127.0.0.1:7777/",
                                "ws://",
                                "ws://:7777/",
                                "ws://127.0.0.1:0/",
                                "ws://127.0.0.1:65536/",
                                "ws://127.0.0.1:77x/",
                                "ws://[::1/",
                                "ws://h/a b"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ae_error err = {{0}};
        CHECK(!net_ws_connect(bad[i], NULL, &err));
        CHECK(strstr(err.msg, "ws://HOST:PORT") != NULL);
    }
    ae_error err = {{0}};
    CHECK(!net_ws_listen("127.0.0.1", 70000, NULL, &err));
    CHECK(err.msg[0] != '\0');
    // A port already taken: refused with the address in the reason.
    char url[64];
    net_transport *server = listen_any(NULL, url, sizeof url);
    REQUIRE(server);
    err.msg[0] = '\0';
    CHECK(!net_ws_listen("127.0.0.1", net_ws_port(server), NULL, &err));
    CHECK(strstr(err.msg, "127.0.0.1") != NULL);
    CHECK(strstr(err.msg, "in use") != NULL);
    net_transport_destroy(server);
}

static bool server_closed(side_log *s, side_log *c) {
    (void)c;
    return s->closed >= 1;
}

static void test_non_reader(void) {
    char url[64];
    const size_t cap = 256 * 1024;
    net_transport *server = listen_any(&(net_limits){.max_send_queue = cap}, url, sizeof url);
    REQUIRE(server);
    net_transport *client = connect_to(url, NULL);
    REQUIRE(client);
    side_log s = {0}, c = {0};
    REQUIRE(run(server, &s, &client, &c, 1, both_open));
    // The client stops: no more service, nothing read. The server sends 60 kB at a time.
    static uint8_t buf[60000];
    bool refused = false;
    size_t most = 0;
    for (int round = 0; round < ROUNDS && !refused; round++) {
        refused = !net_send(server, s.last_open, buf, sizeof buf);
        size_t q = net_queued(server, s.last_open);
        most = q > most ? q : most;
        net_service(server, 0);
        net_event ev;
        while (net_poll(server, &ev)) note(&s, &ev);
    }
    CHECK(refused);
    CHECK(most <= cap);
    CHECK(most + sizeof buf > cap); // it failed because the queue was full
    CHECK(s.closed == 0);
    // The server drops it; the silent client's process ends; the server is told.
    net_close(server, s.last_open, NET_CLOSE_POLICY, "not reading");
    net_transport_destroy(client);
    CHECK(run(server, &s, NULL, NULL, 0, server_closed));
    CHECK(net_queued(server, s.last_open) == 0);
    net_transport_destroy(server);
}

TEST_MAIN(TEST_CASE(echo), TEST_CASE(close_reason), TEST_CASE(too_big), TEST_CASE(per_address_cap),
          TEST_CASE(refused), TEST_CASE(bad_urls), TEST_CASE(non_reader))
