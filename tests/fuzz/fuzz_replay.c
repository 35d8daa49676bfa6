// Fuzz target: replay file bytes -> replay reader -> round trip -> playback.
//
// The raw bytes go to the reader first, which must refuse them with one line or accept them.
// Random bytes rarely get past the checksum, so inputs that carry the replay magic are loaded a
// second time with their declared size and checksum repaired: that lets the fuzzer reach every
// later check. An accepted replay must
//   - answer every lookup (records, events, checkpoints) without reading outside the file,
//   - survive a round trip: written again with rp_writer and reloaded, it says the same thing,
//   - play back through a real session (config, inputs, map swaps, hash checks) for a while.
#include "arena/rp_replay.h"
#include "arena/rp_writer.h"
#include "fuzz_check.h"
#include "session.h"

#include <string.h>

// Round trips and playback are skipped past these sizes so one input stays fast.
#define FUZZ_MAX_TICKS     20000u
#define FUZZ_PLAY_TICKS    120u
#define FUZZ_MAX_MAP_CELLS (192 * 192)

static void put_le32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static void put_le64(uint8_t *p, uint64_t v) {
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static bool same_grid(const ae_grid *a, const ae_grid *b) {
    return a->width == b->width && a->height == b->height &&
           !memcmp(a->cells, b->cells, (size_t)a->width * (size_t)a->height);
}

static void check_lookups(const rp_replay *r) {
    FUZZ_CHECK(r->human_count >= 1 && r->human_count <= RP_MAX_HUMANS);
    FUZZ_CHECK(r->record_size >= 1 && r->record_size <= RP_MAX_RECORD_SIZE);
    FUZZ_CHECK(r->final_tick == r->tick_count && r->tick_count <= RP_MAX_TICKS);
    FUZZ_CHECK(ae_grid_free_count(&r->map) > 0);
    uint32_t ticks = r->tick_count < FUZZ_MAX_TICKS ? r->tick_count : FUZZ_MAX_TICKS;
    uint8_t records[RP_MAX_HUMANS * RP_MAX_RECORD_SIZE];
    for (uint32_t t = 0; t < ticks; t++) {
        rp_replay_records(r, t, records);
        for (int h = 0; h < r->human_count; h++)
            FUZZ_CHECK(!memcmp(rp_replay_record(r, t, h), records + h * r->record_size,
                               (size_t)r->record_size));
    }
    int seen = 0;
    for (int i = 0; i < r->event_count; i++) {
        const rp_event *ev = &r->events[i];
        FUZZ_CHECK(ev->tick <= r->tick_count);
        if (i > 0) FUZZ_CHECK(r->events[i - 1].tick <= ev->tick);
        if (i == 0 || r->events[i - 1].tick != ev->tick) {
            const rp_event *first;
            int n = rp_replay_events_at(r, ev->tick, &first);
            FUZZ_CHECK(n >= 1 && first == ev);
            seen += n;
        }
        if (ev->type == RP_EVENT_MAP_SWAP) {
            ae_grid g;
            ae_error err = {0};
            if (rp_replay_event_grid(r, ev, &g, &err)) {
                FUZZ_CHECK(g.width == ev->map_width && g.height == ev->map_height);
                ae_grid_free(&g);
            } else {
                FUZZ_CHECK(err.msg[0] && !strchr(err.msg, '\n'));
            }
        } else {
            FUZZ_CHECK(ev->type == RP_EVENT_DATA && ev->data_size <= RP_MAX_EVENT_DATA);
        }
    }
    FUZZ_CHECK(seen == r->event_count);
    for (int i = 0; i < r->checkpoint_count; i++) {
        const rp_checkpoint *c = &r->checkpoints[i];
        FUZZ_CHECK(c->tick <= r->tick_count);
        if (i > 0) FUZZ_CHECK(r->checkpoints[i - 1].tick < c->tick);
        FUZZ_CHECK(rp_replay_checkpoint_at(r, c->tick) == c);
        // A wrong hash is reported as a divergence at that tick, in one line.
        rp_divergence div;
        FUZZ_CHECK(!rp_replay_verify(r, c->tick, ~c->hash, NULL, &div));
        FUZZ_CHECK(div.tick == c->tick);
        char msg[200];
        rp_divergence_format(r, &div, msg, sizeof msg);
        FUZZ_CHECK(!strncmp(msg, "replay diverged at tick ", 24) && !strchr(msg, '\n'));
    }
}

// Writes the replay again and checks the copy reads back the same.
static void check_round_trip(const rp_replay *r) {
    if (r->tick_count > FUZZ_MAX_TICKS) return;
    rp_writer_def def = rp_default_writer_def();
    def.seed = r->seed;
    def.human_count = r->human_count;
    def.tick_rate = r->tick_rate;
    def.record_size = r->record_size;
    def.checkpoint_interval = r->checkpoint_interval;
    def.config_version = r->config_version;
    def.config = r->config;
    def.config_size = r->config_size;
    def.field_names = r->field_names;
    def.field_count = r->field_count;
    def.map = &r->map;
    def.map_name = r->map_name;
    ae_error err;
    rp_writer *w = rp_writer_create(&def, &err);
    FUZZ_CHECK(w != NULL);
    uint8_t records[RP_MAX_HUMANS * RP_MAX_RECORD_SIZE];
    int ev = 0, cp = 0;
    bool ok = true;
    for (uint32_t t = 0; ok && t <= r->tick_count; t++) {
        for (; ok && ev < r->event_count && r->events[ev].tick == t; ev++) {
            const rp_event *e = &r->events[ev];
            if (e->type == RP_EVENT_DATA) {
                FUZZ_CHECK(rp_writer_event_data(w, t, e->data_kind, e->data, e->data_size));
                continue;
            }
            ae_grid g;
            ok = rp_replay_event_grid(r, e, &g, &err); // an undecodable swap cannot be rewritten
            if (ok) FUZZ_CHECK(rp_writer_event_map(w, t, &g, e->name));
            if (ok) ae_grid_free(&g);
        }
        for (; ok && cp < r->checkpoint_count && r->checkpoints[cp].tick == t; cp++)
            FUZZ_CHECK(
                rp_writer_checkpoint(w, t, r->checkpoints[cp].hash, r->checkpoints[cp].field));
        if (ok && t < r->tick_count) {
            rp_replay_records(r, t, records);
            FUZZ_CHECK(rp_writer_tick(w, t, records));
        }
    }
    uint8_t *data = NULL;
    size_t size = 0;
    if (ok)
        FUZZ_CHECK(rp_writer_finish_memory(w, r->final_tick, r->final_hash, &data, &size, &err));
    rp_writer_destroy(w);
    if (!ok) return;

    rp_replay copy;
    FUZZ_CHECK(rp_replay_init_memory(data, size, NULL, &copy, &err));
    FUZZ_CHECK(copy.seed == r->seed && copy.human_count == r->human_count);
    FUZZ_CHECK(copy.tick_rate == r->tick_rate && copy.record_size == r->record_size);
    FUZZ_CHECK(copy.tick_count == r->tick_count && copy.final_hash == r->final_hash);
    FUZZ_CHECK(copy.config_size == r->config_size && copy.config_version == r->config_version);
    FUZZ_CHECK(!r->config_size || !memcmp(copy.config, r->config, r->config_size));
    FUZZ_CHECK(copy.field_count == r->field_count);
    for (int i = 0; i < r->field_count; i++)
        FUZZ_CHECK(!strcmp(copy.field_names[i], r->field_names[i]));
    FUZZ_CHECK(same_grid(&copy.map, &r->map));
    FUZZ_CHECK(copy.event_count == r->event_count && copy.checkpoint_count == r->checkpoint_count);
    for (uint32_t t = 0; t < r->tick_count; t++)
        for (int h = 0; h < r->human_count; h++)
            FUZZ_CHECK(!memcmp(rp_replay_record(&copy, t, h), rp_replay_record(r, t, h),
                               (size_t)r->record_size));
    for (int i = 0; i < r->checkpoint_count; i++) {
        FUZZ_CHECK(copy.checkpoints[i].tick == r->checkpoints[i].tick);
        FUZZ_CHECK(copy.checkpoints[i].hash == r->checkpoints[i].hash);
    }
    rp_replay_free(&copy);
    ae_free(data, size);
}

// Plays the replay through a session, as `arena --replay` does.
static void check_playback(const uint8_t *data, size_t size, const rp_replay *r) {
    if ((size_t)r->map.width * (size_t)r->map.height > FUZZ_MAX_MAP_CELLS) return;
    for (int i = 0; i < r->event_count; i++)
        if (r->events[i].type == RP_EVENT_MAP_SWAP &&
            (size_t)r->events[i].map_width * (size_t)r->events[i].map_height > FUZZ_MAX_MAP_CELLS)
            return;
    if (r->tick_count > FUZZ_MAX_TICKS) return;
    session_def def = {0};
    def.replay_data = data;
    def.replay_size = size;
    ae_error err = {0};
    session *s = session_create(&def, &err);
    if (!s) {
        FUZZ_CHECK(err.msg[0] && !strchr(err.msg, '\n'));
        return;
    }
    for (uint32_t t = 0; t < FUZZ_PLAY_TICKS && !session_done(s); t++) session_step(s, NULL);
    char msg[200];
    if (session_diverged(s, msg, sizeof msg))
        FUZZ_CHECK(!strncmp(msg, "replay diverged at tick ", 24));
    session_destroy(s);
}

static bool load_and_check(const uint8_t *data, size_t size, bool deep) {
    rp_replay r;
    ae_error err = {0};
    if (!rp_replay_init_memory(data, size, NULL, &r, &err)) {
        FUZZ_CHECK(err.msg[0] && !strchr(err.msg, '\n'));
        FUZZ_CHECK(r.store_ == NULL);
        return false;
    }
    check_lookups(&r);
    if (deep) {
        check_round_trip(&r);
        check_playback(data, size, &r);
    }
    rp_replay_free(&r);
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (load_and_check(data, size, true)) return 0;
    if (size < RP_HEADER_SIZE + RP_CHECKSUM_SIZE || memcmp(data, RP_MAGIC, RP_MAGIC_SIZE) ||
        size > RP_MAX_FILE_BYTES)
        return 0;
    uint8_t *fixed = ae_alloc(size);
    FUZZ_CHECK(fixed != NULL);
    memcpy(fixed, data, size);
    put_le32(fixed + 12, (uint32_t)size);
    put_le64(fixed + size - RP_CHECKSUM_SIZE, rp_checksum(fixed, size - RP_CHECKSUM_SIZE));
    load_and_check(fixed, size, true);
    ae_free(fixed, size);
    return 0;
}
