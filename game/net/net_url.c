#include "net_url.h"

#include <string.h>

// What follows the scheme's "://", into out (tls already set).
static bool parse_rest(const char *h, net_url *out) {
    const char *end;
    if (*h == '[') {
        end = strchr(h, ']');
        if (!end) return false;
        h++;
    } else {
        end = h + strcspn(h, ":/");
    }
    size_t n = (size_t)(end - h);
    if (!n || n >= sizeof out->host) return false;
    memcpy(out->host, h, n);
    out->host[n] = '\0';
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)out->host[i] <= ' ') return false;
    const char *p = *end == ']' ? end + 1 : end;
    out->port = out->tls ? 443 : 80;
    if (*p == ':') {
        long v = 0;
        int digits = 0;
        for (p++; *p >= '0' && *p <= '9' && digits < 6; p++, digits++) v = v * 10 + (*p - '0');
        if (!digits || v < 1 || v > 65535) return false;
        out->port = (int)v;
    }
    if (*p && *p != '/') return false;
    out->path = *p ? p : "/";
    for (const char *q = out->path; *q; q++) // the request line has no room for them
        if ((unsigned char)*q <= ' ') return false;
    return true;
}

bool net_url_parse(const char *url, net_url *out) {
    if (!url) return false;
    out->tls = !strncmp(url, "wss://", 6);
    if (out->tls) return parse_rest(url + 6, out);
    return !strncmp(url, "ws://", 5) && parse_rest(url + 5, out);
}

bool net_url_parse_http(const char *url, net_url *out) {
    out->tls = false;
    return url && !strncmp(url, "http://", 7) && parse_rest(url + 7, out);
}
