#include "arena/rp_writer.h"

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
    rp_buf events;
    uint32_t event_count;
    uint32_t last_event_tick;     // the tick of the newest event
    size_t events_before_len;     // events.len and event_count before the newest event tick's
    uint32_t events_before_count; // first event: a snapshot at that tick leaves them out
    rp_buf checkpoints;
    uint32_t checkpoint_count;
    int64_t last_checkpoint; // -1 before the first
    uint32_t tick_count;
    bool too_long;         // a tick beyond RP_MAX_TICKS was refused
    rp_stream_w streams[]; // one per human: a writer's size follows its match's
};

static size_t writer_size(int human_count) {
    return sizeof(rp_writer) + (size_t)human_count * sizeof(rp_stream_w);
}

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

    rp_writer *w = ae_calloc(1, writer_size(def->human_count));
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

// Notes where the events of a new tick begin (see rp_writer_snapshot_memory).
static void begin_event(rp_writer *w, uint32_t tick) {
    if (w->event_count == 0 || tick != w->last_event_tick) {
        w->events_before_len = w->events.len;
        w->events_before_count = w->event_count;
        w->last_event_tick = tick;
    }
}

bool rp_writer_event_map(rp_writer *w, uint32_t tick, const ae_grid *grid, const char *name) {
    AE_ASSERT(tick == w->tick_count);
    check_grid(grid);
    begin_event(w, tick);
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
    begin_event(w, tick);
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

size_t rp_writer_memory(const rp_writer *w) {
    size_t n =
        writer_size(w->def.human_count) + w->head.held + w->events.held + w->checkpoints.held;
    for (int h = 0; h < w->def.human_count; h++) n += w->streams[h].runs.held;
    return n;
}

// Encodes the replay of the ticks recorded so far into one exactly sized block, without changing
// the writer: the open input runs are closed in the copy only. `events` bytes of the events
// (`event_count` of them) are included.
static bool encode(const rp_writer *w, uint64_t final_hash, size_t events, uint32_t event_count,
                   uint8_t **data, size_t *size, ae_error *err) {
    *data = NULL;
    *size = 0;
    if (w->too_long) {
        ae_error_set(err, "match longer than the replay format's %u ticks", RP_MAX_TICKS);
        return false;
    }
    const size_t rs = (size_t)w->def.record_size;
    bool failed = w->head.failed || w->events.failed || w->checkpoints.failed;
    // Every part's size is known: the block is allocated once, exactly, and filled in place.
    size_t total =
        RP_HEADER_SIZE + w->head.len + 4 + events + 4 + w->checkpoints.len + 12 + RP_CHECKSUM_SIZE;
    for (int h = 0; h < w->def.human_count; h++) {
        const rp_stream_w *s = &w->streams[h];
        failed = failed || s->runs.failed;
        total += 4 + s->runs.len + (s->cur_len ? rp_var_size(s->cur_len) + rs : 0);
    }
    if (failed) {
        ae_error_set(err, "out of memory while recording the replay");
        return false;
    }
    if (total > RP_MAX_FILE_BYTES) {
        ae_error_set(err, "replay of %zu bytes exceeds the format's limit of %u", total,
                     RP_MAX_FILE_BYTES);
        return false;
    }
    uint8_t *out = ae_alloc(total);
    if (!out) {
        ae_error_set(err, "out of memory for a %zu-byte replay", total);
        return false;
    }
    uint8_t *p = out;
    memcpy(p, RP_MAGIC, RP_MAGIC_SIZE);
    p = rp_put_le(p + RP_MAGIC_SIZE, RP_FORMAT_VERSION, 4);
    p = rp_put_le(p, total, 4);
    uint8_t *head = p;
    p = rp_buf_copy(&w->head, w->head.len, p);
    rp_put_le(head + HEAD_TICK_COUNT_AT, w->tick_count, 4);
    for (int h = 0; h < w->def.human_count; h++) {
        const rp_stream_w *s = &w->streams[h];
        p = rp_put_le(p, s->run_count + (s->cur_len ? 1u : 0u), 4);
        p = rp_buf_copy(&s->runs, s->runs.len, p);
        if (s->cur_len) {
            p = rp_put_var(p, s->cur_len);
            memcpy(p, s->cur, rs);
            p += rs;
        }
    }
    p = rp_put_le(p, event_count, 4);
    p = rp_buf_copy(&w->events, events, p);
    p = rp_put_le(p, w->checkpoint_count, 4);
    p = rp_buf_copy(&w->checkpoints, w->checkpoints.len, p);
    p = rp_put_le(p, w->tick_count, 4);
    p = rp_put_le(p, final_hash, 8);
    p = rp_put_le(p, rp_checksum(out, (size_t)(p - out)), 8);
    AE_ASSERT((size_t)(p - out) == total);
    *data = out;
    *size = total;
    return true;
}

bool rp_writer_finish_memory(rp_writer *w, uint32_t final_tick, uint64_t final_hash, uint8_t **data,
                             size_t *size, ae_error *err) {
    AE_ASSERT(final_tick == w->tick_count || w->too_long);
    return encode(w, final_hash, w->events.len, w->event_count, data, size, err);
}

bool rp_writer_snapshot_memory(const rp_writer *w, uint64_t hash, uint8_t **data, size_t *size,
                               ae_error *err) {
    const bool tail = w->event_count > 0 && w->last_event_tick == w->tick_count;
    return encode(w, hash, tail ? w->events_before_len : w->events.len,
                  tail ? w->events_before_count : w->event_count, data, size, err);
}

void rp_writer_destroy(rp_writer *w) {
    if (!w) return;
    rp_buf_free(&w->head);
    for (int h = 0; h < w->def.human_count; h++) rp_buf_free(&w->streams[h].runs);
    rp_buf_free(&w->events);
    rp_buf_free(&w->checkpoints);
    ae_free(w, writer_size(w->def.human_count));
}
