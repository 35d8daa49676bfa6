#include "sdf_timing.h"
#include "tool_util.h"

bool sdf_time_bake(const ae_grid *grid, double *median_ms, ae_error *err) {
    double ms[SDF_TIMING_RUNS];
    for (int i = 0; i < SDF_TIMING_RUNS; i++) {
        ae_sdf sdf;
        uint64_t t0 = tool_now_ns();
        if (!ae_sdf_init(&sdf, grid, 1.0f, err)) return false;
        ms[i] = (double)(tool_now_ns() - t0) * 1e-6;
        ae_sdf_free(&sdf);
    }
    *median_ms = tool_median(ms, SDF_TIMING_RUNS);
    return true;
}
