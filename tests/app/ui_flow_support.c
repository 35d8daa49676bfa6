// What the windowed tests share (ui_flow_support.h): stepping frames, pushing mouse, key and
// wheel events, finding and clicking menu items, pictures of the screen and the replay files.
#include "ui_flow_support.h"

#include "test.h"

#include "replay_save.h"
#include "results_view.h"
#include "sim_internal.h"

#include <SDL_image.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>

app a;
static const float DT = 1.0f / 60.0f;

void frames(int n) {
    for (int i = 0; i < n; i++) app_window_step(&a, DT);
}

Uint32 window_id(void) {
    return SDL_GetWindowID(a.window);
}

void push_motion(float x, float y) {
    SDL_Event e = {0};
    e.type = SDL_MOUSEMOTION;
    e.motion.windowID = window_id();
    e.motion.x = (int)x;
    e.motion.y = (int)y;
    SDL_PushEvent(&e);
}

void push_button(float x, float y, bool down, Uint8 button) {
    SDL_Event e = {0};
    e.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
    e.button.windowID = window_id();
    e.button.button = button;
    e.button.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.button.clicks = 1;
    e.button.x = (int)x;
    e.button.y = (int)y;
    SDL_PushEvent(&e);
}

void key_mod(SDL_Keycode sym, SDL_Scancode sc, Uint16 mod) {
    for (int down = 1; down >= 0; down--) {
        SDL_Event e = {0};
        e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
        e.key.windowID = window_id();
        e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
        e.key.keysym.sym = sym;
        e.key.keysym.scancode = sc;
        e.key.keysym.mod = mod;
        SDL_PushEvent(&e);
        frames(2);
    }
}

void key(SDL_Keycode sym, SDL_Scancode sc) {
    key_mod(sym, sc, KMOD_NONE);
}

/// The rectangle of the current screen's item whose label (or value) is `label`.
bool find_item(const char *label, SDL_FRect *r, int *index) {
    static menu m;
    app_screen_menu(&a, &m);
    for (int i = 0; i < m.count; i++)
        if (!strcmp(m.items[i].label, label) || !strcmp(m.items[i].value, label)) {
            *r = m.items[i].rect;
            if (index) *index = i;
            return true;
        }
    return false;
}

void push_wheel(int y) {
    SDL_Event e = {0};
    e.type = SDL_MOUSEWHEEL;
    e.wheel.windowID = window_id();
    e.wheel.y = y;
    SDL_PushEvent(&e);
}

/// Scrolls the menu with the wheel (over the labels, where it does not change values) until the
/// item is in view, as a player would.
bool scroll_to(const char *label, SDL_FRect *r) {
    static menu m;
    for (int k = 0; k < 40; k++) {
        if (!find_item(label, r, NULL)) return false;
        app_screen_menu(&a, &m);
        if (r->y >= m.view.y && r->y + r->h <= m.view.y + m.view.h) return true;
        push_motion(m.view.x + 4, m.view.y + 0.5f * m.view.h);
        push_wheel(r->y < m.view.y ? 1 : -1);
        frames(1);
    }
    return false;
}

/// Moves the mouse onto the item and clicks it at (fx, fy) of its rectangle (0..1).
bool click_item_at(const char *label, float fx, float fy) {
    SDL_FRect r;
    if (!scroll_to(label, &r)) {
        fprintf(stderr, "no item '%s' on screen %d\n", label, (int)a.screen);
        return false;
    }
    float x = r.x + fx * r.w, y = r.y + fy * r.h;
    push_motion(x, y);
    frames(2);
    push_button(x, y, true, SDL_BUTTON_LEFT);
    push_button(x, y, false, SDL_BUTTON_LEFT);
    frames(3);
    return true;
}

bool click_item(const char *label) {
    return click_item_at(label, 0.5f, 0.5f);
}

/// Draws the current frame and keeps it as build/ui_flow_NAME.png; returns the picture.
SDL_Surface *picture(const char *name) {
    app_draw(&a);
    int w, h;
    SDL_GetRendererOutputSize(a.renderer, &w, &h);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
    if (!s) return NULL;
    if (SDL_RenderReadPixels(a.renderer, NULL, SDL_PIXELFORMAT_RGBA32, s->pixels, s->pitch) != 0) {
        SDL_FreeSurface(s);
        return NULL;
    }
    char path[512];
    snprintf(path, sizeof path, "%s/ui_flow_%s.png", ARENA_BIN_DIR, name);
    IMG_SavePNG(s, path);
    return s;
}

SDL_Color pixel(const SDL_Surface *s, int x, int y) {
    const Uint8 *p = (const Uint8 *)s->pixels + y * s->pitch + x * 4;
    return (SDL_Color){p[0], p[1], p[2], p[3]};
}

/// True when the item's row is drawn highlighted: the row's fill is gold-tinted where an
/// unhighlighted row shows the dark panel.
bool highlighted_in(const SDL_Surface *s, const char *label) {
    SDL_FRect r;
    int index;
    if (!s || !find_item(label, &r, &index)) return false;
    // Sample the row's left edge area (inside the rounded panel, clear of the text).
    int gold = 0, n = 0;
    for (int x = (int)r.x + 6; x < (int)(r.x + 30); x += 3)
        for (int y = (int)r.y + 8; y < (int)(r.y + r.h - 8); y += 3) {
            SDL_Color c = pixel(s, x, y);
            gold += c.r > c.b + 20;
            n++;
        }
    (void)index;
    return n > 0 && gold * 2 > n;
}

/// Share of pixels that differ between two pictures.
double differing(const SDL_Surface *x, const SDL_Surface *y) {
    long diff = 0;
    for (int row = 0; row < x->h; row++)
        for (int col = 0; col < x->w; col++) {
            SDL_Color p = pixel(x, col, row), q = pixel(y, col, row);
            diff += abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b) > 30;
        }
    return (double)diff / ((double)x->w * x->h);
}

/// Share of differing pixels in the rows from y down.
double differing_below(const SDL_Surface *x, const SDL_Surface *y, int from) {
    long diff = 0, n = 0;
    for (int row = from; row < x->h; row++)
        for (int col = 0; col < x->w; col++, n++) {
            SDL_Color p = pixel(x, col, row), q = pixel(y, col, row);
            diff += abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b) > 30;
        }
    return n ? (double)diff / (double)n : 0.0;
}

/// Where the replay's note goes: under the results' buttons.
int note_top(void) {
    static menu m;
    app_screen_menu(&a, &m);
    return (int)(m.panel.y + m.panel.h);
}

/// The banner at the top middle ("REPLAY of your last match"): a dark backing with gold text.
bool banner_shown(const SDL_Surface *s) {
    int gold = 0, dark = 0, n = 0;
    for (int y = 16; y < 48; y++)
        for (int x = s->w / 2 - 200; x < s->w / 2 + 200; x++, n++) {
            SDL_Color c = pixel(s, x, y);
            gold += c.r > 150 && c.g > 120 && c.b < 100;
            dark += c.r < 60 && c.g < 70 && c.b < 75;
        }
    return gold > 100 && dark * 2 > n;
}

/// Time passes without drawing (app_tick is what a frame runs per tick owed): until player 1
/// falls, or with `to_end` until the session is done; then frames for the screens to follow.
void fast_forward(bool to_end) {
    for (int t = 0; t < 40000 && !session_done(a.view.shown); t++) {
        if (!to_end && session_world(a.view.shown)->agents[0].placement != 0) break;
        app_tick(&a);
    }
    frames(5);
}

/// From the player's fall to the results as a player would: past the moment presses are ignored
/// (APP_DEATH_GUARD), Esc for the spectating menu and its Results; then past the results' first
/// half second, when they ignore presses too.
void to_results(void) {
    if (a.screen == SCREEN_DEAD) {
        frames(62);
        key(SDLK_ESCAPE, SDL_SCANCODE_ESCAPE);
        CHECK(a.screen == SCREEN_SPECTATE_MENU);
        CHECK(click_item("Results"));
    }
    frames(31);
}

/// Empties a folder of files (the replays of an earlier run).
void empty_folder(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return;
    char path[PATH_MAX + 256];
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        remove(path);
    }
    closedir(d);
}

bool same_bytes(const char *path, const uint8_t *data, size_t size) {
    FILE *f = fopen(path, "rb");
    if (!f) return false;
    uint8_t *got = malloc(size + 1);
    size_t n = got ? fread(got, 1, size + 1, f) : 0;
    fclose(f);
    bool same = got && n == size && !memcmp(got, data, size);
    free(got);
    return same;
}

/// `arena --replay FILE --headless` verifies it: exit 0 and "replay ok".
bool plays_back_ok(const char *path) {
    char cmd[PATH_MAX * 2];
    snprintf(cmd, sizeof cmd, "'%s/arena' --replay '%s' --headless", ARENA_BIN_DIR, path);
    FILE *p = popen(cmd, "r");
    if (!p) return false;
    char line[256];
    bool ok = false;
    while (fgets(line, sizeof line, p)) ok = !strcmp(line, "replay ok\n");
    return pclose(p) == 0 && ok;
}

/// A five-bot match on the default map, seed 7, straight from the command line (no title).
bool open_small_match(void) {
    char *argv[] = {"arena", "--seed", "7", "--bots", "5", "--map", "arena", NULL};
    arena_options o;
    return arena_parse_options(7, argv, &o) && app_window_open(&a, &o) == 0;
}
