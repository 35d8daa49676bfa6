// The map check's panel on the right of the editor (arena-map check's verdict on the map as it
// is now, with its markers listed), and F1's list of the editor's keys.
#include "editor_internal.h"

#include "help_view.h"
#include "tool_util.h"

#include <stdio.h>

static const SDL_Color WHITE = {255, 255, 255, 255};
static const SDL_Color DIM_TEXT = {170, 180, 195, 255};
static const SDL_Color HEADING = {150, 200, 255, 255};
static const SDL_Color BAD = {255, 110, 90, 255};
static const SDL_Color GOOD = {120, 230, 130, 255};

/// Markers listed in the panel (the rest are drawn on the map only).
#define LISTED 8
/// Seconds between checks while a stroke is being painted (on a large map a check takes a while).
#define CHECK_WHILE_PAINTING 0.3f

/// Where the panel's marker rows start, and their height.
#define MARKERS_TOP (EDITOR_BAR_H + 330.0f)
#define ROW_H       20.0f

int editor_marker_at(const app *a, float x, float y) {
    int n;
    ed_markers(a->ed->doc, &n);
    if (x < a->view.cam.screen_w - EDITOR_CHECK_W) return -1;
    const int row = (int)SDL_floorf((y - MARKERS_TOP) / ROW_H);
    return y >= MARKERS_TOP && row < n && row < LISTED ? row : -1;
}

/// Keeps the check up to date with the map: at once, but while a stroke is painted at most
/// every CHECK_WHILE_PAINTING seconds.
static const ae_map_check *checked(app *a) {
    app_editor *e = a->ed;
    e->check_age += a->frame_dt;
    if (e->check && e->check_revision == ed_revision(e->doc)) return e->check;
    if (e->check && e->painting && e->check_age < CHECK_WHILE_PAINTING) return e->check;
    ae_error err;
    const uint64_t t0 = tool_now_ns();
    const ae_map_check *c = ed_check(e->doc, &err);
    e->check_ms = (float)((double)(tool_now_ns() - t0) * 1e-6);
    e->check_age = 0;
    if (!c) {
        snprintf(e->status, sizeof e->status, "Map check failed: %.200s", err.msg);
        e->status_bad = true;
        e->status_age = 0;
        return e->check = NULL;
    }
    e->check_revision = ed_revision(e->doc);
    return e->check = c;
}

static float row(app *a, float y, const char *label, const char *value, SDL_Color c) {
    const float x = a->view.cam.screen_w - EDITOR_CHECK_W + 12;
    gfx_text(&a->g, x, y, 1.0f, DIM_TEXT, label);
    gfx_text(&a->g, x + 108, y, 1.0f, c, value);
    return y + ROW_H;
}

void editor_draw_check(app *a) {
    const float sw = a->view.cam.screen_w, sh = a->view.cam.screen_h;
    const float x = sw - EDITOR_CHECK_W;
    gfx_fill_rect(&a->g, (SDL_FRect){x, EDITOR_BAR_H, EDITOR_CHECK_W, sh - EDITOR_BAR_H},
                  (SDL_Color){18, 22, 30, 255});
    const ae_map_check *c = checked(a);
    float y = EDITOR_BAR_H + 8;
    gfx_text(&a->g, x + 12, y, 1.0f, HEADING, "MAP CHECK");
    y += 24;
    if (!c) return;
    char t[96];
    const bool ok = c->problems == 0;
    gfx_text(&a->g, x + 12, y, 1.0f, ok ? GOOD : BAD, ok ? "Playable" : "Not playable:");
    y += ROW_H;
    if (c->problems & AE_MAP_PROBLEM_SMALL_AREA) y = row(a, y, "", "area too small", BAD);
    if (c->problems & AE_MAP_PROBLEM_SPLIT) y = row(a, y, "", "split in parts", BAD);
    if (c->problems & AE_MAP_PROBLEM_NO_ROOM) y = row(a, y, "", "no room to spawn", BAD);
    y += 6;
    snprintf(t, sizeof t, "%d (%.0f%%)", c->largest_cells, c->largest_share * 100.0);
    y = row(a, y, "Largest area", t,
            (c->problems & (AE_MAP_PROBLEM_SMALL_AREA | AE_MAP_PROBLEM_SPLIT)) ? BAD : WHITE);
    snprintf(t, sizeof t, "%d (%d cells)", c->pocket_count, c->pocket_cells);
    y = row(a, y, "Pockets", t, c->pocket_count ? (SDL_Color){255, 160, 70, 255} : WHITE);
    snprintf(t, sizeof t, "%d (%d cells)", c->narrow_count, c->narrow_cells);
    y = row(a, y, "Narrow ways", t, c->narrow_count ? (SDL_Color){255, 230, 60, 255} : WHITE);
    snprintf(t, sizeof t, "%d for %d", c->spawn_capacity, c->def.agents);
    y = row(a, y, "Spawn room", t, (c->problems & AE_MAP_PROBLEM_NO_ROOM) ? BAD : WHITE);
    y += 8;
    gfx_text(&a->g, x + 12, y, 1.0f, HEADING, "CELLS");
    y += 22;
    const int total = c->width * c->height;
    const int walls = total - c->free_cells - c->breakable_cells - c->water_cells;
    snprintf(t, sizeof t, "%d", c->free_cells - c->door_cells);
    y = row(a, y, "Free", t, WHITE);
    snprintf(t, sizeof t, "%d", walls);
    y = row(a, y, "Wall", t, WHITE);
    snprintf(t, sizeof t, "%d", c->breakable_cells);
    y = row(a, y, "Breakable", t, WHITE);
    snprintf(t, sizeof t, "%d", c->door_cells);
    y = row(a, y, "Door", t, WHITE);
    snprintf(t, sizeof t, "%d", c->water_cells);
    y = row(a, y, "Water", t, WHITE);
    snprintf(t, sizeof t, "checked in %.1f ms", (double)a->ed->check_ms);
    gfx_text(&a->g, x + 12, y + 4, 1.0f, (SDL_Color){110, 120, 135, 255}, t);
    int n;
    const ed_marker *m = ed_markers(a->ed->doc, &n);
    y = MARKERS_TOP - 24;
    gfx_text(&a->g, x + 12, y, 1.0f, HEADING, n ? "LOOK HERE (click)" : "NOTHING TO LOOK AT");
    for (int i = 0; i < n && i < LISTED; i++) {
        snprintf(t, sizeof t, "%s %d cell%s", m[i].narrow ? "narrow" : "pocket", m[i].cells,
                 m[i].cells == 1 ? "" : "s");
        const float ry = MARKERS_TOP + (float)i * ROW_H;
        if (editor_marker_at(a, a->ed->mouse_x, a->ed->mouse_y) == i)
            gfx_fill_rect(&a->g, (SDL_FRect){x + 4, ry - 2, EDITOR_CHECK_W - 8, ROW_H},
                          (SDL_Color){70, 84, 110, 240});
        gfx_text(&a->g, x + 12, ry, 1.0f,
                 m[i].narrow ? (SDL_Color){255, 230, 60, 255} : (SDL_Color){255, 160, 70, 255}, t);
    }
    const int groups = c->pocket_count + c->narrow_count;
    if (groups > LISTED) { // the largest ED_MARKERS_MAX are ringed on the map
        snprintf(t, sizeof t, "and %d more (%d ringed)", groups - LISTED, n);
        gfx_text(&a->g, x + 12, MARKERS_TOP + LISTED * ROW_H, 1.0f, DIM_TEXT, t);
    }
}

void editor_draw_help(app *a) {
    static const char *const lines[][2] = {
        {"Left drag", "paint with the tool"},
        {"B R L F I H", "brush, rectangle, line, fill, eyedropper, pan"},
        {"Shift + drag", "rectangle: its border only"},
        {"Alt + click", "eyedropper with any tool"},
        {"1 2 3 4 5", "free, wall, breakable, door, water"},
        {"[ ]", "brush smaller, larger"},
        {"Right / middle drag", "pan (or Space + left drag)"},
        {"Wheel, + -", "zoom (at the mouse)"},
        {"Home", "the whole map"},
        {"G", "cell lines"},
        {"Ctrl+Z", "undo a stroke"},
        {"Ctrl+Y, Ctrl+Shift+Z", "redo"},
        {"Ctrl+S", "save (Save as when it has no file)"},
        {"Ctrl+Shift+S", "save as"},
        {"P", "play the map now; leaving the match comes back"},
        {"F4", "field heatmap and the agent's iso-line"},
        {"F6", "nav clearance"},
        {"F9", "cover points"},
        {"F2", "props and doors"},
        {"F1", "this list"},
        {"Esc", "leave (asks first when unsaved)"},
    };
    const int n = (int)(sizeof lines / sizeof *lines);
    const float sw = a->view.cam.screen_w, sh = a->view.cam.screen_h;
    const float w = 640, h = 60 + (float)n * 20;
    SDL_FRect r = {(sw - w) * 0.5f, fmaxf(EDITOR_BAR_H + 4, (sh - h) * 0.5f), w, h};
    gfx_fill_rect(&a->g, (SDL_FRect){0, 0, sw, sh}, (SDL_Color){0, 0, 0, 120});
    gfx_backing(&a->g, r);
    gfx_text(&a->g, r.x + 20, r.y + 14, 1.0f, HEADING, "MAP EDITOR KEYS   (F1 or a click closes)");
    for (int i = 0; i < n; i++) {
        const float y = r.y + 44 + (float)i * 20;
        const bool on =
            (i >= 15 && i <= 18) && (a->overlays.on & (1u << (i == 15   ? OVERLAY_SDF
                                                              : i == 16 ? OVERLAY_NAV
                                                              : i == 17 ? OVERLAY_COVER
                                                                        : OVERLAY_WORLD)));
        gfx_text(&a->g, r.x + 20, y, 1.0f, on ? (SDL_Color){255, 214, 80, 255} : WHITE,
                 lines[i][0]);
        gfx_text(&a->g, r.x + 210, y, 1.0f, DIM_TEXT, lines[i][1]);
    }
}
