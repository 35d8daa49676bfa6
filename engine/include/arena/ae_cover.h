/// Cover points: places next to walls where an agent can stand with the wall at its back.
///
/// Generated from the SDF along every wall edge of the map at a fixed spacing: each sample on a
/// free cell's wall edge is moved along the field's gradient onto the iso-line SDF == r (where an
/// agent of radius r stands touching the wall) and kept when it lands there within the
/// tolerance (its position snapped to a lattice of 1/4096 cell first). Each point has a unit
/// normal (the field's gradient: away from the wall). Points are stored by buckets of cells and
/// queried by AABB. After a cell edit only the points near the edit are regenerated; the result
/// is identical to a full rebuild.
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

/// Cells per side of a bucket: points are stored bucket by bucket, each in the bucket of the
/// cell it comes from.
#define AE_COVER_BUCKET 8

/// One cover point, 4 bytes: where a walled 4096x4096 map has millions of points, a point
/// holds only its offset from its bucket's lattice origin. Its source (the wall-edge sample it
/// was made from) is implied by its place: a bucket's points come in the order of their
/// sources. Read its position with ae_cover_point_pos or ae_cover_pos; its normal is not stored
/// (ae_cover_normal finds it).
typedef struct ae_cover_point {
    uint16_t x; ///< x offset, in lattice steps from the bucket's origin
    uint16_t y; ///< y offset
} ae_cover_point;

/// All cover points of a map. Callers read the fields below and never write them; the points
/// are found by box through ae_cover_query_aabb.
typedef struct ae_cover_set {
    ae_cover_def def;       ///< the parameters it was made with
    float tolerance;        ///< accepted |SDF - radius| at a point, world units
    int width;              ///< map cells
    int height;             ///< map cells
    float cell_size;        ///< world units per cell
    ae_cover_point *points; ///< count points in canonical order: by the bucket of their source
                            ///< cell (row by row), then by source (cell row by row, edge side,
                            ///< sample)
    int count;              ///< number of points
    int buckets_x;          ///< buckets across (AE_COVER_BUCKET cells a side)
    int buckets_y;          ///< buckets down
    int32_t *bucket_start;  ///< buckets_x * buckets_y + 1 offsets: bucket b's points are
                            ///< points[bucket_start[b] .. bucket_start[b + 1])
    float step;             ///< world units per lattice step (cell_size / 4096 unless the
                            ///< radius is above 2.5 cells: then coarser, so offsets fit)
    int margin;             ///< cells from a bucket's corner up and left to its lattice origin
    struct ae_cover_index *index; ///< private: an edit's scratch, NULL before init
} ae_cover_set;

/// The world position of bucket b's lattice origin (its offsets count from there).
static inline vec2s ae_cover_origin(const ae_cover_set *set, int b) {
    const int bx = b % set->buckets_x, by = b / set->buckets_x;
    return (vec2s){{(float)(bx * AE_COVER_BUCKET - set->margin) * set->cell_size,
                    (float)(by * AE_COVER_BUCKET - set->margin) * set->cell_size}};
}

/// The world position of point p of the bucket whose origin is `origin`. Every reader decodes
/// with this one expression, so a position is the same float everywhere (generation checks
/// this value).
static inline vec2s ae_cover_offset_pos(const ae_cover_set *set, vec2s origin, ae_cover_point p) {
    return (vec2s){{origin.x + (float)p.x * set->step, origin.y + (float)p.y * set->step}};
}

/// The world position of point p of bucket b.
static inline vec2s ae_cover_point_pos(const ae_cover_set *set, int b, ae_cover_point p) {
    return ae_cover_offset_pos(set, ae_cover_origin(set, b), p);
}

/// The bucket that holds point i (0 <= i < count): a binary search of the offsets.
static inline int ae_cover_bucket_of(const ae_cover_set *set, int i) {
    int lo = 0, hi = set->buckets_x * set->buckets_y - 1; // the last b with start[b] <= i
    while (lo < hi) {
        const int mid = lo + (hi - lo + 1) / 2;
        if (set->bucket_start[mid] <= i)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/// The world position of point i (0 <= i < count).
static inline vec2s ae_cover_pos(const ae_cover_set *set, int i) {
    return ae_cover_point_pos(set, ae_cover_bucket_of(set, i), set->points[i]);
}

/// The unit normal of a point at pos, pointing away from the wall: the gradient of the field
/// the set follows (the one given to init and to every edit since).
static inline vec2s ae_cover_normal(const ae_sdf *sdf, vec2s pos) {
    return ae_sdf_gradient(sdf, pos);
}

/// Generates the cover points of a map. False (with err) on out-of-memory or a bad definition,
/// leaving nothing to free.
bool ae_cover_init(ae_cover_set *set, const ae_grid *grid, const ae_sdf *sdf,
                   const ae_cover_def *def, ae_error *err);
/// Frees what init allocated and zeroes the struct. A zeroed struct (never initialised, or whose
/// init failed, or freed before) is accepted and left as it is.
void ae_cover_free(ae_cover_set *set);

/// True when the two sets hold the same points in the same order, bit for bit (with the same
/// buckets: sets of one map).
bool ae_cover_equal(const ae_cover_set *a, const ae_cover_set *b);

/// Regenerates the points near the changed cells after ae_sdf_set_cells reported them; the
/// result is identical to ae_cover_init (the same points at the same indices, and the same
/// bucket offsets). Cost, once for the whole rectangle: the points of the buckets the cells near
/// the edit lie in afresh, a copy of the buckets between them in storage order, one move of the
/// points after them when their number changed, and the offsets of the buckets after them. It
/// allocates only while its buffers grow (they are kept in the set, and the set keeps room to
/// spare), never a copy of the whole set but when the set outgrows its room. An empty rectangle
/// changes nothing. False (with err) on out-of-memory, leaving the set as it was.
bool ae_cover_on_cells_edit(ae_cover_set *set, const ae_grid *grid, const ae_sdf *sdf,
                            ae_cell_rect changed, ae_error *err);

/// Regenerates the points near cell (x, y) after ae_sdf_set_cell changed it:
/// ae_cover_on_cells_edit for that one cell.
bool ae_cover_on_cell_edit(ae_cover_set *set, const ae_grid *grid, const ae_sdf *sdf, int x, int y,
                           ae_error *err);

/// Indices of the points inside the box [lo, hi] (world units, by ae_cover_pos). Writes at most
/// cap, the first ones in index order, and returns the total.
int ae_cover_query_aabb(const ae_cover_set *set, vec2s lo, vec2s hi, int32_t *out, int cap);

/// Result of ae_cover_find_best.
typedef struct ae_cover_choice {
    int index;         ///< point index, -1 when none qualifies
    vec2s pos;         ///< its position (ae_cover_pos), (0, 0) when none
    float path_length; ///< path distance from the agent (world units)
} ae_cover_choice;

/// The cost (cells) up to which ae_cover_find_best floods for max_dist: a flood context made
/// with this reach serves it.
double ae_cover_flood_cost(float max_dist, float cell_size);

/// The cover search's context: Dijkstra over a window of cells around the agent, with records
/// for the (2 * floor(reach) + 3)^2 cells such a flood can touch (about 85 bytes each with its
/// lists, 190 KB for a reach of 22 cells), whatever the map's size, and room for the points a
/// search weighs (20 bytes each). Serves grids of any size.
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
