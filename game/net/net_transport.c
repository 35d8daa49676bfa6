#include "net_transport.h"

net_limits net_limits_resolve(const net_limits *given) {
    net_limits l = given ? *given : (net_limits){0};
    if (!l.max_message) l.max_message = NET_DEFAULT_MAX_MESSAGE;
    if (!l.max_send_queue) l.max_send_queue = NET_DEFAULT_MAX_SEND_QUEUE;
    if (l.max_connections <= 0) l.max_connections = NET_DEFAULT_MAX_CONNECTIONS;
    if (l.max_per_address <= 0) l.max_per_address = NET_DEFAULT_MAX_PER_ADDRESS;
    return l;
}
