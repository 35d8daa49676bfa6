#include "net_url.h"

#include <string.h>

bool net_url_parse(const char *url, net_url *out) {
    const char *h;
    if (!url) return false;
    if (!strncmp(url, "ws://", 5)) {
        out->tls = false;
        h = url + 5;
    } else if (!strncmp(url, "wss://", 6)) {
        out->tls = true;
        h = url + 6;
    } else {
        return false;
    }
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
