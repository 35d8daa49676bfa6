#include "lobby_http.h"

#include <stdint.h>
#include <string.h>

// RFC 9110's tchar: the characters of a method and a header name.
static bool tchar(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c && strchr("!#$%&'*+-.^_`|~", c));
}

// RFC 3986's pchar without '%' (escapes are read apart), and '/' between segments.
static bool path_char(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c && strchr("-._~!$&'()*+,;=:@/", c));
}

static int hex(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// The first CR LF in [p, end) (the head is no C string), NULL when none.
static const char *crlf(const char *p, const char *end) {
    for (; p + 1 < end; p++)
        if (p[0] == '\r' && p[1] == '\n') return p;
    return NULL;
}

static long refuse(int status, const char *reason, const char **why) {
    *why = reason;
    return -status;
}

// The target's path into req->path: decoded, every segment a name. A decoded '/', NUL, control
// byte or backslash would let a name mean something else on the disk, so they are refused.
static long read_target(const char *t, size_t n, lobby_request *req, const char **why) {
    if (n == 0 || t[0] != '/') return refuse(400, "the target is not a path from /", why);
    size_t end = 0, out = 0;
    while (end < n && t[end] != '?') end++;
    for (size_t i = end; i < n; i++) { // the query: only checked, the page reads it itself
        unsigned char c = (unsigned char)t[i];
        if (c != '?' && c != '%' && !path_char(c))
            return refuse(400, "a character a query may not hold", why);
    }
    for (size_t i = 0; i < end; i++) {
        unsigned char c = (unsigned char)t[i];
        if (c == '%') {
            int hi = i + 2 < end ? hex((unsigned char)t[i + 1]) : -1;
            int lo = i + 2 < end ? hex((unsigned char)t[i + 2]) : -1;
            if (hi < 0 || lo < 0) return refuse(400, "a bad percent-escape", why);
            c = (unsigned char)(hi << 4 | lo);
            i += 2;
            if (c < 0x20 || c == 0x7f || c == '/' || c == '\\')
                return refuse(400, "an escape for a byte no file name here holds", why);
        } else if (!path_char(c)) {
            return refuse(400, "a character a path may not hold", why);
        }
        if (out + 1 >= sizeof req->path) return refuse(414, "the path is too long", why);
        req->path[out++] = (char)c;
    }
    req->path[out] = '\0';
    // Segment by segment: "//" (an empty one), "." and ".." name no file of ours.
    for (const char *s = req->path + 1; s <= req->path + out; s++) {
        const char *e = strchr(s, '/');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        if ((len == 0 && e) || (len == 1 && s[0] == '.') || (len == 2 && !memcmp(s, "..", 2)))
            return refuse(400, "an empty, '.' or '..' path segment", why);
        s += len;
    }
    return 0;
}

static bool ieq(const char *a, size_t n, const char *b) {
    if (strlen(b) != n) return false;
    for (size_t i = 0; i < n; i++) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z') x = (char)(x - 'A' + 'a');
        if (x != y) return false;
    }
    return true;
}

// Host: reg-name, IPv4 or [IPv6], then an optional :port. Kept for the servers' urls.
static long read_host(const char *v, size_t n, lobby_request *req, const char **why) {
    size_t host_end = n;
    if (n && v[0] == '[') {
        const char *close = memchr(v, ']', n);
        if (!close) return refuse(400, "a bad Host", why);
        host_end = (size_t)(close - v) + 1;
        for (size_t i = 1; i + 1 < host_end; i++)
            if (hex((unsigned char)v[i]) < 0 && v[i] != ':' && v[i] != '.')
                return refuse(400, "a bad Host", why);
    } else {
        const char *colon = memchr(v, ':', n);
        if (colon) host_end = (size_t)(colon - v);
        for (size_t i = 0; i < host_end; i++) {
            unsigned char c = (unsigned char)v[i];
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '-' || c == '.'))
                return refuse(400, "a bad Host", why);
        }
    }
    if (host_end == 0 || host_end >= sizeof req->host) return refuse(400, "a bad Host", why);
    if (host_end < n) {
        if (v[host_end] != ':' || host_end + 1 == n || n - host_end > 6)
            return refuse(400, "a bad Host port", why);
        for (size_t i = host_end + 1; i < n; i++)
            if (v[i] < '0' || v[i] > '9') return refuse(400, "a bad Host port", why);
    }
    memcpy(req->host, v, host_end);
    req->host[host_end] = '\0';
    return 0;
}

static long read_header(const char *line, size_t n, lobby_request *req, bool *host_seen,
                        bool *length_seen, const char **why) {
    size_t name = 0;
    while (name < n && tchar((unsigned char)line[name])) name++;
    if (name == 0 || name == n || line[name] != ':')
        return refuse(400, "a header line that is no `name: value`", why);
    const char *v = line + name + 1;
    size_t vn = n - name - 1;
    while (vn && (*v == ' ' || *v == '\t')) v++, vn--;
    while (vn && (v[vn - 1] == ' ' || v[vn - 1] == '\t')) vn--;
    for (size_t i = 0; i < vn; i++) {
        unsigned char c = (unsigned char)v[i];
        if ((c < 0x20 && c != '\t') || c == 0x7f)
            return refuse(400, "a control character in a header", why);
    }
    if (ieq(line, name, "host")) {
        if (*host_seen) return refuse(400, "Host given twice", why);
        *host_seen = true;
        return read_host(v, vn, req, why);
    }
    if (ieq(line, name, "content-length")) {
        if (*length_seen) return refuse(400, "Content-Length given twice", why);
        *length_seen = true;
        if (vn == 0 || vn > 9) return refuse(vn > 9 ? 413 : 400, "a bad Content-Length", why);
        long len = 0;
        for (size_t i = 0; i < vn; i++) {
            if (v[i] < '0' || v[i] > '9') return refuse(400, "a bad Content-Length", why);
            len = len * 10 + (v[i] - '0');
        }
        if (len > LOBBY_BODY_MAX) return refuse(413, "the body is too large", why);
        req->content_length = len;
        return 0;
    }
    if (ieq(line, name, "transfer-encoding"))
        return refuse(400, "Transfer-Encoding is not taken (send Content-Length)", why);
    return 0;
}

static lobby_method method_of(const char *m, size_t n) {
    if (n == 3 && !memcmp(m, "GET", 3)) return LOBBY_GET;
    if (n == 4 && !memcmp(m, "HEAD", 4)) return LOBBY_HEAD;
    if (n == 4 && !memcmp(m, "POST", 4)) return LOBBY_POST;
    return LOBBY_OTHER;
}

static long read_request_line(const char *line, size_t n, lobby_request *req, bool *http10,
                              const char **why) {
    const char *sp1 = memchr(line, ' ', n);
    if (!sp1 || sp1 == line) return refuse(400, "no method", why);
    for (const char *c = line; c < sp1; c++)
        if (!tchar((unsigned char)*c)) return refuse(400, "a bad method", why);
    const char *t = sp1 + 1;
    const char *sp2 = memchr(t, ' ', n - (size_t)(t - line));
    if (!sp2) return refuse(400, "no HTTP version (HTTP/0.9 is not spoken)", why);
    const char *v = sp2 + 1;
    size_t vn = n - (size_t)(v - line);
    if (vn == 8 && !memcmp(v, "HTTP/1.1", 8))
        *http10 = false;
    else if (vn == 8 && !memcmp(v, "HTTP/1.0", 8))
        *http10 = true;
    else
        return refuse(400, "not HTTP/1.1 or HTTP/1.0", why);
    req->method = method_of(line, (size_t)(sp1 - line));
    return read_target(t, (size_t)(sp2 - t), req, why);
}

long lobby_http_parse(const char *buf, size_t n, lobby_request *req, const char **why) {
    memset(req, 0, sizeof *req);
    *why = "";
    // Refused as soon as it shows: bytes that start no method, a bare CR or LF.
    if (n > 0 && !tchar((unsigned char)buf[0])) return refuse(400, "not an HTTP request", why);
    size_t line_end = 0;
    while (line_end < n && buf[line_end] != '\n') line_end++;
    if (line_end == n) {
        if (n > LOBBY_LINE_MAX) return refuse(414, "the request line is too long", why);
        return n >= LOBBY_HEAD_MAX ? refuse(431, "the request head is too large", why) : 0;
    }
    const char *head_end = NULL;
    for (size_t i = 0; i + 3 < n && i < LOBBY_HEAD_MAX; i++)
        if (!memcmp(buf + i, "\r\n\r\n", 4)) {
            head_end = buf + i + 4;
            break;
        }
    if (!head_end)
        return n >= LOBBY_HEAD_MAX ? refuse(431, "the request head is too large", why) : 0;
    const size_t head = (size_t)(head_end - buf);
    for (size_t i = 0; i < head; i++) { // CR only before LF and LF only after CR
        if (buf[i] == '\r' && buf[i + 1] != '\n') return refuse(400, "a bare CR", why);
        if (buf[i] == '\n' && (i == 0 || buf[i - 1] != '\r')) return refuse(400, "a bare LF", why);
    }
    const char *line = buf;
    const char *eol = crlf(line, head_end);
    if ((size_t)(eol - line) > LOBBY_LINE_MAX)
        return refuse(414, "the request line is too long", why);
    bool http10 = false, host_seen = false, length_seen = false;
    long r = read_request_line(line, (size_t)(eol - line), req, &http10, why);
    if (r) return r;
    int headers = 0;
    for (line = eol + 2; line < head_end - 2; line = eol + 2) {
        eol = crlf(line, head_end);
        if (line[0] == ' ' || line[0] == '\t') return refuse(400, "a folded header line", why);
        if (++headers > LOBBY_HEADERS_MAX) return refuse(431, "too many header lines", why);
        r = read_header(line, (size_t)(eol - line), req, &host_seen, &length_seen, why);
        if (r) return r;
    }
    if (!http10 && !host_seen) return refuse(400, "HTTP/1.1 needs a Host", why);
    return (long)head;
}

const char *lobby_http_reason(int status) {
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 408:
        return "Request Timeout";
    case 413:
        return "Content Too Large";
    case 414:
        return "URI Too Long";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    default:
        return "Status";
    }
}
