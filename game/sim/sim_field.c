// The world's solids as one field: the baked map plus the doors near each query (the article's
// moving obstacles, each a box of its own combined with the map's distance). A map without doors
// goes straight to the baked field.
#include "sim_internal.h"

#include "arena/ae_collide.h"

#include <math.h>

/// Most doors one query takes into account; a query spanning more (only a very long line of
/// sight across a map full of doors) sees the first ones by index.
#define FIELD_NEAR_MAX 32

/// The field for a query over the box [lo, hi]: the map and the doors whose boxes overlap it.
static ae_field near_field(const sim_world *w, vec2s lo, vec2s hi, ae_shape *shapes, int *index) {
    int n = w->door_count > 0 ? sim_doors_near(w, lo, hi, shapes, index, FIELD_NEAR_MAX) : 0;
    return (ae_field){&w->sdf, shapes, n};
}

/// The box of the segment ab grown by pad: plain comparisons, not fminf/fmaxf (calls on this
/// target, four for each of the sim's moves, casts and sight lines); its points are finite.
static void box_of(vec2s a, vec2s b, float pad, vec2s *lo, vec2s *hi) {
    const ae_aabb box = ae_aabb_of_sweep(a, b, pad);
    *lo = box.lower;
    *hi = box.upper;
}

/// The field around a point: doors farther than two cells cannot be the nearest solid within the
/// distances that matter to the sim (an agent's or a gem's clearance, a bounce's normal).
static ae_field field_at(const sim_world *w, vec2s p, ae_shape *shapes) {
    vec2s lo, hi;
    box_of(p, p, 2.0f * w->cfg.cell_size, &lo, &hi);
    return near_field(w, lo, hi, shapes, NULL);
}

float sim_field_sample(const sim_world *w, vec2s p) {
    if (w->door_count == 0) return ae_sdf_sample(&w->sdf, p);
    ae_shape shapes[FIELD_NEAR_MAX];
    ae_field f = field_at(w, p, shapes);
    return ae_field_sample(&f, p);
}

vec2s sim_field_gradient(const sim_world *w, vec2s p) {
    if (w->door_count == 0) return ae_sdf_gradient(&w->sdf, p);
    ae_shape shapes[FIELD_NEAR_MAX];
    ae_field f = field_at(w, p, shapes);
    return ae_field_gradient(&f, p);
}

vec2s sim_field_move_circle(const sim_world *w, vec2s pos, float radius, vec2s delta) {
    if (w->door_count == 0) return ae_sdf_move_circle(&w->sdf, pos, radius, delta);
    ae_shape shapes[FIELD_NEAR_MAX];
    vec2s lo, hi;
    box_of(pos, glms_vec2_add(pos, delta), radius + 1.0f, &lo, &hi);
    ae_field f = near_field(w, lo, hi, shapes, NULL);
    return ae_field_move_circle(&f, pos, radius, delta);
}

/// True when a disk cast over the map alone surely meets nothing: the field at the origin
/// exceeds the radius by sqrt(2) times the travel plus a cell. ae_sdf_disk_cast's own bound (the
/// field changes by at most sqrt(2) per unit) then takes it to the end in one step, where it
/// reports no contact; the cell to spare dwarfs any rounding. Cheaper than the cast: one sample.
static bool map_cast_free(const sim_world *w, vec2s origin, float radius, float max_dist) {
    return ae_sdf_sample(&w->sdf, origin) - radius >=
           1.41422f * ((max_dist > 0.0f ? max_dist : 0.0f) + w->sdf.cell_size); // NaN: 0
}

float sim_field_disk_cast(const sim_world *w, vec2s origin, vec2s dir, float radius, float max_dist,
                          int *hit) {
    if (w->door_count == 0) {
        if (map_cast_free(w, origin, radius, max_dist)) {
            if (hit) *hit = AE_FIELD_NO_HIT;
            return max_dist;
        }
        bool wall;
        float d = ae_sdf_disk_cast(&w->sdf, origin, dir, radius, max_dist, &wall);
        if (hit) *hit = wall ? AE_FIELD_HIT_MAP : AE_FIELD_NO_HIT;
        return d;
    }
    ae_shape shapes[FIELD_NEAR_MAX];
    int index[FIELD_NEAR_MAX];
    vec2s lo, hi;
    box_of(origin, glms_vec2_add(origin, glms_vec2_scale(dir, max_dist)), radius + 1.0f, &lo, &hi);
    ae_field f = near_field(w, lo, hi, shapes, index);
    if (f.shape_count == 0 && map_cast_free(w, origin, radius, max_dist)) {
        if (hit) *hit = AE_FIELD_NO_HIT;
        return max_dist;
    }
    int h;
    float d = ae_field_disk_cast(&f, origin, dir, radius, max_dist, &h);
    if (hit) *hit = h >= 0 ? index[h] : h;
    return d;
}

bool sim_field_clear_path(const sim_world *w, vec2s a, vec2s b, float radius) {
    if (w->door_count == 0) return ae_sdf_clear_path(&w->sdf, a, b, radius);
    ae_shape shapes[FIELD_NEAR_MAX];
    vec2s lo, hi;
    box_of(a, b, radius + 1.0f, &lo, &hi);
    ae_field f = near_field(w, lo, hi, shapes, NULL);
    return ae_field_clear_path(&f, a, b, radius);
}
