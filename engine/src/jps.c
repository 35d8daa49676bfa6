// Jump point search (Harabor and Grastien) for 8-connected grids without corner cutting.
//
// With no corner cutting a diagonal move has no forced neighbours; a straight move along dx has
// one on side s when the cell beside it (n + s) is open but the one behind that (n - dx + s) is
// blocked, because the parent could not have reached n + s diagonally. Jumps stop at such cells,
// at the goal, and (diagonally) where a straight jump from the current cell finds something.
#include "nav_internal.h"

/// The bit lines of a straight scan: the line scanned and the lines beside it (A on the +side,
/// B on the -side), all in the same coordinate along the scan.
typedef struct scan_lines {
    const uint64_t *line, *a, *b;
    int words;
} scan_lines;

/// Bits [lo, hi] set (0 <= lo <= hi <= 63).
static inline uint64_t bit_range(int lo, int hi) {
    uint64_t top = hi == 63 ? ~0ull : (1ull << (hi + 1)) - 1;
    return top & ~((1ull << lo) - 1);
}

/// Word w of "side line open here but closed one step back": the forced-neighbour test.
static inline uint64_t forced(const uint64_t *side, int w, int words, int dir) {
    uint64_t v = side[w];
    uint64_t back = dir > 0 ? (v << 1) | (w > 0 ? side[w - 1] >> 63 : 0)
                            : (v >> 1) | (w + 1 < words ? side[w + 1] << 63 : 0);
    return v & ~back;
}

/// First position from p0 on in direction dir (+1 or -1) that is closed, the goal (goal_at >= 0)
/// or has a forced neighbour; *open tells whether it is open. Padded lines end in closed cells,
/// so there always is one. Word by word, the same answer as testing cell after cell.
static inline int scan(const scan_lines *l, int p0, int dir, int goal_at, bool *open) {
    int w = p0 >> 6;
    uint64_t keep = dir > 0 ? bit_range(p0 & 63, 63) : bit_range(0, p0 & 63);
    for (;; w += dir, keep = ~0ull) {
        uint64_t ev = ~l->line[w] | forced(l->a, w, l->words, dir) | forced(l->b, w, l->words, dir);
        if (goal_at >= 0 && goal_at >> 6 == w) ev |= 1ull << (goal_at & 63);
        ev &= keep;
        if (ev) {
            int p = (w << 6) + (dir > 0 ? __builtin_ctzll(ev) : 63 - __builtin_clzll(ev));
            *open = (l->line[w] >> (p & 63)) & 1u;
            return p;
        }
    }
}

/// What the jumps read, gathered once per run so the hot loops keep it in registers.
typedef struct jps_ctx {
    const uint8_t *pass;
    uint8_t mask;
    int32_t goal, goal_x, goal_y, stride;
    uint64_t row_magic;
    const uint64_t *rows, *cols; ///< the layer's bit lines
    int row_words, col_words;
} jps_ctx;

/// Straight jump from n by `step` (+-1 or +-stride); `side` is the perpendicular offset. Returns
/// the jump point (the first cell with a forced neighbour, or the goal) or -1 at a wall: the
/// first cell from n + step on that is closed, the goal, or open beside (n +- side) where the
/// cell behind that is closed.
static inline int32_t jump_straight(const jps_ctx *c, int32_t n, int32_t step, int32_t side) {
    // Most scans in corridors end within a few cells: test those one by one, and only a scan
    // that goes on switches to whole words.
    const uint8_t *pass = c->pass;
    const uint8_t mask = c->mask;
    int32_t m = n + step;
    for (int k = 0; k < 8; k++, m += step) {
        if (!(pass[m] & mask)) return -1;
        if (m == c->goal) return m;
        if (((pass[m + side] & mask) && !(pass[m - step + side] & mask)) ||
            ((pass[m - side] & mask) && !(pass[m - step - side] & mask)))
            return m;
    }
    n = m - step; // the word scan goes on from the cell after n
    const int32_t w = c->stride;
    const int y = (int)(((uint64_t)(uint32_t)n * c->row_magic) >> 42), x = n - y * w;
    const int ds = side > 0 ? 1 : -1;
    bool open;
    if (step == 1 || step == -1) { // along row y; side rows y +- 1
        const size_t rw = (size_t)c->row_words;
        scan_lines l = {c->rows + (size_t)y * rw, c->rows + (size_t)(y + ds) * rw,
                        c->rows + (size_t)(y - ds) * rw, c->row_words};
        int p = scan(&l, x + step, step, c->goal_y == y ? c->goal_x : -1, &open);
        return open ? y * w + p : -1;
    }
    // along column x; side columns x +- 1
    const size_t cw = (size_t)c->col_words;
    scan_lines l = {c->cols + (size_t)x * cw, c->cols + (size_t)(x + ds) * cw,
                    c->cols + (size_t)(x - ds) * cw, c->col_words};
    const int dir = step > 0 ? 1 : -1;
    int p = scan(&l, y + dir, dir, c->goal_x == x ? c->goal_y : -1, &open);
    return open ? p * w + x : -1;
}

/// Diagonal jump from n by sx + sy. Returns the jump point or -1.
static inline int32_t jump_diag(const jps_ctx *c, int32_t n, int32_t sx, int32_t sy) {
    const uint8_t *pass = c->pass;
    const uint8_t mask = c->mask;
    for (int32_t m = n;;) {
        if (!((pass[m + sx] & mask) && (pass[m + sy] & mask) && (pass[m + sx + sy] & mask)))
            return -1;
        m += sx + sy;
        if (m == c->goal) return m;
        if (jump_straight(c, m, sx, sy) >= 0 || jump_straight(c, m, sy, sx) >= 0) return m;
    }
}

static inline void straight(ae_nav_search *s, const jps_ctx *c, int32_t n, double g, int32_t step,
                            int32_t side) {
    int32_t j = jump_straight(c, n, step, side);
    if (j >= 0) nav_relax(s, j, n, g + (double)((j - n) / step));
}

static inline void diagonal(ae_nav_search *s, const jps_ctx *c, int32_t n, double g, int32_t sx,
                            int32_t sy) {
    int32_t j = jump_diag(c, n, sx, sy);
    if (j >= 0) nav_relax(s, j, n, g + (double)((j - n) / (sx + sy)) * NAV_SQRT2);
}

static inline int sgn(int v) {
    return (v > 0) - (v < 0);
}

ae_nav_status nav_jps_run(ae_nav_search *s, int64_t max_nodes, int64_t *expanded) {
    const ae_nav_grid *nav = s->nav;
    const jps_ctx c = {
        s->pass,
        s->mask,
        s->goal,
        s->goal_x,
        s->goal_y,
        nav->stride,
        s->row_magic,
        nav->row_bits + (size_t)s->layer * (size_t)(nav->height + 2) * (size_t)nav->row_words,
        nav->col_bits + (size_t)s->layer * (size_t)nav->stride * (size_t)nav->col_words,
        nav->row_words,
        nav->col_words,
    };
    const uint8_t *pass = c.pass;
    const uint8_t mask = c.mask;
    const int32_t w = c.stride;
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
                straight(s, &c, n, g, step, (k < 2) ? w : 1);
            }
            diagonal(s, &c, n, g, 1, w);
            diagonal(s, &c, n, g, -1, w);
            diagonal(s, &c, n, g, 1, -w);
            diagonal(s, &c, n, g, -1, -w);
            continue;
        }
        const int dx = sgn(n % w - p % w), dy = sgn(n / w - p / w);
        const int32_t sx = dx, sy = dy * w;
        if (dx != 0 && dy != 0) {
            straight(s, &c, n, g, sx, sy);
            straight(s, &c, n, g, sy, sx);
            diagonal(s, &c, n, g, sx, sy);
            continue;
        }
        // Straight arrival along `step`; forced neighbours on either side.
        const int32_t step = dx != 0 ? sx : sy, side = dx != 0 ? w : 1;
        straight(s, &c, n, g, step, side);
        for (int k = 0; k < 2; k++) {
            const int32_t o = k == 0 ? side : -side;
            if ((pass[n + o] & mask) && !(pass[n - step + o] & mask)) {
                straight(s, &c, n, g, o, step);
                diagonal(s, &c, n, g, step, o);
            }
        }
    }
    *expanded = done;
    return status;
}
