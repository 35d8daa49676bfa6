/// The agreement checks of the edit benchmarks (arena-bench sdf's edit rows, arena-bench editor):
/// whether a field, a nav grid and cover points kept up to date by edits equal fresh builds.
#ifndef BENCH_REBUILD_H
#define BENCH_REBUILD_H

#include "arena/ae_cover.h"

/// True when the two fields hold the same corners, bit for bit.
bool bench_same_field(const ae_sdf *a, const ae_sdf *b);

/// True when the field equals a full bake of the grid at every corner. When memory runs out:
/// false, with *failed set and err filled.
bool bench_field_equals_rebake(const ae_sdf *sdf, const ae_grid *g, ae_error *err, bool *failed);

/// True when the nav grid and the cover points equal fresh builds from the grid and its field
/// (points compared as a set: keys are unique and the set keeps them sorted, so both lists must
/// match exactly). When memory runs out: false, with *failed set and err filled.
bool bench_derived_equal_rebuild(const ae_grid *g, const ae_sdf *sdf, const ae_nav_grid *nav,
                                 const ae_cover_set *cover, ae_error *err, bool *failed);

#endif
