// The bindings table: defaults, names and conflicts (see input_bind.h).
#include "input_bind.h"

#include <stdio.h>
#include <string.h>

static const struct {
    const char *id, *label;
} binds[BIND_COUNT] = {
    [BIND_UP] = {"up", "Move up"},
    [BIND_DOWN] = {"down", "Move down"},
    [BIND_LEFT] = {"left", "Move left"},
    [BIND_RIGHT] = {"right", "Move right"},
    [BIND_FIRE] = {"fire", "Fire"},
    [BIND_BLINK] = {"blink", "Blink"},
    [BIND_SWAP] = {"swap", "Swap weapon"},
    [BIND_RELOAD] = {"reload", "Reload"},
    [BIND_SLOT_1] = {"slot1", "Weapon 1"},
    [BIND_SLOT_2] = {"slot2", "Weapon 2"},
    [BIND_SLOT_3] = {"slot3", "Pistol"},
    [BIND_SLOT_NEXT] = {"slot_next", "Next weapon"},
    [BIND_BANDAGE] = {"bandage", "Use bandage"},
    [BIND_MEDKIT] = {"medkit", "Use medkit"},
    [BIND_CELL] = {"cell", "Use shield cell"},
    [BIND_HEAL] = {"heal", "Heal (best item)"},
    [BIND_SKILL_1] = {"skill1", "Skill 1"},
    [BIND_SKILL_2] = {"skill2", "Skill 2"},
    [BIND_SKILL_3] = {"skill3", "Skill 3"},
    [BIND_SKILL_4] = {"skill4", "Skill 4"},
    [BIND_SKILL_5] = {"skill5", "Skill 5"},
    [BIND_SKILL_6] = {"skill6", "Skill 6"},
    [BIND_PAUSE] = {"pause", "Pause"},
    [BIND_SPECTATE_NEXT] = {"spectate", "Spectate next"},
    [BIND_ZOOM_IN] = {"zoom_in", "Zoom in"},
    [BIND_ZOOM_OUT] = {"zoom_out", "Zoom out"},
    [BIND_MUTE] = {"mute", "Mute"},
    [BIND_HELP] = {"help", "Help"},
    [BIND_PERF] = {"perf", "Timings"},
    [BIND_FULLSCREEN] = {"fullscreen", "Fullscreen"},
};

void input_bindings_default(input_bindings *b) {
    for (int i = 0; i < BIND_COUNT; i++) {
        for (int s = 0; s < INPUT_BIND_KEYS; s++) b->keys[i][s] = SDL_SCANCODE_UNKNOWN;
        for (int s = 0; s < INPUT_BIND_PADS; s++) b->pad[i][s] = SDL_CONTROLLER_BUTTON_INVALID;
    }
    static const struct {
        input_bind bind;
        SDL_Scancode k0, k1;
        SDL_GameControllerButton p0, p1;
    } layout[] = {
#define NOKEY SDL_SCANCODE_UNKNOWN
#define NOPAD SDL_CONTROLLER_BUTTON_INVALID
        {BIND_UP, SDL_SCANCODE_W, SDL_SCANCODE_UP, NOPAD, NOPAD},
        {BIND_DOWN, SDL_SCANCODE_S, SDL_SCANCODE_DOWN, NOPAD, NOPAD},
        {BIND_LEFT, SDL_SCANCODE_A, SDL_SCANCODE_LEFT, NOPAD, NOPAD},
        {BIND_RIGHT, SDL_SCANCODE_D, SDL_SCANCODE_RIGHT, NOPAD, NOPAD},
        {BIND_FIRE, NOKEY, NOKEY, SDL_CONTROLLER_BUTTON_RIGHTSHOULDER, NOPAD},
        {BIND_BLINK, SDL_SCANCODE_SPACE, SDL_SCANCODE_LSHIFT, SDL_CONTROLLER_BUTTON_A, NOPAD},
        {BIND_SWAP, SDL_SCANCODE_E, NOKEY, SDL_CONTROLLER_BUTTON_B, NOPAD},
        {BIND_RELOAD, SDL_SCANCODE_R, NOKEY, SDL_CONTROLLER_BUTTON_X, NOPAD},
        {BIND_SLOT_1, SDL_SCANCODE_1, NOKEY, NOPAD, NOPAD},
        {BIND_SLOT_2, SDL_SCANCODE_2, NOKEY, NOPAD, NOPAD},
        {BIND_SLOT_3, SDL_SCANCODE_3, NOKEY, NOPAD, NOPAD},
        {BIND_SLOT_NEXT, SDL_SCANCODE_Q, NOKEY, SDL_CONTROLLER_BUTTON_Y, NOPAD},
        {BIND_BANDAGE, SDL_SCANCODE_4, NOKEY, NOPAD, NOPAD},
        {BIND_MEDKIT, SDL_SCANCODE_5, NOKEY, NOPAD, NOPAD},
        {BIND_CELL, SDL_SCANCODE_6, NOKEY, NOPAD, NOPAD},
        {BIND_HEAL, SDL_SCANCODE_H, NOKEY, SDL_CONTROLLER_BUTTON_LEFTSHOULDER, NOPAD},
        {BIND_SKILL_1, SDL_SCANCODE_Z, NOKEY, SDL_CONTROLLER_BUTTON_DPAD_UP, NOPAD},
        {BIND_SKILL_2, SDL_SCANCODE_X, NOKEY, SDL_CONTROLLER_BUTTON_DPAD_RIGHT, NOPAD},
        {BIND_SKILL_3, SDL_SCANCODE_C, NOKEY, SDL_CONTROLLER_BUTTON_DPAD_DOWN, NOPAD},
        {BIND_SKILL_4, SDL_SCANCODE_V, NOKEY, SDL_CONTROLLER_BUTTON_DPAD_LEFT, NOPAD},
        {BIND_SKILL_5, SDL_SCANCODE_B, NOKEY, SDL_CONTROLLER_BUTTON_LEFTSTICK, NOPAD},
        {BIND_SKILL_6, SDL_SCANCODE_N, NOKEY, SDL_CONTROLLER_BUTTON_RIGHTSTICK, NOPAD},
        {BIND_PAUSE, SDL_SCANCODE_ESCAPE, NOKEY, SDL_CONTROLLER_BUTTON_START, NOPAD},
        {BIND_SPECTATE_NEXT, SDL_SCANCODE_TAB, NOKEY, SDL_CONTROLLER_BUTTON_BACK, NOPAD},
        {BIND_ZOOM_IN, SDL_SCANCODE_EQUALS, SDL_SCANCODE_KP_PLUS, NOPAD, NOPAD},
        {BIND_ZOOM_OUT, SDL_SCANCODE_MINUS, SDL_SCANCODE_KP_MINUS, NOPAD, NOPAD},
        {BIND_MUTE, SDL_SCANCODE_M, NOKEY, NOPAD, NOPAD},
        {BIND_HELP, SDL_SCANCODE_F1, NOKEY, NOPAD, NOPAD},
        {BIND_PERF, SDL_SCANCODE_F3, NOKEY, NOPAD, NOPAD},
        {BIND_FULLSCREEN, SDL_SCANCODE_F11, NOKEY, NOPAD, NOPAD},
#undef NOKEY
#undef NOPAD
    };
    for (size_t i = 0; i < sizeof layout / sizeof layout[0]; i++) {
        b->keys[layout[i].bind][0] = layout[i].k0;
        b->keys[layout[i].bind][1] = layout[i].k1;
        b->pad[layout[i].bind][0] = layout[i].p0;
        b->pad[layout[i].bind][1] = layout[i].p1;
    }
}

const char *input_bind_label(input_bind b) {
    return (unsigned)b < BIND_COUNT ? binds[b].label : "?";
}

const char *input_bind_id(input_bind b) {
    return (unsigned)b < BIND_COUNT ? binds[b].id : "?";
}

int input_bind_conflict_key(const input_bindings *b, input_bind bind, int slot) {
    if ((unsigned)bind >= BIND_COUNT || slot < 0 || slot >= INPUT_BIND_KEYS) return -1;
    SDL_Scancode k = b->keys[bind][slot];
    if (k == SDL_SCANCODE_UNKNOWN) return -1;
    for (int i = 0; i < BIND_COUNT; i++)
        for (int s = 0; s < INPUT_BIND_KEYS; s++)
            if (i != (int)bind && b->keys[i][s] == k) return i;
    return -1;
}

int input_bind_conflict_pad(const input_bindings *b, input_bind bind, int slot) {
    if ((unsigned)bind >= BIND_COUNT || slot < 0 || slot >= INPUT_BIND_PADS) return -1;
    SDL_GameControllerButton p = b->pad[bind][slot];
    if (p == SDL_CONTROLLER_BUTTON_INVALID) return -1;
    for (int i = 0; i < BIND_COUNT; i++)
        for (int s = 0; s < INPUT_BIND_PADS; s++)
            if (i != (int)bind && b->pad[i][s] == p) return i;
    return -1;
}

bool input_key_bindable(SDL_Scancode k) {
    if (k <= SDL_SCANCODE_UNKNOWN || k >= SDL_NUM_SCANCODES) return false;
    const char *name = SDL_GetScancodeName(k);
    // SDL names a few scancodes alike ("Return" twice): only the one the name reads back as.
    return name[0] && SDL_GetScancodeFromName(name) == k;
}

const char *input_key_name(SDL_Scancode k) {
    return input_key_bindable(k) ? SDL_GetScancodeName(k) : "none";
}

bool input_key_from_name(const char *name, SDL_Scancode *k) {
    if (!SDL_strcasecmp(name, "none")) {
        *k = SDL_SCANCODE_UNKNOWN;
        return true;
    }
    SDL_Scancode found = SDL_GetScancodeFromName(name);
    if (found == SDL_SCANCODE_UNKNOWN) {
        SDL_ClearError(); // SDL notes the unknown name: nothing of ours to report
        return false;
    }
    *k = found;
    return true;
}

const char *input_pad_name(SDL_GameControllerButton b) {
    const char *name =
        (unsigned)b < SDL_CONTROLLER_BUTTON_MAX ? SDL_GameControllerGetStringForButton(b) : NULL;
    return name ? name : "none";
}

bool input_pad_from_name(const char *name, SDL_GameControllerButton *b) {
    if (!SDL_strcasecmp(name, "none")) {
        *b = SDL_CONTROLLER_BUTTON_INVALID;
        return true;
    }
    // SDL compares without case; only its own spelling is written, any case is read.
    SDL_GameControllerButton found = SDL_GameControllerGetButtonFromString(name);
    if (found == SDL_CONTROLLER_BUTTON_INVALID) return false;
    *b = found;
    return true;
}

const char *input_pad_label(SDL_GameControllerButton b) {
    static const char *const labels[SDL_CONTROLLER_BUTTON_MAX] = {
        [SDL_CONTROLLER_BUTTON_A] = "A",
        [SDL_CONTROLLER_BUTTON_B] = "B",
        [SDL_CONTROLLER_BUTTON_X] = "X",
        [SDL_CONTROLLER_BUTTON_Y] = "Y",
        [SDL_CONTROLLER_BUTTON_BACK] = "Back",
        [SDL_CONTROLLER_BUTTON_GUIDE] = "Guide",
        [SDL_CONTROLLER_BUTTON_START] = "Start",
        [SDL_CONTROLLER_BUTTON_LEFTSTICK] = "Left stick",
        [SDL_CONTROLLER_BUTTON_RIGHTSTICK] = "Right stick",
        [SDL_CONTROLLER_BUTTON_LEFTSHOULDER] = "LB",
        [SDL_CONTROLLER_BUTTON_RIGHTSHOULDER] = "RB",
        [SDL_CONTROLLER_BUTTON_DPAD_UP] = "D-pad up",
        [SDL_CONTROLLER_BUTTON_DPAD_DOWN] = "D-pad down",
        [SDL_CONTROLLER_BUTTON_DPAD_LEFT] = "D-pad left",
        [SDL_CONTROLLER_BUTTON_DPAD_RIGHT] = "D-pad right",
        [SDL_CONTROLLER_BUTTON_MISC1] = "Misc",
        [SDL_CONTROLLER_BUTTON_PADDLE1] = "Paddle 1",
        [SDL_CONTROLLER_BUTTON_PADDLE2] = "Paddle 2",
        [SDL_CONTROLLER_BUTTON_PADDLE3] = "Paddle 3",
        [SDL_CONTROLLER_BUTTON_PADDLE4] = "Paddle 4",
        [SDL_CONTROLLER_BUTTON_TOUCHPAD] = "Touchpad",
    };
    return (unsigned)b < SDL_CONTROLLER_BUTTON_MAX && labels[b] ? labels[b] : "none";
}

/// Joins the names of a bind's non-empty slots with " or ".
static const char *join(const char *const *names, int count, char *buf, size_t n) {
    size_t at = 0;
    if (n) buf[0] = '\0';
    for (int i = 0; i < count; i++) {
        if (!names[i] || !strcmp(names[i], "none")) continue;
        bool seen = false; // the same name in both slots is said once
        for (int j = 0; j < i; j++) seen |= names[j] && !strcmp(names[j], names[i]);
        if (seen) continue;
        int w = snprintf(buf + at, n > at ? n - at : 0, "%s%s", at ? " or " : "", names[i]);
        if (w > 0) at += (size_t)w;
        if (at >= n) break;
    }
    if (at == 0) snprintf(buf, n, "unbound");
    return buf;
}

const char *input_bind_keys_text(const input_bindings *b, input_bind bind, char *buf, size_t n) {
    const char *names[INPUT_BIND_KEYS] = {NULL};
    if ((unsigned)bind < BIND_COUNT)
        for (int s = 0; s < INPUT_BIND_KEYS; s++) names[s] = input_key_name(b->keys[bind][s]);
    return join(names, INPUT_BIND_KEYS, buf, n);
}

const char *input_bind_pad_text(const input_bindings *b, input_bind bind, char *buf, size_t n) {
    const char *names[INPUT_BIND_PADS] = {NULL};
    if ((unsigned)bind < BIND_COUNT)
        for (int s = 0; s < INPUT_BIND_PADS; s++) names[s] = input_pad_label(b->pad[bind][s]);
    return join(names, INPUT_BIND_PADS, buf, n);
}
