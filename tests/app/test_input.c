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
    push_key(SDLK_3, true);
    pump(&in);
    input_frame(&in, 0, 100, 100, &f);
    CHECK(f.move_x == 0 && f.move_y == 0);
    CHECK(f.skill_pick == 3);
    input_frame(&in, 0, 100, 100, &f);
    CHECK(f.skill_pick == 0); // a pick is reported once
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
    SDL_JoystickSetVirtualButton(js, SDL_CONTROLLER_BUTTON_X, 1);
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
                {SDL_CONTROLLER_BUTTON_LEFTSHOULDER, SIM_BUTTON_BLINK},
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

TEST_MAIN(TEST_CASE(keyboard_mouse), TEST_CASE(virtual_stick), TEST_CASE(pad_hotplug),
          TEST_CASE(dead_zone), TEST_CASE(abilities))
