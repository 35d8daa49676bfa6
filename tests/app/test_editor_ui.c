// The map editor driven like a level designer would (under Xvfb or SDL's offscreen driver): keys
// and mouse drags go through SDL's event queue into the real frame loop. A scripted session paints
// a new map with every tool, undoes and redoes, saves, and the PNG holds exactly the grid expected;
// Play now starts a match on the map and leaving it comes back with the history intact; leaving
// with unsaved edits asks first; --edit refuses a file that is not a map.
#include "test.h"
#include "test_files.h"

#include "ui_flow_support.h"

#include "app.h"
#include "arena/ae_map_file.h"
#include "sim_state.h"

#include <stdio.h>
#include <string.h>

/// The centre of cell (x, y) on screen.
static void cell_pos(int x, int y, float *sx, float *sy) {
    const float cs = sim_config_of(ed_world(a.ed->doc))->cell_size;
    vec2s p =
        camera_to_screen(&a.ed->cam, (vec2s){{((float)x + 0.5f) * cs, ((float)y + 0.5f) * cs}});
    *sx = p.x;
    *sy = p.y;
}

/// A left-button drag from cell (x0, y0) to cell (x1, y1) through the cells between.
static void drag(int x0, int y0, int x1, int y1) {
    float sx, sy;
    cell_pos(x0, y0, &sx, &sy);
    push_motion(sx, sy);
    push_button(sx, sy, true, SDL_BUTTON_LEFT);
    frames(1);
    for (int k = 1; k <= 8; k++) {
        cell_pos(x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8, &sx, &sy);
        push_motion(sx, sy);
        frames(1);
    }
    push_button(sx, sy, false, SDL_BUTTON_LEFT);
    frames(2);
}

static uint8_t at(const ae_grid *g, int x, int y) {
    return g->cells[(size_t)y * (size_t)g->width + (size_t)x];
}

/// The map the scripted session paints: a 64x64 blank map (a wall border), then
/// - a wall line, brush 1, from (8, 8) to (20, 8);
/// - a filled water rectangle (30, 30)-(36, 33);
/// - a wall rectangle's border (Shift) (10, 40)-(20, 50), its inside filled with doors;
/// - a breakable line (40, 10)-(50, 10), undone, redone.
static void expected(ae_grid *g) {
    ae_error err;
    REQUIRE(ae_grid_init(g, 64, 64, &err));
    for (int y = 0; y < 64; y++)
        for (int x = 0; x < 64; x++) {
            uint8_t c = AE_CELL_FREE;
            if (x == 0 || y == 0 || x == 63 || y == 63) c = AE_CELL_WALL;
            if (y == 8 && x >= 8 && x <= 20) c = AE_CELL_WALL;
            if (x >= 30 && x <= 36 && y >= 30 && y <= 33) c = AE_CELL_WALL | AE_CELL_WATER;
            if (x >= 10 && x <= 20 && y >= 40 && y <= 50)
                c = x == 10 || x == 20 || y == 40 || y == 50 ? AE_CELL_WALL : AE_CELL_DOOR;
            if (y == 10 && x >= 40 && x <= 50) c = AE_CELL_WALL | AE_CELL_BREAKABLE;
            g->cells[(size_t)y * 64 + (size_t)x] = c;
        }
}

static bool same_grid(const ae_grid *x, const ae_grid *y) {
    return x->width == y->width && x->height == y->height &&
           memcmp(x->cells, y->cells, (size_t)x->width * (size_t)x->height) == 0;
}

static bool title_unsaved(void) {
    return SDL_GetWindowTitle(a.window)[0] == '*';
}

/// Opens the editor on a new map file in a scratch folder (--edit FILE of a file not there yet).
static bool open_new(char *dir, size_t n, char *path, size_t pn) {
    if (!test_scratch(dir, n, "editor")) return false;
    snprintf(path, pn, "%s/made.png", dir);
    char *argv[] = {"arena", "--edit", path, "--bots", "3", NULL};
    arena_options o;
    if (!arena_parse_options(5, argv, &o)) return false;
    if (app_window_open(&a, &o) != 0) return false;
    frames(4);
    return a.screen == SCREEN_EDITOR && a.ed && a.ed->doc;
}

static void test_scripted_session(void) {
    char dir[256], path[PATH_MAX];
    REQUIRE(open_new(dir, sizeof dir, path, sizeof path));
    // --edit of a new file: a 128 map saved there at once; this session paints a 64 one.
    ae_grid g;
    ae_error err;
    REQUIRE(ae_map_load_file(path, &g, &err));
    CHECK(g.width == 128 && g.height == 128);
    ae_grid_free(&g);
    char made[PATH_MAX];
    snprintf(made, sizeof made, "%s", path);
    char t[PATH_MAX + 64];
    REQUIRE(app_editor_open_new(&a, 64, t, sizeof t));
    frames(3);
    CHECK(!title_unsaved());
    CHECK(!strcmp(ed_path(a.ed->doc), ""));

    key(SDLK_2, SDL_SCANCODE_2); // wall
    key(SDLK_b, SDL_SCANCODE_B);
    for (int i = 0; i < 4; i++) key(SDLK_LEFTBRACKET, SDL_SCANCODE_LEFTBRACKET);
    CHECK(a.ed->brush == 1);
    drag(8, 8, 20, 8);
    CHECK(at(ed_grid(a.ed->doc), 14, 8) == AE_CELL_WALL);
    CHECK(title_unsaved());

    key(SDLK_5, SDL_SCANCODE_5); // water
    key(SDLK_r, SDL_SCANCODE_R);
    drag(30, 30, 36, 33);
    key(SDLK_2, SDL_SCANCODE_2);
    SDL_SetModState(KMOD_LSHIFT); // a rectangle's border
    drag(10, 40, 20, 50);
    SDL_SetModState(KMOD_NONE);
    CHECK(at(ed_grid(a.ed->doc), 15, 45) == AE_CELL_FREE);
    key(SDLK_4, SDL_SCANCODE_4); // doors poured inside it
    key(SDLK_f, SDL_SCANCODE_F);
    drag(15, 45, 15, 45);
    CHECK(at(ed_grid(a.ed->doc), 11, 41) == AE_CELL_DOOR);
    CHECK(at(ed_grid(a.ed->doc), 9, 45) == AE_CELL_FREE); // the border held the fill
    key(SDLK_3, SDL_SCANCODE_3);
    key(SDLK_l, SDL_SCANCODE_L);
    drag(40, 10, 50, 10);
    CHECK(at(ed_grid(a.ed->doc), 45, 10) == (AE_CELL_WALL | AE_CELL_BREAKABLE));

    // The eyedropper takes a cell's kind.
    key(SDLK_i, SDL_SCANCODE_I);
    drag(32, 31, 32, 31);
    CHECK(a.ed->kind == 4);

    // Undo the line and the fill, redo both: strokes are single steps.
    key_mod(SDLK_z, SDL_SCANCODE_Z, KMOD_LCTRL);
    CHECK(at(ed_grid(a.ed->doc), 45, 10) == AE_CELL_FREE);
    key_mod(SDLK_z, SDL_SCANCODE_Z, KMOD_LCTRL);
    CHECK(at(ed_grid(a.ed->doc), 11, 41) == AE_CELL_FREE);
    key_mod(SDLK_y, SDL_SCANCODE_Y, KMOD_LCTRL);
    key_mod(SDLK_z, SDL_SCANCODE_Z, KMOD_LCTRL | KMOD_LSHIFT);
    ae_grid want;
    expected(&want);
    CHECK(same_grid(ed_grid(a.ed->doc), &want));
    picture("editor_session");

    // Ctrl+S on a map with no file asks for a name; Enter saves there.
    key_mod(SDLK_s, SDL_SCANCODE_S, KMOD_LCTRL);
    CHECK(a.ed->naming);
    snprintf(a.ed->name, sizeof a.ed->name, "%s/painted", dir);
    key(SDLK_RETURN, SDL_SCANCODE_RETURN);
    CHECK(!a.ed->naming);
    char saved[PATH_MAX];
    snprintf(saved, sizeof saved, "%s/painted.png", dir);
    CHECK(!strcmp(ed_path(a.ed->doc), saved));
    CHECK(!title_unsaved());
    REQUIRE(ae_map_load_file(saved, &g, &err));
    CHECK(same_grid(&g, &want));
    ae_grid_free(&g);
    // Undo back past the save is unsaved again; redo to it is clean.
    key_mod(SDLK_z, SDL_SCANCODE_Z, KMOD_LCTRL);
    CHECK(title_unsaved());
    key_mod(SDLK_y, SDL_SCANCODE_Y, KMOD_LCTRL);
    CHECK(!title_unsaved());
    ae_grid_free(&want);
    CHECK(app_window_close(&a) == 0);
    memset(&a, 0, sizeof a);
    test_remove_tree(dir);
    (void)made;
}

static void test_play_and_back(void) {
    char dir[256], path[PATH_MAX];
    REQUIRE(open_new(dir, sizeof dir, path, sizeof path));
    key(SDLK_2, SDL_SCANCODE_2);
    key(SDLK_r, SDL_SCANCODE_R);
    drag(40, 40, 60, 44); // a wall block in the middle of the open map
    const uint64_t revision = ed_revision(a.ed->doc);
    ae_grid before;
    ae_error err;
    REQUIRE(ae_grid_init_copy(&before, ed_grid(a.ed->doc), &err));

    key(SDLK_p, SDL_SCANCODE_P);
    REQUIRE(a.screen == SCREEN_PLAY);
    const sim_world *w = session_world(a.view.live);
    CHECK(same_grid(sim_grid(w), &before)); // the match plays the map as it is
    CHECK(sim_config_of(w)->bots == 3);
    frames(30);
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    CHECK(a.screen == SCREEN_PAUSE);
    CHECK(click_item("Back to editor"));
    REQUIRE(a.screen == SCREEN_CONFIRM); // its replay is not saved yet
    CHECK(click_item("Save replay and leave"));
    CHECK(a.screen == SCREEN_EDITOR);
    // The replay carries the edited map: it plays back like any other.
    CHECK(a.replay_saved);
    const char *saved = strstr(a.replay_note, "Saved to ");
    CHECK(saved && plays_back_ok(saved + strlen("Saved to ")));
    CHECK(ed_revision(a.ed->doc) == revision && same_grid(ed_grid(a.ed->doc), &before));
    CHECK(ed_can_undo(a.ed->doc)); // the history came back with it
    key_mod(SDLK_z, SDL_SCANCODE_Z, KMOD_LCTRL);
    CHECK(!same_grid(ed_grid(a.ed->doc), &before));
    CHECK(!title_unsaved()); // back to the file as --edit saved it
    key_mod(SDLK_y, SDL_SCANCODE_Y, KMOD_LCTRL);
    CHECK(same_grid(ed_grid(a.ed->doc), &before));
    ae_grid_free(&before);

    // Leaving with unsaved edits asks first; Cancel stays.
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    CHECK(a.screen == SCREEN_CONFIRM);
    SDL_FRect r;
    CHECK(find_item("Save map and leave", &r, NULL));
    CHECK(click_item("Cancel"));
    CHECK(a.screen == SCREEN_EDITOR && a.ed->doc);
    // Closing the window asks too.
    SDL_Event q = {.type = SDL_QUIT};
    SDL_PushEvent(&q);
    frames(2);
    CHECK(a.screen == SCREEN_CONFIRM && !a.quit);
    CHECK(click_item("Quit without saving"));
    CHECK(a.quit);
    CHECK(app_window_close(&a) == 0);
    memset(&a, 0, sizeof a);
    test_remove_tree(dir);
}

static void test_title_copy(void) {
    char *argv[] = {"arena", "--seed", "3", NULL};
    arena_options o;
    REQUIRE(arena_parse_options(3, argv, &o));
    REQUIRE(app_window_open(&a, &o) == 0);
    frames(5);
    REQUIRE(a.screen == SCREEN_TITLE);
    CHECK(click_item("Map editor"));
    REQUIRE(a.screen == SCREEN_EDITOR_START);
    CHECK(click_item("Edit a copy of it"));
    REQUIRE(a.screen == SCREEN_EDITOR);
    CHECK(!strcmp(ed_path(a.ed->doc), "")); // a copy: the shipped file is never written
    char shipped[ARENA_SHIPPED_MAP_PATH];
    ae_grid g;
    ae_error err;
    REQUIRE(ae_map_load_file(arena_resolve_map(app_maps[a.editor_copy], shipped, sizeof shipped),
                             &g, &err));
    CHECK(same_grid(&g, ed_grid(a.ed->doc)));
    ae_grid_free(&g);
    // Overlays and F1's list stay on while painting.
    key(SDLK_F4, SDL_SCANCODE_F4);
    key(SDLK_F9, SDL_SCANCODE_F9);
    CHECK((a.overlays.on & (1u << OVERLAY_SDF)) && (a.overlays.on & (1u << OVERLAY_COVER)));
    drag(20, 20, 30, 24);
    SDL_Surface *s = picture("editor_overlays");
    CHECK(s != NULL);
    SDL_FreeSurface(s);
    key(SDLK_F1, SDL_SCANCODE_F1);
    CHECK(a.overlays.help);
    picture("editor_help");
    key(SDLK_F1, SDL_SCANCODE_F1);
    // Leaving without edits asks nothing: the title again.
    key_mod(SDLK_z, SDL_SCANCODE_Z, KMOD_LCTRL);
    CHECK(!ed_dirty(a.ed->doc));
    key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
    CHECK(a.screen == SCREEN_TITLE);
    CHECK(app_window_close(&a) == 0);
    memset(&a, 0, sizeof a);
}

static void test_not_a_map(void) {
    char dir[256], path[PATH_MAX];
    REQUIRE(test_scratch(dir, sizeof dir, "editor"));
    snprintf(path, sizeof path, "%s/notes.png", dir);
    FILE *f = fopen(path, "w");
    REQUIRE(f);
    fputs("not a picture\n", f);
    fclose(f);
    char *argv[] = {"arena", "--edit", path, NULL};
    arena_options o;
    REQUIRE(arena_parse_options(3, argv, &o));
    CHECK(app_window_open(&a, &o) == 2); // says why on stderr, opens nothing
    CHECK(!a.ed || !a.ed->doc);
    app_window_close(&a);
    memset(&a, 0, sizeof a);
    test_remove_tree(dir);
}

TEST_MAIN(TEST_CASE(scripted_session), TEST_CASE(play_and_back), TEST_CASE(title_copy),
          TEST_CASE(not_a_map))
