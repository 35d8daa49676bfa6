/// arena-lobby's HTTP/1.1 request reader: the request line and headers of one request, read
/// strictly (RFC 9112), with every way a request can be refused named by its status. No I/O: the
/// caller hands in the bytes received so far. Only what the lobby serves is understood: origin-
/// form targets, Host, Content-Length; a request that needs anything more is refused.
#ifndef LOBBY_HTTP_H
#define LOBBY_HTTP_H

#include <stdbool.h>
#include <stddef.h>

#define LOBBY_HEAD_MAX    8192 ///< request line and headers; more is 431
#define LOBBY_LINE_MAX    2048 ///< the request line alone; more is 414
#define LOBBY_HEADERS_MAX 64   ///< header lines; more is 431
#define LOBBY_BODY_MAX    1024 ///< a request body (quick play sends none); more is 413
#define LOBBY_PATH_MAX    256  ///< a decoded path; more is 414

typedef enum lobby_method { LOBBY_GET, LOBBY_HEAD, LOBBY_POST, LOBBY_OTHER } lobby_method;

typedef struct lobby_request {
    lobby_method method;
    char path[LOBBY_PATH_MAX]; ///< percent-decoded, "/" then segments, never "", ".", ".." or "//"
    char host[256];            ///< the Host header's host part ("" without one: HTTP/1.0)
    long content_length;       ///< 0 when none was given
} lobby_request;

/// Reads the request head in buf[0 .. n). Returns 0 while it may still be incomplete, its length
/// (through the empty line) when it is whole and acceptable, or the status that refuses it
/// (negated: -400, -413, -414, -431) with a one-line reason in *why.
long lobby_http_parse(const char *buf, size_t n, lobby_request *req, const char **why);

/// The reason phrase of a status the lobby sends ("Not Found").
const char *lobby_http_reason(int status);

#endif
