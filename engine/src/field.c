// The baked field combined with moving shapes: exact shape distances, the union's sample and
// gradient, the shared slide, and a disk cast that solves each shape analytically.
#include "arena/ae_field.h"

#include "slide_internal.h"

#include <math.h>

/// The box's offset from its centre folded into the positive quadrant, minus its half extents:
/// both components <= 0 inside.
static vec2s box_excess(const ae_shape *s, vec2s p) {
    return (vec2s){{fabsf(p.x - s->center.x) - s->half.x, fabsf(p.y - s->center.y) - s->half.y}};
}

float ae_shape_distance(const ae_shape *s, vec2s p) {
    if (s->kind == AE_SHAPE_CIRCLE) return glms_vec2_distance(p, s->center) - s->radius;
    vec2s q = box_excess(s, p);
    float ox = fmaxf(q.x, 0.0f), oy = fmaxf(q.y, 0.0f);
    // Outside: distance to the nearest point of the box; inside: minus the distance to the
    // nearest face.
    return sqrtf(ox * ox + oy * oy) + fminf(fmaxf(q.x, q.y), 0.0f);
}

void ae_shape_bounds(const ae_shape *s, vec2s *lo, vec2s *hi) {
    vec2s e = s->kind == AE_SHAPE_CIRCLE ? (vec2s){{s->radius, s->radius}} : s->half;
    *lo = glms_vec2_sub(s->center, e);
    *hi = glms_vec2_add(s->center, e);
}

/// Unit direction of steepest ascent of a shape's distance; (0, -1) where it has none (a
/// circle's centre), like the map's fallback.
static vec2s shape_gradient(const ae_shape *s, vec2s p) {
    vec2s v = glms_vec2_sub(p, s->center);
    if (s->kind == AE_SHAPE_BOX) {
        vec2s q = box_excess(s, p);
        if (q.x > 0.0f || q.y > 0.0f) {
            // Outside: away from the nearest point of the box.
            v = (vec2s){{q.x > 0.0f ? v.x - copysignf(s->half.x, v.x) : 0.0f,
                         q.y > 0.0f ? v.y - copysignf(s->half.y, v.y) : 0.0f}};
        } else {
            // Inside or on the boundary: out through the nearest face.
            return q.x >= q.y ? (vec2s){{v.x >= 0.0f ? 1.0f : -1.0f, 0.0f}}
                              : (vec2s){{0.0f, v.y >= 0.0f ? 1.0f : -1.0f}};
        }
    }
    float len = glms_vec2_norm(v);
    if (!(len > 0.0f) || !isfinite(len)) return (vec2s){{0.0f, -1.0f}};
    return glms_vec2_scale(v, 1.0f / len);
}

/// The map's distance at p and the index of the nearest shape when one is strictly nearer
/// (-1 otherwise). A non-finite p reads as the map's deep inside (shapes give NaN there).
static float nearest(const ae_field *f, vec2s p, int *which) {
    float d = ae_sdf_sample(f->sdf, p);
    *which = -1;
    for (int i = 0; i < f->shape_count; i++) {
        float ds = ae_shape_distance(&f->shapes[i], p);
        if (ds < d) {
            d = ds;
            *which = i;
        }
    }
    return d;
}

float ae_field_sample(const ae_field *f, vec2s p) {
    int which;
    return nearest(f, p, &which);
}

vec2s ae_field_gradient(const ae_field *f, vec2s p) {
    int which;
    nearest(f, p, &which);
    return which < 0 ? ae_sdf_gradient(f->sdf, p) : shape_gradient(&f->shapes[which], p);
}

static float sample_field(const void *w, vec2s p) {
    return ae_field_sample(w, p);
}

static vec2s gradient_field(const void *w, vec2s p) {
    return ae_field_gradient(w, p);
}

vec2s ae_field_push_out(const ae_field *f, vec2s pos, float radius) {
    return slide_push_out(f, sample_field, gradient_field, pos, radius);
}

vec2s ae_field_move_circle(const ae_field *f, vec2s pos, float radius, vec2s delta) {
    return slide_move(f, sample_field, gradient_field, f->sdf->cell_size, pos, radius, delta);
}

/// First t in [0, t_max] where the ray o + t d (d a unit vector) is within `reach` of c, or -1.
static float ray_circle(vec2s o, vec2s d, vec2s c, float reach, float t_max) {
    vec2s m = glms_vec2_sub(o, c);
    float b = glms_vec2_dot(m, d), k = glms_vec2_dot(m, m) - reach * reach;
    if (k <= 0.0f) return 0.0f;  // starts inside
    if (b >= 0.0f) return -1.0f; // outside and not approaching
    float disc = b * b - k;
    if (disc < 0.0f) return -1.0f;
    // The nearer root -b - sqrt(disc), written without cancellation.
    float t = k / (-b + sqrtf(disc));
    return t <= t_max ? t : -1.0f;
}

/// First t in [0, t_max] where the ray o + t d is inside the box [lo, hi] (slab test), or -1.
static float ray_box(vec2s o, vec2s d, vec2s lo, vec2s hi, float t_max) {
    float t0 = 0.0f, t1 = t_max;
    for (int a = 0; a < 2; a++) {
        if (d.raw[a] == 0.0f) {
            if (o.raw[a] < lo.raw[a] || o.raw[a] > hi.raw[a]) return -1.0f;
            continue;
        }
        float inv = 1.0f / d.raw[a];
        float ta = (lo.raw[a] - o.raw[a]) * inv, tb = (hi.raw[a] - o.raw[a]) * inv;
        t0 = fmaxf(t0, fminf(ta, tb));
        t1 = fminf(t1, fmaxf(ta, tb));
    }
    return t0 <= t1 ? t0 : -1.0f;
}

/// Distance a disk of radius r travels from o along d before it touches the shape, or -1 when
/// it does not within t_max. The disk touches where the shape's distance is r: a circle of
/// radius radius + r, or the box grown by r with rounded corners, which is the union of the box
/// grown by r along x, the box grown by r along y, and a circle of radius r on each corner.
static float shape_cast(const ae_shape *s, vec2s o, vec2s d, float r, float t_max) {
    if (ae_shape_distance(s, o) <= r) return 0.0f;
    if (s->kind == AE_SHAPE_CIRCLE) return ray_circle(o, d, s->center, s->radius + r, t_max);
    vec2s lo = glms_vec2_sub(s->center, s->half), hi = glms_vec2_add(s->center, s->half);
    float best = -1.0f;
    for (int a = 0; a < 2; a++) {
        vec2s grow = {{a == 0 ? r : 0.0f, a == 1 ? r : 0.0f}};
        float t = ray_box(o, d, glms_vec2_sub(lo, grow), glms_vec2_add(hi, grow), t_max);
        if (t >= 0.0f && (best < 0.0f || t < best)) best = t;
    }
    for (int k = 0; k < 4; k++) {
        vec2s corner = {{k & 1 ? hi.x : lo.x, k & 2 ? hi.y : lo.y}};
        float t = ray_circle(o, d, corner, r, t_max);
        if (t >= 0.0f && (best < 0.0f || t < best)) best = t;
    }
    return best;
}

float ae_field_disk_cast(const ae_field *f, vec2s origin, vec2s dir, float radius, float max_dist,
                         int *hit) {
    // Shapes first: the nearest one shortens the map's cast, which then only has to tell whether
    // a wall comes sooner.
    float limit = max_dist;
    int which = AE_FIELD_NO_HIT;
    for (int i = 0; i < f->shape_count; i++) {
        float t = shape_cast(&f->shapes[i], origin, dir, radius, limit);
        if (t >= 0.0f && (which == AE_FIELD_NO_HIT || t < limit)) {
            limit = t;
            which = i;
        }
    }
    bool map_hit;
    float t = ae_sdf_disk_cast(f->sdf, origin, dir, radius, limit, &map_hit);
    if (map_hit) which = AE_FIELD_HIT_MAP;
    if (hit) *hit = which;
    return which == AE_FIELD_NO_HIT ? max_dist : (map_hit ? t : limit);
}

bool ae_field_clear_path(const ae_field *f, vec2s a, vec2s b, float radius) {
    vec2s d = glms_vec2_sub(b, a);
    float len = glms_vec2_norm(d);
    if (!(len > 0.0f)) return ae_field_sample(f, a) >= radius;
    int hit;
    ae_field_disk_cast(f, a, glms_vec2_scale(d, 1.0f / len), radius, len, &hit);
    return hit == AE_FIELD_NO_HIT;
}
