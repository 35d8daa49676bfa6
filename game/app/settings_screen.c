// The settings screen and the controls screen under it.
#include "app.h"

#include "audio.h"

#include <stdio.h>

/// The settings screen's items, top to bottom (headings included).
enum {
    SET_AUDIO,
    SET_SOUND,
    SET_DISPLAY,
    SET_FULLSCREEN,
    SET_MATCH,
    SET_BOTS,
    SET_DIFFICULTY,
    SET_MAP,
    SET_CONTROLS,
    SET_BACK,
};

void app_open_settings(app *a) {
    a->settings_from = a->screen;
    app_go(a, SCREEN_SETTINGS);
}

static const char *on_off(bool on) {
    return on ? "On" : "Off";
}

void app_build_settings_menu(app *a, menu *m) {
    const float sw = a->cam.screen_w, sh = a->cam.screen_h;
    if (a->screen == SCREEN_CONTROLS) {
        menu_begin(m, "CONTROLS");
        menu_add(m, MENU_BUTTON, "Back", NULL);
        m->note = APP_NOTE_KEYS;
        menu_layout(m, &a->nav, sw, sh, 120, 760);
        return;
    }
    int first;
    menu_begin(m, "SETTINGS");
    menu_add(m, MENU_HEADING, "Audio", NULL);
    menu_add(m, MENU_CHOICE, "Sound",
             !audio_available() ? "no device" : (audio_muted() ? "Muted" : "On"));
    menu_add(m, MENU_HEADING, "Display", NULL);
    menu_add(m, MENU_CHOICE, "Fullscreen", on_off(a->fullscreen));
    menu_add(m, MENU_HEADING, "Match", NULL);
    app_add_match_choices(a, m, &first);
    menu_add(m, MENU_BUTTON, "Controls", NULL);
    menu_add(m, MENU_BUTTON, "Back", NULL);
    m->note = APP_NOTE_KEYS;
    menu_layout(m, &a->nav, sw, sh, 110, 640);
}

void app_update_settings(app *a, menu_result r, bool back) {
    if (a->screen == SCREEN_CONTROLS) {
        if (r.activate || back) {
            app_go(a, SCREEN_SETTINGS);
            a->nav.selected = SET_CONTROLS;
        }
        return;
    }
    if (r.delta) switch (r.item) {
        case SET_SOUND:
            audio_set_muted(!audio_muted());
            app_settings_changed(a);
            break;
        case SET_FULLSCREEN:
            a->in.actions[ACT_FULLSCREEN]++; // the window switches on the next frame
            break;
        case SET_BOTS:
        case SET_DIFFICULTY:
        case SET_MAP:
            app_change_match_choice(a, r.item - SET_BOTS + APP_PICK_BOTS, r.delta);
            break;
        default:
            break;
        }
    if (r.activate && r.item == SET_CONTROLS) app_go(a, SCREEN_CONTROLS);
    if ((r.activate && r.item == SET_BACK) || back) {
        app_screen from = a->settings_from;
        app_go(a, from == SCREEN_PAUSE ? SCREEN_PAUSE : SCREEN_TITLE);
    }
}

void app_settings_changed(app *a) {
    (void)a;
}
