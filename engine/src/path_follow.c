// Driving an agent along smoothed waypoints with the SDF slide.
#include "arena/ae_nav.h"

void ae_nav_follower_init(ae_nav_follower *f, const vec2s *points, int count, float radius,
                          float cell_size) {
    f->points = points;
    f->count = count;
    f->next = count > 1 ? 1 : 0;
    f->arrive = radius * 0.25f > 0.01f * cell_size ? radius * 0.25f : 0.01f * cell_size;
}

static bool visible(const ae_sdf *sdf, vec2s from, vec2s to, float radius) {
    return ae_sdf_clear_path(sdf, from, to, radius - AE_NAV_SMOOTH_SLACK * sdf->cell_size);
}

ae_nav_follow_status ae_nav_follower_step(ae_nav_follower *f, const ae_sdf *sdf, float radius,
                                          float step, vec2s *pos) {
    if (f->count == 0) return AE_NAV_FOLLOW_ARRIVED;
    // Waypoints reached within this step are passed.
    while (f->next < f->count - 1 && glms_vec2_distance(*pos, f->points[f->next]) <= f->arrive)
        f->next++;
    const vec2s end = f->points[f->count - 1];
    if (f->next == f->count - 1 && glms_vec2_distance(*pos, end) <= f->arrive)
        return AE_NAV_FOLLOW_ARRIVED;
    if (!visible(sdf, *pos, f->points[f->next], radius)) {
        // Pushed off the path: prefer the farthest waypoint ahead in view, else an earlier one.
        int found = -1;
        for (int i = f->count - 1; i >= f->next && found < 0; i--)
            if (visible(sdf, *pos, f->points[i], radius)) found = i;
        for (int i = f->next - 1; i >= 0 && found < 0; i--)
            if (visible(sdf, *pos, f->points[i], radius)) found = i;
        if (found < 0) return AE_NAV_FOLLOW_LOST;
        f->next = found;
    }
    vec2s to = glms_vec2_sub(f->points[f->next], *pos);
    float d = glms_vec2_norm(to);
    if (d > step) to = glms_vec2_scale(to, step / d);
    *pos = ae_sdf_move_circle(sdf, *pos, radius, to);
    if (f->next == f->count - 1 && glms_vec2_distance(*pos, end) <= f->arrive)
        return AE_NAV_FOLLOW_ARRIVED;
    return AE_NAV_FOLLOW_MOVING;
}
