/// The match view: what the window shows of a match and what steps it. The session on screen
/// and the live one are two fields, never swapped in place: `live` is the match that goes on
/// (played, or the replay watched in the theatre; map swaps go to it), `shown` the one drawn,
/// which is `live` except while the killcam plays its own session. Also the theatre's and the
/// killcam's state, the tick driver's accumulator and interpolation, the camera, the effects
/// and the world renderer.
///
/// A module of its own (view/): it takes a `match_view *` and what it needs of the frame (the
/// input, the time) as arguments, and depends on nothing above it; the app (app.c, the screens)
/// calls it and turns its events into screens.
#ifndef ARENA_MATCH_VIEW_H
#define ARENA_MATCH_VIEW_H

#include "camera.h"
#include "fx.h"
#include "input.h"
#include "net_client.h"
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

/// What steps the session on screen this frame (the one tick driver, app_run_ticks): nothing, the
/// live match's accumulator, or the theatre's playback at its speed. The screens' update says
/// when the theatre plays; otherwise the world runs live behind the screens that let it.
/// Online (APP_CLOCK_NET) the client's own tick schedule says it, whatever the screen: a server's
/// match never waits for a menu.
typedef enum app_clock {
    APP_CLOCK_STILL,
    APP_CLOCK_LIVE,
    APP_CLOCK_THEATRE,
    APP_CLOCK_NET
} app_clock;

/// What the theatre or the killcam asks of the screens, returned by their updates: they never
/// change screens themselves (only app_screens.c does, app_view_event).
typedef enum view_event {
    VIEW_NONE,
    VIEW_KILLCAM_STARTED, ///< the killcam plays: the theatre's screen
    VIEW_KILLCAM_ENDED,   ///< skipped or over: the live match again, spectating
    VIEW_TAKEN_OVER,      ///< a replay taken over: the match is played
    VIEW_WANTS_PAUSE,     ///< the theatre's menu
    VIEW_NET_JOINED,      ///< online: the first snapshot came, the match can be shown
    VIEW_NET_ENDED,       ///< online: the server ended the match (END, then its replay)
    VIEW_NET_FAILED,      ///< online: the connection failed; the notice says why in one line
} view_event;

typedef struct match_view {
    session *live;  ///< the match that goes on: played, or the replay watched (NULL: none yet)
    session *shown; ///< the match drawn: `live`, or the killcam's session while it plays
    int spectate;   ///< agent followed after the player's elimination (-1: none chosen, the killer)
    int pinned;     ///< --frames --follow N: agent N throughout (-1: none)
    /// The agent the theatre follows when it opens (-1: player 1's): an online match's replay
    /// opens on the agent this player drove.
    int theatre_first;
    // The one tick driver's (app_run_ticks: view_ticks_due, view_ticks_done).
    double accumulator; ///< seconds of sim time owed
    app_clock clock;    ///< what drives this frame's ticks (set by the screens, reset after)
    int theatre_steps;  ///< single ticks the theatre's step key asked for this frame
    bool follow_alive;  ///< the theatre's followed agent was alive before this frame's ticks
    float alpha;        ///< interpolation between the last two ticks
    camera cam;
    fx_state fx;
    world_renderer wr;
    // The theatre (view_theatre.c).
    theatre th;             ///< the replay theatre, while a replay (or the killcam) is watched
    char replay_name[64];   ///< its name for the banner
    vec2s free_center;      ///< the theatre's free camera
    theatre_drag drag;      ///< what the left button's press in the theatre does
    float press_x, press_y; ///< where that press began
    vec2s press_center;     ///< the free camera's centre when it began
    // The killcam (view_killcam.c).
    theatre kc;          ///< the killcam being read ...
    session *kc_session; ///< ... from the recording of the match so far
    float kc_age;        ///< seconds it has been read, or lingered at its end
    char notice[320];    ///< a message for the screen ("" none), taken with the next view_event
    // Online (view_net.c): a match played on a server, shown from the client's mirror world.
    net_transport *net_t; ///< its connection (NULL: offline)
    net_client *net;      ///< the client on it; its mirror is drawn once `live` is NULL
    uint64_t net_now_us;  ///< the client's clock: the frames' seconds added up
    uint64_t net_next_us; ///< when its next tick is due on that clock
    view_event net_said;  ///< the last of VIEW_NET_JOINED, _ENDED, _FAILED said (VIEW_NONE yet)
    session *net_final;   ///< the server's replay played to its end, for the results (or NULL)
} match_view;

/// The killcam plays: its session is shown while the live match waits.
static inline bool match_view_killcam_plays(const match_view *v) {
    return v->shown != v->live;
}

/// The world drawn: the session shown's, or online the client's mirror (NULL before WELCOME).
sim_world *view_world(const match_view *v);
/// An online match is shown: the client's mirror replaces the session (`live` is NULL).
bool view_online(const match_view *v);
/// People playing on this screen: online one, else the shown match's humans.
int view_players(const match_view *v);
/// A replay of an online match (its players have names): its slots are not this screen's players.
bool view_online_replay(const match_view *v);
/// The match shown is over: its session is done, or online the client ended or failed.
bool view_done(const match_view *v);
/// The match shown is a replay played back (never online).
bool view_replaying(const match_view *v);

/// Online (view_net.c). Takes a connection being made and its client (both the view's now,
/// freed by view_net_close); `live` stays shown until VIEW_NET_JOINED.
void view_net_open(match_view *v, net_transport *t, net_client *c);
/// Leaves (BYE) and frees the client and its connection; nothing when offline.
void view_net_close(match_view *v);
/// The client's ticks due in dt seconds (its messages taken first): at most 8 a frame.
int view_net_ticks_due(match_view *v, float dt);
/// After them: the interpolation towards the next client tick, and what the screens must do
/// (joined, ended, failed with the line in v->notice).
view_event view_net_done(match_view *v);

/// The agent player h drives: agent h, unless a take-over in the theatre gave it another; online
/// the client's agent.
int view_player(const match_view *v, int h);
/// The agent the camera and the HUD follow: the pinned one, the theatre's, player 1 while in,
/// the one spectated, the killer, anyone alive, the winner.
int view_focus(const match_view *v);
/// Where the camera heads: the focus agent, the theatre's free camera, or, when `frame_humans`
/// (not behind the title) and several humans are alive, the middle of them (zooming out to keep
/// them on one screen).
vec2s view_camera_target(match_view *v, bool frame_humans);
/// The map's size in world units (the camera keeps its view on it).
vec2s view_map_size(const sim_world *w);

/// The tick driver's questions (app_run_ticks asks them, and steps the session in between): the
/// ticks due in dt seconds, the theatre's at its speed (and its single steps) when it plays this
/// frame, the live accumulator's (at most 8) when `world_runs` behind the screen, else none...
int view_ticks_due(match_view *v, float dt, bool world_runs);
/// ... and after them: the interpolation towards the next tick and what the theatre does as it
/// plays on (follows the killer, the killcam lingers dt seconds more and ends: the event for the
/// screens).
view_event view_ticks_done(match_view *v, float dt);

/// The theatre (view_theatre.c): starts it on the session shown, a replay, from `start_tick`.
void view_theatre_open(match_view *v, uint32_t start_tick);
/// Its controls for one frame of dt seconds, from the presses in `in`; `back` was pressed. When
/// it plays on, v->clock says so: the tick driver steps it. What the screens must do.
view_event view_theatre_update(match_view *v, input_state *in, float dt, bool back);

/// The killcam (view_killcam.c). The player was just eliminated: starts reading the match's
/// recording so far to show how, when `enabled` (the setting).
void view_killcam_prepare(match_view *v, bool enabled);
/// Each frame of dt seconds while `spectating` (the player went on without it otherwise: it is
/// dropped): reads on, and plays it once read and the elimination was seen live for a moment.
view_event view_killcam_update(match_view *v, float dt, bool spectating);
/// Skipped or over: the live match comes back, spectating.
view_event view_killcam_end(match_view *v);
/// Forgets the killcam, read or playing (then the live match is shown again, nothing redrawn).
void view_killcam_drop(match_view *v);

#endif
