#include "camera.h"

#include <math.h>

void camera_init(camera *c, vec2s center, float w, float h) {
    c->center = center;
    c->zoom = c->target_zoom = 1.0f;
    c->screen_w = w;
    c->screen_h = h;
}

void camera_follow(camera *c, vec2s target, float dt) {
    // Exponential smoothing: the same feel at any frame rate.
    float k = 1.0f - expf(-8.0f * dt);
    c->center = glms_vec2_lerp(c->center, target, k);
    float kz = 1.0f - expf(-10.0f * dt);
    c->zoom += (c->target_zoom - c->zoom) * kz;
}

void camera_zoom_by(camera *c, float factor) {
    float z = c->target_zoom * factor;
    c->target_zoom =
        z < CAMERA_ZOOM_MIN ? CAMERA_ZOOM_MIN : (z > CAMERA_ZOOM_MAX ? CAMERA_ZOOM_MAX : z);
}
