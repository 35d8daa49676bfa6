// Jump point search (Harabor and Grastien) for 8-connected grids without corner cutting.
//
// With no corner cutting a diagonal move has no forced neighbours; a straight move along dx has
// one on side s when the cell beside it (n + s) is open but the one behind that (n - dx + s) is
// blocked, because the parent could not have reached n + s diagonally. Jumps stop at such cells,
// at the goal, and (diagonally) where a straight jump from the current cell finds something.
#include "nav_internal.h"

/// Straight jump from n by `step` (+-1 or +-stride); `side` is the perpendicular offset.
/// Returns the jump point or -1.
static inline int32_t jump_straight(const uint8_t *pass, uint8_t mask, int32_t n, int32_t step,
                                    int32_t side, int32_t goal) {
    for (int32_t m = n + step;; m += step) {
        if (!(pass[m] & mask)) return -1;
        if (m == goal) return m;
        if (((pass[m + side] & mask) && !(pass[m - step + side] & mask)) ||
            ((pass[m - side] & mask) && !(pass[m - step - side] & mask)))
            return m;
    }
}

/// Diagonal jump from n by sx + sy. Returns the jump point or -1.
static inline int32_t jump_diag(const uint8_t *pass, uint8_t mask, int32_t n, int32_t sx,
                                int32_t sy, int32_t goal) {
    for (int32_t m = n;;) {
        if (!((pass[m + sx] & mask) && (pass[m + sy] & mask) && (pass[m + sx + sy] & mask)))
            return -1;
        m += sx + sy;
        if (m == goal) return m;
        if (jump_straight(pass, mask, m, sx, sy, goal) >= 0 ||
            jump_straight(pass, mask, m, sy, sx, goal) >= 0)
            return m;
    }
}

static inline void straight(ae_nav_search *s, const uint8_t *pass, int32_t n, double g,
                            int32_t step, int32_t side) {
    int32_t j = jump_straight(pass, s->mask, n, step, side, s->goal);
    if (j >= 0) nav_relax(s, j, n, g + (double)((j - n) / step));
}

static inline void diagonal(ae_nav_search *s, const uint8_t *pass, int32_t n, double g, int32_t sx,
                            int32_t sy) {
    int32_t j = jump_diag(pass, s->mask, n, sx, sy, s->goal);
    if (j >= 0) nav_relax(s, j, n, g + (double)((j - n) / (sx + sy)) * NAV_SQRT2);
}

static inline int sgn(int v) {
    return (v > 0) - (v < 0);
}

ae_nav_status nav_jps_run(ae_nav_search *s, int64_t max_nodes, int64_t *expanded) {
    const uint8_t *pass = s->pass;
    const uint8_t mask = s->mask;
    const int32_t w = s->nav->stride;
    int64_t done = 0;
    ae_nav_status status = AE_NAV_RUNNING;
    while (done < max_nodes) {
        if (s->heap_size == 0) {
            status = AE_NAV_NO_PATH;
            break;
        }
        int32_t n = nav_pop(s);
        done++;
        if (n == s->goal) {
            status = AE_NAV_FOUND;
            break;
        }
        const double g = s->nodes[n].g;
        const int32_t p = s->nodes[n].parent;
        if (p < 0) {
            // The start: every direction.
            for (int k = 0; k < 4; k++) {
                int32_t step = k == 0 ? 1 : k == 1 ? -1 : k == 2 ? w : -w;
                straight(s, pass, n, g, step, (k < 2) ? w : 1);
            }
            diagonal(s, pass, n, g, 1, w);
            diagonal(s, pass, n, g, -1, w);
            diagonal(s, pass, n, g, 1, -w);
            diagonal(s, pass, n, g, -1, -w);
            continue;
        }
        const int dx = sgn(n % w - p % w), dy = sgn(n / w - p / w);
        const int32_t sx = dx, sy = dy * w;
        if (dx != 0 && dy != 0) {
            straight(s, pass, n, g, sx, sy);
            straight(s, pass, n, g, sy, sx);
            diagonal(s, pass, n, g, sx, sy);
            continue;
        }
        // Straight arrival along `step`; forced neighbours on either side.
        const int32_t step = dx != 0 ? sx : sy, side = dx != 0 ? w : 1;
        straight(s, pass, n, g, step, side);
        for (int k = 0; k < 2; k++) {
            const int32_t o = k == 0 ? side : -side;
            if ((pass[n + o] & mask) && !(pass[n - step + o] & mask)) {
                straight(s, pass, n, g, o, step);
                diagonal(s, pass, n, g, step, o);
            }
        }
    }
    *expanded = done;
    return status;
}
