#include "menu.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const SDL_Color WHITE = {255, 255, 255, 255};
static const SDL_Color GOLD = {255, 214, 80, 255};
static const SDL_Color WARN = {255, 110, 100, 255};
static const SDL_Color HEADING = {170, 190, 220, 255};
/// Text on the highlight's gold: dark, for contrast (gold on gold hardly reads).
static const SDL_Color ON_GOLD = {30, 24, 10, 255};

enum { PAD = 18, ROW = 46, HEADING_ROW = 34, NOTE_ROOM = 44 };

static float row_height(const menu_item *it) {
    return it->kind == MENU_HEADING ? HEADING_ROW : ROW;
}

static bool selectable(const menu_item *it) {
    return it->kind != MENU_HEADING;
}

void menu_begin(menu *m, const char *title) {
    m->count = 0;
    m->title = title;
    m->note = NULL;
    m->label_w = 0;
}

static menu_item *add(menu *m, menu_kind kind, int id, const char *label) {
    if (m->count >= MENU_MAX_ITEMS) return NULL;
    menu_item *it = &m->items[m->count++];
    memset(it, 0, sizeof *it);
    it->kind = kind;
    it->id = id;
    snprintf(it->label, sizeof it->label, "%s", label ? label : "");
    return it;
}

int menu_add(menu *m, menu_kind kind, int id, const char *label, const char *value) {
    menu_item *it = add(m, kind, id, label);
    if (!it) return -1;
    snprintf(it->value, sizeof it->value, "%s", value ? value : "");
    return m->count - 1;
}

static int add_cells(menu *m, menu_kind kind, int id, const char *label, const char *const *cells,
                     int count) {
    menu_item *it = add(m, kind, id, label);
    if (!it) return -1;
    it->cell_count = count < MENU_CELLS_MAX ? count : MENU_CELLS_MAX;
    for (int c = 0; c < it->cell_count; c++)
        snprintf(it->cells[c], sizeof it->cells[c], "%s", cells[c] ? cells[c] : "");
    return m->count - 1;
}

int menu_add_cells(menu *m, int id, const char *label, const char *const *cells, int count) {
    return add_cells(m, MENU_CELLS, id, label, cells, count);
}

int menu_add_columns(menu *m, const char *label, const char *const *cells, int count) {
    return add_cells(m, MENU_HEADING, MENU_NONE, label, cells, count);
}

void menu_reset(menu_nav *nav, const menu *m) {
    nav->selected = 0;
    nav->cell = 0;
    nav->scroll = 0;
    nav->shown = -1;
    for (int i = 0; i < m->count; i++)
        if (selectable(&m->items[i])) {
            nav->selected = i;
            break;
        }
}

void menu_select_id(menu_nav *nav, int id) {
    nav->select_id = id;
    nav->select_pending = true;
}

int menu_selected_id(const menu *m, const menu_nav *nav) {
    return nav->selected >= 0 && nav->selected < m->count ? m->items[nav->selected].id : MENU_NONE;
}

void menu_layout(menu *m, menu_nav *nav, float screen_w, float screen_h, float top, float width) {
    if (nav->select_pending) {
        nav->select_pending = false;
        for (int i = 0; i < m->count; i++)
            if (m->items[i].id == nav->select_id && selectable(&m->items[i])) nav->selected = i;
    }
    width = fminf(width, screen_w - 24.0f);
    float content = 0;
    for (int i = 0; i < m->count; i++) content += row_height(&m->items[i]);
    float room = screen_h - top - (m->note ? NOTE_ROOM : 12.0f);
    float h = fminf(content + 2 * PAD, fmaxf(room, 2.0f * PAD + ROW));
    m->panel = (SDL_FRect){0.5f * (screen_w - width), top, width, h};
    m->view = (SDL_FRect){m->panel.x + PAD, top + PAD, width - 2 * PAD, h - 2 * PAD};
    m->label_w = 0.3f * m->view.w;
    // Keep the highlighted row in view, and never scroll past the end.
    float y = 0, sel_y = 0, sel_h = ROW;
    for (int i = 0; i < m->count; i++) {
        if (i == nav->selected) {
            sel_y = y;
            sel_h = row_height(&m->items[i]);
        }
        y += row_height(&m->items[i]);
    }
    if (nav->selected != nav->shown) { // a new selection (by the keys) comes into view
        if (sel_y < nav->scroll) nav->scroll = sel_y;
        if (sel_y + sel_h > nav->scroll + m->view.h) nav->scroll = sel_y + sel_h - m->view.h;
        nav->shown = nav->selected;
    }
    nav->scroll = fmaxf(0.0f, fminf(nav->scroll, content - m->view.h));
    m->more_above = nav->scroll > 0.5f;
    m->more_below = nav->scroll < content - m->view.h - 0.5f;
    y = m->view.y - nav->scroll;
    for (int i = 0; i < m->count; i++) {
        float rh = row_height(&m->items[i]);
        m->items[i].rect = (SDL_FRect){m->view.x, y, m->view.w, rh - 6};
        y += rh;
    }
}

/// A choice's label column (none for a choice without a label).
static float choice_label_w(const menu_item *it) {
    return it->label[0] ? 0.45f * it->rect.w : 0.0f;
}

static bool inside(SDL_FRect r, float x, float y) {
    return x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
}

/// The rectangle of cell c of a cells row.
static SDL_FRect cell_rect(const menu *m, const menu_item *it, int c) {
    float x0 = it->rect.x + m->label_w, w = (it->rect.w - m->label_w) / (float)it->cell_count;
    return (SDL_FRect){x0 + w * (float)c + 3, it->rect.y, w - 6, it->rect.h};
}

/// The item (and cell) at a screen point, inside the panel's view; -1 for none.
static int item_at(const menu *m, float x, float y, int *cell) {
    if (!inside(m->view, x, y)) return -1;
    for (int i = 0; i < m->count; i++) {
        const menu_item *it = &m->items[i];
        if (!selectable(it) || !inside(it->rect, x, y)) continue;
        *cell = -1;
        for (int c = 0; c < it->cell_count; c++)
            if (inside(cell_rect(m, it, c), x, y)) *cell = c;
        return i;
    }
    return -1;
}

static void step(const menu *m, menu_nav *nav, int dir) {
    for (int k = 1; k <= m->count; k++) {
        int i = ((nav->selected + dir * k) % m->count + m->count) % m->count;
        if (selectable(&m->items[i])) {
            nav->selected = i;
            return;
        }
    }
}

/// What the player did, naming the item by its index in the menu.
typedef struct acted {
    int index; ///< or -1
    int delta;
    bool activate;
} acted;

static acted update(const menu *m, menu_nav *nav, input_state *in) {
    acted r = {-1, 0, false};
    if (m->count == 0) return r;
    if (nav->selected < 0 || nav->selected >= m->count || !selectable(&m->items[nav->selected]))
        menu_reset(nav, m);
    int cell = -1;
    // Hover: only when the mouse moved, so a resting cursor never fights the keys.
    if (in->mouse_x != nav->mouse_x || in->mouse_y != nav->mouse_y) {
        nav->mouse_x = in->mouse_x;
        nav->mouse_y = in->mouse_y;
        int i = item_at(m, in->mouse_x, in->mouse_y, &cell);
        if (i >= 0) {
            nav->selected = i;
            if (cell >= 0) nav->cell = cell;
        }
    }
    if (input_take_action(in, ACT_UP)) step(m, nav, -1);
    if (input_take_action(in, ACT_DOWN)) step(m, nav, 1);
    const menu_item *it = &m->items[nav->selected];
    int dir = 0;
    if (input_take_action(in, ACT_LEFT)) dir--;
    if (input_take_action(in, ACT_RIGHT)) dir++;
    if (it->kind == MENU_CELLS && dir)
        nav->cell = nav->cell + dir < 0 ? 0 : SDL_min(nav->cell + dir, it->cell_count - 1);
    else if (it->kind == MENU_CHOICE && dir)
        r = (acted){nav->selected, dir, false};
    // The wheel over a choice's value steps it; elsewhere it scrolls a long list.
    int wheel = 0;
    while (input_take_action(in, ACT_WHEEL_UP)) wheel++;
    while (input_take_action(in, ACT_WHEEL_DOWN)) wheel--;
    int under = wheel ? item_at(m, in->mouse_x, in->mouse_y, &cell) : -1;
    if (under >= 0 && m->items[under].kind == MENU_CHOICE &&
        in->mouse_x >= m->items[under].rect.x + choice_label_w(&m->items[under]))
        r = (acted){under, wheel > 0 ? 1 : -1, false};
    else if (wheel)
        nav->scroll -= (float)wheel * ROW;
    if (input_take_action(in, ACT_CONFIRM))
        r = (acted){nav->selected, it->kind == MENU_CHOICE ? 1 : 0, it->kind != MENU_CHOICE};
    while (input_take_action(in, ACT_CLICK)) {
        int i = item_at(m, in->click_x, in->click_y, &cell);
        if (i < 0) continue;
        nav->selected = i;
        const menu_item *c = &m->items[i];
        if (c->kind == MENU_CHOICE) { // the value's left half steps back, the rest forward
            float lw = choice_label_w(c), mid = c->rect.x + lw + 0.5f * (c->rect.w - lw);
            r = (acted){i, in->click_x >= c->rect.x + lw && in->click_x < mid ? -1 : 1, false};
        } else if (c->kind == MENU_CELLS && cell < 0)
            continue; // the label of a cells row: selects it, runs nothing
        else
            r = (acted){i, 0, true};
        if (cell >= 0) nav->cell = cell;
    }
    return r;
}

menu_result menu_update(const menu *m, menu_nav *nav, input_state *in) {
    acted r = update(m, nav, in);
    return (menu_result){r.index >= 0 ? m->items[r.index].id : MENU_NONE, r.delta, r.activate};
}

/// Text that fits `width`: shrunk from `scale` down to 1, then cut.
static void fit_text(gfx *g, float x, float y, float width, float scale, SDL_Color c,
                     const char *text, bool centred) {
    while (scale > 1.0f && gfx_text_width(scale, text) > width) scale -= 0.25f;
    char cut[MENU_TEXT];
    snprintf(cut, sizeof cut, "%s", text);
    for (size_t n = strlen(cut); n > 1 && gfx_text_width(scale, cut) > width; n--) cut[n - 1] = 0;
    float dy = (2.0f - scale) * 4.0f; // smaller text sits on the same middle line
    if (centred)
        gfx_text_centered(g, x + 0.5f * width, y + dy, scale, c, cut);
    else
        gfx_text(g, x, y + dy, scale, c, cut);
}

/// A small tab centred on the panel's edge at y.
static void more_mark(gfx *g, float cx, float y, const char *text) {
    const float w = gfx_text_width(1.0f, text) + 20;
    SDL_FRect r = {cx - 0.5f * w, y - 11, w, 22};
    gfx_fill_rect(g, r, (SDL_Color){14, 18, 28, 240});
    gfx_panel(g, r, (SDL_Color){170, 190, 220, 200});
    gfx_text_centered(g, cx, y - 8, 1.0f, WHITE, text);
}

void menu_draw(const menu *m, const menu_nav *nav, gfx *g, float time) {
    if (m->title) {
        float cx = m->panel.x + 0.5f * m->panel.w, ty = m->panel.y - 64;
        gfx_text_centered(g, cx + 3, ty + 3, 4.0f, (SDL_Color){0, 0, 0, 170}, m->title);
        gfx_text_centered(g, cx, ty, 4.0f, WHITE, m->title);
    }
    gfx_backing(g, m->panel);
    SDL_Rect clip = {(int)m->view.x - 4, (int)m->view.y - 2, (int)m->view.w + 8,
                     (int)m->view.h + 4};
    SDL_RenderSetClipRect(g->renderer, &clip);
    float pulse = 0.5f + 0.5f * sinf(time * 5.0f);
    for (int i = 0; i < m->count; i++) {
        const menu_item *it = &m->items[i];
        SDL_FRect r = it->rect;
        if (r.y + r.h < m->view.y || r.y > m->view.y + m->view.h) continue;
        bool sel = i == nav->selected;
        float ty = r.y + 0.5f * r.h - 8;
        if (it->kind == MENU_HEADING) { // fits its row: shrunk, then cut
            const float lw = it->cell_count ? m->label_w - 14 : r.w - 8;
            fit_text(g, r.x + 4, r.y + 6, lw, 1.5f, HEADING, it->label, false);
            for (int c = 0; c < it->cell_count; c++) {
                SDL_FRect cr = cell_rect(m, it, c);
                fit_text(g, cr.x + 2, r.y + 6, cr.w - 4, 1.5f, HEADING, it->cells[c], true);
            }
            gfx_fill_rect(g, (SDL_FRect){r.x, r.y + r.h - 2, r.w, 1},
                          (SDL_Color){170, 190, 220, 90});
            continue;
        }
        if (sel && it->kind != MENU_CELLS) {
            gfx_panel(g, r, (SDL_Color){255, 230, 150, 230});
            gfx_fill_rect(g, (SDL_FRect){r.x + 3, r.y + 3, r.w - 6, r.h - 6},
                          (SDL_Color){255, 208, 80, (Uint8)(205 + 40 * pulse)});
        } else if (sel)
            gfx_fill_rect(g, r, (SDL_Color){255, 230, 150, 40});
        SDL_Color col = sel && it->kind != MENU_CELLS ? ON_GOLD : sel ? GOLD : WHITE;
        switch (it->kind) {
        case MENU_BUTTON:
            fit_text(g, r.x + 8, ty, r.w - 16, 2.0f, col, it->label, true);
            break;
        case MENU_CHOICE: {
            float lw = choice_label_w(it);
            if (lw > 0) fit_text(g, r.x + 16, ty, lw - 16, 2.0f, col, it->label, false);
            float vx = r.x + lw, vw = r.w - lw;
            gfx_text(g, vx + 6, ty, 2.0f, sel ? ON_GOLD : HEADING, "<");
            gfx_text(g, vx + vw - 22, ty, 2.0f, sel ? ON_GOLD : HEADING, ">");
            fit_text(g, vx + 28, ty, vw - 56, 2.0f, (it->warn & 1u) ? WARN : col, it->value, true);
            break;
        }
        case MENU_FIELD: {
            float lw = choice_label_w(it);
            fit_text(g, r.x + 16, ty, lw - 16, 2.0f, col, it->label, false);
            gfx_fill_rect(g, (SDL_FRect){r.x + lw, r.y + 4, r.w - lw - 8, r.h - 8},
                          (SDL_Color){0, 0, 0, sel ? 90 : 60});
            fit_text(g, r.x + lw + 8, ty, r.w - lw - 24, 2.0f, col, it->value, false);
            break;
        }
        case MENU_CELLS:
            fit_text(g, r.x + 10, ty + 2, m->label_w - 14, 1.5f, col, it->label, false);
            for (int c = 0; c < it->cell_count; c++) {
                SDL_FRect cr = cell_rect(m, it, c);
                bool on = sel && c == nav->cell;
                gfx_fill_rect(g, cr,
                              on ? (SDL_Color){255, 214, 80, (Uint8)(150 + 60 * pulse)}
                                 : (SDL_Color){255, 255, 255, 28});
                SDL_Color tc =
                    (it->warn >> c) & 1u ? WARN : (on ? (SDL_Color){30, 24, 10, 255} : WHITE);
                fit_text(g, cr.x + 4, ty + 2, cr.w - 8, 1.5f, tc, it->cells[c], true);
            }
            break;
        case MENU_HEADING:
            break;
        }
    }
    SDL_RenderSetClipRect(g->renderer, NULL);
    // More of a long list out of view: a mark on the panel's edge, where the wheel or the
    // arrows bring it.
    const float cx = m->panel.x + 0.5f * m->panel.w;
    if (m->more_above) more_mark(g, cx, m->panel.y, "^ more ^");
    if (m->more_below) more_mark(g, cx, m->panel.y + m->panel.h, "v more v");
    if (m->note)
        gfx_text_centered(g, m->panel.x + 0.5f * m->panel.w, m->panel.y + m->panel.h + 16, 1.0f,
                          (SDL_Color){220, 225, 235, 230}, m->note);
}
