// Queries on the corner field: bilinear sample, analytic gradient, slide, disk cast.
#include "arena/ae_sdf.h"

#include "slide_internal.h"

#include <math.h>

/// Cells per stored unit.
#define CELLS_PER_UNIT (1.0f / AE_SDF_UNITS)

/// The bilinear patch that holds a position, in cell coordinates.
typedef struct patch {
    float d00, d10, d01, d11; // corner distances as stored (1/AE_SDF_UNITS cells)
    float fx, fy;             // position inside the cell, [0, 1]
    float outside;            // distance from the map's rectangle (cells), 0 inside
    float ox, oy;             // direction from the position back to the rectangle (unnormalised)
} patch;

/// The patch at cell coordinates (u, v); false when they are not finite. Inlined into every
/// query: a call would cost about as much as the lookup itself.
static inline __attribute__((always_inline)) bool locate_cells(const ae_sdf *s, float u, float v,
                                                               patch *out) {
    if (!isfinite(u) || !isfinite(v)) return false;
    const float w = (float)s->width, h = (float)s->height;
    float cu = ae_clampf(u, 0.0f, w), cv = ae_clampf(v, 0.0f, h);
    out->ox = cu - u;
    out->oy = cv - v;
    out->outside = sqrtf(out->ox * out->ox + out->oy * out->oy);
    int ix = ae_mini((int)cu, s->width - 1), iy = ae_mini((int)cv, s->height - 1);
    out->fx = cu - (float)ix;
    out->fy = cv - (float)iy;
    const size_t stride = (size_t)s->width + 1;
    const int16_t *row = s->dist + (size_t)iy * stride + (size_t)ix;
    out->d00 = row[0];
    out->d10 = row[1];
    out->d01 = row[stride];
    out->d11 = row[stride + 1];
    return true;
}

static bool locate(const ae_sdf *s, vec2s p, patch *out) {
    return locate_cells(s, p.x * s->inv_cell, p.y * s->inv_cell, out);
}

/// The patch's value at the position, in stored units.
static float patch_value(const patch *c) {
    float top = c->d00 + (c->d10 - c->d00) * c->fx;
    float bottom = c->d01 + (c->d11 - c->d01) * c->fx;
    return top + (bottom - top) * c->fy;
}

float ae_sdf_sample(const ae_sdf *s, vec2s p) {
    patch c;
    if (!locate(s, p, &c)) return -1e30f;
    return (patch_value(&c) * CELLS_PER_UNIT - c.outside) * s->cell_size;
}

/// Normalises (gx, gy) unless it is shorter than min_len.
static bool normalize_into(float gx, float gy, float min_len, vec2s *out) {
    float len = sqrtf(gx * gx + gy * gy);
    if (!(len > min_len)) return false;
    out->x = gx / len;
    out->y = gy / len;
    return true;
}

vec2s ae_sdf_gradient(const ae_sdf *s, vec2s p) {
    vec2s g = {{0.0f, -1.0f}};
    patch c;
    if (!locate(s, p, &c)) return g;
    if (c.outside > 0.0f && normalize_into(c.ox, c.oy, 1e-6f, &g)) return g;
    // d/dfx and d/dfy of the bilinear patch, in stored units: flat below 1e-6 cells.
    float gx = (c.d10 - c.d00) * (1.0f - c.fy) + (c.d11 - c.d01) * c.fy;
    float gy = (c.d01 - c.d00) * (1.0f - c.fx) + (c.d11 - c.d10) * c.fx;
    if (normalize_into(gx, gy, 1e-6f * AE_SDF_UNITS, &g)) return g;
    // Flat patch or a saddle point: look one cell each way.
    const float h = s->cell_size;
    gx = ae_sdf_sample(s, (vec2s){{p.x + h, p.y}}) - ae_sdf_sample(s, (vec2s){{p.x - h, p.y}});
    gy = ae_sdf_sample(s, (vec2s){{p.x, p.y + h}}) - ae_sdf_sample(s, (vec2s){{p.x, p.y - h}});
    if (normalize_into(gx, gy, 1e-6f, &g)) return g;
    return (vec2s){{0.0f, -1.0f}};
}

static float sample_sdf(const void *w, vec2s p) {
    return ae_sdf_sample(w, p);
}

static vec2s gradient_sdf(const void *w, vec2s p) {
    return ae_sdf_gradient(w, p);
}

vec2s ae_sdf_push_out(const ae_sdf *s, vec2s pos, float radius) {
    return slide_push_out(s, sample_sdf, gradient_sdf, pos, radius);
}

vec2s ae_sdf_move_circle(const ae_sdf *s, vec2s pos, float radius, vec2s delta) {
    return slide_move(s, sample_sdf, gradient_sdf, s->cell_size, pos, radius, delta);
}

/// First s in [0, s_max] where q2 s^2 + q1 s + q0 <= 0, given q0 > 0; returns -1 when none.
/// The coefficients are in stored units (a q2 below 1e-9 cells counts as none).
static float first_root(float q2, float q1, float q0, float s_max) {
    if (fabsf(q2) < 1e-9f * AE_SDF_UNITS) {
        if (q1 >= 0.0f) return -1.0f;
        float s = -q0 / q1;
        return s <= s_max ? s : -1.0f;
    }
    float disc = q1 * q1 - 4.0f * q2 * q0;
    if (disc < 0.0f) return -1.0f;
    float root = sqrtf(disc);
    // Numerically stable pair of roots (no cancellation).
    float k = -0.5f * (q1 + (q1 >= 0.0f ? root : -root));
    float r1 = k / q2, r2 = k != 0.0f ? q0 / k : r1;
    float lo = fminf(r1, r2), hi = fmaxf(r1, r2);
    if (lo >= 0.0f && lo <= s_max) return lo;
    if (hi >= 0.0f && hi <= s_max) return hi;
    return -1.0f;
}

float ae_sdf_disk_cast(const ae_sdf *s, vec2s origin, vec2s dir, float radius, float max_dist,
                       bool *hit) {
    // Far from walls this is sphere tracing: inside a cell each partial derivative of the
    // bilinear patch is at most 1 (neighbouring corner distances differ by at most one cell), so
    // the field changes by at most sqrt(2) per unit travelled and a step of (d - r) / sqrt(2)
    // cannot pass a contact. Near walls, where sphere tracing crawls, the field along the ray is
    // a quadratic inside each cell, so the contact is solved exactly cell by cell.
    const float inv_lipschitz = 0.70710678f;
    const float tol = 1e-4f; // cells
    const float r = radius * s->inv_cell;
    const float limit = max_dist > 0.0f ? max_dist * s->inv_cell : 0.0f;
    const float u0 = origin.x * s->inv_cell, v0 = origin.y * s->inv_cell;
    const float dx = dir.x, dy = dir.y;
    const int max_iter = 4 * (s->width + s->height) + 256;
    float t = 0.0f;
    bool contact = true;
    for (int i = 0; i < max_iter; i++) {
        patch c;
        if (!locate_cells(s, u0 + dx * t, v0 + dy * t, &c)) break;
        float gap = patch_value(&c) * CELLS_PER_UNIT - c.outside - r;
        if (gap < tol) break;
        if (t >= limit) {
            contact = false;
            break;
        }
        if (gap * inv_lipschitz > 1.0f) {
            t = fminf(t + gap * inv_lipschitz, limit);
            continue;
        }
        // Exact solve inside the current cell (the ray never leaves the map before contact,
        // because every border corner is <= 0).
        float u = u0 + dx * t, v = v0 + dy * t;
        float fu = floorf(u), fv = floorf(v);
        if (dx < 0.0f && u == fu) fu -= 1.0f;
        if (dy < 0.0f && v == fv) fv -= 1.0f;
        fu = ae_clampf(fu, 0.0f, (float)s->width - 1.0f);
        fv = ae_clampf(fv, 0.0f, (float)s->height - 1.0f);
        float x0 = u - fu, y0 = v - fv;
        float s_exit = limit - t;
        if (dx > 0.0f) s_exit = fminf(s_exit, (1.0f - x0) / dx);
        if (dx < 0.0f) s_exit = fminf(s_exit, -x0 / dx);
        if (dy > 0.0f) s_exit = fminf(s_exit, (1.0f - y0) / dy);
        if (dy < 0.0f) s_exit = fminf(s_exit, -y0 / dy);
        s_exit = fmaxf(s_exit, 0.0f);
        // The field along the ray, in stored units.
        const size_t stride = (size_t)s->width + 1;
        const int16_t *row = s->dist + (size_t)fv * stride + (size_t)fu;
        float a = row[0], b = (float)(row[1] - row[0]), cc = (float)(row[stride] - row[0]);
        float d = (float)(row[0] - row[1] - row[stride] + row[stride + 1]);
        float q0 = a + b * x0 + cc * y0 + d * x0 * y0 - r * AE_SDF_UNITS;
        float q1 = b * dx + cc * dy + d * (x0 * dy + y0 * dx);
        float q2 = d * dx * dy;
        float root = q0 > 0.0f ? first_root(q2, q1, q0, s_exit) : 0.0f;
        if (root >= 0.0f) {
            t += root;
            break;
        }
        float next = t + s_exit;
        t = next > t ? next : nextafterf(t, INFINITY);
        if (t >= limit) t = limit;
    }
    if (hit) *hit = contact;
    return contact ? fminf(t, limit) * s->cell_size : max_dist;
}

bool ae_sdf_clear_path(const ae_sdf *s, vec2s a, vec2s b, float radius) {
    vec2s d = glms_vec2_sub(b, a);
    float len = glms_vec2_norm(d);
    if (!(len > 0.0f)) return ae_sdf_sample(s, a) >= radius;
    bool hit;
    ae_sdf_disk_cast(s, a, glms_vec2_scale(d, 1.0f / len), radius, len, &hit);
    return !hit;
}
