// Looking up a loaded replay by tick, and checking playback hashes against it.
#include "arena/rp_replay.h"

#include "rp_bytes.h"
#include "rp_store.h"

#include <stdio.h>
#include <string.h>

const uint8_t *rp_replay_record(const rp_replay *r, uint32_t tick, int human) {
    AE_ASSERT(tick < r->tick_count && human >= 0 && human < r->human_count);
    const rp_stream *s = &r->store_->streams[human];
    // The first run whose end lies beyond tick.
    uint32_t lo = 0, hi = s->run_count - 1;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (s->run_end[mid] > tick)
            hi = mid;
        else
            lo = mid + 1;
    }
    return r->store_->file + s->run_data[lo];
}

void rp_replay_records(const rp_replay *r, uint32_t tick, uint8_t *out) {
    for (int h = 0; h < r->human_count; h++)
        memcpy(out + (size_t)h * (size_t)r->record_size, rp_replay_record(r, tick, h),
               (size_t)r->record_size);
}

int rp_replay_events_at(const rp_replay *r, uint32_t tick, const rp_event **first) {
    int lo = 0, hi = r->event_count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (r->events[mid].tick < tick)
            lo = mid + 1;
        else
            hi = mid;
    }
    int n = 0;
    while (lo + n < r->event_count && r->events[lo + n].tick == tick) n++;
    *first = n ? &r->events[lo] : NULL;
    return n;
}

bool rp_replay_event_grid(const rp_replay *r, const rp_event *event, ae_grid *grid, ae_error *err) {
    (void)r;
    AE_ASSERT(event->type == RP_EVENT_MAP_SWAP);
    return rp_decode_grid(event->data, event->data_size, grid, err);
}

const rp_checkpoint *rp_replay_checkpoint_at(const rp_replay *r, uint32_t tick) {
    int lo = 0, hi = r->checkpoint_count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (r->checkpoints[mid].tick < tick)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < r->checkpoint_count && r->checkpoints[lo].tick == tick) return &r->checkpoints[lo];
    return NULL;
}

bool rp_replay_verify(const rp_replay *r, uint32_t tick, uint64_t hash,
                      const uint64_t *field_hashes, rp_divergence *div) {
    const rp_checkpoint *cp = rp_replay_checkpoint_at(r, tick);
    int field = -1;
    bool same = true;
    uint64_t expected = hash;
    if (cp) {
        expected = cp->hash;
        same = cp->hash == hash;
        for (int f = 0; field_hashes && f < r->field_count; f++) {
            if (cp->field[f] != field_hashes[f]) {
                field = f;
                same = false;
                break;
            }
        }
    }
    if (same && tick == r->final_tick && r->final_hash != hash) {
        expected = r->final_hash;
        same = false;
    }
    if (same) return true;
    if (div) *div = (rp_divergence){tick, field, expected, hash};
    return false;
}

void rp_divergence_format(const rp_replay *r, const rp_divergence *div, char *buf, size_t size) {
    if (div->field >= 0 && div->field < r->field_count)
        snprintf(buf, size, "replay diverged at tick %u (first differing field: %s)", div->tick,
                 r->field_names[div->field]);
    else
        snprintf(buf, size, "replay diverged at tick %u", div->tick);
}
