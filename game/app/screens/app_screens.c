// Title, pause, death / spectate and results screens: their menus and their drawing.
#include "app.h"

#include "audio.h"
#include "help_view.h"
#include "platform.h"
#include "results_view.h"
#include "sim_names.h"
#include "sim_state.h"
#include "theatre_view.h"

#include <stdio.h>
#include <string.h>

static const SDL_Color WHITE = {255, 255, 255, 255};
static const SDL_Color GOLD = {255, 214, 80, 255};
static const SDL_Color DIM = {0, 0, 0, 150};

static void dim_screen(app *a) {
    gfx_fill_rect(&a->g, (SDL_FRect){0, 0, a->view.cam.screen_w, a->view.cam.screen_h}, DIM);
}

/// The logo's top and scale for a screen h pixels high: smaller on shorter screens, where the
/// title's nine items need the room under it.
static void logo_size(float h, float *top, float *scale) {
    *top = h < 640 ? 8.0f : h < 800 ? 40.0f : fmaxf(h * 0.1f, 24.0f);
    *scale = h < 640 ? 6.0f : h < 800 ? 7.0f : 9.0f;
}

/// Where the title's menu may begin: under the logo's tag line.
static float logo_foot(float h) {
    float top, scale;
    logo_size(h, &top, &scale);
    return top + scale * 16 + 6 + 30 + 8;
}

app_screen app_base_screen(const app *a) {
    app_screen s = a->screen;
    if (s == SCREEN_CONFIRM) s = a->confirm_from;
    if (s == SCREEN_SETTINGS || s == SCREEN_CONTROLS) s = a->settings_from;
    return s;
}

bool app_on_title(const app *a) {
    const app_screen base = app_base_screen(a);
    return base == SCREEN_TITLE || base == SCREEN_ONLINE || base == SCREEN_CONNECTING ||
           base == SCREEN_RECORD || base == SCREEN_EDITOR_START;
}

bool app_world_runs(const app *a) {
    app_screen base = app_base_screen(a);
    return a->screen == SCREEN_PLAY || a->screen == SCREEN_DEAD || base == SCREEN_TITLE ||
           base == SCREEN_ONLINE || base == SCREEN_CONNECTING || base == SCREEN_RECORD ||
           base == SCREEN_EDITOR_START; // the title's match behind them
}

/// Moves to screen s; a new screen starts with its first item highlighted.
void app_go(app *a, app_screen s) {
    if (s == a->screen) return;
    if (a->editing >= 0) { // a field left while typed keeps its old text
        a->editing = -1;
        SDL_StopTextInput();
    }
    if (s == SCREEN_RESULTS) { // the match is over for this player: keep its replay to watch
        ae_error e;
        app_finish_recording(a, &e);
    }
    // Keys held (or pressed) as a screen opens never act on it; the results, opening (not
    // coming back from a question), wait a moment more.
    input_guard(&a->in,
                s == SCREEN_RESULTS && a->screen != SCREEN_CONFIRM ? APP_RESULTS_GUARD : 0.0f);
    if (s != SCREEN_TITLE && s != SCREEN_PLAY) audio_play(AUDIO_SFX_UI_SELECT, 0.7f, 0.0f);
    a->screen = s;
    // A blink or a skill pressed on another screen (Space pauses the theatre, Enter confirms)
    // is not a move in the match it returns to.
    if (s == SCREEN_PLAY) input_forget_taps(&a->in);
    a->nav.selected = -1; // menu_update or the build picks the first item
    a->nav.scroll = 0;
    a->nav.shown = -1;
}

void app_view_event(app *a, view_event ev) {
    if (a->view.notice[0]) {
        app_notice(a, a->view.notice);
        a->view.notice[0] = '\0';
    }
    switch (ev) {
    case VIEW_NONE:
        break;
    case VIEW_KILLCAM_STARTED:
        app_go(a, SCREEN_THEATRE);
        break;
    case VIEW_KILLCAM_ENDED:
        app_go(a, SCREEN_DEAD);
        break;
    case VIEW_TAKEN_OVER: // the match goes on live from the replay and records its branch
        a->watching = false;
        a->recording = true; // for Watch replay and Save replay on its results
        a->recording_to_file = false;
        app_go(a, SCREEN_PLAY);
        break;
    case VIEW_WANTS_PAUSE:
        app_go(a, SCREEN_PAUSE);
        break;
    case VIEW_NET_JOINED:
    case VIEW_NET_ENDED:
    case VIEW_NET_FAILED:
        app_net_event(a, ev);
        break;
    }
}

static void start_or_notice(app *a, bool attract) {
    char err[256];
    if (!app_start_match(a, attract, err, sizeof err)) {
        snprintf(a->notice, sizeof a->notice, "cannot start: %s", err);
        a->notice_age = 0;
        return;
    }
    app_go(a, attract ? SCREEN_TITLE : a->view.th.active ? SCREEN_THEATRE : SCREEN_PLAY);
}

void app_watch_file(app *a, const char *path) {
    const char *given = a->opts.replay; // the file is watched once; a new match is a match
    a->opts.replay = path;
    a->watching = false;
    start_or_notice(a, false);
    a->opts.replay = given;
}

/// The match ended for player 1: its sound, and (offline) its place in the record.
static void record_result(app *a) {
    if (!view_online(&a->view)) app_record_match(a); // online: at the server's END
    const sim_world *w = view_world(&a->view);
    const sim_agent *me = &sim_agents(w)[view_player(&a->view, 0)];
    audio_play(me->placement == 1 || (me->placement == 0 && sim_winner(w) == 0) ? AUDIO_SFX_WIN
                                                                                : AUDIO_SFX_LOSE,
               1.0f, 0.0f);
}

/// The difficulty choices in menu order: a sim_difficulty each, then the mix (-1).
#define DIFFICULTY_CHOICES 4
static const char *const difficulty_names[DIFFICULTY_CHOICES] = {"Easy", "Normal", "Hard", "Mixed"};

static int difficulty_choice(int difficulty) {
    return difficulty >= 0 && difficulty < SIM_DIFFICULTY_COUNT ? difficulty : SIM_DIFFICULTY_COUNT;
}

static int wrap(int v, int n) {
    return (v % n + n) % n;
}

const char *app_match_choice_value(const app *a, int pick, char *buf, size_t n) {
    if (pick == APP_PICK_DIFFICULTY) return difficulty_names[difficulty_choice(a->difficulty)];
    if (pick == APP_PICK_MAP) return app_maps[a->map];
    snprintf(buf, n, "%d", a->bots);
    return buf;
}

void app_add_match_choices(app *a, menu *m) {
    static const char *const labels[APP_PICK_COUNT] = {"Bots", "Difficulty", "Map"};
    char t[MENU_TEXT];
    for (int pick = 0; pick < APP_PICK_COUNT; pick++)
        menu_add(m, MENU_CHOICE, pick, labels[pick], app_match_choice_value(a, pick, t, sizeof t));
}

/// Steps match choice `pick` by dir; a new map restarts the match behind the title.
void app_change_match_choice(app *a, int pick, int dir) {
    switch (pick) {
    case APP_PICK_BOTS: {
        // 1 to 99 (at least one bot: no match ends as it starts), by ones up to 10, then fives.
        int b = dir > 0 ? a->bots + (a->bots < 10 ? 1 : 5) : a->bots - (a->bots <= 10 ? 1 : 5);
        a->bots = b < 1 ? 1 : (b > 99 ? 99 : b);
        break;
    }
    case APP_PICK_DIFFICULTY: {
        int c = wrap(difficulty_choice(a->difficulty) + dir, DIFFICULTY_CHOICES);
        a->difficulty = c < SIM_DIFFICULTY_COUNT ? c : -1;
        break;
    }
    case APP_PICK_MAP:
        a->map = wrap(a->map + dir, APP_MAP_COUNT);
        a->opts.map = NULL;
        if (a->screen == SCREEN_TITLE) start_or_notice(a, true);
        break;
    }
    // The choice changed is kept for the next run (a value given on the command line only once
    // the player changes it here).
    if (pick == APP_PICK_BOTS) a->set.bots = a->bots;
    if (pick == APP_PICK_DIFFICULTY) a->set.difficulty = a->difficulty;
    if (pick == APP_PICK_MAP) snprintf(a->set.map, sizeof a->set.map, "%s", app_maps[a->map]);
    app_settings_changed(a);
}

const char *app_menu_note(const app *a) {
    return help_device_of(&a->in) == HELP_TOUCH
               ? "Tap an item to choose it - a value's left or right half changes it"
               : "Arrows/WASD, mouse or pad - Enter/A: choose - Esc/B: back - F1: controls";
}

/// Each screen's menu, built the same way for the update and the drawing; its items' ids. The
/// title's match choices are named by their APP_PICK_*.
enum {
    TITLE_PLAY = APP_PICK_COUNT,
    TITLE_ONLINE,
    TITLE_RECORD,
    TITLE_EDITOR,
    TITLE_SETTINGS,
    TITLE_QUIT
};
enum { PAUSE_RESUME, PAUSE_SETTINGS, PAUSE_LEAVE, PAUSE_SKIP_GUIDE };
enum { DEAD_NEXT, DEAD_MENU };
enum { SPECTATE_WATCH, SPECTATE_RESULTS, SPECTATE_LEAVE };
enum { RESULTS_REMATCH, RESULTS_WATCH, RESULTS_SAVE, RESULTS_TITLE };

/// The results' scoreboard starts this far down (a short screen keeps the room for the buttons).
static float results_top(const app *a) {
    return a->view.cam.screen_h < 680 ? 8.0f : 0.05f * a->view.cam.screen_h;
}

/// The replay's note under the results' buttons: up to NOTE_LINES lines as room allows (at least
/// one: the buttons make room for it), NOTE_LINE_H pixels each, in a box NOTE_PAD taller.
enum { NOTE_LINES = 3, NOTE_LINE_H = 18, NOTE_PAD = 10, NOTE_GAP = 4 };

/// Where the results' buttons (Rematch offline, Watch and Save with a replay, Title) must start
/// at the latest to leave room under them for the replay's note.
static float results_buttons_top(const app *a) {
    const int buttons = (a->view.net ? 0 : 1) + (a->replay ? 2 : 0) + 1;
    const float note = a->replay || a->view.net ? NOTE_LINE_H + NOTE_PAD + 2 * NOTE_GAP : 12;
    return a->view.cam.screen_h - (float)buttons * 46 - 36 - note;
}

/// The scoreboard the results show: on a short screen, fewer top rows while that leaves the
/// buttons more room under the panel (the stat card beside the table may hold its height); the
/// player's own row stays, apart when its place is cut.
static void results_scoreboard(const app *a, sim_scoreboard *sb) {
    app_scoreboard(a, sb);
    const float sw = a->view.cam.screen_w, y = results_top(a), room = results_buttons_top(a);
    results_layout l;
    results_view_layout(0, y, sw, sb, &l);
    while (l.panel.y + l.panel.h + 8 > room && sb->top_count > 1) {
        sim_scoreboard fewer = *sb;
        fewer.top_count--;
        if (fewer.viewer_top >= fewer.top_count) fewer.viewer_top = -1;
        results_layout lf;
        results_view_layout(0, y, sw, &fewer, &lf);
        if (lf.panel.h >= l.panel.h) return; // no shorter: keep every row
        *sb = fewer;
        l = lf;
    }
}

static float note_width(const app *a) {
    return a->view.cam.screen_w - 48.0f;
}
static int note_lines(const app *a, const menu *m) {
    float room = a->view.cam.screen_h - (m->panel.y + m->panel.h) - 2 * NOTE_GAP - NOTE_PAD;
    int n = (int)(room / NOTE_LINE_H);
    return n < 1 ? 1 : (n > NOTE_LINES ? NOTE_LINES : n);
}

void app_screen_menu(app *a, menu *m) {
    const float sw = a->view.cam.screen_w, sh = a->view.cam.screen_h;
    float top = sh * 0.42f, width = 520;
    switch (a->screen) {
    case SCREEN_TITLE:
        menu_begin(m, NULL);
        menu_add(m, MENU_BUTTON, TITLE_PLAY, "Play", NULL);
        menu_add(m, MENU_BUTTON, TITLE_ONLINE, "Play online", NULL);
        menu_add(m, MENU_BUTTON, TITLE_RECORD, "Your record", NULL);
        app_add_match_choices(a, m);
        if (platform_has_editor()) menu_add(m, MENU_BUTTON, TITLE_EDITOR, "Map editor", NULL);
        menu_add(m, MENU_BUTTON, TITLE_SETTINGS, "Settings", NULL);
        menu_add(m, MENU_BUTTON, TITLE_QUIT, "Quit", NULL);
        m->note = app_menu_note(a);
        // Under the logo's tag line (logo_size: smaller on a short screen, where the nine items
        // need the room).
        top = fmaxf(logo_foot(sh), sh >= 800 ? sh * 0.36f : 0.0f);
        break;
    case SCREEN_PAUSE:
        menu_begin(m, "PAUSED");
        menu_add(m, MENU_BUTTON, PAUSE_RESUME, "Resume", NULL);
        menu_add(m, MENU_BUTTON, PAUSE_SETTINGS, "Settings", NULL);
        menu_add(m, MENU_BUTTON, PAUSE_LEAVE,
                 a->view.th.active && a->watching ? "Back to results"
                 : a->view.th.active              ? "Leave replay"
                 : a->ed && a->ed->playing        ? "Back to editor"
                                                  : "Leave match",
                 NULL);
        if (onboarding_active(&a->guide) && !a->view.th.active && !a->view.net) // offline only
            menu_add(m, MENU_BUTTON, PAUSE_SKIP_GUIDE, "Skip the guide", NULL);
        m->note = a->view.net ? "Online: the match goes on - Esc: back to it" : app_menu_note(a);
        top = sh * 0.36f;
        break;
    case SCREEN_DEAD:
        // Small, to the left: the match goes on and is worth watching.
        menu_begin(m, NULL);
        menu_add(m, MENU_BUTTON, DEAD_NEXT, "Next survivor", NULL);
        menu_add(m, MENU_BUTTON, DEAD_MENU, "Menu", NULL);
        width = 300;
        menu_layout(m, &a->nav, width + 24, sh, sh * 0.5f - 90, width);
        return;
    case SCREEN_SPECTATE_MENU:
        menu_begin(m, "SPECTATING");
        menu_add(m, MENU_BUTTON, SPECTATE_WATCH, "Keep watching", NULL);
        menu_add(m, MENU_BUTTON, SPECTATE_RESULTS, "Results", NULL);
        menu_add(m, MENU_BUTTON, SPECTATE_LEAVE, "Leave match", NULL);
        m->note = app_menu_note(a);
        top = sh * 0.36f;
        break;
    case SCREEN_RESULTS: {
        menu_begin(m, NULL);
        if (!a->view.net) // online, the next match is the server's to start
            menu_add(m, MENU_BUTTON, RESULTS_REMATCH, "Rematch", NULL);
        if (a->replay) {
            menu_add(m, MENU_BUTTON, RESULTS_WATCH, "Watch replay", NULL);
            menu_add(m, MENU_BUTTON, RESULTS_SAVE, a->replay_saved ? "Saved" : "Save replay", NULL);
        }
        menu_add(m, MENU_BUTTON, RESULTS_TITLE,
                 a->ed && a->ed->playing ? "Back to editor" : "Title", NULL);
        // Under the scoreboard, with room below for a line of the replay's note at least (kept
        // whether it shows or not, so the buttons stay under the mouse when it appears); on a
        // screen too short for that the table keeps fewer top rows (results_scoreboard), and
        // past that the buttons go up over the scoreboard's foot.
        results_layout l;
        sim_scoreboard sb;
        results_scoreboard(a, &sb);
        results_view_layout(0, results_top(a), sw, &sb, &l);
        top = fminf(l.panel.y + l.panel.h + 8, results_buttons_top(a));
        width = 360;
        break;
    }
    case SCREEN_CONFIRM:
        app_ask_menu(a, m);
        return;
    case SCREEN_SETTINGS:
    case SCREEN_CONTROLS:
        app_build_settings_menu(a, m);
        return;
    case SCREEN_ONLINE:
    case SCREEN_CONNECTING:
        app_online_menu(a, m);
        return;
    case SCREEN_RECORD:
        app_record_menu(a, m);
        return;
    case SCREEN_EDITOR_START:
        app_editor_start_menu(a, m);
        return;
    case SCREEN_PLAY:
    case SCREEN_THEATRE:
    case SCREEN_EDITOR: // its own panels (editor/)
        menu_begin(m, NULL);
        return;
    }
    menu_layout(m, &a->nav, sw, sh, top, width);
}

/// Leaves the match (its replay is kept) for the title screen, or for the map editor when it
/// started the match.
static void leave_match(app *a) {
    if (a->ed && a->ed->playing) {
        app_editor_back(a);
        return;
    }
    start_or_notice(a, true);
}

void app_confirmed(app *a, app_confirm what) {
    switch (what) {
    case CONFIRM_QUIT_GAME:
        a->quit = true;
        break;
    case CONFIRM_LEAVE_MATCH:
        leave_match(a);
        break;
    case CONFIRM_REMATCH:
        a->watching = false;
        start_or_notice(a, false);
        break;
    case CONFIRM_DELETE_REPLAY:
        app_record_delete(a);
        break;
    case CONFIRM_LEAVE_EDITOR:
        app_editor_close(a);
        start_or_notice(a, true); // the title's match behind the title again
        break;
    }
}

void app_update_screens(app *a) {
    const sim_world *w = view_world(&a->view);
    static menu m; // one screen's menu at a time; large, so not on the stack
    app_screen_menu(a, &m);
    menu_result r = {MENU_NONE, 0, false};
    if (a->screen != SCREEN_PLAY && a->capture_bind < 0) { // a rebind takes the next press
        int sel = a->nav.selected;
        r = menu_update(&m, &a->nav, &a->in);
        if (a->nav.selected != sel && sel >= 0) audio_play(AUDIO_SFX_UI_CLICK, 0.5f, 0.0f);
        if (r.delta) audio_play(AUDIO_SFX_UI_CLICK, 0.6f, 0.0f);
    }
    bool back = input_take_action(&a->in, ACT_BACK);
    bool pause = input_take_action(&a->in, ACT_PAUSE);
    switch (a->screen) {
    case SCREEN_TITLE:
        if (r.id >= 0 && r.id < APP_PICK_COUNT && r.delta)
            app_change_match_choice(a, r.id, r.delta);
        if (r.activate && r.id == TITLE_PLAY) start_or_notice(a, false);
        if (r.activate && r.id == TITLE_ONLINE) platform_play_online(a);
        if (r.activate && r.id == TITLE_RECORD) app_record_open(a);
        if (r.activate && r.id == TITLE_EDITOR) {
            a->editor_copy = a->map; // the map chosen on the title, to copy
            app_go(a, SCREEN_EDITOR_START);
        }
        if (r.activate && r.id == TITLE_SETTINGS) app_open_settings(a);
        if ((r.activate && r.id == TITLE_QUIT) || back) app_ask(a, CONFIRM_QUIT_GAME);
        if (a->screen == SCREEN_TITLE && session_done(a->view.shown))
            start_or_notice(a, true); // the attract match restarts
        break;
    case SCREEN_PLAY:
        if (pause) app_go(a, SCREEN_PAUSE);
        while (input_take_action(&a->in, ACT_CLICK)) { // a tap or click on a skill picks it
            int k = view_players(&a->view) > 0 && !view_replaying(&a->view)
                        ? hud_level_up_hit(&a->view.cam, &sim_agents(w)[view_player(&a->view, 0)],
                                           a->in.click_x, a->in.click_y)
                        : -1;
            if (k < 0) continue;
            a->in.players[0].pick = (uint8_t)(k + 1);
            a->in.mouse_fire = false; // the click chose a skill; it fires nothing
        }
        if (view_players(&a->view) > 0 && sim_agents(w)[view_player(&a->view, 0)].placement != 0) {
            record_result(a);
            app_go(a, sim_over(w) ? SCREEN_RESULTS : SCREEN_DEAD);
            input_guard(&a->in, APP_DEATH_GUARD); // what was held or mashed as it fell
            if (a->screen == SCREEN_DEAD) view_killcam_prepare(&a->view, a->set.killcam);
        } else if (view_done(&a->view)) {
            record_result(a);
            app_go(a, SCREEN_RESULTS);
        }
        break;
    case SCREEN_THEATRE:
        app_view_event(a, view_theatre_update(&a->view, &a->in, a->frame_dt, back || pause));
        break;
    case SCREEN_PAUSE:
        if ((r.activate && r.id == PAUSE_RESUME) || back || pause)
            app_go(a, a->view.th.active ? SCREEN_THEATRE : SCREEN_PLAY);
        if (r.activate && r.id == PAUSE_SETTINGS) app_open_settings(a);
        if (r.activate && r.id == PAUSE_LEAVE && a->view.th.active && a->watching) {
            // The last match watched: its results again, from its end (nothing to lose).
            theatre_seek(&a->view.th, a->view.shown, a->view.th.stop);
            theatre_close(&a->view.th);
            app_go(a, SCREEN_RESULTS);
        } else if (r.activate && r.id == PAUSE_LEAVE) {
            app_ask(a, CONFIRM_LEAVE_MATCH);
        }
        if (r.activate && r.id == PAUSE_SKIP_GUIDE) {
            onboarding_skip(&a->guide);
            a->set.onboarding_done = true;
            app_settings_changed(a);
            app_go(a, SCREEN_PLAY);
        }
        break;
    case SCREEN_DEAD:
        app_view_event(a, view_killcam_update(&a->view, a->frame_dt, a->screen == SCREEN_DEAD));
        if (a->screen != SCREEN_DEAD) break; // the killcam began
        if ((r.activate && r.id == DEAD_NEXT) ||
            input_take_action(&a->in, ACT_SPECTATE_NEXT)) { // cycle through survivors
            for (int k = 1; k <= sim_agent_count(w); k++) {
                int id = (view_focus(&a->view) + k) % sim_agent_count(w);
                if (sim_agents(w)[id].placement == 0) {
                    a->view.spectate = id;
                    break;
                }
            }
        }
        if (view_done(&a->view))
            app_go(a, SCREEN_RESULTS);
        else if ((r.activate && r.id == DEAD_MENU) || back || pause)
            app_go(a, SCREEN_SPECTATE_MENU);
        break;
    case SCREEN_SPECTATE_MENU:
        if ((r.activate && r.id == SPECTATE_WATCH) || back || pause) app_go(a, SCREEN_DEAD);
        if (r.activate && r.id == SPECTATE_RESULTS) app_go(a, SCREEN_RESULTS);
        if (r.activate && r.id == SPECTATE_LEAVE) app_ask_if_unsaved(a, CONFIRM_LEAVE_MATCH);
        break;
    case SCREEN_RESULTS:
        if (r.activate && r.id == RESULTS_WATCH) {
            a->watching = true;
            if (a->view.net) a->view.theatre_first = net_client_agent(a->view.net);
            start_or_notice(a, false);
        }
        if (r.activate && r.id == RESULTS_REMATCH) app_ask_if_unsaved(a, CONFIRM_REMATCH);
        if (r.activate && r.id == RESULTS_SAVE) app_save_replay(a); // once: then "Saved"
        if ((r.activate && r.id == RESULTS_TITLE) || back || pause)
            app_ask_if_unsaved(a, CONFIRM_LEAVE_MATCH);
        break;
    case SCREEN_CONFIRM:
        app_ask_update(a, r, back || pause);
        break;
    case SCREEN_SETTINGS:
    case SCREEN_CONTROLS:
        app_update_settings(a, r, back || pause);
        break;
    case SCREEN_ONLINE:
    case SCREEN_CONNECTING:
        app_online_update(a, r, back || pause);
        break;
    case SCREEN_RECORD:
        app_record_update(a, r, back || pause);
        break;
    case SCREEN_EDITOR:
        app_editor_update(a, back || pause);
        break;
    case SCREEN_EDITOR_START:
        app_editor_start_update(a, r, back || pause);
        break;
    }
}

static void draw_logo(app *a) {
    float cx = 0.5f * a->view.cam.screen_w, y, scale;
    logo_size(a->view.cam.screen_h, &y, &scale);
    gfx_text_centered(&a->g, cx + 5, y + 5, scale, (SDL_Color){0, 0, 0, 180}, "ARENA");
    gfx_text_centered(&a->g, cx, y, scale, GOLD, "ARENA");
    const char *tag = "slide, shoot, dodge - be the last one standing";
    float tw = gfx_text_width(1.5f, tag) + 28;
    gfx_fill_rect(&a->g, (SDL_FRect){cx - 0.5f * tw, y + scale * 16 + 6, tw, 30},
                  (SDL_Color){0, 0, 0, 120});
    gfx_text_centered(&a->g, cx, y + scale * 16 + 12, 1.5f, WHITE, tag);
}

/// While spectating: who is watched, on a banner that reads on any ground, and the way out.
static void draw_spectate_banner(app *a) {
    const sim_world *w = view_world(&a->view);
    char name[HUD_NAME_SIZE], t[96], killer[HUD_NAME_SIZE];
    app_agent_name(a, w, view_focus(&a->view), name, sizeof name);
    const sim_agent *me = &sim_agents(w)[view_player(&a->view, 0)];
    if (me->killer >= 0) {
        app_agent_name(a, w, me->killer, killer, sizeof killer);
        snprintf(t, sizeof t, "You placed #%d - eliminated by %s", me->placement, killer);
    } else {
        snprintf(t, sizeof t, "You placed #%d - the zone got you", me->placement);
    }
    // Top middle, between the HUD's corner panels; under them on a narrow screen.
    float cx = 0.5f * a->view.cam.screen_w, between = a->view.cam.screen_w - 2.0f * 372.0f;
    float bw = between >= 520 ? between : fminf(a->view.cam.screen_w - 24, 640);
    // Who damaged the player, with what and how much, under the fate (two lines, cut to fit).
    sim_scoreboard sb;
    app_scoreboard(a, &sb);
    char hurt[160] = "";
    if (sb.hurt_count > 0 || sb.hurt_other > 0) {
        const int len = snprintf(hurt, sizeof hurt, "Hurt by ");
        sim_scoreboard_hurt_text(&sb, hurt + len, sizeof hurt - (size_t)len);
    }
    const float hurt_h =
        hurt[0] ? gfx_text_wrapped(NULL, 0, 0, 1.0f, WHITE, hurt, bw - 24, 2) + 6.0f : 0.0f;
    SDL_FRect r = {cx - 0.5f * bw, between >= 520 ? 12.0f : 184.0f, bw, 92 + hurt_h};
    gfx_backing(&a->g, r);
    float scale = gfx_text_width(2.0f, t) + 24 <= bw ? 2.0f : 1.5f;
    gfx_text_centered(&a->g, cx, r.y + 14, scale, (SDL_Color){255, 130, 120, 255}, t);
    if (hurt[0])
        gfx_text_wrapped(&a->g, cx, r.y + 40, 1.0f, (SDL_Color){255, 200, 190, 255}, hurt, bw - 24,
                         2);
    snprintf(t, sizeof t, "SPECTATING %s", name);
    gfx_text_centered(&a->g, cx, r.y + 44 + hurt_h, 2.0f, GOLD, t);
    gfx_text_centered(&a->g, cx, r.y + 72 + hurt_h, 1.0f, (SDL_Color){220, 225, 235, 255},
                      help_device_of(&a->in) == HELP_TOUCH
                          ? "Tap Next survivor or Menu"
                          : "Tab / pad Back: next survivor - Esc / B: menu");
}

/// While watching the last match's replay: says so, and how to leave.
static void draw_replay_banner(app *a) {
    const char *t = help_device_of(&a->in) == HELP_TOUCH
                        ? "REPLAY of your last match - Menu: bottom left"
                        : "REPLAY of your last match - Esc: menu";
    float w = gfx_text_width(1.5f, t) + 32, cx = 0.5f * a->view.cam.screen_w;
    gfx_backing(&a->g, (SDL_FRect){cx - 0.5f * w, 12, w, 40});
    gfx_text_centered(&a->g, cx, 24, 1.5f, GOLD, t);
}

/// The connecting screen: to where, and that it goes on.
static void draw_connecting(app *a) {
    const float cx = 0.5f * a->view.cam.screen_w, y = 0.36f * a->view.cam.screen_h;
    const int dots = (int)(a->time * 3.0f) % 4;
    char t[APP_ADDRESS_MAX + 32];
    snprintf(t, sizeof t, "Connecting to %s%.*s", a->net_address, dots, "...");
    const float scale = gfx_text_width(2.0f, t) + 48 <= a->view.cam.screen_w ? 2.0f : 1.0f;
    const float w = gfx_text_width(scale, "Connecting to ") +
                    gfx_text_width(scale, a->net_address) + gfx_text_width(scale, "...") + 40;
    gfx_backing(&a->g, (SDL_FRect){cx - 0.5f * w, y - 14, w, 16 * scale + 28});
    gfx_text(&a->g, cx - 0.5f * w + 20, y, scale, GOLD, t);
}

/// Under the results' buttons: where "Save replay" put the file, or why it could not; online,
/// that the server's replay is still coming.
static void draw_replay_note(app *a, const menu *m) {
    if (!a->replay_note[0] && a->view.net && !a->replay) // until END and the replay came
        snprintf(a->replay_note, sizeof a->replay_note, "Receiving the replay from the server...");
    if (!a->replay_note[0]) return;
    const float cx = 0.5f * a->view.cam.screen_w, y = m->panel.y + m->panel.h + NOTE_GAP;
    const int lines = note_lines(a, m);
    float h = gfx_text_wrapped(NULL, cx, 0, 1.0f, WHITE, a->replay_note, note_width(a), lines);
    float w = fminf(gfx_text_width(1.0f, a->replay_note), note_width(a)) + 24;
    gfx_backing(&a->g, (SDL_FRect){cx - 0.5f * w, y, w, h + NOTE_PAD});
    SDL_Color c =
        a->replay_note_bad ? (SDL_Color){255, 130, 120, 255} : (SDL_Color){170, 235, 150, 255};
    gfx_text_wrapped(&a->g, cx, y + 0.5f * NOTE_PAD, 1.0f, c, a->replay_note, note_width(a), lines);
}

static void draw_results(app *a) {
    dim_screen(a);
    sim_scoreboard sb;
    results_scoreboard(a, &sb);
    results_view_draw(&a->g, 0, results_top(a), a->view.cam.screen_w, &sb);
}

void app_scoreboard(const app *a, sim_scoreboard *sb) {
    // Online, once the replay came, the match's own end (the same agents) rather than the mirror.
    const sim_world *w = view_online(&a->view) && a->view.net_final
                             ? session_world(a->view.net_final)
                             : view_world(&a->view);
    sim_scoreboard_build(w, view_player(&a->view, 0), sb);
    // The players' names (online, or in a replay of an online match), the killer's in the fate.
    for (int k = 0; k < sb->top_count; k++)
        app_agent_name(a, w, sb->top[k].agent, sb->top[k].name, sizeof sb->top[k].name);
    if (sb->fate != SIM_FATE_NONE)
        app_agent_name(a, w, sb->viewer.agent, sb->viewer.name, sizeof sb->viewer.name);
    for (int k = 0; k < sb->hurt_count; k++) // who damaged the viewer, by the same names
        if (sb->hurt[k].agent >= 0)
            app_agent_name(a, w, sb->hurt[k].agent, sb->hurt[k].name, sizeof sb->hurt[k].name);
    if (sb->killer >= 0) {
        char name[HUD_NAME_SIZE], fate[sizeof sb->fate_text];
        app_agent_name(a, w, sb->killer, name, sizeof name);
        const char *at = sb->killer_name[0] ? strstr(sb->fate_text, sb->killer_name) : NULL;
        if (at) {
            snprintf(fate, sizeof fate, "%.*s%s%s", (int)(at - sb->fate_text), sb->fate_text, name,
                     at + strlen(sb->killer_name));
            snprintf(sb->fate_text, sizeof sb->fate_text, "%s", fate);
        }
    }
    // Online the server's END says the match is over and where the player placed.
    net_end end;
    if (!view_online(&a->view) || !net_client_end(a->view.net, &end)) return;
    sb->over = true;
    if (end.placement > 0 && sb->fate != SIM_FATE_NONE) {
        sb->viewer.placement = (int)end.placement;
        if (end.placement == 1) sb->fate = SIM_FATE_WON;
    }
    if (sb->fate == SIM_FATE_PLAYING) // alive when the server ended it (its --ticks)
        snprintf(sb->fate_text, sizeof sb->fate_text, "Still standing when the match ended");
}

void app_draw_screen_overlay(app *a) {
    static menu m;
    app_screen_menu(a, &m);
    if (a->nav.selected < 0) menu_reset(&a->nav, &m);
    switch (a->screen) {
    case SCREEN_TITLE:
        dim_screen(a);
        draw_logo(a);
        break;
    case SCREEN_PLAY:
        if (a->watching) draw_replay_banner(a);
        return;
    case SCREEN_THEATRE: {
        char who[HUD_NAME_SIZE];
        app_agent_name(a, view_world(&a->view), view_focus(&a->view), who, sizeof who);
        theatre_view_draw(&a->g, &a->view.cam, &a->view.th, view_world(&a->view),
                          view_focus(&a->view), who, a->in.mouse_x, a->in.mouse_y,
                          a->view.replay_name, help_device_of(&a->in) == HELP_TOUCH);
        return;
    }
    case SCREEN_DEAD:
        draw_spectate_banner(a);
        break;
    case SCREEN_RESULTS:
        draw_results(a);
        break;
    case SCREEN_CONNECTING:
        dim_screen(a);
        draw_connecting(a);
        break;
    case SCREEN_RECORD:
        dim_screen(a);
        app_record_draw(a);
        break;
    case SCREEN_EDITOR: // drawn by app_editor_draw
        return;
    case SCREEN_EDITOR_START:
    case SCREEN_ONLINE:
    case SCREEN_PAUSE:
    case SCREEN_SPECTATE_MENU:
    case SCREEN_CONFIRM:
    case SCREEN_SETTINGS:
    case SCREEN_CONTROLS:
        dim_screen(a);
        break;
    }
    menu_draw(&m, &a->nav, &a->g, a->time);
    if (a->screen == SCREEN_RESULTS) draw_replay_note(a, &m);
}
