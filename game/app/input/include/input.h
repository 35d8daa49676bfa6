/// Turns SDL events into input frames: keyboard and mouse, game controllers (hot-plug, radial
/// dead zone, extra mappings from gamecontrollerdb.txt), a drag-to-move virtual joystick for
/// mouse and touch, and on-screen touch buttons for the blink and the weapon swap. Human 0 has the
/// keyboard, the mouse, touch and the first pad; every further human gets the next pad. Menu
/// navigation and toggles come out as one-shot actions. Keys and pad buttons act through the
/// bindings (input_bind.h); a capture takes the next press for the settings screen instead.
///
/// Every press is stamped with the time it began on the input's clock (input_advance); a key's
/// repeats keep the time of its first press. A screen declares when it starts to accept input
/// (input_guard): presses that began before are ignored, so a key held or pressed as a screen
/// opened (at death, on the results) never acts there, however long it is held.
#ifndef ARENA_INPUT_H
#define ARENA_INPUT_H

#include <SDL.h>

#include "input_bind.h"
#include "sim.h"

/// A local player per human the match can have.
#define INPUT_MAX_PLAYERS 8
/// Stick deflection (0..1) below which a stick reads as centred.
#define INPUT_DEAD_ZONE 0.22f
/// Right-stick deflection above which the player aims and fires.
#define INPUT_AIM_FIRE 0.35f
/// Virtual joystick radius in screen pixels: a drag this long is full speed.
#define INPUT_VSTICK_RADIUS 70.0f
/// Mouse aim is measured from this far (screen pixels at zoom 1) above the agent's foot: its
/// chest, where bullets are drawn.
#define INPUT_AIM_HEIGHT 20.0f

typedef enum input_action {
    ACT_UP,
    ACT_DOWN,
    ACT_LEFT,
    ACT_RIGHT, ///< menu navigation
    /// Menus: Enter, Keypad Enter or Space (each only while no bind has it: the keys that move,
    /// blink or fire never confirm), the pad's A; a click confirms what it lands on.
    ACT_CONFIRM,
    ACT_BACK,
    ACT_PAUSE,
    ACT_FULLSCREEN,
    ACT_MUTE,
    ACT_PERF,
    ACT_SPECTATE_NEXT,
    ACT_ZOOM_IN,
    ACT_ZOOM_OUT,
    ACT_HELP,     ///< F1: the controls and the debug overlays
    ACT_CLICK,    ///< a left click or a finger's tap, at click_x, click_y
    ACT_WHEEL_UP, ///< the mouse wheel (without Ctrl): values in menus, the theatre's zoom
    ACT_WHEEL_DOWN,
    /// The replay theatre's transport (fixed keys and pad buttons, read only there; F1 lists
    /// them): arrows and the d-pad seek and change speed, comma and period or LB and RB step a
    /// tick, Page Up/Down or [ ] or X and Y jump between kills, Home and End, C or L3 the free
    /// camera, T or R3 take over.
    ACT_SEEK_BACK,
    ACT_SEEK_FORWARD,
    ACT_SPEED_DOWN,
    ACT_SPEED_UP,
    ACT_STEP_BACK,
    ACT_STEP_FORWARD,
    ACT_PREV_KILL,
    ACT_NEXT_KILL,
    ACT_SEEK_START,
    ACT_SEEK_END,
    ACT_FREE_CAM,
    ACT_TAKE_OVER,
    ACT_PLAY_PAUSE, ///< the theatre: Space, Enter, Keypad Enter or A, whatever the bindings
    ACT_ANY,        ///< any fresh key, pad button or mouse button press (the killcam's skip)
    ACT_COUNT
} input_action;

/// Touch buttons (screen circles at input_touch_button), shown while player 1 plays a match: the
/// blink always, the swap while a weapon to take lies under player 1, and pause (the pause menu,
/// as Esc opens it) always.
typedef enum input_touch {
    INPUT_TOUCH_BLINK,
    INPUT_TOUCH_SWAP,
    INPUT_TOUCH_PAUSE,
    INPUT_TOUCH_COUNT
} input_touch;

/// What a capture (input_capture_begin) has got so far.
typedef enum input_capture {
    INPUT_CAPTURE_OFF,     ///< no capture under way
    INPUT_CAPTURE_WAITING, ///< nothing pressed yet
    INPUT_CAPTURE_KEY,     ///< a bindable key was pressed
    INPUT_CAPTURE_PAD,     ///< a pad button was pressed (on any pad)
    INPUT_CAPTURE_CLEAR,   ///< Backspace or Delete: empty the slot
    INPUT_CAPTURE_CANCEL,  ///< Escape: leave the slot as it was
} input_capture;

typedef struct input_player {
    SDL_GameController *pad;
    SDL_JoystickID pad_id; ///< instance id, -1 when none
    uint8_t pick;          ///< skill chosen since the last frame (1-based), 0 none
    uint8_t slot;          ///< weapon slot chosen since the last frame (1-based), 0 none
    uint8_t use;           ///< carried item chosen to use since the last frame (1-based), 0 none
    int8_t cycle;          ///< since the last take: +1 the next weapon (the wheel down), -1 before
    bool heal;             ///< the heal bind was pressed since the last take
    uint32_t pad_down;     ///< bit b: pad button b is held
    bool trigger_fire;     ///< the right trigger is pulled
    int8_t nav_x, nav_y;   ///< the left stick is past half way for menus (-1, 0, 1)
    /// SIM_BUTTON_BLINK / SIM_BUTTON_SWAP pressed since the last frame (kept for one frame even
    /// when released before it, so a quick tap between two ticks counts).
    uint8_t tapped;
} input_player;

typedef struct input_state {
    input_player players[INPUT_MAX_PLAYERS];
    input_bindings bind;                      ///< keys and pad buttons (input_set_bindings)
    uint8_t keys_down[SDL_NUM_SCANCODES / 8]; ///< bit k: scancode k is held
    input_capture capture;                    ///< the capture under way or its result
    SDL_Scancode capture_key;                 ///< INPUT_CAPTURE_KEY: the key
    SDL_GameControllerButton capture_pad;     ///< INPUT_CAPTURE_PAD: the button
    bool mouse_fire;                          ///< left button held: fire at the cursor
    float mouse_x, mouse_y;
    float click_x, click_y; ///< where the last ACT_CLICK happened (screen)
    bool mouse_aims;        ///< the mouse moved since player 1's pad or a finger was used: it aims
    bool vstick_active;     ///< a drag (right mouse button or a finger) is steering
    SDL_FingerID vstick_finger; ///< the finger that drags, or -1 for the mouse
    double vstick_began;        ///< when it began (a finger's tap clicks when lifted)
    float vstick_x0, vstick_y0; ///< where the drag began (screen)
    float vstick_x, vstick_y;   ///< where it is now
    bool touch_seen;   ///< a touch screen is there or a finger touched: the touch buttons show
    bool swap_offered; ///< the app: a weapon to swap for lies under player 1
    bool playing;      ///< the app: player 1 plays a match on screen (the touch buttons are drawn)
    SDL_FingerID button_finger[INPUT_TOUCH_COUNT]; ///< finger holding each button, or -1
    int actions[ACT_COUNT]; ///< one-shot presses since the last input_take_action
    double clock;           ///< seconds (input_advance): presses are stamped with it
    double accept_from;     ///< presses that began at or before this are ignored (input_guard)
    unsigned not_any;       ///< bit per action whose presses are not also ACT_ANY (input_not_any)
    double key_began[SDL_NUM_SCANCODES]; ///< when each held key was pressed
    unsigned overlay_toggles; ///< bit k: F(4+k) was pressed (debug overlays), cleared by the app
    float idle_seconds;       ///< time since any input at all
    float screen_w, screen_h; ///< for touch coordinates
} input_state;

/// No pads, the default bindings.
void input_init(input_state *in);
/// Keys and pad buttons act through `b` from now on (keys held stay held).
void input_set_bindings(input_state *in, const input_bindings *b);
/// The next key or pad button pressed is captured instead of acted on (no action, no move, no
/// blink): for the settings screen's "press a key". Escape cancels, Backspace and Delete clear
/// the slot; a key that cannot be bound (input_key_bindable) is passed over. The left stick
/// takes no menu steps meanwhile; mouse clicks and the wheel still act (a click elsewhere may
/// cancel: input_capture_cancel).
void input_capture_begin(input_state *in);
/// Where the capture is: INPUT_CAPTURE_OFF or _WAITING, or, once, its result (then it is off
/// again): the key in *key for INPUT_CAPTURE_KEY, the button in *pad for INPUT_CAPTURE_PAD.
input_capture input_capture_take(input_state *in, SDL_Scancode *key, SDL_GameControllerButton *pad);
/// Ends a capture without a result.
void input_capture_cancel(input_state *in);
/// Opens every pad already plugged in and loads extra mappings from `db_path` when it exists.
void input_open_pads(input_state *in, const char *db_path);
void input_close(input_state *in);
/// Feeds one SDL event. Returns true when the event was input.
bool input_handle_event(input_state *in, const SDL_Event *e);
/// Moves the clock on by dt seconds, once a frame before its events: they are stamped with it.
void input_advance(input_state *in, float dt);
/// Input is accepted again only from presses that begin `seconds` from now on (never earlier
/// than an earlier guard allows): presses not taken yet are dropped, keys held now never act
/// (their repeats neither), and presses in the next `seconds` neither. Movement keys held still
/// move in a match (input_frame reads what is held, not presses).
void input_guard(input_state *in, float seconds);
/// Presses that do one of these n actions (the window's own: fullscreen, mute, zoom, help) are
/// not also "any key" (ACT_ANY), and neither are the debug overlays' keys: muting or zooming
/// never skips the killcam.
void input_not_any(input_state *in, const input_action *acts, int n);
/// Forgets the blinks, swaps, reloads, skill, slot and item picks pressed since the last
/// input_frame (they were
/// pressed on a menu or a paused screen).
void input_forget_taps(input_state *in);
/// Consumes one press of an action; true when there was one.
bool input_take_action(input_state *in, input_action a);
/// The input frame of `human` this tick. (player_x, player_y) is where the mouse aims from, in
/// screen pixels: the app passes that human's agent's chest (INPUT_AIM_HEIGHT above its foot).
/// Clears the skill pick, weapon slot and item it reports.
void input_frame(input_state *in, int human, float player_x, float player_y, sim_input *out);
/// What of `human`'s loadout input needs its agent to resolve, since the last call: the weapon
/// slot to cycle to (+1 the next, the wheel down included; -1 the one before, the wheel up; 0 none)
/// and whether heal was pressed.
void input_take_loadout(input_state *in, int human, int *cycle, bool *heal);
/// Player 1's movement as the theatre's free camera reads it (x and y each about -1..1, not
/// normalised): the keys bound to move (but for those the theatre's transport takes, the arrows:
/// they seek and change speed there) plus the first pad's left stick past its dead zone.
vec2s input_pan(const input_state *in);
/// Applies the radial dead zone to a raw stick vector (components -1..1).
vec2s input_dead_zone(vec2s v, float dead);
/// True when human has a pad.
bool input_has_pad(const input_state *in, int human);
/// Where touch button `b` is on a screen of the state's size: centre and radius in pixels.
void input_touch_button(const input_state *in, input_touch b, float *x, float *y, float *r);
/// True when touch button `b` is shown (and takes taps): while player 1 plays, the blink and
/// pause once a touch screen is known (from the start, or since a finger touched), the swap also
/// only while a weapon is offered. On other screens a tap there is a menu's.
bool input_touch_shown(const input_state *in, input_touch b);

#endif
