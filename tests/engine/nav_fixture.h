// Shared test fixture: a map with its field, nav grid and search context.
#ifndef NAV_FIXTURE_H
#define NAV_FIXTURE_H

#include "arena/ae_nav.h"
#include "gen_maps.h"

typedef struct fixture {
    ae_grid grid;
    ae_sdf sdf;
    ae_nav_grid nav;
    ae_nav_search *search;
} fixture;

static inline bool fixture_init(fixture *f, float cell, const float *radii, int nr) {
    ae_nav_grid_def def = ae_default_nav_grid_def();
    def.radius_count = nr;
    for (int k = 0; k < nr; k++) def.radii[k] = radii[k];
    return ae_sdf_init(&f->sdf, &f->grid, cell, NULL) &&
           ae_nav_grid_init(&f->nav, &f->grid, &f->sdf, &def, NULL) &&
           (f->search = ae_nav_search_create(&f->nav, NULL)) != NULL;
}

static inline void fixture_free(fixture *f) {
    ae_nav_search_destroy(f->search);
    ae_nav_grid_free(&f->nav);
    ae_sdf_free(&f->sdf);
    ae_grid_free(&f->grid);
}

#endif
