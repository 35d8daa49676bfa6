// The server's log values (net_log.h): whatever a player names itself or a peer sends as a close
// reason, the quoted value is one field on one line.
#include "net_log.h"
#include "test.h"

static void test_quote_plain(void) {
    char out[NET_LOG_QUOTED_MAX];
    net_log_quote(out, sizeof out, "bob");
    CHECK_STR(out, "\"bob\"");
    net_log_quote(out, sizeof out, "");
    CHECK_STR(out, "\"\"");
    net_log_quote(out, sizeof out, "Zo\xc3\xab name=x"); // UTF-8 and spaces stay inside
    CHECK_STR(out, "\"Zo\xc3\xab name=x\"");
}

static void test_quote_escapes(void) {
    char out[NET_LOG_QUOTED_MAX];
    net_log_quote(out, sizeof out, "a\"b\\c");
    CHECK_STR(out, "\"a\\\"b\\\\c\"");
    // A newline cannot start a forged line; other controls, DEL, a C1 control in UTF-8 and a
    // byte that is no UTF-8 are escaped too.
    net_log_quote(out, sizeof out, "x\nevent=join\r\t\x7f\xc2\x85\xff");
    CHECK_STR(out, "\"x\\x0aevent=join\\x0d\\x09\\x7f\\xc2\\x85\\xff\"");
}

static void test_quote_cut(void) {
    char out[8];
    net_log_quote(out, sizeof out, "abcdefghij");
    CHECK_STR(out, "\"abcde\"");
    net_log_quote(out, sizeof out, "ab\ncd"); // an escape is never cut in half
    CHECK_STR(out, "\"ab\"");
    // The longest close reason, every byte escaped, fits NET_LOG_QUOTED_MAX.
    char reason[124];
    memset(reason, 1, sizeof reason - 1);
    reason[sizeof reason - 1] = '\0';
    char big[NET_LOG_QUOTED_MAX];
    net_log_quote(big, sizeof big, reason);
    CHECK(strlen(big) == 2 + 4 * 123);
}

TEST_MAIN(TEST_CASE(quote_plain), TEST_CASE(quote_escapes), TEST_CASE(quote_cut))
