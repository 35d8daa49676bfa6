#include "camera.h"

#include <math.h>

static float clampf(float v, float lo, float hi) {
    return v < lo ? lo : (v > hi ? hi : v);
}

float camera_view_scale(float w, float h) {
    return fmaxf(1.0f, fmaxf(w / CAMERA_REF_W, h / CAMERA_REF_H));
}

/// Keeps the zoom level when the screen changes size: zoom and target follow the view scale.
static float sync_scale(camera *c) {
    float s = camera_view_scale(c->screen_w, c->screen_h);
    if (s != c->scale) {
        c->zoom *= s / c->scale;
        c->target_zoom *= s / c->scale;
        c->scale = s;
    }
    return s;
}

void camera_init(camera *c, vec2s center, float w, float h) {
    *c = (camera){0};
    c->center = center;
    c->screen_w = w;
    c->screen_h = h;
    c->zoom_min = CAMERA_ZOOM_DEFAULT_MIN;
    c->zoom_max = CAMERA_ZOOM_DEFAULT_MAX;
    c->scale = camera_view_scale(w, h);
    c->zoom = c->target_zoom = c->scale;
}

/// One axis of the view's centre, kept so the view (half_view either side) stays on [0, size].
static float keep_on_map(float center, float half_view, float size) {
    if (2.0f * half_view >= size) return 0.5f * size;
    return fminf(fmaxf(center, half_view), size - half_view);
}

static void keep_view_on_map(camera *c, vec2s map_size) {
    c->center.x = keep_on_map(c->center.x, 0.5f * c->screen_w / c->zoom, map_size.x);
    c->center.y = keep_on_map(c->center.y, 0.5f * c->screen_h / c->zoom, map_size.y);
}

void camera_jump(camera *c, vec2s target, vec2s map_size) {
    sync_scale(c);
    c->center = target;
    keep_view_on_map(c, map_size);
}

void camera_follow(camera *c, vec2s target, vec2s map_size, float dt) {
    float s = sync_scale(c);
    // The player's range, unless several humans are being framed this frame (camera_frame).
    if (!c->framing) c->target_zoom = clampf(c->target_zoom, c->zoom_min * s, c->zoom_max * s);
    c->framing = false;
    // Exponential smoothing: the same feel at any frame rate.
    float k = 1.0f - expf(-8.0f * dt);
    c->center = glms_vec2_lerp(c->center, target, k);
    float kz = 1.0f - expf(-10.0f * dt);
    c->zoom += (c->target_zoom - c->zoom) * kz;
    keep_view_on_map(c, map_size);
}

void camera_reset_zoom(camera *c) {
    float s = sync_scale(c);
    c->zoom = c->target_zoom = clampf(1.0f, c->zoom_min, c->zoom_max) * s;
}

void camera_zoom_by(camera *c, float factor) {
    float s = sync_scale(c);
    c->target_zoom = clampf(c->target_zoom * factor, c->zoom_min * s, c->zoom_max * s);
}

void camera_set_zoom_range(camera *c, float lo, float hi) {
    // Written so that a NaN falls to the fair bound.
    lo = lo >= CAMERA_ZOOM_FAIR_MIN ? fminf(lo, CAMERA_ZOOM_FAIR_MAX) : CAMERA_ZOOM_FAIR_MIN;
    hi = hi <= CAMERA_ZOOM_FAIR_MAX ? fmaxf(hi, CAMERA_ZOOM_FAIR_MIN) : CAMERA_ZOOM_FAIR_MAX;
    if (lo > hi) lo = hi;
    c->zoom_min = lo;
    c->zoom_max = hi;
    float s = sync_scale(c);
    c->target_zoom = clampf(c->target_zoom, lo * s, hi * s);
}

void camera_frame(camera *c, float fit) {
    float s = sync_scale(c);
    c->target_zoom = clampf(fit, CAMERA_ZOOM_MIN * s, fminf(1.0f, c->zoom_max) * s);
    c->framing = true;
}
