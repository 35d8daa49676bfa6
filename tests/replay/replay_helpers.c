#include "replay_helpers.h"

#include "test.h"

#include "arena/ae_output.h"

#include <stdio.h>
#include <string.h>

void make_grid(ae_grid *g, int w, int h, int wall_percent, uint64_t seed) {
    ae_error err;
    if (!ae_grid_init(g, w, h, &err)) {
        fprintf(stderr, "make_grid: %s\n", err.msg);
        abort();
    }
    ae_rng rng;
    ae_rng_seed(&rng, seed, 1);
    // Horizontal streaks of walls give runs of many lengths.
    size_t n = (size_t)w * (size_t)h;
    for (size_t i = 0; i < n;) {
        size_t len = 1 + ae_rng_below(&rng, 40);
        uint8_t v = (int)ae_rng_below(&rng, 100) < wall_percent ? 1 : 0;
        for (size_t k = 0; k < len && i < n; k++) g->cells[i++] = v;
    }
    g->cells[0] = 0;
}

void make_small_replay(uint8_t **data, size_t *size) {
    ae_grid map, swap;
    make_grid(&map, 16, 12, 30, 1);
    make_grid(&swap, 9, 8, 40, 2);
    static const char *const fields[] = {"agents", "bullets"};
    const uint8_t config[] = {1, 2, 3, 4, 5};
    rp_writer_def def = rp_default_writer_def();
    def.seed = 42;
    def.human_count = 2;
    def.record_size = 8;
    def.config = config;
    def.config_size = sizeof config;
    def.config_version = 3;
    def.field_names = fields;
    def.field_count = 2;
    def.map = &map;
    def.map_name = "maps/small.png";
    ae_error err;
    rp_writer *w = rp_writer_create(&def, &err);
    AE_ASSERT(w);
    uint8_t rec[16] = {0};
    for (uint32_t t = 0; t < 300; t++) {
        if (t == 100) rp_writer_event_map(w, t, &swap, "swap.png");
        if (t == 150) rp_writer_event_data(w, t, 7, "hi", 2);
        if (t % 37 == 0) rec[0] = (uint8_t)(rec[0] + 1);
        if (t % 50 == 0) rec[8 + 3] = (uint8_t)t;
        rp_writer_tick(w, t, rec);
        if ((t + 1) % 60 == 0) {
            uint64_t f[2] = {t * 3u, t * 5u};
            rp_writer_checkpoint(w, t + 1, t * 7u, f);
        }
    }
    bool ok = rp_writer_finish_memory(w, 300, 299u * 7u, data, size, &err);
    AE_ASSERT(ok);
    rp_writer_destroy(w);
    ae_grid_free(&map);
    ae_grid_free(&swap);
}

bool finish_file(rp_writer *w, uint32_t final_tick, uint64_t final_hash, const char *path,
                 ae_error *err) {
    uint8_t *data;
    size_t size;
    if (!rp_writer_finish_memory(w, final_tick, final_hash, &data, &size, err)) return false;
    const bool ok = ae_output_save(path, data, size, err);
    ae_free(data, size);
    return ok;
}

void reseal(uint8_t *data, size_t size) {
    uint64_t h = rp_checksum(data, size - 8);
    for (int i = 0; i < 8; i++) data[size - 8 + (size_t)i] = (uint8_t)(h >> (8 * i));
}

void put_le16(uint8_t *p, uint16_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

void put_le32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

spec default_spec(void) {
    spec s;
    memset(&s, 0, sizeof s);
    s.version = RP_FORMAT_VERSION;
    s.humans = 2;
    s.rate = 60;
    s.record_size = 8;
    s.ticks = 120;
    s.map_w = 16;
    s.map_h = 12;
    s.event_count = 2;
    s.event_tick[0] = 0;
    s.event_tick[1] = 60;
    s.checkpoint_count = 2;
    s.checkpoint_tick[0] = 60;
    s.checkpoint_tick[1] = 120;
    s.final_tick = 120;
    return s;
}

typedef struct out {
    uint8_t *p;
    size_t n, cap;
} out;

static void put(out *o, uint64_t v, int bytes) {
    AE_ASSERT(o->n + (size_t)bytes <= o->cap);
    for (int i = 0; i < bytes; i++) o->p[o->n++] = (uint8_t)(v >> (8 * i));
}

static void put_var(out *o, uint32_t v) {
    do {
        uint8_t b = (uint8_t)(v & 0x7f);
        v >>= 7;
        put(o, (uint8_t)(b | (v ? 0x80 : 0)), 1);
    } while (v);
}

static void put_grid(out *o, uint16_t w, uint16_t h) {
    put(o, w, 2);
    put(o, h, 2);
    put(o, 0, 1);
    put_var(o, (uint32_t)w * h);
}

size_t build_spec(const spec *s, uint8_t *buf, size_t cap) {
    out o = {buf, 0, cap};
    for (int i = 0; i < RP_MAGIC_SIZE; i++) put(&o, (uint8_t)RP_MAGIC[i], 1);
    put(&o, s->version, 4);
    put(&o, 0, 4);
    put(&o, 99, 8); // seed
    put(&o, s->humans, 1);
    put(&o, s->rate, 2);
    put(&o, s->record_size, 2);
    put(&o, s->ticks, 4);
    put(&o, 60, 4);
    put(&o, s->config_version, 4);
    put(&o, s->config_size, 4);
    for (uint32_t k = 0; s->config && k < s->config_size; k++) put(&o, s->config[k], 1);
    put(&o, s->field_count, 1);
    for (int f = 0; f < s->field_count; f++) {
        const char *name = s->field_name ? s->field_name : "f";
        uint8_t len = s->field_name ? s->field_name_len : 1;
        put(&o, len, 1);
        for (int k = 0; k < len; k++) put(&o, (uint8_t)name[k], 1);
    }
    put(&o, s->map_name_len, 2);
    for (int k = 0; k < s->map_name_len; k++) put(&o, (uint8_t)s->map_name[k], 1);
    if (s->map_raw)
        for (size_t k = 0; k < s->map_raw_len; k++) put(&o, s->map_raw[k], 1);
    else
        put_grid(&o, s->map_w, s->map_h);
    for (int h = 0; h < s->humans; h++) {
        uint32_t one = s->ticks;
        const uint32_t *lens = h == 0 && s->run_count ? s->run_len : &one;
        uint32_t runs = h == 0 && s->run_count ? (uint32_t)s->run_count : s->ticks ? 1 : 0;
        put(&o, s->claimed_runs ? s->claimed_runs : runs, 4);
        for (uint32_t r = 0; r < runs; r++) {
            put_var(&o, lens[r]);
            for (int k = 0; k < s->record_size; k++) put(&o, (uint8_t)(h + k), 1);
        }
    }
    put(&o, s->claimed_events ? s->claimed_events : (uint32_t)s->event_count, 4);
    for (int i = 0; i < s->event_count; i++) {
        put(&o, s->event_tick[i], 4);
        uint8_t type = s->event_type[i] ? s->event_type[i] : RP_EVENT_DATA;
        put(&o, type, 1);
        if (type == RP_EVENT_MAP_SWAP) {
            put(&o, 0, 2);
            put_grid(&o, s->swap_w ? s->swap_w : 8, s->swap_h ? s->swap_h : 8);
        } else {
            put(&o, 1, 2); // kind
            put(&o, s->data_size ? s->data_size : 1, 2);
            put(&o, 0xab, 1);
        }
    }
    put(&o, s->claimed_checkpoints ? s->claimed_checkpoints : (uint32_t)s->checkpoint_count, 4);
    for (int i = 0; i < s->checkpoint_count; i++) {
        put(&o, s->checkpoint_tick[i], 4);
        put(&o, 1000u + i, 8);
        for (int f = 0; f < s->field_count; f++) put(&o, 7, 8);
    }
    put(&o, s->final_tick, 4);
    put(&o, 0x1234, 8);
    for (int i = 0; i < s->trailing_bytes; i++) put(&o, 0, 1);
    put(&o, 0, 8); // checksum
    put_le32(buf + 12, (uint32_t)o.n);
    reseal(buf, o.n);
    return o.n;
}

bool refused_with(const uint8_t *data, size_t size, const rp_load_opts *opts, const char *want) {
    rp_replay r;
    ae_error err = {{0}};
    if (rp_replay_init_memory(data, size, opts, &r, &err)) {
        fprintf(stderr, "accepted, expected a refusal containing '%s'\n", want);
        rp_replay_free(&r);
        return false;
    }
    if (!strstr(err.msg, want) || strchr(err.msg, '\n')) {
        fprintf(stderr, "reason '%s' does not contain '%s'\n", err.msg, want);
        return false;
    }
    return true;
}

static void *peak_alloc_fn(size_t size, void *user) {
    peak_alloc *p = user;
    p->live += size;
    if (p->live > p->peak) p->peak = p->live;
    return malloc(size);
}

static void peak_free_fn(void *ptr, size_t size, void *user) {
    peak_alloc *p = user;
    p->live -= size;
    free(ptr);
}

void peak_install(peak_alloc *p) {
    p->live = p->peak = 0;
    ae_set_allocator(peak_alloc_fn, peak_free_fn, p);
}

void peak_remove(void) {
    ae_set_allocator(NULL, NULL, NULL);
}
