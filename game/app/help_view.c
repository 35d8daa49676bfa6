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

int help_lines(const input_state *in, help_device d, help_line *lines, int max) {
    (void)in;
    int n = 0;
    switch (d) {
    case HELP_KEYBOARD:
        line(lines, &n, max, "Move", "W A S D or arrows, or drag with the right button");
        line(lines, &n, max, "Aim and fire", "the mouse; hold the left button");
        line(lines, &n, max, "Blink", "Space or Left Shift");
        line(lines, &n, max, "Take the weapon underfoot", "E");
        line(lines, &n, max, "Learn a skill", "1 to 6, or click it on the level-up panel");
        line(lines, &n, max, "Zoom", "the wheel, = and -");
        line(lines, &n, max, "Pause, back", "Esc");
        line(lines, &n, max, "Next survivor (spectating)", "Tab");
        line(lines, &n, max, "Sound on / off", "M");
        line(lines, &n, max, "Fullscreen", "F11 or Alt+Enter");
        line(lines, &n, max, "Timings", "F3");
        break;
    case HELP_PAD:
        line(lines, &n, max, "Move", "left stick");
        line(lines, &n, max, "Aim and fire", "right stick; RB or RT fires ahead");
        line(lines, &n, max, "Blink", "A or LB");
        line(lines, &n, max, "Take the weapon underfoot", "B");
        line(lines, &n, max, "Learn a skill", "d-pad, X, Y (as the panel shows)");
        line(lines, &n, max, "Pause", "Start");
        line(lines, &n, max, "Menus", "d-pad or left stick, A choose, B back");
        line(lines, &n, max, "Next survivor (spectating)", "Back");
        break;
    case HELP_TOUCH:
        line(lines, &n, max, "Move", "drag anywhere: a stick appears where you touch");
        line(lines, &n, max, "Fire", "automatic at the nearest enemy in sight");
        line(lines, &n, max, "Blink", "the dash button");
        line(lines, &n, max, "Take the weapon underfoot", "the Take button");
        line(lines, &n, max, "Learn a skill", "tap it on the level-up panel");
        line(lines, &n, max, "Menus", "tap an item");
        break;
    }
    return n;
}

void help_view_draw(gfx *g, const camera *c, const input_state *in, unsigned overlays_on) {
    static const char *const device_names[] = {"keyboard and mouse", "gamepad", "touch"};
    help_device d = help_device_of(in);
    help_line lines[HELP_MAX_LINES];
    int n = help_lines(in, d, lines, HELP_MAX_LINES);
    const float row = 24, w = fminf(c->screen_w - 24, 860);
    float h = 100 + row * (float)(n + OVERLAY_COUNT) + 40;
    float x = 0.5f * (c->screen_w - w), y = fmaxf(12.0f, 0.5f * (c->screen_h - h));
    gfx_fill_rect(g->renderer, (SDL_FRect){0, 0, c->screen_w, c->screen_h},
                  (SDL_Color){0, 0, 0, 120});
    menu_backing(g, (SDL_FRect){x, y, w, h});
    char t[96];
    snprintf(t, sizeof t, "Controls - %s", device_names[d]);
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
    gfx_text_centered(g, x + 0.5f * w, y + h - 26, 1.0f, dim, "F1 closes this list");
}
