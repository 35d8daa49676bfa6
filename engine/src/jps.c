// Jump point search (Harabor and Grastien) for 8-connected grids without corner cutting, with
// block-based jumps (Harabor and Grastien, "Improving Jump Point Search", 2014): a straight jump
// reads 57 cells of the line it runs along and of the two lines beside it as three words and finds
// its stop with one count of zeros. Rows are read from the nav grid's row bit lines, columns from
// its transposed copy, so a vertical jump reads consecutive bytes too.
//
// With no corner cutting a diagonal move has no forced neighbours; a straight move has one on a
// side when the cell beside the new cell is open but the one beside the cell before it is closed,
// because the parent could not have reached it diagonally. Jumps stop at such cells, at the goal,
// and (diagonally) where a straight jump from the current cell finds something.
//
// The helpers take a direction `dir` (+1: up the line, to higher cells; -1: down) that is a
// constant wherever they are inlined, so each direction compiles to its own shifts.
#include "nav_internal.h"

#include <stddef.h>
#include <string.h>

/// The helpers below are inlined into each direction's loop even where the compiler would rather
/// not: their `dir` must become a constant there.
#define JPS_INLINE static inline __attribute__((always_inline))

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "jps.c reads the bit lines' words as bytes: cell i is bit i % 8 of byte i / 8"
#endif

/// Cells a look word holds besides its own cell: a scan that finds no stop goes on this far.
#define BLOCK 56

/// A look word of a bit line from cell p along dir: cell p + j * dir in bit at(j, dir) for
/// 0 <= j <= BLOCK. One unaligned 8-byte read; going down it starts up to 7 bytes before the
/// line's byte of p, which the nav grid's padding keeps inside the allocation.
JPS_INLINE uint64_t look(const uint8_t *line, int p, int dir) {
    uint64_t v;
    if (dir > 0) {
        memcpy(&v, line + (p >> 3), sizeof v);
        return v >> (p & 7);
    }
    memcpy(&v, line + (p >> 3) - 7, sizeof v);
    return v << (7 - (p & 7));
}

/// The bit of a look word that holds the cell j steps along.
JPS_INLINE uint64_t at(int j, int dir) {
    return dir > 0 ? 1ull << j : 1ull << (63 - j);
}

/// The bits of cells 1..BLOCK steps along.
JPS_INLINE uint64_t ahead(int dir) {
    return dir > 0 ? 0x01fffffffffffffeull : 0x7fffffffffffff80ull;
}

/// Cells of a look word of a side line that are open while the side cell one step back is closed:
/// the cells of the scanned line that have a forced neighbour on that side.
JPS_INLINE uint64_t forced(uint64_t side, int dir) {
    return dir > 0 ? side & ~(side << 1) : side & ~(side >> 1);
}

/// Steps to the nearest cell of a non-zero event word.
JPS_INLINE int nearest(uint64_t ev, int dir) {
    return dir > 0 ? __builtin_ctzll(ev) : __builtin_clzll(ev);
}

/// The stops of a look word: cells that are closed or have a forced neighbour.
JPS_INLINE uint64_t stops(uint64_t line, uint64_t side_a, uint64_t side_b, int dir) {
    return (~line | forced(side_a, dir) | forced(side_b, dir)) & ahead(dir);
}

/// First stop along line l from open cell p, with the neighbour lines `pitch` bytes before and
/// after l: k > 0 when the cell k steps along is open with a forced neighbour, -k when it is
/// closed. Padded lines end in closed cells, so there always is one.
JPS_INLINE int stop_from(const uint8_t *l, ptrdiff_t pitch, int p, int dir) {
    for (int d = 0;; d += BLOCK) {
        const int q = p + d * dir;
        const uint64_t v = look(l, q, dir);
        const uint64_t ev = stops(v, look(l - pitch, q, dir), look(l + pitch, q, dir), dir);
        if (ev) {
            const int k = nearest(ev, dir);
            return v & at(k, dir) ? d + k : -(d + k);
        }
    }
}

/// Whether a straight jump that stops at `k` (as stop_from) ends at a jump point: an open stop,
/// or the goal before it (`goal_d`: the goal's distance along the line when it lies on it ahead,
/// else 0). The distance to the jump point, 0 for none.
JPS_INLINE int jump_end(int k, int goal_d) {
    const int reach = k > 0 ? k : -k;
    // The goal is open, so it is never the closed stop: at or before the stop it ends the jump.
    if ((unsigned)(goal_d - 1) < (unsigned)reach) return goal_d;
    return k > 0 ? k : 0;
}

/// What the jumps read, gathered once per run so the hot loops keep it in registers.
typedef struct jps_ctx {
    int32_t goal_x, goal_y, stride;
    const uint8_t *rows, *cols; ///< the layer's first row and column bit lines
    ptrdiff_t row_pitch, col_pitch;
} jps_ctx;

/// Straight jump from cell (x, y) along (dx, dy), one of them 0: the distance to the jump point
/// (a cell with a forced neighbour, or the goal), 0 when a wall comes first.
JPS_INLINE int jump_straight(const jps_ctx *c, int x, int y, int dx, int dy) {
    if (dy == 0) {
        const uint8_t *l = c->rows + y * c->row_pitch;
        return jump_end(stop_from(l, c->row_pitch, x, dx),
                        c->goal_y == y ? (c->goal_x - x) * dx : 0);
    }
    const uint8_t *l = c->cols + x * c->col_pitch;
    return jump_end(stop_from(l, c->col_pitch, y, dy), c->goal_x == x ? (c->goal_y - y) * dy : 0);
}

/// Whether the straight jump from cell p of line l whose first look words are v (the line) and
/// a, b (the lines beside it) finds a jump point; goal_d as in jump_end.
JPS_INLINE bool finds(const uint8_t *l, ptrdiff_t pitch, int p, int dir, uint64_t v, uint64_t a,
                      uint64_t b, int goal_d) {
    const uint64_t ev = stops(v, a, b, dir);
    int k;
    if (ev) {
        k = nearest(ev, dir);
        if (v & at(k, dir)) return true;
        k = -k;
    } else {
        k = stop_from(l, pitch, p + BLOCK * dir, dir); // rare: nothing in the first word
        k = k > 0 ? k + BLOCK : k - BLOCK;
    }
    return jump_end(k, goal_d) != 0;
}

/// Diagonal jump from cell (x, y) along (dx, dy): the number of diagonal steps to the jump point
/// (the goal, or a cell from which a straight jump along dx or dy finds one), 0 when the way is
/// blocked first. The look words of each cell's row and column scans also hold the three cells
/// the next step passes (no corner cutting), so the walk reads nothing else.
JPS_INLINE int jump_diag(const jps_ctx *c, int x, int y, int dx, int dy) {
    const ptrdiff_t rp = c->row_pitch, cp = c->col_pitch;
    const ptrdiff_t row_step = dy * rp, col_step = dx * cp;
    const uint8_t *row = c->rows + y * rp, *col = c->cols + x * cp;
    // Row y from x, row y + dy from x, column x from y: the cells the first step passes.
    uint64_t h = look(row, x, dx), h_next = look(row + row_step, x, dx), v = look(col, y, dy);
    for (int k = 1;; k++) {
        if (!(h & h_next & at(1, dx)) || !(v & at(1, dy))) return 0;
        x += dx;
        y += dy;
        row += row_step;
        col += col_step;
        if (x == c->goal_x && y == c->goal_y) return k;
        const uint64_t h_back = look(row - row_step, x, dx);
        h = look(row, x, dx);
        h_next = look(row + row_step, x, dx);
        if (finds(row, rp, x, dx, h, h_back, h_next, c->goal_y == y ? (c->goal_x - x) * dx : 0))
            return k;
        const uint64_t v_back = look(col - col_step, y, dy), v_next = look(col + col_step, y, dy);
        v = look(col, y, dy);
        if (finds(col, cp, y, dy, v, v_back, v_next, c->goal_x == x ? (c->goal_y - y) * dy : 0))
            return k;
    }
}

/// jump_diag with constant directions, so each of the four walks is compiled on its own.
static int jump_diag_dir(const jps_ctx *c, int x, int y, int dx, int dy) {
    if (dx > 0) return dy > 0 ? jump_diag(c, x, y, 1, 1) : jump_diag(c, x, y, 1, -1);
    return dy > 0 ? jump_diag(c, x, y, -1, 1) : jump_diag(c, x, y, -1, -1);
}

/// jump_straight with constant directions.
static inline int jump_straight_dir(const jps_ctx *c, int x, int y, int dx, int dy) {
    if (dy == 0) return dx > 0 ? jump_straight(c, x, y, 1, 0) : jump_straight(c, x, y, -1, 0);
    return dy > 0 ? jump_straight(c, x, y, 0, 1) : jump_straight(c, x, y, 0, -1);
}

static inline void straight(ae_nav_search *s, const jps_ctx *c, int32_t n, int x, int y, double g,
                            int dx, int dy) {
    const int k = jump_straight_dir(c, x, y, dx, dy);
    if (k) nav_relax(s, n + k * (dx + dy * c->stride), n, g + (double)k);
}

static inline void diagonal(ae_nav_search *s, const jps_ctx *c, int32_t n, int x, int y, double g,
                            int dx, int dy) {
    const int k = jump_diag_dir(c, x, y, dx, dy);
    if (k) nav_relax(s, n + k * (dx + dy * c->stride), n, g + (double)k * NAV_SQRT2);
}

static inline int sgn(int v) {
    return (v > 0) - (v < 0);
}

ae_nav_status nav_jps_run(ae_nav_search *s, int64_t max_nodes, int64_t *expanded) {
    const ae_nav_grid *nav = s->nav;
    const struct ae_nav_store *st = nav->store;
    const ptrdiff_t row_pitch = (ptrdiff_t)st->row_words * (ptrdiff_t)sizeof(uint64_t);
    const ptrdiff_t col_pitch = (ptrdiff_t)st->col_words * (ptrdiff_t)sizeof(uint64_t);
    const jps_ctx c = {
        s->goal_x,
        s->goal_y,
        st->stride,
        (const uint8_t *)st->row_bits + s->layer * (nav->height + 2) * row_pitch,
        (const uint8_t *)st->col_bits + s->layer * st->stride * col_pitch,
        row_pitch,
        col_pitch,
    };
    const uint8_t *pass = s->pass;
    const uint8_t mask = s->mask;
    const int32_t w = c.stride;
    int64_t done = 0;
    ae_nav_status status = AE_NAV_RUNNING;
    while (done < max_nodes) {
        if (s->heap_size == 0) {
            status = AE_NAV_NO_PATH;
            break;
        }
        const int32_t n = nav_pop(s);
        done++;
        if (n == s->goal) {
            status = AE_NAV_FOUND;
            break;
        }
        const double g = s->nodes[n].g;
        const int32_t p = s->nodes[n].parent;
        const int y = nav_row(s, n), x = n - y * w;
        if (p < 0) {
            // The start: every direction.
            straight(s, &c, n, x, y, g, 1, 0);
            straight(s, &c, n, x, y, g, -1, 0);
            straight(s, &c, n, x, y, g, 0, 1);
            straight(s, &c, n, x, y, g, 0, -1);
            diagonal(s, &c, n, x, y, g, 1, 1);
            diagonal(s, &c, n, x, y, g, -1, 1);
            diagonal(s, &c, n, x, y, g, 1, -1);
            diagonal(s, &c, n, x, y, g, -1, -1);
            continue;
        }
        const int py = nav_row(s, p);
        const int dx = sgn(x - (p - py * w)), dy = sgn(y - py);
        if (dx != 0 && dy != 0) {
            straight(s, &c, n, x, y, g, dx, 0);
            straight(s, &c, n, x, y, g, 0, dy);
            diagonal(s, &c, n, x, y, g, dx, dy);
            continue;
        }
        // Straight arrival along (dx, dy); forced neighbours on either side (ox, oy).
        straight(s, &c, n, x, y, g, dx, dy);
        const int32_t step = dx + dy * w;
        for (int side = -1; side <= 1; side += 2) {
            const int ox = dy != 0 ? side : 0, oy = dx != 0 ? side : 0;
            const int32_t o = ox + oy * w;
            if ((pass[n + o] & mask) && !(pass[n - step + o] & mask)) {
                straight(s, &c, n, x, y, g, ox, oy);
                diagonal(s, &c, n, x, y, g, dx + ox, dy + oy);
            }
        }
    }
    *expanded = done;
    return status;
}
