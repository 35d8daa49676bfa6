// The menu's layout without a window: a long list on a short screen says there is more above or
// below, a heading row can title the columns of the cells rows under it, and items are named by
// their ids whatever their place.
#include "test.h"

#include "menu.h"

#include <string.h>

static void test_more_marks(void) {
    static menu m;
    menu_nav nav = {0};
    menu_begin(&m, "LONG");
    for (int i = 0; i < 20; i++) menu_add(&m, MENU_BUTTON, i, "Item", NULL);
    menu_reset(&nav, &m);
    // On a 1280x720 screen 20 rows do not fit: more below, nothing above.
    menu_layout(&m, &nav, 1280, 720, 110, 640);
    CHECK(!m.more_above && m.more_below);
    // The last item highlighted scrolls the list to its end: more above, nothing below.
    nav.selected = m.count - 1;
    menu_layout(&m, &nav, 1280, 720, 110, 640);
    CHECK(m.more_above && !m.more_below);
    // Half way: both.
    nav.selected = 10;
    nav.scroll = 200;
    menu_layout(&m, &nav, 1280, 720, 110, 640);
    CHECK(m.more_above && m.more_below);
    // A list that fits shows no mark.
    static menu small;
    menu_nav small_nav = {0};
    menu_begin(&small, "SHORT");
    for (int i = 0; i < 3; i++) menu_add(&small, MENU_BUTTON, i, "Item", NULL);
    menu_reset(&small_nav, &small);
    menu_layout(&small, &small_nav, 1280, 720, 110, 640);
    CHECK(!small.more_above && !small.more_below);
}

static void test_columns(void) {
    static menu m;
    menu_nav nav = {0};
    menu_begin(&m, "CONTROLS");
    const char *const titles[2] = {"Key", "Pad"}, *const cells[2] = {"W", "-"};
    CHECK(menu_add_columns(&m, "Action", titles, 2) == 0);
    CHECK(menu_add_cells(&m, 0, "Move up", cells, 2) == 1);
    menu_reset(&nav, &m);
    CHECK(nav.selected == 1); // the titles are never highlighted
    CHECK(m.items[0].kind == MENU_HEADING && m.items[0].cell_count == 2);
    CHECK(!strcmp(m.items[0].cells[1], "Pad"));
}

/// An item shown only sometimes moves the next one down, but the result still names that one by
/// its id, and menu_select_id finds it wherever it is.
static void test_ids(void) {
    static menu m;
    static input_state in;
    for (int optional = 0; optional < 2; optional++) {
        menu_nav nav = {0};
        menu_begin(&m, NULL);
        menu_add(&m, MENU_HEADING, MENU_NONE, "Heading", NULL);
        menu_add(&m, MENU_BUTTON, 7, "First", NULL);
        if (optional) menu_add(&m, MENU_BUTTON, 3, "Sometimes", NULL);
        menu_add(&m, MENU_BUTTON, 5, "Last", NULL);
        menu_select_id(&nav, 5);
        menu_layout(&m, &nav, 1280, 720, 110, 640);
        CHECK(nav.selected == m.count - 1 && menu_selected_id(&m, &nav) == 5);
        in.actions[ACT_CONFIRM] = 1;
        menu_result r = menu_update(&m, &nav, &in);
        CHECK(r.id == 5 && r.activate);
        in.actions[ACT_UP] = 1; // up from Last: the optional item or First, never the heading
        r = menu_update(&m, &nav, &in);
        CHECK(r.id == MENU_NONE && menu_selected_id(&m, &nav) == (optional ? 3 : 7));
    }
}

TEST_MAIN(TEST_CASE(more_marks), TEST_CASE(columns), TEST_CASE(ids))
