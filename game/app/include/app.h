/// The windowed game and the screenshot mode: screens, the fixed-step loop, drawing a frame.
#ifndef ARENA_APP_H
#define ARENA_APP_H

#include "app_editor.h"
#include "app_maps.h"
#include "app_paths.h"
#include "frame_stats.h"
#include "gfx.h"
#include "hot_reload.h"
#include "hud.h"
#include "input.h"
#include "match_view.h"
#include "menu.h"
#include "onboarding.h"
#include "options.h"
#include "overlays.h"
#include "record_file.h"
#include "replay_list.h"
#include "settings.h"
#include "sim_scoreboard.h"
#include "screen_fx.h"

typedef enum app_screen {
    SCREEN_TITLE, ///< a bot match plays behind the menu
    SCREEN_PLAY,
    SCREEN_PAUSE,
    SCREEN_DEAD,          ///< spectating after death
    SCREEN_SPECTATE_MENU, ///< Esc while spectating: its menu (the match waits)
    SCREEN_RESULTS,
    SCREEN_SETTINGS,
    SCREEN_CONTROLS,   ///< key and pad bindings
    SCREEN_CONFIRM,    ///< a yes/no question over the screen it came from
    SCREEN_THEATRE,    ///< a replay watched with the timeline (theatre.h)
    SCREEN_ONLINE,     ///< "Play online": the server's address, the player's name, Join
    SCREEN_CONNECTING, ///< joining a server: until its first snapshot (Esc gives up)
    SCREEN_RECORD,     ///< "Your record": the career figures, the last matches, saved replays
    SCREEN_EDITOR,       ///< the map editor (editor/app_editor.h)
    SCREEN_EDITOR_START, ///< the title's "Map editor": a shipped map as a copy, or a new one
} app_screen;

/// Makes the connection to a server for `url` (ws://HOST:PORT): net_ws_connect, or a test's
/// in-memory link. NULL with err when it cannot even start.
typedef net_transport *(*app_connector)(void *ctx, const char *url, ae_error *err);

/// Room for the Play online screen's address (and the settings' online_address).
#define APP_ADDRESS_MAX 128

/// What a "yes" to SCREEN_CONFIRM does (app_ask.c): quit the game, leave the match or replay
/// on screen for the title, leave the results for a new match, delete a saved replay (the
/// record screen's a->confirm_file), leave the map editor.
typedef enum app_confirm {
    CONFIRM_QUIT_GAME,
    CONFIRM_LEAVE_MATCH,
    CONFIRM_REMATCH,
    CONFIRM_DELETE_REPLAY,
    CONFIRM_LEAVE_EDITOR
} app_confirm;

/// Seconds after the player's elimination in which no press counts (input_guard): the keys held
/// or mashed in that moment, to blink, shoot or move away, must not press a menu's button.
#define APP_DEATH_GUARD 1.0f
/// Seconds the results ignore presses after they open.
#define APP_RESULTS_GUARD 0.5f

typedef struct app {
    SDL_Window *window;
    SDL_Renderer *renderer;
    gfx g;
    arena_options opts;
    match_view view; ///< the match on screen, its theatre, killcam, clock, camera and drawing
    hud hud;
    onboarding guide; ///< the first run's guided start
    settings set;     ///< the player's settings (what the settings screen shows and saves)
    char settings_path[PATH_MAX]; ///< where they are saved ("" : nowhere); fits whole (options.c)
    int capture_bind;             ///< controls screen: the bind being rebound, -1 none
    int capture_cell;             ///< ... and its cell (0, 1 keys; 2, 3 pad buttons)
    input_state in;
    app_screen screen;
    menu_nav nav;             ///< the current screen's menu highlight
    app_screen settings_from; ///< the screen Back returns to from the settings
    app_confirm confirm;
    app_screen confirm_from; ///< the screen a "no" returns to
    int confirm_selected;    ///< ... and its item highlighted then
    bool confirm_save;       ///< the question offers "Save replay and leave" first
    bool confirm_map;        ///< ... or "Save map and leave" (the editor's edits are unsaved)
    int bots;                ///< title menu: number of bots
    int difficulty;          ///< title menu: the bots' sim_difficulty, or -1 for a mix
    int map;                 ///< title menu: index into app_maps
    int humans;
    bool guide_finished; ///< the guide ended in this frame's ticks (kept in the settings after)
    float time;          ///< seconds since start, for animation
    float frame_dt;      ///< seconds the frame being drawn covers
    hud_timings timings;
    overlays overlays;
    hot_reload reload;
    bool cursor_hidden; ///< the OS cursor is off (during play: the crosshair replaces it)
    bool quit;
    char notice[320]; ///< short message on screen (map reloads)
    float notice_age;
    // The replay of the last match played, kept in memory for "Watch replay" and "Save replay".
    uint8_t *replay;                 ///< its bytes (NULL when none; ae_alloc'd)
    size_t replay_size;              ///< bytes at replay
    char replay_map[64];             ///< its map's file name, for the saved file's name
    int64_t replay_time;             ///< when it ended (time_t), for the saved file's name
    bool replay_saved;               ///< "Save replay" wrote it (the button then says "Saved")
    bool replay_note_bad;            ///< replay_note says why saving failed
    char replay_note[PATH_MAX + 64]; ///< under the results' buttons: where it was saved, or why not
    bool watching;                   ///< the match on screen is `replay` played back
    bool recording;                  ///< the match on screen records itself (session_recording)
    bool recording_to_file;          ///< ... and goes to --record FILE when it ends
    // Online (app_online.c, screens/online_screen.c).
    app_connector connector;           ///< how a join connects (NULL: net_ws_connect)
    void *connector_ctx;               ///< ... its argument
    char net_address[APP_ADDRESS_MAX]; ///< the server (or lobby) being joined or played on
    struct net_lobby_ask *lobby_ask;   ///< a lobby asked for a seat (net_lobby.h), NULL none
    char lobby_name[32];               ///< ... the name to join its match with
    bool net_replay_absent;            ///< the online match ended without its replay
    int editing;                       ///< the Play online screen's field being typed in, -1 none
    char edit_text[APP_ADDRESS_MAX];   ///< ... its text while typed
    // The career record (screens/record_screen.c): record.txt beside the settings.
    record_book rec;
    char record_path[PATH_MAX]; ///< where it is saved ("": nowhere, no per-user folder)
    bool record_pending;  ///< the match on screen is the player's own: recorded once, as it ends
    bool record_replay;   ///< rec.last[0] is the match whose replay a->replay holds
    replay_list replays;  ///< the record screen's saved replays (read as it opens)
    bool record_deleting; ///< the record screen: a replay chosen is asked to go
    char confirm_file[REPLAY_LIST_NAME]; ///< CONFIRM_DELETE_REPLAY: the replay's file name
    // The map editor (editor/): NULL until first opened; its document NULL when closed.
    app_editor *ed;
    int editor_copy; ///< the "Map editor" menu: the shipped map to copy (index into app_maps)
    int editor_size; ///< ... the new map's size (index into its sizes)
} app;

/// Sets up everything but the session: options, input, HUD, camera, and the art loaded for
/// renderer r (false with a reason in err when a sprite sheet cannot be loaded).
bool app_open(app *a, const arena_options *o, SDL_Renderer *r, float w, float h, char *err,
              size_t n);
/// Frees what app_open and app_start_match made (not the renderer).
void app_close(app *a);
/// Creates the session for the current menu choices (or the options), resets view state. A
/// player's match records itself in memory (the first one also to --record FILE when given);
/// while a->watching it plays a->replay back instead.
bool app_start_match(app *a, bool attract, char *err, size_t errlen);
/// Ends the recording of the match on screen (once; later calls do nothing): its bytes become
/// a->replay, and --record FILE is written when this match goes there. False (err, and a
/// notice) only when that file could not be written; a replay that cannot be kept in memory
/// gets a notice.
bool app_finish_recording(app *a, ae_error *err);
/// "Save replay": writes a->replay into the per-user folder's replays/ under a new dated name
/// and puts the path, or why it failed, in a->replay_note. Saves once.
void app_save_replay(app *a);
/// Runs one fixed tick of the current session with the humans' inputs. Only the tick driver
/// (app_run_ticks) and the offline renderers (--screenshot, --frames) call it.
void app_tick(app *a);
/// The frame's one tick driver, after the screens' update: asks the view how many ticks are due
/// in dt seconds (view_ticks_due: the theatre's, or the live accumulator's when the world runs
/// behind the screen), runs them (app_tick), then view_ticks_done, whose event it returns, and
/// keeps a guide that ended in them in the settings.
view_event app_run_ticks(app *a, float dt);
/// Advances the effects by dt seconds of wall time (0 while paused) and the low-health
/// heartbeat of player 1, playing its sound on each beat.
void app_update_fx(app *a, float dt);
/// Player 1 aims with the mouse in a running match: the crosshair shows.
bool app_crosshair_shown(const app *a);
/// Shows a short notice in the middle of the screen (and nowhere else).
void app_notice(app *a, const char *text);
/// Draws everything for the current screen (no present).
void app_draw(app *a);
/// Screen logic for one frame (menus, death, results).
void app_update_screens(app *a);
/// Menus and messages of the current screen, drawn over the world and the HUD.
void app_draw_screen_overlay(app *a);

/// The screen under the current one: what a question or the settings were opened over (the
/// settings opened from a question's screen look through to it), else the screen itself.
app_screen app_base_screen(const app *a);
/// The title's match is behind this screen: the title, the Play online and connecting screens
/// (no HUD, no sounds, the camera on its own).
bool app_on_title(const app *a);
/// The world runs behind this screen: the title's match, a match being played or watched.
bool app_world_runs(const app *a);

/// Screens (app_screens.c, settings_screen.c). Moves to screen s (a new screen starts with its
/// first item highlighted).
void app_go(app *a, app_screen s);
/// Does what the view asks (the theatre's and the killcam's events) and shows its notice.
void app_view_event(app *a, view_event ev);
/// The match choices the title and the settings share: bots, difficulty and map.
enum { APP_PICK_BOTS, APP_PICK_DIFFICULTY, APP_PICK_MAP, APP_PICK_COUNT };
/// Adds the three match choices to m, their ids their APP_PICK_*.
void app_add_match_choices(app *a, menu *m);
/// Match choice `pick`'s value as the menus show it (buf, n bytes, may hold it).
const char *app_match_choice_value(const app *a, int pick, char *buf, size_t n);
/// Steps match choice `pick` by dir (a new map restarts the match behind the title).
void app_change_match_choice(app *a, int pick, int dir);
/// Builds and lays out the current screen's menu (tests find items by label in it).
void app_screen_menu(app *a, menu *m);
/// Does what a "yes" to `what` does, at once.
void app_confirmed(app *a, app_confirm what);

/// The question before leaving (app_ask.c), one dialog for every way out: "Leave this match?"
/// with Leave and Cancel, and "Save replay and leave" first when the match's replay would be
/// lost. True when leaving now loses the replay of the match on screen: it records in memory
/// only, or its results' replay was not saved (a replay watched loses nothing).
bool app_replay_unsaved(const app *a);
/// Asks before doing `what`, over the current screen (Cancel and Back return to it).
void app_ask(app *a, app_confirm what);
/// Does `what` at once when nothing would be lost, else asks first.
void app_ask_if_unsaved(app *a, app_confirm what);
/// The same for the editor's map: asks only when its edits are unsaved.
void app_ask_if_map_unsaved(app *a, app_confirm what);
/// Builds and lays out the question's menu.
void app_ask_menu(app *a, menu *m);
/// Runs the answer (back: Esc or B, which stays).
void app_ask_update(app *a, menu_result r, bool back);
/// The line under the menus: how to use them with the device player 1 plays with.
const char *app_menu_note(const app *a);
/// Opens the settings from the current screen (Back returns to it).
void app_open_settings(app *a);
/// Builds and lays out the settings or controls screen's menu.
void app_build_settings_menu(app *a, menu *m);
/// Runs what the player did on the settings or controls screen (back: Esc or B).
void app_update_settings(app *a, menu_result r, bool back);
/// Something the player chose changed (a->set): keep it for the next run.
void app_settings_changed(app *a);
/// Switches the window to fullscreen (on) or back, as a->set.fullscreen records (not saved here).
void app_set_fullscreen(app *a, bool on);
/// Takes the renderer's output size as the camera's and the input's screen size.
void app_sync_screen_size(app *a);
/// Takes loaded settings st as the player's (a->set) and applies what is not the window's: the
/// match choices (unless options o gave them), the zoom range, the guided start, the bindings.
void app_use_settings(app *a, const settings *st, const arena_options *o);

/// The career record (screens/record_screen.c). Reads record.txt from the per-user folder at
/// the start (a damaged file: one line on stderr, as the settings'; a first run: nothing).
void app_record_load(app *a);
/// The player's match on screen ended for them (placed, or over): it goes into the record and
/// the file, once per match (a->record_pending), never for a replay or the theatre. Online it
/// waits for the server's END (the placement it gives, the figures of its replay).
void app_record_match(app *a);
/// Save replay wrote the replay of the match last recorded: its entry names the file.
void app_record_replay_saved(app *a, const char *path);
/// Opens the record screen (its replays read afresh).
void app_record_open(app *a);
/// The record screen's menu, what the player did on it (back: Esc or B), and its figures.
void app_record_menu(app *a, menu *m);
void app_record_update(app *a, menu_result r, bool back);
void app_record_draw(app *a);
/// Deletes a->confirm_file from the replays folder (a "yes" to CONFIRM_DELETE_REPLAY).
void app_record_delete(app *a);

/// Joins the match on the server at url as `name` (net_client.h): the connection is made by
/// a->connector, the view takes it (view_net_open) and the connecting screen shows until the
/// first snapshot. An http:// url is an arena-lobby's: the connecting screen shows while it is
/// asked for a seat (app_online_poll), then its server is joined with the seat's token. False
/// with the reason in err (n bytes) when it cannot start (a bad address or name).
/// token: a lobby's seat (NET_TOKEN_BYTES) for a ws:// url (arena --token), or NULL.
bool app_join(app *a, const char *url, const uint8_t *token, const char *name, char *err, size_t n);
/// Reads the lobby's answer while one is asked (each frame on the connecting screen): joins the
/// match it gives, or goes back to the title with its reason as a notice.
void app_online_poll(app *a);
/// Gives up asking a lobby (Cancel, or the game closing).
void app_lobby_drop(app *a);
/// What the online match asks of the screens (VIEW_NET_*, from the tick driver): the match
/// shown once joined, the results (and the server's replay) at its end, and the title with the
/// failure's line as a notice.
void app_net_event(app *a, view_event ev);
/// The names the HUD and the screens show (hud_namer, ctx: the app): a player's name online or
/// in a replay of an online match, else sim_agent_name's; "You" for the player's own agent.
void app_agent_name(const void *ctx, const sim_world *w, int id, char *out, size_t size);
/// The results' scoreboard for the match shown, with the players' names and, online, the
/// placement the server's END gave.
void app_scoreboard(const app *a, sim_scoreboard *sb);
/// The Play online and connecting screens (screens/online_screen.c): the menu, what the player
/// did on it (back: Esc or B), and a key or text typed into a field (true when taken).
void app_online_menu(app *a, menu *m);
void app_online_update(app *a, menu_result r, bool back);
bool app_online_text_event(app *a, const SDL_Event *e);

/// Windowed game; returns the exit status.
int app_run_windowed(const arena_options *o);
/// Its parts, for tests that drive the window: opens the window and starts the title (or the
/// match the options ask for); 0, or the exit status. Without a window (a->renderer NULL) after
/// one line: 2 when there is no display (SDL cannot start its video, or has only a driver with
/// no screen that was not asked for by name), 1 when the window cannot open. With the window
/// open, 2: the map or replay failed, and app_window_close must still run.
int app_window_open(app *a, const arena_options *o);
/// app_window_open in its two steps: the window without a match (settings, window, graphics,
/// sound, pads: the same status as app_window_open's), then its first match. A start that fails
/// says why in one line, returns 2 and holds nothing of that match, so it may be tried again.
int app_window_create(app *a, const arena_options *o);
int app_window_start(app *a, const arena_options *o);
/// One frame of dt seconds: SDL's queued events, the screens, the ticks owed, drawing, presenting.
void app_window_step(app *a, float dt);
/// The game is over: quit, or --ticks N reached.
bool app_window_over(const app *a);
/// One frame at the wall time now: dt is the time since *last (tool_now_ns, updated), at most a
/// quarter second (a long stall is not made up at once); its work time goes to stats.
void app_window_timed_step(app *a, uint64_t *last, frame_stats *stats);
/// Finishes the session (writing its recording) and closes everything; the exit status.
int app_window_close(app *a);
/// A replay file brought in from outside the game (the web page's file picker or a drop): it
/// plays in the theatre, or a notice says why it cannot.
void app_watch_file(app *a, const char *path);
/// --screenshot: renders tick N to a PNG with the software renderer; returns the exit status.
int app_run_screenshot(const arena_options *o);
/// --frames DIR: writes the replay's frames from --from to --to, every --every ticks, as
/// DIR/frame_000000.png, frame_000001.png, ... (numbered from 0 without gaps); returns the exit
/// status (3 when the replay diverged on the way).
int app_run_frames(const arena_options *o);

/// The size of --screenshot and --frames pictures.
#define APP_SHOT_W 1280
#define APP_SHOT_H 720
/// --screenshot and --frames: opens `a` on a new APP_SHOT_W x APP_SHOT_H surface drawn by the
/// software renderer (no window: it runs on SDL's dummy video driver) and starts the match or
/// replay the options give. 0, or the exit status after one line on stderr; either way
/// app_close_offscreen must follow.
int app_open_offscreen(app *a, const arena_options *o, SDL_Surface **surface);
/// app_open_offscreen in its two steps: the surface and graphics, then the match (as
/// app_window_create and app_window_start).
int app_offscreen_create(app *a, const arena_options *o, SDL_Surface **surface);
int app_offscreen_start(app *a, const arena_options *o);
void app_close_offscreen(app *a, SDL_Surface *surface);

#endif
