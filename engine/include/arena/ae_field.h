/// The map's distance field combined with moving shapes (doors, carts, other bodies).
///
/// Static walls stay in the baked field and every moving obstacle has a distance of its own (a
/// box or a circle); the world's distance is the smallest of them. An ae_field is that union,
/// borrowed for one query: the caller owns the baked field and the shapes (typically only those
/// near the query, found with a broadphase).
/// Every query matches the ae_sdf_* one of the same name when there are no shapes.
///
///   ae_shape door = ae_shape_box(center, half_extents);
///   ae_field f = {&sdf, &door, 1};
///   pos = ae_field_move_circle(&f, pos, radius, delta);
#ifndef AE_FIELD_H
#define AE_FIELD_H

#include "arena/ae_sdf.h"

typedef enum ae_shape_kind { AE_SHAPE_CIRCLE, AE_SHAPE_BOX } ae_shape_kind;

/// A solid shape in world units: a circle of `radius`, or an axis-aligned box of `half` extents.
typedef struct ae_shape {
    ae_shape_kind kind;
    vec2s center;
    vec2s half;   ///< box only
    float radius; ///< circle only
} ae_shape;

static inline ae_shape ae_shape_circle(vec2s center, float radius) {
    return (ae_shape){.kind = AE_SHAPE_CIRCLE, .center = center, .radius = radius};
}
static inline ae_shape ae_shape_box(vec2s center, vec2s half) {
    return (ae_shape){.kind = AE_SHAPE_BOX, .center = center, .half = half};
}

/// Exact signed distance from p to a shape's boundary (world units, negative inside).
float ae_shape_distance(const ae_shape *s, vec2s p);
/// The box (lo, hi) around a shape.
void ae_shape_bounds(const ae_shape *s, vec2s *lo, vec2s *hi);

typedef struct ae_field {
    const ae_sdf *sdf;      ///< the baked map field (never NULL)
    const ae_shape *shapes; ///< `shape_count` moving solids (may be NULL when 0)
    int shape_count;
} ae_field;

/// What a disk cast ran into first.
enum { AE_FIELD_NO_HIT = -2, AE_FIELD_HIT_MAP = -1 }; ///< or the index of the shape

/// Smallest of the map's distance and every shape's (world units).
float ae_field_sample(const ae_field *f, vec2s p);
/// Unit direction away from the nearest solid: the map's gradient, or the nearest shape's (exact:
/// away from its nearest point outside it, out through its nearest face inside a box). Where
/// the map and a shape are equally near, the map's.
vec2s ae_field_gradient(const ae_field *f, vec2s p);
/// ae_sdf_move_circle against the union: slides along walls and shapes alike.
vec2s ae_field_move_circle(const ae_field *f, vec2s pos, float radius, vec2s delta);
/// ae_sdf_push_out against the union.
vec2s ae_field_push_out(const ae_field *f, vec2s pos, float radius);
/// ae_sdf_disk_cast against the union: the distance travelled before a disk of `radius` touches
/// the map or a shape (max_dist when nothing is in the way). *hit (optional) is AE_FIELD_NO_HIT,
/// AE_FIELD_HIT_MAP, or the index of the shape that stopped it. The map part is the exact
/// ae_sdf_disk_cast; each shape is solved analytically (a ray against the circle grown by the
/// disk's radius, or against the box grown by it with rounded corners). A disk that starts
/// touching something returns 0; a tie between the map and a shape goes to the map, between
/// shapes to the lower index. With no shapes it returns what ae_sdf_disk_cast returns.
float ae_field_disk_cast(const ae_field *f, vec2s origin, vec2s dir, float radius, float max_dist,
                         int *hit);
/// True when a disk can travel straight from a to b touching neither the map nor a shape.
bool ae_field_clear_path(const ae_field *f, vec2s a, vec2s b, float radius);

#endif
