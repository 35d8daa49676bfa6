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
    int max_agents; ///< agent indices run 0..max_agents-1
} ae_nav_queue_def;

/// Defaults: 128 agents.
ae_nav_queue_def ae_nav_queue_default_def(void);

/// One request: world positions, the agent radius (one of the nav grid's radii) and a method.
typedef struct ae_nav_request_def {
    vec2s start;          ///< agent position, world units
    vec2s goal;           ///< target position, world units
    float radius;         ///< agent radius, world units; must be a radius of the nav grid
    ae_nav_method method; ///< AE_NAV_AUTO (jump point search) unless A* is wanted
} ae_nav_request_def;

/// Defaults: zero positions, radius 0, AE_NAV_AUTO.
ae_nav_request_def ae_nav_default_request_def(void);

/// State of a request.
typedef enum ae_nav_request_status {
    AE_NAV_REQUEST_INVALID = 0, ///< null, stale (replaced) or cancelled id
    AE_NAV_REQUEST_PENDING,     ///< waiting or being searched
    AE_NAV_REQUEST_FOUND,       ///< waypoints ready
    AE_NAV_REQUEST_NO_PATH,     ///< unreachable, or no passable cell near an endpoint
} ae_nav_request_status;

/// Per-agent request slot (private layout).
typedef struct ae_nav_slot {
    uint32_t generation;    ///< current request number
    uint8_t status;         ///< ae_nav_request_status
    bool queued;            ///< has an entry in the ring
    ae_nav_request_def def; ///< the request
    vec2s *points;          ///< smoothed waypoints
    int point_count;        ///< waypoints in points
    int point_cap;          ///< capacity of points
    int64_t expanded;       ///< nodes the search expanded
    double grid_length;     ///< optimal grid path length (cells)
} ae_nav_slot;

/// The queue. Holds one search context; only the request at the head of the line is searched.
typedef struct ae_nav_queue {
    const ae_nav_grid *nav; ///< passability (borrowed)
    const ae_sdf *sdf;      ///< field for smoothing (borrowed)
    ae_nav_search search;   ///< the one search context
    int max_agents;         ///< slot count
    ae_nav_slot *slots;     ///< max_agents slots
    int32_t *ring;          ///< FIFO of agent indices, max_agents entries
    int head;               ///< ring index of the oldest entry
    int size;               ///< ring entries in use
    int active;             ///< agent whose search is in the context, -1 when none
    ae_nav_cell *cells;     ///< scratch for grid paths, as long as the longest path so far
    int cell_cap;           ///< capacity of cells
} ae_nav_queue;

/// Creates a queue over a nav grid and its field. False (with err) on out-of-memory.
bool ae_nav_queue_init(ae_nav_queue *q, const ae_nav_grid *nav, const ae_sdf *sdf,
                       const ae_nav_queue_def *def, ae_error *err);
void ae_nav_queue_free(ae_nav_queue *q);

/// Points the queue at new maps (hot reload) and restarts every pending request. Delivered
/// results stay readable. False (with err) on out-of-memory, leaving the queue unchanged.
bool ae_nav_queue_set_maps(ae_nav_queue *q, const ae_nav_grid *nav, const ae_sdf *sdf,
                           ae_error *err);

/// Drops every request: their ids go stale and the line is empty, as in a new queue (waypoint
/// buffers are kept for reuse).
void ae_nav_queue_clear(ae_nav_queue *q);

/// Call after cells were edited (nav grid updated): the search in progress restarts.
void ae_nav_queue_on_nav_changed(ae_nav_queue *q);

/// Asks for a path for `agent`, replacing its previous request.
ae_nav_request_id ae_nav_queue_request(ae_nav_queue *q, int agent, const ae_nav_request_def *def);

/// Drops a request; its id goes stale.
void ae_nav_queue_cancel(ae_nav_queue *q, ae_nav_request_id id);

/// Serves requests in order, expanding at most `budget` nodes in total. Returns the nodes
/// expanded.
int64_t ae_nav_queue_update(ae_nav_queue *q, int64_t budget);

/// Status of a request id.
ae_nav_request_status ae_nav_queue_status(const ae_nav_queue *q, ae_nav_request_id id);

/// Waypoints of a FOUND request (world units, first = the request's start); NULL and 0 otherwise.
const vec2s *ae_nav_queue_path(const ae_nav_queue *q, ae_nav_request_id id, int *count);

/// Optimal grid path length (cells) of a FOUND request, -1 otherwise.
double ae_nav_queue_grid_length(const ae_nav_queue *q, ae_nav_request_id id);

/// Ring entries: requests waiting or being searched (cancelled ones count until skipped).
static inline int ae_nav_queue_pending(const ae_nav_queue *q) {
    return q->size;
}

#endif
