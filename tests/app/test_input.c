// Input mapping from synthetic SDL events: keyboard, mouse, virtual joystick (mouse and touch),
// and a game controller attached through SDL's virtual joystick API (hot-plug included).
#include "test.h"

#include "input.h"

static void pump(input_state *in) {
    SDL_Event e;
    while (SDL_PollEvent(&e)) input_handle_event(in, &e);
}

static void push_key(SDL_Keycode k, bool down) {
    SDL_Event e = {0};
    e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.sym = k;
    e.key.keysym.scancode = SDL_GetScancodeFromKey(k); // keys act by scancode (US layout here)
    SDL_PushEvent(&e);
}

static bool init_sdl(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    return SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER | SDL_INIT_EVENTS) == 0;
}

static void test_keyboard_mouse(void) {
    REQUIRE(init_sdl());
    input_state in;
    input_init(&in);
    sim_input f;
    push_key(SDLK_d, true);
    push_key(SDLK_s, true);
    pump(&in);
    input_frame(&in, 0, 100, 100, &f);
    CHECK(f.move_x > 80 && f.move_y > 80);                 // diagonal, normalised
    CHECK(f.aim_x == 0 && f.aim_y == 0 && f.buttons == 0); // no aim: the sim auto-fires
    push_key(SDLK_d, false);
    push_key(SDLK_s, false);
    push_key(SDLK_c, true);
    pump(&in);
    input_frame(&in, 0, 100, 100, &f);
    CHECK(f.move_x == 0 && f.move_y == 0);
    CHECK(f.skill_pick == 3);
    input_frame(&in, 0, 100, 100, &f);
    CHECK(f.skill_pick == 0); // a pick is reported once
    push_key(SDLK_c, false);
    // 1-3 hold a weapon slot, 4-6 use an item, R reloads (held), each reported once.
    push_key(SDLK_2, true);
    push_key(SDLK_5, true);
    push_key(SDLK_r, true);
    pump(&in);
    input_frame(&in, 0, 100, 100, &f);
    CHECK(f.slot == 2 && f.use == 2 && f.skill_pick == 0 && f.buttons == SIM_BUTTON_RELOAD);
    input_frame(&in, 0, 100, 100, &f);
    CHECK(f.slot == 0 && f.use == 0 && f.buttons == SIM_BUTTON_RELOAD);
    push_key(SDLK_2, false);
    push_key(SDLK_5, false);
    push_key(SDLK_r, false);
    // Q and H are resolved against the agent (the next slot, the best item): the app takes them.
    push_key(SDLK_q, true);
    push_key(SDLK_h, true);
    pump(&in);
    input_frame(&in, 0, 100, 100, &f);
    int cycle = 0;
    bool heal = false;
    input_take_loadout(&in, 0, &cycle, &heal);
    CHECK(cycle == 1 && heal && f.slot == 0 && f.use == 0 && f.buttons == 0);
    input_take_loadout(&in, 0, &cycle, &heal);
    CHECK(cycle == 0 && !heal);
    push_key(SDLK_q, false);
    push_key(SDLK_h, false);
    // The wheel cycles the slots (down: the next); with Ctrl held it zooms instead.
    SDL_Event wheel = {0};
    wheel.type = SDL_MOUSEWHEEL;
    wheel.wheel.y = -1;
    input_handle_event(&in, &wheel);
    input_take_loadout(&in, 0, &cycle, &heal);
    CHECK(cycle == 1 && !input_take_action(&in, ACT_ZOOM_OUT));
    wheel.wheel.y = 1;
    input_handle_event(&in, &wheel);
    input_take_loadout(&in, 0, &cycle, &heal);
    CHECK(cycle == -1 && !input_take_action(&in, ACT_ZOOM_IN));
    push_key(SDLK_LCTRL, true);
    pump(&in);
    input_handle_event(&in, &wheel);
    input_take_loadout(&in, 0, &cycle, &heal);
    CHECK(cycle == 0 && input_take_action(&in, ACT_ZOOM_IN));
    push_key(SDLK_LCTRL, false);
    pump(&in);
    // Left button fires at the cursor.
    SDL_Event e = {0};
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = 100;
    e.button.y = 300;
    SDL_PushEvent(&e);
    pump(&in);
    input_frame(&in, 0, 100, 100, &f);
    CHECK(f.buttons & SIM_BUTTON_FIRE);
    CHECK(f.aim_x == 0 && f.aim_y > 30000);
    // Menu actions are one-shot.
    push_key(SDLK_ESCAPE, true);
    pump(&in);
    CHECK(input_take_action(&in, ACT_PAUSE));
    CHECK(!input_take_action(&in, ACT_PAUSE));
    SDL_Quit();
}

static void test_virtual_stick(void) {
    REQUIRE(init_sdl());
    input_state in;
    input_init(&in);
    in.screen_w = 1000;
    in.screen_h = 500;
    sim_input f;
    // Mouse drag with the right button: the stick starts where the drag began.
    SDL_Event e = {0};
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_RIGHT;
    e.button.x = 400;
    e.button.y = 300;
    SDL_PushEvent(&e);
    e = (SDL_Event){0};
    e.type = SDL_MOUSEMOTION;
    e.motion.x = 400 - (int)INPUT_VSTICK_RADIUS * 2; // past the rim: full speed
    e.motion.y = 300;
    SDL_PushEvent(&e);
    pump(&in);
    CHECK(in.vstick_active && in.vstick_x0 == 400.0f);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.move_x == -127 && f.move_y == 0);
    // Touch: a finger drag steers too, half way is about half speed.
    e = (SDL_Event){0};
    e.type = SDL_MOUSEBUTTONUP;
    e.button.button = SDL_BUTTON_RIGHT;
    SDL_PushEvent(&e);
    pump(&in);
    CHECK(!in.vstick_active);
    e = (SDL_Event){0};
    e.type = SDL_FINGERDOWN;
    e.tfinger.fingerId = 7;
    e.tfinger.x = 0.5f;
    e.tfinger.y = 0.5f;
    SDL_PushEvent(&e);
    e.type = SDL_FINGERMOTION;
    e.tfinger.y = 0.5f + 0.5f * INPUT_VSTICK_RADIUS / 500.0f;
    SDL_PushEvent(&e);
    pump(&in);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.move_x == 0 && f.move_y > 40 && f.move_y < 70);
    SDL_Quit();
}

static void test_pad_hotplug(void) {
    REQUIRE(init_sdl());
    input_state in;
    input_init(&in);
    input_open_pads(&in, NULL);
    CHECK(!input_has_pad(&in, 0));
    // Plug in a virtual pad with the standard layout: it must arrive as a game controller.
    int dev = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, SDL_CONTROLLER_AXIS_MAX,
                                        SDL_CONTROLLER_BUTTON_MAX, 0);
    REQUIRE(dev >= 0);
    SDL_Delay(10);
    pump(&in);
    REQUIRE(input_has_pad(&in, 0));
    SDL_Joystick *js = SDL_JoystickOpen(dev);
    REQUIRE(js);
    // Left stick inside the dead zone reads as centred; pushed right it moves right.
    SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_LEFTX, (Sint16)(0.1f * 32767));
    SDL_JoystickUpdate();
    pump(&in);
    sim_input f;
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.move_x == 0 && f.move_y == 0);
    SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_LEFTX, 32767);
    SDL_JoystickSetVirtualAxis(js, SDL_CONTROLLER_AXIS_RIGHTY, -32767);
    SDL_JoystickUpdate();
    pump(&in);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.move_x == 127);
    CHECK(f.aim_y < -30000 && (f.buttons & SIM_BUTTON_FIRE)); // right stick aims and fires
    SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_LEFTSTICK, 1);
    SDL_JoystickUpdate();
    pump(&in);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.skill_pick == 5);
    // Pull it out mid-match: the player falls back to keyboard and mouse, nothing crashes.
    SDL_JoystickClose(js);
    SDL_JoystickDetachVirtual(dev);
    SDL_Delay(10);
    pump(&in);
    CHECK(!input_has_pad(&in, 0));
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.move_x == 0);
    input_close(&in);
    SDL_Quit();
}

static void push_finger(Uint32 type, SDL_FingerID id, float x, float y) {
    SDL_Event e = {0};
    e.type = type;
    e.tfinger.fingerId = id;
    e.tfinger.x = x;
    e.tfinger.y = y;
    SDL_PushEvent(&e);
}

// The blink and the swap: keys, a quick tap between two frames, pad buttons, touch buttons.
static void test_abilities(void) {
    REQUIRE(init_sdl());
    input_state in;
    input_init(&in);
    in.screen_w = 1000;
    in.screen_h = 600;
    sim_input f;
    push_key(SDLK_SPACE, true);
    pump(&in);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.buttons == SIM_BUTTON_BLINK);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.buttons == SIM_BUTTON_BLINK); // held
    push_key(SDLK_SPACE, false);
    push_key(SDLK_e, true);
    pump(&in);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.buttons == SIM_BUTTON_SWAP);
    push_key(SDLK_e, false);
    // Pressed and released before the next frame: still reported, once.
    push_key(SDLK_LSHIFT, true);
    push_key(SDLK_LSHIFT, false);
    pump(&in);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.buttons == SIM_BUTTON_BLINK);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.buttons == 0);
    // Touch: no buttons until a finger has touched the screen (or a touch device was there at
    // start); then the blink button blinks and neither steers nor confirms; the swap button
    // only while a weapon is offered.
    in.playing = true; // player 1 plays a match (the app says so as it draws the buttons)
    CHECK(!input_touch_shown(&in, INPUT_TOUCH_BLINK));
    float bx, by, br, sx, sy, sr;
    input_touch_button(&in, INPUT_TOUCH_BLINK, &bx, &by, &br);
    input_touch_button(&in, INPUT_TOUCH_SWAP, &sx, &sy, &sr);
    CHECK(br > 20.0f && bx + br <= 1000.0f && by + br <= 600.0f);
    CHECK((bx - sx) * (bx - sx) + (by - sy) * (by - sy) > (br + sr) * (br + sr)); // apart
    push_finger(SDL_FINGERDOWN, 3, 0.5f, 0.5f); // the first touch, mid screen, steers
    pump(&in);
    CHECK(in.vstick_active);
    push_finger(SDL_FINGERUP, 3, 0.5f, 0.5f);
    pump(&in);
    while (input_take_action(&in, ACT_CLICK)) {
    }
    CHECK(input_touch_shown(&in, INPUT_TOUCH_BLINK) && !input_touch_shown(&in, INPUT_TOUCH_SWAP));
    input_frame(&in, 0, 0, 0, &f);
    push_finger(SDL_FINGERDOWN, 4, bx / 1000.0f, by / 600.0f);
    pump(&in);
    CHECK(!in.vstick_active);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.buttons == SIM_BUTTON_BLINK && f.move_x == 0 && f.move_y == 0);
    push_finger(SDL_FINGERUP, 4, bx / 1000.0f, by / 600.0f);
    pump(&in);
    CHECK(!input_take_action(&in, ACT_CLICK));
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.buttons == 0);
    // A tap where the swap button would be steers while nothing is offered ...
    push_finger(SDL_FINGERDOWN, 5, sx / 1000.0f, sy / 600.0f);
    pump(&in);
    CHECK(in.vstick_active);
    push_finger(SDL_FINGERUP, 5, sx / 1000.0f, sy / 600.0f);
    pump(&in);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.buttons == 0);
    // ... and swaps once a weapon is.
    in.swap_offered = true;
    push_finger(SDL_FINGERDOWN, 6, sx / 1000.0f, sy / 600.0f);
    push_finger(SDL_FINGERUP, 6, sx / 1000.0f, sy / 600.0f);
    pump(&in);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.buttons == SIM_BUTTON_SWAP);
    // The pause button opens the pause menu (Esc's action) once, and neither steers nor clicks.
    float px, py, pr;
    input_touch_button(&in, INPUT_TOUCH_PAUSE, &px, &py, &pr);
    CHECK(input_touch_shown(&in, INPUT_TOUCH_PAUSE) && pr > 20.0f && px - pr > 0.0f);
    CHECK((px - bx) * (px - bx) + (py - by) * (py - by) > 4 * (pr + br) * (pr + br)); // far apart
    while (input_take_action(&in, ACT_CLICK)) { // the taps above that steered
    }
    push_finger(SDL_FINGERDOWN, 8, px / 1000.0f, py / 600.0f);
    push_finger(SDL_FINGERUP, 8, px / 1000.0f, py / 600.0f);
    pump(&in);
    CHECK(!in.vstick_active && !input_take_action(&in, ACT_CLICK));
    CHECK(input_take_action(&in, ACT_PAUSE) && !input_take_action(&in, ACT_PAUSE));
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.buttons == 0);
    // Off the match (a menu on screen) no touch button shows or takes a tap: it is a click there.
    in.playing = false;
    CHECK(!input_touch_shown(&in, INPUT_TOUCH_PAUSE) && !input_touch_shown(&in, INPUT_TOUCH_BLINK));
    push_finger(SDL_FINGERDOWN, 9, px / 1000.0f, py / 600.0f);
    push_finger(SDL_FINGERUP, 9, px / 1000.0f, py / 600.0f);
    pump(&in);
    CHECK(input_take_action(&in, ACT_CLICK) && !input_take_action(&in, ACT_PAUSE));
    push_finger(SDL_FINGERDOWN, 10, bx / 1000.0f, by / 600.0f);
    push_finger(SDL_FINGERUP, 10, bx / 1000.0f, by / 600.0f);
    pump(&in);
    CHECK(input_take_action(&in, ACT_CLICK));
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.buttons == 0);
    in.playing = true;
    // Pads: A and LB blink, B swaps.
    input_open_pads(&in, NULL);
    int dev = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, SDL_CONTROLLER_AXIS_MAX,
                                        SDL_CONTROLLER_BUTTON_MAX, 0);
    REQUIRE(dev >= 0);
    SDL_Delay(10);
    pump(&in);
    REQUIRE(input_has_pad(&in, 0));
    SDL_Joystick *js = SDL_JoystickOpen(dev);
    REQUIRE(js);
    const struct {
        SDL_GameControllerButton button;
        uint8_t bit;
    } pads[] = {{SDL_CONTROLLER_BUTTON_A, SIM_BUTTON_BLINK},
                {SDL_CONTROLLER_BUTTON_X, SIM_BUTTON_RELOAD},
                {SDL_CONTROLLER_BUTTON_B, SIM_BUTTON_SWAP}};
    for (size_t k = 0; k < sizeof pads / sizeof pads[0]; k++) {
        SDL_JoystickSetVirtualButton(js, pads[k].button, 1);
        SDL_JoystickUpdate();
        pump(&in);
        input_frame(&in, 0, 0, 0, &f);
        CHECK(f.buttons == pads[k].bit);
        SDL_JoystickSetVirtualButton(js, pads[k].button, 0);
        SDL_JoystickUpdate();
        pump(&in);
        input_frame(&in, 0, 0, 0, &f);
        CHECK(f.buttons == 0);
    }
    SDL_JoystickClose(js);
    SDL_JoystickDetachVirtual(dev);
    input_close(&in);
    SDL_Quit();
}

static void test_dead_zone(void) {
    vec2s v = input_dead_zone((vec2s){{0.15f, 0.1f}}, 0.22f);
    CHECK(v.x == 0 && v.y == 0);
    v = input_dead_zone((vec2s){{1.0f, 0.0f}}, 0.22f);
    CHECK_NEAR(v.x, 1.0, 1e-6);
    // Radial: the direction is kept, the length rescaled from the rim of the dead zone.
    v = input_dead_zone((vec2s){{0.0f, -0.61f}}, 0.22f);
    CHECK_NEAR(v.y, -0.5, 1e-3);
    v = input_dead_zone((vec2s){{0.9f, 0.9f}}, 0.22f);
    CHECK(glms_vec2_norm(v) <= 1.0f + 1e-6f);
}

static void push_scancode(SDL_Scancode k, bool down, bool repeat) {
    SDL_Event e = {0};
    e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.key.repeat = repeat;
    e.key.keysym.scancode = k;
    e.key.keysym.sym = SDL_GetKeyFromScancode(k);
    SDL_PushEvent(&e);
}

static int drain_actions(input_state *in) {
    int n = 0;
    for (int a = 0; a < ACT_COUNT; a++) n += in->actions[a];
    memset(in->actions, 0, sizeof in->actions);
    return n;
}

// The default table is today's layout, key by key; every default slot is free of conflicts.
static void test_default_layout(void) {
    input_bindings b;
    input_bindings_default(&b);
    const struct {
        input_bind bind;
        const char *k0, *k1, *p0, *p1;
    } want[] = {
        {BIND_UP, "W", "Up", "none", "none"},
        {BIND_DOWN, "S", "Down", "none", "none"},
        {BIND_LEFT, "A", "Left", "none", "none"},
        {BIND_RIGHT, "D", "Right", "none", "none"},
        {BIND_FIRE, "none", "none", "rightshoulder", "none"},
        {BIND_BLINK, "Space", "Left Shift", "a", "none"},
        {BIND_SWAP, "E", "none", "b", "none"},
        {BIND_RELOAD, "R", "none", "x", "none"},
        {BIND_SLOT_1, "1", "none", "none", "none"},
        {BIND_SLOT_2, "2", "none", "none", "none"},
        {BIND_SLOT_3, "3", "none", "none", "none"},
        {BIND_SLOT_NEXT, "Q", "none", "y", "none"},
        {BIND_BANDAGE, "4", "none", "none", "none"},
        {BIND_MEDKIT, "5", "none", "none", "none"},
        {BIND_CELL, "6", "none", "none", "none"},
        {BIND_HEAL, "H", "none", "leftshoulder", "none"},
        {BIND_SKILL_1, "Z", "none", "dpup", "none"},
        {BIND_SKILL_2, "X", "none", "dpright", "none"},
        {BIND_SKILL_3, "C", "none", "dpdown", "none"},
        {BIND_SKILL_4, "V", "none", "dpleft", "none"},
        {BIND_SKILL_5, "B", "none", "leftstick", "none"},
        {BIND_SKILL_6, "N", "none", "rightstick", "none"},
        {BIND_PAUSE, "Escape", "none", "start", "none"},
        {BIND_SPECTATE_NEXT, "Tab", "none", "back", "none"},
        {BIND_ZOOM_IN, "=", "Keypad +", "none", "none"},
        {BIND_ZOOM_OUT, "-", "Keypad -", "none", "none"},
        {BIND_MUTE, "M", "none", "none", "none"},
        {BIND_HELP, "F1", "none", "none", "none"},
        {BIND_PERF, "F3", "none", "none", "none"},
        {BIND_FULLSCREEN, "F11", "none", "none", "none"},
    };
    REQUIRE(sizeof want / sizeof want[0] == BIND_COUNT);
    for (int i = 0; i < BIND_COUNT; i++) {
        input_bind k = want[i].bind;
        CHECK_STR(input_key_name(b.keys[k][0]), want[i].k0);
        CHECK_STR(input_key_name(b.keys[k][1]), want[i].k1);
        CHECK_STR(input_pad_name(b.pad[k][0]), want[i].p0);
        CHECK_STR(input_pad_name(b.pad[k][1]), want[i].p1);
        for (int s = 0; s < 2; s++) {
            CHECK(input_bind_conflict_key(&b, k, s) == -1);
            CHECK(input_bind_conflict_pad(&b, k, s) == -1);
        }
        CHECK(strlen(input_bind_label(k)) > 2 && strlen(input_bind_id(k)) > 1);
    }
    CHECK_STR(input_bind_label(BIND_SKILL_3), "Skill 3");
    // For people: both slots joined, an empty slot left out, a repeated key said once.
    char t[64];
    CHECK_STR(input_bind_keys_text(&b, BIND_BLINK, t, sizeof t), "Space or Left Shift");
    CHECK_STR(input_bind_pad_text(&b, BIND_BLINK, t, sizeof t), "A");
    CHECK_STR(input_bind_keys_text(&b, BIND_SWAP, t, sizeof t), "E");
    CHECK_STR(input_bind_keys_text(&b, BIND_FIRE, t, sizeof t), "unbound");
    CHECK_STR(input_bind_pad_text(&b, BIND_FIRE, t, sizeof t), "RB");
    input_bindings c = b;
    c.keys[BIND_UP][0] = SDL_SCANCODE_UNKNOWN;
    c.keys[BIND_DOWN][1] = SDL_SCANCODE_S;
    CHECK_STR(input_bind_keys_text(&c, BIND_UP, t, sizeof t), "Up");
    CHECK_STR(input_bind_keys_text(&c, BIND_DOWN, t, sizeof t), "S");
    CHECK_STR(input_bind_keys_text(&b, BIND_BLINK, t, 9), "Space or"); // cut to fit
    CHECK_STR(input_pad_label(SDL_CONTROLLER_BUTTON_LEFTSHOULDER), "LB");
    CHECK_STR(input_pad_label(SDL_CONTROLLER_BUTTON_INVALID), "none");
    // Names read back in any case; unknown names and the second "Return" are refused.
    SDL_Scancode k = SDL_SCANCODE_UNKNOWN;
    CHECK(input_key_from_name("left shift", &k) && k == SDL_SCANCODE_LSHIFT);
    CHECK(input_key_from_name("none", &k) && k == SDL_SCANCODE_UNKNOWN);
    k = SDL_SCANCODE_A;
    CHECK(input_key_from_name("None", &k) && k == SDL_SCANCODE_UNKNOWN);
    CHECK(!input_key_from_name("Shift Left", &k) && !input_key_from_name("", &k));
    CHECK(!input_key_bindable(SDL_SCANCODE_RETURN2) && input_key_bindable(SDL_SCANCODE_RETURN));
    CHECK(!input_key_bindable(SDL_SCANCODE_UNKNOWN) && !input_key_bindable(SDL_NUM_SCANCODES));
    SDL_GameControllerButton p = SDL_CONTROLLER_BUTTON_A;
    CHECK(input_pad_from_name("none", &p) && p == SDL_CONTROLLER_BUTTON_INVALID);
    CHECK(input_pad_from_name("dpleft", &p) && p == SDL_CONTROLLER_BUTTON_DPAD_LEFT);
    CHECK(input_pad_from_name("NONE", &p) && p == SDL_CONTROLLER_BUTTON_INVALID);
    CHECK(input_pad_from_name("LeftShoulder", &p) && p == SDL_CONTROLLER_BUTTON_LEFTSHOULDER);
    CHECK(!input_pad_from_name("triggerright", &p) && !input_pad_from_name("A button", &p));
}

// A rebound key moves, blinks and picks; the key it replaced no longer does; conflicts are named.
static void test_rebind_keys(void) {
    REQUIRE(init_sdl());
    input_state in;
    input_init(&in);
    input_bindings b;
    input_bindings_default(&b);
    b.keys[BIND_UP][0] = SDL_SCANCODE_I; // I instead of W; Up stays
    b.keys[BIND_BLINK][0] = SDL_SCANCODE_K;
    b.keys[BIND_BLINK][1] = SDL_SCANCODE_UNKNOWN; // Left Shift cleared
    b.keys[BIND_SKILL_2][0] = SDL_SCANCODE_F;
    b.keys[BIND_FIRE][0] = SDL_SCANCODE_J;
    b.keys[BIND_MUTE][1] = SDL_SCANCODE_F; // F now skill 2 and mute: a conflict
    input_set_bindings(&in, &b);
    CHECK(input_bind_conflict_key(&in.bind, BIND_MUTE, 1) == BIND_SKILL_2);
    CHECK(input_bind_conflict_key(&in.bind, BIND_SKILL_2, 0) == BIND_MUTE);
    CHECK(input_bind_conflict_key(&in.bind, BIND_MUTE, 0) == -1);
    CHECK(input_bind_conflict_key(&in.bind, BIND_UP, 0) == -1);
    sim_input f;
    push_scancode(SDL_SCANCODE_W, true, false);
    push_scancode(SDL_SCANCODE_LSHIFT, true, false);
    pump(&in);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.move_x == 0 && f.move_y == 0 && f.buttons == 0); // old keys do nothing
    CHECK(!input_take_action(&in, ACT_UP));                  // W no longer navigates either
    push_scancode(SDL_SCANCODE_W, false, false);
    push_scancode(SDL_SCANCODE_LSHIFT, false, false);
    push_scancode(SDL_SCANCODE_I, true, false);
    push_scancode(SDL_SCANCODE_K, true, false);
    pump(&in);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.move_x == 0 && f.move_y == -127);
    CHECK(f.buttons == SIM_BUTTON_BLINK);
    CHECK(input_take_action(&in, ACT_UP));     // the bound movement key navigates menus
    push_scancode(SDL_SCANCODE_I, true, true); // and repeats there while held
    pump(&in);
    CHECK(input_take_action(&in, ACT_UP));
    push_scancode(SDL_SCANCODE_I, false, false);
    push_scancode(SDL_SCANCODE_K, false, false);
    push_scancode(SDL_SCANCODE_UP, true, false); // the second slot still moves
    push_scancode(SDL_SCANCODE_F, true, false);  // both binds of a conflicting key act
    pump(&in);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.move_y == -127 && f.skill_pick == 2);
    CHECK(input_take_action(&in, ACT_MUTE));
    push_scancode(SDL_SCANCODE_UP, false, false);
    push_scancode(SDL_SCANCODE_2, true, false); // 2 is no longer a skill key
    push_scancode(SDL_SCANCODE_J, true, false); // a fire key fires ahead (no aim)
    pump(&in);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.skill_pick == 0 && f.buttons == SIM_BUTTON_FIRE && f.aim_x == 0 && f.aim_y == 0);
    push_scancode(SDL_SCANCODE_J, false, false);
    pump(&in);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.buttons == 0);
    drain_actions(&in);
    // Menu keys work whatever the bindings: Escape pauses and goes back even with pause bound
    // elsewhere, Enter and Space confirm (Space here blinks no more), arrows navigate; Alt+Enter
    // is fullscreen.
    b.keys[BIND_PAUSE][0] = SDL_SCANCODE_P;
    b.keys[BIND_UP][1] = SDL_SCANCODE_UNKNOWN;
    input_set_bindings(&in, &b);
    push_scancode(SDL_SCANCODE_ESCAPE, true, false);
    pump(&in);
    CHECK(input_take_action(&in, ACT_PAUSE) && !input_take_action(&in, ACT_PAUSE));
    CHECK(input_take_action(&in, ACT_BACK));
    push_scancode(SDL_SCANCODE_P, true, false);
    push_scancode(SDL_SCANCODE_UP, true, false);
    push_scancode(SDL_SCANCODE_SPACE, true, false);
    pump(&in);
    CHECK(input_take_action(&in, ACT_PAUSE) && input_take_action(&in, ACT_UP));
    CHECK(input_take_action(&in, ACT_CONFIRM));
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.move_y == 0 && f.buttons == 0); // Up navigates but no longer moves; Space no blink
    SDL_Event e = {0};
    e.type = SDL_KEYDOWN;
    e.key.keysym.scancode = SDL_SCANCODE_RETURN;
    e.key.keysym.mod = KMOD_LALT;
    SDL_PushEvent(&e);
    pump(&in);
    CHECK(input_take_action(&in, ACT_FULLSCREEN) && !input_take_action(&in, ACT_CONFIRM));
    SDL_Quit();
}

// Pad buttons rebound: the new button blinks, the old one does not; A still confirms in menus.
static void test_rebind_pad(void) {
    REQUIRE(init_sdl());
    input_state in;
    input_init(&in);
    input_bindings b;
    input_bindings_default(&b);
    b.pad[BIND_BLINK][0] = SDL_CONTROLLER_BUTTON_PADDLE1; // A no longer blinks, LB does
    b.pad[BIND_BLINK][1] = SDL_CONTROLLER_BUTTON_LEFTSHOULDER;
    b.pad[BIND_HEAL][0] = SDL_CONTROLLER_BUTTON_INVALID;
    b.pad[BIND_UP][0] = SDL_CONTROLLER_BUTTON_RIGHTSTICK; // R3 moves up (and is still skill 6)
    b.pad[BIND_PAUSE][1] = SDL_CONTROLLER_BUTTON_GUIDE;
    input_set_bindings(&in, &b);
    CHECK(input_bind_conflict_pad(&in.bind, BIND_UP, 0) == BIND_SKILL_6);
    CHECK(input_bind_conflict_pad(&in.bind, BIND_BLINK, 0) == -1);
    input_open_pads(&in, NULL);
    int dev = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, SDL_CONTROLLER_AXIS_MAX,
                                        SDL_CONTROLLER_BUTTON_MAX, 0);
    REQUIRE(dev >= 0);
    SDL_Delay(10);
    pump(&in);
    REQUIRE(input_has_pad(&in, 0));
    SDL_Joystick *js = SDL_JoystickOpen(dev);
    REQUIRE(js);
    sim_input f;
    const struct {
        SDL_GameControllerButton button;
        uint8_t bit;
        int move_y, pick;
        input_action act;
    } cases[] = {
        {SDL_CONTROLLER_BUTTON_A, 0, 0, 0, ACT_CONFIRM}, // whatever it is bound to
        {SDL_CONTROLLER_BUTTON_PADDLE1, SIM_BUTTON_BLINK, 0, 0, ACT_COUNT},
        {SDL_CONTROLLER_BUTTON_LEFTSHOULDER, SIM_BUTTON_BLINK, 0, 0, ACT_COUNT},
        {SDL_CONTROLLER_BUTTON_RIGHTSTICK, 0, -127, 6, ACT_UP},
        {SDL_CONTROLLER_BUTTON_GUIDE, 0, 0, 0, ACT_PAUSE},
        {SDL_CONTROLLER_BUTTON_START, 0, 0, 0, ACT_PAUSE},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        drain_actions(&in);
        SDL_JoystickSetVirtualButton(js, cases[k].button, 1);
        SDL_JoystickUpdate();
        pump(&in);
        input_frame(&in, 0, 0, 0, &f);
        CHECK(f.buttons == cases[k].bit);
        CHECK(f.move_y == cases[k].move_y && f.skill_pick == cases[k].pick);
        if (cases[k].act != ACT_COUNT) CHECK(input_take_action(&in, cases[k].act));
        SDL_JoystickSetVirtualButton(js, cases[k].button, 0);
        SDL_JoystickUpdate();
        pump(&in);
        input_frame(&in, 0, 0, 0, &f);
        CHECK(f.buttons == 0 && f.move_y == 0);
    }
    SDL_JoystickClose(js);
    SDL_JoystickDetachVirtual(dev);
    input_close(&in);
    SDL_Quit();
}

/// Frames of 1/60 s: the clock moves on, the queued events come in stamped with it.
static void frames(input_state *in, int n) {
    for (int i = 0; i < n; i++) {
        input_advance(in, 1.0f / 60.0f);
        pump(in);
    }
}

// Presses that began before a guard never act: a key held as it was declared, its repeats, and
// presses in the guarded time, be they keys, pad-free clicks or taps. Fresh presses after it do.
static void test_guard(void) {
    REQUIRE(init_sdl());
    input_state in;
    input_init(&in);
    in.screen_w = 1000;
    in.screen_h = 600;
    frames(&in, 10);
    push_scancode(SDL_SCANCODE_S, true, false); // held to move, and blink: as the player falls
    push_scancode(SDL_SCANCODE_LSHIFT, true, false);
    push_finger(SDL_FINGERDOWN, 3, 0.3f, 0.3f); // a tap under way
    frames(&in, 1);
    CHECK(input_take_action(&in, ACT_DOWN)); // unguarded, they act
    push_scancode(SDL_SCANCODE_RETURN, true, false);
    frames(&in, 1);
    input_guard(&in, 1.0f);
    CHECK(drain_actions(&in) == 0);            // the Enter of this frame is dropped with the rest
    push_scancode(SDL_SCANCODE_S, true, true); // repeats of a key held from before
    push_scancode(SDL_SCANCODE_RETURN, true, true);
    push_finger(SDL_FINGERUP, 3, 0.3f, 0.3f); // the tap ends now but began before
    frames(&in, 1);
    CHECK(drain_actions(&in) == 0);
    // Fresh presses within the guarded second count neither, nor do their repeats after it.
    push_scancode(SDL_SCANCODE_RETURN, false, false);
    push_scancode(SDL_SCANCODE_ESCAPE, true, false);
    push_scancode(SDL_SCANCODE_UP, true, false);
    SDL_Event e = {0};
    e.type = SDL_MOUSEBUTTONDOWN;
    e.button.button = SDL_BUTTON_LEFT;
    e.button.x = 10;
    SDL_PushEvent(&e);
    frames(&in, 30);
    CHECK(drain_actions(&in) == 0);
    frames(&in, 40); // past the second
    push_scancode(SDL_SCANCODE_S, true, true);
    push_scancode(SDL_SCANCODE_UP, true, true);
    frames(&in, 1);
    CHECK(drain_actions(&in) == 0);
    // What is held still moves and blinks in a match: a guard is about presses only.
    push_scancode(SDL_SCANCODE_UP, false, false);
    frames(&in, 1);
    sim_input f;
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.move_y > 0 && (f.buttons & SIM_BUTTON_BLINK));
    // A new press after it acts, and so do its repeats.
    push_scancode(SDL_SCANCODE_ESCAPE, false, false);
    push_scancode(SDL_SCANCODE_ESCAPE, true, false);
    push_scancode(SDL_SCANCODE_DOWN, true, false);
    push_scancode(SDL_SCANCODE_DOWN, true, true);
    frames(&in, 1);
    CHECK(input_take_action(&in, ACT_BACK) && input_take_action(&in, ACT_ANY));
    CHECK(input_take_action(&in, ACT_DOWN) && input_take_action(&in, ACT_DOWN));
    // A guard from now: the next frame's presses count.
    drain_actions(&in);
    input_guard(&in, 0.0f);
    push_scancode(SDL_SCANCODE_E, true, false);
    frames(&in, 1);
    CHECK(input_take_action(&in, ACT_ANY));
    SDL_Quit();
}

// Only Enter, Keypad Enter and Space confirm, and each only while no bind has it: the keys that
// move and blink navigate menus (the movement keys) but never say yes. The theatre's play and
// pause takes Space and Enter whatever the bindings.
static void test_confirm_keys(void) {
    REQUIRE(init_sdl());
    input_state in;
    input_init(&in); // Space and Left Shift blink, WASD and the arrows move
    const SDL_Scancode no[] = {SDL_SCANCODE_SPACE, SDL_SCANCODE_LSHIFT, SDL_SCANCODE_W,
                               SDL_SCANCODE_S,     SDL_SCANCODE_E,      SDL_SCANCODE_1};
    for (size_t k = 0; k < sizeof no / sizeof no[0]; k++) {
        drain_actions(&in);
        push_scancode(no[k], true, false);
        push_scancode(no[k], false, false);
        pump(&in);
        CHECK(!input_take_action(&in, ACT_CONFIRM));
    }
    drain_actions(&in);
    push_scancode(SDL_SCANCODE_S, true, false);
    pump(&in);
    CHECK(input_take_action(&in, ACT_DOWN)); // it navigates
    push_scancode(SDL_SCANCODE_SPACE, true, false);
    pump(&in);
    CHECK(input_take_action(&in, ACT_PLAY_PAUSE) && !input_take_action(&in, ACT_CONFIRM));
    const SDL_Scancode yes[] = {SDL_SCANCODE_RETURN, SDL_SCANCODE_KP_ENTER};
    for (size_t k = 0; k < sizeof yes / sizeof yes[0]; k++) {
        drain_actions(&in);
        push_scancode(yes[k], true, false);
        pump(&in);
        CHECK(input_take_action(&in, ACT_CONFIRM) && input_take_action(&in, ACT_PLAY_PAUSE));
    }
    // Space freed from the blink confirms; Enter bound to it no longer does.
    input_bindings b;
    input_bindings_default(&b);
    b.keys[BIND_BLINK][0] = SDL_SCANCODE_RETURN;
    input_set_bindings(&in, &b);
    drain_actions(&in);
    push_scancode(SDL_SCANCODE_SPACE, true, false);
    pump(&in);
    CHECK(input_take_action(&in, ACT_CONFIRM));
    push_scancode(SDL_SCANCODE_RETURN, true, false);
    pump(&in);
    CHECK(!input_take_action(&in, ACT_CONFIRM) && input_take_action(&in, ACT_PLAY_PAUSE));
    SDL_Quit();
}

// A capture takes the next key or pad button and nothing acts on it; Escape cancels,
// Backspace and Delete clear, keys that cannot be bound are passed over.
static void test_capture(void) {
    REQUIRE(init_sdl());
    input_state in;
    input_init(&in);
    SDL_Scancode k = SDL_SCANCODE_UNKNOWN;
    SDL_GameControllerButton p = SDL_CONTROLLER_BUTTON_INVALID;
    CHECK(input_capture_take(&in, &k, &p) == INPUT_CAPTURE_OFF);
    input_capture_begin(&in);
    CHECK(input_capture_take(&in, &k, &p) == INPUT_CAPTURE_WAITING);
    push_scancode(SDL_SCANCODE_RETURN2, true, false); // no name of its own: passed over
    push_scancode(SDL_SCANCODE_W, true, false);       // moves and navigates when not captured
    pump(&in);
    CHECK(input_capture_take(&in, &k, &p) == INPUT_CAPTURE_KEY && k == SDL_SCANCODE_W);
    CHECK(input_capture_take(&in, &k, &p) == INPUT_CAPTURE_OFF); // reported once
    CHECK(drain_actions(&in) == 0);
    sim_input f;
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.move_y == 0); // the captured press is not held either
    push_scancode(SDL_SCANCODE_W, false, false);
    // Space would blink and confirm, 3 pick a skill, Escape pause and go back: not while captured.
    const struct {
        SDL_Scancode key;
        input_capture got;
    } keys[] = {{SDL_SCANCODE_SPACE, INPUT_CAPTURE_KEY},
                {SDL_SCANCODE_3, INPUT_CAPTURE_KEY},
                {SDL_SCANCODE_ESCAPE, INPUT_CAPTURE_CANCEL},
                {SDL_SCANCODE_BACKSPACE, INPUT_CAPTURE_CLEAR},
                {SDL_SCANCODE_DELETE, INPUT_CAPTURE_CLEAR}};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        input_capture_begin(&in);
        push_scancode(keys[i].key, true, false);
        pump(&in);
        k = SDL_SCANCODE_UNKNOWN;
        CHECK(input_capture_take(&in, &k, &p) == keys[i].got);
        CHECK(keys[i].got != INPUT_CAPTURE_KEY || k == keys[i].key);
        push_scancode(keys[i].key, false, false);
        pump(&in);
        input_frame(&in, 0, 0, 0, &f);
        CHECK(f.buttons == 0 && f.skill_pick == 0);
        CHECK(drain_actions(&in) == 0);
    }
    // Cancelled by the program (a click elsewhere): the next key acts again.
    input_capture_begin(&in);
    input_capture_cancel(&in);
    push_scancode(SDL_SCANCODE_ESCAPE, true, false);
    pump(&in);
    CHECK(input_capture_take(&in, &k, &p) == INPUT_CAPTURE_OFF);
    CHECK(input_take_action(&in, ACT_BACK));
    // A pad button: captured, not confirmed, not blinked.
    input_open_pads(&in, NULL);
    int dev = SDL_JoystickAttachVirtual(SDL_JOYSTICK_TYPE_GAMECONTROLLER, SDL_CONTROLLER_AXIS_MAX,
                                        SDL_CONTROLLER_BUTTON_MAX, 0);
    REQUIRE(dev >= 0);
    SDL_Delay(10);
    pump(&in);
    SDL_Joystick *js = SDL_JoystickOpen(dev);
    REQUIRE(js);
    drain_actions(&in);
    input_capture_begin(&in);
    SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_A, 1);
    SDL_JoystickUpdate();
    pump(&in);
    CHECK(input_capture_take(&in, &k, &p) == INPUT_CAPTURE_PAD && p == SDL_CONTROLLER_BUTTON_A);
    input_frame(&in, 0, 0, 0, &f);
    CHECK(f.buttons == 0 && drain_actions(&in) == 0);
    SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_A, 0);
    SDL_JoystickUpdate();
    pump(&in);
    SDL_JoystickClose(js);
    SDL_JoystickDetachVirtual(dev);
    input_close(&in);
    SDL_Quit();
}

// Presses that do the window's own actions (input_not_any) and the debug overlays' keys are not
// "any key": muting or zooming during the killcam never skips it. Other keys are.
static void test_not_any(void) {
    REQUIRE(init_sdl());
    input_state in;
    input_init(&in);
    const input_action own[] = {ACT_MUTE, ACT_FULLSCREEN, ACT_ZOOM_IN, ACT_HELP};
    input_not_any(&in, own, 4);
    frames(&in, 2);
    push_scancode(SDL_SCANCODE_M, true, false); // mute
    push_scancode(SDL_SCANCODE_F11, true, false);
    push_scancode(SDL_SCANCODE_F4, true, false); // an overlay
    frames(&in, 1);
    CHECK(input_take_action(&in, ACT_MUTE) && input_take_action(&in, ACT_FULLSCREEN));
    CHECK(in.overlay_toggles != 0);
    CHECK(!input_take_action(&in, ACT_ANY));
    push_scancode(SDL_SCANCODE_X, true, false); // bound to nothing: any key
    frames(&in, 1);
    CHECK(input_take_action(&in, ACT_ANY));
    // Without the list, M is any key as well (the default for a bare input).
    input_not_any(&in, own, 0);
    push_scancode(SDL_SCANCODE_M, false, false);
    push_scancode(SDL_SCANCODE_M, true, false);
    frames(&in, 1);
    CHECK(input_take_action(&in, ACT_MUTE) && input_take_action(&in, ACT_ANY));
    SDL_Quit();
}

TEST_MAIN(TEST_CASE(keyboard_mouse), TEST_CASE(virtual_stick), TEST_CASE(pad_hotplug),
          TEST_CASE(dead_zone), TEST_CASE(abilities), TEST_CASE(default_layout),
          TEST_CASE(rebind_keys), TEST_CASE(rebind_pad), TEST_CASE(capture), TEST_CASE(guard),
          TEST_CASE(confirm_keys), TEST_CASE(not_any))
