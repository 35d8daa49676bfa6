/// The one bake-time measurement shared by `arena-map info` and `arena-bench sdf`.
#ifndef SDF_TIMING_H
#define SDF_TIMING_H

#include "arena/ae_sdf.h"

/// Bakes the grid's field SDF_TIMING_RUNS times and reports the median in milliseconds, of the
/// wall clock in *median_ms and of the thread's CPU time in *cpu_ms (when not NULL).
#define SDF_TIMING_RUNS 5
bool sdf_time_bake(const ae_grid *grid, double *median_ms, double *cpu_ms, ae_error *err);

#endif
