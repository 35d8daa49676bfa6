/// Narrow phase: exact overlap tests for circles and axis-aligned boxes, and the swept circle test
/// (time of impact within a tick) that keeps fast bullets from tunnelling through agents.
///
/// Overlap is strict everywhere: shapes that only touch (distance exactly equal to the sum of the
/// radii, boxes sharing an edge) do not overlap. The tests compute in double so that the result for
/// float inputs does not depend on the compiler's choice of evaluation order.
#ifndef AE_COLLIDE_H
#define AE_COLLIDE_H

#include "arena/ae_base.h"

/// An axis-aligned box: lower <= upper on both axes.
typedef struct ae_aabb {
    vec2s lower; ///< smallest x and y
    vec2s upper; ///< largest x and y
} ae_aabb;

/// Strict overlap of two boxes (sharing an edge is not overlapping).
static inline bool ae_aabb_overlap(ae_aabb a, ae_aabb b) {
    return a.lower.x < b.upper.x && b.lower.x < a.upper.x && a.lower.y < b.upper.y &&
           b.lower.y < a.upper.y;
}

/// The box around a circle.
static inline ae_aabb ae_aabb_of_circle(vec2s c, float r) {
    ae_aabb b = {{{c.x - r, c.y - r}}, {{c.x + r, c.y + r}}};
    return b;
}

/// Circles overlap when their centre distance is strictly less than the sum of their radii.
static inline bool ae_circles_overlap(vec2s ca, float ra, vec2s cb, float rb) {
    double dx = (double)ca.x - (double)cb.x, dy = (double)ca.y - (double)cb.y;
    double s = (double)ra + (double)rb;
    return dx * dx + dy * dy < s * s;
}

/// A circle overlaps a box when the box's closest point to the centre is strictly closer than r.
static inline bool ae_circle_aabb_overlap(vec2s c, float r, ae_aabb box) {
    double dx = 0.0, dy = 0.0;
    if (c.x < box.lower.x)
        dx = (double)box.lower.x - (double)c.x;
    else if (c.x > box.upper.x)
        dx = (double)c.x - (double)box.upper.x;
    if (c.y < box.lower.y)
        dy = (double)box.lower.y - (double)c.y;
    else if (c.y > box.upper.y)
        dy = (double)c.y - (double)box.upper.y;
    // A centre inside the box overlaps unless r is 0 and the centre sits on the boundary; the
    // strict rule "distance < r" says a zero-radius point overlaps nothing.
    return dx * dx + dy * dy < (double)r * (double)r;
}

/// Swept circles: a moves linearly from a0 to a1 and b from b0 to b1 during one tick (t in [0, 1]).
/// Returns true when they overlap at some time of the tick and writes the first such time to *toi
/// (0 when they already overlap at the start; otherwise the time they first touch, < 1). Works at
/// any speed: the quadratic is solved in double with the cancellation-free root formula.
bool ae_sweep_circles(vec2s a0, vec2s a1, float ra, vec2s b0, vec2s b1, float rb, float *toi);

/// Swept circle against a resting circle (b does not move); see ae_sweep_circles.
bool ae_sweep_circle_circle(vec2s p0, vec2s p1, float r, vec2s c, float rc, float *toi);

/// The box around everything a circle of radius r covers while moving from p0 to p1: what a
/// moving bullet registers in the broadphase so that the swept test sees every candidate.
/// Finite inputs (plain comparisons: fminf's NaN rules made it a call's worth of work, and it is
/// asked for every agent's move and every bullet's flight each tick).
static inline ae_aabb ae_aabb_of_sweep(vec2s p0, vec2s p1, float r) {
    const float lx = p0.x < p1.x ? p0.x : p1.x, hx = p0.x < p1.x ? p1.x : p0.x;
    const float ly = p0.y < p1.y ? p0.y : p1.y, hy = p0.y < p1.y ? p1.y : p0.y;
    return (ae_aabb){{{lx - r, ly - r}}, {{hx + r, hy + r}}};
}

#endif
