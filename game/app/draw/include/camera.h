/// The view: which world point sits at the screen centre, and the zoom.
///
/// Zoom levels are given for the reference screen of CAMERA_REF_W x CAMERA_REF_H pixels, where
/// zoom 1 is one pixel per world unit. A bigger screen multiplies them by its view scale
/// (camera_view_scale), so it shows the same stretch of the world in bigger pixels, never more
/// of it; a smaller one shows less (its scale stays 1).
#ifndef ARENA_CAMERA_H
#define ARENA_CAMERA_H

#include <cglm/struct.h>
#include <stdbool.h>

#define CAMERA_REF_W 1280.0f
#define CAMERA_REF_H 720.0f

/// The fair zoom range, a player's own range lies inside it. Zoomed out to CAMERA_ZOOM_FAIR_MIN
/// the view reaches 800 world units from its centre sideways (640 / 0.8) and 450 up and down:
/// side to side about as far as the longest weapon shoots (the rifle, 700) and a bot holding it
/// picks a target (1.1 times its range, 770); up and down as far as a bot with the starting
/// pistol does (462). Seeing farther would show a player what nobody can shoot or see, bots
/// included. Zoomed in to CAMERA_ZOOM_FAIR_MAX the view still holds a shotgun fight (230) up and
/// down; closer only hides the fight from the one who chose it.
#define CAMERA_ZOOM_FAIR_MIN 0.8f
#define CAMERA_ZOOM_FAIR_MAX 2.0f
/// A player's range until the settings say otherwise.
#define CAMERA_ZOOM_DEFAULT_MIN 0.8f
#define CAMERA_ZOOM_DEFAULT_MAX 1.6f
/// How far the view zooms out to keep several humans sharing the screen on it (camera_frame);
/// they see each other's surroundings anyway.
#define CAMERA_ZOOM_MIN 0.35f

typedef struct camera {
    vec2s center;      ///< world point at the screen centre
    float zoom;        ///< screen pixels per world unit (zoom level times the view scale)
    float target_zoom; ///< zoom eases towards this
    float screen_w, screen_h;
    float zoom_min, zoom_max; ///< the player's zoom range (levels, inside the fair range)
    float scale;              ///< the view scale zoom and target_zoom were last set for
    bool framing;             ///< camera_frame asked for a wider view this frame
} camera;

/// Zoom level 1 with the default range.
void camera_init(camera *c, vec2s center, float w, float h);
/// Pixels per world unit at zoom level 1 on a w x h screen: 1, or more for a screen larger than
/// the reference one in either direction.
float camera_view_scale(float w, float h);
/// Eases towards `target` (critically damped, frame-rate independent) and keeps the view on the
/// map of `map_size` world units: a view smaller than the map never shows past its edge, a view
/// larger than the map (zoomed far out) is centred on it. Follows a change of screen size so the
/// view keeps its zoom level, and keeps the target zoom in the player's range (or, in a frame
/// after camera_frame, between CAMERA_ZOOM_MIN and level 1).
void camera_follow(camera *c, vec2s target, vec2s map_size, float dt);
/// Puts the view on `target` at once, kept on the map like camera_follow.
void camera_jump(camera *c, vec2s target, vec2s map_size);
/// The view at zoom level 1 (or the nearest level in the player's range) at once.
void camera_reset_zoom(camera *c);
/// Zooms the target by `factor`, within the player's range.
void camera_zoom_by(camera *c, float factor);
/// Sets the player's zoom range [lo, hi], clamped into the fair range (lo above hi, or a value
/// that is not a number, gives the nearest sensible range), and brings the target zoom into it.
void camera_set_zoom_range(camera *c, float lo, float hi);
/// Several humans share the screen: for the next camera_follow, heads for `fit` pixels per world
/// unit (the zoom that frames them all), between CAMERA_ZOOM_MIN and level 1.
void camera_frame(camera *c, float fit);

static inline vec2s camera_to_screen(const camera *c, vec2s p) {
    return (vec2s){{(p.x - c->center.x) * c->zoom + 0.5f * c->screen_w,
                    (p.y - c->center.y) * c->zoom + 0.5f * c->screen_h}};
}
static inline vec2s camera_to_world(const camera *c, vec2s s) {
    return (vec2s){{(s.x - 0.5f * c->screen_w) / c->zoom + c->center.x,
                    (s.y - 0.5f * c->screen_h) / c->zoom + c->center.y}};
}

#endif
