#include "theatre.h"

#include "sim_state.h"

#include <stdlib.h>
#include <string.h>

const float theatre_speeds[THEATRE_SPEED_COUNT] = {0.25f, 0.5f, 1.0f, 2.0f, 4.0f, 8.0f, 16.0f};

/// A kill is viewed from this many ticks before it: long enough to see it coming.
#define KILL_LEAD_TICKS 150

static void add_mark(theatre *t, uint32_t tick, theatre_mark_kind kind, int a, int b) {
    if (t->mark_count == t->mark_cap) {
        int cap = t->mark_cap ? 2 * t->mark_cap : 256;
        theatre_mark *m = realloc(t->marks, (size_t)cap * sizeof *m);
        if (!m) return; // the timeline shows fewer marks; playback is unaffected
        t->marks = m;
        t->mark_cap = cap;
    }
    t->marks[t->mark_count++] = (theatre_mark){tick, (uint8_t)kind, (int16_t)a, (int16_t)b};
}

void theatre_open(theatre *t, session *s, uint32_t start_tick, int follow) {
    theatre_close(t);
    t->active = true;
    t->reading = true;
    t->paused = false;
    t->speed = THEATRE_SPEED_NORMAL;
    t->length = session_length(s);
    t->stop = t->length;
    t->start = start_tick < t->length ? start_tick : t->length;
    t->follow = t->last_follow = follow;
    session_seek(s, 0);
    t->read = (uint32_t)sim_tick(session_world(s));
}

void theatre_close(theatre *t) {
    free(t->marks);
    memset(t, 0, sizeof *t);
}

/// The events of the tick just played that the timeline shows.
static void take_marks(theatre *t, const sim_world *w, uint32_t tick) {
    for (int i = 0; i < sim_event_count(w); i++) {
        const sim_event *e = &sim_events(w)[i];
        switch (e->kind) {
        case SIM_EVENT_KILL:
            add_mark(t, tick, MARK_KILL, e->a, e->b);
            break;
        case SIM_EVENT_LEVEL_UP:
            add_mark(t, tick, MARK_LEVEL_UP, e->a, e->b);
            break;
        case SIM_EVENT_ZONE:
            add_mark(t, tick, MARK_ZONE, -1, e->b);
            break;
        case SIM_EVENT_PROP_BREAK:
            add_mark(t, tick, MARK_BREAK, e->a, e->b);
            break;
        default:
            break;
        }
    }
}

bool theatre_read(theatre *t, session *s, uint64_t (*clock_ns)(void), uint64_t budget_ns) {
    if (!t->reading) return true;
    const rp_replay *r = session_replay(s);
    const uint64_t until = clock_ns() + budget_ns;
    do {
        if (session_done(s) || session_diverged(s, NULL, 0)) break;
        const uint32_t tick = (uint32_t)sim_tick(session_world(s));
        const rp_event *ev;
        const int events = r ? rp_replay_events_at(r, tick, &ev) : 0;
        for (int i = 0; i < events; i++)
            if (ev[i].type == RP_EVENT_MAP_SWAP) { // not a take-over (RP_EVENT_DATA)
                add_mark(t, tick, MARK_MAP_SWAP, -1, -1);
                break;
            }
        session_step(s, NULL);
        take_marks(t, session_world(s), tick + 1);
        t->read = tick + 1;
    } while (clock_ns() < until);
    if (!session_done(s) && !session_diverged(s, NULL, 0)) return false;
    t->reading = false;
    if (session_diverged(s, t->problem, sizeof t->problem)) {
        // What came after the last checkpoint that agreed cannot be trusted: stop there.
        const uint32_t at = session_diverged_at(s);
        t->stop = at >= SESSION_CHECKPOINT_TICKS ? at - SESSION_CHECKPOINT_TICKS : 0;
        t->start = t->stop;
        t->paused = true;
    }
    theatre_seek(t, s, t->start);
    return true;
}

uint32_t theatre_seek(theatre *t, session *s, int64_t tick) {
    const uint32_t to = tick < 0 ? 0 : (tick > t->stop ? t->stop : (uint32_t)tick);
    session_seek(s, to);
    t->owed = 0;
    return to;
}

uint32_t theatre_kill_near(const theatre *t, uint32_t now, int dir, int *killer) {
    *killer = -1;
    uint32_t best = now;
    for (int i = 0; i < t->mark_count; i++) {
        const theatre_mark *m = &t->marks[i];
        if (m->kind != MARK_KILL) continue;
        const uint32_t view = m->tick > KILL_LEAD_TICKS ? m->tick - KILL_LEAD_TICKS : 0;
        // Forwards the first one ahead; backwards the last one behind, skipping the kill whose
        // view was just jumped to (within a second of it).
        if (dir > 0 ? view > now : view + 60 < now) {
            best = view;
            *killer = m->a;
            if (dir > 0) break;
        }
    }
    return best > t->stop ? t->stop : best;
}

int theatre_ticks_due(theatre *t, const session *s, double dt) {
    if (t->reading || t->paused) {
        t->owed = 0;
        return 0;
    }
    const uint32_t now = (uint32_t)sim_tick(session_world(s));
    t->owed += dt * SIM_TICK_HZ * theatre_speeds[t->speed];
    int due = (int)t->owed;
    t->owed -= due;
    if (due > 64) due = 64; // a long stall skips rather than spirals
    if (now + (uint32_t)due >= t->stop || session_done(s)) {
        due = now < t->stop ? (int)(t->stop - now) : 0;
        t->paused = true; // the end: seek back or leave
    }
    return due;
}

void theatre_change_speed(theatre *t, int dir) {
    const int s = t->speed + (dir > 0 ? 1 : -1);
    t->speed = s < 0 ? 0 : (s >= THEATRE_SPEED_COUNT ? THEATRE_SPEED_COUNT - 1 : s);
}

int theatre_cycle_follow(const theatre *t, const sim_world *w, int dir) {
    const int from = t->follow >= 0 ? t->follow : t->last_follow;
    for (int k = 1; k <= sim_agent_count(w); k++) {
        const int id = ((from + (dir > 0 ? k : -k)) % sim_agent_count(w) + sim_agent_count(w)) %
                       sim_agent_count(w);
        if (sim_agents(w)[id].placement == 0) return id;
    }
    return from;
}
