/// The view: which world point sits at the screen centre, and the zoom.
#ifndef ARENA_CAMERA_H
#define ARENA_CAMERA_H

#include <cglm/struct.h>

typedef struct camera {
    vec2s center;      ///< world point at the screen centre
    float zoom;        ///< screen pixels per world unit
    float target_zoom; ///< zoom eases towards this
    float screen_w, screen_h;
} camera;

void camera_init(camera *c, vec2s center, float w, float h);
/// Eases towards `target` (critically damped, frame-rate independent) and keeps the view on the
/// map of `map_size` world units: a view smaller than the map never shows past its edge, a view
/// larger than the map (zoomed far out) is centred on it.
void camera_follow(camera *c, vec2s target, vec2s map_size, float dt);
/// Puts the view on `target` at once, kept on the map like camera_follow.
void camera_jump(camera *c, vec2s target, vec2s map_size);
static inline vec2s camera_to_screen(const camera *c, vec2s p) {
    return (vec2s){{(p.x - c->center.x) * c->zoom + 0.5f * c->screen_w,
                    (p.y - c->center.y) * c->zoom + 0.5f * c->screen_h}};
}
static inline vec2s camera_to_world(const camera *c, vec2s s) {
    return (vec2s){{(s.x - 0.5f * c->screen_w) / c->zoom + c->center.x,
                    (s.y - 0.5f * c->screen_h) / c->zoom + c->center.y}};
}
/// Zoom limits.
#define CAMERA_ZOOM_MIN 0.35f
#define CAMERA_ZOOM_MAX 2.5f
void camera_zoom_by(camera *c, float factor);

#endif
