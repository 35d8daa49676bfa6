// Replay round trips: random matches written by the writer come back identical from the loader.
#include "replay_helpers.h"
#include "test.h"

#include <stdio.h>
#include <string.h>

enum { RECORD = 8, FIELDS = 3 };

// A synthetic recording kept in plain arrays, to compare the loaded replay against.
typedef struct match {
    int humans;
    uint32_t ticks;
    uint8_t *records; // ticks x humans x RECORD
    ae_grid map;
    int swaps;
    uint32_t swap_tick[4];
    ae_grid swap_grid[4];
    uint8_t config[100];
} match;

static const char *const field_names[FIELDS] = {"rng", "agents", "bullets"};

static uint64_t hash_at(uint32_t tick, int field) {
    return (uint64_t)tick * 0x9e3779b97f4a7c15ull + (uint64_t)field * 1000003u;
}

// Each human holds an input for a random number of ticks: mostly short, sometimes very long.
static void make_match(match *m, int humans, uint32_t ticks, uint64_t seed) {
    memset(m, 0, sizeof *m);
    m->humans = humans;
    m->ticks = ticks;
    m->records = malloc((size_t)ticks * (size_t)humans * RECORD);
    ae_rng rng;
    ae_rng_seed(&rng, seed, 7);
    for (int h = 0; h < humans; h++) {
        uint8_t rec[RECORD] = {0};
        uint32_t hold = 0;
        for (uint32_t t = 0; t < ticks; t++) {
            if (hold == 0) {
                for (int k = 0; k < RECORD; k++) rec[k] = (uint8_t)ae_rng_below(&rng, 256);
                hold = ae_rng_below(&rng, 10) == 0 ? 1 + ae_rng_below(&rng, 3000)
                                                   : 1 + ae_rng_below(&rng, 30);
            }
            hold--;
            memcpy(m->records + ((size_t)t * (size_t)humans + (size_t)h) * RECORD, rec, RECORD);
        }
    }
    make_grid(&m->map, 64, 48, 30, seed + 1);
    static const int sizes[4][2] = {{8, 8}, {300, 200}, {33, 65}, {4096, 9}};
    m->swaps = 4;
    for (int i = 0; i < 4; i++) {
        m->swap_tick[i] = ticks / 5 * (uint32_t)(i + 1);
        make_grid(&m->swap_grid[i], sizes[i][0], sizes[i][1], 20 + 15 * i, seed + 2 + (uint64_t)i);
    }
    for (int i = 0; i < 100; i++) m->config[i] = (uint8_t)(i * 7);
}

static void free_match(match *m) {
    free(m->records);
    ae_grid_free(&m->map);
    for (int i = 0; i < m->swaps; i++) ae_grid_free(&m->swap_grid[i]);
}

// The events of tick t: a map swap followed by a data event at each swap tick.
static void record_events(const match *m, rp_writer *w, uint32_t t) {
    for (int i = 0; i < m->swaps; i++) {
        if (m->swap_tick[i] != t) continue;
        char name[32];
        snprintf(name, sizeof name, "swap%d.png", i);
        rp_writer_event_map(w, t, &m->swap_grid[i], name);
        rp_writer_event_data(w, t, (uint16_t)i, &t, sizeof t);
    }
}

// Records ticks [from, to): each tick's records, the checkpoint every 60 ticks, then the events
// of the next tick (so a recording stopped at `to` already holds the events of `to`).
static void record_span(const match *m, rp_writer *w, uint32_t from, uint32_t to) {
    for (uint32_t t = from; t < to; t++) {
        rp_writer_tick(w, t, m->records + (size_t)t * (size_t)m->humans * RECORD);
        if ((t + 1) % 60 == 0) {
            uint64_t f[FIELDS];
            for (int k = 0; k < FIELDS; k++) f[k] = hash_at(t + 1, k);
            rp_writer_checkpoint(w, t + 1, hash_at(t + 1, -1), f);
        }
        if (t + 1 < m->ticks) record_events(m, w, t + 1);
    }
}

// A writer for the match with the events of tick 0 recorded.
static rp_writer *record_begin(const match *m) {
    rp_writer_def def = rp_default_writer_def();
    def.seed = 0xabcdef0123456789ull;
    def.human_count = m->humans;
    def.record_size = RECORD;
    def.config = m->config;
    def.config_size = sizeof m->config;
    def.config_version = 5;
    def.field_names = field_names;
    def.field_count = FIELDS;
    def.map = &m->map;
    def.map_name = "/some/dir/arena.png";
    ae_error err;
    rp_writer *w = rp_writer_create(&def, &err);
    AE_ASSERT(w);
    record_events(m, w, 0);
    return w;
}

// Records the whole match.
static rp_writer *record(const match *m) {
    rp_writer *w = record_begin(m);
    record_span(m, w, 0, m->ticks);
    return w;
}

static bool grids_equal(const ae_grid *a, const ae_grid *b) {
    return a->width == b->width && a->height == b->height &&
           memcmp(a->cells, b->cells, (size_t)a->width * (size_t)a->height) == 0;
}

static void check_replay(const rp_replay *r, const match *m) {
    CHECK(r->format_version == RP_FORMAT_VERSION);
    CHECK(r->seed == 0xabcdef0123456789ull);
    CHECK(r->human_count == m->humans);
    CHECK(r->tick_rate == 60);
    CHECK(r->record_size == RECORD);
    CHECK(r->tick_count == m->ticks);
    CHECK(r->checkpoint_interval == 60);
    CHECK(r->config_version == 5);
    REQUIRE(r->config_size == sizeof m->config);
    CHECK(memcmp(r->config, m->config, sizeof m->config) == 0);
    REQUIRE(r->field_count == FIELDS);
    for (int k = 0; k < FIELDS; k++) CHECK_STR(r->field_names[k], field_names[k]);
    CHECK_STR(r->map_name, "arena.png");
    CHECK(grids_equal(&r->map, &m->map));
    size_t bad = 0;
    uint8_t all[RP_MAX_HUMANS * RECORD];
    for (uint32_t t = 0; t < m->ticks; t++) {
        rp_replay_records(r, t, all);
        bad += memcmp(all, m->records + (size_t)t * (size_t)m->humans * RECORD,
                      (size_t)m->humans * RECORD) != 0;
    }
    CHECK(bad == 0);
    REQUIRE(r->event_count == 2 * m->swaps);
    for (int i = 0; i < m->swaps; i++) {
        const rp_event *ev;
        REQUIRE(rp_replay_events_at(r, m->swap_tick[i], &ev) == 2);
        CHECK(ev[0].type == RP_EVENT_MAP_SWAP && ev[1].type == RP_EVENT_DATA);
        char name[32];
        snprintf(name, sizeof name, "swap%d.png", i);
        CHECK_STR(ev[0].name, name);
        CHECK(ev[0].map_width == m->swap_grid[i].width);
        ae_grid g;
        ae_error err;
        REQUIRE(rp_replay_event_grid(r, &ev[0], &g, &err));
        CHECK(grids_equal(&g, &m->swap_grid[i]));
        ae_grid_free(&g);
        CHECK(ev[1].data_kind == i && ev[1].data_size == 4);
        CHECK(memcmp(ev[1].data, &m->swap_tick[i], 4) == 0);
        CHECK(rp_replay_events_at(r, m->swap_tick[i] + 1, &ev) == 0 && ev == NULL);
    }
    REQUIRE(r->checkpoint_count == (int)(m->ticks / 60));
    for (int i = 0; i < r->checkpoint_count; i++) {
        const rp_checkpoint *cp = &r->checkpoints[i];
        CHECK(cp->tick == 60u * (uint32_t)(i + 1));
        CHECK(cp->hash == hash_at(cp->tick, -1));
        for (int k = 0; k < FIELDS; k++) CHECK(cp->field[k] == hash_at(cp->tick, k));
        CHECK(rp_replay_checkpoint_at(r, cp->tick) == cp);
    }
    CHECK(rp_replay_checkpoint_at(r, 61) == NULL);
    CHECK(r->final_tick == m->ticks && r->final_hash == 0x5eedull);
    // No checkpoint falls on the final tick here: only the final hash is compared there.
    rp_divergence div;
    CHECK(rp_replay_verify(r, m->ticks, 0x5eed, NULL, &div));
    CHECK(!rp_replay_verify(r, m->ticks, 0x5eee, NULL, &div) && div.expected == 0x5eedull);
}

static void test_roundtrip(void) {
    const size_t base = ae_live_bytes();
    for (int humans = 1; humans <= RP_MAX_HUMANS; humans += 3) {
        match m;
        make_match(&m, humans, 9000 + (uint32_t)humans * 11, (uint64_t)humans);
        rp_writer *w = record(&m);
        uint8_t *data;
        size_t size;
        ae_error err;
        REQUIRE(rp_writer_finish_memory(w, m.ticks, 0x5eed, &data, &size, &err));
        rp_writer_destroy(w);
        rp_replay r;
        rp_load_opts opts = {RECORD, 5};
        bool loaded = rp_replay_init_memory(data, size, &opts, &r, &err);
        if (!loaded) fprintf(stderr, "load: %s\n", err.msg);
        REQUIRE(loaded);
        check_replay(&r, &m);
        rp_replay_free(&r);
        ae_free(data, size);
        free_match(&m);
    }
    CHECK(ae_live_bytes() == base);
}

// The file path: written through a temporary file, byte-identical to the memory encoding.
static void test_file_roundtrip(void) {
    match m;
    make_match(&m, 3, 2000, 99);
    rp_writer *w = record(&m);
    const char *path = ARENA_BIN_DIR "/test_replay_file.rpl";
    ae_error err;
    remove(path);
    REQUIRE(finish_file(w, m.ticks, 0x5eed, path, &err));
    uint8_t *data;
    size_t size;
    REQUIRE(rp_writer_finish_memory(w, m.ticks, 0x5eed, &data, &size, &err));
    rp_writer_destroy(w);
    FILE *tmp = fopen(ARENA_BIN_DIR "/test_replay_file.rpl.tmp", "rb");
    CHECK(tmp == NULL);
    if (tmp) fclose(tmp);
    FILE *f = fopen(path, "rb");
    REQUIRE(f);
    uint8_t *disk = malloc(size + 1);
    size_t got = fread(disk, 1, size + 1, f);
    fclose(f);
    CHECK(got == size && memcmp(disk, data, size) == 0);
    free(disk);
    rp_replay r;
    REQUIRE(rp_replay_init_file(path, NULL, &r, &err));
    check_replay(&r, &m);
    rp_replay_free(&r);
    ae_free(data, size);
    free_match(&m);
    CHECK(!rp_replay_init_file(ARENA_BIN_DIR "/no-such-replay.rpl", NULL, &r, &err));
    CHECK(strstr(err.msg, "cannot open") != NULL);
    CHECK(!rp_replay_init_file(ARENA_BIN_DIR, NULL, &r, &err)); // a directory
    CHECK(!strcmp(err.msg, "is a directory"));
}

// A failed finish leaves nothing behind and reports why.
static void test_finish_unwritable(void) {
    ae_grid map;
    make_grid(&map, 8, 8, 10, 3);
    rp_writer_def def = rp_default_writer_def();
    def.human_count = 1;
    def.record_size = 2;
    def.map = &map;
    ae_error err;
    rp_writer *w = rp_writer_create(&def, &err);
    REQUIRE(w);
    uint8_t rec[2] = {1, 2};
    rp_writer_tick(w, 0, rec);
    CHECK(!finish_file(w, 1, 0, ARENA_BIN_DIR "/no/such/dir/x.rpl", &err));
    CHECK(strstr(err.msg, "does not exist") != NULL);
    rp_writer_destroy(w);
    ae_grid_free(&map);
}

// Playback hash checks name the first differing tick and field.
static void test_verify(void) {
    uint8_t *data;
    size_t size;
    make_small_replay(&data, &size);
    rp_replay r;
    ae_error err;
    REQUIRE(rp_replay_init_memory(data, size, NULL, &r, &err));
    ae_free(data, size);
    // make_small_replay: checkpoint at tick t+1 has hash t*7 and fields {t*3, t*5}.
    uint64_t good[2] = {119u * 3u, 119u * 5u};
    rp_divergence div;
    CHECK(rp_replay_verify(&r, 120, 119u * 7u, good, &div));
    CHECK(rp_replay_verify(&r, 121, 12345, NULL, &div)); // nothing recorded at 121
    uint64_t bad_field[2] = {119u * 3u, 1};
    REQUIRE(!rp_replay_verify(&r, 120, 119u * 7u + 1, bad_field, &div));
    CHECK(div.tick == 120 && div.field == 1 && div.expected == 119u * 7u);
    char line[128];
    rp_divergence_format(&r, &div, line, sizeof line);
    CHECK_STR(line, "replay diverged at tick 120 (first differing field: bullets)");
    REQUIRE(!rp_replay_verify(&r, 60, 1, NULL, &div));
    CHECK(div.field == -1);
    rp_divergence_format(&r, &div, line, sizeof line);
    CHECK_STR(line, "replay diverged at tick 60");
    // The final tick also checks the final hash.
    uint64_t last[2] = {299u * 3u, 299u * 5u};
    CHECK(rp_replay_verify(&r, 300, 299u * 7u, last, &div));
    CHECK(!rp_replay_verify(&r, 300, 5, last, &div) && div.tick == 300 && div.expected == 2093);
    rp_replay_free(&r);
}

// Ten minutes of four humans at 60 Hz: inputs held ~15 ticks compress to a small file.
static void test_ten_minute_size(void) {
    match m;
    make_match(&m, 4, 36000, 5);
    rp_writer *w = record(&m);
    uint8_t *data;
    size_t size;
    ae_error err;
    REQUIRE(rp_writer_finish_memory(w, m.ticks, 0x5eed, &data, &size, &err));
    rp_writer_destroy(w);
    const size_t raw = (size_t)m.ticks * 4u * RECORD;
    fprintf(stderr, "10-minute replay: %zu bytes (raw inputs %zu)\n", size, raw);
    CHECK(size * 5 < raw);
    peak_alloc peak;
    const size_t map_cells = 64u * 48u;
    uint8_t *copy = malloc(size);
    memcpy(copy, data, size);
    ae_free(data, size);
    free_match(&m); // the allocator can only be swapped while nothing is live
    peak_install(&peak);
    rp_replay r;
    bool ok = rp_replay_init_memory(copy, size, NULL, &r, &err);
    if (ok) rp_replay_free(&r);
    peak_remove();
    CHECK(ok);
    fprintf(stderr, "load peak %zu bytes for a %zu-byte file\n", peak.peak, size);
    CHECK(peak.peak <= 3 * size + map_cells);
    free(copy);
}

// A snapshot mid-recording is a complete replay of the ticks so far, without the events of
// the tick it was taken at; recording goes on and ends on the bytes of an unbroken recording.
static void test_snapshot(void) {
    match m;
    make_match(&m, 3, 4000, 77);
    const uint32_t k = m.swap_tick[1]; // k's swap and data event are recorded before the snapshot
    REQUIRE(k % 60 != 0 && k > m.swap_tick[0]);
    rp_writer *w = record_begin(&m);
    record_span(&m, w, 0, k);
    const size_t before = ae_live_bytes();
    uint8_t *snap;
    size_t snap_size;
    ae_error err;
    REQUIRE(rp_writer_snapshot_memory(w, 0xabcull, &snap, &snap_size, &err));
    CHECK(ae_live_bytes() == before + snap_size); // one exact block; the writer kept nothing more
    rp_replay r;
    rp_load_opts opts = {RECORD, 5};
    REQUIRE(rp_replay_init_memory(snap, snap_size, &opts, &r, &err));
    CHECK(r.tick_count == k && r.final_tick == k && r.final_hash == 0xabcull);
    size_t bad = 0;
    uint8_t all[RP_MAX_HUMANS * RECORD];
    for (uint32_t t = 0; t < k; t++) {
        rp_replay_records(&r, t, all);
        bad += memcmp(all, m.records + (size_t)t * 3u * RECORD, 3u * RECORD) != 0;
    }
    CHECK(bad == 0);
    CHECK(r.event_count == 2 && r.events[0].tick == m.swap_tick[0]); // not the events of k
    CHECK(r.checkpoint_count == (int)(k / 60));
    rp_replay_free(&r);
    ae_free(snap, snap_size);
    // The finish at the same tick keeps the events of k (its contract: everything recorded).
    uint8_t *whole;
    size_t whole_size;
    REQUIRE(rp_writer_finish_memory(w, k, 0xabcull, &whole, &whole_size, &err));
    REQUIRE(rp_replay_init_memory(whole, whole_size, &opts, &r, &err));
    CHECK(r.event_count == 4 && r.events[3].tick == k);
    rp_replay_free(&r);
    ae_free(whole, whole_size);

    // Going on after both.
    record_span(&m, w, k, m.ticks);
    REQUIRE(rp_writer_finish_memory(w, m.ticks, 0x5eed, &whole, &whole_size, &err));
    rp_writer_destroy(w);
    rp_writer *straight = record(&m);
    uint8_t *data;
    size_t size;
    REQUIRE(rp_writer_finish_memory(straight, m.ticks, 0x5eed, &data, &size, &err));
    rp_writer_destroy(straight);
    CHECK(size == whole_size && memcmp(data, whole, size) == 0);
    REQUIRE(rp_replay_init_memory(whole, whole_size, &opts, &r, &err));
    check_replay(&r, &m);
    rp_replay_free(&r);
    ae_free(data, size);
    ae_free(whole, whole_size);

    // Before the first tick: an empty but valid replay.
    w = record_begin(&m);
    REQUIRE(rp_writer_snapshot_memory(w, 7, &snap, &snap_size, &err));
    REQUIRE(rp_replay_init_memory(snap, snap_size, &opts, &r, &err));
    CHECK(r.tick_count == 0 && r.final_hash == 7 && r.event_count == 0);
    rp_replay_free(&r);
    ae_free(snap, snap_size);
    rp_writer_destroy(w);
    free_match(&m);
}

// A real match (the golden arena replay: 30 agents, 12,000+ ticks) recorded again tick by tick:
// the writer's bytes are the file's, and while recording it never holds more than the encoded
// replay plus a partly filled chunk per part.
static void test_writer_memory(void) {
    static uint8_t file[1 << 20];
    FILE *f = fopen(ARENA_SOURCE_DIR "/tests/replays/arena-s11.arp", "rb");
    REQUIRE(f);
    const size_t file_size = fread(file, 1, sizeof file, f);
    fclose(f);
    rp_replay r;
    ae_error err;
    REQUIRE(rp_replay_init_memory(file, file_size, NULL, &r, &err));
    const size_t base = ae_live_bytes();
    ae_reset_peak_live_bytes();
    rp_writer_def def = rp_default_writer_def();
    def.seed = r.seed;
    def.human_count = r.human_count;
    def.record_size = r.record_size;
    def.config_version = r.config_version;
    def.config = r.config;
    def.config_size = r.config_size;
    def.field_names = r.field_names;
    def.field_count = r.field_count;
    def.map = &r.map;
    def.map_name = r.map_name;
    rp_writer *w = rp_writer_create(&def, &err);
    REQUIRE(w);
    REQUIRE(r.event_count == 0);
    uint8_t rec[RP_MAX_HUMANS * RP_MAX_RECORD_SIZE];
    int cp = 0;
    for (uint32_t t = 0; t < r.tick_count; t++) {
        rp_replay_records(&r, t, rec);
        rp_writer_tick(w, t, rec);
        for (; cp < r.checkpoint_count && r.checkpoints[cp].tick == t + 1; cp++)
            rp_writer_checkpoint(w, t + 1, r.checkpoints[cp].hash, r.checkpoints[cp].field);
    }
    const size_t peak = ae_peak_live_bytes() - base, held = rp_writer_memory(w);
    uint8_t *data;
    size_t size;
    REQUIRE(rp_writer_finish_memory(w, r.tick_count, r.final_hash, &data, &size, &err));
    CHECK(size == file_size && memcmp(data, file, size) == 0);
    fprintf(stderr, "%u ticks: replay %zu bytes, writer holds %zu, peak %zu while recording\n",
            r.tick_count, size, held, peak);
    // Parts: head, one input stream, events, checkpoints, each with at most a 4 KiB chunk partly
    // filled (and its header); the writer itself is under 2 kB.
    const size_t slack = 4 * (4096 + 64) + 2048;
    CHECK(held == peak && held <= size + slack);
    ae_free(data, size);
    rp_writer_destroy(w);
    rp_replay_free(&r);
}

TEST_MAIN(TEST_CASE(roundtrip), TEST_CASE(file_roundtrip), TEST_CASE(finish_unwritable),
          TEST_CASE(verify), TEST_CASE(ten_minute_size), TEST_CASE(snapshot),
          TEST_CASE(writer_memory))
