#include "camera.h"

#include <math.h>

void camera_init(camera *c, vec2s center, float w, float h) {
    c->center = center;
    c->zoom = c->target_zoom = 1.0f;
    c->screen_w = w;
    c->screen_h = h;
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
    c->center = target;
    keep_view_on_map(c, map_size);
}

void camera_follow(camera *c, vec2s target, vec2s map_size, float dt) {
    // Exponential smoothing: the same feel at any frame rate.
    float k = 1.0f - expf(-8.0f * dt);
    c->center = glms_vec2_lerp(c->center, target, k);
    float kz = 1.0f - expf(-10.0f * dt);
    c->zoom += (c->target_zoom - c->zoom) * kz;
    keep_view_on_map(c, map_size);
}

void camera_zoom_by(camera *c, float factor) {
    float z = c->target_zoom * factor;
    c->target_zoom =
        z < CAMERA_ZOOM_MIN ? CAMERA_ZOOM_MIN : (z > CAMERA_ZOOM_MAX ? CAMERA_ZOOM_MAX : z);
}
