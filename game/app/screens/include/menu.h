/// One menu mechanism for every screen: a column of items on a backing panel that the keyboard,
/// a pad, the mouse (hover, click, wheel) and touch (tap) all drive the same way. A screen builds
/// its items each frame (menu_begin, menu_add), lays them out (menu_layout), feeds the frame's
/// input (menu_update) and draws them (menu_draw); the same build gives the same rectangles to
/// the update and the drawing, so a click always lands on the item drawn under it. Every item
/// carries the id its screen gave it, and the result names the item by that id: an item shown
/// only sometimes moves the others down the list but never changes what they do.
#ifndef ARENA_MENU_H
#define ARENA_MENU_H

#include "gfx.h"
#include "input.h"

typedef enum menu_kind {
    MENU_BUTTON, ///< runs something when activated
    MENU_CHOICE, ///< "< value >": left/right, the wheel or a click on an arrow change it
    MENU_CELLS,  ///< a row of up to MENU_CELLS_MAX cells (key bindings): left/right pick a cell
    MENU_FIELD,  ///< a text: "label [value]"; activated (Enter, a click) to be typed in
    MENU_HEADING ///< a section title, or with cells the columns' titles; never selected
} menu_kind;

#define MENU_MAX_ITEMS 40
#define MENU_CELLS_MAX 4
#define MENU_TEXT      48
/// The id of no item: headings have it, and a result acting on nothing.
#define MENU_NONE (-1)

typedef struct menu_item {
    menu_kind kind;
    int id; ///< the screen's name for it (MENU_NONE for a heading)
    char label[MENU_TEXT];
    char value[MENU_TEXT];                 ///< a choice's value
    char cells[MENU_CELLS_MAX][MENU_TEXT]; ///< a cells row's texts
    int cell_count;
    unsigned warn;  ///< bit k: cell k (or bit 0: the value) is drawn as a warning (a conflict)
    SDL_FRect rect; ///< on screen, after menu_layout and the scroll
} menu_item;

typedef struct menu {
    menu_item items[MENU_MAX_ITEMS];
    int count;
    const char *title;           ///< drawn above the panel (NULL: none)
    const char *note;            ///< one line under the panel (help for the screen, NULL: none)
    char note_text[96];          ///< room for a note made with the menu (the controls' clashes)
    SDL_FRect panel;             ///< the backing panel
    SDL_FRect view;              ///< the part of the panel the items scroll in
    float label_w;               ///< cells rows: width of the label column
    bool more_above, more_below; ///< a long list scrolled: items out of view above / below
} menu;

/// What the player did to a menu this frame.
typedef struct menu_nav {
    int selected; ///< item under the highlight
    int cell;     ///< cells rows: the highlighted cell
    float scroll; ///< pixels the item list is scrolled up (long lists)
    int shown;    ///< the selection last scrolled into view (the wheel may scroll it away)
    float mouse_x, mouse_y; ///< where the mouse was last seen (hover follows moves only)
    int select_id;          ///< menu_select_id's wish, taken by the next menu_layout
    bool select_pending;
} menu_nav;

typedef struct menu_result {
    int id;        ///< the id of the item acted on, or MENU_NONE
    int delta;     ///< a choice changed by -1 or +1
    bool activate; ///< a button (or a cell) was pressed
} menu_result;

void menu_begin(menu *m, const char *title);
/// Adds an item named `id` (>= 0; MENU_NONE for a heading); returns its index (or -1 when the
/// menu is full).
int menu_add(menu *m, menu_kind kind, int id, const char *label, const char *value);
/// Adds a cells row named `id`: a label and `count` cell texts.
int menu_add_cells(menu *m, int id, const char *label, const char *const *cells, int count);
/// Adds a heading row naming the columns of the cells rows under it: `label` over their
/// labels, cells[c] over cell c.
int menu_add_columns(menu *m, const char *label, const char *const *cells, int count);
/// Places the panel `width` wide, its top at `top`, centred, no lower than the screen allows
/// (longer lists scroll), and the items in it; nav's scroll keeps the selection in view.
void menu_layout(menu *m, menu_nav *nav, float screen_w, float screen_h, float top, float width);
/// Resets the highlight to the first item that can be selected.
void menu_reset(menu_nav *nav, const menu *m);
/// Highlights the item named `id` when the menu is next laid out (the screen's menu is built
/// each frame, so it may not exist yet: a screen just opened).
void menu_select_id(menu_nav *nav, int id);
/// The id of the highlighted item, or MENU_NONE.
int menu_selected_id(const menu *m, const menu_nav *nav);
/// Takes this frame's menu input from `in`: up/down (wrapping, skipping headings), left/right on
/// the highlighted choice and the wheel over a choice's value (the highlight stays; elsewhere the
/// wheel scrolls), confirm, hover on mouse moves, clicks and taps on an item (the value's left
/// half steps a choice back, the rest of it forward).
menu_result menu_update(const menu *m, menu_nav *nav, input_state *in);
/// The panel, the title, the items (the highlighted one marked: dark text on gold), a "more"
/// mark on the edge where a long list goes on out of view, and the note.
void menu_draw(const menu *m, const menu_nav *nav, gfx *g, float time);

#endif
