/// Cover points: places next to walls where an agent can stand with the wall at its back.
///
/// Generated from the SDF along every wall edge of the map at a fixed spacing: each sample on a
/// free cell's wall edge is moved along the field's gradient onto the iso-line SDF == r (where an
/// agent of radius r stands touching the wall) and kept when it lands there within the
/// tolerance. Each point has a unit normal (the field's gradient: away from the wall).
/// Points live in a bucket grid (private to the engine) and are queried by AABB. After a cell edit
/// only the points near the edit are regenerated; the result is identical to a full rebuild.
#ifndef AE_COVER_H
#define AE_COVER_H

#include "arena/ae_nav.h"

/// Cover generation parameters. Sampling follows the cells, so its two parameters are counted
/// per cell rather than in world units.
typedef struct ae_cover_def {
    float radius;          ///< agent radius the points are made for, world units (default 0)
    int edge_samples;      ///< samples along each wall edge of a cell, 1..16 (default 2)
    float tolerance_share; ///< accepted |SDF - radius| at a point, as a share of a cell (0.05)
    int cookie;            ///< set by ae_default_cover_def, checked by ae_cover_init
} ae_cover_def;

/// The defaults described on each field; the caller says the radius of its agents.
ae_cover_def ae_default_cover_def(void);

/// One cover point. Its normal is not stored (ae_cover_normal finds it): 12 bytes a point
/// rather than 20, where a walled 4096x4096 map has millions of points.
typedef struct ae_cover_point {
    vec2s pos;    ///< world position, SDF(pos) within tolerance of the radius
    uint32_t key; ///< source: free cell index * 64 + edge side * 16 + sample (canonical order)
} ae_cover_point;

/// The unit normal of point p, pointing away from the wall: the gradient of the field the set
/// follows (the one given to init and to every edit since).
static inline vec2s ae_cover_normal(const ae_sdf *sdf, const ae_cover_point *p) {
    return ae_sdf_gradient(sdf, p->pos);
}

/// All cover points of a map. Callers read the fields below and never write them; the points
/// are found by box through ae_cover_query_aabb.
typedef struct ae_cover_set {
    ae_cover_def def;             ///< the parameters it was made with
    float tolerance;              ///< accepted |SDF - radius| at a point, world units
    int width;                    ///< map cells
    int height;                   ///< map cells
    float cell_size;              ///< world units per cell
    ae_cover_point *points;       ///< count points, sorted by key
    int count;                    ///< number of points
    struct ae_cover_index *index; ///< private: the bucket index of the points, NULL before init
} ae_cover_set;

/// Generates the cover points of a map. False (with err) on out-of-memory or a bad definition,
/// leaving nothing to free.
bool ae_cover_init(ae_cover_set *set, const ae_grid *grid, const ae_sdf *sdf,
                   const ae_cover_def *def, ae_error *err);
/// Frees what init allocated and zeroes the struct. A zeroed struct (never initialised, or whose
/// init failed, or freed before) is accepted and left as it is.
void ae_cover_free(ae_cover_set *set);

/// Regenerates the points near the changed cells after ae_sdf_set_cells reported them; the
/// result is identical to ae_cover_init (the same points at the same indices, and an index that
/// answers every query alike). Cost, once for the whole rectangle: the points of the cells near
/// the edit afresh, a merge of the points of their rows, one move of the points after them (and
/// of their index entries) when their number changed, and the index's lists of the bucket rows
/// they reach. It allocates only while its buffers grow (they are kept in the set, and the set
/// keeps room to spare), never a copy of the whole set but when the set outgrows its room. An
/// empty rectangle changes nothing. False (with err) on out-of-memory, leaving the set as it was.
bool ae_cover_on_cells_edit(ae_cover_set *set, const ae_grid *grid, const ae_sdf *sdf,
                            ae_cell_rect changed, ae_error *err);

/// Regenerates the points near cell (x, y) after ae_sdf_set_cell changed it:
/// ae_cover_on_cells_edit for that one cell.
bool ae_cover_on_cell_edit(ae_cover_set *set, const ae_grid *grid, const ae_sdf *sdf, int x, int y,
                           ae_error *err);

/// Indices of the points inside the box [lo, hi] (world units). Writes at most cap, in index
/// order, and returns the total. When the total exceeds cap, which points are written follows
/// the bucket index, not the point order: give room for all when the choice matters.
int ae_cover_query_aabb(const ae_cover_set *set, vec2s lo, vec2s hi, int32_t *out, int cap);

/// Result of ae_cover_find_best.
typedef struct ae_cover_choice {
    int index;         ///< point index, -1 when none qualifies
    float path_length; ///< path distance from the agent (world units)
} ae_cover_choice;

/// The cost (cells) up to which ae_cover_find_best floods for max_dist: a flood context made
/// with this reach serves it.
double ae_cover_flood_cost(float max_dist, float cell_size);

/// The cover search's context: Dijkstra over a window of cells around the agent, with records
/// for the (2 * floor(reach) + 3)^2 cells such a flood can touch (about 85 bytes each with its
/// lists, 190 KB for a reach of 22 cells), whatever the map's size, and room for the points a
/// search weighs (12 bytes each). Serves grids of any size.
typedef struct ae_cover_flood ae_cover_flood;

/// A context for floods up to `reach` cells (0 <= reach < 4096) weighing at most `candidates`
/// points (ae_cover_find_best's scratch_cap must not exceed it). NULL (with err) on
/// out-of-memory.
ae_cover_flood *ae_cover_flood_create(double reach, int candidates, ae_error *err);
/// Frees the context (NULL is ignored).
void ae_cover_flood_destroy(ae_cover_flood *flood);

/// Best cover for an agent at `agent` from a threat at `threat`: among the points within
/// max_dist (world units, box around the agent) whose line of sight from the threat is blocked
/// by a wall, the one with the shortest path for the agent (the same path costs as ae_nav_flood
/// over nav layer `layer` up to ae_cover_flood_cost, which the context's reach must cover). Ties
/// go to the lower index. It floods a few cells first and farther only while no nearer hidden
/// point settles the answer (the same answer as one flood to the full cost, at a fraction of its
/// cost when cover is near). Scratch holds the points in the box (scratch_cap at most the
/// context's `candidates`); the search leaves it changed.
ae_cover_choice ae_cover_find_best(const ae_cover_set *set, const ae_sdf *sdf,
                                   const ae_nav_grid *nav, ae_cover_flood *flood, int layer,
                                   vec2s agent, vec2s threat, float max_dist, int32_t *scratch,
                                   int scratch_cap);

#endif
