// The Play online screen: the server's address and the player's name, typed with SDL's text
// input and kept in the settings, and Join; then the connecting screen until the match shows.
#include "app.h"

#include "audio.h"

#include <stdio.h>
#include <string.h>

enum { ONLINE_ADDRESS, ONLINE_NAME, ONLINE_JOIN, ONLINE_BACK };
enum { CONNECTING_CANCEL };

/// A field's text in the settings and the room for it.
static char *field_text(app *a, int id, size_t *room) {
    *room = id == ONLINE_ADDRESS ? sizeof a->set.online_address : sizeof a->set.online_name;
    return id == ONLINE_ADDRESS ? a->set.online_address : a->set.online_name;
}

/// The field's text as the menu shows it: while typed, its end and a caret.
static void shown_text(app *a, int id, char *out, size_t n) {
    size_t room;
    const char *t = field_text(a, id, &room);
    if (a->editing != id) { // what fits of it (the menu cuts it to its room anyway)
        const size_t len = strlen(t) < n - 1 ? strlen(t) : n - 1;
        memcpy(out, t, len);
        out[len] = '\0';
        return;
    }
    const size_t len = strlen(a->edit_text), keep = n - 2; // the caret and the zero
    const char *from = a->edit_text + (len > keep ? len - keep : 0);
    while ((*from & 0xc0) == 0x80) from++; // never half a character
    snprintf(out, n, "%s%s", from, (int)(a->time * 2.0f) % 2 ? " " : "_");
}

void app_online_menu(app *a, menu *m) {
    const float sw = a->view.cam.screen_w, sh = a->view.cam.screen_h;
    if (a->screen == SCREEN_CONNECTING) {
        menu_begin(m, NULL);
        menu_add(m, MENU_BUTTON, CONNECTING_CANCEL, "Cancel", NULL);
        m->note = "Esc: back to the title";
        menu_layout(m, &a->nav, sw, sh, sh * 0.55f, 320);
        return;
    }
    char address[MENU_TEXT], name[MENU_TEXT];
    shown_text(a, ONLINE_ADDRESS, address, sizeof address);
    shown_text(a, ONLINE_NAME, name, sizeof name);
    menu_begin(m, "PLAY ONLINE");
    menu_add(m, MENU_FIELD, ONLINE_ADDRESS, "Server", address);
    menu_add(m, MENU_FIELD, ONLINE_NAME, "Your name", name);
    menu_add(m, MENU_BUTTON, ONLINE_JOIN, "Join", NULL);
    menu_add(m, MENU_BUTTON, ONLINE_BACK, "Back", NULL);
    m->note = a->editing >= 0 ? "Type - Enter or Tab: keep it - Esc: as it was"
                              : "Enter or a click on a field: type in it - Esc: back";
    menu_layout(m, &a->nav, sw, sh, fmaxf(sh * 0.36f, 230.0f), 640);
}

static void start_editing(app *a, int id) {
    size_t room;
    snprintf(a->edit_text, sizeof a->edit_text, "%s", field_text(a, id, &room));
    a->editing = id;
    SDL_StartTextInput();
}

static void stop_editing(app *a) {
    a->editing = -1;
    SDL_StopTextInput();
}

/// Keeps what was typed when it is valid (saved with the settings), else says why in a notice
/// and keeps the old text.
static void keep_edit(app *a) {
    const int id = a->editing;
    stop_editing(a);
    char *t = a->edit_text, *end = t + strlen(t);
    while (*t == ' ') t++;
    while (end > t && end[-1] == ' ') *--end = '\0';
    if (id == ONLINE_ADDRESS && !*t) // empty: the default lobby
        t = strcpy(a->edit_text, SETTINGS_ADDRESS_DEFAULT);
    const bool ok = id == ONLINE_ADDRESS ? settings_address_valid(t) : settings_name_valid(t);
    if (!ok) {
        app_notice(a, id == ONLINE_ADDRESS
                          ? "The address is http://LOBBY[:PORT] or ws://SERVER[:PORT]"
                          : "A name is 1 to 24 bytes of text, no control characters");
        return;
    }
    size_t room;
    char *field = field_text(a, id, &room);
    if (!strcmp(field, t)) return;
    snprintf(field, room, "%s", t);
    app_settings_changed(a);
}

bool app_online_text_event(app *a, const SDL_Event *e) {
    if (a->screen != SCREEN_ONLINE || a->editing < 0) return false;
    size_t room;
    field_text(a, a->editing, &room);
    const size_t len = strlen(a->edit_text);
    if (e->type == SDL_TEXTINPUT) {
        if (len + strlen(e->text.text) < room)
            snprintf(a->edit_text + len, sizeof a->edit_text - len, "%s", e->text.text);
        return true;
    }
    if (e->type != SDL_KEYDOWN) return false; // key releases go on to the mapper: nothing stuck
    switch (e->key.keysym.sym) {
    case SDLK_BACKSPACE: { // one character, however many bytes
        size_t n = len;
        while (n > 0 && (a->edit_text[n - 1] & 0xc0) == 0x80) n--;
        a->edit_text[n > 0 ? n - 1 : 0] = '\0';
        break;
    }
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
        keep_edit(a);
        break;
    case SDLK_TAB: { // on to the next field
        const int next = a->editing == ONLINE_ADDRESS ? ONLINE_NAME : -1;
        keep_edit(a);
        if (next >= 0) {
            menu_select_id(&a->nav, next);
            start_editing(a, next);
        }
        break;
    }
    case SDLK_ESCAPE:
        stop_editing(a);
        break;
    default: // the keys typed are text, not the menu's moves
        break;
    }
    return true;
}

void app_online_update(app *a, menu_result r, bool back) {
    if (a->screen == SCREEN_CONNECTING) {
        if ((r.activate && r.id == CONNECTING_CANCEL) || back) { // the title's match is still on
            app_lobby_drop(a);
            view_net_close(&a->view);
            app_go(a, SCREEN_TITLE);
            return;
        }
        app_online_poll(a);
        return;
    }
    if (a->editing >= 0 && r.activate && r.id != a->editing) keep_edit(a); // a click elsewhere
    if (r.activate && (r.id == ONLINE_ADDRESS || r.id == ONLINE_NAME) && a->editing != r.id)
        start_editing(a, r.id);
    if (r.activate && r.id == ONLINE_JOIN) {
        char err[320];
        if (!app_join(a, a->set.online_address, NULL, a->set.online_name, err, sizeof err))
            app_notice(a, err);
    }
    if ((r.activate && r.id == ONLINE_BACK) || (back && a->editing < 0)) app_go(a, SCREEN_TITLE);
}
