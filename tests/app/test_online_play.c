// The windowed game played online like a player would: a real match server (net_server.h) in
// this process over the in-memory link (net_link.h), the app's connections made on that link
// (a->connector), and both stepped together on one virtual clock, frame by frame. The player
// joins from the title's Play online screen with a typed name, sees the connecting screen, then
// the match with the ping on the HUD, the results at the server's end and its replay in the
// theatre; a refused connection and a lost one end as one line on the title. Every loop is
// bounded by a count of frames.
#include "test.h"

#include "ui_flow_support.h"

#include "app.h"
#include "net_link.h"
#include "net_server.h"
#include "sim_internal.h"
#include "sim_scoreboard.h"
#include "sim_state.h"

#include <stdio.h>
#include <string.h>

#define FRAME_US 16667u

static net_link *link;
static net_server *srv;
static uint64_t now_us;
static char connected_to[128]; // the address the app asked for

static net_transport *link_connect(void *ctx, const char *url, ae_error *err) {
    (void)ctx;
    snprintf(connected_to, sizeof connected_to, "%s", url);
    return net_link_connect(link, "127.0.0.7", err);
}

/// n frames of the app, the link and the server on one clock.
static void play(int n) {
    for (int i = 0; i < n; i++) {
        now_us += FRAME_US;
        net_link_set_time(link, now_us);
        if (srv) net_server_update(srv, now_us);
        app_window_step(&a, (float)FRAME_US * 1e-6f);
    }
}

/// Plays until the screen is s (true) or `most` frames went by (false).
static bool play_until(app_screen s, int most) {
    for (int i = 0; i < most && a.screen != s; i++) play(1);
    return a.screen == s;
}

static void open_rig(bool with_server, int end_tick) {
    ae_error err;
    link =
        net_link_create(&(net_link_def){.seed = 5, .latency_us = 20000, .jitter_us = 2000}, &err);
    REQUIRE(link);
    if (with_server) {
        net_server_def def = {0};
        def.match.map_path = ARENA_SOURCE_DIR "/assets/maps/arena.png";
        def.match.config = sim_default_config();
        def.match.config.seed = 11;
        def.match.config.humans = 2;
        def.match.config.bots = 6;
        def.map_name = "arena";
        def.join_window_ticks = 100000;
        def.end_tick = end_tick;
        def.token_seed = 3;
        srv = net_server_create(&def, net_link_server(link), 0, &err);
        REQUIRE(srv);
    }
    char *argv[] = {"arena", "--seed", "7", NULL};
    arena_options o;
    REQUIRE(arena_parse_options(3, argv, &o));
    char old[PATH_MAX]; // the defaults: no settings file
    if (settings_default_path(old, sizeof old)) remove(old);
    REQUIRE(app_window_open(&a, &o) == 0);
    a.connector = link_connect;
    frames(5);
    REQUIRE(a.screen == SCREEN_TITLE);
}

static void close_rig(void) {
    CHECK(app_window_close(&a) == 0);
    if (srv) net_server_destroy(srv);
    srv = NULL;
    net_link_destroy(link);
}

/// Types `text` into the highlighted field of the Play online screen, replacing what it held.
static void type_into(const char *field, const char *text) {
    REQUIRE(click_item(field)); // starts typing
    REQUIRE(a.editing >= 0);
    for (int i = 0; i < 40; i++) key(SDLK_BACKSPACE, SDL_SCANCODE_BACKSPACE);
    SDL_Event e = {0};
    e.type = SDL_TEXTINPUT;
    e.text.windowID = window_id();
    snprintf(e.text.text, sizeof e.text.text, "%s", text);
    SDL_PushEvent(&e);
    frames(1);
    key(SDLK_RETURN, SDL_SCANCODE_RETURN); // keeps it
    CHECK(a.editing < 0);
}

static void test_join_play_results_replay(void) {
    open_rig(true, 900);
    REQUIRE(click_item("Play online"));
    REQUIRE(a.screen == SCREEN_ONLINE);
    picture("online_screen");
    type_into("Server", "ws://arena.test:9000");
    type_into("Your name", "Tester");
    CHECK(!strcmp(a.set.online_address, "ws://arena.test:9000"));
    CHECK(!strcmp(a.set.online_name, "Tester"));
    // What was typed is kept in the settings file, strictly read back.
    settings st;
    char path[PATH_MAX], warning[SETTINGS_WARNING_MAX];
    REQUIRE(settings_default_path(path, sizeof path));
    CHECK(settings_load(&st, path, warning, sizeof warning, NULL));
    CHECK(!strcmp(st.online_address, "ws://arena.test:9000") && !strcmp(st.online_name, "Tester"));

    const int matches_before = a.rec.all.matches,
              online_before = a.rec.group[RECORD_ONLINE].matches;
    REQUIRE(click_item("Join"));
    CHECK(!strcmp(connected_to, "ws://arena.test:9000"));
    CHECK(a.screen == SCREEN_CONNECTING);
    CHECK(a.view.net && a.view.live); // the title's match behind until the first snapshot
    picture("online_connecting");

    REQUIRE(play_until(SCREEN_PLAY, 600));
    CHECK(view_online(&a.view) && !a.view.live);
    CHECK(!strcmp(session_slot_name(net_server_session(srv), 0), "Tester"));
    // A few seconds: the ping is measured (two 20 ms trips and more) and shown on the HUD.
    play(200);
    REQUIRE(a.screen == SCREEN_PLAY || a.screen == SCREEN_DEAD);
    CHECK(a.hud.net == net_client_get_stats(a.view.net));
    CHECK(a.hud.net->ping_ms >= 40.0);
    CHECK(a.hud.net->snapshots_per_s >= NET_TICK_RATE / NET_SNAPSHOT_EVERY - 5);
    char name[HUD_NAME_SIZE];
    app_agent_name(&a, view_world(&a.view), view_player(&a.view, 0), name, sizeof name);
    CHECK(!strcmp(name, "You"));
    // Slot 1's agent nobody took is a bot, numbered after the match's 6: "Bot 8".
    app_agent_name(&a, view_world(&a.view), 1, name, sizeof name);
    CHECK(!strcmp(name, "Bot 8"));
    picture("online_match");

    // The pause menu leaves the match running: the server's ticks go on.
    if (a.screen == SCREEN_PLAY) {
        key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
        CHECK(a.screen == SCREEN_PAUSE);
        const int before = sim_tick(view_world(&a.view));
        play(60);
        CHECK(sim_tick(view_world(&a.view)) > before);
        picture("online_pause");
        key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    }

    // The player falls on the server, hurt by a bot's pistol, then the zone: the spectating
    // banner lists both from the snapshot's own record (the mirror's ledger).
    if (a.screen == SCREEN_PLAY) {
        sim_world *sw = (sim_world *)session_world(net_server_session(srv));
        const int agent = net_client_agent(a.view.net);
        sim_damage(sw, agent, 1, SIM_WEAPON_PISTOL, (sim_harm)SIM_WEAPON_PISTOL, 30.0f);
        sim_damage(sw, agent, -1, -1, SIM_HARM_ZONE, 1000.0f);
        REQUIRE(play_until(SCREEN_DEAD, 120));
        sim_scoreboard dead;
        app_scoreboard(&a, &dead);
        REQUIRE(dead.hurt_count >= 2);
        bool bot = false, zone = false;
        for (int k = 0; k < dead.hurt_count; k++) {
            bot |= dead.hurt[k].agent == 1 && dead.hurt[k].harm == SIM_WEAPON_PISTOL &&
                   dead.hurt[k].amount >= 30;
            zone |= dead.hurt[k].agent == -1 && dead.hurt[k].harm == SIM_HARM_ZONE;
        }
        CHECK(bot && zone);
        char hurt[128];
        sim_scoreboard_hurt_text(&dead, hurt, sizeof hurt);
        CHECK(strstr(hurt, "Bot 8: Pistol") != NULL); // the names the HUD gives, not P2
        picture("online_dead_hurt_by");
    }

    // The end: the results, then the server's replay in the theatre with the player's name.
    REQUIRE(play_until(SCREEN_RESULTS, 1500));
    for (int i = 0; i < 300 && !a.replay; i++) play(1); // END, then the replay's chunks
    REQUIRE(a.replay);
    size_t size;
    const uint8_t *sent = net_server_replay(srv, &size);
    CHECK(sent && size == a.replay_size && !memcmp(sent, a.replay, size));
    SDL_FRect r;
    CHECK(find_item("Watch replay", &r, NULL) && find_item("Save replay", &r, NULL));
    CHECK(!find_item("Rematch", &r, NULL));
    play(45); // the results take no press in their first half second (APP_RESULTS_GUARD)
    picture("online_results");
    // The results come from the server's replay played to its end: who damaged the player is
    // its world's ledger, and the match went into the record once, marked online.
    REQUIRE(a.view.net_final);
    const sim_world *end = session_world(a.view.net_final);
    const int me = net_client_agent(a.view.net);
    sim_scoreboard shown, truth;
    app_scoreboard(&a, &shown);
    sim_scoreboard_build(end, me, &truth);
    CHECK(shown.hurt_count == truth.hurt_count && shown.hurt_other == truth.hurt_other);
    for (int k = 0; k < shown.hurt_count && k < truth.hurt_count; k++)
        CHECK(shown.hurt[k].agent == truth.hurt[k].agent &&
              shown.hurt[k].harm == truth.hurt[k].harm &&
              shown.hurt[k].amount == truth.hurt[k].amount);
    if (sim_agents(end)[me].stats.damage_taken + sim_agents(end)[me].stats.damage_world >= 1.0)
        CHECK(shown.hurt_count > 0);
    CHECK(a.rec.all.matches == matches_before + 1);
    CHECK(a.rec.group[RECORD_ONLINE].matches == online_before + 1);
    CHECK(a.rec.last[0].online && a.rec.last[0].place == shown.viewer.placement);
    REQUIRE(click_item("Watch replay"));
    CHECK(a.screen == SCREEN_THEATRE && a.view.th.active && !a.view.net);
    frames(120);
    const sim_world *w = view_world(&a.view);
    app_agent_name(&a, w, sim_slot_agent(w, 0), name, sizeof name);
    CHECK(!strcmp(name, "Tester"));
    app_agent_name(&a, w, 1, name, sizeof name); // in the replay too
    CHECK(!strcmp(name, "Bot 8"));
    close_rig();
}

static void test_refused_is_one_line(void) {
    open_rig(false, 0); // nobody listens on the link
    REQUIRE(click_item("Play online"));
    type_into("Server", "ws://arena.test:9000");
    REQUIRE(click_item("Join"));
    CHECK(a.screen == SCREEN_CONNECTING);
    REQUIRE(play_until(SCREEN_TITLE, 300));
    CHECK(!a.view.net && a.view.live);
    CHECK(strstr(a.notice, "could not connect") && strstr(a.notice, "(1006)"));
    CHECK(!strchr(a.notice, '\n'));
    picture("online_refused");
    close_rig();
}

static void test_lost_is_one_line(void) {
    open_rig(true, 0);
    REQUIRE(click_item("Play online"));
    type_into("Server", "ws://arena.test:9000");
    REQUIRE(click_item("Join"));
    REQUIRE(play_until(SCREEN_PLAY, 600));
    play(30);
    // The client's side of the link: the one connection the server has.
    net_link_sever(link, a.view.net_t);
    REQUIRE(play_until(SCREEN_TITLE, 120));
    CHECK(!a.view.net && a.view.live && view_world(&a.view));
    CHECK(strstr(a.notice, "(1006)") && !strchr(a.notice, '\n'));
    close_rig();
}

static void test_escape_gives_up_joining(void) {
    open_rig(false, 0);
    char err[256];
    app_notice(&a, "could not connect: connection refused (1006)"); // an earlier attempt's
    REQUIRE(app_join(&a, "ws://nowhere.test:1", NULL, "Tester", err, sizeof err));
    CHECK(a.screen == SCREEN_CONNECTING);
    CHECK(a.notice[0] == '\0'); // that line is not this join's
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    CHECK(a.screen == SCREEN_TITLE && !a.view.net);
    close_rig();
}

// Play online asks a lobby by default (an http:// address, real sockets on 127.0.0.1): one that
// is not there is one line on the title, as a server that is not there is.
static void test_lobby_by_default(void) {
    open_rig(false, 0);
    REQUIRE(click_item("Play online"));
    CHECK(!strncmp(a.set.online_address, "http://", 7));
    type_into("Server", ""); // empty: the default lobby
    CHECK(!strcmp(a.set.online_address, SETTINGS_ADDRESS_DEFAULT));
    type_into("Server", "http://127.0.0.1:9"); // nobody there (the discard port, closed)
    REQUIRE(click_item("Join"));
    REQUIRE(play_until(SCREEN_TITLE, 600));
    CHECK(!a.view.net && a.view.live && !a.lobby_ask);
    CHECK(strstr(a.notice, "cannot join http://127.0.0.1:9: cannot reach the lobby") != NULL);
    CHECK(!strchr(a.notice, '\n'));
    close_rig();
}

TEST_MAIN(TEST_CASE(join_play_results_replay), TEST_CASE(refused_is_one_line),
          TEST_CASE(lost_is_one_line), TEST_CASE(escape_gives_up_joining),
          TEST_CASE(lobby_by_default))
