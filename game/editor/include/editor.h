/// The map editor's document: a map being edited, its undo history and its check, without SDL.
///
/// The map lives in a sim world of its own (a world with no agents, never stepped), so the
/// game's own renderer and overlays draw it, and every edit goes through the one path the game
/// has for cells that change: the engine's cell edits, which bring the distance field, the nav
/// grid and the cover points along within the stroke, then the sim's rooms, props and doors.
///
///   ed_doc *d = ed_open("level.png", 29, &err);        // or ed_new(128, 128, 29, &err)
///   ed_stroke_begin(d, AE_CELL_WALL, 5);               // brush: a disc 5 cells across
///   ed_stroke_line(d, 10, 10, 14, 12, &err);           // the brush dragged from cell to cell
///   ed_stroke_end(d);                                  // one undo step
///   ed_undo(d, &err);
///   ed_save(d, "level.png", &err);                     // atomic PNG, hot-reloaded by watchers
///   ed_close(d);
#ifndef ARENA_EDITOR_H
#define ARENA_EDITOR_H

#include "arena/ae_map_check.h"
#include "sim.h"

#include <stdbool.h>
#include <stdint.h>

/// Largest brush, in cells across.
#define ED_BRUSH_MAX 64

/// The cell kinds a brush paints, in the tool panel's order (values are ae_grid cells).
#define ED_KIND_COUNT 5
extern const uint8_t ed_kinds[ED_KIND_COUNT]; ///< free, wall, breakable, door, water
/// "free", "wall", "breakable", "door", "water" (the Tiled property's words too).
const char *ed_kind_name(uint8_t cell);

typedef struct ed_doc ed_doc;

/// A new blank map: free cells inside a border one wall thick. `agents` is the match the check
/// asks room for (bots + people). NULL with err on a size outside AE_MAP_MIN_SIDE..MAX.
ed_doc *ed_new(int width, int height, int agents, ae_error *err);
/// Opens a map file (whatever --map loads: PNG, BMP, GIF, JPEG, Moving AI .map, Tiled .tmj).
/// Saving writes back to `path` only when it is a PNG; otherwise the document has no path (Save
/// asks for one). NULL with err (one line) when the file is not a map; nothing is opened.
ed_doc *ed_open(const char *path, int agents, ae_error *err);
/// A copy of a map already loaded, with no path (a shipped map opened as a copy).
ed_doc *ed_from_grid(const ae_grid *grid, int agents, ae_error *err);
void ed_close(ed_doc *d);

/// The world holding the map, for the renderer and the overlays (sim_grid, sim_debug...).
const sim_world *ed_world(const ed_doc *d);
const ae_grid *ed_grid(const ed_doc *d);
/// The cell at (x, y); AE_CELL_WALL outside the map (the eyedropper).
uint8_t ed_cell(const ed_doc *d, int x, int y);

/// Strokes. Cells outside the map are skipped. Every painting call brings the field, the nav
/// grid, the cover points, rooms, props and doors up to date before it returns. A stroke is one
/// undo step however many calls it took; painting a cell with its own value records nothing.
/// False with err only when memory runs out (the cells painted so far stay, and stay undoable).
/// Painting calls belong inside a stroke (outside one is a programming error: an assertion).
/// Begins a stroke of `value` (one of ed_kinds) with a brush clamped to 1..ED_BRUSH_MAX; an open
/// stroke ends first.
void ed_stroke_begin(ed_doc *d, uint8_t value, int brush);
/// The brush (a disc `brush` cells across: the cells whose centres lie within brush/2 of the
/// stamp's centre, which is the cell's centre for an odd brush and its top-left corner for an
/// even one; 1: the cell, 2: a 2x2 block, 5: 21 cells) stamped at every cell of the Bresenham
/// line from (x0, y0) to (x1, y1), both ends included; a click is x0 == x1, y0 == y1.
bool ed_stroke_line(ed_doc *d, int x0, int y0, int x1, int y1, ae_error *err);
/// The rectangle with corners (x0, y0) and (x1, y1), filled (`outline` false) or its border one
/// brush thick.
bool ed_stroke_rect(ed_doc *d, int x0, int y0, int x1, int y1, bool outline, ae_error *err);
/// Flood fill from (x, y): the 4-connected cells of the same value as (x, y) become the stroke's
/// value.
bool ed_stroke_fill(ed_doc *d, int x, int y, ae_error *err);
/// Ends the stroke: the history gets it as one step (nothing when it changed no cell).
void ed_stroke_end(ed_doc *d);
/// True between ed_stroke_begin and ed_stroke_end.
bool ed_stroke_open(const ed_doc *d);

/// Undo and redo whole strokes, without a limit (an open stroke ends first). False when there
/// is nothing to undo or redo, or (with err) when memory runs out.
bool ed_undo(ed_doc *d, ae_error *err);
bool ed_redo(ed_doc *d, ae_error *err);
bool ed_can_undo(const ed_doc *d);
bool ed_can_redo(const ed_doc *d);
/// Grid changes since it was opened or last saved (undoing back to the saved state: false).
bool ed_dirty(const ed_doc *d);
/// Counts every change to the grid: a caller's cue to refresh what it derives from it.
uint64_t ed_revision(const ed_doc *d);

/// Writes the map as a PNG (each cell in ae_grid_cell_color, as the loader reads it) through
/// the project's atomic output, so a game watching the file reloads it. An open stroke ends
/// first. On success the document takes `path` and is clean; on failure (err says why; also
/// "map has no free cell", which the loader would refuse) nothing on disk or in memory changes.
bool ed_save(ed_doc *d, const char *path, ae_error *err);
/// The file the document saves to ("" when it has none yet).
const char *ed_path(const ed_doc *d);

/// Where the check asks the user to look: a pocket (passable area cut off from the largest) or
/// a narrow passage, at a cell inside it.
typedef struct ed_marker {
    bool narrow; ///< a narrow passage; else a pocket
    int x, y;    ///< a cell of it (the one nearest its cells' mean)
    int cells;   ///< its size in cells
} ed_marker;

/// The map check of the map as it is now, for agents of the game's radius and the document's
/// agent count (arena-map check's verdict): computed again only when the grid or the agents
/// changed since (an open stroke stays open). NULL with err when memory runs out.
const ae_map_check *ed_check(ed_doc *d, ae_error *err);
/// Markers of the last ed_check, the largest first; *count of them (at most ED_MARKERS_MAX).
#define ED_MARKERS_MAX 64
const ed_marker *ed_markers(const ed_doc *d, int *count);
/// The agents the check asks room for (bots + people of the match Play would start).
void ed_set_agents(ed_doc *d, int agents);

#endif
