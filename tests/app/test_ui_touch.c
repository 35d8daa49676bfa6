// The windowed game with touch only: the pause button, taps on menus and the question before
// leaving, and the words every screen shows naming taps, not keys (ui_flow_support.h drives it).
#include "test.h"

#include "ui_flow_support.h"

#include "overlays.h"
#include "sim_internal.h"

#include <stdio.h>
#include <string.h>

static void push_finger(SDL_EventType type, SDL_FingerID id, float x, float y) {
    SDL_Event e = {0};
    e.type = type;
    e.tfinger.fingerId = id;
    e.tfinger.x = x / a.view.cam.screen_w; // SDL gives fingers in 0..1 of the window
    e.tfinger.y = y / a.view.cam.screen_h;
    SDL_PushEvent(&e);
}

/// A finger's tap at (x, y) in screen pixels.
static void tap(float x, float y) {
    static SDL_FingerID next = 100;
    push_finger(SDL_FINGERDOWN, next, x, y);
    frames(2);
    push_finger(SDL_FINGERUP, next++, x, y);
    frames(3);
}

static bool tap_item(const char *label) {
    SDL_FRect r;
    if (!find_item(label, &r, NULL)) {
        fprintf(stderr, "no item '%s' on screen %d\n", label, (int)a.screen);
        return false;
    }
    tap(r.x + 0.5f * r.w, r.y + 0.5f * r.h);
    return true;
}

// With touch only: the pause button opens the pause menu, whose items, the settings and the
// question before leaving take taps; the hints name taps, not keys.
static void test_touch_only(void) {
    REQUIRE(open_small_match());
    REQUIRE(a.screen == SCREEN_PLAY);
    frames(5);
    push_finger(SDL_FINGERDOWN, 1, 300, 400); // the first touch: the touch buttons show
    frames(2);
    push_finger(SDL_FINGERUP, 1, 300, 400);
    frames(2);
    CHECK(a.in.touch_seen && a.in.playing && input_touch_shown(&a.in, INPUT_TOUCH_PAUSE));
    CHECK(a.hud.touch && strstr(app_menu_note(&a), "Tap") != NULL);
    float x, y, r;
    input_touch_button(&a.in, INPUT_TOUCH_PAUSE, &x, &y, &r);
    SDL_Surface *play = picture("touch_play");
    REQUIRE(play);
    SDL_Color c = pixel(play, (int)(x - 0.23f * r), (int)y); // the left bar of the pause sign
    CHECK(c.r > 220 && c.g > 220 && c.b > 220);
    SDL_FreeSurface(play);
    tap(x, y);
    CHECK(a.screen == SCREEN_PAUSE);
    SDL_Surface *paused = picture("touch_pause");
    CHECK(paused != NULL);
    SDL_FreeSurface(paused);
    tap(x, y); // not shown over the menu: nothing there to tap
    CHECK(a.screen == SCREEN_PAUSE);
    CHECK(tap_item("Settings") && a.screen == SCREEN_SETTINGS);
    CHECK(scroll_to("Back", &(SDL_FRect){0}) && tap_item("Back") && a.screen == SCREEN_PAUSE);
    CHECK(tap_item("Resume") && a.screen == SCREEN_PLAY);
    tap(x, y);
    CHECK(a.screen == SCREEN_PAUSE);
    CHECK(tap_item("Leave match") && a.screen == SCREEN_CONFIRM);
    CHECK(tap_item("Leave without saving") && a.screen == SCREEN_TITLE);
    CHECK(app_window_close(&a) == 0);
}

/// The texts drawn since the last reset (gfx's text_drawn hook): what the screen says.
static char said[1024][128];
static int said_count;
static void text_drawn(const char *text) {
    if (said_count < (int)(sizeof said / sizeof said[0]))
        snprintf(said[said_count++], sizeof said[0], "%s", text);
}

/// Draws the current screen; true when one of its texts contains `words`.
static bool draw_says(const char *words) {
    said_count = 0;
    app_draw(&a);
    for (int i = 0; i < said_count; i++)
        if (strstr(said[i], words)) return true;
    return false;
}

/// True when `text` (shown in `where`) names a key.
static bool names_key(const char *where, const char *text) {
    static const char *const keys[] = {"F1", "Esc", "any key", "Enter", "Space", "WASD"};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        if (strstr(text, keys[k])) {
            fprintf(stderr, "%s says \"%s\"\n", where, text);
            return true;
        }
    return false;
}

/// True when a text of the last drawing names a key (the help's list of debug overlays names
/// their F keys: a keyboard's tools, listed as they are).
static bool key_named(const char *where) {
    for (int i = 0; i < said_count; i++) {
        bool overlay = false;
        for (int k = 0; k < OVERLAY_COUNT; k++) overlay |= !strcmp(said[i], overlay_title(k));
        if (!overlay && names_key(where, said[i])) return true;
    }
    return false;
}

/// Touch only, past the HUD: the killcam, the help, the controls screen and the replay theatre
/// name taps, not keys, and a tap does what they say (skips the killcam, closes the help, keeps
/// a binding a rebind was waiting for).
static void test_touch_words(void) {
    REQUIRE(open_small_match());
    REQUIRE(a.screen == SCREEN_PLAY && a.set.killcam);
    a.g.text_drawn = text_drawn;
    frames(5);
    tap(300, 400); // the first touch
    REQUIRE(a.in.touch_seen && !a.in.mouse_aims);

    fast_forward(false);
    REQUIRE(session_world(a.view.shown)->agents[0].placement != 0 && a.screen == SCREEN_DEAD);
    for (int f = 0; f < 200 && !match_view_killcam_plays(&a.view); f++) frames(1);
    REQUIRE(a.screen == SCREEN_THEATRE && a.view.th.killcam);
    CHECK(draw_says("tap to skip"));
    CHECK(!key_named("the killcam"));
    SDL_FreeSurface(picture("touch_killcam"));
    tap(0.5f * a.view.cam.screen_w, 0.5f * a.view.cam.screen_h);
    for (int f = 0; f < 10 && match_view_killcam_plays(&a.view); f++) frames(1);
    CHECK(a.screen == SCREEN_DEAD && !match_view_killcam_plays(&a.view));

    a.overlays.help = true; // F1 (a touch screen has no way to it: the help's text says so)
    CHECK(draw_says("A tap closes this list"));
    CHECK(!key_named("the help"));
    SDL_FreeSurface(picture("touch_help"));
    tap(0.5f * a.view.cam.screen_w, 0.5f * a.view.cam.screen_h);
    CHECK(!a.overlays.help);

    app_go(&a, SCREEN_CONTROLS);
    frames(2);
    static menu m;
    app_screen_menu(&a, &m);
    // (its rows name keys: what they are bound to)
    CHECK(m.note && !names_key("the controls' note", m.note) && strstr(m.note, "touch"));
    const input_bindings before = a.set.bindings;
    CHECK(tap_item("Move up") && a.capture_bind == BIND_UP); // waits for a key or button
    app_screen_menu(&a, &m);
    CHECK(m.note && strstr(m.note, "a tap keeps it"));
    SDL_FreeSurface(picture("touch_controls"));
    tap(0.5f * a.view.cam.screen_w, 40); // not on a cell: keeps the binding
    CHECK(a.capture_bind < 0 && a.in.capture == INPUT_CAPTURE_OFF);
    CHECK(!memcmp(&before, &a.set.bindings, sizeof before));

    app_watch_file(&a, ARENA_SOURCE_DIR "/tests/replays/ruins-s5.arp");
    for (int f = 0; f < 3000 && (a.screen != SCREEN_THEATRE || a.view.th.reading); f++) frames(1);
    REQUIRE(a.screen == SCREEN_THEATRE && !a.view.th.reading);
    CHECK(draw_says("Tap an agent to follow it"));
    CHECK(!key_named("the theatre"));
    SDL_FreeSurface(picture("touch_theatre"));
    CHECK(app_window_close(&a) == 0);
}

TEST_MAIN(TEST_CASE(touch_only), TEST_CASE(touch_words))
