// ae_quote: names in one-line messages (see ae_quote.h).
#include "arena/ae_quote.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

// Length of the valid UTF-8 sequence at s that is printable (not a C1 control, U+0080..U+009F),
// or 0. Plain ASCII is handled by the caller.
static size_t printable_utf8(const unsigned char *s) {
    unsigned char c = s[0];
    size_t n = c >= 0xf0 && c <= 0xf4  ? 4
               : c >= 0xe0 && c < 0xf0 ? 3
               : c >= 0xc2 && c < 0xe0 ? 2
                                       : 0;
    if (n == 0) return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    if (n == 2 && c == 0xc2 && s[1] < 0xa0) return 0;  // C1 control
    if (n == 3 && c == 0xe0 && s[1] < 0xa0) return 0;  // overlong
    if (n == 3 && c == 0xed && s[1] >= 0xa0) return 0; // surrogate
    if (n == 4 && c == 0xf0 && s[1] < 0x90) return 0;  // overlong
    if (n == 4 && c == 0xf4 && s[1] >= 0x90) return 0; // beyond U+10FFFF
    return n;
}

// Length of the character at s when it can be shown as it is, else 0.
static size_t plain_char(const unsigned char *s) {
    if (s[0] >= 0x20 && s[0] < 0x7f) return 1;
    return s[0] >= 0x80 ? printable_utf8(s) : 0;
}

static bool needs_quotes(const char *name) {
    if (!name[0] || name[0] == '"') return true;
    for (const unsigned char *p = (const unsigned char *)name; *p;) {
        size_t n = plain_char(p);
        if (!n) return true;
        p += n;
    }
    return false;
}

const char *ae_quote(const char *name, char *buf, size_t cap) {
    if (!needs_quotes(name)) return name;
    // buf holds the opening quote, the escaped text, "..." when cut, the closing quote and the
    // terminating NUL: the text may take cap - 6 bytes, so len (quote included) stays <= cap - 5.
    const size_t room = cap - 5;
    size_t len = 0;
    buf[len++] = '"';
    bool cut = false;
    for (const unsigned char *p = (const unsigned char *)name; *p && !cut;) {
        char esc[8];
        size_t n = plain_char(p), w;
        if (n && *p != '"' && *p != '\\') {
            memcpy(esc, p, n);
            w = n;
        } else {
            n = 1;
            const char *named = *p == '\n'   ? "\\n"
                                : *p == '\r' ? "\\r"
                                : *p == '\t' ? "\\t"
                                : *p == '"'  ? "\\\""
                                : *p == '\\' ? "\\\\"
                                             : NULL;
            w = named ? (size_t)snprintf(esc, sizeof esc, "%s", named)
                      : (size_t)snprintf(esc, sizeof esc, "\\x%02x", *p);
        }
        if (len + w > room) {
            cut = true;
            break;
        }
        memcpy(buf + len, esc, w);
        len += w;
        p += n;
    }
    if (cut) {
        memcpy(buf + len, "...", 3);
        len += 3;
    }
    buf[len++] = '"';
    buf[len] = '\0';
    return buf;
}
