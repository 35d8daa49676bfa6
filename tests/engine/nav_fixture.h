// Shared test fixture: a map with its field, nav grid and search context.
#ifndef NAV_FIXTURE_H
#define NAV_FIXTURE_H

#include "arena/ae_nav.h"
#include "gen_maps.h"

typedef struct fixture {
    ae_grid grid;
    ae_sdf sdf;
    ae_nav_grid nav;
    ae_nav_search search;
} fixture;

static inline bool fixture_init(fixture *f, float cell, const float *radii, int nr) {
    ae_nav_def def = ae_nav_default_def();
    def.radius_count = nr;
    for (int k = 0; k < nr; k++) def.radii[k] = radii[k];
    return ae_sdf_bake(&f->sdf, &f->grid, cell, NULL) &&
           ae_nav_grid_build(&f->nav, &f->grid, &f->sdf, &def, NULL) &&
           ae_nav_search_init(&f->search, &f->nav, NULL);
}

static inline void fixture_free(fixture *f) {
    ae_nav_search_free(&f->search);
    ae_nav_grid_free(&f->nav);
    ae_sdf_free(&f->sdf);
    ae_grid_free(&f->grid);
}

#endif
