// arena-lobby's request reader (lobby_http.h): what it accepts, and each way it refuses.
#include "lobby_http.h"
#include "test.h"

static long parse(const char *text, lobby_request *r) {
    const char *why;
    return lobby_http_parse(text, strlen(text), r, &why);
}

static void test_good_requests(void) {
    lobby_request r;
    const char *get = "GET /arena.wasm?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nAccept: */*\r\n\r\n";
    CHECK(parse(get, &r) == (long)strlen(get));
    CHECK(r.method == LOBBY_GET);
    CHECK_STR(r.path, "/arena.wasm");
    CHECK_STR(r.host, "127.0.0.1");
    const char *post = "POST /quick-play HTTP/1.1\r\nhost: [::1]:80\r\nContent-Length: 0\r\n\r\n";
    CHECK(parse(post, &r) == (long)strlen(post));
    CHECK(r.method == LOBBY_POST);
    CHECK_STR(r.host, "[::1]");
    CHECK(parse("GET /a%20b HTTP/1.0\r\n\r\n", &r) > 0); // 1.0 needs no Host
    CHECK_STR(r.path, "/a b");
    CHECK(parse("BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n", &r) > 0); // the router answers 405
    CHECK(r.method == LOBBY_OTHER);
}

static void test_incomplete_waits(void) {
    lobby_request r;
    CHECK(parse("", &r) == 0);
    CHECK(parse("GET / HTTP/1.1\r\nHost: x\r\n", &r) == 0);
    CHECK(parse("GET / HTTP/1.1\r\nHost: x\r\n\r", &r) == 0);
}

static void expect(const char *text, long status) {
    lobby_request r;
    const char *why = NULL;
    long got = lobby_http_parse(text, strlen(text), &r, &why);
    if (got != -status) fprintf(stderr, "%s -> %ld (%s), wanted -%ld\n", text, got, why, status);
    CHECK(got == -status);
    CHECK(why && why[0]);
}

static void test_paths_refused(void) {
    expect("GET // HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    expect("GET /a//b HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    expect("GET /../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    expect("GET /a/./b HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    expect("GET /%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", 400); // decoded: ".."
    expect("GET /a%2fb HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    expect("GET /a%00b HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    expect("GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    expect("GET /%4 HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    expect("GET /a\\b HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    expect("GET http://x/ HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    expect("GET * HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    expect("GET /a#b HTTP/1.1\r\nHost: x\r\n\r\n", 400);
}

static void test_syntax_refused(void) {
    expect("GET /\r\n\r\n", 400);                     // HTTP/0.9
    expect("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 400); // not ours
    expect("GET / HTTP/1.1\r\n\r\n", 400);            // no Host
    expect("GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 400);
    expect("GET / HTTP/1.1\r\nHost: x\nY: z\r\n\r\n", 400); // a bare LF
    expect("GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n", 400);
    expect("GET / HTTP/1.1\r\nHost: x\r\nNo colon\r\n\r\n", 400);
    expect("GET / HTTP/1.1\r\nHost: x/y\r\n\r\n", 400);
    expect("POST /quick-play HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 400);
    expect("POST /quick-play HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400);
    expect("G\x01T / HTTP/1.1\r\nHost: x\r\n\r\n", 400);
    expect("\x16\x03\x01\x02\x00", 400); // a TLS hello, at its first byte
}

static void test_sizes_refused(void) {
    expect("POST /quick-play HTTP/1.1\r\nHost: x\r\nContent-Length: 1025\r\n\r\n", 413);
    expect("POST /quick-play HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999\r\n\r\n", 413);
    static char big[LOBBY_HEAD_MAX + 64];
    memset(big, 'a', sizeof big - 1);
    memcpy(big, "GET /", 5);
    expect(big, 414); // no line end in sight
    snprintf(big, sizeof big, "GET / HTTP/1.1\r\nHost: x\r\nX: ");
    memset(big + strlen(big), 'b', sizeof big - 1 - strlen(big));
    big[sizeof big - 1] = '\0';
    expect(big, 431); // headers past the limit, never ending
    char many[8000] = "GET / HTTP/1.1\r\nHost: x\r\n";
    for (int i = 0; i < 70; i++) strcat(many, "A: b\r\n");
    strcat(many, "\r\n");
    expect(many, 431);
}

TEST_MAIN(TEST_CASE(good_requests), TEST_CASE(incomplete_waits), TEST_CASE(paths_refused),
          TEST_CASE(syntax_refused), TEST_CASE(sizes_refused))
