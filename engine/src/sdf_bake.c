// Exact signed distance transform at cell corners, full and windowed.
//
// Every corner belongs to one of three classes by the four cells around it: all free (FREE),
// all wall (SOLID), or both (EDGE, distance 0). The wall region is a union of closed unit squares
// with integer corners, so the nearest wall point to a corner is itself a corner: a FREE corner's
// distance is the Euclidean distance to the nearest corner that touches a wall (EDGE or SOLID),
// and a SOLID corner's is minus the distance to the nearest corner that touches a free cell
// (EDGE or FREE). FREE and SOLID corners are never neighbours, so one column pass serves both.
#include "arena/ae_sdf.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { CLASS_FREE = 0, CLASS_EDGE = 1, CLASS_SOLID = 2 };

/// The column pass keeps each corner's vertical distance in the output array itself, in whole
/// cells (at most AE_MAP_MAX_SIDE + 1, which int16 holds), so a bake needs only per-row scratch
/// beside the field; NO_SITE marks a column with no site yet.
#define NO_SITE INT16_MAX

typedef struct bake_scratch {
    uint8_t *cls;  // one row of corner classes
    int32_t *site; // per row: site x positions of the lower envelope
    double *z;     // per row: envelope boundaries
    int64_t *f;    // per row: squared vertical distances of the sites
    int row_len;
} bake_scratch;

static void scratch_free(bake_scratch *s) {
    ae_free(s->cls, (size_t)s->row_len);
    ae_free(s->site, (size_t)s->row_len * sizeof *s->site);
    ae_free(s->z, (size_t)(s->row_len + 1) * sizeof *s->z);
    ae_free(s->f, (size_t)s->row_len * sizeof *s->f);
    memset(s, 0, sizeof *s);
}

/// Makes room for rows of nw corners (an empty or already allocated scratch); on failure the
/// scratch is left empty.
static bool scratch_reserve(bake_scratch *s, int nw) {
    if (nw <= s->row_len) return true;
    scratch_free(s);
    s->row_len = nw;
    s->cls = ae_alloc((size_t)nw);
    s->site = ae_alloc((size_t)nw * sizeof *s->site);
    s->z = ae_alloc((size_t)(nw + 1) * sizeof *s->z);
    s->f = ae_alloc((size_t)nw * sizeof *s->f);
    if (!s->cls || !s->site || !s->z || !s->f) {
        scratch_free(s);
        return false;
    }
    return true;
}

/// Classes of one row of corners [cx0, cx1) at corner row cy.
static void classify_row(const ae_grid *grid, int cx0, int cx1, int cy, uint8_t *out) {
    const int w = grid->width;
    const uint8_t *above = cy > 0 ? grid->cells + (size_t)(cy - 1) * (size_t)w : NULL;
    const uint8_t *below = cy < grid->height ? grid->cells + (size_t)cy * (size_t)w : NULL;
    static const uint8_t by_walls[5] = {CLASS_FREE, CLASS_EDGE, CLASS_EDGE, CLASS_EDGE,
                                        CLASS_SOLID};
    for (int cx = cx0; cx < cx1; cx++) {
        int walls = 0;
        if (above && below && cx > 0 && cx < w) { // the four cells around it are on the map
            walls = (above[cx - 1] & AE_CELL_WALL) + (above[cx] & AE_CELL_WALL) +
                    (below[cx - 1] & AE_CELL_WALL) + (below[cx] & AE_CELL_WALL);
        } else {
            for (int dx = -1; dx <= 0; dx++) {
                int x = cx + dx;
                bool inside = x >= 0 && x < w;
                walls += !inside || !above || (above[x] & AE_CELL_WALL);
                walls += !inside || !below || (below[x] & AE_CELL_WALL);
            }
        }
        out[cx - cx0] = by_walls[walls];
    }
}

/// The stored magnitude of an exact distance: rounded once to the nearest unit, saturated.
/// (d >= 0, so the conversion's truncation is the floor, without a call to floor.)
static int16_t quantize(double d) {
    const double u = d * AE_SDF_UNITS + 0.5;
    return (int16_t)(u < AE_SDF_SAT_UNITS ? (int)u : AE_SDF_SAT_UNITS);
}

/// Lower envelope of parabolas over one row for the sites of one set, then the distances of the
/// row's corners of class `target`, stored to out. Returns the largest exact distance among the
/// target corners in [lo, hi) (the part of the row a caller measures), 0 when none. `g` (the
/// column pass, whole cells) and `out` are the same row: g is read (for target corners only)
/// before any target corner is written.
static float row_envelope(bake_scratch *s, const int16_t *g, const uint8_t *cls, int n, int target,
                          int lo, int hi, int16_t *out) {
    int k = -1;
    for (int q = 0; q < n; q++) {
        // Sites of the set are the corners not of class `target` (distance 0 vertically) and the
        // target corners whose column holds a site (vertical distance g).
        int64_t fq;
        if (cls[q] != target)
            fq = 0;
        else if (g[q] != NO_SITE)
            fq = (int64_t)g[q] * (int64_t)g[q];
        else
            continue;
        double fq_q2 = (double)(fq + (int64_t)q * q);
        double sect = -INFINITY;
        while (k >= 0) {
            int p = s->site[k];
            sect = (fq_q2 - (double)(s->f[k] + (int64_t)p * p)) / (2.0 * (q - p));
            if (sect > s->z[k]) break;
            k--;
        }
        k++;
        s->site[k] = q;
        s->f[k] = fq;
        s->z[k] = k == 0 ? -INFINITY : sect;
    }
    float row_max = 0.0f;
    if (k < 0) { // no site in this row at all: leave the targets "unknown" (very far)
        for (int q = 0; q < n; q++)
            if (cls[q] == target)
                out[q] = target == CLASS_FREE ? AE_SDF_SAT_UNITS : -AE_SDF_SAT_UNITS;
        return 1e9f;
    }
    int top = k;
    s->z[top + 1] = INFINITY;
    k = 0;
    for (int q = 0; q < n; q++) {
        while (s->z[k + 1] < (double)q) k++;
        if (cls[q] != target) continue;
        int64_t dx = q - s->site[k];
        double d = sqrt((double)(dx * dx + s->f[k]));
        int16_t v = quantize(d);
        out[q] = target == CLASS_FREE ? v : (int16_t)-v;
        float fd = (float)d;
        if (fd > row_max && q >= lo && q < hi) row_max = fd;
    }
    return row_max;
}

/// A rectangle of corners, x1 and y1 exclusive.
typedef struct corner_box {
    int x0, y0, x1, y1;
} corner_box;

/// Exact distances for the corner window [cx0, cx1) x [cy0, cy1), counting only sites inside the
/// window, stored to out (rows of cx1 - cx0, which first hold the column pass). Returns the
/// largest exact |distance| in the measured corners m (absolute corner coordinates), which must
/// lie in the window.
static float bake_window(bake_scratch *s, const ae_grid *grid, int cx0, int cy0, int cx1, int cy1,
                         corner_box m, int16_t *out) {
    const int nw = cx1 - cx0, nh = cy1 - cy0;
    uint8_t *cls = s->cls;
    // Column pass: vertical distance to the nearest EDGE corner above, then below.
    for (int j = 0; j < nh; j++) {
        int16_t *g = out + (size_t)j * (size_t)nw;
        classify_row(grid, cx0, cx1, cy0 + j, cls);
        const int16_t *up = j > 0 ? g - nw : NULL;
        for (int i = 0; i < nw; i++) {
            if (cls[i] == CLASS_EDGE)
                g[i] = 0;
            else if (!up || up[i] == NO_SITE)
                g[i] = NO_SITE;
            else
                g[i] = (int16_t)(up[i] + 1);
        }
    }
    for (int j = nh - 2; j >= 0; j--) {
        int16_t *g = out + (size_t)j * (size_t)nw;
        const int16_t *down = g + nw;
        for (int i = 0; i < nw; i++)
            if (down[i] + 1 < g[i]) g[i] = (int16_t)(down[i] + 1);
    }
    // Row pass, in place: each row's column distances become its signed distances.
    const int lo = m.x0 - cx0, hi = m.x1 - cx0;
    float max_abs = 0.0f;
    for (int j = 0; j < nh; j++) {
        classify_row(grid, cx0, cx1, cy0 + j, cls);
        int16_t *row = out + (size_t)j * (size_t)nw;
        bool any_free = false, any_solid = false;
        for (int i = 0; i < nw; i++) {
            if (cls[i] == CLASS_EDGE) row[i] = 0;
            any_free |= cls[i] == CLASS_FREE;
            any_solid |= cls[i] == CLASS_SOLID;
        }
        const bool measured = cy0 + j >= m.y0 && cy0 + j < m.y1;
        if (any_free) {
            float d = row_envelope(s, row, cls, nw, CLASS_FREE, lo, hi, row);
            if (measured && d > max_abs) max_abs = d;
        }
        if (any_solid) {
            float d = row_envelope(s, row, cls, nw, CLASS_SOLID, lo, hi, row);
            if (measured && d > max_abs) max_abs = d;
        }
    }
    return max_abs;
}

bool ae_sdf_init(ae_sdf *sdf, const ae_grid *grid, float cell_size, ae_error *err) {
    AE_ASSERT(cell_size > 0.0f);
    memset(sdf, 0, sizeof *sdf);
    const int nw = grid->width + 1, nh = grid->height + 1;
    bake_scratch s = {0};
    int16_t *dist = ae_alloc((size_t)nw * (size_t)nh * sizeof *dist);
    if (!dist || !scratch_reserve(&s, nw)) {
        ae_free(dist, (size_t)nw * (size_t)nh * sizeof *dist);
        ae_error_set(err, "out of memory baking a %dx%d distance field", grid->width, grid->height);
        return false;
    }
    const float exact_max = bake_window(&s, grid, 0, 0, nw, nh, (corner_box){0, 0, nw, nh}, dist);
    sdf->max_abs = (float)quantize(exact_max) / AE_SDF_UNITS;
    scratch_free(&s);
    sdf->width = grid->width;
    sdf->height = grid->height;
    sdf->cell_size = cell_size;
    sdf->inv_cell = 1.0f / cell_size;
    sdf->dist = dist;
    return true;
}

/// What cell edits keep between calls (ae_sdf.scratch), so that an edit allocates nothing once
/// the buffers are as large as its window.
struct ae_sdf_scratch {
    bake_scratch rows; ///< the window bake's row buffers
    int16_t *box;      ///< the bake box's distances
    size_t box_cap;    ///< corners in box
    uint8_t *first;    ///< per write: its cell's value before the call, or NOT_FIRST
    int first_cap;     ///< bytes in first
};

/// Buffers larger than this (bytes) are released after the edit that needed them: a window that
/// large costs far more to bake than to allocate, and a field should not hold it for good.
#define SCRATCH_KEEP ((size_t)4 << 20)

static size_t edit_scratch_bytes(const struct ae_sdf_scratch *s) {
    const size_t row = (size_t)s->rows.row_len;
    return s->box_cap * sizeof *s->box + (size_t)s->first_cap +
           row * (1 + sizeof *s->rows.site + sizeof *s->rows.f) + (row + 1) * sizeof *s->rows.z;
}

static void edit_scratch_free(ae_sdf *sdf) {
    struct ae_sdf_scratch *s = sdf->scratch;
    if (!s) return;
    scratch_free(&s->rows);
    ae_free(s->box, s->box_cap * sizeof *s->box);
    ae_free(s->first, (size_t)s->first_cap);
    ae_free(s, sizeof *s);
    sdf->scratch = NULL;
}

/// The edit scratch with room for n writes, NULL when memory runs out.
static struct ae_sdf_scratch *edit_scratch(ae_sdf *sdf, int n) {
    struct ae_sdf_scratch *s = sdf->scratch;
    if (!s) s = sdf->scratch = ae_calloc(1, sizeof *s);
    if (!s) return NULL;
    if (n > s->first_cap) {
        ae_free(s->first, (size_t)s->first_cap);
        s->first_cap = 0;
        s->first = ae_alloc((size_t)n);
        if (!s->first) return NULL;
        s->first_cap = n;
    }
    return s;
}

/// Room for a bake box of bw x bh corners.
static bool edit_scratch_box(struct ae_sdf_scratch *s, int bw, int bh) {
    const size_t need = (size_t)bw * (size_t)bh;
    if (need > s->box_cap) {
        ae_free(s->box, s->box_cap * sizeof *s->box);
        s->box_cap = 0;
        s->box = ae_alloc(need * sizeof *s->box);
        if (!s->box) return false;
        s->box_cap = need;
    }
    return scratch_reserve(&s->rows, bw);
}

void ae_sdf_free(ae_sdf *sdf) {
    edit_scratch_free(sdf);
    ae_free(sdf->dist, (size_t)(sdf->width + 1) * (size_t)(sdf->height + 1) * sizeof *sdf->dist);
    memset(sdf, 0, sizeof *sdf);
}

/// True when corner (cx, cy) passes the test of ring_may_change for the changed cells r.
static bool corner_may_change(const ae_sdf *sdf, ae_cell_rect r, int cx, int cy) {
    // Distance to the rectangle of the changed cells' corners, [x0, x1 + 1] x [y0, y1 + 1]: no
    // changed corner is nearer.
    const int dx = cx < r.x0 ? r.x0 - cx : (cx > r.x1 + 1 ? cx - (r.x1 + 1) : 0);
    const int dy = cy < r.y0 ? r.y0 - cy : (cy > r.y1 + 1 ? cy - (r.y1 + 1) : 0);
    // The stored distance is within half a unit of the exact one: one unit of slack. A saturated
    // corner's exact distance is unknown, so it may always change.
    const int v = abs(sdf->dist[(size_t)cy * (size_t)(sdf->width + 1) + (size_t)cx]);
    if (v >= AE_SDF_SAT_UNITS) return true;
    const float reach = (float)(v + 1) / AE_SDF_UNITS + 1.0f;
    return (float)(dx * dx + dy * dy) <= reach * reach;
}

/// Chebyshev ring k around the corners of the changed cells r: whether any corner on it (within
/// the map) may change when some of those corners change class. A corner p changes only when
/// one of them, c, is at least as near to it as its old nearest site: |p - c| <= |d(p)| (a new
/// site nearer than the old ones, or the old nearest one gone). For one c the points where that
/// holds form c's Voronoi region among the old sites, which is convex and holds c, so a corner
/// beyond the ring that changes has the segment from c to it crossing the ring, at a point m
/// within half a cell of a ring corner p. The field is 1-Lipschitz, so
/// |p - c| <= |m - c| + 1/2 <= |d(m)| + 1/2 <= |d(p)| + 1: a ring with no corner passing that
/// test (against the rectangle, which is no farther than any c in it) has no changing corner on
/// or beyond it. (The stored distances only bound the exact ones; corner_may_change allows for
/// that.)
static bool ring_may_change(const ae_sdf *sdf, ae_cell_rect r, int k) {
    const int x0 = r.x0 - k, x1 = r.x1 + 1 + k, y0 = r.y0 - k, y1 = r.y1 + 1 + k;
    const int cx0 = ae_maxi(x0, 0), cx1 = ae_mini(x1, sdf->width);
    const int cy0 = ae_maxi(y0, 0), cy1 = ae_mini(y1, sdf->height);
    for (int cx = cx0; cx <= cx1; cx++) {
        if (y0 >= 0 && corner_may_change(sdf, r, cx, y0)) return true;
        if (y1 <= sdf->height && corner_may_change(sdf, r, cx, y1)) return true;
    }
    for (int cy = cy0; cy <= cy1; cy++) {
        if (x0 >= 0 && corner_may_change(sdf, r, x0, cy)) return true;
        if (x1 <= sdf->width && corner_may_change(sdf, r, x1, cy)) return true;
    }
    return false;
}

/// first[i] for a write whose cell an earlier write of the same call already set.
#define NOT_FIRST 0xFFu
/// Marks a cell written in this call, only while the writes are applied (valid values never set
/// bit 7, and the bake reads bit 0 alone).
#define WRITTEN 0x80u

/// Applies the writes in order and returns the bounding rectangle of the cells whose wall bit
/// changed, comparing each cell's final value with its value before the first write to it.
static ae_cell_rect apply_writes(ae_grid *grid, const ae_cell_write *w, int n, uint8_t *first) {
    for (int i = 0; i < n; i++) {
        AE_ASSERT(ae_grid_in_bounds(grid, w[i].x, w[i].y));
        AE_ASSERT(ae_grid_cell_valid(w[i].value));
        uint8_t *cell = grid->cells + (size_t)w[i].y * (size_t)grid->width + (size_t)w[i].x;
        first[i] = (*cell & WRITTEN) ? NOT_FIRST : *cell;
        *cell = w[i].value | WRITTEN;
    }
    ae_cell_rect r = ae_cell_rect_empty();
    for (int i = 0; i < n; i++) {
        uint8_t *cell = grid->cells + (size_t)w[i].y * (size_t)grid->width + (size_t)w[i].x;
        *cell &= (uint8_t)~WRITTEN;
        if (first[i] == NOT_FIRST || ((first[i] ^ *cell) & AE_CELL_WALL) == 0) continue;
        if (ae_cell_rect_is_empty(r)) r = (ae_cell_rect){w[i].x, w[i].y, w[i].x, w[i].y};
        r.x0 = ae_mini(r.x0, w[i].x);
        r.y0 = ae_mini(r.y0, w[i].y);
        r.x1 = ae_maxi(r.x1, w[i].x);
        r.y1 = ae_maxi(r.y1, w[i].y);
    }
    return r;
}

/// Puts back the values apply_writes found.
static void undo_writes(ae_grid *grid, const ae_cell_write *w, int n, const uint8_t *first) {
    for (int i = 0; i < n; i++)
        if (first[i] != NOT_FIRST)
            grid->cells[(size_t)w[i].y * (size_t)grid->width + (size_t)w[i].x] = first[i];
}

/// Rebakes the corners that the change of the cells r can have changed (the grid holds the new
/// cells, the field the old distances). False when memory runs out, with the field unchanged.
static bool rebake_changed(ae_sdf *sdf, struct ae_sdf_scratch *s, const ae_grid *grid,
                           ae_cell_rect r) {
    const int nw = grid->width + 1, nh = grid->height + 1;
    // The corners to redo are those inside the first ring around the changed cells' corners on
    // which nothing can change (ring_may_change): how far that is depends on the distances near
    // the cells, not on the map's largest.
    int k = 1;
    const int k_max = ae_maxi(nw, nh);
    while (k < k_max && ring_may_change(sdf, r, k)) k++;
    const int reach = k - 1;
    const int wx0 = ae_maxi(0, r.x0 - reach), wy0 = ae_maxi(0, r.y0 - reach);
    const int wx1 = ae_mini(nw, r.x1 + 2 + reach), wy1 = ae_mini(nh, r.y1 + 2 + reach);
    const int ww = wx1 - wx0;
    // A first guess at the window's new distances: its old ones, which are bounded by the ring.
    int guess_units = AE_SDF_UNITS;
    for (int j = ae_maxi(0, wy0 - 1); j < ae_mini(nh, wy1 + 1); j++) {
        const int16_t *row = sdf->dist + (size_t)j * (size_t)nw;
        for (int i = ae_maxi(0, wx0 - 1); i < ae_mini(nw, wx1 + 1); i++)
            guess_units = ae_maxi(guess_units, abs(row[i]));
    }
    const float guess = (float)guess_units / AE_SDF_UNITS;
    // The window's new distances only need sites within `margin` of it: a result no larger than
    // the margin cannot have a nearer site outside, so it is exact. Otherwise widen and redo.
    for (int margin = (int)ceilf(guess) + 1;; margin *= 2) {
        const int bx0 = ae_maxi(0, wx0 - margin), by0 = ae_maxi(0, wy0 - margin);
        const int bx1 = ae_mini(nw, wx1 + margin), by1 = ae_mini(nh, wy1 + margin);
        const int bw = bx1 - bx0, bh = by1 - by0;
        if (!edit_scratch_box(s, bw, bh)) return false;
        const float window_max = bake_window(&s->rows, grid, bx0, by0, bx1, by1,
                                             (corner_box){wx0, wy0, wx1, wy1}, s->box);
        const bool whole_map = bx0 == 0 && by0 == 0 && bx1 == nw && by1 == nh;
        if (!whole_map && window_max > (float)margin) continue;
        for (int j = wy0; j < wy1; j++) {
            const int16_t *row = s->box + (size_t)(j - by0) * (size_t)bw + (size_t)(wx0 - bx0);
            memcpy(sdf->dist + (size_t)j * (size_t)nw + (size_t)wx0, row, (size_t)ww * sizeof *row);
        }
        const float stored_max = (float)quantize(window_max) / AE_SDF_UNITS;
        if (stored_max > sdf->max_abs) sdf->max_abs = stored_max;
        return true;
    }
}

bool ae_sdf_set_cells(ae_sdf *sdf, ae_grid *grid, const ae_cell_write *writes, int n,
                      ae_cell_rect *changed, ae_error *err) {
    AE_ASSERT(grid->width == sdf->width && grid->height == sdf->height);
    AE_ASSERT(n >= 0 && (n == 0 || writes));
    if (changed) *changed = ae_cell_rect_empty();
    if (n == 0) return true;
    struct ae_sdf_scratch *s = edit_scratch(sdf, n);
    if (!s) {
        ae_error_set(err, "out of memory editing the distance field");
        return false;
    }
    // Only the corners of cells whose wall bit changed change class; a change of tags alone
    // leaves the field as it is.
    const ae_cell_rect r = apply_writes(grid, writes, n, s->first);
    if (ae_cell_rect_is_empty(r)) return true;
    if (!rebake_changed(sdf, s, grid, r)) {
        undo_writes(grid, writes, n, s->first);
        edit_scratch_free(sdf);
        ae_error_set(err, "out of memory editing the distance field");
        return false;
    }
    if (edit_scratch_bytes(s) > SCRATCH_KEEP) edit_scratch_free(sdf);
    if (changed) *changed = r;
    return true;
}

bool ae_sdf_set_cell(ae_sdf *sdf, ae_grid *grid, int x, int y, uint8_t value, ae_error *err) {
    const ae_cell_write w = {x, y, value};
    return ae_sdf_set_cells(sdf, grid, &w, 1, NULL, err);
}
