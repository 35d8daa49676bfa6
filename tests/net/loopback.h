// A two-ended in-memory transport for the client's tests (net_transport.h): a server end and a
// client end, one connection between them, every message delivered whole and in order after a
// fixed latency on a clock the test sets. Closing delivers NET_CLOSED with the code and reason
// to both ends (the other end's after the messages sent before it).
#ifndef LOOPBACK_H
#define LOOPBACK_H

#include "net_transport.h"

typedef struct loopback loopback;

/// Both ends opened at time 0 (NET_OPENED on each, after the latency).
loopback *loopback_create(uint64_t latency_us);
void loopback_destroy(loopback *lb);
net_transport *loopback_server(loopback *lb);
net_transport *loopback_client(loopback *lb);
/// The clock: messages whose time has come are delivered by net_poll.
void loopback_set_now(loopback *lb, uint64_t now_us);
/// Holds what the server sends until `until_us` (a stall on the way down).
void loopback_stall_down(loopback *lb, uint64_t until_us);
/// Bytes sent each way so far.
uint64_t loopback_bytes(const loopback *lb, bool down);

#endif
