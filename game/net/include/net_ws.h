/// The transport over real sockets: WebSocket by libwebsockets (Debian's libwebsockets-dev),
/// binary frames, one message per frame, no TLS (a reverse proxy's job), no threads. The
/// owner's loop calls net_service, which waits at most its timeout. libwebsockets' own log is
/// cut to its errors, on stderr after "libwebsockets: ".
#ifndef NET_WS_H
#define NET_WS_H

#include "arena/ae_base.h"
#include "net_transport.h"

/// Listens on host:port ("127.0.0.1", "0.0.0.0", "::1"; port 0: any free one, see net_ws_port).
/// Connections past limits->max_connections, or max_per_address from one address, are opened
/// and closed at once with 1013 and a reason. NULL with a reason when it cannot listen.
net_transport *net_ws_listen(const char *host, int port, const net_limits *limits, ae_error *err);
/// The port a listening transport is on.
int net_ws_port(const net_transport *t);

/// One connection to url (ws://HOST[:PORT][/PATH], HOST a name, an IPv4 address or [IPv6]).
/// NET_OPENED follows when it is up; when it cannot be made, NET_CLOSED 1006 with why
/// ("connection refused", "unknown host", ...). Messages sent before NET_OPENED wait for it.
/// NULL with a reason only for a malformed url.
net_transport *net_ws_connect(const char *url, const net_limits *limits, ae_error *err);

#endif
