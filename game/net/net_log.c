// Quoting for the server's key=value log lines (net_log.h).
#include "net_log.h"

#include "net_proto.h"

#include <stdio.h>
#include <string.h>

// The length of the printable UTF-8 character at s (at most n bytes), 0 when there is none:
// net_name_valid's rules (no C0, DEL or C1 controls, nothing malformed) for one character.
static size_t printable_char(const char *s, size_t n) {
    for (size_t len = 1; len <= 4 && len <= n; len++)
        if (net_name_valid(s, len)) return len;
    return 0;
}

void net_log_quote(char *out, size_t cap, const char *s) {
    if (cap < 3) {
        if (cap) out[0] = '\0';
        return;
    }
    size_t at = 0, n = strlen(s);
    out[at++] = '"';
    for (size_t i = 0; i < n;) {
        char piece[5];
        size_t len = 0, take = 1;
        if (s[i] == '"' || s[i] == '\\') {
            piece[0] = '\\', piece[1] = s[i], len = 2;
        } else if ((take = printable_char(s + i, n - i)) > 0) {
            memcpy(piece, s + i, take);
            len = take;
        } else {
            take = 1;
            snprintf(piece, sizeof piece, "\\x%02x", (unsigned char)s[i]);
            len = 4;
        }
        if (at + len + 2 > cap) break; // room for the closing quote and the zero
        memcpy(out + at, piece, len);
        at += len;
        i += take;
    }
    out[at++] = '"';
    out[at] = '\0';
}
