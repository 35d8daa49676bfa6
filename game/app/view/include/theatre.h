/// The replay theatre: watching a replay with a timeline and a transport. It first reads the
/// whole replay once (keyframes for seeking, and the match's events for the timeline), then
/// plays it at a speed from 1/4x to 16x, pauses, steps single ticks both ways, seeks anywhere,
/// jumps between kills, and follows any agent or looks around freely. No SDL here: the app turns
/// keys, pad buttons and clicks into the calls below (view_theatre.c) and draws it
/// (theatre_view.c).
#ifndef ARENA_THEATRE_H
#define ARENA_THEATRE_H

#include "session.h"

/// What the timeline marks.
typedef enum theatre_mark_kind {
    MARK_KILL,     ///< a = killer (-1: the zone), b = victim
    MARK_LEVEL_UP, ///< a = agent, b = its new level
    MARK_ZONE,     ///< b = the phase that begins
    MARK_MAP_SWAP,
    MARK_BREAK, ///< a = who broke a prop (-1 none)
} theatre_mark_kind;

typedef struct theatre_mark {
    uint32_t tick;
    uint8_t kind; ///< theatre_mark_kind
    int16_t a, b;
} theatre_mark;

/// Speeds the transport steps through, as ticks per real tick.
#define THEATRE_SPEED_COUNT 7
extern const float theatre_speeds[THEATRE_SPEED_COUNT];
/// The index of 1x.
#define THEATRE_SPEED_NORMAL 2

typedef struct theatre {
    bool active;
    bool killcam;        ///< the killcam's "how you died" (skippable; it ends by itself)
    bool reading;        ///< the first pass is under way (nothing plays until it ends)
    bool paused;         ///< also at the end of the replay
    int speed;           ///< index into theatre_speeds
    double owed;         ///< ticks owed to the playback (fractions carry over)
    uint32_t length;     ///< ticks the replay holds
    uint32_t read;       ///< ticks read so far by the first pass
    uint32_t start;      ///< where playback starts once read (--start-tick)
    uint32_t stop;       ///< playback goes no further: the length, or the last good checkpoint
    int follow;          ///< agent the camera follows, -1: the free camera
    int last_follow;     ///< the last agent followed (the HUD shows it under the free camera)
    char problem[192];   ///< the divergence, when playback found one ("" otherwise)
    theatre_mark *marks; ///< ascending ticks
    int mark_count, mark_cap;
} theatre;

/// Starts reading the session's replay (rewound to tick 0) to start at `start_tick` (clamped).
void theatre_open(theatre *t, session *s, uint32_t start_tick, int follow);
void theatre_close(theatre *t);
/// Reads on for at most `budget_ns` nanoseconds of the caller's clock; true once done (the state
/// is then at the start tick, paused when the replay diverged).
bool theatre_read(theatre *t, session *s, uint64_t (*clock_ns)(void), uint64_t budget_ns);
/// Goes to `tick` (clamped to what may be watched) and returns it.
uint32_t theatre_seek(theatre *t, session *s, int64_t tick);
/// The tick of the next (dir > 0) or previous kill's view (a little before it), or the current
/// tick when there is none that way; *killer receives the kill's killer (-1: none or the zone).
uint32_t theatre_kill_near(const theatre *t, uint32_t now, int dir, int *killer);
/// Ticks to play for `dt` seconds at the current speed (none while paused or reading); keeps
/// the fraction owed. Pauses at the end.
int theatre_ticks_due(theatre *t, const session *s, double dt);
/// Steps the speed up (dir > 0) or down.
void theatre_change_speed(theatre *t, int dir);
/// The next (dir > 0) or previous agent alive, from the one followed.
int theatre_cycle_follow(const theatre *t, const sim_world *w, int dir);

#endif
