/// Path request queue: agents ask for paths, the queue serves them in order within a per-tick
/// budget of expanded nodes. A search may pause when the budget runs out and resume next tick;
/// since a paused search continues exactly where it stopped, results never depend on the budget.
///
/// Requests are keyed by agent: a new request from an agent replaces its old one (the old id
/// goes stale) and keeps the old one's place in line, so agents that re-request often are not
/// starved. Results are smoothed waypoints in world units, owned by the queue until the agent's
/// next request.
#ifndef AE_NAV_QUEUE_H
#define AE_NAV_QUEUE_H

#include "arena/ae_nav.h"

/// A request handle: index1 = agent + 1 (0 is the null id) and the request's generation.
typedef struct ae_nav_request_id {
    uint32_t index1;     ///< agent index + 1; 0 means null
    uint32_t generation; ///< request number of that agent
} ae_nav_request_id;

/// Queue definition.
typedef struct ae_nav_queue_def {
    int max_agents; ///< agent indices run 0..max_agents-1; the caller says (default 0: invalid)
    int cookie;     ///< set by ae_default_nav_queue_def, checked by ae_nav_queue_create
} ae_nav_queue_def;

/// Defaults: no agents; set max_agents.
ae_nav_queue_def ae_default_nav_queue_def(void);

/// One request: world positions, the agent radius (one of the nav grid's radii) and a method.
typedef struct ae_nav_request_def {
    vec2s start;          ///< agent position, world units
    vec2s goal;           ///< target position, world units
    float radius;         ///< agent radius, world units; must be a radius of the nav grid
    ae_nav_method method; ///< AE_NAV_AUTO (jump point search) unless A* is wanted
    int cookie;           ///< set by ae_default_nav_request_def, checked by ae_nav_queue_request
} ae_nav_request_def;

/// Defaults: zero positions, radius 0, AE_NAV_AUTO.
ae_nav_request_def ae_default_nav_request_def(void);

/// State of a request.
typedef enum ae_nav_request_status {
    AE_NAV_REQUEST_INVALID = 0, ///< null or stale (replaced or cleared) id
    AE_NAV_REQUEST_PENDING,     ///< waiting or being searched
    AE_NAV_REQUEST_FOUND,       ///< waypoints ready
    AE_NAV_REQUEST_NO_PATH,     ///< unreachable, or no passable cell near an endpoint
} ae_nav_request_status;

/// The queue: one slot per agent, a line of requests and one search context; only the request
/// at the head of the line is searched. It keeps no pointer to the maps between calls: each
/// update is given the nav grid and the field to search and smooth on.
typedef struct ae_nav_queue ae_nav_queue;

/// Creates a queue whose search context fits grids of nav's size. NULL (with err) on
/// out-of-memory.
ae_nav_queue *ae_nav_queue_create(const ae_nav_grid *nav, const ae_nav_queue_def *def,
                                  ae_error *err);
/// Frees everything the queue took (NULL is ignored).
void ae_nav_queue_destroy(ae_nav_queue *q);

/// The maps were replaced (hot reload): every pending request starts again at the next update,
/// and the search context is grown when nav is larger than the grids it fits. Delivered results
/// stay readable. False (with err) on out-of-memory, leaving the queue unchanged. Cell edits need
/// no call: an update notices that the nav grid changed (ae_nav_grid.version) and restarts the
/// search in progress.
bool ae_nav_queue_restart(ae_nav_queue *q, const ae_nav_grid *nav, ae_error *err);

/// Drops every request: their ids go stale and the line is empty, as in a new queue (waypoint
/// buffers are kept for reuse).
void ae_nav_queue_clear(ae_nav_queue *q);

/// Asks for a path for `agent`, replacing its previous request (whose id goes stale) and keeping
/// its place in line.
ae_nav_request_id ae_nav_queue_request(ae_nav_queue *q, int agent, const ae_nav_request_def *def);

/// Serves requests in order on `nav` (passability) and `sdf` (its field, for smoothing),
/// expanding at most `budget` nodes in total. Every request's radius must be one of nav's
/// radii. Returns the nodes expanded.
int64_t ae_nav_queue_update(ae_nav_queue *q, const ae_nav_grid *nav, const ae_sdf *sdf,
                            int64_t budget);

/// Status of a request id.
ae_nav_request_status ae_nav_queue_status(const ae_nav_queue *q, ae_nav_request_id id);

/// Waypoints of a FOUND request (world units, first = the request's start); NULL and 0 otherwise.
/// Owned by the queue until the agent's next request.
const vec2s *ae_nav_queue_path(const ae_nav_queue *q, ae_nav_request_id id, int *count);

/// Requests in line: waiting or being searched.
int ae_nav_queue_pending(const ae_nav_queue *q);

#endif
