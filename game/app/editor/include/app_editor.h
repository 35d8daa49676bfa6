/// The map editor's screen (`arena --edit FILE`, the title's "Map editor"): the map drawn by the
/// game's renderer with the debug overlays, a tool panel on the left, the map check's verdict on
/// the right, strokes into the editor's document (editor.h), Play now, Save and Save as. Like the
/// screens, it works on the app (app.h): the screen is SCREEN_EDITOR, its state a->ed.
#ifndef ARENA_APP_EDITOR_H
#define ARENA_APP_EDITOR_H

#include <SDL.h>
#include <limits.h>
#include <stdbool.h>

#include "camera.h"
#include "editor.h"
#include "menu.h"
#include "render_world.h"

/// The tools of the panel, each on a key (app_editor_tools lists them with their tooltips).
typedef enum editor_tool {
    EDITOR_BRUSH,
    EDITOR_RECT,
    EDITOR_LINE,
    EDITOR_FILL,
    EDITOR_PICK,
    EDITOR_PAN,
    EDITOR_TOOL_COUNT
} editor_tool;

/// Sizes a new blank map can have (the title's "Map editor" menu).
#define EDITOR_NEW_SIZES 6

typedef struct app_editor {
    ed_doc *doc;
    camera cam;
    world_renderer wr;
    editor_tool tool;
    int kind;  ///< index into ed_kinds: what the brush, rectangle, line and fill paint
    int brush; ///< brush size, cells across
    bool grid; ///< cell lines drawn
    // What the mouse is doing in the map (screen pixels; cells).
    bool painting;        ///< a stroke is open (left button held on the map)
    bool shaping;         ///< a rectangle or a line is being dragged
    bool outline;         ///< ... a rectangle's border only (Shift held as the drag began)
    int x0, y0;           ///< the drag's first cell
    int last_x, last_y;   ///< the brush's last stamp
    int paint_x, paint_y; ///< the cell under the mouse, painted to at the frame's end
    bool panning;         ///< the map is dragged (pan tool, right or middle button, Space held)
    float pan_x, pan_y;   ///< where the pan's drag is now (screen)
    bool space;           ///< Space held: the left button pans
    float mouse_x, mouse_y;
    int hover;                 ///< the panel's button under the mouse (-1 none)
    float hover_time;          ///< seconds over it: the tooltip shows after a moment
    char untitled[64];         ///< the name shown while the map has no file ("ruins (copy)")
    bool naming;               ///< Save as: the file name is typed
    char name[PATH_MAX];       ///< ... its text
    bool playing;              ///< a match on the map is on: leaving it comes back here
    uint64_t shown_revision;   ///< the document's revision the window title shows
    bool shown_dirty;          ///< ... and its mark
    const ae_map_check *check; ///< the check drawn (ed_check's), NULL before the first
    uint64_t check_revision;   ///< ... the document's revision it checked
    float check_age;           ///< seconds since it was made
    float check_ms;            ///< ... and how long it took
    char status[256];          ///< the last save's or error's line, under the top bar
    bool status_bad;           ///< ... in red
    float status_age;
} app_editor;

struct app;

/// Opens the editor on a map file (--edit FILE): a file that does not exist yet is a new blank
/// map saved there; one that is not a map is refused (false, err says why, nothing opens).
bool app_editor_open_file(struct app *a, const char *path, char *err, size_t n);
/// Opens the editor on a copy of shipped map `index` (app_maps), with no file yet.
bool app_editor_open_copy(struct app *a, int index, char *err, size_t n);
/// Opens the editor on a new blank map, `size` cells a side, with no file yet.
bool app_editor_open_new(struct app *a, int size, char *err, size_t n);
/// Leaves the editor (its document goes; the caller asked first when it had unsaved edits).
void app_editor_close(struct app *a);
/// True when the editor holds edits that are not saved.
bool app_editor_unsaved(const struct app *a);
/// Saves to the document's file (or asks for a name first: false then). True when saved.
bool app_editor_save(struct app *a);

/// SDL events while the editor is on screen (mouse in the renderer's pixels): true when taken.
bool app_editor_event(struct app *a, const SDL_Event *e);
/// The editor's part of a frame (SCREEN_EDITOR): the tooltip's timing, the window's title, and
/// `back` (Esc): closes F1's list, or leaves (asking first when edits are unsaved).
void app_editor_update(struct app *a, bool back);
/// Draws the editor: the map, the overlays, the panels, the tooltip, F1's list.
void app_editor_draw(struct app *a);
/// Starts a match on the map as it is, with the title's bots and difficulty: leaving it comes
/// back to the editor with its document and history.
void app_editor_play(struct app *a);
/// The match started from the editor ended or was left: back to the editor.
void app_editor_back(struct app *a);

/// The title's "Map editor" menu (SCREEN_EDITOR_START): a shipped map as a copy, or a new one.
void app_editor_start_menu(struct app *a, menu *m);
void app_editor_start_update(struct app *a, menu_result r, bool back);

#endif
