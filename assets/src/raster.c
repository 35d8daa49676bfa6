// Software rasteriser for the art generator (see raster.h).
#include "raster.h"

#include <arena/ae_rng.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static float clampf(float v, float lo, float hi) {
    return v < lo ? lo : v > hi ? hi : v;
}

rs_canvas rs_canvas_make(int w, int h) {
    rs_canvas c = {0};
    c.w = w;
    c.h = h;
    c.px = calloc((size_t)w * (size_t)h * 4u, sizeof(float));
    if (!c.px) {
        fprintf(stderr, "arena-make-art: out of memory\n");
        exit(2);
    }
    c.cw = w;
    c.ch = h;
    return c;
}

void rs_canvas_free(rs_canvas *c) {
    free(c->px);
    c->px = NULL;
}

void rs_cell(rs_canvas *c, int x, int y, int w, int h) {
    c->ox = x;
    c->oy = y;
    c->cw = w;
    c->ch = h;
}

rs_color rs_hex(uint32_t rgb, float a) {
    rs_color c = {(float)((rgb >> 16) & 255u) / 255.0f, (float)((rgb >> 8) & 255u) / 255.0f,
                  (float)(rgb & 255u) / 255.0f, a};
    return c;
}

rs_color rs_mix(rs_color a, rs_color b, float t) {
    rs_color c = {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t,
                  a.a + (b.a - a.a) * t};
    return c;
}

rs_color rs_shade(rs_color c, float k) {
    if (k <= 1.0f) {
        rs_color d = {c.r * k, c.g * k, c.b * k, c.a};
        return d;
    }
    rs_color white = {1.0f, 1.0f, 1.0f, c.a};
    return rs_mix(c, white, k - 1.0f);
}

rs_shape rs_circle(float x, float y, float r) {
    rs_shape s = {.kind = RS_CIRCLE, .x = x, .y = y, .rx = r, .ry = r};
    return s;
}

rs_shape rs_ellipse(float x, float y, float rx, float ry, float angle) {
    rs_shape s = {.kind = RS_ELLIPSE, .x = x, .y = y, .rx = rx, .ry = ry, .angle = angle};
    return s;
}

rs_shape rs_rrect(float x, float y, float hw, float hh, float corner, float angle) {
    rs_shape s = {
        .kind = RS_RRECT, .x = x, .y = y, .rx = hw, .ry = hh, .r = corner, .angle = angle};
    return s;
}

rs_shape rs_capsule(float x0, float y0, float x1, float y1, float r) {
    rs_shape s = {.kind = RS_CAPSULE, .x = x0, .y = y0, .x2 = x1, .y2 = y1, .r = r};
    return s;
}

rs_shape rs_ring(float x, float y, float radius, float half_thickness) {
    rs_shape s = {.kind = RS_RING, .x = x, .y = y, .rx = radius, .r = half_thickness};
    return s;
}

rs_shape rs_poly(int n, const float *xy, float corner) {
    rs_shape s = {.kind = RS_POLY, .r = corner};
    s.n = n < RS_POLY_MAX ? n : RS_POLY_MAX;
    for (int i = 0; i < s.n; i++) {
        s.pts[i][0] = xy[2 * i];
        s.pts[i][1] = xy[2 * i + 1];
    }
    return s;
}

rs_shape rs_clipped(rs_shape s, float nx, float ny, float d) {
    s.clip = true;
    s.cnx = nx;
    s.cny = ny;
    s.cd = d;
    return s;
}

// Ellipse distance approximation (Inigo Quilez): exact on the axes, good near the boundary.
static float ellipse_distance(float px, float py, float rx, float ry) {
    float k0 = sqrtf((px / rx) * (px / rx) + (py / ry) * (py / ry));
    float k1 = sqrtf((px / (rx * rx)) * (px / (rx * rx)) + (py / (ry * ry)) * (py / (ry * ry)));
    if (k1 < 1e-6f) return -fminf(rx, ry);
    return k0 * (k0 - 1.0f) / k1;
}

static float poly_distance(const rs_shape *s, float px, float py) {
    float best = 1e30f;
    bool inside = false;
    for (int i = 0, j = s->n - 1; i < s->n; j = i++) {
        float ax = s->pts[j][0], ay = s->pts[j][1], bx = s->pts[i][0], by = s->pts[i][1];
        float ex = bx - ax, ey = by - ay, wx = px - ax, wy = py - ay;
        float t = clampf((wx * ex + wy * ey) / (ex * ex + ey * ey), 0.0f, 1.0f);
        float dx = wx - ex * t, dy = wy - ey * t;
        float d2 = dx * dx + dy * dy;
        if (d2 < best) best = d2;
        if ((ay > py) != (by > py) && px < ax + (py - ay) * ex / ey) inside = !inside;
    }
    float d = sqrtf(best);
    return (inside ? -d : d) - s->r;
}

float rs_distance(const rs_shape *s, float px, float py) {
    float dx = px - s->x, dy = py - s->y, d;
    if (s->angle != 0.0f) {
        float c = cosf(s->angle), sn = sinf(s->angle);
        float rx = dx * c + dy * sn, ry = -dx * sn + dy * c;
        dx = rx;
        dy = ry;
    }
    switch (s->kind) {
    case RS_CIRCLE:
        d = sqrtf(dx * dx + dy * dy) - s->rx;
        break;
    case RS_ELLIPSE:
        d = ellipse_distance(dx, dy, s->rx, s->ry);
        break;
    case RS_RRECT: {
        float qx = fabsf(dx) - s->rx + s->r, qy = fabsf(dy) - s->ry + s->r;
        float ox = fmaxf(qx, 0.0f), oy = fmaxf(qy, 0.0f);
        d = sqrtf(ox * ox + oy * oy) + fminf(fmaxf(qx, qy), 0.0f) - s->r;
        break;
    }
    case RS_CAPSULE: {
        float ex = s->x2 - s->x, ey = s->y2 - s->y, len2 = ex * ex + ey * ey;
        float t = len2 > 0.0f ? clampf((dx * ex + dy * ey) / len2, 0.0f, 1.0f) : 0.0f;
        float qx = dx - ex * t, qy = dy - ey * t;
        d = sqrtf(qx * qx + qy * qy) - s->r;
        break;
    }
    case RS_RING:
        d = fabsf(sqrtf(dx * dx + dy * dy) - s->rx) - s->r;
        break;
    case RS_POLY:
        d = poly_distance(s, px, py);
        break;
    default:
        d = 1e30f;
        break;
    }
    if (s->clip) d = fmaxf(d, px * s->cnx + py * s->cny - s->cd);
    return d;
}

rs_paint rs_solid(rs_color c) {
    rs_paint p = {.kind = RS_SOLID, .a = c, .b = c};
    return p;
}

rs_paint rs_linear(rs_color a, float x0, float y0, rs_color b, float x1, float y1) {
    rs_paint p = {.kind = RS_LINEAR, .a = a, .b = b, .x0 = x0, .y0 = y0, .x1 = x1, .y1 = y1};
    return p;
}

rs_paint rs_radial(rs_color a, float x, float y, rs_color b, float radius) {
    rs_paint p = {.kind = RS_RADIAL, .a = a, .b = b, .x0 = x, .y0 = y, .x1 = x + radius, .y1 = y};
    return p;
}

rs_paint rs_with_blend(rs_paint p, rs_blend blend) {
    p.blend = blend;
    return p;
}

static rs_color paint_at(const rs_paint *p, float x, float y) {
    if (p->kind == RS_SOLID) return p->a;
    float ex = p->x1 - p->x0, ey = p->y1 - p->y0, t;
    if (p->kind == RS_LINEAR) {
        t = ((x - p->x0) * ex + (y - p->y0) * ey) / (ex * ex + ey * ey);
    } else {
        float dx = x - p->x0, dy = y - p->y0;
        t = sqrtf((dx * dx + dy * dy) / (ex * ex + ey * ey));
    }
    return rs_mix(p->a, p->b, clampf(t, 0.0f, 1.0f));
}

void rs_plot(rs_canvas *c, int x, int y, rs_color col, float cov, rs_blend blend) {
    if (x < 0 || y < 0 || x >= c->cw || y >= c->ch || cov <= 0.0f) return;
    int cx = x + c->ox, cy = y + c->oy;
    if (cx < 0 || cy < 0 || cx >= c->w || cy >= c->h) return;
    float *d = c->px + ((size_t)cy * (size_t)c->w + (size_t)cx) * 4u;
    float a = clampf(col.a * cov, 0.0f, 1.0f);
    float sr = col.r * a, sg = col.g * a, sb = col.b * a;
    switch (blend) {
    case RS_OVER:
        d[0] = sr + d[0] * (1.0f - a);
        d[1] = sg + d[1] * (1.0f - a);
        d[2] = sb + d[2] * (1.0f - a);
        d[3] = a + d[3] * (1.0f - a);
        break;
    case RS_ATOP:
        d[0] = sr * d[3] + d[0] * (1.0f - a);
        d[1] = sg * d[3] + d[1] * (1.0f - a);
        d[2] = sb * d[3] + d[2] * (1.0f - a);
        break;
    case RS_ERASE:
        for (int k = 0; k < 4; k++) d[k] *= 1.0f - a;
        break;
    case RS_UNDER: {
        float keep = 1.0f - d[3];
        d[0] += sr * keep;
        d[1] += sg * keep;
        d[2] += sb * keep;
        d[3] += a * keep;
        break;
    }
    }
}

// Loose bounding box of a shape grown by `pad` pixels, in cell coordinates.
static void shape_bounds(const rs_shape *s, float pad, float *x0, float *y0, float *x1, float *y1) {
    float r;
    switch (s->kind) {
    case RS_CAPSULE:
        *x0 = fminf(s->x, s->x2) - s->r;
        *x1 = fmaxf(s->x, s->x2) + s->r;
        *y0 = fminf(s->y, s->y2) - s->r;
        *y1 = fmaxf(s->y, s->y2) + s->r;
        break;
    case RS_POLY:
        *x0 = *y0 = 1e30f;
        *x1 = *y1 = -1e30f;
        for (int i = 0; i < s->n; i++) {
            *x0 = fminf(*x0, s->pts[i][0]);
            *x1 = fmaxf(*x1, s->pts[i][0]);
            *y0 = fminf(*y0, s->pts[i][1]);
            *y1 = fmaxf(*y1, s->pts[i][1]);
        }
        *x0 -= s->r;
        *y0 -= s->r;
        *x1 += s->r;
        *y1 += s->r;
        break;
    default:
        r = fmaxf(s->rx, s->ry) * 1.42f + (s->kind == RS_RING ? s->r : 0.0f);
        *x0 = s->x - r;
        *x1 = s->x + r;
        *y0 = s->y - r;
        *y1 = s->y + r;
        break;
    }
    *x0 -= pad;
    *y0 -= pad;
    *x1 += pad;
    *y1 += pad;
}

void rs_fill(rs_canvas *c, const rs_shape *s, const rs_paint *p, float grow, float soft) {
    float bx0, by0, bx1, by1;
    shape_bounds(s, grow + soft + 1.0f, &bx0, &by0, &bx1, &by1);
    int x0 = (int)floorf(bx0), y0 = (int)floorf(by0);
    int x1 = (int)ceilf(bx1), y1 = (int)ceilf(by1);
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > c->cw) x1 = c->cw;
    if (y1 > c->ch) y1 = c->ch;
    for (int y = y0; y < y1; y++) {
        for (int x = x0; x < x1; x++) {
            float fx = (float)x + 0.5f, fy = (float)y + 0.5f;
            float d = rs_distance(s, fx, fy) - grow;
            float cov = clampf(0.5f - d / soft, 0.0f, 1.0f);
            if (cov > 0.0f) rs_plot(c, x, y, paint_at(p, fx, fy), cov, p->blend);
        }
    }
}

void rs_fill_outlined(rs_canvas *c, const rs_shape *s, const rs_paint *p, rs_color line,
                      float width) {
    rs_paint lp = rs_solid(line);
    rs_fill(c, s, &lp, width, 1.0f);
    rs_fill(c, s, p, 0.0f, 1.0f);
}

static float *cell_px(rs_canvas *c, int x, int y) {
    return c->px + ((size_t)(y + c->oy) * (size_t)c->w + (size_t)(x + c->ox)) * 4u;
}

// One horizontal and one vertical box-blur pass of radius r over a cw x ch buffer.
static void box_blur(float *buf, float *tmp, int w, int h, int r) {
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            float s = 0.0f;
            for (int k = -r; k <= r; k++) {
                int xx = x + k;
                if (xx >= 0 && xx < w) s += buf[y * w + xx];
            }
            tmp[y * w + x] = s / (float)(2 * r + 1);
        }
    }
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            float s = 0.0f;
            for (int k = -r; k <= r; k++) {
                int yy = y + k;
                if (yy >= 0 && yy < h) s += tmp[yy * w + x];
            }
            buf[y * w + x] = s / (float)(2 * r + 1);
        }
    }
}

void rs_drop_shadow(rs_canvas *c, int dx, int dy, int blur, float alpha) {
    int w = c->cw, h = c->ch;
    float *a = calloc((size_t)w * (size_t)h * 2u, sizeof(float));
    if (!a) {
        fprintf(stderr, "arena-make-art: out of memory\n");
        exit(2);
    }
    float *tmp = a + (size_t)w * (size_t)h;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int sx = x - dx, sy = y - dy;
            if (sx >= 0 && sy >= 0 && sx < w && sy < h) a[y * w + x] = cell_px(c, sx, sy)[3];
        }
    }
    if (blur > 0) {
        box_blur(a, tmp, w, h, blur);
        box_blur(a, tmp, w, h, blur);
    }
    rs_color black = {0.0f, 0.0f, 0.0f, alpha};
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) rs_plot(c, x, y, black, a[y * w + x], RS_UNDER);
    free(a);
}

void rs_flatten(rs_canvas *c, rs_color col) {
    for (int y = 0; y < c->ch; y++) {
        for (int x = 0; x < c->cw; x++) {
            float *d = cell_px(c, x, y);
            d[0] = col.r * d[3];
            d[1] = col.g * d[3];
            d[2] = col.b * d[3];
        }
    }
}

void rs_copy_cell(rs_canvas *c, int x, int y) {
    for (int j = 0; j < c->ch; j++) {
        for (int i = 0; i < c->cw; i++) {
            if (x + i >= c->w || y + j >= c->h) continue;
            float *dst = c->px + ((size_t)(y + j) * (size_t)c->w + (size_t)(x + i)) * 4u;
            memcpy(dst, cell_px(c, i, j), 4u * sizeof(float));
        }
    }
}

rs_noise rs_noise_make(int period, uint64_t seed) {
    rs_noise n = {period, malloc((size_t)period * (size_t)period * sizeof(float))};
    if (!n.v) {
        fprintf(stderr, "arena-make-art: out of memory\n");
        exit(2);
    }
    ae_rng rng;
    ae_rng_seed(&rng, seed, 0x6172745f6e6f6973ull);
    for (int i = 0; i < period * period; i++) n.v[i] = ae_rng_float(&rng);
    return n;
}

void rs_noise_free(rs_noise *n) {
    free(n->v);
    n->v = NULL;
}

static int wrap(int i, int p) {
    int m = i % p;
    return m < 0 ? m + p : m;
}

float rs_noise_at(const rs_noise *n, float x, float y) {
    float fx = floorf(x), fy = floorf(y);
    float tx = x - fx, ty = y - fy;
    int ix = (int)fx, iy = (int)fy, p = n->period;
    float v00 = n->v[wrap(iy, p) * p + wrap(ix, p)];
    float v10 = n->v[wrap(iy, p) * p + wrap(ix + 1, p)];
    float v01 = n->v[wrap(iy + 1, p) * p + wrap(ix, p)];
    float v11 = n->v[wrap(iy + 1, p) * p + wrap(ix + 1, p)];
    float sx = tx * tx * (3.0f - 2.0f * tx), sy = ty * ty * (3.0f - 2.0f * ty);
    float top = v00 + (v10 - v00) * sx, bottom = v01 + (v11 - v01) * sx;
    return top + (bottom - top) * sy;
}

float rs_fbm(const rs_noise *n, float x, float y, int octaves) {
    float sum = 0.0f, weight = 0.5f, total = 0.0f, f = 1.0f;
    for (int o = 0; o < octaves; o++) {
        // Offsetting each octave decorrelates them; the offset is whole lattice steps.
        sum += weight * rs_noise_at(n, x * f + (float)(o * 7), y * f + (float)(o * 13));
        total += weight;
        weight *= 0.5f;
        f *= 2.0f;
    }
    return sum / total;
}

void rs_to_rgba8(const rs_canvas *c, uint8_t *out) {
    size_t n = (size_t)c->w * (size_t)c->h;
    for (size_t i = 0; i < n; i++) {
        const float *p = c->px + i * 4u;
        float a = clampf(p[3], 0.0f, 1.0f);
        uint8_t a8 = (uint8_t)(a * 255.0f + 0.5f);
        for (int k = 0; k < 3; k++) {
            float v = a8 > 0 ? clampf(p[k] / a, 0.0f, 1.0f) : 0.0f;
            out[i * 4u + (size_t)k] = a8 > 0 ? (uint8_t)(v * 255.0f + 0.5f) : 0;
        }
        out[i * 4u + 3u] = a8;
    }
}
