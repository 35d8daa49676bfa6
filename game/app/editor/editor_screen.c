// The map editor's screen: opening a map, the mouse and keys on the map and the panels, the
// tools' strokes into the document, Save and Save as, Play now and coming back.
#include "editor_internal.h"

#include "arena/ae_map_file.h"
#include "arena/ae_quote.h"
#include "platform.h"
#include "sim_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/// Zoom range of the editor's view, screen pixels per world unit.
#define EDITOR_ZOOM_MIN 0.02f
#define EDITOR_ZOOM_MAX 4.0f

/// The line under the bar: "PREFIX WHAT" (what cut to fit).
static void set_status(app *a, bool bad, const char *prefix, const char *what) {
    snprintf(a->ed->status, sizeof a->ed->status, "%s%.*s", prefix,
             (int)(sizeof a->ed->status - 1 - strlen(prefix)), what);
    a->ed->status_bad = bad;
    a->ed->status_age = 0;
}

/// The room between the panels (screen pixels), 12 pixels in from them.
static void map_room(const app *a, float *x, float *y, float *w, float *h) {
    *x = EDITOR_PANEL_W + 12;
    *y = EDITOR_BAR_H + 12;
    *w = a->view.cam.screen_w - EDITOR_PANEL_W - EDITOR_CHECK_W - 24;
    *h = a->view.cam.screen_h - EDITOR_BAR_H - 24;
}

/// World point p at the centre of the room between the panels.
static void center_on(app *a, vec2s p) {
    float x, y, w, h;
    map_room(a, &x, &y, &w, &h);
    const camera *c = &a->ed->cam;
    a->ed->cam.center = (vec2s){{p.x - (x + w * 0.5f - c->screen_w * 0.5f) / c->zoom,
                                 p.y - (y + h * 0.5f - c->screen_h * 0.5f) / c->zoom}};
}

/// The whole map in the room between the panels.
static void fit_view(app *a) {
    app_editor *e = a->ed;
    const ae_grid *g = ed_grid(e->doc);
    const float cs = editor_cell_size(a);
    float x, y, w, h;
    map_room(a, &x, &y, &w, &h);
    camera_init(&e->cam, glms_vec2_zero(), a->view.cam.screen_w, a->view.cam.screen_h);
    const float zoom = fminf(w / ((float)g->width * cs), h / ((float)g->height * cs));
    e->cam.zoom = ae_clampf(zoom, EDITOR_ZOOM_MIN, EDITOR_ZOOM_MAX);
    center_on(a, (vec2s){{(float)g->width * cs * 0.5f, (float)g->height * cs * 0.5f}});
}

static void zoom_at(app *a, float factor, float sx, float sy) {
    camera *c = &a->ed->cam;
    vec2s before = camera_to_world(c, (vec2s){{sx, sy}});
    c->zoom = ae_clampf(c->zoom * factor, EDITOR_ZOOM_MIN, EDITOR_ZOOM_MAX);
    vec2s after = camera_to_world(c, (vec2s){{sx, sy}});
    c->center = glms_vec2_add(c->center, glms_vec2_sub(before, after)); // the point stays put
}

static int agents_of(const app *a) {
    return a->bots + a->humans;
}

/// Takes the document: the editor opens on it, over whatever screen was on.
static bool open_doc(app *a, ed_doc *doc, const char *untitled, char *err, size_t n) {
    if (!doc) return false;
    if (!a->ed && !(a->ed = calloc(1, sizeof *a->ed))) {
        ed_close(doc);
        snprintf(err, n, "out of memory");
        return false;
    }
    app_editor_close(a); // the map edited before, if any (the caller asked about its edits)
    app_editor *e = a->ed;
    memset(e, 0, sizeof *e);
    e->doc = doc;
    e->tool = EDITOR_BRUSH;
    e->kind = 1; // wall
    e->brush = 3;
    e->hover = -1;
    e->shown_revision = UINT64_MAX;
    snprintf(e->untitled, sizeof e->untitled, "%s", untitled);
    world_renderer_init(&e->wr, &a->g);
    fit_view(a);
    fx_clear(&a->view.fx);
    app_go(a, SCREEN_EDITOR);
    return true;
}

bool app_editor_open_file(app *a, const char *path, char *err, size_t n) {
    ae_error e;
    struct stat st;
    ed_doc *doc;
    if (stat(path, &st) != 0) { // a new map, saved there
        doc = ed_new(128, 128, agents_of(a), &e);
        if (doc && !ed_save(doc, path, &e)) {
            ed_close(doc);
            doc = NULL;
        }
    } else {
        doc = ed_open(path, agents_of(a), &e);
    }
    if (!doc) snprintf(err, n, "%s: %s", AE_QUOTED(path), e.msg);
    return open_doc(a, doc, "untitled", err, n);
}

bool app_editor_open_copy(app *a, int index, char *err, size_t n) {
    char shipped[ARENA_SHIPPED_MAP_PATH];
    const char *path = arena_resolve_map(app_maps[index], shipped, sizeof shipped);
    ae_error e;
    ae_grid grid;
    if (!ae_map_load_file(path, &grid, &e)) {
        snprintf(err, n, "%s: %s", AE_QUOTED(path), e.msg);
        return false;
    }
    ed_doc *doc = ed_from_grid(&grid, agents_of(a), &e); // a copy: Save asks where
    ae_grid_free(&grid);
    if (!doc) snprintf(err, n, "%s", e.msg);
    char name[64];
    snprintf(name, sizeof name, "%s (copy)", app_maps[index]);
    return open_doc(a, doc, name, err, n);
}

bool app_editor_open_new(app *a, int size, char *err, size_t n) {
    ae_error e;
    ed_doc *doc = ed_new(size, size, agents_of(a), &e);
    if (!doc) snprintf(err, n, "%s", e.msg);
    return open_doc(a, doc, "new map", err, n);
}

void app_editor_close(app *a) {
    app_editor *e = a->ed;
    if (!e || !e->doc) return;
    if (ed_stroke_open(e->doc)) ed_stroke_end(e->doc);
    world_renderer_free(&e->wr);
    ed_close(e->doc);
    e->doc = NULL;
    if (e->naming) SDL_StopTextInput();
    e->naming = false;
    if (a->window) SDL_SetWindowTitle(a->window, "Arena");
}

bool app_editor_unsaved(const app *a) {
    return a->ed && a->ed->doc && ed_dirty(a->ed->doc);
}

/// A name for a map that has no file yet: my-map.png in the per-user folder, or the first of
/// my-map-2.png, my-map-3.png... not taken.
static void suggest_name(char *out, size_t n) {
    char dir[PATH_MAX];
    if (!app_pref_file("", dir, sizeof dir)) dir[0] = '\0';
    for (int k = 1; k < 1000; k++) {
        char name[32];
        snprintf(name, sizeof name, k == 1 ? "my-map.png" : "my-map-%d.png", k);
        snprintf(out, n, "%s%s", dir, name);
        struct stat st;
        if (stat(out, &st) != 0) return;
    }
}

static void start_naming(app *a) {
    app_editor *e = a->ed;
    if (ed_path(e->doc)[0])
        snprintf(e->name, sizeof e->name, "%s", ed_path(e->doc));
    else
        suggest_name(e->name, sizeof e->name);
    e->naming = true;
    SDL_StartTextInput();
}

static bool save_to(app *a, const char *where) {
    char path[PATH_MAX]; // `where` may be the document's own path, which saving replaces
    snprintf(path, sizeof path, "%s", where);
    ae_error err;
    if (!ed_save(a->ed->doc, path, &err)) {
        set_status(a, true, "Not saved: ", err.msg); // the edits stay, unsaved
        return false;
    }
    platform_persist();
    set_status(a, false, "Saved to ", path);
    return true;
}

bool app_editor_save(app *a) {
    if (!ed_path(a->ed->doc)[0]) {
        start_naming(a);
        return false;
    }
    return save_to(a, ed_path(a->ed->doc));
}

/// Save as's field: Enter saves (a name without .png gets it), Esc gives up.
static bool naming_event(app *a, const SDL_Event *ev) {
    app_editor *e = a->ed;
    const size_t len = strlen(e->name);
    if (ev->type == SDL_TEXTINPUT) {
        if (len + strlen(ev->text.text) < sizeof e->name)
            snprintf(e->name + len, sizeof e->name - len, "%s", ev->text.text);
        return true;
    }
    if (ev->type != SDL_KEYDOWN)
        return ev->type == SDL_MOUSEBUTTONDOWN || ev->type == SDL_MOUSEWHEEL;
    switch (ev->key.keysym.sym) {
    case SDLK_BACKSPACE: {
        size_t k = len;
        while (k > 0 && (e->name[k - 1] & 0xc0) == 0x80) k--;
        e->name[k > 0 ? k - 1 : 0] = '\0';
        break;
    }
    case SDLK_RETURN:
    case SDLK_KP_ENTER: {
        if (!e->name[0]) break;
        const char *dot = strrchr(e->name, '.');
        if ((!dot || strcmp(dot, ".png") != 0) && len + 4 < sizeof e->name) strcat(e->name, ".png");
        if (save_to(a, e->name)) {
            e->naming = false;
            SDL_StopTextInput();
        }
        break;
    }
    case SDLK_ESCAPE:
        e->naming = false;
        SDL_StopTextInput();
        break;
    default:
        break;
    }
    return true;
}

static void report(app *a, bool ok, const ae_error *err) {
    if (!ok) set_status(a, true, "", err->msg);
}

/// The brush, a line or a rectangle, from the drag's first cell to (x, y), as one stroke.
static void shape_to(app *a, int x, int y) {
    app_editor *e = a->ed;
    ae_error err;
    ed_stroke_begin(e->doc, ed_kinds[e->kind], e->brush);
    bool ok = e->tool == EDITOR_RECT ? ed_stroke_rect(e->doc, e->x0, e->y0, x, y, e->outline, &err)
                                     : ed_stroke_line(e->doc, e->x0, e->y0, x, y, &err);
    ed_stroke_end(e->doc);
    report(a, ok, &err);
}

static void pick(app *a, int x, int y) {
    const uint8_t cell = ed_cell(a->ed->doc, x, y);
    for (int k = 0; k < ED_KIND_COUNT; k++)
        if (ed_kinds[k] == cell) a->ed->kind = k;
}

static void button_press(app *a, const editor_button *b) {
    app_editor *e = a->ed;
    ae_error err;
    if (!b->enabled) return;
    switch (b->act) {
    case EACT_TOOL:
        e->tool = (editor_tool)b->arg;
        break;
    case EACT_KIND:
        e->kind = b->arg;
        if (e->tool == EDITOR_PICK || e->tool == EDITOR_PAN) e->tool = EDITOR_BRUSH;
        break;
    case EACT_BRUSH:
        e->brush = b->arg < 0 ? (e->brush > 1 ? e->brush - (e->brush > 8 ? 2 : 1) : 1)
                              : (e->brush < ED_BRUSH_MAX ? e->brush + (e->brush >= 8 ? 2 : 1)
                                                         : ED_BRUSH_MAX);
        if (e->brush > ED_BRUSH_MAX) e->brush = ED_BRUSH_MAX;
        break;
    case EACT_GRID:
        e->grid = !e->grid;
        break;
    case EACT_UNDO:
        if (ed_can_undo(e->doc)) report(a, ed_undo(e->doc, &err), &err);
        break;
    case EACT_REDO:
        if (ed_can_redo(e->doc)) report(a, ed_redo(e->doc, &err), &err);
        break;
    case EACT_SAVE:
        app_editor_save(a);
        break;
    case EACT_SAVE_AS:
        start_naming(a);
        break;
    case EACT_PLAY:
        app_editor_play(a);
        break;
    case EACT_BOTS:
        app_change_match_choice(a, APP_PICK_BOTS, b->arg);
        ed_set_agents(e->doc, agents_of(a));
        break;
    case EACT_DIFFICULTY:
        app_change_match_choice(a, APP_PICK_DIFFICULTY, b->arg);
        break;
    case EACT_HELP:
        a->overlays.help = !a->overlays.help;
        break;
    case EACT_LEAVE:
        app_ask_if_map_unsaved(a, CONFIRM_LEAVE_EDITOR);
        break;
    case EACT_FIT:
        fit_view(a);
        break;
    case EACT_ZOOM: // at the centre of the screen
        zoom_at(a, b->arg > 0 ? 1.25f : 0.8f, a->view.cam.screen_w * 0.5f,
                a->view.cam.screen_h * 0.5f);
        break;
    }
}

static void mouse_down(app *a, float x, float y, Uint8 button) {
    app_editor *e = a->ed;
    const SDL_Keymod mod = SDL_GetModState();
    if (button == SDL_BUTTON_LEFT && a->overlays.help) { // a click closes the list
        a->overlays.help = false;
        return;
    }
    editor_button b[EDITOR_BUTTONS_MAX];
    const int n = editor_buttons(a, b), hit = editor_button_at(b, n, x, y);
    if (button == SDL_BUTTON_LEFT && hit >= 0) {
        button_press(a, &b[hit]);
        return;
    }
    const int marker = button == SDL_BUTTON_LEFT ? editor_marker_at(a, x, y) : -1;
    if (marker >= 0) { // the view goes to it
        int count;
        const ed_marker *m = ed_markers(e->doc, &count);
        const float cs = editor_cell_size(a);
        center_on(a, (vec2s){{((float)m[marker].x + 0.5f) * cs, ((float)m[marker].y + 0.5f) * cs}});
        return;
    }
    if (editor_over_panels(a, x, y)) return;
    if (button == SDL_BUTTON_RIGHT || button == SDL_BUTTON_MIDDLE ||
        (button == SDL_BUTTON_LEFT && (e->tool == EDITOR_PAN || e->space))) {
        e->panning = true;
        e->pan_x = x;
        e->pan_y = y;
        return;
    }
    if (button != SDL_BUTTON_LEFT) return;
    int cx, cy;
    editor_cell_at(a, x, y, &cx, &cy);
    ae_error err;
    if (e->tool == EDITOR_PICK || (mod & KMOD_ALT)) {
        pick(a, cx, cy);
        return;
    }
    switch (e->tool) {
    case EDITOR_BRUSH:
        ed_stroke_begin(e->doc, ed_kinds[e->kind], e->brush);
        e->painting = true;
        e->last_x = e->paint_x = cx;
        e->last_y = e->paint_y = cy;
        report(a, ed_stroke_line(e->doc, cx, cy, cx, cy, &err), &err);
        break;
    case EDITOR_RECT:
    case EDITOR_LINE:
        e->shaping = true;
        e->outline = (mod & KMOD_SHIFT) != 0;
        e->x0 = cx;
        e->y0 = cy;
        break;
    case EDITOR_FILL:
        ed_stroke_begin(e->doc, ed_kinds[e->kind], 1);
        report(a, ed_stroke_fill(e->doc, cx, cy, &err), &err);
        ed_stroke_end(e->doc);
        break;
    default:
        break;
    }
}

static void mouse_move(app *a, float x, float y) {
    app_editor *e = a->ed;
    if (e->panning) {
        e->cam.center.x -= (x - e->pan_x) / e->cam.zoom;
        e->cam.center.y -= (y - e->pan_y) / e->cam.zoom;
        e->pan_x = x;
        e->pan_y = y;
    }
    if (e->painting) editor_cell_at(a, x, y, &e->paint_x, &e->paint_y); // painted once a frame
}

/// The brush dragged from its last stamp to where the mouse is now: once a frame however many
/// moves came (on a big map one call costs a frame's time), and as the button comes up.
static void paint_to_mouse(app *a) {
    app_editor *e = a->ed;
    if (!e->painting || (e->paint_x == e->last_x && e->paint_y == e->last_y)) return;
    ae_error err;
    report(a, ed_stroke_line(e->doc, e->last_x, e->last_y, e->paint_x, e->paint_y, &err), &err);
    e->last_x = e->paint_x;
    e->last_y = e->paint_y;
}

static void mouse_up(app *a, float x, float y, Uint8 button) {
    app_editor *e = a->ed;
    if (e->panning && (button != SDL_BUTTON_LEFT || (!e->painting && !e->shaping))) {
        e->panning = false;
        return;
    }
    if (button != SDL_BUTTON_LEFT) return;
    if (e->painting) {
        editor_cell_at(a, x, y, &e->paint_x, &e->paint_y);
        paint_to_mouse(a);
        ed_stroke_end(e->doc);
        e->painting = false;
    }
    if (e->shaping) {
        int cx, cy;
        editor_cell_at(a, x, y, &cx, &cy);
        e->shaping = false;
        shape_to(a, cx, cy);
    }
}

/// The editor's own keys without Ctrl (F1 lists them): what each does, and whether holding it
/// repeats.
static const struct {
    SDL_Keycode sym;
    editor_act act;
    int arg;
    bool repeats;
} editor_keys[] = {
    {SDLK_b, EACT_TOOL, EDITOR_BRUSH, false},
    {SDLK_r, EACT_TOOL, EDITOR_RECT, false},
    {SDLK_l, EACT_TOOL, EDITOR_LINE, false},
    {SDLK_f, EACT_TOOL, EDITOR_FILL, false},
    {SDLK_i, EACT_TOOL, EDITOR_PICK, false},
    {SDLK_h, EACT_TOOL, EDITOR_PAN, false},
    {SDLK_1, EACT_KIND, 0, false},
    {SDLK_2, EACT_KIND, 1, false},
    {SDLK_3, EACT_KIND, 2, false},
    {SDLK_4, EACT_KIND, 3, false},
    {SDLK_5, EACT_KIND, 4, false},
    {SDLK_LEFTBRACKET, EACT_BRUSH, -1, true},
    {SDLK_RIGHTBRACKET, EACT_BRUSH, 1, true},
    {SDLK_g, EACT_GRID, 0, false},
    {SDLK_p, EACT_PLAY, 0, false},
    {SDLK_HOME, EACT_FIT, 0, false},
    {SDLK_EQUALS, EACT_ZOOM, 1, true},
    {SDLK_PLUS, EACT_ZOOM, 1, true},
    {SDLK_KP_PLUS, EACT_ZOOM, 1, true},
    {SDLK_MINUS, EACT_ZOOM, -1, true},
    {SDLK_KP_MINUS, EACT_ZOOM, -1, true},
};

/// The editor's own keys (fixed, listed by F1); false for the others, which go on to the
/// mapper (F1, the overlays' F keys, F11, M, Esc).
static bool key_down(app *a, const SDL_KeyboardEvent *k) {
    app_editor *e = a->ed;
    const bool ctrl = (k->keysym.mod & KMOD_CTRL) != 0, shift = (k->keysym.mod & KMOD_SHIFT) != 0;
    const SDL_Keycode sym = k->keysym.sym;
    if (ctrl) { // undo, redo, save, save as: the bar's buttons
        editor_act act;
        if (sym == SDLK_z)
            act = shift ? EACT_REDO : EACT_UNDO;
        else if (sym == SDLK_y)
            act = EACT_REDO;
        else if (sym == SDLK_s)
            act = shift ? EACT_SAVE_AS : EACT_SAVE;
        else
            return false;
        button_press(a, &(editor_button){.act = act, .enabled = true});
        return true;
    }
    if (sym == SDLK_SPACE) {
        e->space = true;
        return true;
    }
    for (size_t i = 0; i < sizeof editor_keys / sizeof *editor_keys; i++) {
        if (editor_keys[i].sym != sym) continue;
        if (!k->repeat || editor_keys[i].repeats) { // other keys act once however long held
            editor_button b = {
                .act = editor_keys[i].act, .arg = editor_keys[i].arg, .enabled = true};
            button_press(a, &b);
        }
        return true;
    }
    return false;
}

bool app_editor_event(app *a, const SDL_Event *ev) {
    if (a->screen != SCREEN_EDITOR || !a->ed || !a->ed->doc) return false;
    app_editor *e = a->ed;
    if (e->naming) return naming_event(a, ev);
    switch (ev->type) {
    case SDL_MOUSEBUTTONDOWN:
        e->mouse_x = (float)ev->button.x;
        e->mouse_y = (float)ev->button.y;
        mouse_down(a, e->mouse_x, e->mouse_y, ev->button.button);
        return true;
    case SDL_MOUSEBUTTONUP:
        mouse_up(a, (float)ev->button.x, (float)ev->button.y, ev->button.button);
        return true;
    case SDL_MOUSEMOTION:
        e->mouse_x = (float)ev->motion.x;
        e->mouse_y = (float)ev->motion.y;
        mouse_move(a, e->mouse_x, e->mouse_y);
        return true;
    case SDL_MOUSEWHEEL:
        if (ev->wheel.y) zoom_at(a, ev->wheel.y > 0 ? 1.15f : 1.0f / 1.15f, e->mouse_x, e->mouse_y);
        return true;
    case SDL_KEYDOWN:
        return key_down(a, &ev->key);
    case SDL_KEYUP:
        if (ev->key.keysym.sym == SDLK_SPACE) e->space = false;
        return false; // releases go on: nothing stays held in the mapper
    default:
        return false;
    }
}

/// The window's title names the map and marks unsaved edits.
static void update_title(app *a) {
    app_editor *e = a->ed;
    const bool dirty = ed_dirty(e->doc);
    if (e->shown_revision == ed_revision(e->doc) && e->shown_dirty == dirty) return;
    e->shown_revision = ed_revision(e->doc);
    e->shown_dirty = dirty;
    if (!a->window) return;
    const char *path = ed_path(e->doc), *slash = strrchr(path, '/');
    char title[PATH_MAX + 64];
    snprintf(title, sizeof title, "%s%s - Arena map editor", dirty ? "*" : "",
             path[0] ? (slash ? slash + 1 : path) : e->untitled);
    SDL_SetWindowTitle(a->window, title);
}

void app_editor_update(app *a, bool back) {
    app_editor *e = a->ed;
    if (!e || !e->doc) return;
    e->status_age += a->frame_dt;
    if (e->cam.screen_w != a->view.cam.screen_w || e->cam.screen_h != a->view.cam.screen_h) {
        e->cam.screen_w = a->view.cam.screen_w; // the window changed size: the same centre
        e->cam.screen_h = a->view.cam.screen_h;
    }
    editor_button b[EDITOR_BUTTONS_MAX];
    const int n = editor_buttons(a, b);
    const int hover = e->naming ? -1 : editor_button_at(b, n, e->mouse_x, e->mouse_y);
    e->hover_time = hover == e->hover ? e->hover_time + a->frame_dt : 0.0f;
    e->hover = hover;
    paint_to_mouse(a);
    update_title(a);
    if (back && a->overlays.help)
        a->overlays.help = false;
    else if (back && !e->painting && !e->shaping)
        app_ask_if_map_unsaved(a, CONFIRM_LEAVE_EDITOR); // the document may be gone after it
}

void app_editor_play(app *a) {
    app_editor *e = a->ed;
    if (ed_stroke_open(e->doc)) ed_stroke_end(e->doc);
    e->painting = e->shaping = e->panning = false;
    e->playing = true;
    char err[256];
    if (!app_start_match(a, false, err, sizeof err)) {
        e->playing = false;
        set_status(a, true, "Cannot play this map: ", err);
        return;
    }
    app_go(a, SCREEN_PLAY);
}

void app_editor_back(app *a) {
    a->ed->playing = false;
    fx_clear(&a->view.fx);
    app_go(a, SCREEN_EDITOR);
}
