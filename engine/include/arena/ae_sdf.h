/// Signed distance field of a map grid.
///
/// Distances are kept at the (W+1) x (H+1) cell corners: the Euclidean distance to the wall
/// region (wall cells plus everything outside the map), positive outside walls, negative inside,
/// zero on the boundary. They are baked in linear time with a separable exact distance transform
/// (Meijster's column pass, then Felzenszwalb-Huttenlocher's lower envelope of parabolas per row)
/// over squared integer distances, so every corner is exact before it is rounded for storage
/// (below) and a local rebake after a cell edit is bit-identical to a full one.
///
/// Each corner is stored in 2 bytes: the exact distance rounded once to the nearest 1/256 cell
/// (AE_SDF_UNITS per cell, so within 1/512 cell of exact: 0.06 world units at 32 per cell) and
/// saturated at +-AE_SDF_SAT_UNITS (about 128 cells). Rounding to a grid that divides the cell
/// and clamping are both monotone, so neighbouring corners still differ by at most one cell: the
/// field stays 1-Lipschitz and every cast, slide and push-out that relies on it stays safe. A
/// saturated corner only reads nearer the walls' surface than it is (shorter sphere-tracing steps);
/// a 4096x4096 field takes 32 MB instead of 64.
///
/// Queries take and return world units (one cell is `cell_size` units) and interpolate the
/// corners bilinearly.
#ifndef AE_SDF_H
#define AE_SDF_H

#include "arena/ae_grid.h"

/// Stored units per cell, and the largest stored magnitude (127.996 cells).
#define AE_SDF_UNITS     256
#define AE_SDF_SAT_UNITS 32767

typedef struct ae_sdf {
    int width;       ///< cells
    int height;      ///< cells
    float cell_size; ///< world units per cell
    float inv_cell;  ///< 1 / cell_size
    int16_t *dist;   ///< (width + 1) * (height + 1) corner distances in 1/AE_SDF_UNITS cells
    float max_abs;   ///< an upper bound of |ae_sdf_corner| over all corners, in cells
    struct ae_sdf_scratch *scratch; ///< private: buffers cell edits keep, NULL before the first
} ae_sdf;

/// Bakes the field of `grid`. Returns false (with err) only when memory runs out.
bool ae_sdf_init(ae_sdf *sdf, const ae_grid *grid, float cell_size, ae_error *err);
void ae_sdf_free(ae_sdf *sdf);

/// Corner distance in cells (as stored); (cx, cy) in [0, width] x [0, height].
static inline float ae_sdf_corner(const ae_sdf *sdf, int cx, int cy) {
    return (float)sdf->dist[(size_t)cy * (size_t)(sdf->width + 1) + (size_t)cx] *
           (1.0f / AE_SDF_UNITS);
}

/// Writes a list of cells of the grid (a brush stamp, a filled rectangle) and updates the field
/// once for all of them. Each write sets cell (x, y), on the map, to `value` (an
/// ae_grid_cell_valid value: AE_CELL_FREE, AE_CELL_WALL, ...); writes are applied in order, so of
/// two writes to one cell the later wins. Only one window of corners is rebaked: it ends at the
/// first ring of corners around the changed cells' bounding rectangle that each lie farther from
/// that rectangle than their own |distance| plus one cell (nothing on or beyond such a ring can
/// change), so its size follows the distances near the edit, not the map's size or its largest
/// distance. The result is identical to ae_sdf_init on the edited grid. Changes of tags alone (a
/// wall made breakable, a door put in a free cell) and writes of the value a cell holds rebake
/// nothing.
///
/// `changed` (optional) receives the bounding rectangle of the cells whose wall bit differs from
/// before the call, empty when there is none: the field changed only within reach of these, and
/// ae_nav_grid_on_cells_edit and ae_cover_on_cells_edit take it to update only what they must.
/// The window's buffers are kept in the field for the next edit (up to a few MB; ae_sdf_free
/// releases them). Returns false (with err) when memory runs out, leaving the grid and the field
/// as they were (and `changed` empty). n may be 0.
bool ae_sdf_set_cells(ae_sdf *sdf, ae_grid *grid, const ae_cell_write *writes, int n,
                      ae_cell_rect *changed, ae_error *err);

/// Sets one cell: ae_sdf_set_cells with one write.
bool ae_sdf_set_cell(ae_sdf *sdf, ae_grid *grid, int x, int y, uint8_t value, ae_error *err);

/// Signed distance at a world position, in world units (bilinear between corners). Outside the
/// map it keeps falling with the distance to the map's edge; a non-finite position reads as
/// deep inside a wall.
float ae_sdf_sample(const ae_sdf *sdf, vec2s p);

/// Unit-length direction of steepest ascent (away from walls), analytic from the bilinear patch.
/// Where the patch is flat or on an exact ridge it falls back to a wider central difference and
/// then to a fixed direction, so the result is always a unit vector.
vec2s ae_sdf_gradient(const ae_sdf *sdf, vec2s p);

/// Moves a circle of radius r by delta and slides along walls: in sub-steps of at most r / 2 (a
/// quarter cell for r = 0; never more than 65536 sub-steps), any motion into a wall is projected
/// onto the wall's tangent, the circle is pushed out along the gradient, and a sub-step that would
/// end inside (SDF < r) or move backwards against delta is dropped, which stops the circle in
/// concave corners without jitter. Returns the new position. A start position that overlaps a wall
/// is pushed out first.
vec2s ae_sdf_move_circle(const ae_sdf *sdf, vec2s pos, float radius, vec2s delta);

/// Pushes a circle out of walls along the gradient (a few iterations); returns the new position.
vec2s ae_sdf_push_out(const ae_sdf *sdf, vec2s pos, float radius);

/// Sphere-traces a disk of radius r from origin along the unit vector dir. Returns the distance
/// travelled before first contact (SDF == r), or max_dist when nothing is hit; *hit (optional)
/// tells which. A disk that starts in contact returns 0 with a hit. Radius 0 is a ray (line of
/// sight).
float ae_sdf_disk_cast(const ae_sdf *sdf, vec2s origin, vec2s dir, float radius, float max_dist,
                       bool *hit);

/// True when a disk of radius r can travel in a straight line from a to b without contact.
bool ae_sdf_clear_path(const ae_sdf *sdf, vec2s a, vec2s b, float radius);

#endif
