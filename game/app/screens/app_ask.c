// The question before leaving: one small dialog for every way out of a match or a replay
// (the pause menu, the spectating menu, the results), for leaving the map editor and for
// quitting. It offers to save the map editor's map or the match's replay first when leaving
// would lose it, and highlights Cancel: a stray press never
// leaves, and presses that began before it opened never answer it (app_go's input guard).
#include "app.h"

/// The answers' ids, in menu order; ASK_SAVE only when a->confirm_save.
enum { ASK_SAVE, ASK_GO, ASK_CANCEL };

bool app_replay_unsaved(const app *a) {
    if (a->view.th.active)
        return false; // a replay watched: its file, or the results' replay, stays
    if (a->recording) return !a->recording_to_file; // --record FILE writes it when it ends
    return a->replay && !a->replay_saved;
}

void app_ask(app *a, app_confirm what) {
    a->confirm = what;
    // The map editor's unsaved edits go first: quitting or leaving it offers to save them.
    a->confirm_map =
        (what == CONFIRM_QUIT_GAME || what == CONFIRM_LEAVE_EDITOR) && app_editor_unsaved(a);
    a->confirm_save = !a->confirm_map && what != CONFIRM_QUIT_GAME &&
                      what != CONFIRM_DELETE_REPLAY && what != CONFIRM_LEAVE_EDITOR &&
                      app_replay_unsaved(a);
    a->confirm_from = a->screen;
    a->confirm_selected = a->nav.selected;
    app_go(a, SCREEN_CONFIRM);
    menu_select_id(&a->nav, ASK_CANCEL);
}

void app_ask_if_unsaved(app *a, app_confirm what) {
    if (app_replay_unsaved(a))
        app_ask(a, what);
    else
        app_confirmed(a, what);
}

void app_ask_if_map_unsaved(app *a, app_confirm what) {
    if (app_editor_unsaved(a))
        app_ask(a, what);
    else
        app_confirmed(a, what);
}

void app_ask_menu(app *a, menu *m) {
    const bool quit = a->confirm == CONFIRM_QUIT_GAME, rematch = a->confirm == CONFIRM_REMATCH;
    if (a->confirm == CONFIRM_DELETE_REPLAY) { // the file named, nothing deleted but on Delete
        menu_begin(m, "Delete this replay?");
        menu_add(m, MENU_BUTTON, ASK_GO, "Delete", NULL);
        menu_add(m, MENU_BUTTON, ASK_CANCEL, "Cancel", NULL);
        m->note = a->confirm_file;
        menu_layout(m, &a->nav, a->view.cam.screen_w, a->view.cam.screen_h,
                    a->view.cam.screen_h * 0.42f, 420);
        return;
    }
    menu_begin(m, quit                                 ? "Quit Arena?"
                  : a->confirm == CONFIRM_LEAVE_EDITOR ? "Leave the map editor?"
                  : rematch                            ? "Start a new match?"
                  : a->view.th.active                  ? "Leave this replay?"
                                                       : "Leave this match?");
    if (a->confirm_map) {
        menu_add(m, MENU_BUTTON, ASK_SAVE, quit ? "Save map and quit" : "Save map and leave", NULL);
        m->note = "This map has changes that are not saved.";
    } else if (a->confirm_save) {
        menu_add(m, MENU_BUTTON, ASK_SAVE,
                 rematch ? "Save replay and play" : "Save replay and leave", NULL);
        m->note = "This match's replay is not saved yet.";
    }
    menu_add(m, MENU_BUTTON, ASK_GO,
             a->confirm_map     ? (quit ? "Quit without saving" : "Leave without saving")
             : quit             ? "Quit"
             : !a->confirm_save ? "Leave"
             : rematch          ? "Play without saving"
                                : "Leave without saving",
             NULL);
    menu_add(m, MENU_BUTTON, ASK_CANCEL, "Cancel", NULL);
    menu_layout(m, &a->nav, a->view.cam.screen_w, a->view.cam.screen_h,
                a->view.cam.screen_h * 0.42f, 420);
}

/// "Save replay and ...": a match still playing ends its recording first. True when saved.
static bool save_first(app *a) {
    ae_error err;
    app_finish_recording(a, &err); // a --record FILE is never asked about (app_replay_unsaved)
    app_save_replay(a);
    if (!a->replay_saved) // the question stays, and says why
        app_notice(a, a->replay_note[0] ? a->replay_note : "Replay not saved");
    return a->replay_saved;
}

void app_ask_update(app *a, menu_result r, bool back) {
    int answer = r.activate ? r.id : MENU_NONE;
    if (answer == ASK_SAVE && a->confirm_map) {
        // Saved, or a name to give first (Save as's field, back in the editor), or why not.
        if (!app_editor_save(a)) {
            app_go(a, a->confirm_from);
            return;
        }
    } else if (answer == ASK_SAVE && !save_first(a)) {
        return;
    }
    if (answer == ASK_SAVE || answer == ASK_GO) {
        app_confirmed(a, a->confirm);
    } else if (answer == ASK_CANCEL || back) {
        app_go(a, a->confirm_from);
        a->nav.selected = a->confirm_selected;
    }
}
