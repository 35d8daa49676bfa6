// String pulling of grid paths with disk casts of the agent's radius.
#include "arena/ae_nav.h"

float ae_nav_polyline_length(const vec2s *pts, int count) {
    float len = 0.0f;
    for (int i = 1; i < count; i++) len += glms_vec2_distance(pts[i - 1], pts[i]);
    return len;
}

/// Point i of the polyline start, centres of cells[0..n-1], goal.
static vec2s poly_point(const ae_sdf *sdf, vec2s start, vec2s goal, const ae_nav_cell *cells, int n,
                        int i) {
    if (i == 0) return start;
    if (i == n + 1) return goal;
    const float c = sdf->cell_size;
    return (vec2s){{((float)cells[i - 1].x + 0.5f) * c, ((float)cells[i - 1].y + 0.5f) * c}};
}

/// True when the grid path turns at polyline point i (or i is an end): only turning points can
/// end a shortcut, points inside straight runs never need to be kept.
static bool is_turn(const ae_nav_cell *cells, int n, int i) {
    if (i <= 1 || i >= n) return true;
    ae_nav_cell a = cells[i - 2], b = cells[i - 1], c = cells[i];
    return (b.x - a.x) != (c.x - b.x) || (b.y - a.y) != (c.y - b.y);
}

int ae_nav_smooth(const ae_sdf *sdf, float radius, vec2s start, vec2s goal,
                  const ae_nav_cell *cells, int cell_count, vec2s *out, int cap) {
    const int last = cell_count + 1;
    const float r = radius - AE_NAV_SMOOTH_SLACK * sdf->cell_size;
    int count = 0, anchor = 0;
    if (count < cap) out[count] = start;
    count++;
    vec2s a = start;
    while (anchor < last) {
        // Extend the shortcut from the anchor over turning points while it stays clear; the
        // next polyline point is always accepted so the walk never stalls.
        int best = anchor + 1;
        for (int j = anchor + 2; j <= last; j++) {
            if (!is_turn(cells, cell_count, j)) continue;
            if (!ae_sdf_clear_path(sdf, a, poly_point(sdf, start, goal, cells, cell_count, j), r))
                break;
            best = j;
        }
        anchor = best;
        vec2s b = poly_point(sdf, start, goal, cells, cell_count, anchor);
        if (b.x == a.x && b.y == a.y) continue; // start on its cell's centre: no repeated point
        a = b;
        if (count < cap) out[count] = a;
        count++;
    }
    return count;
}
