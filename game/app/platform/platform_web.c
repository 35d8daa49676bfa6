// The browser (the WebAssembly build): the page's animation frames drive the game, the
// preference folder lives in IndexedDB, and the page talks to the game through the few
// functions exported below (game/web/page.js calls them).
#include "platform.h"

#include "arena/rp_replay.h"
#include "net_proto.h"
#include "net_token.h"
#include "settings.h"
#include "sim_state.h"
#include "tool_util.h"

#include <emscripten.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

// What page.js (and the browser test) call; exported by the link (game/web/CMakeLists.txt).
EMSCRIPTEN_KEEPALIVE void arena_web_open_replay(const char *path);
EMSCRIPTEN_KEEPALIVE const char *arena_web_state(void);
EMSCRIPTEN_KEEPALIVE bool arena_web_write_last_replay(const char *path);
EMSCRIPTEN_KEEPALIVE const char *arena_web_item(const char *label);
EMSCRIPTEN_KEEPALIVE const char *arena_web_offered(void);
EMSCRIPTEN_KEEPALIVE const char *arena_web_before_leaving(void);
EMSCRIPTEN_KEEPALIVE bool arena_web_check_replay(const char *name, const uint8_t *head,
                                                 double size);
EMSCRIPTEN_KEEPALIVE bool arena_web_join(const char *url, const char *name, const char *token);
EMSCRIPTEN_KEEPALIVE void arena_web_say(const char *text);
EMSCRIPTEN_KEEPALIVE const char *arena_web_name(void);
EMSCRIPTEN_KEEPALIVE const char *arena_web_online(void);

static struct {
    app *a;
    uint64_t last;
    frame_stats stats;
    int32_t traced; ///< the last tick whose hash went to the console
    bool told_end;  ///< the online match's end went to the console
} web;

/// Every this many ticks of a match (not the title's), the console gets the tick and the state
/// hash: what the browser test compares, and a player's bug report can quote. A frame runs
/// several ticks, so the line comes at the first frame past each multiple, with its own tick.
#define WEB_TRACE_TICKS 300

/// Online the mirror's hash is not the match's (it holds what the player sees): the console gets
/// the server's end instead, once.
static void trace_online(const app *a) {
    net_end end;
    if (web.told_end || !net_client_end(a->view.net, &end)) return;
    web.told_end = true;
    printf("arena: online match ended at tick %u hash %016llx placement %u\n", (unsigned)end.tick,
           (unsigned long long)end.hash, (unsigned)end.placement);
}

static void trace(const app *a) {
    if (view_online(&a->view)) {
        trace_online(a);
        return;
    }
    web.told_end = false;
    const sim_world *w = view_world(&a->view);
    if (sim_tick(w) < web.traced) web.traced = 0; // a new match, or a seek back in the theatre
    if (app_base_screen(a) == SCREEN_TITLE ||
        sim_tick(w) / WEB_TRACE_TICKS == web.traced / WEB_TRACE_TICKS)
        return;
    web.traced = sim_tick(w);
    printf("arena: tick %d hash %016llx%s\n", (int)sim_tick(w), (unsigned long long)sim_hash(w),
           view_replaying(&a->view) ? " (replay)" : "");
}

static void frame(void *unused) {
    (void)unused;
    app *a = web.a;
    if (app_window_over(a)) {
        emscripten_cancel_main_loop();
        frame_stats_report(&web.stats);
        const int status = app_window_close(a);
        emscripten_run_script("Module.arenaQuit && Module.arenaQuit()");
        emscripten_force_exit(status);
        return;
    }
    app_window_timed_step(a, &web.last, &web.stats);
    trace(a);
}

bool platform_start_video(void) {
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) == 0) return true; // the page's canvas
    tool_fail(ARENA_PROGRAM, "no display", "%s", SDL_GetError());
    return false;
}

int platform_run(app *a, int status) {
    if (status != 0) {
        app_window_close(a);
        return status;
    }
    web.a = a;
    web.last = tool_now_ns();
    web.traced = 0;
    frame_stats_init(&web.stats);
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(a->renderer, &info) == 0) printf("arena: renderer %s\n", info.name);
    emscripten_run_script("Module.arenaStarted && Module.arenaStarted()");
    // 0 frames per second: the browser's requestAnimationFrame paces the frames; the sim still
    // steps at its fixed 60 Hz from the time that passed. Does not return (main unwinds).
    emscripten_set_main_loop_arg(frame, NULL, 0, 1);
    return 0;
}

void platform_persist(void) {
    emscripten_run_script("Module.arenaPersist && Module.arenaPersist()");
}

static char offered[PATH_MAX];

void platform_offer_file(const char *path) {
    snprintf(offered, sizeof offered, "%s", path);
    emscripten_run_script("Module.arenaOffer && Module.arenaOffer()");
}

/// The page: the file platform_offer_file last offered ("" for none), to hand out as a download.
EMSCRIPTEN_KEEPALIVE const char *arena_web_offered(void) {
    return offered;
}

/// A match is on screen: a session's, or online the client's mirror.
static bool shown(const app *a) {
    return a->view.shown || view_online(&a->view);
}

void platform_play_online(app *a) {
    if (emscripten_run_script_int("Module.arenaPlayOnline ? 1 : 0"))
        emscripten_run_script("Module.arenaPlayOnline()");
    else // a page without its own (none of ours): the game's screen
        app_go(a, SCREEN_ONLINE);
}

/// The page: a line for the player (a notice, and the console), such as why quick play failed.
EMSCRIPTEN_KEEPALIVE void arena_web_say(const char *text) {
    printf("arena: %s\n", text);
    if (web.a) app_notice(web.a, text);
}

/// The page: the name the player last played online with (the settings'), for its name field.
EMSCRIPTEN_KEEPALIVE const char *arena_web_name(void) {
    return web.a ? web.a->set.online_name : "";
}

/// The page, from the title: joins the server at url (app_join) as `name` ("": the one kept),
/// with the lobby's `token` (32 hex digits, "" for none). A new valid name is kept in the
/// settings. False, with the reason said (arena_web_say), for a bad name, token or address, and
/// when the title is no longer shown (the player went on while the lobby answered).
EMSCRIPTEN_KEEPALIVE bool arena_web_join(const char *url, const char *name, const char *token) {
    app *a = web.a;
    if (!a || a->screen != SCREEN_TITLE || a->view.net) return false;
    if (name[0] && !settings_name_valid(name)) {
        arena_web_say("A name is 1 to 24 bytes of text, no control characters");
        return false;
    }
    if (name[0] && strcmp(name, a->set.online_name) != 0) {
        snprintf(a->set.online_name, sizeof a->set.online_name, "%s", name);
        app_settings_changed(a);
    }
    uint8_t bytes[NET_TOKEN_BYTES];
    if (token[0] && !net_hex_read(token, bytes, sizeof bytes)) {
        arena_web_say("Play online: the lobby's token is not 32 hex digits");
        return false;
    }
    char err[320];
    if (!app_join(a, url, token[0] ? bytes : NULL, a->set.online_name, err, sizeof err)) {
        arena_web_say(err);
        return false;
    }
    printf("arena: joining %s as %s\n", url, a->set.online_name);
    return true;
}

/// The page's test: "" when no online match is shown, else "STATE SLOT AGENT PING_MS SNAPSHOTS
/// COMPARED OVER_1 SNAPPED REPLAY_BYTES": the client's state (net_client_state), its slot and
/// agent, the last round trip, the snapshots that came, the predictions compared with the
/// server and those more than a unit off, those snapped, and the replay's bytes once whole.
EMSCRIPTEN_KEEPALIVE const char *arena_web_online(void) {
    static char text[160];
    if (!web.a || !view_online(&web.a->view)) return "";
    const net_client *c = web.a->view.net;
    const net_client_stats *st = net_client_get_stats(c);
    size_t replay = 0;
    net_client_replay(c, &replay);
    snprintf(text, sizeof text, "%d %d %d %.2f %u %u %u %u %zu", (int)net_client_get_state(c),
             net_client_slot(c), net_client_agent(c), st->ping_ms, st->snapshots, st->compared,
             st->corrections_over_1, st->snapped, replay);
    return text;
}

/// The page: a replay file the player picked or dropped, written to `path`, plays in the theatre.
EMSCRIPTEN_KEEPALIVE void arena_web_open_replay(const char *path) {
    if (web.a) app_watch_file(web.a, path);
}

/// The page, before it leaves the screen for a file the player opened: what would be lost, for
/// its question. "match": a match the player is in goes on (played, paused, spectated or under
/// a question or the settings; not a replay watched); it is paused, as when the window loses
/// focus, while the page asks. "replay": the results of a match whose replay was not saved
/// (Save replay is on that screen). "": nothing, the file opens at once.
EMSCRIPTEN_KEEPALIVE const char *arena_web_before_leaving(void) {
    if (!web.a || !shown(web.a) || web.a->view.th.active) return "";
    const app_screen base = app_base_screen(web.a);
    if (base == SCREEN_RESULTS) return web.a->replay && !web.a->replay_saved ? "replay" : "";
    if (base != SCREEN_PLAY && base != SCREEN_PAUSE && base != SCREEN_DEAD) return "";
    if (web.a->screen == SCREEN_PLAY) app_go(web.a, SCREEN_PAUSE);
    return "match";
}

/// The page, before it reads a file the player opened: `head` holds its first
/// min(size, RP_HEADER_SIZE) bytes and `size` is its size. False, with the reason in a notice
/// and on the console, for a file that is no replay or not of its declared size (a large file
/// is so refused without being read into memory).
EMSCRIPTEN_KEEPALIVE bool arena_web_check_replay(const char *name, const uint8_t *head,
                                                 double size) {
    ae_error err;
    if (rp_replay_check_head(head, (uint64_t)size, &err)) return true;
    char text[sizeof web.a->notice];
    snprintf(text, sizeof text, "cannot open %s: %s", name, err.msg);
    printf("arena: %s\n", text);
    if (web.a) app_notice(web.a, text);
    return false;
}

/// The page and its test: "SCREEN TICK HASH X Y W H READING": the screen's number (app_screen),
/// the match's tick and state hash, where player 1's agent stands (0 0 in a match without one),
/// the size of the picture in pixels, and 1 while the theatre still reads a replay through (its
/// match runs ahead to the end for the timeline, then goes back to where watching starts).
EMSCRIPTEN_KEEPALIVE const char *arena_web_state(void) {
    static char text[128];
    if (!web.a || !shown(web.a)) return "";
    const app *a = web.a;
    const sim_world *w = view_world(&a->view);
    const vec2s p = sim_config_of(w)->humans > 0 ? sim_agents(w)[view_player(&a->view, 0)].pos
                                                 : glms_vec2_zero();
    snprintf(text, sizeof text, "%d %d %016llx %.2f %.2f %.0f %.0f %d", (int)a->screen,
             (int)sim_tick(w), (unsigned long long)sim_hash(w), p.x, p.y, a->view.cam.screen_w,
             a->view.cam.screen_h, a->view.th.reading ? 1 : 0);
    return text;
}

/// The browser test: the last match played (left or ended), as the replay file `path` (its
/// recording, kept in memory for "Watch replay"); false when there is none or it cannot be
/// written.
EMSCRIPTEN_KEEPALIVE bool arena_web_write_last_replay(const char *path) {
    if (!web.a || !web.a->replay) return false;
    FILE *f = fopen(path, "wb");
    if (!f) return false;
    const bool ok = fwrite(web.a->replay, 1, web.a->replay_size, f) == web.a->replay_size;
    return fclose(f) == 0 && ok;
}

/// The browser test finds a menu item as a player sees it: "X Y W H" of the current screen's
/// item labelled (or valued) `label`, in the canvas's CSS pixels; "" when there is none.
EMSCRIPTEN_KEEPALIVE const char *arena_web_item(const char *label) {
    static char text[64];
    static menu m;
    if (!web.a) return "";
    app_screen_menu(web.a, &m);
    int ww, wh;
    SDL_GetWindowSize(web.a->window, &ww, &wh);
    const float sx = (float)ww / web.a->view.cam.screen_w,
                sy = (float)wh / web.a->view.cam.screen_h;
    for (int i = 0; i < m.count; i++)
        if (!strcmp(m.items[i].label, label) || !strcmp(m.items[i].value, label)) {
            const SDL_FRect r = m.items[i].rect;
            snprintf(text, sizeof text, "%.1f %.1f %.1f %.1f", r.x * sx, r.y * sy, r.w * sx,
                     r.h * sy);
            return text;
        }
    return "";
}

bool platform_has_editor(void) {
    return false;
}
