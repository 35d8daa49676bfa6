#include "net_proto.h"

#include <string.h>

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool net_token_from_hex(const char *hex, uint8_t out[NET_TOKEN_BYTES]) {
    if (!hex || strlen(hex) != 2 * NET_TOKEN_BYTES) return false;
    uint8_t bytes[NET_TOKEN_BYTES];
    for (int i = 0; i < NET_TOKEN_BYTES; i++) {
        const int hi = hex_digit(hex[2 * i]), lo = hex_digit(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return false;
        bytes[i] = (uint8_t)(hi << 4 | lo);
    }
    memcpy(out, bytes, sizeof bytes);
    return true;
}
