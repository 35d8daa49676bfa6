#include "input.h"

#include <math.h>
#include <string.h>

void input_init(input_state *in) {
    memset(in, 0, sizeof *in);
    for (int i = 0; i < INPUT_MAX_PLAYERS; i++) in->players[i].pad_id = -1;
    in->vstick_finger = -1;
    for (int b = 0; b < INPUT_TOUCH_COUNT; b++) in->button_finger[b] = -1;
    in->mouse_aims = true;
    in->accept_from = -1.0; // presses at clock 0 count
    input_bindings_default(&in->bind);
}

void input_advance(input_state *in, float dt) {
    in->clock += dt;
}

void input_guard(input_state *in, float seconds) {
    in->accept_from = fmax(in->accept_from, in->clock + seconds);
    memset(in->actions, 0, sizeof in->actions);
}

static void attach_pad(input_state *in, int device_index) {
    if (!SDL_IsGameController(device_index)) return;
    SDL_JoystickID id = SDL_JoystickGetDeviceInstanceID(device_index);
    for (int i = 0; i < INPUT_MAX_PLAYERS; i++)
        if (in->players[i].pad_id == id) return; // already open
    for (int i = 0; i < INPUT_MAX_PLAYERS; i++) {
        if (in->players[i].pad) continue;
        SDL_GameController *pad = SDL_GameControllerOpen(device_index);
        if (!pad) return;
        in->players[i].pad = pad;
        in->players[i].pad_id = id;
        return;
    }
}

static void detach_pad(input_state *in, SDL_JoystickID id) {
    for (int i = 0; i < INPUT_MAX_PLAYERS; i++) {
        input_player *p = &in->players[i];
        if (p->pad_id != id) continue;
        SDL_GameControllerClose(p->pad);
        p->pad = NULL;
        p->pad_id = -1;
        p->pad_down = 0;
        p->trigger_fire = false;
        p->nav_x = p->nav_y = 0;
    }
}

void input_open_pads(input_state *in, const char *db_path) {
    if (db_path && SDL_GameControllerAddMappingsFromFile(db_path) < 0) SDL_ClearError();
    if (SDL_GetNumTouchDevices() > 0) in->touch_seen = true; // show the touch buttons at once
    for (int i = 0; i < SDL_NumJoysticks(); i++) attach_pad(in, i);
}

void input_close(input_state *in) {
    for (int i = 0; i < INPUT_MAX_PLAYERS; i++)
        if (in->players[i].pad) detach_pad(in, in->players[i].pad_id);
}

bool input_has_pad(const input_state *in, int human) {
    return human >= 0 && human < INPUT_MAX_PLAYERS && in->players[human].pad != NULL;
}

static int player_of_pad(const input_state *in, SDL_JoystickID id) {
    for (int i = 0; i < INPUT_MAX_PLAYERS; i++)
        if (in->players[i].pad_id == id) return i;
    return -1;
}

void input_set_bindings(input_state *in, const input_bindings *b) {
    in->bind = *b;
}

void input_capture_begin(input_state *in) {
    in->capture = INPUT_CAPTURE_WAITING;
}

void input_capture_cancel(input_state *in) {
    in->capture = INPUT_CAPTURE_OFF;
}

input_capture input_capture_take(input_state *in, SDL_Scancode *key,
                                 SDL_GameControllerButton *pad) {
    input_capture c = in->capture;
    if (c == INPUT_CAPTURE_KEY) *key = in->capture_key;
    if (c == INPUT_CAPTURE_PAD) *pad = in->capture_pad;
    if (c != INPUT_CAPTURE_WAITING) in->capture = INPUT_CAPTURE_OFF;
    return c;
}

static bool key_down(const input_state *in, SDL_Scancode k) {
    return k > SDL_SCANCODE_UNKNOWN && k < SDL_NUM_SCANCODES &&
           (in->keys_down[k >> 3] >> (k & 7) & 1u);
}

/// A bound key of `bind` is held (player 1's keyboard).
static bool key_bind_held(const input_state *in, input_bind bind) {
    for (int s = 0; s < INPUT_BIND_KEYS; s++)
        if (key_down(in, in->bind.keys[bind][s])) return true;
    return false;
}

/// A bound button of `bind` is held on player p's pad.
static bool pad_bind_held(const input_state *in, const input_player *p, input_bind bind) {
    for (int s = 0; s < INPUT_BIND_PADS; s++) {
        unsigned b = (unsigned)in->bind.pad[bind][s];
        if (b < 32 && (p->pad_down >> b & 1u)) return true;
    }
    return false;
}

/// Actions pressed by one key or button event, as a bit set, so a key that is both a fixed menu
/// key and bound to the same action (Escape pauses both ways) presses it once.
typedef unsigned action_set;
#define ACT_BIT(a) (1u << (a))
_Static_assert(ACT_COUNT <= 32, "an action_set holds every action");

void input_not_any(input_state *in, const input_action *acts, int n) {
    in->not_any = 0;
    for (int i = 0; i < n; i++) in->not_any |= ACT_BIT(acts[i]);
}

/// Counts the presses of a press that began at `began`, unless a guard excludes it.
static void press_all(input_state *in, action_set acts, double began) {
    if (began <= in->accept_from) return;
    if (acts & in->not_any) acts &= ~ACT_BIT(ACT_ANY);
    for (int a = 0; a < ACT_COUNT; a++)
        if (acts & ACT_BIT(a)) in->actions[a]++;
}

/// What pressing a key or pad button bound to `bind` does for player p. Movement also navigates
/// menus, and does so on key repeat too; everything else only on a fresh press.
static action_set bound_press(input_state *in, int p, input_bind bind, bool repeat) {
    static const int8_t action[BIND_COUNT] = {
        [BIND_UP] = ACT_UP,
        [BIND_DOWN] = ACT_DOWN,
        [BIND_LEFT] = ACT_LEFT,
        [BIND_RIGHT] = ACT_RIGHT,
        [BIND_FIRE] = -1,
        [BIND_BLINK] = -1,
        [BIND_SWAP] = -1,
        [BIND_RELOAD] = -1,
        [BIND_SLOT_1] = -1,
        [BIND_SLOT_2] = -1,
        [BIND_SLOT_3] = -1,
        [BIND_SLOT_NEXT] = -1,
        [BIND_BANDAGE] = -1,
        [BIND_MEDKIT] = -1,
        [BIND_CELL] = -1,
        [BIND_HEAL] = -1,
        [BIND_SKILL_1] = -1,
        [BIND_SKILL_2] = -1,
        [BIND_SKILL_3] = -1,
        [BIND_SKILL_4] = -1,
        [BIND_SKILL_5] = -1,
        [BIND_SKILL_6] = -1,
        [BIND_PAUSE] = ACT_PAUSE,
        [BIND_SPECTATE_NEXT] = ACT_SPECTATE_NEXT,
        [BIND_ZOOM_IN] = ACT_ZOOM_IN,
        [BIND_ZOOM_OUT] = ACT_ZOOM_OUT,
        [BIND_MUTE] = ACT_MUTE,
        [BIND_HELP] = ACT_HELP,
        [BIND_PERF] = ACT_PERF,
        [BIND_FULLSCREEN] = ACT_FULLSCREEN,
    };
    bool move = bind <= BIND_RIGHT;
    if (repeat && !move) return 0;
    input_player *pl = &in->players[p];
    if (bind == BIND_BLINK) pl->tapped |= SIM_BUTTON_BLINK;
    if (bind == BIND_SWAP) pl->tapped |= SIM_BUTTON_SWAP;
    if (bind == BIND_RELOAD) pl->tapped |= SIM_BUTTON_RELOAD;
    if (bind >= BIND_SLOT_1 && bind <= BIND_SLOT_3) pl->slot = (uint8_t)(1 + bind - BIND_SLOT_1);
    if (bind == BIND_SLOT_NEXT) pl->cycle = 1;
    if (bind >= BIND_BANDAGE && bind <= BIND_CELL) pl->use = (uint8_t)(1 + bind - BIND_BANDAGE);
    if (bind == BIND_HEAL) pl->heal = true;
    if (bind >= BIND_SKILL_1 && bind <= BIND_SKILL_6) pl->pick = (uint8_t)(1 + bind - BIND_SKILL_1);
    return action[bind] >= 0 ? ACT_BIT(action[bind]) : 0;
}

/// Some bind has key k.
static bool key_bound(const input_state *in, SDL_Scancode k) {
    for (int b = 0; b < BIND_COUNT; b++)
        for (int s = 0; s < INPUT_BIND_KEYS; s++)
            if (in->bind.keys[b][s] == k) return true;
    return false;
}

/// Keys that work whatever the bindings: menus (arrows, Enter, Space, Escape, Backspace),
/// Escape's pause, Alt+Enter, and the debug overlays. Enter and Space confirm only while no
/// bind has them: a key pressed to blink or move never says yes to a question.
static action_set fixed_key(input_state *in, const SDL_Keysym *k, bool repeat) {
    switch (k->scancode) { // menus repeat the arrows while held, the theatre the steps
    case SDL_SCANCODE_UP:
        return ACT_BIT(ACT_UP) | (repeat ? 0 : ACT_BIT(ACT_SPEED_UP));
    case SDL_SCANCODE_DOWN:
        return ACT_BIT(ACT_DOWN) | (repeat ? 0 : ACT_BIT(ACT_SPEED_DOWN));
    case SDL_SCANCODE_LEFT:
        return ACT_BIT(ACT_LEFT) | ACT_BIT(ACT_SEEK_BACK);
    case SDL_SCANCODE_RIGHT:
        return ACT_BIT(ACT_RIGHT) | ACT_BIT(ACT_SEEK_FORWARD);
    case SDL_SCANCODE_COMMA:
        return ACT_BIT(ACT_STEP_BACK);
    case SDL_SCANCODE_PERIOD:
        return ACT_BIT(ACT_STEP_FORWARD);
    default:
        break;
    }
    if (repeat) return 0;
    switch (k->scancode) {
    case SDL_SCANCODE_PAGEUP:
    case SDL_SCANCODE_LEFTBRACKET:
        return ACT_BIT(ACT_PREV_KILL);
    case SDL_SCANCODE_PAGEDOWN:
    case SDL_SCANCODE_RIGHTBRACKET:
        return ACT_BIT(ACT_NEXT_KILL);
    case SDL_SCANCODE_HOME:
        return ACT_BIT(ACT_SEEK_START);
    case SDL_SCANCODE_END:
        return ACT_BIT(ACT_SEEK_END);
    case SDL_SCANCODE_C:
        return ACT_BIT(ACT_FREE_CAM);
    case SDL_SCANCODE_T:
        return ACT_BIT(ACT_TAKE_OVER);
    case SDL_SCANCODE_RETURN:
    case SDL_SCANCODE_KP_ENTER:
        if (k->mod & KMOD_ALT) return ACT_BIT(ACT_FULLSCREEN);
        return ACT_BIT(ACT_PLAY_PAUSE) | (key_bound(in, k->scancode) ? 0 : ACT_BIT(ACT_CONFIRM));
    case SDL_SCANCODE_SPACE:
        return ACT_BIT(ACT_PLAY_PAUSE) | (key_bound(in, k->scancode) ? 0 : ACT_BIT(ACT_CONFIRM));
    case SDL_SCANCODE_ESCAPE:
        return ACT_BIT(ACT_PAUSE) | ACT_BIT(ACT_BACK);
    case SDL_SCANCODE_BACKSPACE:
        return ACT_BIT(ACT_BACK);
    case SDL_SCANCODE_F2: // F11 is fullscreen, so the eighth overlay is on F2
        in->overlay_toggles ^= 1u << 7;
        return 0;
    default:
        if (k->scancode >= SDL_SCANCODE_F4 && k->scancode <= SDL_SCANCODE_F10)
            in->overlay_toggles ^= 1u << (k->scancode - SDL_SCANCODE_F4);
        return 0;
    }
}

static void capture_key(input_state *in, SDL_Scancode k) {
    if (k == SDL_SCANCODE_ESCAPE) {
        in->capture = INPUT_CAPTURE_CANCEL;
    } else if (k == SDL_SCANCODE_BACKSPACE || k == SDL_SCANCODE_DELETE) {
        in->capture = INPUT_CAPTURE_CLEAR;
    } else if (input_key_bindable(k)) {
        in->capture = INPUT_CAPTURE_KEY;
        in->capture_key = k;
    }
}

static void key(input_state *in, const SDL_KeyboardEvent *k, bool down) {
    SDL_Scancode sc = k->keysym.scancode;
    if (sc <= SDL_SCANCODE_UNKNOWN || sc >= SDL_NUM_SCANCODES) return;
    if (down && in->capture == INPUT_CAPTURE_WAITING) { // taken, not acted on, not held
        if (!k->repeat) capture_key(in, sc);
        return;
    }
    uint8_t bit = (uint8_t)(1u << (sc & 7));
    in->keys_down[sc >> 3] =
        (uint8_t)(down ? in->keys_down[sc >> 3] | bit : in->keys_down[sc >> 3] & ~bit);
    if (!down) return;
    // A repeat is the same press as the key's first: it began then (a key already held when the
    // window got it began before any guard).
    if (!k->repeat) in->key_began[sc] = in->clock;
    const unsigned overlays = in->overlay_toggles;
    action_set acts = fixed_key(in, &k->keysym, k->repeat);
    if (!k->repeat && in->overlay_toggles == overlays) acts |= ACT_BIT(ACT_ANY);
    for (int b = 0; b < BIND_COUNT; b++)
        for (int s = 0; s < INPUT_BIND_KEYS; s++)
            if (in->bind.keys[b][s] == sc) {
                acts |= bound_press(in, 0, (input_bind)b, k->repeat);
                break; // both slots on one key count once
            }
    press_all(in, acts, in->key_began[sc]);
}

/// Pad buttons act through the bindings; A confirm, B back, Start pause and the d-pad's menu
/// navigation are fixed.
static void pad_button(input_state *in, const SDL_ControllerButtonEvent *b, bool down) {
    int p = player_of_pad(in, b->which);
    if (p < 0) return;
    if (p == 0) in->mouse_aims = false;
    if (down && in->capture == INPUT_CAPTURE_WAITING) {
        in->capture = INPUT_CAPTURE_PAD;
        in->capture_pad = (SDL_GameControllerButton)b->button;
        return;
    }
    input_player *pl = &in->players[p];
    if (b->button < 32)
        pl->pad_down = down ? pl->pad_down | 1u << b->button : pl->pad_down & ~(1u << b->button);
    if (!down) return;
    action_set acts = ACT_BIT(ACT_ANY);
    switch (b->button) {
    case SDL_CONTROLLER_BUTTON_A:
        acts |= ACT_BIT(ACT_CONFIRM) | ACT_BIT(ACT_PLAY_PAUSE);
        break;
    case SDL_CONTROLLER_BUTTON_B:
        acts |= ACT_BIT(ACT_BACK);
        break;
    case SDL_CONTROLLER_BUTTON_START:
        acts |= ACT_BIT(ACT_PAUSE);
        break;
    case SDL_CONTROLLER_BUTTON_DPAD_UP:
        acts |= ACT_BIT(ACT_UP) | ACT_BIT(ACT_SPEED_UP);
        break;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN:
        acts |= ACT_BIT(ACT_DOWN) | ACT_BIT(ACT_SPEED_DOWN);
        break;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT:
        acts |= ACT_BIT(ACT_LEFT) | ACT_BIT(ACT_SEEK_BACK);
        break;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT:
        acts |= ACT_BIT(ACT_RIGHT) | ACT_BIT(ACT_SEEK_FORWARD);
        break;
    case SDL_CONTROLLER_BUTTON_LEFTSHOULDER:
        acts |= ACT_BIT(ACT_STEP_BACK);
        break;
    case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER:
        acts |= ACT_BIT(ACT_STEP_FORWARD);
        break;
    case SDL_CONTROLLER_BUTTON_X:
        acts |= ACT_BIT(ACT_PREV_KILL);
        break;
    case SDL_CONTROLLER_BUTTON_Y:
        acts |= ACT_BIT(ACT_NEXT_KILL);
        break;
    case SDL_CONTROLLER_BUTTON_LEFTSTICK:
        acts |= ACT_BIT(ACT_FREE_CAM);
        break;
    case SDL_CONTROLLER_BUTTON_RIGHTSTICK:
        acts |= ACT_BIT(ACT_TAKE_OVER);
        break;
    default:
        break;
    }
    for (int bind = 0; bind < BIND_COUNT; bind++)
        for (int s = 0; s < INPUT_BIND_PADS; s++)
            if ((int)in->bind.pad[bind][s] == b->button) {
                acts |= bound_press(in, p, (input_bind)bind, false);
                break;
            }
    press_all(in, acts, in->clock);
}

/// The left stick navigates menus: one press each time it is pushed past half way.
static void stick_nav(input_state *in, int value, int8_t *held, input_action neg,
                      input_action pos) {
    int8_t now = value < -16000 ? -1 : value > 16000 ? 1 : 0;
    if (now && now != *held && in->capture != INPUT_CAPTURE_WAITING)
        press_all(in, ACT_BIT(now < 0 ? neg : pos), in->clock);
    *held = now;
}

void input_touch_button(const input_state *in, input_touch b, float *x, float *y, float *r) {
    if (b == INPUT_TOUCH_PAUSE) {
        // At the top, left of the match panel and of the muted icon beside it: away from the
        // thumbs, so a fight never pauses by mistake.
        *x = in->screen_w - 394.0f;
        *y = 40.0f;
        *r = 28.0f;
        return;
    }
    // Bottom right, above the minimap, where the right thumb rests; the drag stick takes the
    // rest of the screen.
    *x = in->screen_w - (b == INPUT_TOUCH_BLINK ? 120.0f : 240.0f);
    *y = in->screen_h - (b == INPUT_TOUCH_BLINK ? 300.0f : 280.0f);
    *r = b == INPUT_TOUCH_BLINK ? 46.0f : 38.0f;
}

bool input_touch_shown(const input_state *in, input_touch b) {
    return in->touch_seen && in->playing && (b != INPUT_TOUCH_SWAP || in->swap_offered);
}

/// A finger landing on a shown touch button presses it (and neither steers nor confirms): the
/// blink and the swap are buttons of the match, pause is the menu's action.
static bool touch_button_down(input_state *in, const SDL_TouchFingerEvent *f) {
    static const uint8_t bits[INPUT_TOUCH_COUNT] = {SIM_BUTTON_BLINK, SIM_BUTTON_SWAP, 0};
    float fx = f->x * in->screen_w, fy = f->y * in->screen_h;
    for (int b = 0; b < INPUT_TOUCH_COUNT; b++) {
        float x, y, r;
        input_touch_button(in, (input_touch)b, &x, &y, &r);
        if (!input_touch_shown(in, (input_touch)b) ||
            (fx - x) * (fx - x) + (fy - y) * (fy - y) > r * r)
            continue;
        in->button_finger[b] = f->fingerId;
        in->players[0].tapped |= bits[b];
        if (b == INPUT_TOUCH_PAUSE) in->actions[ACT_PAUSE]++;
        return true;
    }
    return false;
}

bool input_handle_event(input_state *in, const SDL_Event *e) {
    switch (e->type) {
    case SDL_KEYDOWN:
        key(in, &e->key, true);
        break;
    case SDL_KEYUP:
        key(in, &e->key, false);
        break;
    case SDL_MOUSEMOTION:
        if (e->motion.which == SDL_TOUCH_MOUSEID) return false;
        in->mouse_x = (float)e->motion.x;
        in->mouse_y = (float)e->motion.y;
        in->mouse_aims = true;
        if (in->vstick_active && in->vstick_finger == -1) {
            in->vstick_x = in->mouse_x;
            in->vstick_y = in->mouse_y;
        }
        break;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP: {
        if (e->button.which == SDL_TOUCH_MOUSEID) return false;
        bool down = e->type == SDL_MOUSEBUTTONDOWN;
        in->mouse_x = (float)e->button.x;
        in->mouse_y = (float)e->button.y;
        in->mouse_aims = true;
        if (e->button.button == SDL_BUTTON_LEFT) {
            in->mouse_fire = down;
            if (down) {
                in->click_x = in->mouse_x;
                in->click_y = in->mouse_y;
                press_all(in, ACT_BIT(ACT_CLICK) | ACT_BIT(ACT_ANY), in->clock);
            }
        } else if (e->button.button == SDL_BUTTON_RIGHT) {
            if (down) press_all(in, ACT_BIT(ACT_ANY), in->clock);
            in->vstick_active = down;
            in->vstick_finger = -1;
            in->vstick_x0 = in->vstick_x = in->mouse_x;
            in->vstick_y0 = in->vstick_y = in->mouse_y;
        }
        break;
    }
    case SDL_MOUSEWHEEL:
        // With Ctrl it zooms; else it changes menu values and, in a match, the weapon slot
        // (down: the next one).
        if (key_down(in, SDL_SCANCODE_LCTRL) || key_down(in, SDL_SCANCODE_RCTRL)) {
            if (e->wheel.y > 0) press_all(in, ACT_BIT(ACT_ZOOM_IN), in->clock);
            if (e->wheel.y < 0) press_all(in, ACT_BIT(ACT_ZOOM_OUT), in->clock);
            break;
        }
        if (e->wheel.y > 0) press_all(in, ACT_BIT(ACT_WHEEL_UP), in->clock);
        if (e->wheel.y < 0) press_all(in, ACT_BIT(ACT_WHEEL_DOWN), in->clock);
        if (in->clock > in->accept_from && e->wheel.y != 0)
            in->players[0].cycle = (int8_t)(e->wheel.y < 0 ? 1 : -1);
        break;
    case SDL_FINGERDOWN:
        in->mouse_aims = false;
        in->touch_seen = true;
        if (touch_button_down(in, &e->tfinger)) break;
        if (!in->vstick_active) {
            in->vstick_active = true;
            in->vstick_finger = e->tfinger.fingerId;
            in->vstick_began = in->clock;
            in->vstick_x0 = in->vstick_x = e->tfinger.x * in->screen_w;
            in->vstick_y0 = in->vstick_y = e->tfinger.y * in->screen_h;
        }
        break;
    case SDL_FINGERMOTION:
        if (in->vstick_active && in->vstick_finger == e->tfinger.fingerId) {
            in->vstick_x = e->tfinger.x * in->screen_w;
            in->vstick_y = e->tfinger.y * in->screen_h;
        }
        break;
    case SDL_FINGERUP:
        for (int b = 0; b < INPUT_TOUCH_COUNT; b++)
            if (in->button_finger[b] == e->tfinger.fingerId) in->button_finger[b] = -1;
        if (in->vstick_active && in->vstick_finger == e->tfinger.fingerId) {
            in->vstick_active = false;
            // A tap (a drag that hardly moved) clicks where it began: menus take it like the
            // mouse's click.
            float dx = in->vstick_x - in->vstick_x0, dy = in->vstick_y - in->vstick_y0;
            if (dx * dx + dy * dy < 24.0f * 24.0f) {
                in->click_x = in->vstick_x0;
                in->click_y = in->vstick_y0;
                press_all(in, ACT_BIT(ACT_CLICK) | ACT_BIT(ACT_ANY), in->vstick_began);
            }
        }
        break;
    case SDL_CONTROLLERDEVICEADDED:
        attach_pad(in, e->cdevice.which);
        break;
    case SDL_CONTROLLERDEVICEREMOVED:
        detach_pad(in, e->cdevice.which);
        break;
    case SDL_CONTROLLERBUTTONDOWN:
        pad_button(in, &e->cbutton, true);
        break;
    case SDL_CONTROLLERBUTTONUP:
        pad_button(in, &e->cbutton, false);
        break;
    case SDL_CONTROLLERAXISMOTION: {
        int p = player_of_pad(in, e->caxis.which);
        if (p == 0 && abs(e->caxis.value) > (int)(INPUT_DEAD_ZONE * 32767.0f))
            in->mouse_aims = false; // player 1 plays with the pad: no crosshair
        if (p < 0) break;
        input_player *pl = &in->players[p];
        if (e->caxis.axis == SDL_CONTROLLER_AXIS_TRIGGERRIGHT)
            pl->trigger_fire = e->caxis.value > 12000;
        if (e->caxis.axis == SDL_CONTROLLER_AXIS_LEFTX)
            stick_nav(in, e->caxis.value, &pl->nav_x, ACT_LEFT, ACT_RIGHT);
        if (e->caxis.axis == SDL_CONTROLLER_AXIS_LEFTY)
            stick_nav(in, e->caxis.value, &pl->nav_y, ACT_UP, ACT_DOWN);
        break;
    }
    default:
        return false;
    }
    in->idle_seconds = 0.0f;
    return true;
}

void input_forget_taps(input_state *in) {
    for (int p = 0; p < INPUT_MAX_PLAYERS; p++) {
        in->players[p].tapped = 0;
        in->players[p].pick = 0;
        in->players[p].slot = in->players[p].use = 0;
        in->players[p].cycle = 0;
        in->players[p].heal = false;
    }
}

bool input_take_action(input_state *in, input_action a) {
    if (in->actions[a] <= 0) return false;
    in->actions[a]--;
    return true;
}

vec2s input_dead_zone(vec2s v, float dead) {
    float len = sqrtf(v.x * v.x + v.y * v.y);
    if (!(len > dead)) return (vec2s){{0, 0}};
    float scaled = (len - dead) / (1.0f - dead);
    if (scaled > 1.0f) scaled = 1.0f;
    return (vec2s){{v.x / len * scaled, v.y / len * scaled}};
}

static vec2s pad_stick(SDL_GameController *pad, SDL_GameControllerAxis ax,
                       SDL_GameControllerAxis ay) {
    vec2s v = {{(float)SDL_GameControllerGetAxis(pad, ax) / 32767.0f,
                (float)SDL_GameControllerGetAxis(pad, ay) / 32767.0f}};
    return input_dead_zone(v, INPUT_DEAD_ZONE);
}

/// A key the theatre's transport reads (fixed_key), which never pans its camera.
static bool transport_key(SDL_Scancode k) {
    return k == SDL_SCANCODE_UP || k == SDL_SCANCODE_DOWN || k == SDL_SCANCODE_LEFT ||
           k == SDL_SCANCODE_RIGHT;
}

/// A bound key of `bind` that is not a transport key is held.
static bool pan_key_held(const input_state *in, input_bind bind) {
    for (int s = 0; s < INPUT_BIND_KEYS; s++)
        if (!transport_key(in->bind.keys[bind][s]) && key_down(in, in->bind.keys[bind][s]))
            return true;
    return false;
}

vec2s input_pan(const input_state *in) {
    vec2s v = {{(float)pan_key_held(in, BIND_RIGHT) - (float)pan_key_held(in, BIND_LEFT),
                (float)pan_key_held(in, BIND_DOWN) - (float)pan_key_held(in, BIND_UP)}};
    SDL_GameController *pad = in->players[0].pad;
    if (pad)
        v = glms_vec2_add(v, pad_stick(pad, SDL_CONTROLLER_AXIS_LEFTX, SDL_CONTROLLER_AXIS_LEFTY));
    return v;
}

void input_frame(input_state *in, int human, float player_x, float player_y, sim_input *out) {
    memset(out, 0, sizeof *out);
    input_player *p = &in->players[human];
    vec2s move = {{0, 0}}, aim = {{0, 0}};
    bool fire = false;
    if (p->pad) {
        move = pad_stick(p->pad, SDL_CONTROLLER_AXIS_LEFTX, SDL_CONTROLLER_AXIS_LEFTY);
        vec2s buttons = {
            {(float)pad_bind_held(in, p, BIND_RIGHT) - (float)pad_bind_held(in, p, BIND_LEFT),
             (float)pad_bind_held(in, p, BIND_DOWN) - (float)pad_bind_held(in, p, BIND_UP)}};
        if (buttons.x != 0 || buttons.y != 0) move = glms_vec2_normalize(buttons);
        vec2s right = pad_stick(p->pad, SDL_CONTROLLER_AXIS_RIGHTX, SDL_CONTROLLER_AXIS_RIGHTY);
        if (glms_vec2_norm(right) > INPUT_AIM_FIRE) {
            aim = right;
            fire = true;
        }
        // The fire button alone fires along the facing; with no aim the sim auto-aims.
        if (p->trigger_fire || pad_bind_held(in, p, BIND_FIRE)) fire = true;
    }
    if (human == 0) {
        vec2s keys = {{(float)key_bind_held(in, BIND_RIGHT) - (float)key_bind_held(in, BIND_LEFT),
                       (float)key_bind_held(in, BIND_DOWN) - (float)key_bind_held(in, BIND_UP)}};
        if (keys.x != 0 || keys.y != 0) move = glms_vec2_normalize(keys);
        if (in->vstick_active) {
            vec2s d = {{(in->vstick_x - in->vstick_x0) / INPUT_VSTICK_RADIUS,
                        (in->vstick_y - in->vstick_y0) / INPUT_VSTICK_RADIUS}};
            move = input_dead_zone(d, 0.1f);
        }
        if (key_bind_held(in, BIND_FIRE)) fire = true;
        if (in->mouse_fire) {
            aim = (vec2s){{in->mouse_x - player_x, in->mouse_y - player_y}};
            fire = true;
        }
    }
    // The blink and the swap: held buttons, and presses since the last frame.
    uint8_t held = p->tapped;
    if (pad_bind_held(in, p, BIND_BLINK)) held |= SIM_BUTTON_BLINK;
    if (pad_bind_held(in, p, BIND_SWAP)) held |= SIM_BUTTON_SWAP;
    if (pad_bind_held(in, p, BIND_RELOAD)) held |= SIM_BUTTON_RELOAD;
    if (human == 0) {
        if (key_bind_held(in, BIND_RELOAD)) held |= SIM_BUTTON_RELOAD;
        if (key_bind_held(in, BIND_BLINK) || in->button_finger[INPUT_TOUCH_BLINK] != -1)
            held |= SIM_BUTTON_BLINK;
        if (key_bind_held(in, BIND_SWAP) || in->button_finger[INPUT_TOUCH_SWAP] != -1)
            held |= SIM_BUTTON_SWAP;
    }
    p->tapped = 0;
    sim_input_set_move(out, move);
    sim_input_set_aim(out, aim);
    if (fire) out->buttons |= SIM_BUTTON_FIRE;
    out->buttons |= held;
    out->skill_pick = p->pick;
    out->slot = p->slot;
    out->use = p->use;
    p->pick = p->slot = p->use = 0;
}

void input_take_loadout(input_state *in, int human, int *cycle, bool *heal) {
    input_player *p = &in->players[human];
    *cycle = p->cycle;
    *heal = p->heal;
    p->cycle = 0;
    p->heal = false;
}
