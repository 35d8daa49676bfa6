/// Grid navigation: per-radius passability, A*, jump point search and path smoothing (the
/// budgeted path request queue is ae_nav_queue.h).
///
/// Grid rules (Moving AI benchmark): paths run between cell centres with 8 neighbours, straight
/// steps cost 1 and diagonal steps sqrt(2), and a diagonal step needs both orthogonal neighbours
/// passable (no corner cutting). An agent of radius r may stand in a cell when the cell is free
/// and the SDF at its centre is >= r. Lengths are in cells; smoothed paths are in world units.
///
/// Typical game use: build one ae_nav_grid per map with the radii the agents use, one
/// ae_nav_queue, and per tick call ae_nav_queue_update with a node budget; agents read their
/// smoothed waypoints back with ae_nav_queue_path and steer along them themselves.
#ifndef AE_NAV_H
#define AE_NAV_H

#include "arena/ae_sdf.h"

/// Most agent radii one nav grid keeps passability for (one bit per radius and cell).
#define AE_NAV_MAX_RADII 8

/// Definition of a nav grid: the agent radii (world units) searches may ask for.
typedef struct ae_nav_grid_def {
    float radii[AE_NAV_MAX_RADII]; ///< distinct agent radii in world units, >= 0
    int radius_count;              ///< how many of radii are used, 1..AE_NAV_MAX_RADII
    int cookie;                    ///< set by ae_default_nav_grid_def, checked by ae_nav_grid_init
} ae_nav_grid_def;

/// Defaults: one radius, 0 (a point agent: passable == free).
ae_nav_grid_def ae_default_nav_grid_def(void);

/// Passability of every cell for every radius of the definition, stored as the searches read
/// it (engine/src/nav_grid_internal.h). Callers read the fields below and never write them; the
/// cells are read through ae_nav_passable.
typedef struct ae_nav_grid {
    int width;                     ///< cells
    int height;                    ///< cells
    float cell_size;               ///< world units per cell (from the SDF)
    int radius_count;              ///< number of radii (layers)
    float radii[AE_NAV_MAX_RADII]; ///< layer k's agent radius, world units
    uint32_t version; ///< bumped by every update (init included): a queue restarts its search
    struct ae_nav_store *store; ///< private: the passability storage, NULL before init
} ae_nav_grid;

/// Builds passability from a grid and its baked field (same size). False (with err) when memory
/// runs out or the definition is invalid, leaving nothing to free.
bool ae_nav_grid_init(ae_nav_grid *nav, const ae_grid *grid, const ae_sdf *sdf,
                      const ae_nav_grid_def *def, ae_error *err);
/// Frees what init allocated and zeroes the struct. A zeroed struct (never initialised, or whose
/// init failed, or freed before) is accepted and left as it is.
void ae_nav_grid_free(ae_nav_grid *nav);

/// Recomputes passability of the cells in [x0, x1] x [y0, y1] (clamped to the map).
void ae_nav_grid_update_rect(ae_nav_grid *nav, const ae_grid *grid, const ae_sdf *sdf, int x0,
                             int y0, int x1, int y1);

/// Call after ae_sdf_set_cells with the rectangle it reported: updates every cell whose
/// passability can have changed (those within the largest radius plus one cell of the changed
/// cells). An empty rectangle updates nothing.
void ae_nav_grid_on_cells_edit(ae_nav_grid *nav, const ae_grid *grid, const ae_sdf *sdf,
                               ae_cell_rect changed);

/// Call after ae_sdf_set_cell(x, y): ae_nav_grid_on_cells_edit for that one cell.
void ae_nav_grid_on_cell_edit(ae_nav_grid *nav, const ae_grid *grid, const ae_sdf *sdf, int x,
                              int y);

/// Layer index of an exact radius of the definition, or -1 when the grid was not built for it.
int ae_nav_layer(const ae_nav_grid *nav, float radius);

/// True when an agent of layer `layer` may stand in cell (x, y); false off the map.
bool ae_nav_passable(const ae_nav_grid *nav, int layer, int x, int y);

/// True when a and b have the same size, cell size and radii and the same passability for every
/// cell and layer, in every form the searches read: any search gives the same result on either.
/// The version is not compared (an edited grid equals a fresh build of its map).
bool ae_nav_grid_equal(const ae_nav_grid *a, const ae_nav_grid *b);

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
    AE_NAV_NO_PATH,      ///< start and goal are not connected (or memory for the search ran out)
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

/// Reusable search state: nodes are reset lazily per tile, so a search allocates nothing. One
/// context runs one search at a time; a paused search resumes exactly where it stopped, so
/// results never depend on the budget.
///
/// A context holds either every padded row of a grid (ae_nav_search_create: searches and
/// floods) or a band of rows around a flood's start (ae_nav_search_create_flood: floods up to a
/// stated cost only), which needs memory for 2 * cost + 5 rows instead of the whole map.
typedef struct ae_nav_search ae_nav_search;

/// Creates a context for grids of nav's width and at most its height: 16 bytes per padded cell
/// for the nodes, plus an open heap of 16 bytes per open node that grows to the most nodes a
/// search has held open (on a map of open ground a few hundred; at most the cells searched).
/// NULL (with err) on out-of-memory; running out of memory while the heap grows stops the
/// program, as a broadphase that cannot grow does.
ae_nav_search *ae_nav_search_create(const ae_nav_grid *nav, ae_error *err);
/// Creates a context that serves only ae_nav_flood on grids of nav's width, with a max_cost of
/// at most `reach` cells: it holds the rows such a flood can touch. NULL on out-of-memory.
ae_nav_search *ae_nav_search_create_flood(const ae_nav_grid *nav, double reach, ae_error *err);
/// Frees the context (NULL is ignored).
void ae_nav_search_destroy(ae_nav_search *s);

/// The method the current search uses (never AUTO once begun).
ae_nav_method ae_nav_search_method(const ae_nav_search *s);
/// Path length in cells of a FOUND search.
double ae_nav_search_length(const ae_nav_search *s);
/// Nodes the current search has expanded so far.
int64_t ae_nav_search_expanded(const ae_nav_search *s);
/// What the context holds: padded rows, node records, and the largest flood cost it serves (< 0:
/// any, for a context holding every row).
int ae_nav_search_rows(const ae_nav_search *s);
int ae_nav_search_capacity(const ae_nav_search *s);
double ae_nav_search_reach(const ae_nav_search *s);

/// Starts a search (no work yet) with a context from ae_nav_search_create. Returns
/// AE_NAV_RUNNING, or AE_NAV_BAD_ENDPOINT at once. Start == goal is found with length 0. The grid
/// must not change while the search runs: a step after an edit stops the program.
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
/// A context from ae_nav_search_create_flood must have been made with a reach >= max_cost.
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

#endif
