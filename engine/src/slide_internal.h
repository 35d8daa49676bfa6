// The push-out and the sub-stepped slide, written once over a distance function and its
// gradient: ae_sdf_* runs them on the baked field, ae_field_* on the field with moving shapes.
// They are static inline and take the two functions as constants, so each caller gets its own
// copy with the calls inlined: ae_sdf_move_circle costs what it did before the field existed,
// and both do the same float operations in the same order.
#ifndef SLIDE_INTERNAL_H
#define SLIDE_INTERNAL_H

#include "arena/ae_sdf.h"

#include <math.h>

typedef float slide_sample_fn(const void *world, vec2s p);
typedef vec2s slide_gradient_fn(const void *world, vec2s p);

enum { SLIDE_PUSH_ITERATIONS = 8 };

/// Pushes a circle out along the gradient, a few iterations at most.
static inline vec2s slide_push_out(const void *w, slide_sample_fn *sample,
                                   slide_gradient_fn *gradient, vec2s pos, float radius) {
    for (int i = 0; i < SLIDE_PUSH_ITERATIONS; i++) {
        float d = sample(w, pos);
        if (d >= radius) break;
        pos = glms_vec2_add(pos, glms_vec2_scale(gradient(w, pos), radius - d));
    }
    return pos;
}

/// Moves a circle by delta in sub-steps of at most radius / 2 (a quarter cell for radius 0),
/// sliding along whatever the distance function holds (see ae_sdf_move_circle).
static inline vec2s slide_move(const void *w, slide_sample_fn *sample, slide_gradient_fn *gradient,
                               float cell_size, vec2s pos, float radius, vec2s delta) {
    // Slack for float rounding when deciding that a sub-step ended clear of walls.
    const float tol = 1e-5f * cell_size;
    if (sample(w, pos) < radius) pos = slide_push_out(w, sample, gradient, pos, radius);
    float len = glms_vec2_norm(delta);
    if (!(len > 0.0f) || !isfinite(len)) return pos;
    float max_step = radius > 0.0f ? 0.5f * radius : 0.25f * cell_size;
    float steps_f = ceilf(len / max_step);
    int steps = steps_f > 65536.0f ? 65536 : (int)steps_f;
    vec2s step = glms_vec2_scale(delta, 1.0f / (float)steps);
    for (int i = 0; i < steps; i++) {
        vec2s q = glms_vec2_add(pos, step);
        if (sample(w, q) < radius) {
            // Slide: keep the part of the step that goes into the wall only up to contact (the
            // current gap), so the rest is projected onto the wall's tangent; then push out what
            // the wall's curvature leaves.
            vec2s n = gradient(w, q);
            float gap = fmaxf(sample(w, pos) - radius, 0.0f);
            float normal = glms_vec2_dot(step, n);
            vec2s slide =
                normal < -gap ? glms_vec2_add(step, glms_vec2_scale(n, -gap - normal)) : step;
            q = slide_push_out(w, sample, gradient, glms_vec2_add(pos, slide), radius);
            // A sub-step that cannot end clear, or that the push-out turned backwards, would make
            // the circle jitter in corners: stop here instead.
            vec2s moved = glms_vec2_sub(q, pos);
            if (sample(w, q) < radius - tol || glms_vec2_dot(moved, delta) <= 0.0f) break;
        }
        pos = q;
    }
    return pos;
}

#endif
