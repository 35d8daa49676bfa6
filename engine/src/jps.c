// Jump point search (Harabor and Grastien) for 8-connected grids without corner cutting, with
// block-based jumps (Harabor and Grastien, "Improving Jump Point Search", 2014): a straight jump
// reads 57 cells of the line it runs along and of the two lines beside it as three words and finds
// its stop with one count of zeros. Rows are read from the nav grid's row bit lines, columns from
// its transposed copy, so a vertical jump reads consecutive bytes too.
//
// With no corner cutting a diagonal move has no forced neighbours; a straight move has one on a
// side when the cell beside the new cell is open but the one beside the cell before it is closed,
// because the parent could not have reached it diagonally. Straight jumps stop at such cells.
// Diagonal jump points are pruned as in warthog's jps2 (the same paper): a diagonal walk makes
// the jump points its straight jumps find successors of the node it started from, so a parent
// link is a diagonal run followed by a straight one (the octile line between the two cells). The
// goal is found by a line of sight from each expanded node instead of by stopping jumps.
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

/// What the jumps read, gathered once per run so the hot loops keep it in registers.
typedef struct jps_ctx {
    int32_t goal_x, goal_y, stride;
    const uint8_t *rows, *cols; ///< the layer's first row and column bit lines
    ptrdiff_t row_pitch, col_pitch;
} jps_ctx;

/// Straight jump from cell (x, y) along (dx, dy), one of them 0: the distance to the first cell
/// with a forced neighbour, 0 when a wall comes first. The goal needs no stop: goal_in_sight
/// finds it from the node the jump starts at.
JPS_INLINE int jump_straight(const jps_ctx *c, int x, int y, int dx, int dy) {
    const int k = dy == 0 ? stop_from(c->rows + y * c->row_pitch, c->row_pitch, x, dx)
                          : stop_from(c->cols + x * c->col_pitch, c->col_pitch, y, dy);
    return k > 0 ? k : 0;
}

/// jump_straight from cell p of line l whose first look words are v (the line) and a, b (the
/// lines beside it), already read by the diagonal walk.
JPS_INLINE int jump_from_words(const uint8_t *l, ptrdiff_t pitch, int p, int dir, uint64_t v,
                               uint64_t a, uint64_t b) {
    const uint64_t ev = stops(v, a, b, dir);
    if (ev) {
        const int k = nearest(ev, dir);
        return v & at(k, dir) ? k : 0;
    }
    const int k = stop_from(l, pitch, p + BLOCK * dir, dir); // rare: nothing in the first word
    return k > 0 ? k + BLOCK : 0;
}

/// Diagonal walk from node n at cell (x, y) along (dx, dy) with intermediate jump points pruned
/// (Harabor and Grastien 2014): the diagonal cells are not made nodes; the jump points their
/// straight jumps along dx and dy find become successors of n directly, their parent link a
/// diagonal run and then a straight one. The walk goes on until a step is blocked. The look
/// words of each cell's row and column jumps also hold the three cells the next step passes (no
/// corner cutting), so the walk reads nothing else.
JPS_INLINE void walk_diag(ae_nav_search *s, const jps_ctx *c, int32_t n, int x, int y, double g,
                          int dx, int dy) {
    const ptrdiff_t rp = c->row_pitch, cp = c->col_pitch;
    const ptrdiff_t row_step = dy * rp, col_step = dx * cp;
    const int32_t diag = dx + dy * c->stride, vert = dy * c->stride;
    const uint8_t *row = c->rows + y * rp, *col = c->cols + x * cp;
    // Row y from x, row y + dy from x, column x from y: the cells the first step passes.
    uint64_t h = look(row, x, dx), h_next = look(row + row_step, x, dx), v = look(col, y, dy);
    for (int k = 1;; k++) {
        if (!(h & h_next & at(1, dx)) || !(v & at(1, dy))) return;
        x += dx;
        y += dy;
        row += row_step;
        col += col_step;
        const int32_t m = n + k * diag;
        const double gm = g + (double)k * NAV_DIAG;
        const uint64_t h_back = look(row - row_step, x, dx);
        h = look(row, x, dx);
        h_next = look(row + row_step, x, dx);
        const int kh = jump_from_words(row, rp, x, dx, h, h_back, h_next);
        if (kh) nav_relax(s, m + kh * dx, n, gm + (double)kh);
        const uint64_t v_back = look(col - col_step, y, dy), v_next = look(col + col_step, y, dy);
        v = look(col, y, dy);
        const int kv = jump_from_words(col, cp, y, dy, v, v_back, v_next);
        if (kv) nav_relax(s, m + kv * vert, n, gm + (double)kv);
    }
}

/// walk_diag with constant directions, so each of the four walks is compiled on its own.
static void diagonal(ae_nav_search *s, const jps_ctx *c, int32_t n, int x, int y, double g, int dx,
                     int dy) {
    if (dx > 0) {
        if (dy > 0)
            walk_diag(s, c, n, x, y, g, 1, 1);
        else
            walk_diag(s, c, n, x, y, g, 1, -1);
    } else if (dy > 0)
        walk_diag(s, c, n, x, y, g, -1, 1);
    else
        walk_diag(s, c, n, x, y, g, -1, -1);
}

/// Whether cell p of bit line l is open.
static inline bool open_at(const uint8_t *l, int p) {
    return l[p >> 3] >> (p & 7) & 1;
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

static inline int sgn(int v) {
    return (v > 0) - (v < 0);
}

/// Steps from open cell p of bit line l along dir to its first closed cell.
static inline int open_run(const uint8_t *l, int p, int dir) {
    for (int d = 0;; d += BLOCK) {
        const uint64_t closed = ~look(l, p + d * dir, dir) & ahead(dir);
        if (closed) return d + nearest(closed, dir);
    }
}

/// Whether the goal is reached from cell (x, y) by the octile line to it, its diagonal run first
/// and then its straight one, every cell open and no corner cut. Such a path costs the heuristic,
/// so nothing through the node can be shorter: the goal is its only successor needed (warthog's
/// jps2 does the same), and no jump needs to stop at the goal.
static bool goal_in_sight(const ae_nav_search *s, const jps_ctx *c, int x, int y) {
    const int gx = c->goal_x, gy = c->goal_y, dx = sgn(gx - x), dy = sgn(gy - y);
    const int w = c->stride;
    const uint8_t *pass = s->pass, mask = s->mask;
    int32_t i = y * w + x;
    while (x != gx && y != gy) {
        if (!(pass[i + dx] & pass[i + dy * w] & pass[i + dx + dy * w] & mask)) return false;
        x += dx;
        y += dy;
        i += dx + dy * w;
    }
    if (y == gy) return x == gx || open_run(c->rows + y * c->row_pitch, x, dx) > (gx - x) * dx;
    return open_run(c->cols + x * c->col_pitch, y, dy) > (gy - y) * dy;
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
        if (s->out_of_memory) { // a page or the heap could not grow: no path, as the API says
            status = AE_NAV_NO_PATH;
            break;
        }
        if (s->heap_size == 0) {
            status = AE_NAV_NO_PATH;
            break;
        }
        const nav_open top = nav_pop(s);
        const int32_t n = top.node;
        done++;
        if (n == s->goal) {
            status = AE_NAV_FOUND;
            break;
        }
        const double g = top.g;
        const int32_t p = top.parent;
        const int y = nav_row(s, n), x = n - y * w;
        if (p < 0) {
            // The start: every direction.
            if (goal_in_sight(s, &c, x, y)) {
                nav_relax(s, s->goal, n, g + nav_h(s, n));
                continue;
            }
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
        // The direction of arrival: the last run of the parent link, straight unless the link
        // is a pure diagonal.
        const int py = nav_row(s, p), px = p - py * w;
        const int ax = abs(x - px), ay = abs(y - py);
        const int dx = ax >= ay ? sgn(x - px) : 0, dy = ay >= ax ? sgn(y - py) : 0;
        // The goal's direction, for the line of sight when it is a successor direction.
        const int tx = sgn(c.goal_x - x), ty = sgn(c.goal_y - y);
        if (dx != 0 && dy != 0) {
            // Natural successors: both straight directions and the diagonal.
            if ((tx == dx || tx == 0) && (ty == dy || ty == 0) && goal_in_sight(s, &c, x, y)) {
                nav_relax(s, s->goal, n, g + nav_h(s, n));
                continue;
            }
            straight(s, &c, n, x, y, g, dx, 0);
            straight(s, &c, n, x, y, g, 0, dy);
            diagonal(s, &c, n, x, y, g, dx, dy);
            continue;
        }
        // Straight arrival along (dx, dy): straight on, and for a forced neighbour on a side
        // (ox, oy) that side and the diagonal towards it.
        const int32_t step = dx + dy * w;
        bool forced[2];
        bool goal_dir = tx == dx && ty == dy;
        for (int k = 0; k < 2; k++) {
            const int side = 2 * k - 1, ox = dy != 0 ? side : 0, oy = dx != 0 ? side : 0;
            const int32_t o = ox + oy * w;
            forced[k] = (pass[n + o] & mask) && !(pass[n - step + o] & mask);
            goal_dir |= forced[k] && ((tx == ox && ty == oy) || (tx == dx + ox && ty == dy + oy));
        }
        if (goal_dir && goal_in_sight(s, &c, x, y)) {
            nav_relax(s, s->goal, n, g + nav_h(s, n));
            continue;
        }
        straight(s, &c, n, x, y, g, dx, dy);
        // The diagonal towards a forced side needs the cell ahead and the one beside it open
        // (the forced cell is). Tested here on the bit lines the jump ahead just read: in a maze
        // nearly every such walk ends before its first step, which reads four look words.
        const uint8_t *line = dx != 0 ? c.rows + y * c.row_pitch : c.cols + x * c.col_pitch;
        const ptrdiff_t pitch = dx != 0 ? c.row_pitch : c.col_pitch;
        const int along = dx != 0 ? x + dx : y + dy;
        const bool ahead_open = open_at(line, along);
        for (int k = 0; k < 2; k++)
            if (forced[k]) {
                const int side = 2 * k - 1, ox = dy != 0 ? side : 0, oy = dx != 0 ? side : 0;
                straight(s, &c, n, x, y, g, ox, oy);
                if (ahead_open && open_at(line + side * pitch, along))
                    diagonal(s, &c, n, x, y, g, dx + ox, dy + oy);
            }
    }
    *expanded = done;
    return status;
}
