// Players' names (session.h, session_name_valid): short UTF-8 without control characters, so a
// name drawn on the HUD or printed in a message is only what it looks like.
#include "session.h"

/// The length of the well-formed UTF-8 sequence at s (n bytes left) and its code point, or 0.
static size_t utf8_next(const unsigned char *s, size_t n, uint32_t *cp) {
    static const uint32_t least[5] = {0, 0, 0x80, 0x800, 0x10000}; // no overlong forms
    const unsigned char c = s[0];
    size_t len = c < 0x80             ? 1
                 : (c & 0xE0) == 0xC0 ? 2
                 : (c & 0xF0) == 0xE0 ? 3
                 : (c & 0xF8) == 0xF0 ? 4
                                      : 0;
    if (len == 0 || len > n) return 0;
    uint32_t v = len == 1 ? c : c & (0x7Fu >> len);
    for (size_t k = 1; k < len; k++) {
        if ((s[k] & 0xC0) != 0x80) return 0;
        v = v << 6 | (s[k] & 0x3Fu);
    }
    if (v < least[len] || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0;
    *cp = v;
    return len;
}

bool session_name_valid(const char *name, size_t len) {
    if (len < 1 || len > SESSION_NAME_MAX) return false;
    const unsigned char *s = (const unsigned char *)name;
    for (size_t at = 0; at < len;) {
        uint32_t cp;
        const size_t n = utf8_next(s + at, len - at, &cp);
        if (n == 0 || cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) return false;
        at += n;
    }
    return true;
}
