#include "input.h"

#include <math.h>
#include <string.h>

void input_init(input_state *in) {
    memset(in, 0, sizeof *in);
    for (int i = 0; i < INPUT_MAX_PLAYERS; i++) in->players[i].pad_id = -1;
    in->vstick_finger = -1;
    for (int b = 0; b < INPUT_TOUCH_COUNT; b++) in->button_finger[b] = -1;
    in->mouse_aims = true;
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
        p->fire_held = p->blink_held = p->swap_held = false;
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

static void press(input_state *in, input_action a) {
    in->actions[a]++;
}

static void key(input_state *in, const SDL_KeyboardEvent *k, bool down) {
    SDL_Keycode sym = k->keysym.sym;
    switch (sym) {
    case SDLK_w:
    case SDLK_UP:
        in->up = down;
        break;
    case SDLK_s:
    case SDLK_DOWN:
        in->down = down;
        break;
    case SDLK_a:
    case SDLK_LEFT:
        in->left = down;
        break;
    case SDLK_d:
    case SDLK_RIGHT:
        in->right = down;
        break;
    case SDLK_SPACE:
    case SDLK_LSHIFT:
        in->key_blink = down;
        if (down && !k->repeat) in->players[0].tapped |= SIM_BUTTON_BLINK;
        break;
    case SDLK_e:
        in->key_swap = down;
        if (down && !k->repeat) in->players[0].tapped |= SIM_BUTTON_SWAP;
        break;
    default:
        break;
    }
    if (!down || k->repeat) {
        // Menus repeat arrows while held.
        if (!(down && k->repeat)) return;
    }
    switch (sym) {
    case SDLK_w:
    case SDLK_UP:
        press(in, ACT_UP);
        break;
    case SDLK_s:
    case SDLK_DOWN:
        press(in, ACT_DOWN);
        break;
    case SDLK_a:
    case SDLK_LEFT:
        press(in, ACT_LEFT);
        break;
    case SDLK_d:
    case SDLK_RIGHT:
        press(in, ACT_RIGHT);
        break;
    default:
        break;
    }
    if (k->repeat) return;
    switch (sym) {
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
        if (k->keysym.mod & KMOD_ALT)
            press(in, ACT_FULLSCREEN);
        else
            press(in, ACT_CONFIRM);
        break;
    case SDLK_SPACE:
        press(in, ACT_CONFIRM);
        break;
    case SDLK_ESCAPE:
        press(in, ACT_PAUSE);
        press(in, ACT_BACK);
        break;
    case SDLK_BACKSPACE:
        press(in, ACT_BACK);
        break;
    case SDLK_F11:
        press(in, ACT_FULLSCREEN);
        break;
    case SDLK_m:
        press(in, ACT_MUTE);
        break;
    case SDLK_F3:
        press(in, ACT_PERF);
        break;
    case SDLK_TAB:
        press(in, ACT_SPECTATE_NEXT);
        break;
    case SDLK_EQUALS:
    case SDLK_PLUS:
    case SDLK_KP_PLUS:
        press(in, ACT_ZOOM_IN);
        break;
    case SDLK_MINUS:
    case SDLK_KP_MINUS:
        press(in, ACT_ZOOM_OUT);
        break;
    default:
        if (sym >= SDLK_1 && sym <= SDLK_6) in->players[0].pick = (uint8_t)(1 + sym - SDLK_1);
        if (sym >= SDLK_F4 && sym <= SDLK_F10) in->overlay_toggles ^= 1u << (sym - SDLK_F4);
        if (sym == SDLK_F2) in->overlay_toggles ^= 1u << 7; // F11 is fullscreen
        if (sym == SDLK_F1) press(in, ACT_HELP);
        break;
    }
}

/// Pad buttons: A confirm, B back, Start pause, Back spectate; in a match RB fires, A and LB
/// blink and B swaps weapons; the d-pad, X and Y also pick skills while a level-up is pending
/// (the HUD shows which is which). B rather than X swaps: X picks a skill.
static void pad_button(input_state *in, const SDL_ControllerButtonEvent *b, bool down) {
    int p = player_of_pad(in, b->which);
    if (p < 0) return;
    if (p == 0) in->mouse_aims = false;
    input_player *pl = &in->players[p];
    switch (b->button) {
    case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER:
        pl->fire_held = down;
        break;
    case SDL_CONTROLLER_BUTTON_A:
    case SDL_CONTROLLER_BUTTON_LEFTSHOULDER:
        pl->blink_held = down;
        if (down) pl->tapped |= SIM_BUTTON_BLINK;
        break;
    case SDL_CONTROLLER_BUTTON_B:
        pl->swap_held = down;
        if (down) pl->tapped |= SIM_BUTTON_SWAP;
        break;
    default:
        break;
    }
    if (!down) return;
    static const uint8_t picks[SDL_CONTROLLER_BUTTON_MAX] = {
        [SDL_CONTROLLER_BUTTON_DPAD_UP] = 1,   [SDL_CONTROLLER_BUTTON_DPAD_RIGHT] = 2,
        [SDL_CONTROLLER_BUTTON_DPAD_DOWN] = 3, [SDL_CONTROLLER_BUTTON_DPAD_LEFT] = 4,
        [SDL_CONTROLLER_BUTTON_X] = 5,         [SDL_CONTROLLER_BUTTON_Y] = 6};
    if (b->button < SDL_CONTROLLER_BUTTON_MAX && picks[b->button])
        in->players[p].pick = picks[b->button];
    switch (b->button) {
    case SDL_CONTROLLER_BUTTON_A:
        press(in, ACT_CONFIRM);
        break;
    case SDL_CONTROLLER_BUTTON_B:
        press(in, ACT_BACK);
        break;
    case SDL_CONTROLLER_BUTTON_START:
        press(in, ACT_PAUSE);
        break;
    case SDL_CONTROLLER_BUTTON_BACK:
        press(in, ACT_SPECTATE_NEXT);
        break;
    case SDL_CONTROLLER_BUTTON_DPAD_UP:
        press(in, ACT_UP);
        break;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN:
        press(in, ACT_DOWN);
        break;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT:
        press(in, ACT_LEFT);
        break;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT:
        press(in, ACT_RIGHT);
        break;
    default:
        break;
    }
}

void input_touch_button(const input_state *in, input_touch b, float *x, float *y, float *r) {
    // Bottom right, above the minimap, where the right thumb rests; the drag stick takes the
    // rest of the screen.
    *x = in->screen_w - (b == INPUT_TOUCH_BLINK ? 120.0f : 240.0f);
    *y = in->screen_h - (b == INPUT_TOUCH_BLINK ? 300.0f : 280.0f);
    *r = b == INPUT_TOUCH_BLINK ? 46.0f : 38.0f;
}

bool input_touch_shown(const input_state *in, input_touch b) {
    return in->touch_seen && (b != INPUT_TOUCH_SWAP || in->swap_offered);
}

/// A finger landing on a shown touch button presses it (and neither steers nor confirms).
static bool touch_button_down(input_state *in, const SDL_TouchFingerEvent *f) {
    static const uint8_t bits[INPUT_TOUCH_COUNT] = {SIM_BUTTON_BLINK, SIM_BUTTON_SWAP};
    float fx = f->x * in->screen_w, fy = f->y * in->screen_h;
    for (int b = 0; b < INPUT_TOUCH_COUNT; b++) {
        float x, y, r;
        input_touch_button(in, (input_touch)b, &x, &y, &r);
        if (!input_touch_shown(in, (input_touch)b) ||
            (fx - x) * (fx - x) + (fy - y) * (fy - y) > r * r)
            continue;
        in->button_finger[b] = f->fingerId;
        in->players[0].tapped |= bits[b];
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
                press(in, ACT_CLICK);
            }
        } else if (e->button.button == SDL_BUTTON_RIGHT) {
            in->vstick_active = down;
            in->vstick_finger = -1;
            in->vstick_x0 = in->vstick_x = in->mouse_x;
            in->vstick_y0 = in->vstick_y = in->mouse_y;
        }
        break;
    }
    case SDL_MOUSEWHEEL:
        if (e->wheel.y > 0) press(in, ACT_WHEEL_UP);
        if (e->wheel.y < 0) press(in, ACT_WHEEL_DOWN);
        break;
    case SDL_FINGERDOWN:
        in->mouse_aims = false;
        in->touch_seen = true;
        if (touch_button_down(in, &e->tfinger)) break;
        if (!in->vstick_active) {
            in->vstick_active = true;
            in->vstick_finger = e->tfinger.fingerId;
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
                press(in, ACT_CLICK);
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
        if (p >= 0 && e->caxis.axis == SDL_CONTROLLER_AXIS_TRIGGERRIGHT)
            in->players[p].fire_held = e->caxis.value > 12000;
        if (p >= 0 && e->caxis.axis == SDL_CONTROLLER_AXIS_LEFTY) {
            // Menu navigation with the stick: one press per push past half way.
            static bool held[INPUT_MAX_PLAYERS];
            bool now = abs(e->caxis.value) > 16000;
            if (now && !held[p]) press(in, e->caxis.value < 0 ? ACT_UP : ACT_DOWN);
            held[p] = now;
        }
        break;
    }
    default:
        return false;
    }
    in->idle_seconds = 0.0f;
    return true;
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

void input_frame(input_state *in, int human, float player_x, float player_y, sim_input *out) {
    memset(out, 0, sizeof *out);
    input_player *p = &in->players[human];
    vec2s move = {{0, 0}}, aim = {{0, 0}};
    bool fire = false;
    if (p->pad) {
        move = pad_stick(p->pad, SDL_CONTROLLER_AXIS_LEFTX, SDL_CONTROLLER_AXIS_LEFTY);
        vec2s right = pad_stick(p->pad, SDL_CONTROLLER_AXIS_RIGHTX, SDL_CONTROLLER_AXIS_RIGHTY);
        if (glms_vec2_norm(right) > INPUT_AIM_FIRE) {
            aim = right;
            fire = true;
        }
        // The fire button alone fires along the facing; with no aim the sim auto-aims.
        if (p->fire_held) fire = true;
    }
    if (human == 0) {
        vec2s keys = {{(float)in->right - (float)in->left, (float)in->down - (float)in->up}};
        if (keys.x != 0 || keys.y != 0) move = glms_vec2_normalize(keys);
        if (in->vstick_active) {
            vec2s d = {{(in->vstick_x - in->vstick_x0) / INPUT_VSTICK_RADIUS,
                        (in->vstick_y - in->vstick_y0) / INPUT_VSTICK_RADIUS}};
            move = input_dead_zone(d, 0.1f);
        }
        if (in->mouse_fire) {
            aim = (vec2s){{in->mouse_x - player_x, in->mouse_y - player_y}};
            fire = true;
        }
    }
    // The blink and the swap: held buttons, and presses since the last frame.
    uint8_t held = p->tapped;
    if (p->blink_held) held |= SIM_BUTTON_BLINK;
    if (p->swap_held) held |= SIM_BUTTON_SWAP;
    if (human == 0) {
        if (in->key_blink || in->button_finger[INPUT_TOUCH_BLINK] != -1) held |= SIM_BUTTON_BLINK;
        if (in->key_swap || in->button_finger[INPUT_TOUCH_SWAP] != -1) held |= SIM_BUTTON_SWAP;
    }
    p->tapped = 0;
    sim_input_set_move(out, move);
    sim_input_set_aim(out, aim);
    if (fire) out->buttons |= SIM_BUTTON_FIRE;
    out->buttons |= held;
    out->skill_pick = p->pick;
    p->pick = 0;
}
