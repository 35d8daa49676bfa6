// The lobby's join tokens (net_token.h): a server with the key knows its tokens and no other.
#include "net_token.h"
#include "test.h"

static const uint8_t key[NET_TOKEN_KEY_BYTES] = {1, 2,  3,  4,  5,  6,  7,  8,
                                                 9, 10, 11, 12, 13, 14, 15, 16};

static void test_valid_below_count(void) {
    uint8_t t[NET_TOKEN_BYTES];
    net_token_derive(key, 3, t);
    CHECK(net_token_valid(key, 4, t));
    CHECK(!net_token_valid(key, 3, t)); // the 4th seat's token is no token of a 3-seat match
}

static void test_other_key_or_bit_refused(void) {
    uint8_t t[NET_TOKEN_BYTES], other[NET_TOKEN_KEY_BYTES];
    net_token_derive(key, 0, t);
    memcpy(other, key, sizeof other);
    other[15] ^= 1;
    CHECK(!net_token_valid(other, 100, t));
    for (int bit = 0; bit < 8 * NET_TOKEN_BYTES; bit++) {
        t[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        CHECK(!net_token_valid(key, 100, t));
        t[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
    CHECK(net_token_valid(key, 1, t));
}

static void test_tokens_differ(void) {
    uint8_t a[NET_TOKEN_BYTES], b[NET_TOKEN_BYTES];
    for (uint32_t k = 0; k < 100; k++) {
        net_token_derive(key, k, a);
        net_token_derive(key, k + 1, b);
        CHECK(memcmp(a, b, sizeof a) != 0);
        CHECK(memcmp(a, b + 8, 8) != 0); // the halves are not one value twice
    }
}

static void test_hex(void) {
    uint8_t b[4];
    char s[9];
    CHECK(net_hex_read("00fFa9Z1", b, 4) == false);
    CHECK(net_hex_read("00fFa91", b, 4) == false);
    CHECK(net_hex_read("00fFa910", b, 4));
    CHECK(b[0] == 0 && b[1] == 0xff && b[2] == 0xa9 && b[3] == 0x10);
    net_hex_write(b, 4, s);
    CHECK_STR(s, "00ffa910");
}

TEST_MAIN(TEST_CASE(valid_below_count), TEST_CASE(other_key_or_bit_refused),
          TEST_CASE(tokens_differ), TEST_CASE(hex))
