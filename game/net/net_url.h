/// A server's address as both WebSocket transports read it (net_ws.c, net_ws_web.c), so that
/// the desktop and the page accept the same text: ws://HOST[:PORT][/PATH] or wss://..., HOST a
/// name, an IPv4 address or [IPv6]; and a lobby's, http://..., by the same rules (net_lobby.c).
/// Private to game/net.
#ifndef NET_URL_H
#define NET_URL_H

#include <stdbool.h>
#include <stddef.h>

typedef struct net_url {
    bool tls;         ///< wss:// (the page's, through a TLS proxy; the desktop refuses it)
    char host[256];   ///< without the brackets of an IPv6 address
    int port;         ///< as given, else 80 (ws, http) or 443 (wss)
    const char *path; ///< from the url ("/..."), or "/" when it has none
} net_url;

/// False for anything else: another scheme, no host, a port outside 1..65535 or not all digits,
/// an unclosed '[', a control character or a space in the host or the path.
bool net_url_parse(const char *url, net_url *out);
/// The same for http://HOST[:PORT][/PATH] (a lobby's address).
bool net_url_parse_http(const char *url, net_url *out);

#endif
