/// Grid navigation: per-radius passability, A*, jump point search, path smoothing, a path
/// follower and a budgeted path request queue.
///
/// Grid rules (Moving AI benchmark): paths run between cell centres with 8 neighbours, straight
/// steps cost 1 and diagonal steps sqrt(2), and a diagonal step needs both orthogonal neighbours
/// passable (no corner cutting). An agent of radius r may stand in a cell when the cell is free
/// and the SDF at its centre is >= r. Lengths are in cells; smoothed paths are in world units.
///
/// Typical game use: build one ae_nav_grid per map with the radii the agents use, one
/// ae_nav_queue, and per tick call ae_nav_queue_update with a node budget; agents read their
/// smoothed waypoints back with ae_nav_queue_path and drive along them with ae_nav_follower_step.
#ifndef AE_NAV_H
#define AE_NAV_H

#include "arena/ae_sdf.h"

/// Most agent radii one nav grid keeps passability for (one bit per radius and cell).
#define AE_NAV_MAX_RADII 8

/// Definition of a nav grid: the agent radii (world units) searches may ask for.
typedef struct ae_nav_def {
    float radii[AE_NAV_MAX_RADII]; ///< distinct agent radii in world units, >= 0
    int radius_count;              ///< how many of radii are used, 1..AE_NAV_MAX_RADII
} ae_nav_def;

/// Defaults: one radius, 0 (a point agent: passable == free).
ae_nav_def ae_nav_default_def(void);

/// Passability of every cell for every radius of the definition. Cells are stored with a
/// one-cell wall border so searches never test bounds.
typedef struct ae_nav_grid {
    int width;                     ///< cells
    int height;                    ///< cells
    int stride;                    ///< width + 2: row pitch of `pass`
    float cell_size;               ///< world units per cell (from the SDF)
    int radius_count;              ///< number of radii (layers)
    float radii[AE_NAV_MAX_RADII]; ///< layer k's agent radius, world units
    uint8_t *pass; ///< (width + 2) * (height + 2) bytes; bit k set = passable for radii[k]
    /// The same passability as bit lines, per layer, so jump point search scans 64 cells at a
    /// time: padded row y of layer k is row_bits + (k * (height + 2) + y) * row_words (bit x of
    /// word x / 64), padded column x is col_bits + (k * (width + 2) + x) * col_words (the
    /// transposed grid, so vertical scans read consecutive words too). Each array has one spare
    /// word before and after it, so 8 bytes read around any cell stay inside the allocation.
    uint64_t *row_bits;
    uint64_t *col_bits;
    int row_words;    ///< 64-bit words per padded row: ceil((width + 2) / 64)
    int col_words;    ///< 64-bit words per padded column: ceil((height + 2) / 64)
    uint32_t version; ///< bumped by every build and update, so queues know to restart searches
} ae_nav_grid;

/// Builds passability from a grid and its baked field (same size). False (with err) when memory
/// runs out or the definition is invalid.
bool ae_nav_grid_build(ae_nav_grid *nav, const ae_grid *grid, const ae_sdf *sdf,
                       const ae_nav_def *def, ae_error *err);
void ae_nav_grid_free(ae_nav_grid *nav);

/// Recomputes passability of the cells in [x0, x1] x [y0, y1] (clamped to the map).
void ae_nav_grid_update_rect(ae_nav_grid *nav, const ae_grid *grid, const ae_sdf *sdf, int x0,
                             int y0, int x1, int y1);

/// Call after ae_sdf_set_cell(x, y): updates every cell whose passability can have changed (those
/// within the largest radius plus one cell of the edit).
void ae_nav_grid_on_cell_edit(ae_nav_grid *nav, const ae_grid *grid, const ae_sdf *sdf, int x,
                              int y);

/// Layer index of an exact radius of the definition, or -1 when the grid was not built for it.
int ae_nav_layer(const ae_nav_grid *nav, float radius);

/// True when an agent of layer `layer` may stand in cell (x, y); false off the map.
static inline bool ae_nav_passable(const ae_nav_grid *nav, int layer, int x, int y) {
    if (x < 0 || y < 0 || x >= nav->width || y >= nav->height) return false;
    return (nav->pass[(size_t)(y + 1) * (size_t)nav->stride + (size_t)(x + 1)] >> layer) & 1u;
}

/// Search algorithm. AUTO picks jump point search, which is valid on this uniform-cost grid for
/// every layer; A* is used when asked for, and for distance floods (no single goal).
typedef enum ae_nav_method {
    AE_NAV_AUTO = 0,
    AE_NAV_ASTAR,
    AE_NAV_JPS,
} ae_nav_method;

/// Outcome of a search.
typedef enum ae_nav_status {
    AE_NAV_IDLE = 0,     ///< no search begun
    AE_NAV_RUNNING,      ///< paused by its node budget; call ae_nav_search_step again
    AE_NAV_FOUND,        ///< a path was found
    AE_NAV_NO_PATH,      ///< start and goal are not connected
    AE_NAV_BAD_ENDPOINT, ///< start or goal is off the map or not passable for the radius
} ae_nav_status;

/// A cell coordinate.
typedef struct ae_nav_cell {
    int x; ///< column
    int y; ///< row
} ae_nav_cell;

/// One search: endpoints in cells, the layer (radius) and the method.
typedef struct ae_nav_query {
    ae_nav_cell start;    ///< start cell
    ae_nav_cell goal;     ///< goal cell
    int layer;            ///< radius layer (see ae_nav_layer)
    ae_nav_method method; ///< AE_NAV_AUTO by default
} ae_nav_query;

/// Per-node search record (private layout, public so contexts can be embedded). f = g + h is
/// kept only for open nodes, in the heap.
typedef struct ae_nav_node {
    double g;       ///< cost from the start, cells
    int32_t parent; ///< index of the parent, -1 for the start
    int32_t heap;   ///< position in the open heap; -2 when closed, -1 when not reached yet
} ae_nav_node;

/// An open node in the heap with its f = g + heuristic (so comparisons need not recompute it).
typedef struct ae_nav_open {
    double f;     ///< g plus the heuristic
    int32_t node; ///< node index
} ae_nav_open;

/// Nodes are reset in tiles of 2^AE_NAV_TILE_SHIFT consecutive cells: a tile first touched by a
/// search is cleared then, so memory holds one stamp per tile instead of one per node.
#define AE_NAV_TILE_SHIFT 5

/// Reusable search state: nodes are reset lazily per tile, so a search allocates nothing. One
/// context runs one search at a time; a paused search resumes exactly where it stopped, so
/// results never depend on the budget.
///
/// A context holds either every padded row of a grid (ae_nav_search_init: searches and floods)
/// or a band of rows around a flood's start (ae_nav_search_init_flood: floods up to a stated
/// cost only), which needs memory for 2 * cost + 5 rows instead of the whole map. Node indices
/// count from the first row held (`base_row`), so they keep the padded grid's order.
typedef struct ae_nav_search {
    int capacity;           ///< nodes the arrays hold (a multiple of the tile size)
    int stride;             ///< padded row length the context was sized for
    int rows;               ///< padded rows it holds
    double reach;           ///< flood contexts: the largest flood cost served; < 0: any
    ae_nav_node *nodes;     ///< capacity records
    uint32_t *tile_stamp;   ///< per tile: the search number that last reset it
    ae_nav_open *heap;      ///< the open nodes, a binary heap of heap_cap slots
    int heap_size;          ///< open nodes
    int heap_cap;           ///< slots of heap: grown on demand, kept between searches
    uint32_t stamp;         ///< current search number
    ae_nav_status status;   ///< state of the current search
    ae_nav_method method;   ///< method actually used (never AUTO once begun)
    const ae_nav_grid *nav; ///< grid of the current search
    const uint8_t *pass;    ///< nav->pass from base_row on: indexed like the nodes
    int base_row;           ///< padded row of node index 0 in the current search
    uint32_t nav_version;   ///< nav->version when the search began
    int32_t start;          ///< start index
    int32_t goal;           ///< goal index, -1 for a flood
    int32_t goal_x;         ///< the goal's column and row in index terms (for the heuristic)
    int32_t goal_y;         ///< ...
    uint64_t row_magic;     ///< ceil(2^42 / stride): index / stride without a division
    uint8_t mask;           ///< layer bit
    int layer;              ///< layer index
    double max_cost;        ///< flood limit
    double length;          ///< path length in cells once FOUND
    int64_t expanded;       ///< nodes expanded so far by this search
} ae_nav_search;

/// Allocates a context for grids of up to nav's size: 16 bytes per padded cell for the nodes,
/// plus an open heap of 16 bytes per open node that grows to the most nodes a search has held
/// open (on a map of open ground a few hundred; at most the cells searched). False (with err) on
/// out-of-memory; running out of memory while the heap grows stops the program, as a broadphase
/// that cannot grow does.
bool ae_nav_search_init(ae_nav_search *s, const ae_nav_grid *nav, ae_error *err);
/// Allocates a context that serves only ae_nav_flood on grids of nav's width, with a max_cost of
/// at most `reach` cells: it holds the rows such a flood can touch. False on out-of-memory.
bool ae_nav_search_init_flood(ae_nav_search *s, const ae_nav_grid *nav, double reach,
                              ae_error *err);
void ae_nav_search_free(ae_nav_search *s);

/// Starts a search (no work yet). Returns AE_NAV_RUNNING, or AE_NAV_BAD_ENDPOINT at once.
/// Start == goal is found with length 0. The grid must not change while the search runs.
ae_nav_status ae_nav_search_begin(ae_nav_search *s, const ae_nav_grid *nav, const ae_nav_query *q);

/// Expands at most max_nodes more nodes. *expanded (optional) receives how many it expanded.
ae_nav_status ae_nav_search_step(ae_nav_search *s, int64_t max_nodes, int64_t *expanded);

/// One-shot: begin and run to completion.
ae_nav_status ae_nav_find_path(ae_nav_search *s, const ae_nav_grid *nav, const ae_nav_query *q);

/// Number of cells on the found path (start and goal included; 0 when not FOUND).
int ae_nav_path_count(const ae_nav_search *s);

/// Writes the found grid path, every cell from start to goal (jump point paths are filled in
/// between jump points), at most cap cells. Returns the full count.
int ae_nav_path_cells(const ae_nav_search *s, ae_nav_cell *out, int cap);

/// Dijkstra flood from a start cell up to max_cost (cells), run to completion. Afterwards
/// ae_nav_flood_cost gives path distances. Returns false when the start is not passable.
/// A context from ae_nav_search_init_flood must have been made with a reach >= max_cost.
bool ae_nav_flood(ae_nav_search *s, const ae_nav_grid *nav, ae_nav_cell start, int layer,
                  double max_cost);

/// Path distance in cells from the last flood's start, or -1 when unreached.
double ae_nav_flood_cost(const ae_nav_search *s, int x, int y);

/// Octile distance between two cells: the path length with no walls.
double ae_nav_octile(ae_nav_cell a, ae_nav_cell b);

/// World position of a cell's centre.
static inline vec2s ae_nav_cell_center(const ae_nav_grid *nav, ae_nav_cell c) {
    return (vec2s){{((float)c.x + 0.5f) * nav->cell_size, ((float)c.y + 0.5f) * nav->cell_size}};
}

/// Slack (in cells) of the smoothing clearance test: a segment is clear for radius r when a disk
/// of radius r - AE_NAV_SMOOTH_SLACK * cell_size never touches a wall.
#define AE_NAV_SMOOTH_SLACK 1e-3f

/// String-pulls a grid path into world-unit waypoints: the polyline start, cell centres, goal is
/// shortened by replacing runs of it with straight segments that a disk of the agent's radius
/// travels without touching a wall, so the result is never longer than the polyline.
/// `start` and `goal` are world positions (use the cell centres for a pure grid path).
/// Writes at most cap points to out and returns the count it needs (<= cell_count + 2).
int ae_nav_smooth(const ae_sdf *sdf, float radius, vec2s start, vec2s goal,
                  const ae_nav_cell *cells, int cell_count, vec2s *out, int cap);

/// Length of a polyline of world points.
float ae_nav_polyline_length(const vec2s *pts, int count);

/// Follows a waypoint list with the SDF slide. The list is borrowed, not copied.
typedef struct ae_nav_follower {
    const vec2s *points; ///< waypoints in world units (borrowed)
    int count;           ///< number of waypoints
    int next;            ///< index of the waypoint being steered to
    float arrive;        ///< distance (world units) at which a waypoint counts as reached
} ae_nav_follower;

/// Follower step result.
typedef enum ae_nav_follow_status {
    AE_NAV_FOLLOW_MOVING = 0, ///< still on the way
    AE_NAV_FOLLOW_ARRIVED,    ///< at the last waypoint
    AE_NAV_FOLLOW_LOST,       ///< pushed where no remaining waypoint is visible: request a new path
} ae_nav_follow_status;

/// Starts following points (arrive distance: a quarter of radius, at least 1% of a cell).
void ae_nav_follower_init(ae_nav_follower *f, const vec2s *points, int count, float radius,
                          float cell_size);

/// Moves *pos by at most `step` world units toward the path with ae_sdf_move_circle. When the
/// agent was pushed off so that its waypoint is no longer in clear view, it steers to the
/// farthest remaining waypoint it can see, or back to an earlier one; LOST when none is visible.
ae_nav_follow_status ae_nav_follower_step(ae_nav_follower *f, const ae_sdf *sdf, float radius,
                                          float step, vec2s *pos);

#endif
