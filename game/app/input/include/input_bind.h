/// Key and pad bindings: which keys and pad buttons do what in a match, as a table the player can
/// change (the settings screen) and the settings file stores. Keys are scancodes, so they name a
/// position on the keyboard, not a letter: WASD stays under the left hand on AZERTY too.
///
/// What is not in the table, and always works whatever the bindings (input.c):
/// - menus: the arrows, Enter and Keypad Enter and Space (confirm, each only while no bind has
///   it), Escape and Backspace (back); on a pad the d-pad and the left stick, A (confirm), B
///   (back) and Start (pause). The bound movement keys and pad buttons navigate menus too.
/// - Escape also always pauses (the way out of a match never depends on the bindings), and so
///   does Start on a pad; Alt+Enter toggles fullscreen.
/// - the mouse: the left button fires at the cursor (a click in menus), the right button drags
///   the virtual stick, the wheel cycles the weapon slots in a match (values in menus) and
///   zooms with Ctrl held; a pad's left stick moves, its right stick aims and fires, its right
///   trigger fires; touch as before.
/// - the debug overlays: F2 and F4 to F10.
#ifndef ARENA_INPUT_BIND_H
#define ARENA_INPUT_BIND_H

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

/// What a key or pad button can be bound to. The order is the settings screen's and the file's.
typedef enum input_bind {
    BIND_UP,
    BIND_DOWN,
    BIND_LEFT,
    BIND_RIGHT,
    BIND_FIRE, ///< fire ahead (with no aim the sim aims at the nearest enemy in sight)
    BIND_BLINK,
    BIND_SWAP,
    BIND_RELOAD,
    BIND_SLOT_1, ///< hold weapon slot 1, 2 (found weapons) or 3 (the pistol)
    BIND_SLOT_2,
    BIND_SLOT_3,
    BIND_SLOT_NEXT, ///< the next weapon slot that holds one (the wheel cycles too)
    BIND_BANDAGE,   ///< use a carried bandage, medkit, shield cell
    BIND_MEDKIT,
    BIND_CELL,
    BIND_HEAL, ///< use the item that helps most now
    BIND_SKILL_1,
    BIND_SKILL_2,
    BIND_SKILL_3,
    BIND_SKILL_4,
    BIND_SKILL_5,
    BIND_SKILL_6,
    BIND_PAUSE, ///< besides Escape and Start, which always pause
    BIND_SPECTATE_NEXT,
    BIND_ZOOM_IN,
    BIND_ZOOM_OUT,
    BIND_MUTE,
    BIND_HELP,
    BIND_PERF,
    BIND_FULLSCREEN,
    BIND_COUNT
} input_bind;

/// Keys per bind (W and Up both move up) and pad buttons per bind (A and LB both blink).
#define INPUT_BIND_KEYS 2
#define INPUT_BIND_PADS 2

/// The bindings. SDL_SCANCODE_UNKNOWN is an empty key slot, SDL_CONTROLLER_BUTTON_INVALID an
/// empty pad slot. Every pad uses the same pad bindings.
typedef struct input_bindings {
    SDL_Scancode keys[BIND_COUNT][INPUT_BIND_KEYS];
    SDL_GameControllerButton pad[BIND_COUNT][INPUT_BIND_PADS];
} input_bindings;

/// The layout the game ships with. Keyboard: WASD and the arrows move, Space and Left Shift
/// blink, E swaps, R reloads, 1-3 hold a weapon slot, Q the next one, 4-6 use a bandage, medkit,
/// shield cell, H heals, Z X C V B N pick skills 1-6, Escape pauses, Tab spectates, = and
/// Keypad + zoom in, - and Keypad - zoom out, M mutes, F1 help, F3 timings, F11 fullscreen; fire
/// has no key (the mouse fires). Pad: RB fires, A blinks, B swaps, X reloads, Y the next weapon
/// slot, LB heals, d-pad up/right/down/left and the left and right stick clicks pick skills 1-6,
/// Start pauses, Back spectates.
void input_bindings_default(input_bindings *b);

/// What the bind does, for people: "Move up", "Blink", "Skill 3", ...
const char *input_bind_label(input_bind b);
/// The bind's name in the settings file: "up", "blink", "skill3", ...
const char *input_bind_id(input_bind b);

/// Another bind that has the key in `slot` of `bind`, or -1 (also for an empty slot). The same key
/// in both slots of one bind is no conflict.
int input_bind_conflict_key(const input_bindings *b, input_bind bind, int slot);
/// Another bind that has the pad button in `slot` of `bind`, or -1.
int input_bind_conflict_pad(const input_bindings *b, input_bind bind, int slot);

/// True when a key can be bound: it has a name that reads back as the same key (226 of SDL's
/// scancodes; not SDL_SCANCODE_UNKNOWN).
bool input_key_bindable(SDL_Scancode k);
/// A key's name, as the file stores it and a person reads it: SDL's ("W", "Left Shift",
/// "Keypad +"), or "none" for an empty slot or a key that cannot be bound.
const char *input_key_name(SDL_Scancode k);
/// Reads a key's name (SDL's) or "none" (SDL_SCANCODE_UNKNOWN), in any case. False otherwise.
bool input_key_from_name(const char *name, SDL_Scancode *k);

/// A pad button's name in the file: SDL's ("a", "leftshoulder", "dpup"), or "none".
const char *input_pad_name(SDL_GameControllerButton b);
/// Reads a pad button's file name or "none" (SDL_CONTROLLER_BUTTON_INVALID), in any case.
bool input_pad_from_name(const char *name, SDL_GameControllerButton *b);
/// A pad button for people: "A", "LB", "D-pad up", "Start", ... or "none".
const char *input_pad_label(SDL_GameControllerButton b);

/// The keys of a bind for people, for help, the HUD and the settings screen: "Space or Left
/// Shift", "E", or "unbound". Written into buf (n bytes, cut to fit); returns buf.
const char *input_bind_keys_text(const input_bindings *b, input_bind bind, char *buf, size_t n);
/// The same for its pad buttons: "A or LB", "RB", or "unbound".
const char *input_bind_pad_text(const input_bindings *b, input_bind bind, char *buf, size_t n);

#endif
