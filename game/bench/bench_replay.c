// arena-bench replay: size, encode, load and playback lookups of a 10-minute 4-human recording.
#include "suites.h"

#include "arena/ae_rng.h"
#include "arena/rp_replay.h"
#include "arena/rp_writer.h"
#include "gen_maps.h"
#include "tool_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { HUMANS = 4, TICKS = 36000, RECORD = 8, RUNS = 9 };

static const char *const columns[] = {"case",      "inputs",    "bytes",
                                      "raw_bytes", "median_ms", "cpu_ms"};
static const int widths[] = {10, 8, 10, 10, 10, 10};

// "held": each human keeps an input for 1..30 ticks; "noisy": the aim changes every tick (the
// worst case for run-length encoding).
static uint8_t *make_inputs(bool noisy) {
    uint8_t *rec = malloc((size_t)TICKS * HUMANS * RECORD);
    ae_rng rng;
    ae_rng_seed(&rng, 17, 5);
    for (int h = 0; h < HUMANS; h++) {
        uint8_t cur[RECORD] = {0};
        uint32_t hold = 0;
        for (uint32_t t = 0; t < TICKS; t++) {
            if (hold == 0 || noisy) {
                for (int k = 0; k < RECORD; k++) cur[k] = (uint8_t)ae_rng_below(&rng, 256);
                hold = 1 + ae_rng_below(&rng, 30);
            }
            hold--;
            memcpy(rec + ((size_t)t * HUMANS + (size_t)h) * RECORD, cur, RECORD);
        }
    }
    return rec;
}

static rp_writer *record(const uint8_t *inputs, const ae_grid *map) {
    static const char *const fields[] = {"rng", "agents", "bullets", "gems", "zone"};
    rp_writer_def def = rp_default_writer_def();
    def.seed = 1;
    def.human_count = HUMANS;
    def.record_size = RECORD;
    def.field_names = fields;
    def.field_count = 5;
    def.map = map;
    rp_writer *w = rp_writer_create(&def, NULL);
    for (uint32_t t = 0; t < TICKS; t++) {
        if (t % 6000 == 3000) rp_writer_event_map(w, t, map, "arena.png");
        rp_writer_tick(w, t, inputs + (size_t)t * HUMANS * RECORD);
        if ((t + 1) % 60 == 0) {
            uint64_t f[5] = {t, t + 1u, t + 2u, t + 3u, t + 4u};
            rp_writer_checkpoint(w, t + 1, t * 31u, f);
        }
    }
    return w;
}

/// Wall and thread CPU milliseconds of the runs of one case.
typedef struct run_times {
    double ms[RUNS], cpu[RUNS];
} run_times;

/// One row with the medians of the runs (their arrays are sorted in place).
static void row(const tool_table *t, const char *name, const char *inputs, size_t bytes,
                run_times *times) {
    char b[24], r[24], m[24], c[24];
    snprintf(b, sizeof b, "%zu", bytes);
    snprintf(r, sizeof r, "%zu", (size_t)TICKS * HUMANS * RECORD);
    snprintf(m, sizeof m, "%.3f", tool_median(times->ms, RUNS));
    snprintf(c, sizeof c, "%.3f", tool_median(times->cpu, RUNS));
    const char *cells[] = {name, inputs, b, r, m, c};
    tool_table_row(t, cells);
}

/// Bytes of a whole recording of `inputs`, or 0 when it could not be made.
static size_t recorded_size(const uint8_t *inputs, const ae_grid *map) {
    uint8_t *data = NULL;
    size_t size = 0;
    rp_writer *w = record(inputs, map);
    bool ok = rp_writer_finish_memory(w, TICKS, 7, &data, &size, NULL);
    rp_writer_destroy(w);
    if (!ok) return 0;
    ae_free(data, size);
    return size;
}

int bench_replay(bool csv) {
    tool_table t = {csv, 6, columns, widths};
    if (!csv)
        printf("\n# replay: %d humans x %d ticks (10 min at 60 Hz), %d-byte records, 256x256 map, "
               "median of %d\n",
               HUMANS, TICKS, RECORD, RUNS);
    tool_table_header(&t);
    ae_grid map;
    gen_arena_map(&map, 256, 256, 7);
    // What a recording costs beyond its input records (header, maps, swaps, checkpoints, runs):
    // the same recording with inputs that never change.
    uint8_t *still = calloc((size_t)TICKS * HUMANS, RECORD);
    const size_t frame = still ? recorded_size(still, &map) : 0;
    free(still);
    bool ok = frame > 0;
    for (int noisy = 0; noisy <= 1; noisy++) {
        const char *kind = noisy ? "noisy" : "held";
        uint8_t *inputs = make_inputs(noisy);
        run_times enc, load, play;
        uint8_t *data = NULL;
        size_t size = 0;
        for (int r = 0; r < RUNS; r++) {
            if (data) ae_free(data, size);
            const tool_stopwatch sw = tool_stopwatch_start();
            rp_writer *w = record(inputs, &map);
            ok = rp_writer_finish_memory(w, TICKS, 7, &data, &size, NULL) && ok;
            rp_writer_destroy(w);
            tool_stopwatch_ms(sw, &enc.ms[r], &enc.cpu[r]);
        }
        size_t mismatches = 0;
        for (int r = 0; r < RUNS; r++) {
            rp_replay rp;
            tool_stopwatch sw = tool_stopwatch_start();
            bool loaded = rp_replay_init_memory(data, size, NULL, &rp, NULL);
            tool_stopwatch_ms(sw, &load.ms[r], &load.cpu[r]);
            if (!loaded) {
                ok = false;
                break;
            }
            // Playback lookups: records, events and checkpoint of every tick.
            uint8_t rec[HUMANS * RECORD];
            sw = tool_stopwatch_start();
            for (uint32_t tick = 0; tick < TICKS; tick++) {
                const rp_event *ev;
                rp_replay_events_at(&rp, tick, &ev);
                rp_replay_records(&rp, tick, rec);
                mismatches += memcmp(rec, inputs + (size_t)tick * sizeof rec, sizeof rec) != 0;
                if (!rp_replay_verify(&rp, tick + 1, tick * 31u, NULL, NULL) && tick + 1 < TICKS)
                    mismatches++;
            }
            tool_stopwatch_ms(sw, &play.ms[r], &play.cpu[r]);
            rp_replay_free(&rp);
        }
        // Held inputs shrink below a quarter of the raw records; noisy ones cost at most one
        // length byte per record over what the same recording costs with inputs held still.
        const size_t raw = (size_t)TICKS * HUMANS * RECORD;
        const size_t bound = noisy ? raw / RECORD * (RECORD + 1) + frame : raw / 4;
        ok = ok && mismatches == 0 && size <= bound;
        row(&t, "encode", kind, size, &enc);
        row(&t, "load", kind, size, &load);
        row(&t, "playback", kind, size, &play);
        ae_free(data, size);
        free(inputs);
    }
    ae_grid_free(&map);
    if (!csv)
        printf("check: records and checkpoints read back equal what was recorded; held inputs "
               "< 1/4 of raw, noisy <= 1 byte overhead per record: %s\n",
               ok ? "ok" : "FAILED");
    return ok ? TOOL_EXIT_OK : TOOL_EXIT_FAIL;
}
