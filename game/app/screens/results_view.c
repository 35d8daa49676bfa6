// The scoreboard drawn on the results screen: layout first (results_view_layout, also what the
// tests measure), then the panel, headline, fate line, stat card and top-players table.
#include "results_view.h"

#include <stdio.h>

#define PAD         20.0f
#define WIDE_MIN    680.0f ///< from this band width, the card and the table sit side by side
#define PANEL_MAX   780.0f
#define CARD_W      340.0f ///< the card's width beside the table
#define TITLE_SCALE 4.0f
#define TITLE_H     (ART_FONT_H * TITLE_SCALE)
#define LINE_SCALE  1.5f ///< the fate line, the table's heading and rows
#define LINE_H      (ART_FONT_H * LINE_SCALE)
#define FATE_H      28.0f
#define HURT_LINES  2 ///< "Hurt by ..." wraps to at most this many lines
#define TILE_H      58.0f
#define TILE_GAP    10.0f
#define SKILLS_GAP  12.0f
#define SKILL_ICON  32.0f
#define SKILLS_H    (SKILL_ICON + 12.0f) ///< icons and their level pips
#define CARD_H      (2.0f * TILE_H + TILE_GAP + SKILLS_GAP + SKILLS_H)
#define HEAD_H      26.0f ///< "TOP PLAYERS"
#define COLS_H      20.0f ///< the column names
#define ROW_H       24.0f
#define SEP_H       12.0f  ///< the gap before the viewer's own row when it is not in the top
#define TABLE_ALONE 440.0f ///< the table's width without a viewer (no card)

static const SDL_Color WHITE = {255, 255, 255, 255};
static const SDL_Color GOLD = {255, 214, 80, 255};
static const SDL_Color SOFT = {175, 185, 205, 255}; ///< labels and column names
static const SDL_Color RED = {255, 140, 120, 255};
static const SDL_Color PURPLE = {210, 150, 255, 255};
static const SDL_Color GREEN = {140, 230, 140, 255};
static const SDL_Color HURT = {255, 200, 190, 255}; ///< who damaged the viewer
static const SDL_Color SHADOW = {0, 0, 0, 170};
static const SDL_Color PANEL = {255, 255, 255, 225}; ///< the 9-slice panel, translucent
static const SDL_Color TILE = {0, 0, 0, 70};
static const SDL_Color STRIPE = {255, 255, 255, 14};
static const SDL_Color HIGHLIGHT = {255, 214, 80,
                                    34}; ///< faint: the gold text on it must stand out

static bool has_viewer(const sim_scoreboard *sb) {
    return sb->fate != SIM_FATE_NONE;
}

/// "Hurt by Bot 7: Rifle 62; Zone 9" into t (n bytes); false when nobody hurt the viewer.
static bool hurt_line(const sim_scoreboard *sb, char *t, size_t n) {
    if (!has_viewer(sb) || (sb->hurt_count == 0 && sb->hurt_other == 0)) return false;
    const int len = snprintf(t, n, "Hurt by ");
    sim_scoreboard_hurt_text(sb, t + len, n - (size_t)len);
    return true;
}

/// The viewer's own row follows the top rows when the viewer is not among them.
static bool viewer_row_apart(const sim_scoreboard *sb) {
    return has_viewer(sb) && sb->viewer_top < 0;
}

void results_view_layout(float x, float y, float width, const sim_scoreboard *sb,
                         results_layout *out) {
    *out = (results_layout){0};
    const bool wide = width >= WIDE_MIN;
    // Without a viewer the panel holds the table alone: no wider than it needs.
    const float most = has_viewer(sb) ? PANEL_MAX : TABLE_ALONE + 2.0f * PAD;
    const float pw = (wide || !has_viewer(sb)) && width > most ? most : width;
    const float left = x + 0.5f * (width - pw), inner = pw - 2.0f * PAD;
    float cy = y + PAD;
    out->title = (SDL_FRect){left + PAD, cy, inner, TITLE_H};
    cy += TITLE_H;
    // The "Hurt by" line takes its room from the gaps around the fate (no taller for a line),
    // so the buttons keep their place under the panel on a short screen.
    char t[256];
    const bool hurt = hurt_line(sb, t, sizeof t);
    if (has_viewer(sb)) {
        cy += hurt ? 0.0f : 6.0f;
        out->fate = (SDL_FRect){left + PAD, cy, inner, FATE_H};
        cy += FATE_H;
        if (hurt) {
            const float h = gfx_text_wrapped(NULL, 0, 0, 1.0f, WHITE, t, inner, HURT_LINES);
            out->hurt = (SDL_FRect){left + PAD, cy, inner, h};
            cy += h - 12.0f;
        }
    }
    cy += 16.0f;
    out->row_count = sb->top_count + (viewer_row_apart(sb) ? 1 : 0);
    const float table_h =
        HEAD_H + COLS_H + ROW_H * (float)out->row_count + (viewer_row_apart(sb) ? SEP_H : 0.0f);
    if (has_viewer(sb) && wide) {
        out->card = (SDL_FRect){left + PAD, cy, CARD_W, CARD_H};
        out->table = (SDL_FRect){left + 2.0f * PAD + CARD_W, cy, inner - CARD_W - PAD, table_h};
        cy += table_h > CARD_H ? table_h : CARD_H;
    } else if (has_viewer(sb)) {
        out->card = (SDL_FRect){left + PAD, cy, inner, CARD_H};
        cy += CARD_H + 16.0f;
        out->table = (SDL_FRect){left + PAD, cy, inner, table_h};
        cy += table_h;
    } else {
        const float tw = inner < TABLE_ALONE ? inner : TABLE_ALONE;
        out->table = (SDL_FRect){left + PAD + 0.5f * (inner - tw), cy, tw, table_h};
        cy += table_h;
    }
    cy += PAD;
    out->panel = (SDL_FRect){left, y, pw, cy - y};
    float ry = out->table.y + HEAD_H + COLS_H;
    for (int k = 0; k < out->row_count; k++) {
        if (k == sb->top_count) ry += SEP_H;
        out->rows[k] = (SDL_FRect){out->table.x, ry, out->table.w, ROW_H};
        ry += ROW_H;
    }
}

static void text_shadow(gfx *g, float x, float y, float scale, SDL_Color c, const char *t) {
    const float off = scale < 2.0f ? 1.0f : 0.75f * scale;
    gfx_text(g, x + off, y + off, scale, SHADOW, t);
    gfx_text(g, x, y, scale, c, t);
}

/// Text whose right edge is at x.
static void text_right(gfx *g, float x, float y, float scale, SDL_Color c, const char *t) {
    gfx_text(g, x - gfx_text_width(scale, t), y, scale, c, t);
}

static void draw_title(gfx *g, const SDL_FRect *r, const sim_scoreboard *sb) {
    char t[48];
    SDL_Color c = WHITE;
    switch (sb->fate) {
    case SIM_FATE_WON:
        snprintf(t, sizeof t, "WINNER!");
        c = GOLD;
        break;
    case SIM_FATE_PLAYING:
        snprintf(t, sizeof t, "STILL STANDING");
        c = GREEN;
        break;
    case SIM_FATE_NONE:
        snprintf(t, sizeof t, sb->over ? "MATCH OVER" : "STANDINGS");
        break;
    default:
        snprintf(t, sizeof t, "#%d of %d", sb->viewer.placement, sb->agents);
        break;
    }
    const float w = gfx_text_width(TITLE_SCALE, t);
    text_shadow(g, r->x + 0.5f * (r->w - w), r->y, TITLE_SCALE, c, t);
}

/// Where the whole barrel (with its contact shadow) lies in its cell of props.png.
#define BARREL_CROP_X 10
#define BARREL_CROP_Y 20
#define BARREL_CROP_W 34
#define BARREL_CROP_H 42

/// The barrel of props.png, `h` pixels tall, its left edge at x; returns its width.
static float draw_barrel(gfx *g, float x, float y, float h) {
    Uint8 r, gg, b, a;
    SDL_GetTextureColorMod(g->props, &r, &gg, &b);
    SDL_GetTextureAlphaMod(g->props, &a);
    gfx_color_mod(g, g->props, 255, 255, 255);
    gfx_alpha_mod(g, g->props, 255);
    const SDL_Rect src = {BARREL_CROP_X, (1 + ART_BREAKABLE_BARREL) * ART_PROP_H + BARREL_CROP_Y,
                          BARREL_CROP_W, BARREL_CROP_H};
    const float w = h * (float)BARREL_CROP_W / (float)BARREL_CROP_H;
    gfx_copy(g, g->props, &src, &(SDL_FRect){x, y, w, h});
    gfx_color_mod(g, g->props, r, gg, b);
    gfx_alpha_mod(g, g->props, a);
    return w;
}

/// "Eliminated by Bot 7 with the Rifle" with the weapon (a barrel, the zone) beside it.
static void draw_fate(gfx *g, const SDL_FRect *r, const sim_scoreboard *sb) {
    SDL_Color c = sb->fate == SIM_FATE_ELIMINATED ? RED
                  : sb->fate == SIM_FATE_ZONE     ? PURPLE
                  : sb->fate == SIM_FATE_WON      ? GOLD
                                                  : GREEN;
    const float icon = 32.0f, gap = 8.0f;
    const bool weapon = sb->harm >= 0 && sb->harm < SIM_WEAPON_COUNT;
    const bool barrel = sb->harm == SIM_HARM_BARREL, zone = sb->harm == SIM_HARM_ZONE;
    const float icon_w = weapon || zone ? icon
                         : barrel       ? icon * BARREL_CROP_W / BARREL_CROP_H
                                        : 0.0f;
    const float tw = gfx_text_width(LINE_SCALE, sb->fate_text);
    const float total = tw + (icon_w > 0.0f ? icon_w + gap : 0.0f);
    float x = r->x + 0.5f * (r->w - total);
    text_shadow(g, x, r->y + 0.5f * (r->h - LINE_H), LINE_SCALE, c, sb->fate_text);
    x += tw + gap;
    const float iy = r->y + 0.5f * (r->h - icon);
    if (weapon) gfx_pickup_icon(g, sb->harm, x, iy, icon, WHITE);
    if (zone) gfx_icon(g, ART_ICON_ZONE, x, iy, icon, WHITE);
    if (barrel) draw_barrel(g, x, iy, icon);
}

/// One figure of the card: an icon, the value large, its label small.
static void draw_tile(gfx *g, SDL_FRect r, int icon, const char *value, const char *label) {
    gfx_fill_rect(g, r, TILE);
    gfx_icon(g, icon, r.x + 10.0f, r.y + 0.5f * (r.h - 32.0f), 32.0f, WHITE);
    text_shadow(g, r.x + 52.0f, r.y + 6.0f, 2.0f, WHITE, value);
    gfx_text(g, r.x + 52.0f, r.y + 38.0f, 1.0f, SOFT, label);
}

static void draw_card(gfx *g, const SDL_FRect *r, const sim_scoreboard *sb) {
    const float tw = 0.5f * (r->w - TILE_GAP);
    char kills[16], damage[16], time[16], level[16];
    snprintf(kills, sizeof kills, "%d", sb->viewer.kills);
    snprintf(damage, sizeof damage, "%d", sb->viewer.damage);
    const int s = (int)sb->survived_s;
    snprintf(time, sizeof time, "%d:%02d", s / 60, s % 60);
    snprintf(level, sizeof level, "%d", sb->viewer.level);
    const float x0 = r->x, x1 = r->x + tw + TILE_GAP, y0 = r->y, y1 = r->y + TILE_H + TILE_GAP;
    draw_tile(g, (SDL_FRect){x0, y0, tw, TILE_H}, ART_ICON_SKULL, kills, "KILLS");
    draw_tile(g, (SDL_FRect){x1, y0, tw, TILE_H}, ART_ICON_ATTACK, damage, "DAMAGE DEALT");
    draw_tile(g, (SDL_FRect){x0, y1, tw, TILE_H}, ART_ICON_CLOCK, time, "SURVIVED");
    draw_tile(g, (SDL_FRect){x1, y1, tw, TILE_H}, ART_ICON_GEM, level, "LEVEL");
    // The skills, as the HUD shows them: an icon each, dim until learnt, and a pip per level.
    const float sy = y1 + TILE_H + SKILLS_GAP, slot = r->w / SIM_SKILL_COUNT;
    const float pip = 5.0f, pip_gap = 2.0f;
    const float pips_w = SIM_SKILL_MAX_LEVEL * pip + (SIM_SKILL_MAX_LEVEL - 1) * pip_gap;
    for (int k = 0; k < SIM_SKILL_COUNT; k++) {
        const float cx = r->x + slot * ((float)k + 0.5f);
        const Uint8 dim = sb->skills[k] ? 255 : 90;
        gfx_icon(g, ART_ICON_REGEN + k, cx - 0.5f * SKILL_ICON, sy, SKILL_ICON,
                 (SDL_Color){dim, dim, dim, sb->skills[k] ? 255 : 200});
        for (int l = 0; l < SIM_SKILL_MAX_LEVEL; l++)
            gfx_fill_rect(g,
                          (SDL_FRect){cx - 0.5f * pips_w + (float)l * (pip + pip_gap),
                                      sy + SKILL_ICON + 5.0f, pip, pip},
                          l < sb->skills[k] ? GOLD : (SDL_Color){70, 72, 86, 220});
    }
}

/// Right edges of the kills and damage columns, from the table's right edge.
#define KILLS_RIGHT  104.0f
#define DAMAGE_RIGHT 10.0f
#define NAME_X       44.0f

/// A row of the table: the viewer's highlighted in gold, the name of whoever eliminated the
/// viewer in red.
static void draw_row(gfx *g, SDL_FRect r, const sim_score_row *row, const sim_scoreboard *sb,
                     bool viewer, bool stripe) {
    if (viewer) {
        gfx_fill_rect(g, r, HIGHLIGHT);
        gfx_fill_rect(g, (SDL_FRect){r.x, r.y, 3.0f, r.h}, GOLD);
    } else if (stripe) {
        gfx_fill_rect(g, r, STRIPE);
    }
    const SDL_Color c = viewer ? GOLD : WHITE;
    const float ty = r.y + 0.5f * (r.h - LINE_H);
    char t[16];
    if (row->placement > 0) {
        snprintf(t, sizeof t, "%d", row->placement);
        gfx_text(g, r.x + 10.0f, ty, LINE_SCALE, row->placement == 1 ? GOLD : c, t);
    } else { // alive: no placement yet
        gfx_disc(g, r.x + 18.0f, r.y + 0.5f * r.h, 5.0f, GREEN);
    }
    // Names longer than the room before the kills column are cut.
    const float room = r.w - KILLS_RIGHT - 40.0f - NAME_X;
    char name[SIM_NAME_SIZE];
    snprintf(name, sizeof name, "%s", row->name);
    const int fit = (int)(room / (ART_FONT_W * LINE_SCALE));
    if (fit >= 0 && fit < (int)sizeof name) name[fit] = '\0';
    gfx_text(g, r.x + NAME_X, ty, LINE_SCALE, row->agent == sb->killer ? RED : c, name);
    snprintf(t, sizeof t, "%d", row->kills);
    text_right(g, r.x + r.w - KILLS_RIGHT, ty, LINE_SCALE, c, t);
    snprintf(t, sizeof t, "%d", row->damage);
    text_right(g, r.x + r.w - DAMAGE_RIGHT, ty, LINE_SCALE, c, t);
}

static void draw_table(gfx *g, const results_layout *l, const sim_scoreboard *sb) {
    const SDL_FRect *r = &l->table;
    text_shadow(g, r->x + 4.0f, r->y, LINE_SCALE, GOLD, "TOP PLAYERS");
    const float cy = r->y + HEAD_H + 0.5f * (COLS_H - ART_FONT_H) - 2.0f;
    gfx_text(g, r->x + 10.0f, cy, 1.0f, SOFT, "#");
    gfx_text(g, r->x + NAME_X, cy, 1.0f, SOFT, "PLAYER");
    text_right(g, r->x + r->w - KILLS_RIGHT, cy, 1.0f, SOFT, "KILLS");
    text_right(g, r->x + r->w - DAMAGE_RIGHT, cy, 1.0f, SOFT, "DAMAGE");
    for (int k = 0; k < sb->top_count; k++)
        draw_row(g, l->rows[k], &sb->top[k], sb, k == sb->viewer_top, k % 2 == 1);
    if (l->row_count > sb->top_count) {
        const SDL_FRect *v = &l->rows[sb->top_count];
        gfx_text_centered(g, v->x + 0.5f * v->w, v->y - SEP_H - 6.0f, 1.0f, SOFT, "...");
        draw_row(g, *v, &sb->viewer, sb, true, false);
    }
}

float results_view_draw(gfx *g, float x, float y, float width, const sim_scoreboard *sb) {
    results_layout l;
    results_view_layout(x, y, width, sb, &l);
    gfx_panel(g, l.panel, PANEL);
    draw_title(g, &l.title, sb);
    if (has_viewer(sb)) {
        draw_fate(g, &l.fate, sb);
        char t[256];
        if (hurt_line(sb, t, sizeof t))
            gfx_text_wrapped(g, l.hurt.x + 0.5f * l.hurt.w, l.hurt.y, 1.0f, HURT, t, l.hurt.w,
                             HURT_LINES);
        draw_card(g, &l.card, sb);
    }
    draw_table(g, &l, sb);
    return l.panel.h;
}
