// The settings screen and the controls screen under it, and the settings' way into the game.
#include "app.h"
#include "platform.h"

#include "audio.h"
#include "help_view.h"

#include <stdio.h>
#include <string.h>

/// The settings screen's items' ids: a plain setting's is its settings_id, then these buttons.
enum { SET_CONTROLS = SETTING_COUNT, SET_DEFAULTS, SET_BACK };

/// The controls screen: a row per bind (its id the input_bind), then these.
enum { CONTROLS_DEFAULTS = BIND_COUNT, CONTROLS_BACK };
enum { CELL_KEY, CELL_KEY_2, CELL_PAD, CELL_PAD_2, CELLS };

static int map_index(const char *name) {
    for (int i = 0; i < APP_MAP_COUNT; i++)
        if (!strcmp(app_maps[i], name)) return i;
    return 0;
}

void app_use_settings(app *a, const settings *st, const arena_options *o) {
    a->set = *st;
    if (o->bots < 0) a->bots = st->bots;
    if (!o->difficulty_set) a->difficulty = st->difficulty;
    if (!o->map) a->map = map_index(st->map);
    camera_set_zoom_range(&a->view.cam, st->zoom_min, st->zoom_max);
    onboarding_start(&a->guide, st->onboarding_done);
    input_set_bindings(&a->in, &st->bindings);
    a->capture_bind = -1;
}

void app_sync_screen_size(app *a) {
    int w, h;
    SDL_GetRendererOutputSize(a->renderer, &w, &h);
    a->view.cam.screen_w = (float)w;
    a->view.cam.screen_h = (float)h;
    a->in.screen_w = (float)w;
    a->in.screen_h = (float)h;
}

void app_set_fullscreen(app *a, bool on) {
    a->set.fullscreen = on;
    SDL_SetWindowFullscreen(a->window, on ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
    app_sync_screen_size(a);
}

void app_settings_changed(app *a) {
    if (!a->settings_path[0]) return; // no preference folder: nothing is kept
    ae_error e;
    if (!settings_save(&a->set, a->settings_path, &e)) {
        char t[sizeof a->notice];
        snprintf(t, sizeof t, "cannot save the settings: %s", e.msg);
        app_notice(a, t);
        return;
    }
    platform_persist();
}

void app_open_settings(app *a) {
    a->settings_from = a->screen;
    app_go(a, SCREEN_SETTINGS);
}

static const char *on_off(bool on) {
    return on ? "On" : "Off";
}

/// Setting k's field in a->set.
static void *field(app *a, int k) {
    return (char *)&a->set + settings_rows[k].offset;
}

/// The match choice (APP_PICK_*) a setting is, or -1.
static int match_pick(int k) {
    return k == SETTING_BOTS         ? APP_PICK_BOTS
           : k == SETTING_DIFFICULTY ? APP_PICK_DIFFICULTY
           : k == SETTING_MAP        ? APP_PICK_MAP
                                     : -1;
}

/// Setting k's value as the screen shows it (t, n bytes, may hold it): what is in effect where
/// that is not the value kept (the sound device, the camera's fair zoom, the match choices given
/// on the command line, the guide running), else by its type.
static const char *shown_value(app *a, int k, char *t, size_t n) {
    if (match_pick(k) >= 0) return app_match_choice_value(a, match_pick(k), t, n);
    switch (k) {
    case SETTING_MUTED:
        return !audio_available() ? "no device" : (audio_muted() ? "Muted" : "On");
    case SETTING_ZOOM_MIN:
    case SETTING_ZOOM_MAX:
        snprintf(t, n, "%.1fx",
                 (double)(k == SETTING_ZOOM_MIN ? a->view.cam.zoom_min : a->view.cam.zoom_max));
        return t;
    case SETTING_ONBOARDING_DONE:
        return onboarding_active(&a->guide) ? "On" : (a->set.onboarding_done ? "Done" : "Off");
    }
    switch (settings_rows[k].type) {
    case SETTINGS_T_BOOL:
        return on_off(*(bool *)field(a, k));
    case SETTINGS_T_PERCENT:
        snprintf(t, n, "%d%%", *(int *)field(a, k));
        return t;
    default:
        return settings_value_text(&a->set, k, t, n);
    }
}

/// A bind's row: its two keys and two pad buttons, conflicts marked.
static void add_bind_row(app *a, menu *m, input_bind b) {
    const input_bindings *k = &a->set.bindings;
    char cells[CELLS][MENU_TEXT];
    const char *texts[CELLS];
    unsigned warn = 0;
    for (int c = 0; c < CELLS; c++) {
        bool key = c < CELL_PAD;
        int slot = key ? c : c - CELL_PAD;
        if (a->capture_bind == (int)b && a->capture_cell == c)
            snprintf(cells[c], sizeof cells[c], "%s", key ? "press a key" : "press a button");
        else
            snprintf(cells[c], sizeof cells[c], "%s",
                     key ? (k->keys[b][slot] ? input_key_name(k->keys[b][slot]) : "-")
                         : (k->pad[b][slot] != SDL_CONTROLLER_BUTTON_INVALID
                                ? input_pad_label(k->pad[b][slot])
                                : "-"));
        texts[c] = cells[c];
        bool clash = key ? input_bind_conflict_key(k, b, slot) >= 0
                         : input_bind_conflict_pad(k, b, slot) >= 0;
        if (clash) warn |= 1u << c;
    }
    int i = menu_add_cells(m, (int)b, input_bind_label(b), texts, CELLS);
    if (i >= 0) m->items[i].warn = warn;
}

/// The controls screen's note: what the highlighted cell clashes with, or how to rebind.
static const char *controls_note(app *a, const menu *m, char *buf, size_t n) {
    int b = menu_selected_id(m, &a->nav);
    const bool touch = help_device_of(&a->in) == HELP_TOUCH;
    if (a->capture_bind >= 0)
        return touch ? "Press the new key or button - a tap keeps it as it was"
                     : "Press the new key or button - Backspace: clear - Esc: keep it as it was";
    if (b >= 0 && b < BIND_COUNT) {
        const input_bindings *k = &a->set.bindings;
        int c = a->nav.cell;
        int other = c < CELL_PAD ? input_bind_conflict_key(k, (input_bind)b, c)
                                 : input_bind_conflict_pad(k, (input_bind)b, c - CELL_PAD);
        if (other >= 0) {
            snprintf(buf, n, "Also bound to \"%s\": one of them needs another key",
                     input_bind_label((input_bind)other));
            return buf;
        }
    }
    return touch ? "A touch screen's controls are fixed: these are a keyboard's and a pad's"
                 : "Enter/A or a click on a cell: rebind it - arrows: choose - Esc/B: back";
}

void app_build_settings_menu(app *a, menu *m) {
    const float sw = a->view.cam.screen_w, sh = a->view.cam.screen_h;
    if (a->screen == SCREEN_CONTROLS) {
        menu_begin(m, "CONTROLS");
        menu_add(m, MENU_HEADING, MENU_NONE, "Two keys, two pad buttons - red: bound twice", NULL);
        static const char *const columns[CELLS] = {"Key", "Other key", "Pad", "Other pad"};
        menu_add_columns(m, "Action", columns, CELLS);
        for (int b = 0; b < BIND_COUNT; b++) add_bind_row(a, m, (input_bind)b);
        menu_add(m, MENU_BUTTON, CONTROLS_DEFAULTS, "Default controls", NULL);
        menu_add(m, MENU_BUTTON, CONTROLS_BACK, "Back", NULL);
        m->note = controls_note(a, m, m->note_text, sizeof m->note_text);
        menu_layout(m, &a->nav, sw, sh, 110, 900);
        return;
    }
    menu_begin(m, "SETTINGS");
    // The settings in their places, a heading where the section changes.
    const char *section = NULL;
    for (int place = 1; place <= SETTING_COUNT; place++)
        for (int k = 0; k < SETTING_COUNT; k++) {
            const settings_row *row = &settings_rows[k];
            if (row->place != place) continue;
            if (!section || strcmp(section, row->section) != 0)
                menu_add(m, MENU_HEADING, MENU_NONE, section = row->section, NULL);
            char t[MENU_TEXT];
            menu_add(m, MENU_CHOICE, k, row->label, shown_value(a, k, t, sizeof t));
        }
    menu_add(m, MENU_BUTTON, SET_CONTROLS, "Controls", NULL);
    menu_add(m, MENU_BUTTON, SET_DEFAULTS, "Default settings", NULL);
    menu_add(m, MENU_BUTTON, SET_BACK, "Back", NULL);
    m->note = app_menu_note(a);
    menu_layout(m, &a->nav, sw, sh, 110, 640);
}

/// Steps setting k by dir; true when a->set changed and is to be saved. A setting with an effect
/// beyond its value has its case; the others step by their type within their range.
static bool change_setting(app *a, int k, int dir) {
    settings *st = &a->set;
    const settings_row *row = &settings_rows[k];
    if (match_pick(k) >= 0) {
        app_change_match_choice(a, match_pick(k), dir); // saved there
        return false;
    }
    switch (k) {
    case SETTING_MUTED:
        audio_set_muted(!audio_muted());
        st->muted = audio_muted();
        return true;
    case SETTING_FULLSCREEN:
        app_set_fullscreen(a, !st->fullscreen);
        return true;
    case SETTING_ZOOM_MIN:
    case SETTING_ZOOM_MAX: {
        float lo = a->view.cam.zoom_min, hi = a->view.cam.zoom_max, d = 0.1f * (float)dir;
        if (k == SETTING_ZOOM_MIN)
            lo = fminf(lo + d, hi);
        else
            hi = fmaxf(hi + d, lo);
        camera_set_zoom_range(&a->view.cam, lo, hi);
        st->zoom_min = a->view.cam.zoom_min;
        st->zoom_max = a->view.cam.zoom_max;
        return true;
    }
    case SETTING_ONBOARDING_DONE: // on: the guide runs from the next match (again)
        st->onboarding_done = onboarding_active(&a->guide);
        onboarding_start(&a->guide, st->onboarding_done);
        return true;
    }
    switch (row->type) {
    case SETTINGS_T_BOOL:
        *(bool *)field(a, k) = !*(bool *)field(a, k);
        break;
    case SETTINGS_T_PERCENT:
    case SETTINGS_T_INT: {
        int *v = field(a, k), step = row->type == SETTINGS_T_PERCENT ? 10 : 1;
        *v = SDL_clamp(*v + step * dir, (int)row->lo, (int)row->hi);
        break;
    }
    default: // a float, a difficulty or a map beyond these has its case above
        return false;
    }
    if (k == SETTING_VSYNC) SDL_RenderSetVSync(a->renderer, st->vsync ? 1 : 0);
    if (k == SETTING_MASTER_VOLUME || k == SETTING_EFFECTS_VOLUME) {
        audio_set_volume(st->master_volume, st->effects_volume);
        audio_play(AUDIO_SFX_UI_SELECT, 0.7f, 0.0f); // hear the new level
    }
    return true;
}

/// Takes the capture's result for the bind and cell being rebound.
static void finish_capture(app *a) {
    SDL_Scancode key;
    SDL_GameControllerButton pad;
    input_capture got = input_capture_take(&a->in, &key, &pad);
    // A click or a tap keeps the binding: the way out for a player without a key to press.
    if (got == INPUT_CAPTURE_WAITING && input_take_action(&a->in, ACT_CLICK)) {
        input_capture_cancel(&a->in);
        got = INPUT_CAPTURE_CANCEL;
    }
    if (got == INPUT_CAPTURE_WAITING || got == INPUT_CAPTURE_OFF) return;
    input_bindings *k = &a->set.bindings;
    const int b = a->capture_bind, c = a->capture_cell;
    const bool key_cell = c < CELL_PAD;
    if (got == INPUT_CAPTURE_KEY && !key_cell) { // a key for a pad cell: wait for a button
        input_capture_begin(&a->in);
        return;
    }
    if (got == INPUT_CAPTURE_PAD && key_cell) {
        input_capture_begin(&a->in);
        return;
    }
    if (got == INPUT_CAPTURE_KEY) k->keys[b][c] = key;
    if (got == INPUT_CAPTURE_PAD) k->pad[b][c - CELL_PAD] = pad;
    if (got == INPUT_CAPTURE_CLEAR) {
        if (key_cell)
            k->keys[b][c] = SDL_SCANCODE_UNKNOWN;
        else
            k->pad[b][c - CELL_PAD] = SDL_CONTROLLER_BUTTON_INVALID;
    }
    a->capture_bind = -1;
    if (got != INPUT_CAPTURE_CANCEL) {
        input_set_bindings(&a->in, k);
        app_settings_changed(a);
    }
}

static void update_controls(app *a, menu_result r, bool back) {
    if (a->capture_bind >= 0) {
        finish_capture(a);
        return;
    }
    const int b = r.id;
    if (r.activate && b >= 0 && b < BIND_COUNT) {
        a->capture_bind = b;
        a->capture_cell = a->nav.cell;
        input_capture_begin(&a->in);
    }
    if (r.activate && r.id == CONTROLS_DEFAULTS) {
        input_bindings_default(&a->set.bindings);
        input_set_bindings(&a->in, &a->set.bindings);
        app_settings_changed(a);
    }
    if ((r.activate && r.id == CONTROLS_BACK) || back) {
        app_go(a, SCREEN_SETTINGS);
        menu_select_id(&a->nav, SET_CONTROLS);
    }
}

void app_update_settings(app *a, menu_result r, bool back) {
    if (a->screen == SCREEN_CONTROLS) {
        update_controls(a, r, back);
        return;
    }
    settings *st = &a->set;
    bool changed = r.delta && r.id >= 0 && r.id < SETTING_COUNT && change_setting(a, r.id, r.delta);
    if (changed) app_settings_changed(a);
    if (r.activate && r.id == SET_CONTROLS) app_go(a, SCREEN_CONTROLS);
    if (r.activate && r.id == SET_DEFAULTS) {
        settings d;
        settings_defaults(&d);
        d.bindings = st->bindings; // the controls have their own reset
        bool refit = d.fullscreen != st->fullscreen;
        SDL_RenderSetVSync(a->renderer, d.vsync ? 1 : 0);
        audio_set_volume(d.master_volume, d.effects_volume);
        audio_set_muted(d.muted);
        arena_options none = a->opts;
        none.bots = -1;
        none.difficulty_set = false;
        none.map = NULL;
        app_use_settings(a, &d, &none); // a->set.fullscreen is the default's: the window follows
        if (refit) app_set_fullscreen(a, d.fullscreen);
        app_settings_changed(a);
    }
    if ((r.activate && r.id == SET_BACK) || back) {
        app_screen from = a->settings_from;
        app_go(a, from == SCREEN_PAUSE ? SCREEN_PAUSE : SCREEN_TITLE);
    }
}
