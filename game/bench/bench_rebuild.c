// The edit benchmarks' agreement checks: edited structures against fresh builds.
#include "bench_rebuild.h"

#include <string.h>

bool bench_same_field(const ae_sdf *a, const ae_sdf *b) {
    size_t n = (size_t)(a->width + 1) * (size_t)(a->height + 1);
    return a->width == b->width && a->height == b->height &&
           memcmp(a->dist, b->dist, n * sizeof *a->dist) == 0;
}

bool bench_field_equals_rebake(const ae_sdf *sdf, const ae_grid *g, ae_error *err, bool *failed) {
    ae_sdf ref;
    if (!ae_sdf_init(&ref, g, sdf->cell_size, err)) {
        *failed = true;
        return false;
    }
    bool same = bench_same_field(sdf, &ref);
    ae_sdf_free(&ref);
    return same;
}

bool bench_derived_equal_rebuild(const ae_grid *g, const ae_sdf *sdf, const ae_nav_grid *nav,
                                 const ae_cover_set *cover, ae_error *err, bool *failed) {
    ae_nav_grid_def nd = ae_default_nav_grid_def();
    nd.radius_count = nav->radius_count;
    memcpy(nd.radii, nav->radii, sizeof nd.radii);
    ae_nav_grid fresh_nav;
    if (!ae_nav_grid_init(&fresh_nav, g, sdf, &nd, err)) {
        *failed = true;
        return false;
    }
    bool same = ae_nav_grid_equal(&fresh_nav, nav);
    ae_nav_grid_free(&fresh_nav);
    ae_cover_set fresh_cover;
    if (!ae_cover_init(&fresh_cover, g, sdf, &cover->def, err)) {
        *failed = true;
        return false;
    }
    same = same && ae_cover_equal(&fresh_cover, cover);
    ae_cover_free(&fresh_cover);
    return same;
}
