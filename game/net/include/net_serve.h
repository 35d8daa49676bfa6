/// The match server's real-time loop, as arena-server runs it: the one place in the net layer
/// that reads a clock (CLOCK_MONOTONIC) and sleeps. Between two ticks it sleeps until the next is
/// due instead of waking for every message that arrives (with 100 clients that is 6,000 inputs a
/// second): at the tick it takes everything that came (one service call reads every socket), plays
/// the tick, and sends what the tick queued (a second call). Messages wait at most a tick, which
/// is when the server would look at them anyway. The time the tick is played at is the time the
/// loop woke for it (reading the sockets is the tick's first work), so a tick's lateness
/// (net_server_stats) is how late the system's sleep let the loop start it.
#ifndef NET_SERVE_H
#define NET_SERVE_H

#include "net_server.h"

/// Microseconds on CLOCK_MONOTONIC (the clock net_serve passes to net_server_update).
uint64_t net_serve_now_us(void);

/// Runs srv over t until net_server_done: the match to its end, then the replay's delivery.
/// stop(user) is called once each time round the loop (about once a tick, and every few ms while
/// the replay goes out), so a caller may do small work of its own there that must never wait
/// (arena-server --agones: its health calls). When it turns true (a signal, a benchmark's cap)
/// the match ends as at its end (net_server_stop). stop may be NULL.
void net_serve(net_server *srv, net_transport *t, bool (*stop)(void *user), void *user);

#endif
