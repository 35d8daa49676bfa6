// Loading a replay: header checks, then one walk over the body that validates everything without
// allocating (counting what the index needs), one allocation, and a second walk over the same
// code that fills the index. The second walk cannot fail: it reads the bytes the first accepted.
#include "arena/rp_replay.h"

#include "rp_bytes.h"
#include "rp_store.h"

#include "arena/ae_file.h"

#include <string.h>

typedef struct loader {
    rp_cursor c;
    const rp_load_opts *opts;
    rp_replay *r;
    bool fill; // second walk: write the index
    // Sizes found by the first walk.
    uint32_t run_total;
    uint32_t event_count;
    uint32_t checkpoint_count;
    size_t string_bytes;
    // Where the second walk writes.
    rp_replay_store *store;
    rp_event *events;
    rp_checkpoint *checkpoints;
    uint64_t *field_hashes;
    uint32_t *runs; // run ends, then record offsets: 2 x run_total
    char *strings;
    size_t ev_i, cp_i, fh_i, run_i, str_i;
    size_t map_at, map_len; // the initial grid's encoding
} loader;

// Reads a name into the string pool. Map names (for messages) have a u16 length, may be empty and
// hold any bytes but NUL; hash field names have a u8 length of 1..RP_MAX_FIELD_NAME, ASCII 32..126.
static bool read_name(loader *L, bool map_name, const char **out) {
    rp_cursor *c = &L->c;
    size_t n;
    const size_t at = c->pos;
    if (map_name) {
        uint16_t n16;
        if (!rp_read_u16(c, &n16)) return false;
        n = n16;
        if (n > RP_MAX_NAME)
            return rp_fail(c, "%s: name of %zu bytes is too long at byte %zu", c->what, n, at);
    } else {
        uint8_t n8;
        if (!rp_read_u8(c, &n8)) return false;
        n = n8;
        if (n == 0 || n > RP_MAX_FIELD_NAME)
            return rp_fail(c, "%s: name length %zu out of range at byte %zu", c->what, n, at);
    }
    const uint8_t *p;
    if (!rp_read_bytes(c, n, &p)) return false;
    for (size_t i = 0; i < n; i++) {
        if (p[i] == 0 || (!map_name && (p[i] < 32 || p[i] > 126)))
            return rp_fail(c, "%s: name has an invalid byte 0x%02x at byte %zu", c->what, p[i],
                           at + (map_name ? 2 : 1) + i);
    }
    if (L->fill) {
        char *s = L->strings + L->str_i;
        memcpy(s, p, n);
        s[n] = '\0';
        *out = s;
        L->str_i += n + 1;
    } else {
        L->string_bytes += n + 1;
    }
    return true;
}

static bool read_config(loader *L) {
    rp_cursor *c = &L->c;
    rp_replay *r = L->r;
    c->what = "match config";
    uint8_t humans;
    uint16_t rate, rsize;
    uint32_t ticks, interval, cversion, csize;
    uint64_t seed;
    if (!rp_read_u64(c, &seed) || !rp_read_u8(c, &humans) || !rp_read_u16(c, &rate) ||
        !rp_read_u16(c, &rsize) || !rp_read_u32(c, &ticks) || !rp_read_u32(c, &interval) ||
        !rp_read_u32(c, &cversion) || !rp_read_u32(c, &csize))
        return false;
    if (humans < 1 || humans > RP_MAX_HUMANS)
        return rp_fail(c, "human count %u out of range (1..%d)", humans, RP_MAX_HUMANS);
    if (rate < 1 || rate > RP_MAX_TICK_RATE)
        return rp_fail(c, "tick rate %u out of range (1..%d)", rate, RP_MAX_TICK_RATE);
    if (rsize < 1 || rsize > RP_MAX_RECORD_SIZE)
        return rp_fail(c, "input record size %u out of range (1..%d)", rsize, RP_MAX_RECORD_SIZE);
    if (ticks > RP_MAX_TICKS)
        return rp_fail(c, "absurd tick count %u (at most %u)", ticks, RP_MAX_TICKS);
    if (csize > RP_MAX_CONFIG_BYTES)
        return rp_fail(c, "absurd match config size %u (at most %u)", csize, RP_MAX_CONFIG_BYTES);
    const uint8_t *config;
    if (!rp_read_bytes(c, csize, &config)) return false;
    r->seed = seed;
    r->human_count = humans;
    r->tick_rate = rate;
    r->record_size = rsize;
    r->tick_count = ticks;
    r->checkpoint_interval = interval;
    r->config_version = cversion;
    r->config = csize ? config : NULL;
    r->config_size = csize;

    c->what = "hash field names";
    uint8_t fields;
    if (!rp_read_u8(c, &fields)) return false;
    if (fields > RP_MAX_FIELDS)
        return rp_fail(c, "hash field count %u out of range (0..%d)", fields, RP_MAX_FIELDS);
    r->field_count = fields;
    for (int i = 0; i < fields; i++)
        if (!read_name(L, false, &r->field_names[i])) return false;

    c->what = "initial map";
    if (!read_name(L, true, &r->map_name)) return false;
    L->map_at = c->pos;
    int w, h;
    if (!rp_scan_grid(c, &w, &h)) return false;
    L->map_len = c->pos - L->map_at;
    return true;
}

static bool read_inputs(loader *L) {
    rp_cursor *c = &L->c;
    rp_replay *r = L->r;
    c->what = "input runs";
    const size_t run_min = 1 + (size_t)r->record_size;
    for (int h = 0; h < r->human_count; h++) {
        uint32_t count;
        if (!rp_read_u32(c, &count)) return false;
        if (count > r->tick_count || (uint64_t)count * run_min > rp_left(c))
            return rp_fail(c, "absurd input run count %u for human %d (%u ticks, %zu bytes left)",
                           count, h, r->tick_count, rp_left(c));
        uint32_t *ends = NULL, *offs = NULL;
        if (L->fill) {
            rp_stream *s = &L->store->streams[h];
            ends = L->runs + L->run_i;
            offs = L->runs + L->run_total + L->run_i;
            s->run_count = count;
            s->run_end = ends;
            s->run_data = offs;
        }
        uint64_t covered = 0;
        for (uint32_t i = 0; i < count; i++) {
            uint32_t len;
            const uint8_t *rec;
            const size_t at = c->pos;
            if (!rp_read_var(c, &len)) return false;
            if (len == 0) return rp_fail(c, "empty input run at byte %zu", at);
            covered += len;
            if (covered > r->tick_count)
                return rp_fail(c, "inputs of human %d run past the last tick %u at byte %zu", h,
                               r->tick_count, at);
            const size_t rec_at = c->pos;
            if (!rp_read_bytes(c, (size_t)r->record_size, &rec)) return false;
            if (L->fill) {
                ends[i] = (uint32_t)covered;
                offs[i] = (uint32_t)rec_at;
            }
        }
        if (covered != r->tick_count)
            return rp_fail(c, "inputs of human %d cover %u of %u ticks", h, (uint32_t)covered,
                           r->tick_count);
        if (L->fill)
            L->run_i += count;
        else
            L->run_total += count;
    }
    return true;
}

static bool read_events(loader *L) {
    rp_cursor *c = &L->c;
    rp_replay *r = L->r;
    c->what = "events";
    uint32_t count;
    if (!rp_read_u32(c, &count)) return false;
    // The smallest event: tick 4, type 1, DATA kind 2 and size 2.
    if ((uint64_t)count * 9u > rp_left(c))
        return rp_fail(c, "absurd event count %u (%zu bytes left)", count, rp_left(c));
    uint32_t prev = 0;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t tick;
        uint8_t type;
        const size_t at = c->pos;
        if (!rp_read_u32(c, &tick) || !rp_read_u8(c, &type)) return false;
        if (tick < prev)
            return rp_fail(c, "events out of order at tick %u (after tick %u)", tick, prev);
        if (tick > r->tick_count)
            return rp_fail(c, "event at tick %u after the last tick %u", tick, r->tick_count);
        prev = tick;
        rp_event ev;
        memset(&ev, 0, sizeof ev);
        ev.tick = tick;
        ev.name = "";
        if (type == RP_EVENT_MAP_SWAP) {
            ev.type = RP_EVENT_MAP_SWAP;
            c->what = "map swap event";
            if (!read_name(L, true, &ev.name)) return false;
            const size_t grid_at = c->pos;
            if (!rp_scan_grid(c, &ev.map_width, &ev.map_height)) return false;
            ev.data = c->data + grid_at;
            ev.data_size = (uint32_t)(c->pos - grid_at);
        } else if (type == RP_EVENT_DATA) {
            ev.type = RP_EVENT_DATA;
            c->what = "data event";
            uint16_t size;
            if (!rp_read_u16(c, &ev.data_kind) || !rp_read_u16(c, &size)) return false;
            if (size > RP_MAX_EVENT_DATA)
                return rp_fail(c, "data event of %u bytes at tick %u is too large (at most %u)",
                               size, tick, RP_MAX_EVENT_DATA);
            if (!rp_read_bytes(c, size, &ev.data)) return false;
            ev.data_size = size;
        } else {
            return rp_fail(c, "unknown event type %u at tick %u (byte %zu)", type, tick, at + 4);
        }
        c->what = "events";
        if (L->fill) L->events[L->ev_i++] = ev;
    }
    if (!L->fill) L->event_count = count;
    return true;
}

static bool read_checkpoints(loader *L) {
    rp_cursor *c = &L->c;
    rp_replay *r = L->r;
    c->what = "checkpoints";
    uint32_t count;
    if (!rp_read_u32(c, &count)) return false;
    const uint64_t each = 12u + 8u * (uint64_t)r->field_count;
    if ((uint64_t)count * each > rp_left(c))
        return rp_fail(c, "absurd checkpoint count %u (%zu bytes left)", count, rp_left(c));
    int64_t prev = -1;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t tick;
        uint64_t hash;
        if (!rp_read_u32(c, &tick) || !rp_read_u64(c, &hash)) return false;
        if ((int64_t)tick <= prev)
            return rp_fail(c, "checkpoint ticks not increasing at tick %u (after tick %u)", tick,
                           (uint32_t)prev);
        if (tick > r->tick_count)
            return rp_fail(c, "checkpoint at tick %u after the last tick %u", tick, r->tick_count);
        prev = tick;
        uint64_t *fields = L->fill ? L->field_hashes + L->fh_i : NULL;
        for (int f = 0; f < r->field_count; f++) {
            uint64_t v;
            if (!rp_read_u64(c, &v)) return false;
            if (fields) fields[f] = v;
        }
        if (L->fill) {
            L->checkpoints[L->cp_i++] = (rp_checkpoint){tick, hash, r->field_count ? fields : NULL};
            L->fh_i += (size_t)r->field_count;
        }
    }
    if (!L->fill) L->checkpoint_count = count;
    return true;
}

static bool walk(loader *L) {
    rp_cursor *c = &L->c;
    rp_replay *r = L->r;
    if (!read_config(L) || !read_inputs(L) || !read_events(L) || !read_checkpoints(L)) return false;
    c->what = "final hash";
    if (!rp_read_u32(c, &r->final_tick) || !rp_read_u64(c, &r->final_hash)) return false;
    if (r->final_tick != r->tick_count)
        return rp_fail(c, "final tick %u does not match the tick count %u", r->final_tick,
                       r->tick_count);
    if (rp_left(c) != 0)
        return rp_fail(c, "%zu unexpected bytes after the final hash at byte %zu", rp_left(c),
                       c->pos);
    return true;
}

static size_t align8(size_t n) {
    return (n + 7u) & ~(size_t)7u;
}

bool rp_replay_check_head(const uint8_t *head, uint64_t size, ae_error *err) {
    if (size == 0) {
        ae_error_set(err, "empty file");
        return false;
    }
    size_t magic_n = size < RP_MAGIC_SIZE ? (size_t)size : RP_MAGIC_SIZE;
    if (memcmp(head, RP_MAGIC, magic_n) != 0) {
        ae_error_set(err, "not an Arena replay (bad magic)");
        return false;
    }
    if (size < 12) {
        ae_error_set(err, "truncated at byte %llu (inside the header)", (unsigned long long)size);
        return false;
    }
    uint32_t version = (uint32_t)rp_get_le(head + 8, 4);
    if (version != RP_FORMAT_VERSION) {
        ae_error_set(err, "replay format version %u is %s than this build (%u)", version,
                     version > RP_FORMAT_VERSION ? "newer" : "older", RP_FORMAT_VERSION);
        return false;
    }
    if (size < RP_HEADER_SIZE) {
        ae_error_set(err, "truncated at byte %llu (inside the header)", (unsigned long long)size);
        return false;
    }
    uint32_t declared = (uint32_t)rp_get_le(head + 12, 4);
    if (declared < RP_HEADER_SIZE + RP_CHECKSUM_SIZE || declared > RP_MAX_FILE_BYTES) {
        ae_error_set(err, "corrupt header: file size %u out of range", declared);
        return false;
    }
    if (size < declared) {
        ae_error_set(err, "truncated at byte %llu of %u", (unsigned long long)size, declared);
        return false;
    }
    if (size > declared) {
        ae_error_set(err, "%llu unexpected bytes after the end of the replay (byte %u)",
                     (unsigned long long)(size - declared), declared);
        return false;
    }
    return true;
}

// Checks what can be checked before the body is trusted: the head, then the checksum.
static bool check_header(const uint8_t *data, size_t size, uint32_t *body_end, ae_error *err) {
    if (!rp_replay_check_head(data, size, err)) return false;
    const uint32_t declared = (uint32_t)rp_get_le(data + 12, 4);
    const uint32_t end = declared - RP_CHECKSUM_SIZE;
    if (rp_checksum(data, end) != rp_get_le(data + end, 8)) {
        ae_error_set(err, "checksum mismatch (file is corrupt)");
        return false;
    }
    *body_end = end;
    return true;
}

// Takes ownership of `file` (size bytes from ae_alloc) whatever happens.
static bool load_owned(uint8_t *file, size_t size, const rp_load_opts *opts, rp_replay *r,
                       ae_error *err) {
    memset(r, 0, sizeof *r);
    uint32_t end;
    if (!check_header(file, size, &end, err)) {
        ae_free(file, size);
        return false;
    }
    loader L;
    memset(&L, 0, sizeof L);
    L.c = (rp_cursor){file, RP_HEADER_SIZE, end, "replay", err, false};
    L.opts = opts;
    L.r = r;
    // A damaged file is reported as damaged before it is judged incompatible.
    bool ok = walk(&L);
    if (ok && opts && opts->record_size && r->record_size != opts->record_size) {
        ae_error_set(err, "input record size %d does not match this build's %d", r->record_size,
                     opts->record_size);
        ok = false;
    }
    if (ok && opts && opts->config_version && r->config_version != opts->config_version) {
        ae_error_set(err, "recorded by %s version of Arena (rules version %u; this build plays %u)",
                     r->config_version < opts->config_version ? "an older" : "a newer",
                     r->config_version, opts->config_version);
        ok = false;
    }
    if (!ok) {
        ae_free(file, size);
        memset(r, 0, sizeof *r);
        return false;
    }
    // Every count below was bounded by the bytes that hold it, so the block is bounded too.
    const size_t ev_bytes = align8((size_t)L.event_count * sizeof(rp_event));
    const size_t cp_bytes = align8((size_t)L.checkpoint_count * sizeof(rp_checkpoint));
    const size_t fh_bytes = (size_t)L.checkpoint_count * (size_t)r->field_count * 8u;
    const size_t run_bytes = align8((size_t)L.run_total * 8u);
    const size_t store_bytes =
        align8(sizeof(rp_replay_store) + (size_t)r->human_count * sizeof(rp_stream));
    const size_t block_size =
        store_bytes + ev_bytes + cp_bytes + fh_bytes + run_bytes + L.string_bytes;
    uint8_t *block = ae_alloc(block_size);
    ae_grid map;
    if (!block || !rp_decode_grid(file + L.map_at, L.map_len, &map, err)) {
        if (block)
            ae_free(block, block_size);
        else
            ae_error_set(err, "out of memory for a replay index of %zu bytes", block_size);
        ae_free(file, size);
        memset(r, 0, sizeof *r);
        return false;
    }
    L.store = (rp_replay_store *)(void *)block;
    memset(L.store, 0, store_bytes);
    uint8_t *index = block + store_bytes;
    L.events = (rp_event *)(void *)index;
    L.checkpoints = (rp_checkpoint *)(void *)(index + ev_bytes);
    L.field_hashes = (uint64_t *)(void *)(index + ev_bytes + cp_bytes);
    L.runs = (uint32_t *)(void *)(index + ev_bytes + cp_bytes + fh_bytes);
    L.strings = (char *)(index + ev_bytes + cp_bytes + fh_bytes + run_bytes);
    L.fill = true;
    L.c.pos = RP_HEADER_SIZE;
    ok = walk(&L);
    AE_ASSERT(ok); // same bytes, same code: the first walk accepted them
    r->format_version = RP_FORMAT_VERSION;
    r->map = map;
    r->events = L.event_count ? L.events : NULL;
    r->event_count = (int)L.event_count;
    r->checkpoints = L.checkpoint_count ? L.checkpoints : NULL;
    r->checkpoint_count = (int)L.checkpoint_count;
    L.store->file = file;
    L.store->file_size = size;
    L.store->block_size = block_size;
    r->store_ = L.store;
    return true;
}

bool rp_replay_init_memory(const uint8_t *data, size_t size, const rp_load_opts *opts,
                           rp_replay *replay, ae_error *err) {
    memset(replay, 0, sizeof *replay);
    if (size == 0) {
        ae_error_set(err, "empty file");
        return false;
    }
    if (size > RP_MAX_FILE_BYTES) {
        ae_error_set(err, "file of %zu bytes is too large for a replay", size);
        return false;
    }
    uint8_t *copy = ae_alloc(size);
    if (!copy) {
        ae_error_set(err, "out of memory for a %zu-byte replay", size);
        return false;
    }
    memcpy(copy, data, size);
    return load_owned(copy, size, opts, replay, err);
}

bool rp_replay_init_file(const char *path, const rp_load_opts *opts, rp_replay *replay,
                         ae_error *err) {
    memset(replay, 0, sizeof *replay);
    uint8_t *data;
    size_t size;
    if (!ae_file_read(path, RP_MAX_FILE_BYTES, &data, &size, err)) return false;
    if (size == 0) {
        ae_error_set(err, "empty file");
        return false;
    }
    return load_owned(data, size, opts, replay, err);
}

void rp_replay_free(rp_replay *replay) {
    ae_grid_free(&replay->map);
    rp_replay_store *st = replay->store_;
    if (st) {
        ae_free(st->file, st->file_size);
        ae_free(st, st->block_size);
    }
    memset(replay, 0, sizeof *replay);
}
