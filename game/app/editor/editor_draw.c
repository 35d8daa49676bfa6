// Drawing the map editor: the map by the game's renderer and its overlays, cell lines, the check's
// markers, what the tool will paint, the panels, the tooltip, Save as's field and F1's list.
#include "editor_internal.h"

#include "sim_state.h"

#include <stdio.h>
#include <string.h>

static const SDL_Color WHITE = {255, 255, 255, 255};
static const SDL_Color GOLD = {255, 214, 80, 255};
static const SDL_Color DIM_TEXT = {170, 180, 195, 255};
static const SDL_Color HEADING = {150, 200, 255, 255};
static const SDL_Color BAD = {255, 110, 90, 255};
static const SDL_Color GOOD = {120, 230, 130, 255};
static const SDL_Color PANEL = {18, 22, 30, 255};

/// Cell (x, y)'s rectangle on screen.
static SDL_FRect cell_rect(const app *a, int x, int y, int w, int h) {
    const float cs = editor_cell_size(a);
    vec2s p = camera_to_screen(&a->ed->cam, (vec2s){{(float)x * cs, (float)y * cs}});
    const float z = cs * a->ed->cam.zoom;
    return (SDL_FRect){p.x, p.y, (float)w * z, (float)h * z};
}

static void outline(app *a, SDL_FRect r, SDL_Color c) {
    SDL_SetRenderDrawColor(a->renderer, c.r, c.g, c.b, c.a);
    gfx_rect_outline(&a->g, &r);
}

static void draw_grid(app *a) {
    const ae_grid *g = ed_grid(a->ed->doc);
    const float px = editor_cell_size(a) * a->ed->cam.zoom;
    if (px < 5.0f) return; // lines closer than that are a grey wash
    int x0, y0, x1, y1;
    editor_cell_at(a, 0, 0, &x0, &y0);
    editor_cell_at(a, a->view.cam.screen_w, a->view.cam.screen_h, &x1, &y1);
    x0 = ae_maxi(x0, 0), y0 = ae_maxi(y0, 0);
    x1 = ae_mini(x1 + 1, g->width), y1 = ae_mini(y1 + 1, g->height);
    SDL_SetRenderDrawColor(a->renderer, 0, 0, 0, 60);
    const SDL_FRect top = cell_rect(a, x0, y0, 0, 0), bottom = cell_rect(a, x1, y1, 0, 0);
    for (int x = x0; x <= x1; x++) {
        const float sx = cell_rect(a, x, 0, 0, 0).x;
        gfx_line(&a->g, sx, top.y, sx, bottom.y);
    }
    for (int y = y0; y <= y1; y++) {
        const float sy = cell_rect(a, 0, y, 0, 0).y;
        gfx_line(&a->g, top.x, sy, bottom.x, sy);
    }
}

/// The check's markers: a ring round each pocket (orange) and narrow passage (yellow).
static void draw_markers(app *a) {
    int n;
    const ed_marker *m = ed_markers(a->ed->doc, &n);
    const float cs = editor_cell_size(a);
    for (int i = 0; i < n; i++) {
        vec2s p = camera_to_screen(
            &a->ed->cam, (vec2s){{((float)m[i].x + 0.5f) * cs, ((float)m[i].y + 0.5f) * cs}});
        const float pulse = 1.0f + 0.12f * SDL_sinf(a->time * 5.0f);
        const SDL_Color c =
            m[i].narrow ? (SDL_Color){255, 230, 60, 230} : (SDL_Color){255, 140, 40, 230};
        gfx_ring(&a->g, p.x, p.y, 16.0f * pulse, 3.0f, c, m[i].narrow);
        // Named when the mouse is near (a map can have dozens: their names would hide it).
        const float dx = p.x - a->ed->mouse_x, dy = p.y - a->ed->mouse_y;
        if (dx * dx + dy * dy > 60.0f * 60.0f) continue;
        const char *what = m[i].narrow ? "narrow" : "pocket";
        gfx_fill_rect(&a->g, (SDL_FRect){p.x + 20, p.y - 9, gfx_text_width(1.0f, what) + 8, 18},
                      (SDL_Color){0, 0, 0, 170});
        gfx_text(&a->g, p.x + 24, p.y - 8, 1.0f, c, what);
    }
}

/// What a click or the drag under way will paint: the brush's footprint under the mouse, the
/// rectangle or the line being dragged.
static void draw_preview(app *a) {
    const app_editor *e = a->ed;
    if (editor_over_panels(a, e->mouse_x, e->mouse_y) && !e->shaping) return;
    if (e->tool == EDITOR_PAN || e->panning || e->naming) return;
    int cx, cy;
    editor_cell_at(a, e->mouse_x, e->mouse_y, &cx, &cy);
    SDL_Color c = editor_kind_color(e->kind);
    c.a = 255;
    const SDL_Color edge = {255, 255, 255, 220};
    if (e->shaping && e->tool == EDITOR_RECT) {
        const int x0 = ae_mini(e->x0, cx), y0 = ae_mini(e->y0, cy);
        const int x1 = ae_maxi(e->x0, cx), y1 = ae_maxi(e->y0, cy);
        SDL_FRect box = cell_rect(a, x0, y0, x1 - x0 + 1, y1 - y0 + 1);
        c.a = 110;
        gfx_fill_rect(&a->g, box, c);
        outline(a, box, edge);
        char t[32];
        snprintf(t, sizeof t, "%d x %d", x1 - x0 + 1, y1 - y0 + 1);
        gfx_text(&a->g, box.x + box.w + 6, box.y + box.h + 2, 1.0f, WHITE, t);
        return;
    }
    if (e->shaping && e->tool == EDITOR_LINE) {
        const SDL_FRect p0 = cell_rect(a, e->x0, e->y0, 1, 1), p1 = cell_rect(a, cx, cy, 1, 1);
        SDL_SetRenderDrawColor(a->renderer, c.r, c.g, c.b, 255);
        gfx_line(&a->g, p0.x + p0.w * 0.5f, p0.y + p0.h * 0.5f, p1.x + p1.w * 0.5f,
                 p1.y + p1.h * 0.5f);
        const float rad = fmaxf(3.0f, (float)e->brush * 0.5f * p0.w);
        gfx_ring(&a->g, p0.x + p0.w * 0.5f, p0.y + p0.h * 0.5f, rad, 2.0f, edge, false);
        gfx_ring(&a->g, p1.x + p1.w * 0.5f, p1.y + p1.h * 0.5f, rad, 2.0f, edge, false);
        return;
    }
    if (e->tool == EDITOR_BRUSH || e->tool == EDITOR_RECT || e->tool == EDITOR_LINE) {
        const SDL_FRect cell = cell_rect(a, cx, cy, 1, 1);
        if (e->brush <= 1) {
            outline(a, cell, edge);
        } else {
            gfx_ring(&a->g, cell.x + cell.w * 0.5f, cell.y + cell.h * 0.5f,
                     (float)e->brush * 0.5f * cell.w, 2.0f, edge, false);
        }
        return;
    }
    outline(a, cell_rect(a, cx, cy, 1, 1), edge); // fill, eyedropper: the cell clicked
}

static void heading(app *a, float y, const char *text) {
    gfx_text(&a->g, 10, y, 1.0f, HEADING, text);
}

static void draw_button(app *a, const editor_button *b, bool hover) {
    SDL_Color back = b->on                 ? (SDL_Color){255, 214, 80, 235}
                     : hover && b->enabled ? (SDL_Color){70, 84, 110, 240}
                                           : (SDL_Color){40, 48, 64, 240};
    gfx_fill_rect(&a->g, b->rect, back);
    SDL_Color text = b->on        ? (SDL_Color){20, 20, 24, 255}
                     : b->enabled ? WHITE
                                  : (SDL_Color){110, 115, 125, 255};
    float tx = b->rect.x + 8;
    if (b->act == EACT_KIND) { // the kind's colour as a swatch
        SDL_FRect sw = {b->rect.x + 5, b->rect.y + 4, b->rect.h - 8, b->rect.h - 8};
        gfx_fill_rect(&a->g, sw, editor_kind_color(b->arg));
        outline(a, sw, (SDL_Color){0, 0, 0, 200});
        tx = sw.x + sw.w + 8;
    }
    if (b->act == EACT_BOTS || b->act == EACT_PLAY || b->act == EACT_DIFFICULTY ||
        b->rect.y < EDITOR_BAR_H) {
        gfx_text_centered(&a->g, b->rect.x + b->rect.w * 0.5f, b->rect.y + (b->rect.h - 16) * 0.5f,
                          1.0f, text, b->label);
    } else {
        gfx_text(&a->g, tx, b->rect.y + (b->rect.h - 16) * 0.5f, 1.0f, text, b->label);
        const float room = b->rect.w - 22 - gfx_text_width(1.0f, b->label);
        if (b->key[0] && gfx_text_width(1.0f, b->key) <= room) // the key at the right, if it fits
            gfx_text(&a->g, b->rect.x + b->rect.w - gfx_text_width(1.0f, b->key) - 6,
                     b->rect.y + (b->rect.h - 16) * 0.5f, 1.0f,
                     b->on ? (SDL_Color){60, 50, 20, 255} : DIM_TEXT, b->key);
    }
}

static void draw_tooltip(app *a, const editor_button *b) {
    char t[200];
    snprintf(t, sizeof t, "%s%s%s%s", b->tip, b->key[0] ? " (" : "", b->key, b->key[0] ? ")" : "");
    const float w = gfx_text_width(1.0f, t) + 16;
    float x = b->rect.x + b->rect.w + 8, y = b->rect.y;
    if (b->rect.y < EDITOR_BAR_H) { // the bar's: under it, kept on screen
        x = fminf(b->rect.x, a->view.cam.screen_w - w - 4);
        y = EDITOR_BAR_H + 4;
    }
    SDL_FRect r = {x, y, w, 24};
    gfx_fill_rect(&a->g, r, (SDL_Color){250, 246, 220, 245});
    outline(a, r, (SDL_Color){40, 40, 40, 255});
    gfx_text(&a->g, x + 8, y + 4, 1.0f, (SDL_Color){20, 20, 24, 255}, t);
}

static void draw_panels(app *a) {
    const app_editor *e = a->ed;
    const float sw = a->view.cam.screen_w, sh = a->view.cam.screen_h;
    gfx_fill_rect(&a->g, (SDL_FRect){0, 0, sw, EDITOR_BAR_H}, PANEL);
    gfx_fill_rect(&a->g, (SDL_FRect){0, EDITOR_BAR_H, EDITOR_PANEL_W, sh - EDITOR_BAR_H}, PANEL);
    // The bar: the map's name (a * while unsaved), its size and the cell under the mouse.
    const ae_grid *g = ed_grid(e->doc);
    const char *path = ed_path(e->doc), *slash = strrchr(path, '/');
    char t[PATH_MAX + 80];
    snprintf(t, sizeof t, "%s%s  %dx%d", ed_dirty(e->doc) ? "*" : "",
             path[0] ? (slash ? slash + 1 : path) : e->untitled, g->width, g->height);
    float x = 10 + gfx_text(&a->g, 10, 9, 1.0f, ed_dirty(e->doc) ? GOLD : WHITE, t);
    int cx, cy;
    editor_cell_at(a, e->mouse_x, e->mouse_y, &cx, &cy);
    if (!editor_over_panels(a, e->mouse_x, e->mouse_y) && ae_grid_in_bounds(g, cx, cy)) {
        snprintf(t, sizeof t, "   cell %d, %d: %s", cx, cy, ed_kind_name(ed_cell(e->doc, cx, cy)));
        gfx_text(&a->g, x, 9, 1.0f, DIM_TEXT, t);
    }

    editor_button b[EDITOR_BUTTONS_MAX];
    const int n = editor_buttons(a, b);
    heading(a, EDITOR_BAR_H + 8, "TOOLS");
    for (int i = 0; i < n; i++) {
        if (b[i].act == EACT_KIND && b[i].arg == 0) heading(a, b[i].rect.y - 22, "PAINT");
        if (b[i].act == EACT_BRUSH && b[i].arg < 0) {
            snprintf(t, sizeof t, "BRUSH  %d %s", e->brush, e->brush == 1 ? "cell" : "cells");
            heading(a, b[i].rect.y - 22, t);
        }
        if (b[i].act == EACT_BOTS && b[i].arg < 0) {
            heading(a, b[i].rect.y - 22, "PLAY IT");
            snprintf(t, sizeof t, "%d bot%s", a->bots, a->bots == 1 ? "" : "s");
            gfx_text_centered(&a->g, EDITOR_PANEL_W * 0.5f, b[i].rect.y + 6, 1.0f, WHITE, t);
        }
        draw_button(a, &b[i], i == e->hover);
    }
    if (e->hover >= 0 && e->hover < n && e->hover_time > 0.45f && !a->overlays.help)
        draw_tooltip(a, &b[e->hover]);
    // Under the bar: the last save's line (or why a stroke or save failed) for a while.
    if (e->status[0] && e->status_age < 6.0f) {
        const float w = gfx_text_width(1.0f, e->status) + 16;
        SDL_FRect r = {EDITOR_PANEL_W + 8, EDITOR_BAR_H + 6, w, 24};
        gfx_fill_rect(&a->g, r, (SDL_Color){0, 0, 0, 190});
        gfx_text(&a->g, r.x + 8, r.y + 4, 1.0f, e->status_bad ? BAD : GOOD, e->status);
    }
}

static void draw_naming(app *a) {
    const float sw = a->view.cam.screen_w, sh = a->view.cam.screen_h;
    gfx_fill_rect(&a->g, (SDL_FRect){0, 0, sw, sh}, (SDL_Color){0, 0, 0, 150});
    const float w = fminf(sw - 40, 860);
    SDL_FRect r = {(sw - w) * 0.5f, sh * 0.35f, w, 120};
    gfx_backing(&a->g, r);
    gfx_text(&a->g, r.x + 16, r.y + 12, 1.0f, HEADING, "SAVE MAP AS (a .png file)");
    SDL_FRect field = {r.x + 16, r.y + 40, w - 32, 30};
    gfx_fill_rect(&a->g, field, (SDL_Color){10, 12, 16, 255});
    outline(a, field, GOLD);
    // The name's end shows when it is longer than the field (where the file name is typed).
    const char *name = a->ed->name;
    const size_t fit = (size_t)((field.w - 24) / 8.0f), len = strlen(name);
    char t[PATH_MAX + 8];
    snprintf(t, sizeof t, "%s%s%s", len > fit ? "..." : "", len > fit ? name + len - fit + 3 : name,
             SDL_fmodf(a->time, 1.0f) < 0.5f ? "_" : "");
    gfx_text(&a->g, field.x + 8, field.y + 7, 1.0f, WHITE, t);
    gfx_text(&a->g, r.x + 16, r.y + 86, 1.0f, DIM_TEXT, "Enter: save   Esc: cancel");
}

void app_editor_draw(app *a) {
    app_editor *e = a->ed;
    const sim_world *w = ed_world(e->doc);
    world_renderer_draw(&e->wr, &e->cam, w, 1.0f, a->time, &a->view.fx);
    overlays_draw(&a->overlays, &a->g, &e->cam, w, e->mouse_x, e->mouse_y);
    if (e->grid) draw_grid(a);
    draw_markers(a);
    draw_preview(a);
    draw_panels(a);
    editor_draw_check(a);
    if (e->naming) draw_naming(a);
    if (a->overlays.help) editor_draw_help(a);
}
