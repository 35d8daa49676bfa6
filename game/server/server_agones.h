/// arena-server --agones: Agones' local SDK over its REST gateway (the sidecar in the
/// GameServer's pod, http://localhost:${AGONES_SDK_HTTP_PORT:-9358}). The server calls
/// POST /ready once it listens, POST /health every AGONES_HEALTH_US while the match runs and the
/// replay goes out, and POST /shutdown once the replay is written; each body is `{}`.
///
/// Never in the tick's way: one request at a time on a non-blocking socket, advanced a step per
/// call of agones_update (the server's loop calls it once a tick); no call waits. The sidecar may
/// start after the server (Agones' docs say to retry), so /ready and /shutdown are tried again
/// every AGONES_RETRY_US until the sidecar answers 2xx; a /health that fails is not repeated (the
/// next one comes).
#ifndef SERVER_AGONES_H
#define SERVER_AGONES_H

#include <stdbool.h>
#include <stdint.h>

#define AGONES_DEFAULT_PORT 9358
#define AGONES_HEALTH_US    (2 * 1000000ull)
#define AGONES_RETRY_US     (1 * 1000000ull)

typedef struct agones agones;

/// A client for the gateway on 127.0.0.1:port. log(user, line) gets one key=value line per
/// call that succeeded or failed (health only when it failed). NULL when out of memory.
agones *agones_create(int port, void (*log)(void *user, const char *line), void *user);
void agones_destroy(agones *a);

/// The port AGONES_SDK_HTTP_PORT names, else AGONES_DEFAULT_PORT; -1 when it names no port.
int agones_port_from_env(void);

/// Asks for Ready (at once) and, once that was answered, Health every AGONES_HEALTH_US.
void agones_ready(agones *a, uint64_t now_us);
/// Asks for Shutdown: health stops, a Ready not yet answered is given up.
void agones_shutdown(agones *a, uint64_t now_us);
/// One step of the request under way, and the next one when it is due. Never blocks.
void agones_update(agones *a, uint64_t now_us);
/// True once Shutdown was answered.
bool agones_shut_down(const agones *a);

#endif
