/// The match view: what the window shows of a match and what steps it. The session on screen
/// and the live one are two fields, never swapped in place: `live` is the match that goes on
/// (played, or the replay watched in the theatre; map swaps go to it), `shown` the one drawn,
/// which is `live` except while the killcam plays its own session. Also the theatre's and the
/// killcam's state, the tick driver's accumulator and interpolation, the camera, the effects
/// and the world renderer.
#ifndef ARENA_MATCH_VIEW_H
#define ARENA_MATCH_VIEW_H

#include "camera.h"
#include "fx.h"
#include "render_world.h"
#include "session.h"
#include "theatre.h"

/// What a press in the theatre has started.
typedef enum theatre_drag {
    DRAG_NONE,
    DRAG_TIMELINE,
    DRAG_WORLD_PRESS,
    DRAG_WORLD_PAN
} theatre_drag;

/// What steps the session on screen this frame (the one tick driver, match_view.c): nothing, the
/// live match's accumulator, or the theatre's playback at its speed. The screens' update says
/// when the theatre plays; otherwise the world runs live behind the screens that let it.
typedef enum app_clock { APP_CLOCK_STILL, APP_CLOCK_LIVE, APP_CLOCK_THEATRE } app_clock;

/// What the theatre or the killcam asks of the screens, returned by their updates: they never
/// change screens themselves (only app_screens.c does, app_view_event).
typedef enum view_event {
    VIEW_NONE,
    VIEW_KILLCAM_STARTED, ///< the killcam plays: the theatre's screen
    VIEW_KILLCAM_ENDED,   ///< skipped or over: the live match again, spectating
    VIEW_TAKEN_OVER,      ///< a replay taken over: the match is played
    VIEW_WANTS_PAUSE,     ///< the theatre's menu
} view_event;

typedef struct match_view {
    session *live;  ///< the match that goes on: played, or the replay watched (NULL: none yet)
    session *shown; ///< the match drawn: `live`, or the killcam's session while it plays
    // The one tick driver (match_view.c).
    double accumulator; ///< seconds of sim time owed
    app_clock clock;    ///< what drives this frame's ticks (set by the screens, reset after)
    int theatre_steps;  ///< single ticks the theatre's step key asked for this frame
    bool follow_alive;  ///< the theatre's followed agent was alive before this frame's ticks
    float alpha;        ///< interpolation between the last two ticks
    camera cam;
    fx_state fx;
    world_renderer wr;
    // The theatre (app_theatre.c).
    theatre th;             ///< the replay theatre, while a replay (or the killcam) is watched
    char replay_name[64];   ///< its name for the banner
    vec2s free_center;      ///< the theatre's free camera
    theatre_drag drag;      ///< what the left button's press in the theatre does
    float press_x, press_y; ///< where that press began
    vec2s press_center;     ///< the free camera's centre when it began
    // The killcam (app_killcam.c).
    theatre kc;          ///< the killcam being read ...
    session *kc_session; ///< ... from the recording of the match so far
    float kc_age;        ///< seconds it has been read, or lingered at its end
    char notice[320];    ///< a message for the screen ("" none), taken with the next view_event
} match_view;

/// The killcam plays: its session is shown while the live match waits.
static inline bool match_view_killcam_plays(const match_view *v) {
    return v->shown != v->live;
}

#endif
