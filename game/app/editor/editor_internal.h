/// What the editor's files share: the panel's buttons (one layout for the clicks and the
/// drawing), the tools' table, mapping the mouse to cells.
#ifndef ARENA_EDITOR_INTERNAL_H
#define ARENA_EDITOR_INTERNAL_H

#include "app.h"

/// What a panel button does.
typedef enum editor_act {
    EACT_TOOL,  ///< arg: the editor_tool
    EACT_KIND,  ///< arg: index into ed_kinds
    EACT_BRUSH, ///< arg: -1 smaller, +1 larger
    EACT_GRID,  ///< cell lines on or off
    EACT_UNDO,
    EACT_REDO,
    EACT_SAVE,
    EACT_SAVE_AS,
    EACT_PLAY,
    EACT_BOTS,       ///< arg: -1 fewer, +1 more (the title's choice)
    EACT_DIFFICULTY, ///< arg: +1 the next
    EACT_HELP,
    EACT_LEAVE,
    EACT_FIT,  ///< the whole map in view
    EACT_ZOOM, ///< arg: +1 in, -1 out (the keys)
} editor_act;

typedef struct editor_button {
    editor_act act;
    int arg;
    char label[40];
    const char *key; ///< its key, shown in the tooltip ("" none)
    const char *tip; ///< what it does
    SDL_FRect rect;
    bool on;      ///< drawn as chosen (the tool, the kind, the grid)
    bool enabled; ///< false: greyed, clicks do nothing (undo with nothing to undo)
} editor_button;

#define EDITOR_BUTTONS_MAX 40
/// Width of the tool panel on the left and the check panel on the right (screen pixels).
#define EDITOR_PANEL_W 196.0f
#define EDITOR_CHECK_W 250.0f
/// Height of the top bar.
#define EDITOR_BAR_H 34.0f

/// The panel's buttons as they are laid out now (out has room for EDITOR_BUTTONS_MAX).
int editor_buttons(const app *a, editor_button *out);
/// The button under screen point (x, y), -1 none.
int editor_button_at(const editor_button *b, int n, float x, float y);
/// True when screen point (x, y) is over a panel or bar (not the map).
bool editor_over_panels(const app *a, float x, float y);

/// The tools' names, keys and tips (also F1's list).
typedef struct editor_tool_info {
    const char *name, *key, *tip;
} editor_tool_info;
extern const editor_tool_info editor_tools[EDITOR_TOOL_COUNT];
/// The kinds' keys ("1".."5") and colours.
SDL_Color editor_kind_color(int kind);

/// The cell under screen point (x, y) (may be off the map).
void editor_cell_at(const app *a, float x, float y, int *cx, int *cy);
/// The map's cell size in world units.
float editor_cell_size(const app *a);

/// Draws F1's list of the editor's keys.
void editor_draw_help(app *a);
/// The marker row of the check panel under screen point (x, y), -1 none.
int editor_marker_at(const app *a, float x, float y);
/// Draws the check panel on the right.
void editor_draw_check(app *a);

#endif
