#include "session.h"

#include "arena/ae_map_file.h"
#include "keyframes.h"
#include "state_heap.h"
#include "arena/ae_output.h"
#include "arena/rp_writer.h"
#include "sim_autopilot.h"
#include "sim_config_io.h"
#include "sim_state.h"

#include <stdio.h>
#include <string.h>

// A recording holds every human a match can have.
_Static_assert(SIM_MAX_HUMANS == RP_MAX_HUMANS, "the replay format's human limit is the sim's");

struct session {
    sim_world *world;
    sim_autopilot *autopilot;
    rp_writer *writer;
    const char *record_path; ///< copies of the paths given, whole, in `paths` below
    const char *map_path;
    size_t size; ///< bytes allocated for the session and its paths
    rp_replay replay;
    bool replaying;
    bool diverged;
    uint32_t last_swap_tick; ///< tick of the last map swap, 0 (the start) before any
    state_heap *heap;        ///< the world's own heap when it keeps keyframes, else NULL
    keyframes *keys;
    int keyframe_interval;
    bool swapped;             ///< a swap has been made (last_swap_tick is its tick)
    int64_t changed_tick;     ///< recording: the last tick a recorded event changed the state at
    uint64_t pre_change_hash; ///< ... and the state's hash at that tick before the first of them
    char names[SIM_MAX_HUMANS][SESSION_NAME_MAX + 1]; ///< each slot's name ("" for none)
    char divergence[160];
    uint32_t diverged_at; ///< the checkpoint tick whose hashes differed
    char paths[];         ///< map path, then record path, each with its NUL
};

/// Sim calls that may allocate run inside the world's heap, when it has one.
static void enter(const session *s) {
    if (s->heap) state_heap_enter(s->heap);
}
static void leave(const session *s) {
    if (s->heap) state_heap_leave(s->heap);
}

/// A recorder for a match of this config on this map.
static rp_writer *make_writer(const sim_config *cfg, const ae_grid *map, const char *name,
                              ae_error *err) {
    uint8_t blob[SIM_CONFIG_MAX_BYTES];
    rp_writer_def wd = rp_default_writer_def();
    wd.seed = cfg->seed;
    wd.human_count = cfg->humans;
    wd.record_size = SIM_INPUT_BYTES;
    wd.checkpoint_interval = SESSION_CHECKPOINT_TICKS;
    wd.config_version = SIM_CONFIG_VERSION;
    wd.config = blob;
    wd.config_size = sim_config_pack(cfg, blob);
    wd.field_names = sim_hash_field_names;
    wd.field_count = SIM_HASH_FIELD_COUNT;
    wd.map = map;
    wd.map_name = name;
    return rp_writer_create(&wd, err);
}

static bool create_live(session *s, const session_def *def, ae_error *err) {
    ae_grid grid;
    if (!def->map_path) {
        if (!ae_grid_init_copy(&grid, def->map, err)) return false;
    } else if (!ae_map_load_file(def->map_path, &grid, err)) {
        return false;
    }
    // The world takes the map (one copy of it: 16 MB at 4096x4096), and the recorder reads the
    // world's, which sim_create leaves as it was loaded.
    s->world = sim_create_taking(&def->config, &grid, err);
    bool ok = s->world != NULL;
    if (ok && (def->record || def->record_path)) {
        s->writer =
            make_writer(&def->config, sim_grid(s->world), def->map_path ? def->map_path : "", err);
        ok = s->writer != NULL;
    }
    if (ok && def->pilot != SIM_PILOT_NONE) {
        s->autopilot = sim_autopilot_create(s->world, def->config.seed, def->pilot);
        ok = s->autopilot != NULL;
        if (!ok) ae_error_set(err, "out of memory");
    }
    return ok;
}

uint32_t session_swap_gap(int width, int height) {
    const uint64_t cells = (uint64_t)width * (uint64_t)height;
    const uint64_t gap = (cells + SESSION_SWAP_CELLS_PER_TICK - 1) / SESSION_SWAP_CELLS_PER_TICK;
    return gap < 1 ? 1 : (uint32_t)gap;
}

/// The limits of session.h that a replay file can break: checkpoints as dense as the recorder
/// writes them, and map swaps spaced as the recorder spaces them.
static bool check_replay_limits(const rp_replay *r, ae_error *err) {
    const uint32_t want = r->tick_count / SESSION_CHECKPOINT_TICKS;
    if ((uint32_t)r->checkpoint_count < want) {
        ae_error_set(err,
                     "replay of %u ticks carries %d checkpoints; recordings carry one every %d "
                     "ticks, so at least %u",
                     r->tick_count, r->checkpoint_count, SESSION_CHECKPOINT_TICKS, want);
        return false;
    }
    uint32_t last = 0;
    for (int i = 0; i < r->event_count; i++) {
        const rp_event *e = &r->events[i];
        if (e->type != RP_EVENT_MAP_SWAP) continue;
        const uint32_t gap = session_swap_gap(e->map_width, e->map_height);
        if (e->tick < last + gap) {
            ae_error_set(err,
                         "map swap at tick %u comes %u ticks after the previous one, a %dx%d map "
                         "needs %u (at most %u cells swapped in per tick)",
                         e->tick, e->tick - last, e->map_width, e->map_height, gap,
                         SESSION_SWAP_CELLS_PER_TICK);
            return false;
        }
        last = e->tick;
    }
    return true;
}

/// A take-over event's payload: the slot (u8) and the agent (u16, little-endian).
enum { TAKE_OVER_BYTES = 3 };

/// A data event as the session reads it: every kind's payload starts with its slot (u8).
typedef struct data_event {
    int kind; ///< SESSION_EVENT_*
    int slot;
    int agent;        ///< a take-over's
    const char *name; ///< a name's bytes (no NUL) ...
    size_t name_len;  ///< ... and how many
} data_event;

/// False for an event that is no data event of a kind and size this build knows.
static bool read_data_event(const rp_event *e, data_event *out) {
    if (e->type != RP_EVENT_DATA || e->data_size < 1) return false;
    *out = (data_event){e->data_kind, e->data[0], -1, NULL, 0};
    switch (e->data_kind) {
    case SESSION_EVENT_TAKE_OVER:
        out->agent = e->data[1] | e->data[2] << 8;
        return e->data_size == TAKE_OVER_BYTES;
    case SESSION_EVENT_RELEASE:
        return e->data_size == 1;
    case SESSION_EVENT_NAME:
        out->name = (const char *)e->data + 1;
        out->name_len = e->data_size - 1;
        return e->data_size >= 2 && e->data_size <= 1 + SESSION_NAME_MAX;
    default:
        return false;
    }
}

/// Data events are take-overs, releases and names of a slot of the match, take-overs of an
/// agent it has (whether the agent is still alive then is the sim's to say: a refusal shows up
/// as a divergence), names that session_set_name would take.
static bool check_data_events(const rp_replay *r, const sim_config *cfg, ae_error *err) {
    for (int i = 0; i < r->event_count; i++) {
        const rp_event *e = &r->events[i];
        if (e->type != RP_EVENT_DATA) continue;
        data_event d;
        if (!read_data_event(e, &d)) {
            ae_error_set(err, "event of kind %u (%u bytes) at tick %u is not one this build knows",
                         e->data_kind, e->data_size, e->tick);
            return false;
        }
        if (d.kind == SESSION_EVENT_TAKE_OVER &&
            (d.slot >= cfg->humans || d.agent >= cfg->humans + cfg->bots)) {
            ae_error_set(err,
                         "take-over at tick %u names slot %d and agent %d of a match of %d "
                         "players and %d agents",
                         e->tick, d.slot + 1, d.agent, cfg->humans, cfg->humans + cfg->bots);
            return false;
        }
        if (d.slot >= cfg->humans) {
            ae_error_set(err, "%s at tick %u names slot %d of a match of %d players",
                         d.kind == SESSION_EVENT_NAME ? "name" : "release", e->tick, d.slot + 1,
                         cfg->humans);
            return false;
        }
        if (d.kind == SESSION_EVENT_NAME && !session_name_valid(d.name, d.name_len)) {
            ae_error_set(err, "name at tick %u for slot %d is not UTF-8 without control characters",
                         e->tick, d.slot + 1);
            return false;
        }
    }
    return true;
}

static void set_name(session *s, int slot, const char *name, size_t len) {
    memcpy(s->names[slot], name, len);
    s->names[slot][len] = '\0';
}

/// A playback's names at the current tick: those of the name events before it (the events of
/// a tick are applied as its step begins).
static void replay_names(session *s) {
    memset(s->names, 0, sizeof s->names);
    const uint32_t now = (uint32_t)sim_tick(s->world);
    for (int i = 0; i < s->replay.event_count && s->replay.events[i].tick < now; i++) {
        data_event d;
        if (read_data_event(&s->replay.events[i], &d) && d.kind == SESSION_EVENT_NAME)
            set_name(s, d.slot, d.name, d.name_len);
    }
}

static bool create_replay(session *s, const session_def *def, ae_error *err) {
    rp_load_opts opts = {SIM_INPUT_BYTES, SIM_CONFIG_VERSION};
    bool loaded = def->replay_path ? rp_replay_init_file(def->replay_path, &opts, &s->replay, err)
                                   : rp_replay_init_memory(def->replay_data, def->replay_size,
                                                           &opts, &s->replay, err);
    if (!loaded) return false;
    s->replaying = true;
    sim_config cfg = sim_default_config();
    cfg.seed = s->replay.seed;
    cfg.humans = s->replay.human_count;
    if (!sim_config_unpack(s->replay.config, s->replay.config_size, &cfg, err)) return false;
    if (s->replay.field_count != SIM_HASH_FIELD_COUNT) {
        ae_error_set(err, "replay checkpoints carry %d hash fields, this build has %d",
                     s->replay.field_count, SIM_HASH_FIELD_COUNT);
        return false;
    }
    if (!check_replay_limits(&s->replay, err)) return false;
    // Every recorded input must be one this build could have produced.
    for (uint32_t t = 0; t < s->replay.tick_count; t++)
        for (int h = 0; h < s->replay.human_count; h++) {
            sim_input in;
            if (!sim_input_unpack(rp_replay_record(&s->replay, t, h), &in)) {
                ae_error_set(err, "input of player %d at tick %u is out of range", h + 1, t);
                return false;
            }
        }
    if (def->keyframe_interval > 0) {
        s->heap = state_heap_create(0, err);
        s->keys = s->heap ? keyframes_create() : NULL;
        if (!s->keys) {
            if (s->heap) ae_error_set(err, "out of memory");
            return false;
        }
        s->keyframe_interval = def->keyframe_interval;
    }
    // Before the heap is entered: a refusal must not leave this thread's allocations there.
    if (!check_data_events(&s->replay, &cfg, err)) return false;
    enter(s);
    s->world = sim_create(&cfg, &s->replay.map, err);
    leave(s);
    if (s->world && s->keys && !keyframes_save(s->keys, 0, s->heap)) {
        ae_error_set(err, "out of memory");
        return false;
    }
    return s->world != NULL;
}

session *session_create(const session_def *def, ae_error *err) {
    bool replay = def->replay_path || def->replay_data;
    // The paths are kept whole, however long: a path cut to fit a buffer could name another
    // file, and the recording would overwrite it.
    const char *map = !replay && def->map_path ? def->map_path : "";
    const char *record = !replay && def->record_path ? def->record_path : "";
    size_t map_len = strlen(map) + 1, record_len = strlen(record) + 1;
    size_t size = sizeof(session) + map_len + record_len;
    session *s = ae_calloc(1, size);
    if (!s) {
        ae_error_set(err, "out of memory");
        return NULL;
    }
    s->size = size;
    memcpy(s->paths, map, map_len);
    memcpy(s->paths + map_len, record, record_len);
    s->map_path = s->paths;
    s->record_path = s->paths + map_len;
    s->changed_tick = -1;
    bool ok = replay ? create_replay(s, def, err) : create_live(s, def, err);
    if (!ok) {
        session_destroy(s);
        return NULL;
    }
    return s;
}

void session_destroy(session *s) {
    if (!s) return;
    sim_autopilot_destroy(s->autopilot);
    rp_writer_destroy(s->writer);
    rp_replay_free(&s->replay);
    keyframes_destroy(s->keys);
    if (s->heap)
        state_heap_destroy(s->heap); // the world with it: restores make its own books unreliable
    else
        sim_destroy(s->world);
    ae_free(s, s->size);
}

/// Hashes the state where something is recorded or checked: at a recorder's checkpoint ticks,
/// and at a replay's checkpoints and final tick. Other ticks cost nothing.
static void check_hashes(session *s) {
    uint32_t tick = (uint32_t)sim_tick(s->world);
    bool record = s->writer && tick % SESSION_CHECKPOINT_TICKS == 0;
    bool verify = !s->writer && s->replaying && !s->diverged &&
                  (tick == s->replay.final_tick || rp_replay_checkpoint_at(&s->replay, tick));
    if (!record && !verify) return;
    uint64_t fields[SIM_HASH_FIELD_COUNT];
    sim_hash_fields(s->world, fields);
    uint64_t hash = sim_hash_combine(fields);
    if (record) {
        rp_writer_checkpoint(s->writer, tick, hash, fields);
        return;
    }
    rp_divergence div;
    if (!rp_replay_verify(&s->replay, tick, hash, fields, &div)) {
        s->diverged = true;
        s->diverged_at = div.tick;
        rp_divergence_format(&s->replay, &div, s->divergence, sizeof s->divergence);
    }
}

static void apply_replay_events(session *s, uint32_t tick) {
    const rp_event *ev;
    int n = rp_replay_events_at(&s->replay, tick, &ev);
    for (int i = 0; i < n; i++) {
        data_event d;
        if (read_data_event(&ev[i], &d)) { // checked on load; a refusal shows as a divergence
            if (d.kind == SESSION_EVENT_TAKE_OVER) sim_take_over(s->world, d.slot, d.agent, NULL);
            if (d.kind == SESSION_EVENT_RELEASE) sim_release(s->world, d.slot, NULL);
            if (d.kind == SESSION_EVENT_NAME) set_name(s, d.slot, d.name, d.name_len);
            continue;
        }
        if (ev[i].type != RP_EVENT_MAP_SWAP) continue;
        ae_grid grid;
        ae_error err;
        // A recorded swap was accepted when it was made, so it is accepted again; a refusal
        // here shows up as a divergence at the next checkpoint. (Its spacing was checked when
        // the replay was loaded.)
        if (rp_replay_event_grid(&s->replay, &ev[i], &grid, &err)) {
            enter(s);
            sim_swap_map(s->world, &grid, &err);
            leave(s);
            ae_grid_free(&grid);
        }
    }
}

/// Keyframes are saved as playback first reaches their ticks. Out of memory, there are simply
/// fewer of them: seeking still works, it only re-simulates further.
static void save_keyframe(session *s) {
    if (!s->keys) return;
    const int tick = sim_tick(s->world);
    const int n = keyframes_count(s->keys);
    if (tick % s->keyframe_interval == 0 && tick > keyframes_tick(s->keys, n - 1))
        keyframes_save(s->keys, tick, s->heap);
}

void session_step(session *s, const sim_input *inputs) {
    session_step_timed(s, inputs, NULL, NULL);
}

void session_step_timed(session *s, const sim_input *inputs, uint64_t (*clock_ns)(void),
                        float *phase_us) {
    if (session_done(s)) return;
    // Only the match's slots are written and read: a 1-human match clears one frame, not 100.
    sim_input frames[SIM_MAX_HUMANS];
    const int humans = sim_config_of(s->world)->humans;
    uint32_t tick = (uint32_t)sim_tick(s->world);
    if (s->replaying) {
        apply_replay_events(s, tick);
        for (int h = 0; h < humans; h++) // checked when the replay was loaded
            sim_input_unpack(rp_replay_record(&s->replay, tick, h), &frames[h]);
    } else {
        for (int h = 0; h < humans; h++) {
            frames[h] = (sim_input){0};
            if (s->autopilot)
                sim_autopilot_input(s->autopilot, s->world, h, &frames[h]);
            else if (inputs)
                frames[h] = inputs[h];
            // What the sim will read, so the recording holds a frame a replay can play.
            sim_input_normalize(&frames[h]);
        }
        if (s->writer) {
            uint8_t records[SIM_MAX_HUMANS * SIM_INPUT_BYTES];
            for (int h = 0; h < humans; h++)
                sim_input_pack(&frames[h], records + h * SIM_INPUT_BYTES);
            rp_writer_tick(s->writer, tick, records);
        }
    }
    enter(s);
    if (clock_ns) {
        uint64_t t0 = clock_ns();
        for (int p = 0; p < SIM_PHASE_COUNT; p++) {
            sim_step_phase(s->world, frames, (sim_phase)p);
            uint64_t t1 = clock_ns();
            phase_us[p] += (float)(t1 - t0) * 1e-3f;
            t0 = t1;
        }
    } else {
        sim_step(s->world, frames);
    }
    leave(s);
    check_hashes(s);
    save_keyframe(s);
}

uint32_t session_swap_allowed_at(const session *s, int width, int height) {
    return s->last_swap_tick + session_swap_gap(width, height);
}

/// Refuses a swap the limits do not allow now.
static bool swap_allowed(const session *s, int width, int height, ae_error *err) {
    if (s->replaying) {
        ae_error_set(err, "a replay plays its own recorded maps");
        return false;
    }
    const uint32_t tick = (uint32_t)sim_tick(s->world);
    const uint32_t at = session_swap_allowed_at(s, width, height);
    if (tick < at) {
        ae_error_set(err, "too soon after the last map swap: a %dx%d map may come at tick %u",
                     width, height, at);
        return false;
    }
    return true;
}

/// A recorded event is about to change the state at this tick: a recording taken at this tick
/// leaves the tick's events out (they come with its step), so its final hash is the state's
/// before the first of them.
static void note_change(session *s) {
    const int64_t tick = sim_tick(s->world);
    if (s->changed_tick == tick) return;
    s->changed_tick = tick;
    s->pre_change_hash = sim_hash(s->world);
}

/// Swaps in a map prepared with the world's own allocator and records the swap.
static bool commit_swap(session *s, sim_map_prep *p, const char *name, ae_error *err) {
    // A recording taken at this tick ends before the swap (session_recording_bytes).
    if (s->writer) note_change(s);
    enter(s);
    const bool ok = sim_swap_commit(s->world, p, err);
    leave(s);
    if (!ok) return false;
    const uint32_t tick = (uint32_t)sim_tick(s->world);
    if (s->writer) rp_writer_event_map(s->writer, tick, sim_grid(s->world), name);
    s->last_swap_tick = tick;
    s->swapped = true;
    return true;
}

bool session_swap_prepared(session *s, sim_map_prep *p, const char *name, ae_error *err) {
    const ae_grid *grid = sim_map_prep_grid(p);
    if (!swap_allowed(s, grid->width, grid->height, err)) {
        sim_swap_discard(p);
        return false;
    }
    if (s->heap) {
        // A world in a heap of its own (a replay taken over) may hold nothing from elsewhere,
        // and what it gives up goes back to its heap: the map is prepared again in there.
        enter(s);
        sim_map_prep *own = sim_swap_prepare(sim_config_of(s->world), grid, err);
        leave(s);
        sim_swap_discard(p);
        if (!own) return false;
        p = own;
    }
    return commit_swap(s, p, name, err);
}

bool session_swap_map(session *s, const ae_grid *grid, const char *name, ae_error *err) {
    if (!swap_allowed(s, grid->width, grid->height, err)) return false;
    enter(s);
    sim_map_prep *p = sim_swap_prepare(sim_config_of(s->world), grid, err);
    leave(s);
    return p && commit_swap(s, p, name, err);
}

bool session_done(const session *s) {
    if (sim_over(s->world)) return true;
    return s->replaying && (uint32_t)sim_tick(s->world) >= s->replay.tick_count;
}

bool session_replaying(const session *s) {
    return s->replaying;
}

bool session_diverged(const session *s, char *msg, size_t size) {
    if (s->diverged && msg) snprintf(msg, size, "%s", s->divergence);
    return s->diverged;
}

bool session_recording(const session *s) {
    return s->writer != NULL;
}

bool session_recording_bytes(const session *s, uint8_t **data, size_t *size, ae_error *err) {
    *data = NULL;
    *size = 0;
    if (!s->writer) {
        ae_error_set(err, "the match is not being recorded");
        return false;
    }
    const bool changed_now = s->changed_tick == sim_tick(s->world);
    const uint64_t hash = changed_now ? s->pre_change_hash : sim_hash(s->world);
    return rp_writer_snapshot_memory(s->writer, hash, data, size, err);
}

bool session_finish(session *s, ae_error *err) {
    const uint32_t tick = (uint32_t)sim_tick(s->world);
    if (s->writer) {
        bool ok = true;
        if (s->record_path[0]) {
            uint8_t *data;
            size_t size;
            ok = session_recording_bytes(s, &data, &size, err) &&
                 ae_output_save(s->record_path, data, size, err);
            ae_free(data, size);
        }
        rp_writer_destroy(s->writer);
        s->writer = NULL;
        return ok;
    }
    if (s->replaying && !s->diverged) {
        // A playback that stopped early (a match that ended sooner) diverged too.
        if (tick != s->replay.final_tick) {
            s->diverged = true;
            s->diverged_at = tick;
            snprintf(s->divergence, sizeof s->divergence,
                     "replay diverged at tick %u (the match ended)", tick);
        } else {
            check_hashes(s);
        }
    }
    return true;
}

bool session_seek(session *s, uint32_t tick) {
    if (!s->keys || tick > s->replay.tick_count) return false;
    const uint32_t now = (uint32_t)sim_tick(s->world);
    const int k = keyframes_find(s->keys, (int)tick);
    // Restore unless the current state is between the keyframe and the target: playing on from
    // here is then never longer.
    if (!(now <= tick && (int)now >= keyframes_tick(s->keys, k)))
        keyframes_restore(s->keys, k, s->heap);
    while ((uint32_t)sim_tick(s->world) < tick && !sim_over(s->world)) session_step(s, NULL);
    replay_names(s);
    return true;
}

bool session_take_over(session *s, int agent, ae_error *err) {
    if (!s->replaying) {
        ae_error_set(err, "only a replay can be taken over");
        return false;
    }
    sim_world *w = s->world;
    const uint32_t now = (uint32_t)sim_tick(w);
    if (sim_config_of(w)->humans == 0) {
        ae_error_set(err, "this replay has no player whose input could take over");
        return false;
    }
    if (sim_over(w)) {
        ae_error_set(err, "the match is over at tick %u", now);
        return false;
    }
    if (agent < 0 || agent >= sim_agent_count(w) || sim_agents(w)[agent].placement != 0) {
        ae_error_set(err, "agent %d is not alive at tick %u", agent, now);
        return false;
    }
    // The new recording: the file's content up to now (inputs, events, checkpoints), then the
    // take-over, then whatever is played live.
    const rp_replay *r = &s->replay;
    rp_writer *wr = make_writer(sim_config_of(w), &r->map, r->map_name, err);
    bool ok = wr != NULL;
    uint8_t records[SIM_MAX_HUMANS * SIM_INPUT_BYTES];
    for (uint32_t t = 0; ok && t <= now; t++) {
        const rp_event *ev;
        // The events of this tick would come with its step, which is live now: not theirs.
        const int n = t < now ? rp_replay_events_at(r, t, &ev) : 0;
        for (int i = 0; ok && i < n; i++) {
            if (ev[i].type == RP_EVENT_DATA) {
                ok = rp_writer_event_data(wr, t, ev[i].data_kind, ev[i].data, ev[i].data_size);
                continue;
            }
            ae_grid grid = {0};
            ok = rp_replay_event_grid(r, &ev[i], &grid, err) &&
                 rp_writer_event_map(wr, t, &grid, ev[i].name);
            if (grid.cells) ae_grid_free(&grid);
        }
        const rp_checkpoint *c = rp_replay_checkpoint_at(r, t);
        if (ok && c) ok = rp_writer_checkpoint(wr, t, c->hash, c->field);
        if (ok && t < now) {
            rp_replay_records(r, t, records);
            ok = rp_writer_tick(wr, t, records);
        }
    }
    const int slot = 0; // the first player's input: the keyboard, the mouse, the first pad
    if (ok && sim_slot_agent(w, slot) != agent) {
        const uint8_t data[TAKE_OVER_BYTES] = {(uint8_t)slot, (uint8_t)agent,
                                               (uint8_t)(agent >> 8)};
        ok = rp_writer_event_data(wr, now, SESSION_EVENT_TAKE_OVER, data, sizeof data);
        if (ok) note_change(s);
        ok = ok && sim_take_over(w, slot, agent, err);
    }
    if (!ok) {
        if (err && !err->msg[0]) ae_error_set(err, "out of memory");
        rp_writer_destroy(wr);
        return false;
    }
    // From here the session is live: the replay's events, inputs and keyframes no longer apply
    // (the world stays in its heap).
    s->writer = wr;
    s->replaying = false;
    keyframes_destroy(s->keys);
    s->keys = NULL;
    s->last_swap_tick = 0;
    for (int i = 0; i < r->event_count && r->events[i].tick < now; i++)
        if (r->events[i].type == RP_EVENT_MAP_SWAP) s->last_swap_tick = r->events[i].tick;
    s->swapped = s->last_swap_tick > 0;
    return true;
}

uint32_t session_diverged_at(const session *s) {
    return s->diverged_at;
}

const rp_replay *session_replay(const session *s) {
    return s->replaying ? &s->replay : NULL;
}

uint32_t session_length(const session *s) {
    return s->replaying ? s->replay.tick_count : 0;
}

int session_keyframe_count(const session *s) {
    return s->keys ? keyframes_count(s->keys) : 0;
}

size_t session_keyframe_bytes(const session *s) {
    return s->keys ? keyframes_bytes(s->keys) : 0;
}

size_t session_heap_bytes(const session *s) {
    return s->heap ? state_heap_used(s->heap) : 0;
}

sim_world *session_world(const session *s) {
    return s->world;
}

const char *session_map_path(const session *s) {
    return s->map_path;
}

const char *session_map_name(const session *s) {
    if (s->map_path[0]) return s->map_path;
    return s->replay.map_name ? s->replay.map_name : "";
}

/// The players' events are a live recording's (a server's match).
static bool takes_players_events(const session *s, ae_error *err) {
    if (!s->writer || s->replaying) {
        ae_error_set(err, "only a live match that is recorded takes players' events");
        return false;
    }
    if (sim_over(s->world)) {
        ae_error_set(err, "the match is over at tick %d", sim_tick(s->world));
        return false;
    }
    return true;
}

/// Records a players' event at the current tick (after it took effect: the arguments were
/// checked by then). Fails only when memory runs out, and the recording is lost with it then.
static bool record_event(session *s, uint16_t kind, const uint8_t *data, size_t size,
                         ae_error *err) {
    if (rp_writer_event_data(s->writer, (uint32_t)sim_tick(s->world), kind, data, size))
        return true;
    ae_error_set(err, "out of memory for the recording");
    return false;
}

bool session_assign(session *s, int slot, int agent, ae_error *err) {
    if (!takes_players_events(s, err)) return false;
    const sim_world *w = s->world;
    const int before = slot >= 0 && slot < sim_config_of(w)->humans ? sim_slot_agent(w, slot) : -1;
    note_change(s);
    if (!sim_take_over(s->world, slot, agent, err)) return false;
    if (before == agent) return true; // it drove that agent already: nothing happened
    const uint8_t data[TAKE_OVER_BYTES] = {(uint8_t)slot, (uint8_t)agent, (uint8_t)(agent >> 8)};
    return record_event(s, SESSION_EVENT_TAKE_OVER, data, sizeof data, err);
}

bool session_release(session *s, int slot, ae_error *err) {
    if (!takes_players_events(s, err)) return false;
    const sim_world *w = s->world;
    const int before = slot >= 0 && slot < sim_config_of(w)->humans ? sim_slot_agent(w, slot) : -1;
    note_change(s);
    if (!sim_release(s->world, slot, err)) return false;
    if (before < 0) return true; // it drove nothing: nothing happened
    const uint8_t data[1] = {(uint8_t)slot};
    return record_event(s, SESSION_EVENT_RELEASE, data, sizeof data, err);
}

bool session_set_name(session *s, int slot, const char *name, ae_error *err) {
    if (!takes_players_events(s, err)) return false;
    const int humans = sim_config_of(s->world)->humans;
    if (slot < 0 || slot >= humans) {
        ae_error_set(err, "slot %d is not a player's (the match has %d)", slot, humans);
        return false;
    }
    const size_t len = strlen(name);
    if (len < 1 || len > SESSION_NAME_MAX) {
        ae_error_set(err, "a name is 1 to %d bytes, not %zu", SESSION_NAME_MAX, len);
        return false;
    }
    if (!session_name_valid(name, len)) {
        ae_error_set(err, "a name is UTF-8 without control characters");
        return false;
    }
    uint8_t data[1 + SESSION_NAME_MAX];
    data[0] = (uint8_t)slot;
    memcpy(data + 1, name, len);
    if (!record_event(s, SESSION_EVENT_NAME, data, 1 + len, err)) return false;
    set_name(s, slot, name, len);
    return true;
}

const char *session_slot_name(const session *s, int slot) {
    return slot >= 0 && slot < sim_config_of(s->world)->humans ? s->names[slot] : "";
}
