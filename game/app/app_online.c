// Online play in the window: joining a server (the connection goes to the match view, whose
// client's mirror is drawn in place of a session once the first snapshot came), what the
// online match's events make of the screens, and the names players chose.
#include "app.h"

#include "audio.h"
#include "connect.h"
#ifndef __EMSCRIPTEN__ // the page asks its lobby itself (game/web)
#include "net_lobby.h"
#endif
#include "net_ws.h"
#include "sim_names.h"
#include "sim_state.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

static net_transport *ws_connect(void *ctx, const char *url, ae_error *err) {
    (void)ctx;
    return net_ws_connect(url, NULL, err); // in the page, the browser's WebSocket (net_ws_web.c)
}

static bool join_server(app *a, const char *url, const uint8_t *token, const char *name, char *err,
                        size_t n) {
    ae_error e;
    net_transport *t = (a->connector ? a->connector : ws_connect)(a->connector_ctx, url, &e);
    if (!t) {
        snprintf(err, n, "cannot join %s: %s", url, e.msg);
        return false;
    }
    net_client_def def = {.name = name, .token = token, .load_map = arena_load_net_map};
    net_client *c = net_client_create(t, &def, &e);
    if (!c) {
        net_transport_destroy(t);
        snprintf(err, n, "cannot join %s: %s", url, e.msg);
        return false;
    }
    view_net_open(&a->view, t, c);
    snprintf(a->net_address, sizeof a->net_address, "%s", url);
    app_go(a, SCREEN_CONNECTING);
    return true;
}

void app_lobby_drop(app *a) {
#ifndef __EMSCRIPTEN__
    net_lobby_ask_destroy(a->lobby_ask);
#endif
    a->lobby_ask = NULL;
}

bool app_join(app *a, const char *url, const uint8_t *token, const char *name, char *err,
              size_t n) {
    app_lobby_drop(a);
    a->notice[0] = '\0'; // an earlier attempt's failure is not this one's
    if (strncmp(url, "http://", 7)) return join_server(a, url, token, name, err, n);
#ifdef __EMSCRIPTEN__ // the page asks the lobby itself (game/web)
    snprintf(err, n, "cannot join %s: the page asks its lobby itself", url);
    return false;
#else
    ae_error e;
    a->lobby_ask = net_lobby_ask_start(url, SDL_GetTicks64() * 1000u, &e);
    if (!a->lobby_ask) {
        snprintf(err, n, "cannot join %s: %s", url, e.msg);
        return false;
    }
    snprintf(a->lobby_name, sizeof a->lobby_name, "%s", name);
    snprintf(a->net_address, sizeof a->net_address, "%s", url);
    app_go(a, SCREEN_CONNECTING);
    return true;
#endif
}

void app_online_poll(app *a) {
#ifndef __EMSCRIPTEN__
    if (!a->lobby_ask) return;
    const net_lobby_state st = net_lobby_ask_poll(a->lobby_ask, 0, SDL_GetTicks64() * 1000u);
    if (st == NET_LOBBY_WAITING) return;
    char err[320], url[APP_ADDRESS_MAX];
    uint8_t token[NET_TOKEN_BYTES];
    bool ok = st == NET_LOBBY_SEATED;
    if (ok) {
        snprintf(url, sizeof url, "%s", net_lobby_ask_url(a->lobby_ask));
        memcpy(token, net_lobby_ask_token(a->lobby_ask), sizeof token);
    } else {
        snprintf(err, sizeof err, "cannot join %s: %s", a->net_address,
                 net_lobby_ask_error(a->lobby_ask));
    }
    app_lobby_drop(a);
    if (ok) ok = join_server(a, url, token, a->lobby_name, err, sizeof err);
    if (!ok) { // the title's match still plays behind: back to it with the reason
        app_notice(a, err);
        app_go(a, SCREEN_TITLE);
    }
#else
    (void)a;
#endif
}

/// The first snapshot came: the title's match behind the connecting screen goes, the client's
/// mirror is the match shown.
static void show_online_match(app *a) {
    view_killcam_drop(&a->view);
    theatre_close(&a->view.th);
    hot_reload_free(&a->reload); // the server's map is the server's: nothing to watch here
    if (a->view.live) session_destroy(a->view.live);
    a->view.live = a->view.shown = NULL;
    a->watching = a->recording = a->recording_to_file = false;
    a->net_replay_absent = false;
    const sim_world *w = view_world(&a->view);
    world_renderer_init(&a->view.wr, &a->g);
    hud_build_minimap(&a->hud, a->renderer, w);
    fx_clear(&a->view.fx);
    a->view.fx.online = true;
    a->view.fx.own = view_player(&a->view, 0);
    a->view.alpha = 1.0f;
    a->view.spectate = -1;
    camera_reset_zoom(&a->view.cam);
    camera_jump(&a->view.cam, sim_agents(w)[view_focus(&a->view)].pos, view_map_size(w));
    app_go(a, SCREEN_PLAY);
}

/// END came and the server closed: its replay (when it came whole) is the results' to watch
/// and save, as a local match's recording is.
static void take_online_replay(app *a) {
    ae_free(a->replay, a->replay_size);
    a->replay = NULL;
    a->replay_size = 0;
    a->replay_saved = false;
    a->replay_note_bad = false;
    a->replay_note[0] = '\0';
    size_t size = 0;
    const uint8_t *data = net_client_replay(a->view.net, &size);
    uint8_t *copy = data && size ? ae_alloc(size) : NULL;
    if (copy) {
        memcpy(copy, data, size);
        a->replay = copy;
        a->replay_size = size;
        snprintf(a->replay_map, sizeof a->replay_map, "online");
        a->replay_time = (int64_t)time(NULL);
    } else {
        a->net_replay_absent = true;
        a->replay_note_bad = true;
        snprintf(a->replay_note, sizeof a->replay_note, "%s",
                 data && size ? "No replay: out of memory for it"
                              : "No replay: the server did not send this match's replay");
    }
}

/// The server's replay played to its end: the whole match's figures for the results, where the
/// mirror knows only what the player saw (the others' kills and damage).
static void play_to_end(app *a) {
    session_def def = {0};
    def.replay_data = a->replay;
    def.replay_size = a->replay_size;
    ae_error e;
    session *s = a->replay ? session_create(&def, &e) : NULL;
    if (!s) return; // the mirror's figures then
    for (uint32_t t = 0; t <= session_length(s) && !session_done(s); t++) session_step(s, NULL);
    a->view.net_final = s;
}

void app_net_event(app *a, view_event ev) {
    switch (ev) {
    case VIEW_NET_JOINED:
        show_online_match(a);
        a->record_pending = view_players(&a->view) > 0; // a player's, not a spectator's
        a->record_replay = false;
        break;
    case VIEW_NET_ENDED: {
        if (a->view.live) show_online_match(a); // it ended before its first snapshot was shown
        take_online_replay(a);
        play_to_end(a);
        app_record_match(a); // with the server's placement and its replay's figures
        net_end end;
        const bool won = net_client_end(a->view.net, &end) && end.placement == 1;
        if (app_base_screen(a) != SCREEN_RESULTS)
            audio_play(won ? AUDIO_SFX_WIN : AUDIO_SFX_LOSE, 1.0f, 0.0f);
        if (a->screen == SCREEN_CONFIRM || a->screen == SCREEN_SETTINGS ||
            a->screen == SCREEN_CONTROLS)
            a->screen = app_base_screen(a); // the question or the settings go: the match is over
        app_go(a, SCREEN_RESULTS);
        break;
    }
    case VIEW_NET_FAILED: { // the notice holds the line; back to the title's match
        view_net_close(&a->view);
        char err[256];
        if (!a->view.live && !app_start_match(a, true, err, sizeof err)) {
            char t[sizeof a->notice + sizeof err + 40]; // cut to the notice's room
            snprintf(t, sizeof t, "%s; cannot start the title's match: %s", a->notice, err);
            app_notice(a, t);
        }
        if (a->screen == SCREEN_CONFIRM || a->screen == SCREEN_SETTINGS ||
            a->screen == SCREEN_CONTROLS)
            a->screen = app_base_screen(a);
        app_go(a, SCREEN_TITLE);
        break;
    }
    default:
        break;
    }
}

// An online match starts full of bots: the agents of the player slots nobody took are bots
// too, numbered after the match's own ("Bot 9" .. "Bot 12" with 8 bots and 4 slots), and the
// bots keep the numbers the server's replay gives them.
static void online_bot_name(int humans, int agents, int id, char *out, size_t size) {
    if (id < humans)
        snprintf(out, size, "Bot %d", agents - humans + id + 1);
    else
        snprintf(out, size, "Bot %d", id - humans + 1);
}

void app_agent_name(const void *ctx, const sim_world *w, int id, char *out, size_t size) {
    const app *a = ctx;
    const match_view *v = &a->view;
    if (view_online(v)) {
        const net_client *c = v->net;
        const char *name = net_client_name(c, id);
        if (id == net_client_agent(c) && net_client_slot(c) >= 0)
            snprintf(out, size, "You");
        else if (name[0])
            snprintf(out, size, "%s", name);
        else
            online_bot_name(net_client_humans(c), sim_agent_count(w), id, out, size);
        return;
    }
    // A replay of an online match: the name of the slot driving the agent, as it was then; an
    // agent of a player's slot that no player drives is a bot there, as it was in the match.
    const sim_agent *ag = &sim_agents(w)[id];
    const char *name = v->shown && ag->slot >= 0 ? session_slot_name(v->shown, ag->slot) : "";
    if (name[0])
        snprintf(out, size, "%s", name);
    else if (!ag->bot && ag->slot < 0 && view_online_replay(v))
        online_bot_name(sim_config_of(w)->humans, sim_agent_count(w), id, out, size);
    else
        sim_agent_name(w, id, out, size);
}
