// Match set-up, fixed ticks and drawing shared by the window and the screenshot mode.
#include "app.h"

#include "asset_dir.h"
#include "audio.h"
#include "help_view.h"
#include "platform.h"
#include "replay_save.h"
#include "arena/ae_quote.h"
#include "sim_state.h"
#include "theatre_view.h"
#include "tool_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

bool app_open(app *a, const arena_options *o, SDL_Renderer *r, float w, float h, char *err,
              size_t n) {
    a->opts = *o;
    a->humans = o->humans;
    a->bots = o->bots >= 0 ? o->bots : 29;
    a->difficulty = o->difficulty;
    a->renderer = r;
    a->overlays.on = o->overlays;
    input_init(&a->in);
    hud_init(&a->hud);
    onboarding_start(&a->guide, true); // the windowed game starts it from the settings
    settings_defaults(&a->set);
    a->capture_bind = -1;
    a->editing = -1;
    a->editor_size = 2; // the map editor's new map: 128 x 128
    a->hud.namer = app_agent_name;
    a->hud.namer_ctx = a;
    camera_init(&a->view.cam, glms_vec2_zero(), w, h);
    a->view.pinned = o->follow;
    a->view.theatre_first = -1;
    char *sprites = tool_join(app_asset_dir(), "sprites");
    if (!sprites) {
        snprintf(err, n, "out of memory");
        return false;
    }
    bool ok = gfx_load(&a->g, r, sprites, err, n);
    free(sprites);
    return ok;
}

void app_close(app *a) {
    app_editor_close(a);
    free(a->ed);
    a->ed = NULL;
    app_lobby_drop(a);
    view_net_close(&a->view);
    view_killcam_drop(&a->view); // the live match shown again
    theatre_close(&a->view.th);
    hot_reload_free(&a->reload);
    ae_free(a->replay, a->replay_size);
    a->replay = NULL;
    if (a->view.live) session_destroy(a->view.live);
    a->view.live = a->view.shown = NULL;
    world_renderer_free(&a->view.wr);
    hud_free(&a->hud);
    gfx_free(&a->g);
}

bool app_start_match(app *a, bool attract, char *err, size_t errlen) {
    char shipped[ARENA_SHIPPED_MAP_PATH];
    const char *path = arena_resolve_map(
        attract || a->opts.map == NULL ? app_maps[a->map] : a->opts.map, shipped, sizeof shipped);
    session_def def = {0};
    def.map_path = path;
    if (!attract && a->ed && a->ed->playing) { // Play now: the editor's map as it is
        def.map_path = NULL;
        def.map = ed_grid(a->ed->doc);
    }
    def.config = sim_default_config();
    // A given seed (and every screenshot) is reproducible; otherwise each match differs.
    def.config.seed = a->opts.seed_set || attract ? a->opts.seed : tool_now_ns();
    def.config.humans = attract ? 0 : a->humans;
    // A match needs someone to fight: a lone player gets at least one bot (a match of one
    // would end as it starts, an instant "win").
    def.config.bots = attract ? 24 : (a->humans + a->bots < 2 ? 2 - a->humans : a->bots);
    def.config.bot_difficulty = attract ? -1 : a->difficulty;
    def.pilot = attract ? SIM_PILOT_NONE : a->opts.pilot;
    // Every match a player plays records itself in memory for the results' "Watch replay" and
    // "Save replay"; --record FILE gets the first one too (later ones only when the player saves).
    const bool watch = !attract && a->watching && a->replay;
    const char *replay = attract || watch ? NULL : a->opts.replay;
    def.replay_path = replay;
    def.replay_data = watch ? a->replay : NULL;
    def.replay_size = watch ? a->replay_size : 0;
    def.record = !attract && !replay && !watch;
    def.record_path = def.record ? a->opts.record : NULL;
    def.keyframe_interval = SESSION_THEATRE_KEYFRAMES; // used by replays only
    ae_error e;
    session *s = session_create(&def, &e);
    if (!s) {
        snprintf(err, errlen, "%s: %s",
                 watch     ? "the last match's replay"
                 : def.map ? "the map edited"
                           : AE_QUOTED(replay ? replay : path),
                 e.msg);
        return false;
    }
    if (!watch) a->watching = false;
    view_net_close(&a->view);    // an online match left (or joining given up) for this one
    view_killcam_drop(&a->view); // the live match is the one that ends
    hot_reload_free(&a->reload); // a map still loading belongs to the old match
    if (a->view.live) {
        app_finish_recording(a, &e); // a match left early keeps its recording (and --record)
        session_destroy(a->view.live);
    }
    a->view.live = a->view.shown = s;
    a->recording = def.record;
    // The person's own match goes into the record as it ends (not one a --pilot plays).
    a->record_pending = def.record && a->opts.pilot == SIM_PILOT_NONE;
    if (def.record) a->record_replay = false; // a->replay will be this match's
    a->recording_to_file = def.record_path != NULL;
    sim_world *w = session_world(s);
    world_renderer_init(&a->view.wr, &a->g);
    hud_build_minimap(&a->hud, a->renderer, w);
    hot_reload_init(&a->reload, s, hot_reload_now());
    theatre_close(&a->view.th);
    if (session_replaying(s)) {
        const char *shown = replay ? replay : "your last match";
        const char *slash = strrchr(shown, '/');
        const char *base = slash ? slash + 1 : shown;
        const size_t n = strlen(base), room = sizeof a->view.replay_name - 1;
        // A long name keeps its end (the dated part), behind "...".
        snprintf(a->view.replay_name, sizeof a->view.replay_name, "%s%s", n > room ? "..." : "",
                 n > room ? base + n - (room - 3) : base);
        view_theatre_open(&a->view, a->opts.start_tick >= 0 ? (uint32_t)a->opts.start_tick : 0);
    }
    fx_clear(&a->view.fx);
    a->view.accumulator = 0;
    a->view.alpha = 1.0f;
    a->view.spectate = -1; // none chosen yet: the killer once player 1 is out
    int focus = view_focus(&a->view);
    camera_reset_zoom(&a->view.cam);
    camera_jump(&a->view.cam, sim_agents(w)[focus].pos, view_map_size(w));
    return true;
}

/// Sounds for this tick's events, panned by screen position and quieter far from the view.
static void play_sounds(const app *a, const sim_world *w) {
    if (!audio_available() || app_on_title(a)) return;
    if (a->view.th.active && theatre_speeds[a->view.th.speed] > 2.0f) return; // a blur of sounds
    int focus = view_focus(&a->view);
    for (int i = 0; i < sim_event_count(w); i++) {
        const sim_event *e = &sim_events(w)[i];
        vec2s s = camera_to_screen(&a->view.cam, e->pos);
        float pan = ae_clampf((s.x / a->view.cam.screen_w) * 2.0f - 1.0f, -1.0f, 1.0f);
        float dist = glms_vec2_distance(e->pos, a->view.cam.center);
        float gain = ae_clampf(1.2f - dist / 900.0f, 0.0f, 1.0f);
        bool mine = e->a == focus || e->b == focus;
        switch (e->kind) {
        case SIM_EVENT_SHOT: {
            static const audio_sfx shots[SIM_WEAPON_COUNT] = {AUDIO_SFX_SHOT, AUDIO_SFX_SHOTGUN,
                                                              AUDIO_SFX_RIFLE, AUDIO_SFX_SMG,
                                                              AUDIO_SFX_GRENADE};
            audio_sfx sfx = e->b >= 0 && e->b < SIM_WEAPON_COUNT ? shots[e->b] : AUDIO_SFX_SHOT;
            audio_play(sfx, (mine ? 0.6f : 0.35f) * gain, pan);
            break;
        }
        case SIM_EVENT_PROP_HIT:
            audio_play(AUDIO_SFX_KNOCK, (e->a == focus ? 0.6f : 0.35f) * gain, pan);
            break;
        case SIM_EVENT_PROP_BREAK:
            audio_play(AUDIO_SFX_CRUNCH, (e->a == focus ? 0.9f : 0.6f) * gain, pan);
            break;
        case SIM_EVENT_BLAST:
            audio_play(AUDIO_SFX_EXPLOSION, 1.0f * gain, pan);
            break;
        case SIM_EVENT_BLINK:
            audio_play(AUDIO_SFX_BLINK, (e->a == focus ? 0.8f : 0.45f) * gain, pan);
            break;
        case SIM_EVENT_LOOT:
            if (e->a == focus) audio_play(AUDIO_SFX_LOOT, 0.7f, pan);
            break;
        case SIM_EVENT_DOOR:
            if (e->value > 0.0f) audio_play(AUDIO_SFX_DOOR, 0.5f * gain, pan);
            break;
        case SIM_EVENT_HIT:
            audio_play(AUDIO_SFX_HIT, (mine ? 1.0f : 0.6f) * gain, pan);
            break;
        case SIM_EVENT_KILL:
            audio_play(AUDIO_SFX_DEATH, (mine ? 1.0f : 0.7f) * gain, pan);
            break;
        case SIM_EVENT_PICKUP:
            if (mine) audio_play(AUDIO_SFX_GEM, 0.7f, pan);
            break;
        case SIM_EVENT_LEVEL_UP:
            if (mine) audio_play(AUDIO_SFX_LEVEL_UP, 0.9f, 0.0f);
            break;
        case SIM_EVENT_ZONE:
            audio_play(AUDIO_SFX_ZONE_WARNING, 0.8f, 0.0f);
            break;
        default:
            break;
        }
    }
}

/// Player h's input from the mapper, aimed from where its agent is drawn.
static void player_input(app *a, const sim_world *w, int h, sim_input *in) {
    vec2s p = camera_to_screen(
        &a->view.cam, agent_draw_pos(&sim_agents(w)[view_player(&a->view, h)], a->view.alpha));
    input_frame(&a->in, h, p.x, p.y - INPUT_AIM_HEIGHT * a->view.cam.zoom, in);
    // The wheel's and the next-weapon key's cycles and the heal key, against the agent's loadout.
    int cycle;
    bool heal;
    input_take_loadout(&a->in, h, &cycle, &heal);
    const sim_agent *me = &sim_agents(w)[view_player(&a->view, h)];
    if (cycle != 0 && in->slot == 0) in->slot = (uint8_t)(1 + sim_agent_next_slot(me, cycle));
    const int best = heal && in->use == 0 ? sim_agent_best_item(w, me) : -1;
    if (best >= 0) in->use = (uint8_t)(1 + best);
    // What the player can see, in world units: bots fire at them only from inside it.
    const camera *c = &a->view.cam;
    sim_input_set_view(in, 0.5f * c->screen_w / c->zoom, 0.5f * c->screen_h / c->zoom);
}

/// One tick of the online client: the player's input (none behind a menu: the match goes on
/// without the player), the prediction, and this tick's events for the effects and sounds.
static void app_net_tick(app *a) {
    sim_world *w = view_world(&a->view);
    sim_input in = {0};
    const bool playing = view_online(&a->view) && a->screen == SCREEN_PLAY &&
                         net_client_get_state(a->view.net) == NET_CLIENT_PLAYING;
    if (playing) player_input(a, w, 0, &in);
    if (!net_client_tick(a->view.net, playing ? &in : NULL) || !view_online(&a->view)) return;
    a->in.swap_offered = playing && hud_swap_offer(w, view_player(&a->view, 0)) >= 0;
    fx_absorb(&a->view.fx, w);
    play_sounds(a, w);
    if (playing) // the idle hints follow the player as offline (the guide is offline's)
        hud_update_hints(&a->hud, 1.0f / SIM_TICK_HZ, w, view_player(&a->view, 0), true,
                         in.move_x || in.move_y, in.aim_x || in.aim_y, in.skill_pick != 0);
}

void app_tick(app *a) {
    if (a->view.net) {
        app_net_tick(a);
        return;
    }
    sim_world *w = session_world(a->view.shown);
    sim_input inputs[SIM_MAX_HUMANS] = {{0}};
    bool moved = false, aimed = false, picked = false;
    for (int h = 0; h < sim_config_of(w)->humans && h < INPUT_MAX_PLAYERS; h++) {
        player_input(a, w, h, &inputs[h]);
        if (h == 0) {
            moved = inputs[0].move_x || inputs[0].move_y;
            aimed = inputs[0].aim_x || inputs[0].aim_y;
            picked = inputs[0].skill_pick != 0;
        }
    }
    float phase_us[SIM_PHASE_COUNT] = {0};
    const int before = sim_tick(w);
    const int shots_before =
        sim_config_of(w)->humans > 0 ? sim_agents(w)[view_player(&a->view, 0)].stats.shots : 0;
    session_step_timed(a->view.shown, inputs, tool_now_ns, phase_us);
    // A finished session no longer steps and keeps its last tick's events: take them once.
    if (sim_tick(w) == before) return;
    // The touch "Take" button shows while a weapon to swap for lies under player 1.
    a->in.swap_offered =
        sim_config_of(w)->humans > 0 && hud_swap_offer(w, view_player(&a->view, 0)) >= 0;
    float total = 0;
    for (int p = 0; p < SIM_PHASE_COUNT; p++) {
        total += phase_us[p];
        a->timings.phase_us[p] += (phase_us[p] - a->timings.phase_us[p]) * 0.1f;
    }
    a->timings.sim_ms += (total * 1e-3f - a->timings.sim_ms) * 0.1f;
    overlays_record(&a->overlays, phase_us);
    fx_absorb(&a->view.fx, w);
    play_sounds(a, w);
    if (sim_config_of(w)->humans > 0) {
        const sim_agent *me = &sim_agents(w)[view_player(&a->view, 0)];
        // The guide and the idle hints follow player 1 only when a person drives it live.
        const bool playing = a->screen == SCREEN_PLAY && me->placement == 0 &&
                             a->opts.pilot == SIM_PILOT_NONE && !session_replaying(a->view.shown);
        if (a->set.onboarding_done || a->guide_finished)
            a->hud.move_hint.retired = true; // the guide taught it
        hud_update_hints(&a->hud, 1.0f / SIM_TICK_HZ, w, view_player(&a->view, 0), playing, moved,
                         aimed, picked);
        onboarding_facts f = {.playing = playing,
                              .moved = moved,
                              .fired = me->stats.shots > shots_before,
                              .level_pending = me->pending_picks > 0,
                              .picked = picked};
        // Remembered as done by the tick driver, once the frame's ticks are over.
        if (onboarding_update(&a->guide, 1.0f / SIM_TICK_HZ, &f)) a->guide_finished = true;
    }
}

view_event app_run_ticks(app *a, float dt) {
    const int due = view_ticks_due(&a->view, dt, app_world_runs(a));
    for (int i = 0; i < due; i++) app_tick(a);
    const view_event ev = view_ticks_done(&a->view, a->frame_dt);
    if (a->guide_finished) { // the guide ran to its end: it does not run again
        a->guide_finished = false;
        a->set.onboarding_done = true;
        app_settings_changed(a);
    }
    return ev;
}

void app_update_fx(app *a, float dt) {
    fx_update(&a->view.fx, dt);
    const sim_world *w = view_world(&a->view);
    float share = 1.0f; // nobody's health watched: no heartbeat
    if (a->screen == SCREEN_PLAY || a->screen == SCREEN_PAUSE) {
        const sim_agent *me =
            view_players(&a->view) > 0 ? &sim_agents(w)[view_player(&a->view, 0)] : NULL;
        if (me && me->placement == 0 && me->max_hp > 0.0f) share = me->hp / me->max_hp;
    }
    if (fx_heartbeat(&a->view.fx, dt, share) && a->screen == SCREEN_PLAY && audio_available())
        audio_play(AUDIO_SFX_HEARTBEAT, 0.6f, 0.0f);
}

bool app_crosshair_shown(const app *a) {
    const sim_world *w = view_world(&a->view);
    // Not when the humans are driven for us (autopilot, a replay), nor for a pad or touch.
    return a->screen == SCREEN_PLAY && view_players(&a->view) > 0 &&
           sim_agents(w)[view_player(&a->view, 0)].placement == 0 &&
           a->opts.pilot == SIM_PILOT_NONE && !view_replaying(&a->view) && a->in.mouse_aims;
}

bool app_finish_recording(app *a, ae_error *err) {
    if (!a->recording) return true;
    const bool to_file = a->recording_to_file;
    a->recording = a->recording_to_file = false;
    uint8_t *data;
    size_t size;
    ae_error e;
    ae_free(a->replay, a->replay_size); // the new match replaces the old one's replay
    a->replay = NULL;
    a->replay_size = 0;
    a->replay_saved = false;
    a->replay_note[0] = 0;
    if (session_recording_bytes(a->view.live, &data, &size, &e)) {
        a->replay = data;
        a->replay_size = size;
        const char *map = session_map_name(a->view.live); // a replay taken over: the recorded name
        snprintf(a->replay_map, sizeof a->replay_map, "%s",
                 strrchr(map, '/') ? strrchr(map, '/') + 1 : map);
        a->replay_time = (int64_t)time(NULL);
    } else {
        char t[sizeof a->notice];
        snprintf(t, sizeof t, "cannot keep the replay: %s", e.msg);
        app_notice(a, t);
    }
    // Ends the recording (its writer's memory goes) and writes --record FILE for that match.
    bool written = session_finish(a->view.live, err);
    if (!to_file) return true;
    if (written) {
        a->opts.record = NULL; // --record names the first match's file only
    } else {
        char t[sizeof a->notice];
        snprintf(t, sizeof t, "cannot write the replay: %s", err->msg);
        app_notice(a, t);
    }
    return written;
}

void app_save_replay(app *a) {
    if (!a->replay || a->replay_saved) return;
    char dir[PATH_MAX], path[PATH_MAX];
    ae_error err;
    bool ok = false;
    SDL_ClearError(); // what follows is about the preference folder only
    if (!app_pref_file("", dir, sizeof dir))
        ae_error_set(&err, "no per-user folder to save in%s%s", SDL_GetError()[0] ? ": " : "",
                     SDL_GetError());
    else
        ok = replay_save(a->replay, a->replay_size, dir, (time_t)a->replay_time, a->replay_map,
                         path, sizeof path, &err);
    if (ok) {
        platform_persist();
        platform_offer_file(path);
        app_record_replay_saved(a, path);
    }
    a->replay_saved = ok;
    a->replay_note_bad = !ok;
    snprintf(a->replay_note, sizeof a->replay_note, ok ? "Saved to %s" : "Replay not saved: %s",
             ok ? path : err.msg);
}

void app_notice(app *a, const char *text) {
    snprintf(a->notice, sizeof a->notice, "%s", text);
    a->notice_age = 0;
}

void app_draw(app *a) {
    gfx_tinted_next_frame(a->g.tinted);
    if (app_base_screen(a) == SCREEN_EDITOR && a->ed && a->ed->doc) {
        app_editor_draw(a); // its map, panels and F1 list; then a question over it
        app_draw_screen_overlay(a);
        if (a->notice[0]) hud_draw_notice(&a->g, &a->view.cam, a->notice, a->notice_age, false);
        return;
    }
    const sim_world *w = view_world(&a->view);
    int focus = view_focus(&a->view);
    // The shake moves only the picture: a->view.cam, which the aim is computed with, stays put.
    camera view = a->view.cam;
    view.center = glms_vec2_sub(view.center,
                                glms_vec2_scale(fx_shake(&a->view.fx, a->time), 1.0f / view.zoom));
    world_renderer_draw(&a->view.wr, &view, w, a->view.alpha, a->time, &a->view.fx);
    // The touch buttons take taps while they are drawn (on other screens a tap is a menu's).
    a->in.playing = a->screen == SCREEN_PLAY && view_players(&a->view) > 0 &&
                    sim_agents(w)[view_player(&a->view, 0)].placement == 0;
    overlays_draw(&a->overlays, &a->g, &view, w, a->in.mouse_x, a->in.mouse_y);
    const app_screen under = app_base_screen(a);
    if (!app_on_title(a) && under != SCREEN_RESULTS) { // the scoreboard replaces the HUD
        screen_fx_draw_edge(&a->g, &a->view.cam, &a->view.fx);
        a->hud.muted = audio_muted();
        a->hud.keys = &a->set.bindings;
        a->hud.guided = onboarding_active(&a->guide) && !a->view.net; // the guide is offline's
        a->hud.players = view_players(&a->view);
        a->hud.net = view_online(&a->view) ? net_client_get_stats(a->view.net) : NULL;
        a->hud.touch = help_device_of(&a->in) == HELP_TOUCH;
        // The idle hints are the match's: never over a menu (no tick clears them while paused).
        if (a->screen != SCREEN_PLAY) a->hud.show_move_hint = a->hud.show_pick_hint = false;
        a->hud.no_audio = a->window && !audio_available(); // offscreen pictures have no sound
        // The minimap follows the map however it changed: a recorded swap played or sought across.
        if (a->hud.minimap_map != sim_map_hash(w)) hud_build_minimap(&a->hud, a->renderer, w);
        camera hud_view = a->view.cam; // the theatre's panel takes the bottom of the screen
        if (under == SCREEN_THEATRE) hud_view.screen_h -= theatre_view_height();
        hud_draw(&a->hud, &a->g, &hud_view, w, focus, &a->view.fx, input_has_pad(&a->in, 0),
                 &a->timings, a->frame_dt);
        // The virtual joystick, drawn where the drag began.
        if (a->in.vstick_active && a->screen == SCREEN_PLAY) {
            SDL_Rect base = {ART_UI_STICK_BASE_X, 0, ART_UI_STICK_BASE, ART_UI_STICK_BASE};
            SDL_Rect knob = {ART_UI_STICK_KNOB_X, 0, ART_UI_STICK_KNOB, ART_UI_STICK_KNOB};
            float dx = a->in.vstick_x - a->in.vstick_x0, dy = a->in.vstick_y - a->in.vstick_y0;
            float len = SDL_sqrtf(dx * dx + dy * dy);
            if (len > INPUT_VSTICK_RADIUS) {
                dx *= INPUT_VSTICK_RADIUS / len;
                dy *= INPUT_VSTICK_RADIUS / len;
            }
            gfx_alpha_mod(&a->g, a->g.ui, 200);
            gfx_color_mod(&a->g, a->g.ui, 255, 255, 255);
            gfx_copy(&a->g, a->g.ui, &base,
                     &(SDL_FRect){a->in.vstick_x0 - 64, a->in.vstick_y0 - 64, 128, 128});
            gfx_copy(&a->g, a->g.ui, &knob,
                     &(SDL_FRect){a->in.vstick_x0 + dx - 32, a->in.vstick_y0 + dy - 32, 64, 64});
            gfx_alpha_mod(&a->g, a->g.ui, 255);
        }
        if (a->in.playing) {
            hud_draw_action_bar(&a->g, &a->view.cam, w, view_player(&a->view, 0), a->view.alpha);
            hud_draw_swap_prompt(&a->g, &a->view.cam, w, view_player(&a->view, 0), a->view.alpha,
                                 input_has_pad(&a->in, 0), a->in.touch_seen, &a->set.bindings);
            hud_draw_touch_buttons(&a->g, &a->in, w, view_player(&a->view, 0));
        }
        const char *prompt =
            a->screen == SCREEN_PLAY && !a->view.net
                ? onboarding_prompt(&a->guide, input_has_pad(&a->in, 0) && !a->in.mouse_aims,
                                    a->in.touch_seen && !a->in.mouse_aims)
                : NULL;
        if (prompt) // above the level-up panel while a pick waits
            hud_draw_guide(&a->g, &a->view.cam, prompt, (int)a->guide.step + 1, ONBOARD_DONE,
                           a->hud.touch, sim_agents(w)[view_player(&a->view, 0)].pending_picks > 0);
        if (app_crosshair_shown(a))
            screen_fx_draw_crosshair(&a->g, &a->view.cam, &a->view.fx, w, view_player(&a->view, 0),
                                     a->in.mouse_x, a->in.mouse_y);
    }
    app_draw_screen_overlay(a);
    if (a->notice[0])
        hud_draw_notice(&a->g, &a->view.cam, a->notice, a->notice_age,
                        !app_on_title(a) && under != SCREEN_RESULTS);
    if (a->overlays.help)
        help_view_draw(&a->g, &a->view.cam, &a->in, a->view.th.active, a->overlays.on); // above all
}
