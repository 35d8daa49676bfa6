#include "sdf_timing.h"
#include "tool_util.h"

bool sdf_time_bake(const ae_grid *grid, double *median_ms, double *cpu_ms, ae_error *err) {
    double ms[SDF_TIMING_RUNS], cpu[SDF_TIMING_RUNS];
    for (int i = 0; i < SDF_TIMING_RUNS; i++) {
        ae_sdf sdf;
        const tool_stopwatch sw = tool_stopwatch_start();
        if (!ae_sdf_init(&sdf, grid, 1.0f, err)) return false;
        tool_stopwatch_ms(sw, &ms[i], &cpu[i]);
        ae_sdf_free(&sdf);
    }
    *median_ms = tool_median(ms, SDF_TIMING_RUNS);
    if (cpu_ms) *cpu_ms = tool_median(cpu, SDF_TIMING_RUNS);
    return true;
}
