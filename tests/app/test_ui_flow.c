// The windowed game played like a player would, under Xvfb (or SDL's offscreen driver): mouse
// moves, clicks and key presses go through SDL's event queue into the real frame loop, and
// every screen is checked by its state and by a picture of it. Pictures are kept in the build
// folder (ui_flow_*.png) for a person to look at.
#include "test.h"
#include "test_files.h"

#include "ui_flow_support.h"

#include "app.h"
#include "overlays.h"
#include "replay_save.h"
#include "results_view.h"
#include "sim_internal.h"

#include <SDL_image.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

static void test_title_to_results(void) {
    char *argv[] = {"arena", "--seed", "7", "--bots", "5", NULL};
    arena_options o;
    REQUIRE(arena_parse_options(5, argv, &o));
    char old[PATH_MAX]; // a first run: an empty preference folder (no settings, no replays)
    if (settings_default_path(old, sizeof old)) remove(old);
    if (app_pref_file("replays", old, sizeof old)) {
        empty_folder(old);
        remove(old);
    }
    if (app_pref_file("", old, sizeof old)) empty_folder(old);
    REQUIRE(app_window_open(&a, &o) == 0);
    frames(10);
    REQUIRE(a.screen == SCREEN_TITLE);

    // Hover highlights the item under the mouse; the keyboard's highlight follows it.
    SDL_FRect r;
    REQUIRE(find_item("Settings", &r, NULL));
    push_motion(r.x + r.w * 0.5f, r.y + r.h * 0.5f);
    frames(2);
    SDL_Surface *title = picture("title");
    REQUIRE(title);
    CHECK(highlighted_in(title, "Settings"));
    CHECK(!highlighted_in(title, "Play"));

    // A click on a choice's right arrow steps its value; the highlight stays on it.
    int map_before = a.map, map_item;
    REQUIRE(find_item("Map", &r, &map_item));
    CHECK(click_item_at("Map", 0.97f, 0.5f));
    CHECK(a.map == (map_before + 1) % APP_MAP_COUNT);
    CHECK(a.screen == SCREEN_TITLE && a.nav.selected == map_item);
    CHECK(click_item_at("Map", 0.5f, 0.5f) == true); // the value's left half steps back
    CHECK(a.map == map_before);
    // The wheel changes the highlighted value in place.
    int bots = a.bots;
    REQUIRE(find_item("Bots", &r, NULL));
    push_motion(r.x + 20, r.y + r.h * 0.5f);
    frames(2);
    frames(2);
    push_wheel(1); // over the label: the list does not scroll, the value stays
    frames(2);
    CHECK(a.bots == bots);
    push_motion(r.x + r.w * 0.75f, r.y + r.h * 0.5f); // over the value: it steps
    frames(2);
    push_wheel(1);
    frames(2);
    CHECK(a.bots == bots + 1);

    // Title -> settings (a click runs the item under the cursor, whatever was highlighted).
    a.nav.selected = 0;            // "Play" highlighted by the keys ...
    CHECK(click_item("Settings")); // ... but the click lands on Settings
    CHECK(a.screen == SCREEN_SETTINGS);
    SDL_Surface *settings_pic = picture("settings");
    REQUIRE(settings_pic);
    CHECK(differing(title, settings_pic) > 0.05);
    // A value changed here is saved at once (and only then).
    char path[PATH_MAX];
    REQUIRE(settings_default_path(path, sizeof path));
    CHECK(click_item_at("Master volume", 0.6f, 0.5f)); // the value's left half: down 10
    CHECK(a.set.master_volume == 90);
    settings saved;
    char warning[256];
    bool missing = false;
    CHECK(settings_load(&saved, path, warning, sizeof warning, &missing) && !missing);
    CHECK(saved.master_volume == 90);
    // Controls: a click on a cell waits for a key; the key pressed is bound, a clash is shown.
    CHECK(click_item("Controls"));
    REQUIRE(a.screen == SCREEN_CONTROLS);
    CHECK(click_item_at("Move down", 0.39f, 0.5f)); // its first key cell
    CHECK(a.capture_bind == BIND_DOWN && a.capture_cell == 0);
    key(SDLK_w, SDL_SCANCODE_W); // Move up's key
    CHECK(a.capture_bind == -1 && a.set.bindings.keys[BIND_DOWN][0] == SDL_SCANCODE_W);
    static menu m;
    app_screen_menu(&a, &m);
    SDL_FRect row;
    int row_index;
    REQUIRE(find_item("Move down", &row, &row_index));
    CHECK(m.items[row_index].warn & 1u); // shown as a clash with Move up
    SDL_Surface *controls = picture("controls");
    CHECK(controls != NULL);
    SDL_FreeSurface(controls);
    CHECK(click_item("Default controls"));
    CHECK(a.set.bindings.keys[BIND_DOWN][0] == SDL_SCANCODE_S);
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    CHECK(a.screen == SCREEN_SETTINGS);
    // Esc is back one screen.
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    CHECK(a.screen == SCREEN_TITLE);
    // Esc on the title asks before quitting, and a second Esc cancels.
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    CHECK(a.screen == SCREEN_CONFIRM && !a.quit);
    SDL_Surface *confirm = picture("confirm_quit");
    CHECK(confirm && highlighted_in(confirm, "Cancel"));
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    CHECK(a.screen == SCREEN_TITLE && !a.quit);

    // Title -> match.
    CHECK(click_item("Play"));
    REQUIRE(a.screen == SCREEN_PLAY);
    const sim_world *w = session_world(a.view.shown);
    CHECK(w->cfg.humans == 1 && w->cfg.bots == bots + 1);
    frames(60);
    SDL_Surface *play = picture("match");
    // Match -> pause (Esc) -> resume (Esc) -> pause.
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    CHECK(a.screen == SCREEN_PAUSE);
    int tick = w->tick;
    frames(30);
    CHECK(w->tick == tick); // paused means paused
    SDL_Surface *pause = picture("pause");
    CHECK(play && pause && differing(play, pause) > 0.05);
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    CHECK(a.screen == SCREEN_PLAY);
    frames(30);
    CHECK(w->tick > tick);

    // Death: the player falls; spectating, then the results by a click.
    sim_damage(session_world(a.view.shown), 0, -1, -1, SIM_HARM_ZONE, 1000.0f); // the zone's blow
    frames(5);
    CHECK(a.screen == SCREEN_DEAD || a.screen == SCREEN_RESULTS);
    SDL_Surface *dead = picture("spectating");
    CHECK(dead != NULL);
    to_results();
    REQUIRE(a.screen == SCREEN_RESULTS);
    SDL_Surface *results = picture("results");
    CHECK(results != NULL);
    CHECK(session_world(a.view.shown)->agents[0].cause == SIM_DIED_ZONE);
    // The match recorded itself in memory, nothing written: watch it (the REPLAY banner on
    // top), then leave it for the title.
    REQUIRE(a.replay != NULL);
    char replays[PATH_MAX];
    REQUIRE(app_pref_file("replays", replays, sizeof replays));
    CHECK(test_files_in(replays) <= 0); // emptied at the start: no match wrote anything there
    char pref[PATH_MAX];
    REQUIRE(app_pref_file("", pref, sizeof pref));
    CHECK(test_files_in(pref) == 2); // the settings (saved above) and the record, no recording
    // The match went into the record (once), and its file.
    CHECK(a.rec.all.matches == 1 && a.rec.last_count == 1 && !a.rec.last[0].online);
    CHECK(a.rec.last[0].place == session_world(a.view.shown)->agents[0].placement);
    record_book saved_record;
    char record_path[PATH_MAX], record_warning[RECORD_WARNING_MAX];
    REQUIRE(app_pref_file("record.txt", record_path, sizeof record_path));
    CHECK(record_load(&saved_record, record_path, record_warning, sizeof record_warning, NULL));
    CHECK(saved_record.all.matches == 1 && saved_record.last[0].replay[0] == '\0');
    int recorded_ticks = session_world(a.view.shown)->tick;
    CHECK(find_item("Save replay", &r, NULL));
    CHECK(click_item("Watch replay"));
    CHECK(a.screen == SCREEN_THEATRE && a.view.th.active && session_replaying(a.view.shown));
    frames(30); // the theatre reads it through first, then plays it from the start
    CHECK(!a.view.th.reading && a.view.th.length == (uint32_t)recorded_ticks);
    CHECK(session_world(a.view.shown)->tick > 0 &&
          session_world(a.view.shown)->tick < recorded_ticks);
    SDL_Surface *watch = picture("watch_replay");
    CHECK(watch && banner_shown(watch) && !banner_shown(play));
    SDL_FreeSurface(watch);
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    CHECK(a.screen == SCREEN_PAUSE);
    CHECK(click_item("Back to results"));
    CHECK(a.screen == SCREEN_RESULTS && !a.view.th.active);
    // The results ignore presses for their first half second; then leaving them with the replay
    // unsaved asks first, Cancel highlighted.
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    CHECK(a.screen == SCREEN_RESULTS);
    frames(30);
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    CHECK(a.screen == SCREEN_CONFIRM && a.confirm == CONFIRM_LEAVE_MATCH && a.confirm_save);
    SDL_Surface *ask = picture("leave_results");
    CHECK(ask && highlighted_in(ask, "Cancel") && find_item("Save replay and leave", &r, NULL));
    SDL_FreeSurface(ask);
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE); // Esc stays
    CHECK(a.screen == SCREEN_RESULTS && a.replay);
    CHECK(click_item("Title"));
    CHECK(a.screen == SCREEN_CONFIRM);
    CHECK(click_item("Leave without saving"));
    CHECK(a.screen == SCREEN_TITLE && !a.watching);

    // A whole match, lost to the bots or the zone with nothing poked into the world, so its
    // replay verifies to the end: saved once, shown, watched to its end, watched again.
    CHECK(click_item("Play"));
    REQUIRE(a.screen == SCREEN_PLAY);
    frames(10);
    fast_forward(false);
    to_results();
    REQUIRE(a.screen == SCREEN_RESULTS);
    REQUIRE(a.replay != NULL);
    recorded_ticks = session_world(a.view.shown)->tick;
    SDL_Surface *lost = picture("results_lost");
    // A save that cannot be done (here replays/ is a file) says why on one line; the game goes
    // on and the recording stays, to be saved once the trouble is gone.
    FILE *blocker = fopen(replays, "wb");
    REQUIRE(blocker);
    fclose(blocker);
    CHECK(click_item("Save replay"));
    CHECK(!a.replay_saved && a.replay_note_bad && a.replay != NULL);
    CHECK(strstr(a.replay_note, "Replay not saved: ") == a.replay_note);
    CHECK(strstr(a.replay_note, "replays is not a folder") != NULL);
    SDL_Surface *failed = picture("results_save_failed");
    CHECK(failed && differing_below(lost, failed, note_top()) > 0.002);
    SDL_FreeSurface(failed);
    CHECK(find_item("Save replay", &r, NULL));
    REQUIRE(remove(replays) == 0);
    CHECK(click_item("Save replay"));
    CHECK(a.replay_saved && !a.replay_note_bad);
    CHECK(test_files_in(replays) == 1);
    char file[PATH_MAX + 64];
    REQUIRE(sscanf(a.replay_note, "Saved to %4095[^\n]", file) == 1);
    CHECK(!strncmp(file, replays, strlen(replays)) && strstr(file, ".arp"));
    CHECK(same_bytes(file, a.replay, a.replay_size));
    CHECK(plays_back_ok(file));
    SDL_Surface *saved_pic = picture("results_saved"); // the path, under the buttons
    CHECK(lost && saved_pic && differing_below(lost, saved_pic, note_top()) > 0.002);
    CHECK(find_item("Saved", &r, NULL) && !find_item("Save replay", &r, NULL));
    CHECK(click_item("Saved")); // saving again saves nothing more
    CHECK(test_files_in(replays) == 1);
    // On an 800x600 window the buttons stay clear of the scoreboard (short screens start it
    // 8 pixels down) and a line of the note fits under them.
    SDL_SetWindowSize(a.window, 800, 600);
    frames(5);
    if (a.view.cam.screen_w == 800 && a.view.cam.screen_h == 600) {
        static menu small;
        app_screen_menu(&a, &small);
        sim_scoreboard sb;
        sim_scoreboard_build(session_world(a.view.shown), 0, &sb);
        results_layout board;
        results_view_layout(0, 8.0f, 800, &sb, &board);
        CHECK(small.panel.y >= board.panel.y + board.panel.h);
        CHECK(small.panel.y + small.panel.h + 4 + 18 + 10 <= 600);
        SDL_Surface *small_pic = picture("results_saved_800x600");
        CHECK(small_pic != NULL);
        SDL_FreeSurface(small_pic);
    } else {
        fprintf(stderr, "the window stayed %gx%g: 800x600 not checked\n", a.view.cam.screen_w,
                a.view.cam.screen_h);
    }
    SDL_SetWindowSize(a.window, 1280, 720);
    frames(5);
    CHECK(click_item("Watch replay"));
    CHECK(a.screen == SCREEN_THEATRE && a.watching && session_replaying(a.view.shown));
    for (int f = 0; f < 600 && a.view.th.reading; f++) frames(1); // read through: it verifies
    CHECK(!a.view.th.reading && !a.view.th.problem[0] &&
          a.view.th.stop == (uint32_t)recorded_ticks);
    key(SDLK_END, SDL_SCANCODE_END); // to its end, then back to the results
    CHECK(session_world(a.view.shown)->tick == recorded_ticks &&
          !session_diverged(a.view.shown, NULL, 0));
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    CHECK(click_item("Back to results"));
    REQUIRE(a.screen == SCREEN_RESULTS);
    frames(30);
    CHECK(a.replay && a.replay_saved && find_item("Saved", &r, NULL));
    CHECK(test_files_in(replays) == 1);
    CHECK(click_item("Watch replay"));
    CHECK(a.screen == SCREEN_THEATRE && a.watching && session_replaying(a.view.shown));
    frames(10);
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    CHECK(click_item("Back to results"));
    frames(30);
    CHECK(click_item("Title")); // saved: nothing to ask
    CHECK(a.screen == SCREEN_TITLE && !a.watching);

    // Back to a finished match's results through a new one: a new replay, not saved yet.
    CHECK(click_item("Play"));
    REQUIRE(a.screen == SCREEN_PLAY);
    frames(20);
    sim_damage(session_world(a.view.shown), 0, -1, -1, SIM_HARM_ZONE, 1000.0f); // the zone's blow
    frames(5);
    to_results();
    REQUIRE(a.screen == SCREEN_RESULTS);
    CHECK(!a.replay_saved && !a.replay_note[0] && find_item("Save replay", &r, NULL));
    CHECK(test_files_in(replays) == 1);
    // The bug: a click on "Title" must go to the title, not start a match (once the
    // question about the unsaved replay is answered).
    a.nav.selected = 0; // "Rematch" highlighted
    CHECK(click_item("Title"));
    CHECK(a.screen == SCREEN_CONFIRM && a.confirm == CONFIRM_LEAVE_MATCH);
    CHECK(click_item("Leave without saving"));
    CHECK(a.screen == SCREEN_TITLE);
    CHECK(session_world(a.view.shown)->cfg.humans == 0); // the attract match, not a new game
    SDL_FreeSurface(title);
    SDL_FreeSurface(settings_pic);
    SDL_FreeSurface(confirm);
    SDL_FreeSurface(play);
    SDL_FreeSurface(pause);
    SDL_FreeSurface(dead);
    SDL_FreeSurface(results);
    SDL_FreeSurface(saved_pic);
    SDL_FreeSurface(lost);
    CHECK(app_window_close(&a) == 0);
}

/// Copies a file (false on any failure).
static bool copy_file(const char *from, const char *to) {
    FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
    bool ok = in && out;
    char buf[65536];
    for (size_t n; ok && (n = fread(buf, 1, sizeof buf, in)) > 0;) ok = fwrite(buf, 1, n, out) == n;
    if (in) ok = !ferror(in) && ok;
    if (out) ok = fclose(out) == 0 && ok;
    if (in) fclose(in);
    return ok;
}

/// Frames at about real time (the map watcher and its loading thread run on the clock) until
/// the notice starts with `prefix` or `seconds` pass.
static bool wait_notice(const char *prefix, double seconds) {
    for (int f = 0; f < (int)(seconds * 50.0); f++) {
        frames(1);
        if (!strncmp(a.notice, prefix, strlen(prefix))) return true;
        SDL_Delay(20);
    }
    return false;
}

/// Death with the killcam on: it shows the last seconds from the killer's side, from the match's
/// own recording, while the live match waits. The map file edited meanwhile goes to the live
/// match (it used to be refused, as if the killcam's replay were the match, and not tried again
/// until the next save); any key skips the killcam back to the live match, on its new map.
static void test_killcam_and_reload(void) {
    char map[PATH_MAX];
    snprintf(map, sizeof map, "%s/ui_flow_killcam_map.png", ARENA_BIN_DIR);
    REQUIRE(copy_file(ARENA_SOURCE_DIR "/assets/maps/arena.png", map));
    char *argv[] = {"arena", "--seed", "7", "--bots", "5", "--map", map, NULL};
    arena_options o;
    REQUIRE(arena_parse_options(7, argv, &o));
    REQUIRE(app_window_open(&a, &o) == 0);
    REQUIRE(a.screen == SCREEN_PLAY && a.set.killcam && a.reload.active);
    const int width = sim_grid(session_world(a.view.shown))->width;
    fast_forward(false); // the bots or the zone, nothing poked in: the killcam replays it true
    REQUIRE(session_world(a.view.shown)->agents[0].placement != 0 && a.screen == SCREEN_DEAD);
    for (int f = 0; f < 200 && !match_view_killcam_plays(&a.view); f++)
        frames(1); // seen live for a moment, then the killcam
    REQUIRE(a.screen == SCREEN_THEATRE && match_view_killcam_plays(&a.view) && a.view.th.killcam &&
            session_replaying(a.view.shown));
    CHECK(!a.view.th.reading && !a.view.th.problem[0]);
    const session *live = a.view.live;
    SDL_Surface *killcam = picture("killcam");
    CHECK(killcam != NULL);
    SDL_FreeSurface(killcam);

    REQUIRE(copy_file(ARENA_SOURCE_DIR "/assets/maps/islands.png", map));
    CHECK(wait_notice("map re", 20.0));
    CHECK(!strncmp(a.notice, "map reloaded: ", 14));
    const int new_width = sim_grid(session_world(live))->width;
    CHECK(new_width != width); // the live match has the new map ...
    CHECK(a.view.live == live &&
          session_replaying(a.view.shown)); // ... while the killcam still plays

    key(SDLK_SPACE, SDL_SCANCODE_SPACE); // skips it
    for (int f = 0; f < 10 && match_view_killcam_plays(&a.view); f++) frames(1);
    CHECK(a.screen == SCREEN_DEAD && !match_view_killcam_plays(&a.view) && a.view.shown == live &&
          !session_replaying(a.view.shown));
    CHECK(sim_grid(session_world(a.view.shown))->width == new_width);
    SDL_Surface *after = picture("after_killcam");
    CHECK(after != NULL);
    SDL_FreeSurface(after);
    CHECK(app_window_close(&a) == 0);
    remove(map);
}

/// Quitting while the killcam plays with --record FILE: the file is the live match's recording,
/// whole (the killcam's own session, a replay, records nothing; the window's close used to
/// finish that one and fail).
static void test_killcam_quit_records(void) {
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/ui_flow_killcam_quit.arp", ARENA_BIN_DIR);
    remove(path);
    char *argv[] = {"arena", "--seed", "7",        "--bots", "5",
                    "--map", "arena",  "--record", path,     NULL};
    arena_options o;
    REQUIRE(arena_parse_options(9, argv, &o));
    REQUIRE(app_window_open(&a, &o) == 0);
    REQUIRE(a.screen == SCREEN_PLAY && a.set.killcam);
    fast_forward(false);
    REQUIRE(session_world(a.view.shown)->agents[0].placement != 0 && a.screen == SCREEN_DEAD);
    for (int f = 0; f < 200 && !match_view_killcam_plays(&a.view); f++) frames(1);
    REQUIRE(a.screen == SCREEN_THEATRE && match_view_killcam_plays(&a.view));
    const uint32_t ticks = (uint32_t)sim_tick(session_world(a.view.live));
    CHECK(app_window_close(&a) == 0);
    session_def def = {0};
    def.replay_path = path;
    ae_error err;
    session *r = session_create(&def, &err);
    CHECK(r != NULL);
    if (r) {
        CHECK(session_length(r) == ticks);
        session_destroy(r);
    }
    remove(path);
}

/// A key event as the keyboard sends it: a first press, a repeat while held, or a release.
static void push_key(SDL_Scancode sc, bool down, bool repeat) {
    SDL_Event e = {0};
    e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    e.key.windowID = window_id();
    e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.key.repeat = repeat;
    e.key.keysym.scancode = sc;
    e.key.keysym.sym = SDL_GetKeyFromScancode(sc);
    SDL_PushEvent(&e);
}

/// Frames while keys are held: the keyboard repeats each of them every other frame.
static void frames_holding(int n, const SDL_Scancode *held, int count) {
    for (int f = 0; f < n; f++) {
        for (int k = 0; k < count && f % 2 == 0; k++) push_key(held[k], true, true);
        frames(1);
    }
}

/// The match's replay files in the per-user folder.
static int replays_saved(void) {
    char dir[PATH_MAX];
    if (!app_pref_file("replays", dir, sizeof dir)) return -1;
    int n = test_files_in(dir);
    return n < 0 ? 0 : n;
}

/// No key press loses a match. The player falls while holding keys to move and blink and while
/// mashing Esc and Enter: nothing acts for a second, held keys never act, the blink key (Space)
/// never confirms; the killcam plays on while they are held and stops for a key pressed after it
/// started. Esc while spectating opens the spectating menu; leaving asks first, and its question
/// takes neither the movement keys nor Space as a yes; its "Save replay and leave" saves.
static void test_keys_at_death(void) {
    REQUIRE(open_small_match());
    REQUIRE(a.screen == SCREEN_PLAY && a.set.killcam);
    // The pause menu's Leave asks, offering to save the match being played; Cancel goes back to
    // the pause menu with Leave highlighted.
    frames(10);
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    REQUIRE(a.screen == SCREEN_PAUSE);
    CHECK(click_item("Leave match"));
    CHECK(a.screen == SCREEN_CONFIRM && a.confirm_save && app_replay_unsaved(&a));
    SDL_FRect r = {0, 0, 0, 0};
    int leave_item = -1;
    CHECK(find_item("Save replay and leave", &r, NULL) && find_item("Cancel", &r, NULL));
    SDL_Surface *ask = picture("leave_match");
    CHECK(ask && highlighted_in(ask, "Cancel"));
    SDL_FreeSurface(ask);
    CHECK(click_item("Cancel"));
    CHECK(a.screen == SCREEN_PAUSE && find_item("Leave match", &r, &leave_item));
    CHECK(a.nav.selected == leave_item);
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    REQUIRE(a.screen == SCREEN_PLAY);

    // Down to move, Space and Left Shift to blink, held as the player falls.
    const SDL_Scancode held[] = {SDL_SCANCODE_S, SDL_SCANCODE_SPACE, SDL_SCANCODE_LSHIFT};
    for (int k = 0; k < 3; k++) push_key(held[k], true, false);
    frames(2);
    fast_forward(false); // the bots or the zone: the killcam replays it true
    REQUIRE(session_world(a.view.shown)->agents[0].placement != 0);
    if (a.screen == SCREEN_RESULTS) { // won or last out: no spectating (rare with this seed)
        fprintf(stderr, "the match ended with the player: spectating not checked\n");
        CHECK(app_window_close(&a) == 0);
        return;
    }
    REQUIRE(a.screen == SCREEN_DEAD && !match_view_killcam_plays(&a.view));
    int spectating = a.view.spectate; // "Next survivor" changes it
    // Mashed in the moment: Esc, Enter and a click on "Menu" do nothing for a second.
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    key(SDLK_RETURN, SDL_SCANCODE_RETURN);
    CHECK(find_item("Menu", &r, NULL));
    push_button(r.x + 10, r.y + 10, true, SDL_BUTTON_LEFT);
    push_button(r.x + 10, r.y + 10, false, SDL_BUTTON_LEFT);
    frames_holding(20, held, 3);
    CHECK(a.screen == SCREEN_DEAD && a.view.spectate == spectating);
    const int highlight = a.nav.selected; // the mouse rests on "Menu"
    // Held on, past the second, until the killcam comes: the held Down never moves the
    // highlight, the held Space never confirms.
    bool acted = false;
    for (int f = 0; f < 300 && !match_view_killcam_plays(&a.view); f += 2) {
        frames_holding(2, held, 3);
        acted |=
            a.screen != SCREEN_THEATRE && (a.screen != SCREEN_DEAD || a.nav.selected != highlight ||
                                           a.view.spectate != spectating);
    }
    REQUIRE(a.screen == SCREEN_THEATRE && match_view_killcam_plays(&a.view) && a.view.th.killcam);
    CHECK(!acted);
    // The killcam plays on while they are held: held keys never skip it.
    const uint32_t start = (uint32_t)session_world(a.view.shown)->tick;
    frames_holding(30, held, 3);
    CHECK(a.screen == SCREEN_THEATRE && match_view_killcam_plays(&a.view));
    CHECK((uint32_t)session_world(a.view.shown)->tick > start); // it plays
    // A key pressed after it started skips it (Space, released and pressed again).
    push_key(SDL_SCANCODE_SPACE, false, false);
    frames(1);
    CHECK(match_view_killcam_plays(&a.view));
    push_key(SDL_SCANCODE_SPACE, true, false);
    frames(2);
    CHECK(a.screen == SCREEN_DEAD && !match_view_killcam_plays(&a.view));
    SDL_Surface *dead = picture("spectating_held");
    CHECK(dead != NULL);
    SDL_FreeSurface(dead);
    // Back to spectating: Space pressed anew blinks (bound to a game action), it does not
    // confirm "Next survivor"; Enter does.
    spectating = a.view.spectate;
    push_key(SDL_SCANCODE_SPACE, false, false);
    frames(1);
    push_key(SDL_SCANCODE_SPACE, true, false);
    frames_holding(4, held, 3);
    CHECK(a.screen == SCREEN_DEAD && a.nav.selected == 0 && a.view.spectate == spectating);
    key(SDLK_RETURN, SDL_SCANCODE_RETURN);
    CHECK(a.screen == SCREEN_DEAD && a.view.spectate != spectating);
    for (int k = 0; k < 3; k++) push_key(held[k], false, false);
    frames(2);

    // Esc while spectating: the spectating menu, not the title; Esc again: back to watching.
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    REQUIRE(a.screen == SCREEN_SPECTATE_MENU);
    SDL_Surface *menu_pic = picture("spectate_menu");
    CHECK(menu_pic && highlighted_in(menu_pic, "Keep watching"));
    SDL_FreeSurface(menu_pic);
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    CHECK(a.screen == SCREEN_DEAD);
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    REQUIRE(a.screen == SCREEN_SPECTATE_MENU);
    // Its Leave asks: the replay is not saved. Down (a movement key) walks the answers, Space
    // (the blink) and Left Shift never answer; Enter does.
    CHECK(click_item("Leave match"));
    REQUIRE(a.screen == SCREEN_CONFIRM && a.confirm == CONFIRM_LEAVE_MATCH && a.confirm_save);
    SDL_Surface *dialog = picture("leave_dialog");
    CHECK(dialog && highlighted_in(dialog, "Cancel"));
    SDL_FreeSurface(dialog);
    key(SDLK_s, SDL_SCANCODE_S); // from Cancel round to the first answer
    int save_item = -1;
    CHECK(find_item("Save replay and leave", &r, &save_item) && a.nav.selected == save_item);
    key(SDLK_SPACE, SDL_SCANCODE_SPACE);
    key(SDLK_LSHIFT, SDL_SCANCODE_LSHIFT);
    CHECK(a.screen == SCREEN_CONFIRM);
    const int saved_before = replays_saved();
    key(SDLK_RETURN, SDL_SCANCODE_RETURN);
    CHECK(a.screen == SCREEN_TITLE && a.replay_saved);
    CHECK(replays_saved() == saved_before + 1);
    CHECK(app_window_close(&a) == 0);
}

/// A replay taken over and played on: its saved file is named after the replay's map, as a
/// match's is after its own (it was "...-map.arp": the session then plays no map file).
static void test_take_over_name(void) {
    char *argv[] = {"arena", "--seed", "7", NULL};
    arena_options o;
    REQUIRE(arena_parse_options(3, argv, &o));
    REQUIRE(app_window_open(&a, &o) == 0);
    app_watch_file(&a, ARENA_SOURCE_DIR "/tests/replays/ruins-s5.arp");
    for (int f = 0; f < 3000 && (a.screen != SCREEN_THEATRE || a.view.th.reading); f++) frames(1);
    REQUIRE(a.screen == SCREEN_THEATRE && !a.view.th.reading);
    const sim_world *w = session_world(a.view.shown);
    a.view.th.paused = true;
    a.view.th.follow = -1;
    for (int i = 0; i < w->agent_count && a.view.th.follow < 0; i++)
        if (w->agents[i].placement == 0) a.view.th.follow = i;
    key(SDLK_t, SDL_SCANCODE_T); // take over
    REQUIRE(a.screen == SCREEN_PLAY && session_recording(a.view.shown));
    frames(30);
    ae_error err;
    REQUIRE(app_finish_recording(&a, &err));
    CHECK(!strcmp(a.replay_map, "ruins.png"));
    char name[96];
    replay_save_name(name, sizeof name, (time_t)a.replay_time, a.replay_map, 1);
    CHECK(strstr(name, "-ruins.arp") != NULL);
    if (strcmp(a.replay_map, "ruins.png")) fprintf(stderr, "saved as %s\n", name);
    CHECK(app_window_close(&a) == 0);
}

/// Holds key sc down for n frames, then lets it go.
static void hold_key(SDL_Scancode sc, int n) {
    for (int down = 1; down >= 0; down--) {
        SDL_Event e = {0};
        e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
        e.key.windowID = window_id();
        e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
        e.key.keysym.scancode = sc;
        e.key.keysym.sym = SDL_GetKeyFromScancode(sc);
        SDL_PushEvent(&e);
        frames(down ? n : 1);
    }
}

/// The theatre's free camera pans with the movement bindings: rebound, the new key moves it and
/// the old one no longer does.
static void test_theatre_pan_rebound(void) {
    char *argv[] = {"arena", "--seed", "7", NULL};
    arena_options o;
    REQUIRE(arena_parse_options(3, argv, &o));
    REQUIRE(app_window_open(&a, &o) == 0);
    app_watch_file(&a, ARENA_SOURCE_DIR "/tests/replays/ruins-s5.arp");
    for (int f = 0; f < 3000 && (a.screen != SCREEN_THEATRE || a.view.th.reading); f++) frames(1);
    REQUIRE(a.screen == SCREEN_THEATRE && !a.view.th.reading);
    a.view.th.paused = true;
    a.set.bindings.keys[BIND_UP][0] = SDL_SCANCODE_I; // Move up: I (and Up) instead of W
    input_set_bindings(&a.in, &a.set.bindings);
    a.view.th.follow = -1; // the free camera
    const float y0 = a.view.free_center.y;
    hold_key(SDL_SCANCODE_W, 10); // no longer a movement key
    CHECK(a.view.free_center.y == y0);
    hold_key(SDL_SCANCODE_I, 10);
    CHECK(a.view.free_center.y < y0 - 10.0f);
    CHECK(app_window_close(&a) == 0);
}

/// Fullscreen on the settings screen: a click switches the window's fullscreen flag and saves
/// the choice in the settings file; another click switches it back, and that is saved too.
/// Copies the golden replay (or, damaged, a line of text) to replays/NAME, written at `when`.
static void put_replay(const char *dir, const char *name, bool damaged, time_t when) {
    char path[PATH_MAX + 128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    static uint8_t buf[1 << 20];
    size_t n = 13;
    if (damaged) {
        memcpy(buf, "not a replay\n", n);
    } else {
        FILE *in = fopen(ARENA_SOURCE_DIR "/tests/replays/arena-s11.arp", "rb");
        REQUIRE(in);
        n = fread(buf, 1, sizeof buf, in);
        fclose(in);
    }
    FILE *out = fopen(path, "wb");
    REQUIRE(out && fwrite(buf, 1, n, out) == n);
    fclose(out);
    struct timeval tv[2] = {{when, 0}, {when, 0}};
    REQUIRE(utimes(path, tv) == 0);
}

static bool exists(const char *dir, const char *name) {
    char path[PATH_MAX + 128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return access(path, F_OK) == 0;
}

// "Your record" from the title: the figures and last matches of record.txt, the saved replays
// newest first with a damaged one marked; a replay is deleted only after the question's yes
// (Esc and Cancel keep it); a click on a replay opens it in the theatre.
static void test_record_screen(void) {
    char dir[PATH_MAX], path[PATH_MAX];
    REQUIRE(app_pref_file("replays", dir, sizeof dir));
    empty_folder(dir);
    mkdir(dir, 0755);
    put_replay(dir, "arena-2026-11-01-1000-arena.arp", false, 1000000);
    put_replay(dir, "arena-2026-11-03-1000-ruins.arp", false, 3000000);
    put_replay(dir, "arena-2026-11-02-1000-arena.arp", true, 2000000);
    REQUIRE(app_pref_file("record.txt", path, sizeof path));
    FILE *f = fopen(path, "w");
    REQUIRE(f);
    fputs("all = 2 1 2 5 420 300.0\nnormal = 2 1 2 5 420 300.0\nmap.arena = 2 1 2 5 420 300.0\n"
          "match.1 = 2026-11-03 10:00 arena normal offline 1 6 4 300 300.0 "
          "arena-2026-11-03-1000-ruins.arp\n"
          "match.2 = 2026-11-01 09:00 arena normal offline 3 6 1 120 80.5 -\n",
          f);
    fclose(f);
    char *argv[] = {"arena", "--seed", "7", "--bots", "5", NULL};
    arena_options o;
    REQUIRE(arena_parse_options(5, argv, &o));
    REQUIRE(app_window_open(&a, &o) == 0);
    frames(5);
    REQUIRE(a.screen == SCREEN_TITLE);
    CHECK(a.rec.all.matches == 2 && a.rec.last_count == 2);
    CHECK(click_item("Your record"));
    REQUIRE(a.screen == SCREEN_RECORD);
    frames(2);
    SDL_Surface *shot = picture("record");
    CHECK(shot != NULL);
    SDL_FreeSurface(shot);
    // Newest first; the damaged one marked.
    SDL_FRect r;
    int newest, damaged, oldest, match1, match2;
    REQUIRE(find_item("arena-2026-11-03-1000-ruins.arp", &r, &newest));
    REQUIRE(find_item("arena-2026-11-02-1000-arena.arp DAMAGED", &r, &damaged));
    REQUIRE(find_item("arena-2026-11-01-1000-arena.arp", &r, &oldest));
    CHECK(newest < damaged && damaged < oldest);
    REQUIRE(find_item("11-03 10:00 arena #1/6 4K 5:00 [replay]", &r, &match1));
    REQUIRE(find_item("11-01 09:00 arena #3/6 1K 1:20", &r, &match2));
    CHECK(match1 < match2 && match2 < newest);
    // A damaged replay does not open: it says why.
    CHECK(click_item("arena-2026-11-02-1000-arena.arp DAMAGED"));
    CHECK(a.screen == SCREEN_RECORD && strstr(a.notice, "not an Arena replay"));
    // Deleting asks first, Cancel highlighted; Esc and Cancel keep the file.
    CHECK(click_item("Delete a replay..."));
    CHECK(a.record_deleting);
    CHECK(click_item("x arena-2026-11-01-1000-arena.arp"));
    REQUIRE(a.screen == SCREEN_CONFIRM && a.confirm == CONFIRM_DELETE_REPLAY);
    shot = picture("record_delete");
    CHECK(shot && highlighted_in(shot, "Cancel"));
    SDL_FreeSurface(shot);
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    CHECK(a.screen == SCREEN_RECORD && exists(dir, "arena-2026-11-01-1000-arena.arp"));
    CHECK(click_item("x arena-2026-11-01-1000-arena.arp"));
    REQUIRE(a.screen == SCREEN_CONFIRM);
    key(SDLK_RETURN, SDL_SCANCODE_RETURN); // Enter on the highlighted Cancel
    CHECK(a.screen == SCREEN_RECORD && exists(dir, "arena-2026-11-01-1000-arena.arp"));
    CHECK(click_item("x arena-2026-11-01-1000-arena.arp"));
    REQUIRE(a.screen == SCREEN_CONFIRM);
    CHECK(click_item("Delete"));
    CHECK(a.screen == SCREEN_RECORD && !exists(dir, "arena-2026-11-01-1000-arena.arp"));
    CHECK(exists(dir, "arena-2026-11-03-1000-ruins.arp") && test_files_in(dir) == 2);
    CHECK(a.replays.count == 2 && !find_item("x arena-2026-11-01-1000-arena.arp", &r, NULL));
    CHECK(click_item("Done deleting"));
    CHECK(!a.record_deleting);
    // A match without a replay says so; a match with one opens it in the theatre.
    CHECK(click_item("11-01 09:00 arena #3/6 1K 1:20"));
    CHECK(a.screen == SCREEN_RECORD && strstr(a.notice, "No replay"));
    CHECK(click_item("11-03 10:00 arena #1/6 4K 5:00 [replay]"));
    CHECK(a.screen == SCREEN_THEATRE && a.view.th.active && session_replaying(a.view.shown));
    CHECK(app_window_close(&a) == 0);
}

static void test_settings_fullscreen(void) {
    const char *config = "ui_flow_fullscreen_settings.txt"; // beside the test, not the player's
    remove(config);
    char *argv[] = {"arena", "--seed", "7", "--config", (char *)config, NULL};
    arena_options o;
    REQUIRE(arena_parse_options(5, argv, &o));
    REQUIRE(app_window_open(&a, &o) == 0);
    frames(5);
    REQUIRE(a.screen == SCREEN_TITLE);
    CHECK(!(SDL_GetWindowFlags(a.window) & SDL_WINDOW_FULLSCREEN_DESKTOP));
    CHECK(click_item("Settings"));
    REQUIRE(a.screen == SCREEN_SETTINGS);
    for (int on = 1; on >= 0; on--) {
        CHECK(click_item("Fullscreen"));
        frames(2);
        CHECK(a.set.fullscreen == (bool)on);
        CHECK(((SDL_GetWindowFlags(a.window) & SDL_WINDOW_FULLSCREEN_DESKTOP) ==
               SDL_WINDOW_FULLSCREEN_DESKTOP) == (bool)on);
        settings saved;
        char warning[256];
        bool missing = true;
        CHECK(settings_load(&saved, config, warning, sizeof warning, &missing) && !missing);
        CHECK(saved.fullscreen == (bool)on);
    }
    CHECK(app_window_close(&a) == 0);
    remove(config);
}

TEST_MAIN(TEST_CASE(title_to_results), TEST_CASE(killcam_and_reload),
          TEST_CASE(killcam_quit_records), TEST_CASE(keys_at_death), TEST_CASE(take_over_name),
          TEST_CASE(theatre_pan_rebound), TEST_CASE(settings_fullscreen), TEST_CASE(record_screen))
