// Per-radius passability of the map cells, built from the grid and its SDF.
#include "arena/ae_nav.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

ae_nav_def ae_nav_default_def(void) {
    ae_nav_def d;
    memset(&d, 0, sizeof d);
    d.radius_count = 1;
    return d;
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

bool ae_nav_grid_build(ae_nav_grid *nav, const ae_grid *grid, const ae_sdf *sdf,
                       const ae_nav_def *def, ae_error *err) {
    memset(nav, 0, sizeof *nav);
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
    size_t n = (size_t)(grid->width + 2) * (size_t)(grid->height + 2);
    nav->pass = ae_calloc(n, 1);
    if (!nav->pass) {
        ae_error_set(err, "nav: out of memory");
        return false;
    }
    nav->width = grid->width;
    nav->height = grid->height;
    nav->stride = grid->width + 2;
    nav->cell_size = sdf->cell_size;
    nav->radius_count = def->radius_count;
    memcpy(nav->radii, def->radii, sizeof nav->radii);
    ae_nav_grid_update_rect(nav, grid, sdf, 0, 0, grid->width - 1, grid->height - 1);
    return true;
}

void ae_nav_grid_free(ae_nav_grid *nav) {
    if (nav->pass) ae_free(nav->pass, (size_t)(nav->width + 2) * (size_t)(nav->height + 2));
    memset(nav, 0, sizeof *nav);
}

void ae_nav_grid_update_rect(ae_nav_grid *nav, const ae_grid *grid, const ae_sdf *sdf, int x0,
                             int y0, int x1, int y1) {
    x0 = ae_maxi(x0, 0);
    y0 = ae_maxi(y0, 0);
    x1 = ae_mini(x1, nav->width - 1);
    y1 = ae_mini(y1, nav->height - 1);
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
            nav->pass[(size_t)(y + 1) * (size_t)nav->stride + (size_t)(x + 1)] =
                cell_bits(nav, grid, sdf, x, y);
    nav->version++;
}

void ae_nav_grid_on_cell_edit(ae_nav_grid *nav, const ae_grid *grid, const ae_sdf *sdf, int x,
                              int y) {
    // A cell's passability flips only when its centre distance crosses a radius, and the edited
    // cell can only move the distance of centres it is within (radius + one cell) of.
    float rmax = 0.0f;
    for (int k = 0; k < nav->radius_count; k++) rmax = fmaxf(rmax, nav->radii[k]);
    int m = (int)ceilf(rmax / nav->cell_size) + 2;
    ae_nav_grid_update_rect(nav, grid, sdf, x - m, y - m, x + m, y + m);
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
