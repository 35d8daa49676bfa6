#include "arena/rp_writer.h"

#include "arena/ae_output.h"

#include "rp_bytes.h"

#include <stdio.h>
#include <string.h>

// One human's input stream: finished runs (var length + record) and the run still growing.
typedef struct rp_stream_w {
    rp_buf runs;
    uint32_t run_count;
    uint32_t cur_len;
    uint8_t cur[RP_MAX_RECORD_SIZE];
} rp_stream_w;

struct rp_writer {
    rp_writer_def def; // pointers in it are not kept: the encodings below own copies
    rp_buf head;       // config, fields and initial map, encoded at creation
    rp_stream_w streams[RP_MAX_HUMANS];
    rp_buf events;
    uint32_t event_count;
    rp_buf checkpoints;
    uint32_t checkpoint_count;
    int64_t last_checkpoint; // -1 before the first
    uint32_t tick_count;
    bool too_long; // a tick beyond RP_MAX_TICKS was refused
};

rp_writer_def rp_default_writer_def(void) {
    rp_writer_def def;
    memset(&def, 0, sizeof def);
    def.tick_rate = 60;
    def.checkpoint_interval = 60;
    return def;
}

static bool printable_name(const char *s, int max_len) {
    size_t n = strlen(s);
    if (n == 0 || n > (size_t)max_len) return false;
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 32 || (unsigned char)s[i] > 126) return false;
    return true;
}

// The file name part of a path, capped at RP_MAX_NAME bytes.
static void put_name(rp_buf *b, const char *path) {
    const char *name = path ? path : "";
    for (const char *p = name; *p; p++)
        if (*p == '/' || *p == '\\') name = p + 1;
    size_t n = strlen(name);
    if (n > RP_MAX_NAME) n = RP_MAX_NAME;
    rp_buf_u16(b, (uint16_t)n);
    rp_buf_bytes(b, name, n);
}

static void check_grid(const ae_grid *g) {
    AE_ASSERT(g && g->cells);
    AE_ASSERT(ae_grid_check_size(g->width, g->height, NULL));
    AE_ASSERT(ae_grid_free_count(g) > 0);
}

rp_writer *rp_writer_create(const rp_writer_def *def, ae_error *err) {
    AE_ASSERT(def->human_count >= 1 && def->human_count <= RP_MAX_HUMANS);
    AE_ASSERT(def->tick_rate >= 1 && def->tick_rate <= RP_MAX_TICK_RATE);
    AE_ASSERT(def->record_size >= 1 && def->record_size <= RP_MAX_RECORD_SIZE);
    AE_ASSERT(def->config_size <= RP_MAX_CONFIG_BYTES && (def->config || !def->config_size));
    AE_ASSERT(def->field_count >= 0 && def->field_count <= RP_MAX_FIELDS);
    for (int i = 0; i < def->field_count; i++)
        AE_ASSERT(printable_name(def->field_names[i], RP_MAX_FIELD_NAME));
    check_grid(def->map);

    rp_writer *w = ae_calloc(1, sizeof *w);
    if (!w) {
        ae_error_set(err, "out of memory for a replay writer");
        return NULL;
    }
    w->def = *def;
    w->def.config = NULL;
    w->def.field_names = NULL;
    w->def.map = NULL;
    w->def.map_name = NULL;
    w->last_checkpoint = -1;

    rp_buf *b = &w->head;
    rp_buf_u64(b, def->seed);
    rp_buf_u8(b, (uint8_t)def->human_count);
    rp_buf_u16(b, (uint16_t)def->tick_rate);
    rp_buf_u16(b, (uint16_t)def->record_size);
    rp_buf_u32(b, 0); // tick count, patched in at finish
    rp_buf_u32(b, def->checkpoint_interval);
    rp_buf_u32(b, def->config_version);
    rp_buf_u32(b, (uint32_t)def->config_size);
    rp_buf_bytes(b, def->config, def->config_size);
    rp_buf_u8(b, (uint8_t)def->field_count);
    for (int i = 0; i < def->field_count; i++) {
        size_t n = strlen(def->field_names[i]);
        rp_buf_u8(b, (uint8_t)n);
        rp_buf_bytes(b, def->field_names[i], n);
    }
    put_name(b, def->map_name);
    rp_buf_grid(b, def->map);
    if (b->failed) {
        rp_writer_destroy(w);
        ae_error_set(err, "out of memory for a replay writer");
        return NULL;
    }
    return w;
}

// Offset of the tick count inside the head encoding: seed 8, humans 1, rate 2, record size 2.
enum { HEAD_TICK_COUNT_AT = 13 };

static void close_run(rp_writer *w, rp_stream_w *s) {
    rp_buf_var(&s->runs, s->cur_len);
    rp_buf_bytes(&s->runs, s->cur, (size_t)w->def.record_size);
    s->run_count++;
}

bool rp_writer_tick(rp_writer *w, uint32_t tick, const uint8_t *records) {
    AE_ASSERT(tick == w->tick_count);
    if (tick >= RP_MAX_TICKS) {
        w->too_long = true;
        return false;
    }
    const size_t rs = (size_t)w->def.record_size;
    bool ok = true;
    for (int h = 0; h < w->def.human_count; h++) {
        rp_stream_w *s = &w->streams[h];
        const uint8_t *rec = records + (size_t)h * rs;
        if (s->cur_len > 0 && memcmp(s->cur, rec, rs) == 0) {
            s->cur_len++;
            continue;
        }
        if (s->cur_len > 0) close_run(w, s);
        memcpy(s->cur, rec, rs);
        s->cur_len = 1;
    }
    for (int h = 0; h < w->def.human_count; h++) ok = ok && !w->streams[h].runs.failed;
    w->tick_count++;
    return ok;
}

bool rp_writer_event_map(rp_writer *w, uint32_t tick, const ae_grid *grid, const char *name) {
    AE_ASSERT(tick == w->tick_count);
    check_grid(grid);
    rp_buf_u32(&w->events, tick);
    rp_buf_u8(&w->events, RP_EVENT_MAP_SWAP);
    put_name(&w->events, name);
    rp_buf_grid(&w->events, grid);
    w->event_count++;
    return !w->events.failed;
}

bool rp_writer_event_data(rp_writer *w, uint32_t tick, uint16_t kind, const void *data,
                          size_t size) {
    AE_ASSERT(tick == w->tick_count);
    AE_ASSERT(size <= RP_MAX_EVENT_DATA && (data || size == 0));
    rp_buf_u32(&w->events, tick);
    rp_buf_u8(&w->events, RP_EVENT_DATA);
    rp_buf_u16(&w->events, kind);
    rp_buf_u16(&w->events, (uint16_t)size);
    rp_buf_bytes(&w->events, data, size);
    w->event_count++;
    return !w->events.failed;
}

bool rp_writer_checkpoint(rp_writer *w, uint32_t tick, uint64_t hash,
                          const uint64_t *field_hashes) {
    AE_ASSERT(tick <= w->tick_count && (int64_t)tick > w->last_checkpoint);
    AE_ASSERT(field_hashes || w->def.field_count == 0);
    rp_buf_u32(&w->checkpoints, tick);
    rp_buf_u64(&w->checkpoints, hash);
    for (int i = 0; i < w->def.field_count; i++) rp_buf_u64(&w->checkpoints, field_hashes[i]);
    w->checkpoint_count++;
    w->last_checkpoint = tick;
    return !w->checkpoints.failed;
}

uint32_t rp_writer_tick_count(const rp_writer *w) {
    return w->tick_count;
}

bool rp_writer_finish_memory(rp_writer *w, uint32_t final_tick, uint64_t final_hash, uint8_t **data,
                             size_t *size, ae_error *err) {
    AE_ASSERT(final_tick == w->tick_count || w->too_long);
    *data = NULL;
    *size = 0;
    bool failed = w->head.failed || w->events.failed || w->checkpoints.failed;
    size_t total = RP_HEADER_SIZE + w->head.len + 4 + w->events.len + 4 + w->checkpoints.len + 12 +
                   RP_CHECKSUM_SIZE;
    for (int h = 0; h < w->def.human_count; h++) {
        failed = failed || w->streams[h].runs.failed;
        total += 4 + w->streams[h].runs.len + 5 + (size_t)w->def.record_size;
    }
    if (w->too_long) {
        ae_error_set(err, "match longer than the replay format's %u ticks", RP_MAX_TICKS);
        return false;
    }
    if (failed) {
        ae_error_set(err, "out of memory while recording the replay");
        return false;
    }
    rp_buf out = {0};
    if (!rp_buf_reserve(&out, total)) {
        ae_error_set(err, "out of memory for a %zu-byte replay", total);
        return false;
    }
    rp_buf_bytes(&out, RP_MAGIC, RP_MAGIC_SIZE);
    rp_buf_u32(&out, RP_FORMAT_VERSION);
    rp_buf_u32(&out, 0); // file size, patched below
    const size_t head_at = out.len;
    rp_buf_bytes(&out, w->head.data, w->head.len);
    for (int i = 0; i < 4; i++)
        out.data[head_at + HEAD_TICK_COUNT_AT + i] = (uint8_t)(w->tick_count >> (8 * i));
    for (int h = 0; h < w->def.human_count; h++) {
        // The open run is closed into a copy so the writer could go on recording afterwards.
        const rp_stream_w *s = &w->streams[h];
        rp_buf_u32(&out, s->run_count + (s->cur_len ? 1u : 0u));
        rp_buf_bytes(&out, s->runs.data, s->runs.len);
        if (s->cur_len) {
            rp_buf_var(&out, s->cur_len);
            rp_buf_bytes(&out, s->cur, (size_t)w->def.record_size);
        }
    }
    rp_buf_u32(&out, w->event_count);
    rp_buf_bytes(&out, w->events.data, w->events.len);
    rp_buf_u32(&out, w->checkpoint_count);
    rp_buf_bytes(&out, w->checkpoints.data, w->checkpoints.len);
    rp_buf_u32(&out, final_tick);
    rp_buf_u64(&out, final_hash);
    const size_t file_size = out.len + RP_CHECKSUM_SIZE;
    AE_ASSERT(!out.failed && file_size <= total);
    if (file_size > RP_MAX_FILE_BYTES) {
        rp_buf_free(&out);
        ae_error_set(err, "replay of %zu bytes exceeds the format's limit of %u", file_size,
                     RP_MAX_FILE_BYTES);
        return false;
    }
    for (int i = 0; i < 4; i++) out.data[12 + i] = (uint8_t)(file_size >> (8 * i));
    rp_buf_u64(&out, rp_checksum(out.data, out.len));
    // Hand over an exactly sized block so the caller's ae_free(data, size) matches.
    uint8_t *exact = ae_alloc(out.len);
    if (!exact) {
        rp_buf_free(&out);
        ae_error_set(err, "out of memory for a %zu-byte replay", file_size);
        return false;
    }
    memcpy(exact, out.data, out.len);
    *data = exact;
    *size = out.len;
    rp_buf_free(&out);
    return true;
}

bool rp_writer_finish(rp_writer *w, uint32_t final_tick, uint64_t final_hash, const char *path,
                      ae_error *err) {
    uint8_t *data;
    size_t size;
    if (!rp_writer_finish_memory(w, final_tick, final_hash, &data, &size, err)) return false;
    ae_output out;
    bool ok = ae_output_begin(&out, path, err);
    if (ok) {
        ae_output_write(&out, data, size); // a failure is reported by commit, with its cause
        ok = ae_output_commit(&out, err);
    }
    ae_free(data, size);
    return ok;
}

void rp_writer_destroy(rp_writer *w) {
    if (!w) return;
    rp_buf_free(&w->head);
    for (int h = 0; h < RP_MAX_HUMANS; h++) rp_buf_free(&w->streams[h].runs);
    rp_buf_free(&w->events);
    rp_buf_free(&w->checkpoints);
    ae_free(w, sizeof *w);
}
