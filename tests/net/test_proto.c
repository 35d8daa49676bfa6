// The online protocol's messages (net_proto.h):
// - round_trip: every message type encodes and decodes to the same fields, on its own side only;
// - truncated_and_corrupted: every cut and every one-byte change of a valid message is refused
//   with one line, or decodes to a message that encodes back to exactly those bytes (so every
//   value is in range: the encoder writes nothing out of range);
// - names: the name rules (UTF-8, 1 .. 24 bytes, no control characters);
// - refusals: a wrong version, an unknown type, trailing bytes and an out-of-range field are
//   refused with a reason that says so;
// - token_hex: a lobby's token as text (32 hex digits) and what is refused;
// - urls: the server addresses both WebSocket transports read (net_url.h).
#include "test.h"

#include "net_proto.h"
#include "net_token.h"
#include "net_url.h"

#include <stdio.h>
#include <string.h>

static uint8_t config_bytes[SIM_CONFIG_MAX_BYTES];
static const uint8_t map_bytes[] = {0x89, 'P', 'N', 'G', 1, 2, 3, 4, 5};
static const uint8_t replay_bytes[] = {'A', 'R', 'P', 'L', 9, 8, 7};
static const uint8_t frame_bytes[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

// One valid message of each type.
static int sample_messages(net_msg *m) {
    int n = 0;
    memset(m, 0, 10 * sizeof *m);
    m[n].type = NET_MSG_HELLO;
    m[n].u.hello.version = NET_PROTOCOL_VERSION;
    strcpy(m[n].u.hello.name, "Zo\xc3\xab");
    for (int i = 0; i < NET_TOKEN_BYTES; i++) m[n].u.hello.token[i] = (uint8_t)(i * 17 + 3);
    n++;
    m[n].type = NET_MSG_INPUT;
    m[n].u.input.tick = 1234;
    m[n].u.input.count = 3;
    for (int k = 0; k < 3; k++) {
        sim_input_set_move(&m[n].u.input.input[k], (vec2s){{0.5f, -0.25f * (float)k}});
        sim_input_set_aim(&m[n].u.input.input[k], (vec2s){{-1.0f, 2.0f}});
        m[n].u.input.input[k].buttons = SIM_BUTTON_FIRE | SIM_BUTTON_BLINK;
        m[n].u.input.input[k].skill_pick = (uint8_t)k;
    }
    n++;
    m[n++].type = NET_MSG_BYE;
    m[n].type = NET_MSG_PING;
    m[n++].u.ping.time = 0xdeadbeef;
    m[n].type = NET_MSG_PONG;
    m[n++].u.ping.time = 77;
    sim_config cfg = sim_default_config();
    const size_t config_size = sim_config_pack(&cfg, config_bytes);
    m[n].type = NET_MSG_WELCOME;
    net_welcome *w = &m[n++].u.welcome;
    w->version = NET_PROTOCOL_VERSION;
    w->slot = 3;
    w->agent = 17;
    w->agents = 30;
    w->tick = 600;
    w->tick_rate = NET_TICK_RATE;
    w->snapshot_every = NET_SNAPSHOT_EVERY;
    memset(w->token, 0xa5, sizeof w->token);
    w->config = (net_bytes){config_bytes, (uint32_t)config_size};
    strcpy(w->map_name, "arena");
    w->map_hash = 0x0123456789abcdefull;
    w->map = (net_bytes){map_bytes, sizeof map_bytes};
    m[n].type = NET_MSG_SNAPSHOT;
    m[n++].u.snapshot = (net_bytes){frame_bytes, sizeof frame_bytes};
    m[n].type = NET_MSG_NAME;
    m[n].u.names.count = 2;
    m[n].u.names.name[0].agent = 999;
    strcpy(m[n].u.names.name[0].name, "player one");
    m[n].u.names.name[1].agent = 0;
    strcpy(m[n++].u.names.name[1].name, "Ada");
    m[n].type = NET_MSG_END;
    m[n].u.end = (net_end){-1, 4, 9000, 0xfeedfacecafebeefull, 123456};
    n++;
    m[n].type = NET_MSG_REPLAY_CHUNK;
    m[n++].u.chunk = (net_replay_chunk){49152, {replay_bytes, sizeof replay_bytes}};
    return n;
}

static bool is_up(net_msg_type t) {
    return t <= NET_MSG_PONG;
}

static bool decode(bool up, const uint8_t *b, size_t n, net_msg *out, char *err) {
    return up ? net_msg_decode_up(b, n, out, err, 200) : net_msg_decode_down(b, n, out, err, 200);
}

static bool one_line(const char *err) {
    return err[0] && !strchr(err, '\n');
}

static void test_round_trip(void) {
    net_msg m[10];
    const int n = sample_messages(m);
    CHECK(n == 10);
    for (int i = 0; i < n; i++) {
        uint8_t buf[NET_MSG_MAX_BYTES], again[NET_MSG_MAX_BYTES];
        const size_t size = net_msg_encode(&m[i], buf, sizeof buf);
        REQUIRE(size > 0);
        CHECK(buf[0] == m[i].type);
        net_msg d;
        char err[200] = "";
        const bool up = is_up(m[i].type);
        REQUIRE(decode(up, buf, size, &d, err));
        CHECK(d.type == m[i].type);
        CHECK(net_msg_encode(&d, again, sizeof again) == size && !memcmp(buf, again, size));
        // PING and PONG go both ways; the others only one.
        const bool both = m[i].type == NET_MSG_PING || m[i].type == NET_MSG_PONG;
        CHECK(decode(!up, buf, size, &d, err) == both);
        if (!both) CHECK(one_line(err) && strstr(err, up ? "client's" : "server's"));
        // Too small a buffer writes nothing.
        CHECK(net_msg_encode(&m[i], buf, size - 1) == 0);
    }
    // The fields themselves.
    uint8_t buf[NET_MSG_MAX_BYTES];
    net_msg d;
    char err[200];
    size_t size = net_msg_encode(&m[0], buf, sizeof buf);
    REQUIRE(net_msg_decode_up(buf, size, &d, err, sizeof err));
    CHECK_STR(d.u.hello.name, "Zo\xc3\xab");
    CHECK(!memcmp(d.u.hello.token, m[0].u.hello.token, NET_TOKEN_BYTES));
    size = net_msg_encode(&m[1], buf, sizeof buf);
    CHECK(size == 1 + 4 + 1 + 3 * SIM_INPUT_BYTES);
    REQUIRE(net_msg_decode_up(buf, size, &d, err, sizeof err));
    CHECK(d.u.input.tick == 1234 && d.u.input.count == 3);
    CHECK(!memcmp(&d.u.input.input[2], &m[1].u.input.input[2], sizeof(sim_input)));
    size = net_msg_encode(&m[5], buf, sizeof buf);
    REQUIRE(net_msg_decode_down(buf, size, &d, err, sizeof err));
    CHECK(d.u.welcome.agent == 17 && d.u.welcome.slot == 3 && d.u.welcome.tick == 600);
    CHECK_STR(d.u.welcome.map_name, "arena");
    CHECK(d.u.welcome.map_hash == 0x0123456789abcdefull);
    CHECK(d.u.welcome.map.size == sizeof map_bytes &&
          !memcmp(d.u.welcome.map.data, map_bytes, sizeof map_bytes));
    CHECK(d.u.welcome.config.size == m[5].u.welcome.config.size);
    size = net_msg_encode(&m[8], buf, sizeof buf);
    REQUIRE(net_msg_decode_down(buf, size, &d, err, sizeof err));
    CHECK(d.u.end.winner == -1 && d.u.end.placement == 4 && d.u.end.hash == 0xfeedfacecafebeefull);
    CHECK(d.u.end.replay_size == 123456);
}

static void test_truncated_and_corrupted(void) {
    net_msg m[10];
    const int n = sample_messages(m);
    long refused = 0, accepted = 0;
    for (int i = 0; i < n; i++) {
        uint8_t buf[NET_MSG_MAX_BYTES], bad[NET_MSG_MAX_BYTES], again[NET_MSG_MAX_BYTES];
        const size_t size = net_msg_encode(&m[i], buf, sizeof buf);
        REQUIRE(size > 0);
        const bool up = is_up(m[i].type);
        net_msg d;
        char err[200];
        // Every cut is refused, except of the messages whose last part is "the rest".
        for (size_t cut = 0; cut < size; cut++) {
            err[0] = 0;
            const bool ok = decode(up, buf, cut, &d, err);
            const bool rest = m[i].type == NET_MSG_SNAPSHOT || m[i].type == NET_MSG_REPLAY_CHUNK;
            if (ok) {
                CHECK(rest);
                CHECK(net_msg_encode(&d, again, sizeof again) == cut && !memcmp(again, buf, cut));
            } else {
                CHECK(one_line(err));
            }
        }
        // Every byte changed to every other value: refused with one line, or canonical.
        for (size_t at = 0; at < size; at++) {
            for (int v = 0; v < 256; v++) {
                if (v == buf[at]) continue;
                memcpy(bad, buf, size);
                bad[at] = (uint8_t)v;
                err[0] = 0;
                if (decode(up, bad, size, &d, err) || decode(!up, bad, size, &d, err)) {
                    accepted++;
                    const size_t again_size = net_msg_encode(&d, again, sizeof again);
                    CHECK(again_size == size && !memcmp(again, bad, size));
                } else {
                    refused++;
                    CHECK(one_line(err));
                }
            }
        }
        // A byte more is refused.
        memcpy(bad, buf, size);
        bad[size] = 0;
        if (m[i].type != NET_MSG_SNAPSHOT && m[i].type != NET_MSG_REPLAY_CHUNK)
            CHECK(!decode(up, bad, size + 1, &d, err) && strstr(err, "past its end"));
    }
    printf("corruptions: %ld refused, %ld decoded to an in-range message\n", refused, accepted);
    CHECK(refused > 0 && accepted > 0);
}

static void test_names(void) {
    CHECK(net_name_valid("a", 1));
    CHECK(net_name_valid("Zo\xc3\xab", 4));
    CHECK(net_name_valid("\xf0\x9f\x99\x82 smile", 10)); // U+1F642
    CHECK(net_name_valid("abcdefghijklmnopqrstuvwx", 24));
    CHECK(!net_name_valid("", 0));
    CHECK(!net_name_valid("abcdefghijklmnopqrstuvwxy", 25));
    CHECK(!net_name_valid("a\nb", 3));
    CHECK(!net_name_valid("a\x7f", 2));
    CHECK(!net_name_valid("a\xc2\x85", 3));        // C1 NEL
    CHECK(!net_name_valid("\xc0\x80", 2));         // overlong NUL
    CHECK(!net_name_valid("\xed\xa0\x80", 3));     // a surrogate
    CHECK(!net_name_valid("\xf4\x90\x80\x80", 4)); // past U+10FFFF
    CHECK(!net_name_valid("\xc3", 1));             // cut short
    CHECK(!net_name_valid("a\0b", 3));
    // The encoder refuses what the decoder would.
    net_msg m = {.type = NET_MSG_HELLO};
    m.u.hello.version = NET_PROTOCOL_VERSION;
    strcpy(m.u.hello.name, "tab\there");
    uint8_t buf[64];
    CHECK(net_msg_encode(&m, buf, sizeof buf) == 0);
    m.u.hello.name[0] = 0;
    CHECK(net_msg_encode(&m, buf, sizeof buf) == 0);
}

static void test_refusals(void) {
    net_msg m[10], d;
    sample_messages(m);
    uint8_t buf[NET_MSG_MAX_BYTES];
    char err[200];
    size_t size = net_msg_encode(&m[0], buf, sizeof buf);
    buf[1] = NET_PROTOCOL_VERSION + 1;
    CHECK(!net_msg_decode_up(buf, size, &d, err, sizeof err));
    char want[64];
    snprintf(want, sizeof want, "HELLO: version is %d, expected %d", NET_PROTOCOL_VERSION + 1,
             NET_PROTOCOL_VERSION);
    CHECK(strstr(err, want) != NULL);
    const uint8_t unknown[] = {99, 0, 0};
    CHECK(!net_msg_decode_up(unknown, sizeof unknown, &d, err, sizeof err));
    CHECK(strstr(err, "unknown") != NULL);
    CHECK(!net_msg_decode_down(NULL, 0, &d, err, sizeof err) && strstr(err, "empty"));
    // An input with a button bit the sim does not know.
    size = net_msg_encode(&m[1], buf, sizeof buf);
    buf[1 + 4 + 1 + 6] = 0x80;
    CHECK(!net_msg_decode_up(buf, size, &d, err, sizeof err) && strstr(err, "out of range"));
    // More inputs than ticks before this one.
    m[1].u.input.tick = 1;
    CHECK(net_msg_encode(&m[1], buf, sizeof buf) == 0);
    // A config out of range in WELCOME names the field.
    sim_config cfg = sim_default_config();
    cfg.rules.agent_speed = 1000.0f;
    uint8_t bad_config[SIM_CONFIG_MAX_BYTES];
    m[5].u.welcome.config = (net_bytes){bad_config, (uint32_t)sim_config_pack(&cfg, bad_config)};
    CHECK(net_msg_encode(&m[5], buf, sizeof buf) == 0);
    // A map name that is a path is refused.
    sample_messages(m);
    strcpy(m[5].u.welcome.map_name, "../etc");
    CHECK(net_msg_encode(&m[5], buf, sizeof buf) == 0);
    // A replay chunk past the largest replay.
    m[9].u.chunk.offset = NET_REPLAY_MAX - 2;
    CHECK(net_msg_encode(&m[9], buf, sizeof buf) == 0);
}

static void test_token_hex(void) {
    uint8_t t[NET_TOKEN_BYTES];
    CHECK(net_hex_read("00112233445566778899aabbccddeeFF", t, sizeof t));
    CHECK(t[0] == 0x00 && t[1] == 0x11 && t[10] == 0xaa && t[15] == 0xff);
    static const char *bad[] = {NULL,
                                "",
                                "00112233445566778899aabbccddeef",   // 31 digits
                                "00112233445566778899aabbccddeeff0", // 33
                                "00112233445566778899aabbccddeefg",
                                "0x112233445566778899aabbccddeeff",
                                " 0112233445566778899aabbccddeeff"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(t, 7, sizeof t);
        CHECK(!net_hex_read(bad[i], t, sizeof t));
        CHECK(t[0] == 7 && t[15] == 7); // untouched
    }
}

static void test_urls(void) {
    net_url u;
    REQUIRE(net_url_parse("ws://127.0.0.1:7777", &u));
    CHECK(!u.tls && u.port == 7777);
    CHECK_STR(u.host, "127.0.0.1");
    CHECK_STR(u.path, "/");
    REQUIRE(net_url_parse("wss://example.org/arena", &u));
    CHECK(u.tls && u.port == 443);
    CHECK_STR(u.host, "example.org");
    CHECK_STR(u.path, "/arena");
    REQUIRE(net_url_parse("ws://[::1]:80/x", &u));
    CHECK(u.port == 80);
    CHECK_STR(u.host, "::1");
    REQUIRE(net_url_parse("ws://h", &u));
    CHECK(u.port == 80);
    static const char *bad[] = {"",          "127.0.0.1:7777", "http://h/",     "ws://",
                                "ws://:1/",  "wss://h:0/",     "ws://h:65536/", "ws://h:7x/",
                                "ws://[::1", "ws://h/a b",     "ws://a b/",     "ws://h\n:1/"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) CHECK(!net_url_parse(bad[i], &u));
    CHECK(!net_url_parse(NULL, &u));
    // A lobby's address, by the same rules.
    REQUIRE(net_url_parse_http("http://[::1]:8080/", &u));
    CHECK(!u.tls && u.port == 8080);
    CHECK_STR(u.host, "::1");
    REQUIRE(net_url_parse_http("http://lobby", &u));
    CHECK(u.port == 80);
    CHECK_STR(u.path, "/");
    CHECK(!net_url_parse_http("ws://h", &u) && !net_url_parse_http("http://h:0", &u) &&
          !net_url_parse_http("http://", &u) && !net_url_parse_http(NULL, &u));
}

TEST_MAIN(TEST_CASE(round_trip), TEST_CASE(truncated_and_corrupted), TEST_CASE(names),
          TEST_CASE(refusals), TEST_CASE(token_hex), TEST_CASE(urls))
