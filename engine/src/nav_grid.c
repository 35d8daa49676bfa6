// Per-radius passability of the map cells, built from the grid and its SDF.
#include "base_internal.h"
#include "nav_grid_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

ae_nav_grid_def ae_default_nav_grid_def(void) {
    ae_nav_grid_def d;
    memset(&d, 0, sizeof d);
    d.radius_count = 1;
    d.cookie = AE_DEF_COOKIE;
    return d;
}

/// Words of the row and column bit lines, each block with one more word before and after: jump
/// point search reads any 8 bytes around a cell of a line, which may reach 7 bytes past either end.
static size_t row_bits_size(const ae_nav_grid *nav) {
    return (size_t)nav->radius_count * (size_t)(nav->height + 2) * (size_t)nav->store->row_words +
           2;
}

static size_t col_bits_size(const ae_nav_grid *nav) {
    return (size_t)nav->radius_count * (size_t)nav->store->stride * (size_t)nav->store->col_words +
           2;
}

/// Bytes of the store: the struct and its padded cells.
static size_t store_size(const ae_nav_grid *nav) {
    return sizeof(struct ae_nav_store) + (size_t)(nav->width + 2) * (size_t)(nav->height + 2);
}

static uint64_t *bits_alloc(size_t words) {
    uint64_t *b = ae_calloc(words, sizeof *b);
    return b ? b + 1 : NULL;
}

static void bits_free(uint64_t *b, size_t words) {
    if (b) ae_free(b - 1, words * sizeof *b);
}

static uint8_t cell_bits(const ae_nav_grid *nav, const ae_grid *grid, const ae_sdf *sdf, int x,
                         int y) {
    if (ae_grid_is_wall(grid, x, y)) return 0;
    // Centre value of the bilinear field: the mean of the cell's four corners (world units).
    float c = 0.25f * (ae_sdf_corner(sdf, x, y) + ae_sdf_corner(sdf, x + 1, y) +
                       ae_sdf_corner(sdf, x, y + 1) + ae_sdf_corner(sdf, x + 1, y + 1));
    float d = c * sdf->cell_size;
    uint8_t bits = 0;
    for (int k = 0; k < nav->radius_count; k++)
        if (d >= nav->radii[k]) bits |= (uint8_t)(1u << k);
    return bits;
}

bool ae_nav_grid_init(ae_nav_grid *nav, const ae_grid *grid, const ae_sdf *sdf,
                      const ae_nav_grid_def *def, ae_error *err) {
    memset(nav, 0, sizeof *nav);
    AE_ASSERT(def->cookie == AE_DEF_COOKIE);
    AE_ASSERT(grid->width == sdf->width && grid->height == sdf->height);
    if (def->radius_count < 1 || def->radius_count > AE_NAV_MAX_RADII) {
        ae_error_set(err, "nav: radius count %d out of range 1..%d", def->radius_count,
                     AE_NAV_MAX_RADII);
        return false;
    }
    for (int k = 0; k < def->radius_count; k++) {
        if (!(def->radii[k] >= 0.0f) || !isfinite(def->radii[k])) {
            ae_error_set(err, "nav: radius %d is not a finite value >= 0", k);
            return false;
        }
    }
    nav->width = grid->width;
    nav->height = grid->height;
    nav->radius_count = def->radius_count;
    struct ae_nav_store *st = ae_calloc(1, store_size(nav));
    nav->store = st;
    if (st) {
        st->stride = grid->width + 2;
        st->row_words = (st->stride + 63) / 64;
        st->col_words = (nav->height + 2 + 63) / 64;
        st->row_bits = bits_alloc(row_bits_size(nav));
        st->col_bits = bits_alloc(col_bits_size(nav));
    }
    if (!st || !st->row_bits || !st->col_bits) {
        ae_nav_grid_free(nav);
        ae_error_set(err, "nav: out of memory");
        return false;
    }
    nav->cell_size = sdf->cell_size;
    memcpy(nav->radii, def->radii, sizeof nav->radii);
    ae_nav_grid_update_rect(nav, grid, sdf, 0, 0, grid->width - 1, grid->height - 1);
    return true;
}

void ae_nav_grid_free(ae_nav_grid *nav) {
    struct ae_nav_store *st = nav->store;
    if (st) {
        bits_free(st->row_bits, row_bits_size(nav));
        bits_free(st->col_bits, col_bits_size(nav));
        ae_free(st, store_size(nav));
    }
    memset(nav, 0, sizeof *nav);
}

bool ae_nav_passable(const ae_nav_grid *nav, int layer, int x, int y) {
    return nav_grid_passable(nav, layer, x, y);
}

bool ae_nav_grid_equal(const ae_nav_grid *a, const ae_nav_grid *b) {
    if (a->width != b->width || a->height != b->height || a->cell_size != b->cell_size ||
        a->radius_count != b->radius_count || !a->store != !b->store)
        return false;
    for (int k = 0; k < a->radius_count; k++)
        if (a->radii[k] != b->radii[k]) return false;
    if (!a->store) return true;
    const struct ae_nav_store *sa = a->store, *sb = b->store;
    // A word of the bit lines is either written whole by an update or never (the border's), so
    // whole arrays compare; the spare words around them are never written.
    const size_t rows = row_bits_size(a) - 2, cols = col_bits_size(a) - 2;
    return memcmp(sa->pass, sb->pass, store_size(a) - sizeof *sa) == 0 &&
           memcmp(sa->row_bits, sb->row_bits, rows * sizeof *sa->row_bits) == 0 &&
           memcmp(sa->col_bits, sb->col_bits, cols * sizeof *sa->col_bits) == 0;
}

/// Recomputes the bit lines of every layer over padded cells [px0, px1] x [py0, py1] from
/// `pass`, whole words at a time. Columns are filled row by row, so `pass` is read in order.
static void refresh_bits(ae_nav_grid *nav, int px0, int py0, int px1, int py1) {
    struct ae_nav_store *st = nav->store;
    const int stride = st->stride, rows = nav->height + 2;
    const size_t row_words = (size_t)st->row_words, col_words = (size_t)st->col_words;
    for (int k = 0; k < nav->radius_count; k++) {
        const uint8_t bit = (uint8_t)(1u << k);
        uint64_t *rb = st->row_bits + (size_t)k * (size_t)rows * row_words;
        uint64_t *cb = st->col_bits + (size_t)k * (size_t)stride * col_words;
        for (int py = py0; py <= py1; py++) {
            const uint8_t *line = st->pass + (size_t)py * (size_t)stride;
            for (int wi = px0 >> 6; wi <= px1 >> 6; wi++) {
                uint64_t v = 0;
                for (int b = 0, px = wi << 6; b < 64 && px < stride; b++, px++)
                    v |= (uint64_t)((line[px] & bit) != 0) << b;
                rb[(size_t)py * row_words + (size_t)wi] = v;
            }
        }
        for (int wj = py0 >> 6; wj <= py1 >> 6; wj++) {
            for (int px = px0; px <= px1; px++) cb[(size_t)px * col_words + wj] = 0;
            for (int b = 0, py = wj << 6; b < 64 && py < rows; b++, py++) {
                const uint8_t *line = st->pass + (size_t)py * (size_t)stride;
                for (int px = px0; px <= px1; px++)
                    cb[(size_t)px * col_words + wj] |= (uint64_t)((line[px] & bit) != 0) << b;
            }
        }
    }
}

void ae_nav_grid_update_rect(ae_nav_grid *nav, const ae_grid *grid, const ae_sdf *sdf, int x0,
                             int y0, int x1, int y1) {
    x0 = ae_maxi(x0, 0);
    y0 = ae_maxi(y0, 0);
    x1 = ae_mini(x1, nav->width - 1);
    y1 = ae_mini(y1, nav->height - 1);
    uint8_t *pass = nav->store->pass;
    const size_t stride = (size_t)nav->store->stride;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
            pass[(size_t)(y + 1) * stride + (size_t)(x + 1)] = cell_bits(nav, grid, sdf, x, y);
    refresh_bits(nav, x0 + 1, y0 + 1, x1 + 1, y1 + 1);
    nav->version++;
}

void ae_nav_grid_on_cells_edit(ae_nav_grid *nav, const ae_grid *grid, const ae_sdf *sdf,
                               ae_cell_rect changed) {
    if (ae_cell_rect_is_empty(changed)) return;
    // A cell's passability flips only when its centre distance crosses a radius, and a changed
    // cell can only move the distance of centres it is within (radius + one cell) of.
    float rmax = 0.0f;
    for (int k = 0; k < nav->radius_count; k++) rmax = fmaxf(rmax, nav->radii[k]);
    int m = (int)ceilf(rmax / nav->cell_size) + 2;
    ae_nav_grid_update_rect(nav, grid, sdf, changed.x0 - m, changed.y0 - m, changed.x1 + m,
                            changed.y1 + m);
}

void ae_nav_grid_on_cell_edit(ae_nav_grid *nav, const ae_grid *grid, const ae_sdf *sdf, int x,
                              int y) {
    ae_nav_grid_on_cells_edit(nav, grid, sdf, (ae_cell_rect){x, y, x, y});
}

int ae_nav_layer(const ae_nav_grid *nav, float radius) {
    for (int k = 0; k < nav->radius_count; k++)
        if (nav->radii[k] == radius) return k;
    return -1;
}

double ae_nav_octile(ae_nav_cell a, ae_nav_cell b) {
    int dx = abs(a.x - b.x), dy = abs(a.y - b.y);
    int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return (double)(hi - lo) + (double)lo * 1.4142135623730951;
}
