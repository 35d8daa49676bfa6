// The title's "Map editor": a shipped map opened as a copy, or a new blank map of a size.
#include "editor_internal.h"

#include <stdio.h>

enum { START_COPY_MAP, START_COPY, START_SIZE, START_NEW, START_BACK };

static const int new_sizes[EDITOR_NEW_SIZES] = {64, 96, 128, 192, 256, 512};

void app_editor_start_menu(app *a, menu *m) {
    char size[MENU_TEXT];
    const int s =
        new_sizes[((a->editor_size % EDITOR_NEW_SIZES) + EDITOR_NEW_SIZES) % EDITOR_NEW_SIZES];
    snprintf(size, sizeof size, "%d x %d", s, s);
    menu_begin(m, "MAP EDITOR");
    menu_add(m, MENU_CHOICE, START_COPY_MAP, "Shipped map", app_maps[a->editor_copy]);
    menu_add(m, MENU_BUTTON, START_COPY, "Edit a copy of it", NULL);
    menu_add(m, MENU_CHOICE, START_SIZE, "New map size", size);
    menu_add(m, MENU_BUTTON, START_NEW, "New blank map", NULL);
    menu_add(m, MENU_BUTTON, START_BACK, "Back", NULL);
    m->note = "Or open any map file: arena --edit FILE";
    menu_layout(m, &a->nav, a->view.cam.screen_w, a->view.cam.screen_h,
                a->view.cam.screen_h * 0.36f, 520);
}

void app_editor_start_update(app *a, menu_result r, bool back) {
    if (r.id == START_COPY_MAP && r.delta)
        a->editor_copy =
            ((a->editor_copy + r.delta) % APP_MAP_COUNT + APP_MAP_COUNT) % APP_MAP_COUNT;
    if (r.id == START_SIZE && r.delta)
        a->editor_size =
            ((a->editor_size + r.delta) % EDITOR_NEW_SIZES + EDITOR_NEW_SIZES) % EDITOR_NEW_SIZES;
    char err[PATH_MAX + 256];
    bool failed = false;
    if (r.activate && r.id == START_COPY)
        failed = !app_editor_open_copy(a, a->editor_copy, err, sizeof err);
    if (r.activate && r.id == START_NEW)
        failed = !app_editor_open_new(a, new_sizes[a->editor_size], err, sizeof err);
    if (failed) app_notice(a, err);
    if ((r.activate && r.id == START_BACK) || back) app_go(a, SCREEN_TITLE);
}
