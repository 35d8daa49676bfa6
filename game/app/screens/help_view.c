#include "help_view.h"

#include "menu.h"
#include "overlays.h"

#include <stdio.h>

help_device help_device_of(const input_state *in) {
    if (in->mouse_aims) return HELP_KEYBOARD;
    if (input_has_pad(in, 0)) return HELP_PAD;
    return in->touch_seen ? HELP_TOUCH : HELP_KEYBOARD;
}

static void line(help_line *lines, int *n, int max, const char *what, const char *how) {
    if (*n >= max) return;
    snprintf(lines[*n].what, sizeof lines[*n].what, "%s", what);
    snprintf(lines[*n].how, sizeof lines[*n].how, "%s", how);
    (*n)++;
}

/// A bind's keys or pad buttons as the help reads them ("Space or Left Shift").
static void bound(help_line *lines, int *n, int max, const input_state *in, const char *what,
                  input_bind b, bool pad, const char *extra) {
    char t[64], how[200];
    if (pad)
        input_bind_pad_text(&in->bind, b, t, sizeof t);
    else
        input_bind_keys_text(&in->bind, b, t, sizeof t);
    snprintf(how, sizeof how, "%s%s", t, extra ? extra : "");
    line(lines, n, max, what, how);
}

/// The replay theatre's controls (fixed keys and pad buttons, input.h).
static int theatre_lines(const input_state *in, help_device d, help_line *lines, int max) {
    int n = 0;
    char t[200], u[48];
    switch (d) {
    case HELP_KEYBOARD:
        line(lines, &n, max, "Play / pause", "Space or Enter, or the first button");
        line(lines, &n, max, "Seek anywhere", "click or drag on the timeline");
        line(lines, &n, max, "5 seconds back / on", "Left / Right (held: keeps going)");
        line(lines, &n, max, "One tick back / on", ", and . (comma, period)");
        line(lines, &n, max, "Slower / faster (1/4x - 16x)", "Down / Up, or the - and + buttons");
        line(lines, &n, max, "Previous / next kill", "Page Up / Page Down or [ and ], or << >>");
        line(lines, &n, max, "Start / end", "Home / End");
        input_bind_keys_text(&in->bind, BIND_SPECTATE_NEXT, u, sizeof u);
        snprintf(t, sizeof t, "click on it, or %s for the next one alive", u);
        line(lines, &n, max, "Follow an agent", t);
        line(lines, &n, max, "Free camera", "C, or drag the view; W A S D move it");
        bound(lines, &n, max, in, "Zoom in", BIND_ZOOM_IN, false, ", Ctrl+wheel");
        bound(lines, &n, max, in, "Zoom out", BIND_ZOOM_OUT, false, ", Ctrl+wheel");
        line(lines, &n, max, "Take over the followed agent", "T while paused: play on from here");
        line(lines, &n, max, "Menu", "Esc");
        break;
    case HELP_PAD:
        line(lines, &n, max, "Play / pause", "A");
        line(lines, &n, max, "5 seconds back / on", "d-pad left / right");
        line(lines, &n, max, "Slower / faster", "d-pad down / up");
        line(lines, &n, max, "One tick back / on", "LB / RB");
        line(lines, &n, max, "Previous / next kill", "X / Y");
        bound(lines, &n, max, in, "Follow the next agent", BIND_SPECTATE_NEXT, true, NULL);
        line(lines, &n, max, "Free camera", "L3 (left stick click); the left stick moves it");
        line(lines, &n, max, "Take over the followed agent", "R3 while paused");
        line(lines, &n, max, "Menu", "Start or B");
        break;
    case HELP_TOUCH:
        line(lines, &n, max, "Play / pause, speed, kills", "the buttons left of the timeline");
        line(lines, &n, max, "Seek", "tap the timeline");
        line(lines, &n, max, "Follow an agent", "tap it");
        line(lines, &n, max, "Menu (leave, settings)", "the Menu button left of the timeline");
        break;
    }
    return n;
}

int help_lines(const input_state *in, help_device d, bool theatre, help_line *lines, int max) {
    if (theatre) return theatre_lines(in, d, lines, max);
    int n = 0;
    char t[200], u[48], v[48], x[48];
    switch (d) {
    case HELP_KEYBOARD:
        input_bind_keys_text(&in->bind, BIND_UP, u, sizeof u);
        input_bind_keys_text(&in->bind, BIND_LEFT, v, sizeof v);
        snprintf(t, sizeof t, "%s, %s, ... or drag with the right button", u, v);
        line(lines, &n, max, "Move (up, left, ...)", t);
        line(lines, &n, max, "Aim and fire", "the mouse; hold the left button");
        bound(lines, &n, max, in, "Blink", BIND_BLINK, false, NULL);
        bound(lines, &n, max, in, "Take the weapon underfoot", BIND_SWAP, false, NULL);
        bound(lines, &n, max, in, "Reload", BIND_RELOAD, false, NULL);
        input_bind_keys_text(&in->bind, BIND_SLOT_1, u, sizeof u);
        input_bind_keys_text(&in->bind, BIND_SLOT_3, v, sizeof v);
        input_bind_keys_text(&in->bind, BIND_SLOT_NEXT, x, sizeof x);
        snprintf(t, sizeof t, "%.20s to %.20s (the last: the pistol); %.20s or the wheel cycles", u,
                 v, x);
        line(lines, &n, max, "Weapon slot", t);
        input_bind_keys_text(&in->bind, BIND_BANDAGE, u, sizeof u);
        input_bind_keys_text(&in->bind, BIND_MEDKIT, v, sizeof v);
        input_bind_keys_text(&in->bind, BIND_CELL, x, sizeof x);
        snprintf(t, sizeof t, "%s bandage, %s medkit, %s shield cell", u, v, x);
        line(lines, &n, max, "Use an item", t);
        bound(lines, &n, max, in, "Heal (the best item)", BIND_HEAL, false, NULL);
        input_bind_keys_text(&in->bind, BIND_SKILL_1, u, sizeof u);
        input_bind_keys_text(&in->bind, BIND_SKILL_6, v, sizeof v);
        snprintf(t, sizeof t, "%s to %s, or click it on the level-up panel", u, v);
        line(lines, &n, max, "Learn a skill", t);
        bound(lines, &n, max, in, "Zoom in", BIND_ZOOM_IN, false, ", Ctrl+wheel");
        bound(lines, &n, max, in, "Zoom out", BIND_ZOOM_OUT, false, ", Ctrl+wheel");
        bound(lines, &n, max, in, "Pause, back", BIND_PAUSE, false, " (Esc always)");
        bound(lines, &n, max, in, "Next survivor (spectating)", BIND_SPECTATE_NEXT, false, NULL);
        bound(lines, &n, max, in, "Sound on / off", BIND_MUTE, false, NULL);
        bound(lines, &n, max, in, "Fullscreen", BIND_FULLSCREEN, false, ", Alt+Enter");
        bound(lines, &n, max, in, "Timings", BIND_PERF, false, NULL);
        break;
    case HELP_PAD:
        line(lines, &n, max, "Move", "left stick");
        bound(lines, &n, max, in, "Aim and fire", BIND_FIRE, true, ", or push the right stick");
        bound(lines, &n, max, in, "Blink", BIND_BLINK, true, NULL);
        bound(lines, &n, max, in, "Take the weapon underfoot", BIND_SWAP, true, NULL);
        bound(lines, &n, max, in, "Reload", BIND_RELOAD, true, NULL);
        bound(lines, &n, max, in, "Next weapon", BIND_SLOT_NEXT, true, NULL);
        bound(lines, &n, max, in, "Heal (the best item)", BIND_HEAL, true, NULL);
        input_bind_pad_text(&in->bind, BIND_SKILL_1, u, sizeof u);
        input_bind_pad_text(&in->bind, BIND_SKILL_2, v, sizeof v);
        input_bind_pad_text(&in->bind, BIND_SKILL_6, x, sizeof x);
        snprintf(t, sizeof t, "%s, %s, ... %s (as the panel shows)", u, v, x);
        line(lines, &n, max, "Learn a skill", t);
        bound(lines, &n, max, in, "Pause", BIND_PAUSE, true, " (Start always)");
        line(lines, &n, max, "Menus", "d-pad or left stick, A choose, B back");
        bound(lines, &n, max, in, "Next survivor (spectating)", BIND_SPECTATE_NEXT, true, NULL);
        break;
    case HELP_TOUCH:
        line(lines, &n, max, "Move", "drag anywhere: a stick appears where you touch");
        line(lines, &n, max, "Fire", "automatic at the nearest enemy in sight");
        line(lines, &n, max, "Blink", "the dash button");
        line(lines, &n, max, "Take the weapon underfoot", "the Take button");
        line(lines, &n, max, "Learn a skill", "tap it on the level-up panel");
        line(lines, &n, max, "Pause, leave, settings", "the pause button (top right)");
        line(lines, &n, max, "Menus", "tap an item; a value's left or right half changes it");
        line(lines, &n, max, "Next survivor (spectating)", "tap Next survivor");
        break;
    }
    return n;
}

void help_view_draw(gfx *g, const camera *c, const input_state *in, bool theatre,
                    unsigned overlays_on) {
    static const char *const device_names[] = {"keyboard and mouse", "gamepad", "touch"};
    help_device d = help_device_of(in);
    help_line lines[HELP_MAX_LINES];
    int n = help_lines(in, d, theatre, lines, HELP_MAX_LINES);
    const float row = 24, w = fminf(c->screen_w - 24, 860);
    float h = 100 + row * (float)(n + OVERLAY_COUNT) + 40;
    float x = 0.5f * (c->screen_w - w), y = fmaxf(12.0f, 0.5f * (c->screen_h - h));
    gfx_fill_rect(g, (SDL_FRect){0, 0, c->screen_w, c->screen_h}, (SDL_Color){0, 0, 0, 120});
    gfx_backing(g, (SDL_FRect){x, y, w, h});
    char t[96];
    snprintf(t, sizeof t, "%s - %s", theatre ? "Replay controls" : "Controls", device_names[d]);
    const SDL_Color gold = {255, 214, 80, 255}, white = {235, 238, 245, 255},
                    dim = {170, 180, 200, 255};
    gfx_text(g, x + 24, y + 18, 2.0f, gold, t);
    float ty = y + 60;
    for (int i = 0; i < n; i++, ty += row) {
        gfx_text(g, x + 24, ty, 1.0f, dim, lines[i].what);
        gfx_text(g, x + 24 + 0.4f * w, ty, 1.0f, white, lines[i].how);
    }
    ty += 12;
    gfx_text(g, x + 24, ty, 1.0f, gold, "Debug overlays");
    ty += row;
    for (int k = 0; k < OVERLAY_COUNT; k++, ty += row)
        gfx_text(g, x + 24, ty, 1.0f, overlays_on & 1u << k ? (SDL_Color){120, 255, 120, 255} : dim,
                 overlay_title(k));
    gfx_text_centered(g, x + 0.5f * w, y + h - 26, 1.0f, dim,
                      d == HELP_TOUCH ? "A tap closes this list" : "F1 closes this list");
}
