// Title, pause, death / spectate and results screens: their menus and their drawing.
#include "app.h"

#include "audio.h"
#include "sim_world.h"

#include <stdio.h>

static const SDL_Color WHITE = {255, 255, 255, 255};
static const SDL_Color GOLD = {255, 214, 80, 255};
static const SDL_Color DIM = {0, 0, 0, 150};

static void dim_screen(app *a) {
    gfx_fill_rect(a->renderer, (SDL_FRect){0, 0, a->cam.screen_w, a->cam.screen_h}, DIM);
}

/// Draws a vertical menu centred on the screen; the selected item is highlighted.
static void menu(app *a, float y, const char *const *items, int count) {
    float cx = 0.5f * a->cam.screen_w;
    for (int i = 0; i < count; i++) {
        bool sel = i == a->menu;
        float w = gfx_text_width(2.0f, items[i]) + 48;
        if (sel)
            gfx_panel(&a->g, (SDL_FRect){cx - 0.5f * w, y - 10, w, 52},
                      (SDL_Color){255, 230, 150, 240});
        gfx_text_centered(&a->g, cx, y + 2, 2.0f, sel ? GOLD : WHITE, items[i]);
        y += 60;
    }
}

static int navigate(app *a, int count) {
    int before = a->menu;
    if (input_take_action(&a->in, ACT_UP)) a->menu = (a->menu + count - 1) % count;
    if (input_take_action(&a->in, ACT_DOWN)) a->menu = (a->menu + 1) % count;
    int dir = 0;
    if (input_take_action(&a->in, ACT_LEFT)) dir = -1;
    if (input_take_action(&a->in, ACT_RIGHT)) dir = 1;
    if (a->menu != before || dir) audio_play(AUDIO_SFX_UI_CLICK, 0.6f, 0.0f);
    return dir;
}

static void go(app *a, app_screen s) {
    if (s != a->screen && s != SCREEN_TITLE) audio_play(AUDIO_SFX_UI_SELECT, 0.7f, 0.0f);
    a->screen = s;
    a->menu = 0;
}

static void start_or_notice(app *a, bool attract) {
    char err[256];
    if (!app_start_match(a, attract, err, sizeof err)) {
        snprintf(a->notice, sizeof a->notice, "cannot start: %s", err);
        a->notice_age = 0;
        return;
    }
    go(a, attract ? SCREEN_TITLE : SCREEN_PLAY);
}

static void record_result(app *a) {
    const sim_world *w = session_world(a->s);
    const sim_agent *me = &w->agents[0];
    audio_play(me->placement == 1 || (me->placement == 0 && w->winner == 0) ? AUDIO_SFX_WIN
                                                                            : AUDIO_SFX_LOSE,
               1.0f, 0.0f);
    a->result_place = me->placement ? me->placement : 1;
    a->result_kills = me->kills;
    a->result_ticks = me->placement && me->death_tick ? me->death_tick : w->tick;
}

/// The title menu's items, top to bottom.
enum { TITLE_START, TITLE_BOTS, TITLE_DIFFICULTY, TITLE_MAP, TITLE_QUIT, TITLE_ITEMS };

/// The difficulty choices in menu order: a sim_difficulty each, then the mix (-1).
#define DIFFICULTY_CHOICES 4
static const char *const difficulty_names[DIFFICULTY_CHOICES] = {"Easy", "Normal", "Hard", "Mixed"};

static int difficulty_choice(int difficulty) {
    return difficulty >= 0 && difficulty < SIM_DIFFICULTY_COUNT ? difficulty : SIM_DIFFICULTY_COUNT;
}

void app_update_screens(app *a) {
    const sim_world *w = session_world(a->s);
    switch (a->screen) {
    case SCREEN_TITLE: {
        int dir = navigate(a, TITLE_ITEMS);
        if (a->menu == TITLE_BOTS && dir)
            // At least one bot: a match of one ends as it starts, an instant "win".
            a->bots = a->bots + dir * 5 < 1 ? 1 : (a->bots + dir * 5 > 99 ? 99 : a->bots + dir * 5);
        if (a->menu == TITLE_DIFFICULTY && dir) {
            int c =
                (difficulty_choice(a->difficulty) + DIFFICULTY_CHOICES + dir) % DIFFICULTY_CHOICES;
            a->difficulty = c < SIM_DIFFICULTY_COUNT ? c : -1;
        }
        if (a->menu == TITLE_MAP && dir) {
            a->map = (a->map + APP_MAP_COUNT + dir) % APP_MAP_COUNT;
            a->opts.map = NULL;
            start_or_notice(a, true);
        }
        if (input_take_action(&a->in, ACT_CONFIRM)) {
            if (a->menu == TITLE_START) start_or_notice(a, false);
            if (a->menu == TITLE_QUIT) a->quit = true;
        }
        if (input_take_action(&a->in, ACT_BACK)) a->quit = true;
        if (session_done(a->s)) start_or_notice(a, true); // the attract match restarts
        break;
    }
    case SCREEN_PLAY:
        if (input_take_action(&a->in, ACT_PAUSE)) go(a, SCREEN_PAUSE);
        if (w->cfg.humans > 0 && w->agents[0].placement != 0) {
            record_result(a);
            go(a, w->over ? SCREEN_RESULTS : SCREEN_DEAD);
        } else if (session_done(a->s)) {
            record_result(a);
            go(a, SCREEN_RESULTS);
        }
        break;
    case SCREEN_PAUSE:
        navigate(a, 2);
        if (input_take_action(&a->in, ACT_PAUSE)) go(a, SCREEN_PLAY);
        if (input_take_action(&a->in, ACT_CONFIRM)) {
            if (a->menu == 0)
                go(a, SCREEN_PLAY);
            else
                start_or_notice(a, true);
        }
        break;
    case SCREEN_DEAD:
        if (input_take_action(&a->in, ACT_SPECTATE_NEXT)) { // cycle through survivors
            for (int k = 1; k <= w->agent_count; k++) {
                int id = (app_focus(a) + k) % w->agent_count;
                if (w->agents[id].placement == 0) {
                    a->spectate = id;
                    break;
                }
            }
        }
        if (input_take_action(&a->in, ACT_CONFIRM) || session_done(a->s)) go(a, SCREEN_RESULTS);
        if (input_take_action(&a->in, ACT_PAUSE)) start_or_notice(a, true);
        break;
    case SCREEN_RESULTS:
        navigate(a, 2);
        if (input_take_action(&a->in, ACT_CONFIRM)) start_or_notice(a, a->menu == 1);
        if (input_take_action(&a->in, ACT_BACK)) start_or_notice(a, true);
        break;
    }
    // Stale presses of other screens must not leak into the next one.
    for (int i = 0; i < ACT_COUNT; i++)
        if (i != ACT_FULLSCREEN && i != ACT_MUTE && i != ACT_PERF && i != ACT_ZOOM_IN &&
            i != ACT_ZOOM_OUT && i != ACT_HELP)
            a->in.actions[i] = 0;
}

static void draw_title(app *a) {
    dim_screen(a);
    float cx = 0.5f * a->cam.screen_w, y = a->cam.screen_h * 0.16f;
    gfx_text_centered(&a->g, cx + 5, y + 5, 9.0f, (SDL_Color){0, 0, 0, 180}, "ARENA");
    gfx_text_centered(&a->g, cx, y, 9.0f, GOLD, "ARENA");
    gfx_text_centered(&a->g, cx, y + 160, 1.5f, WHITE,
                      "slide, shoot, dodge - be the last one standing");
    char bots[32], difficulty[48], map[48];
    snprintf(bots, sizeof bots, "< Bots: %d >", a->bots);
    snprintf(difficulty, sizeof difficulty, "< Difficulty: %s >",
             difficulty_names[difficulty_choice(a->difficulty)]);
    snprintf(map, sizeof map, "< Map: %s >", app_maps[a->map]);
    const char *items[TITLE_ITEMS] = {"Start", bots, difficulty, map, "Quit"};
    menu(a, a->cam.screen_h * 0.47f, items, TITLE_ITEMS);
    gfx_text_centered(&a->g, cx, a->cam.screen_h - 40, 1.0f, (SDL_Color){220, 220, 220, 220},
                      "Arrows/WASD or pad to choose - Enter/A to start - F11 fullscreen - M mute");
}

static void draw_results(app *a, const char *title) {
    dim_screen(a);
    float cx = 0.5f * a->cam.screen_w, y = a->cam.screen_h * 0.2f;
    gfx_text_centered(&a->g, cx, y, 5.0f, a->result_place == 1 ? GOLD : WHITE, title);
    char t[96];
    snprintf(t, sizeof t, "Placed #%d of %d", a->result_place, session_world(a->s)->agent_count);
    gfx_text_centered(&a->g, cx, y + 110, 2.0f, WHITE, t);
    snprintf(t, sizeof t, "Kills: %d    Time: %d:%02d", a->result_kills,
             a->result_ticks / SIM_TICK_HZ / 60, a->result_ticks / SIM_TICK_HZ % 60);
    gfx_text_centered(&a->g, cx, y + 150, 2.0f, WHITE, t);
}

void app_draw_screen_overlay(app *a) {
    const sim_world *w = session_world(a->s);
    switch (a->screen) {
    case SCREEN_TITLE:
        draw_title(a);
        break;
    case SCREEN_PLAY:
        break;
    case SCREEN_PAUSE: {
        dim_screen(a);
        gfx_text_centered(&a->g, 0.5f * a->cam.screen_w, a->cam.screen_h * 0.25f, 5.0f, WHITE,
                          "PAUSED");
        const char *items[2] = {"Resume", "Quit to title"};
        menu(a, a->cam.screen_h * 0.45f, items, 2);
        break;
    }
    case SCREEN_DEAD: {
        char t[96];
        const sim_agent *me = &w->agents[0];
        snprintf(t, sizeof t, "You placed #%d", me->placement);
        gfx_text_centered(&a->g, 0.5f * a->cam.screen_w, 140, 3.0f, (SDL_Color){255, 120, 110, 255},
                          t);
        char name[24];
        agent_name(w, app_focus(a), name, sizeof name);
        snprintf(t, sizeof t, "Spectating %s - Tab/Back: next survivor - Enter: results", name);
        gfx_text_centered(&a->g, 0.5f * a->cam.screen_w, 190, 1.5f, WHITE, t);
        break;
    }
    case SCREEN_RESULTS: {
        draw_results(a, a->result_place == 1 ? "WINNER!" : "GAME OVER");
        const char *items[2] = {"Play again", "Title"};
        menu(a, a->cam.screen_h * 0.55f, items, 2);
        break;
    }
    }
}
