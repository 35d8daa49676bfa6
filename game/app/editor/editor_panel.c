// The editor's buttons: the tool panel on the left and the top bar, laid out in one place for
// the clicks (editor_screen.c) and the drawing (editor_draw.c), each with its key and its tip.
#include "editor_internal.h"

#include "sim_state.h"

#include <stdio.h>

const editor_tool_info editor_tools[EDITOR_TOOL_COUNT] = {
    [EDITOR_BRUSH] = {"Brush", "B", "Paints where you drag, a disc the brush's size across"},
    [EDITOR_RECT] = {"Rectangle", "R",
                     "Drag a rectangle: filled, or its border one brush thick with Shift held"},
    [EDITOR_LINE] = {"Line", "L", "Drag a straight line, one brush thick"},
    [EDITOR_FILL] = {"Fill", "F", "Fills the area of one kind you click, up to its edges"},
    [EDITOR_PICK] = {"Eyedropper", "I", "Takes the kind of the cell you click (or Alt + click)"},
    [EDITOR_PAN] = {"Pan", "H",
                    "Drags the view (or the right or middle button, or Space held); wheel zooms"},
};

static const char *const kind_keys[ED_KIND_COUNT] = {"1", "2", "3", "4", "5"};
static const char *const kind_tips[ED_KIND_COUNT] = {
    "Open ground: agents walk, bullets fly",
    "A wall: blocks agents, bullets and sight",
    "A crate or barrel: a wall that bullets break",
    "A sliding door: opens for whoever walks up",
    "Deep water: a wall nobody wades, bullets splash in",
};

SDL_Color editor_kind_color(int kind) {
    uint8_t rgb[3];
    ae_grid_cell_color(ed_kinds[kind], rgb);
    return (SDL_Color){rgb[0], rgb[1], rgb[2], 255};
}

static editor_button *add(editor_button *b, int *n, editor_act act, int arg, const char *label,
                          const char *key, const char *tip, SDL_FRect r) {
    editor_button *x = &b[(*n)++];
    *x =
        (editor_button){.act = act, .arg = arg, .key = key, .tip = tip, .rect = r, .enabled = true};
    snprintf(x->label, sizeof x->label, "%s", label);
    return x;
}

int editor_buttons(const app *a, editor_button *out) {
    const app_editor *e = a->ed;
    int n = 0;
    const float pad = 8, w = EDITOR_PANEL_W - 2 * pad, half = (w - 6) / 2, h = 28;
    float y = EDITOR_BAR_H + 30; // under the "TOOLS" heading
    for (int t = 0; t < EDITOR_TOOL_COUNT; t++) {
        SDL_FRect r = {pad + (float)(t % 2) * (half + 6), y + (float)(t / 2) * (h + 4), half, h};
        add(out, &n, EACT_TOOL, t, editor_tools[t].name, editor_tools[t].key, editor_tools[t].tip,
            r)
            ->on = e->tool == (editor_tool)t;
    }
    y += 3 * (h + 4) + 28; // "PAINT"
    for (int k = 0; k < ED_KIND_COUNT; k++) {
        char label[40];
        snprintf(label, sizeof label, "%s", ed_kind_name(ed_kinds[k]));
        if (label[0] >= 'a' && label[0] <= 'z') label[0] = (char)(label[0] - 'a' + 'A');
        add(out, &n, EACT_KIND, k, label, kind_keys[k], kind_tips[k], (SDL_FRect){pad, y, w, 24})
            ->on = e->kind == k;
        y += 27;
    }
    y += 26; // "BRUSH N"
    add(out, &n, EACT_BRUSH, -1, "Smaller", "[", "A smaller brush (1 is one cell)",
        (SDL_FRect){pad, y, half, h})
        ->enabled = e->brush > 1;
    add(out, &n, EACT_BRUSH, +1, "Larger", "]", "A larger brush",
        (SDL_FRect){pad + half + 6, y, half, h})
        ->enabled = e->brush < ED_BRUSH_MAX;
    y += h + 6;
    add(out, &n, EACT_GRID, 0, "Grid", "G", "Cell lines on or off", (SDL_FRect){pad, y, half, h})
        ->on = e->grid;
    add(out, &n, EACT_FIT, 0, "Fit map", "Home", "The whole map in view",
        (SDL_FRect){pad + half + 6, y, half, h});
    y += h + 30; // "PLAY"
    char t[MENU_TEXT], label[40];
    add(out, &n, EACT_BOTS, -1, "-", "", "Fewer bots in the match Play starts",
        (SDL_FRect){pad, y, 30, h});
    add(out, &n, EACT_BOTS, +1, "+", "", "More bots in the match Play starts",
        (SDL_FRect){pad + w - 30, y, 30, h});
    y += h + 4;
    snprintf(label, sizeof label, "%s",
             app_match_choice_value(a, APP_PICK_DIFFICULTY, t, sizeof t));
    add(out, &n, EACT_DIFFICULTY, +1, label, "", "The bots' difficulty (click for the next)",
        (SDL_FRect){pad, y, w, h});
    y += h + 4;
    add(out, &n, EACT_PLAY, 0, "Play now", "P",
        "A match on the map as it is now; leaving it comes back here",
        (SDL_FRect){pad, y, w, h + 4});

    // The top bar's buttons, from the right.
    static const struct {
        editor_act act;
        const char *label, *key, *tip;
    } bar[] = {
        {EACT_LEAVE, "Leave", "Esc", "Back to the title (asks first when edits are unsaved)"},
        {EACT_HELP, "Keys", "F1", "Every key of the editor, and the overlays"},
        {EACT_SAVE_AS, "Save as", "Ctrl+Shift+S", "Saves the map as a PNG under a new name"},
        {EACT_SAVE, "Save", "Ctrl+S", "Saves the map as a PNG (a game watching it reloads)"},
        {EACT_REDO, "Redo", "Ctrl+Y", "Does again the last stroke undone (or Ctrl+Shift+Z)"},
        {EACT_UNDO, "Undo", "Ctrl+Z", "Takes back the last stroke, as far back as you like"},
    };
    float x = a->view.cam.screen_w - 6;
    for (size_t i = 0; i < sizeof bar / sizeof *bar; i++) {
        float bw = gfx_text_width(1.0f, bar[i].label) + 18;
        x -= bw;
        editor_button *b = add(out, &n, bar[i].act, 0, bar[i].label, bar[i].key, bar[i].tip,
                               (SDL_FRect){x, 4, bw, EDITOR_BAR_H - 8});
        if (bar[i].act == EACT_UNDO) b->enabled = ed_can_undo(e->doc);
        if (bar[i].act == EACT_REDO) b->enabled = ed_can_redo(e->doc);
        x -= 6;
    }
    return n;
}

int editor_button_at(const editor_button *b, int n, float x, float y) {
    for (int i = 0; i < n; i++)
        if (x >= b[i].rect.x && x < b[i].rect.x + b[i].rect.w && y >= b[i].rect.y &&
            y < b[i].rect.y + b[i].rect.h)
            return i;
    return -1;
}

bool editor_over_panels(const app *a, float x, float y) {
    return y < EDITOR_BAR_H || x < EDITOR_PANEL_W || x >= a->view.cam.screen_w - EDITOR_CHECK_W;
}

float editor_cell_size(const app *a) {
    return sim_config_of(ed_world(a->ed->doc))->cell_size;
}

void editor_cell_at(const app *a, float x, float y, int *cx, int *cy) {
    vec2s p = camera_to_world(&a->ed->cam, (vec2s){{x, y}});
    const float cs = editor_cell_size(a);
    *cx = (int)floorf(p.x / cs);
    *cy = (int)floorf(p.y / cs);
}
