#include "gfx.h"

#include "arena/ae_quote.h"
#include "tool_util.h"

#include <SDL_image.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/// Marks which blocks of a parallax layer hold any visible pixel.
static void find_used_blocks(SDL_Surface *s, bool *used) {
    SDL_Surface *rgba = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_RGBA32, 0);
    for (int i = 0; i < GFX_NEAR_BLOCKS * GFX_NEAR_BLOCKS; i++) used[i] = rgba == NULL;
    if (!rgba) return;
    for (int y = 0; y < rgba->h && y < ART_PARALLAX; y++) {
        const Uint8 *row = (const Uint8 *)rgba->pixels + (size_t)y * (size_t)rgba->pitch;
        for (int x = 0; x < rgba->w && x < ART_PARALLAX; x++)
            if (row[4 * x + 3] > 8)
                used[(y / GFX_NEAR_BLOCK) * GFX_NEAR_BLOCKS + x / GFX_NEAR_BLOCK] = true;
    }
    SDL_FreeSurface(rgba);
}

/// Loads a sheet as ARGB8888 (the software renderer's blitters have fast paths for it and none
/// for the RGBA32 that PNGs load as) and makes its texture. The surface is kept in *keep when
/// keep is given (the atlas is built from it), else freed.
/// Multiplies the alpha of every pixel of s by alpha / 255 (as the renderer's alpha modulation
/// would, to the bit) and puts the result in t: a layer always drawn faint is drawn with no
/// modulation, which the software renderer's blitters do much faster.
static void bake_alpha(SDL_Surface *s, SDL_Texture *t, Uint8 alpha) {
    for (int y = 0; y < s->h; y++) {
        Uint32 *row = (Uint32 *)((Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch);
        for (int x = 0; x < s->w; x++)
            row[x] = (row[x] & 0x00FFFFFFu) | ((row[x] >> 24) * alpha / 255) << 24;
    }
    SDL_UpdateTexture(t, NULL, s->pixels, s->pitch);
}

static SDL_Texture *load(SDL_Renderer *r, const char *dir, const char *file, char *err, size_t n,
                         bool *used_blocks, SDL_Surface **keep) {
    char *path = tool_join(dir, file);
    SDL_Surface *raw = path ? IMG_Load(path) : NULL;
    SDL_Surface *s = raw ? SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888, 0) : NULL;
    SDL_FreeSurface(raw);
    SDL_Texture *t = s ? SDL_CreateTextureFromSurface(r, s) : NULL;
    if (!t) snprintf(err, n, "%s: %s", path ? AE_QUOTED(path) : file, SDL_GetError());
    if (t && used_blocks) find_used_blocks(s, used_blocks);
    if (t && used_blocks) bake_alpha(s, t, GFX_NEAR_ALPHA);
    if (t && keep)
        *keep = s;
    else
        SDL_FreeSurface(s);
    free(path);
    if (!t) return NULL;
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    return t;
}

/// Reads the rows of the panel's middle from ui.png (an ARGB8888 surface) into g->panel_rows;
/// g->panel_flat says whether each row is one colour all along.
static void read_panel_rows(gfx *g, const SDL_Surface *ui) {
    const int b = ART_UI_PANEL_BORDER, x0 = ART_UI_PANEL_X + b;
    g->panel_flat = ui->w >= ART_UI_PANEL_X + ART_UI_PANEL && ui->h >= ART_UI_PANEL;
    for (int y = 0; y < GFX_PANEL_ROWS && g->panel_flat; y++) {
        const Uint32 *row =
            (const Uint32 *)((const Uint8 *)ui->pixels + (size_t)(b + y) * (size_t)ui->pitch);
        g->panel_rows[y] = row[x0];
        for (int x = x0; x < x0 + GFX_PANEL_ROWS; x++)
            g->panel_flat = g->panel_flat && row[x] == row[x0];
    }
}

bool gfx_load(gfx *g, SDL_Renderer *r, const char *dir, char *err, size_t n) {
    *g = (gfx){0};
    g->renderer = r;
    g->opacity = 1.0f;
    g->batch = gfx_batch_create();
    if (!g->batch) {
        snprintf(err, n, "out of memory");
        return false;
    }
    struct {
        SDL_Texture **slot;
        const char *file;
        int atlas; ///< its enum gfx_atlas_sheet, or -1
    } sheets[] = {{&g->tiles, ART_TILES_FILE, GFX_AT_TILES},
                  {&g->agent, ART_AGENT_FILE, GFX_AT_AGENT},
                  {&g->props, ART_PROPS_FILE, GFX_AT_PROPS},
                  {&g->fx, ART_FX_FILE, GFX_AT_FX},
                  {&g->icons, ART_ICONS_FILE, -1},
                  {&g->ui, ART_UI_FILE, -1},
                  {&g->font, ART_FONT_FILE, -1},
                  {&g->near, ART_NEAR_FILE, -1},
                  {&g->vignette, ART_VIGNETTE_FILE, -1},
                  {&g->muzzle, ART_MUZZLE_FILE, GFX_AT_MUZZLE},
                  {&g->weapons, ART_WEAPONS_FILE, GFX_AT_WEAPONS},
                  {&g->blast, ART_BLAST_FILE, GFX_AT_BLAST},
                  {&g->door, ART_DOOR_FILE, GFX_AT_DOOR},
                  {&g->pickups, ART_PICKUPS_FILE, GFX_AT_PICKUPS}};
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(r, &info) == 0 && (info.flags & SDL_RENDERER_SOFTWARE))
        g->tinted = gfx_tinted_create(); // NULL when out of memory: copies are modulated then
    SDL_Surface *world[GFX_AT_COUNT] = {0}, *ui = NULL, *icons = NULL, *font = NULL;
    bool ok = true;
    for (size_t i = 0; i < sizeof sheets / sizeof sheets[0] && ok; i++) {
        SDL_Surface **keep = sheets[i].atlas >= 0          ? &world[sheets[i].atlas]
                             : sheets[i].slot == &g->ui    ? &ui
                             : sheets[i].slot == &g->icons ? &icons
                             : sheets[i].slot == &g->font  ? &font
                                                           : NULL;
        *sheets[i].slot = load(r, dir, sheets[i].file, err, n,
                               sheets[i].slot == &g->near ? g->near_used : NULL, keep);
        ok = *sheets[i].slot != NULL;
    }
    if (ui) read_panel_rows(g, ui);
    ok = ok && gfx_atlas_build(g, world, err, n);
    // The HUD's sheets stay in memory where their tinted copies are made ahead.
    SDL_Surface *const hud[4] = {ui, icons, font, world[GFX_AT_PICKUPS]};
    gfx_pixels *const px[4] = {&g->ui_px, &g->icons_px, &g->font_px, &g->pickups_px};
    for (int i = 0; i < 4; i++)
        if (g->tinted) *px[i] = gfx_pixels_keep(hud[i]);
    for (int i = 0; i < 3; i++)
        if (!g->tinted) SDL_FreeSurface(hud[i]);
    for (int i = 0; i < GFX_AT_COUNT; i++)
        if (!g->tinted || i != GFX_AT_PICKUPS) SDL_FreeSurface(world[i]);
    if (!ok) {
        gfx_free(g);
        return false;
    }
    // Stretched over the whole screen: smooth, whatever the renderer's default.
    SDL_SetTextureScaleMode(g->vignette, SDL_ScaleModeLinear);
    return true;
}

void gfx_free(gfx *g) {
    SDL_Texture *all[] = {g->tiles,   g->agent, g->props, g->fx,       g->icons,
                          g->ui,      g->font,  g->near,  g->vignette, g->muzzle,
                          g->weapons, g->blast, g->door,  g->pickups,  g->atlas};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (all[i]) SDL_DestroyTexture(all[i]);
    gfx_batch_destroy(g->batch);
    gfx_tinted_destroy(g->tinted);
    const gfx_pixels *const px[4] = {&g->ui_px, &g->icons_px, &g->font_px, &g->pickups_px};
    for (int i = 0; i < 4; i++) SDL_FreeSurface(px[i]->s);
    SDL_Renderer *r = g->renderer;
    *g = (gfx){0};
    g->renderer = r;
}

void gfx_set_opacity(gfx *g, float o) {
    g->opacity = o < 0.0f ? 0.0f : (o > 1.0f ? 1.0f : o);
}

/// c with its alpha multiplied by g's opacity (HUD panels fade as a whole).
static SDL_Color faded(const gfx *g, SDL_Color c) {
    c.a = (Uint8)((float)c.a * g->opacity + 0.5f);
    return c;
}

/// Sets t's colour and alpha modulation to tint where its copies are modulated: on a renderer
/// that makes no copies ahead (a GPU's), once for all the copies below that follow it.
static void modulate(gfx *g, SDL_Texture *t, SDL_Color tint) {
    if (g->tinted) return;
    gfx_color_mod(g, t, tint.r, tint.g, tint.b);
    gfx_alpha_mod(g, t, tint.a);
}

/// src of sheet t over dst multiplied by tint (modulate set it first): from a copy made ahead on
/// the software renderer (gfx_tinted.c), else t modulated.
static void tinted_copy(gfx *g, SDL_Texture *t, gfx_pixels px, const SDL_Rect *src, SDL_FRect dst,
                        SDL_Color tint) {
    if (gfx_tinted_copy(g, px, src, dst, tint)) return;
    if (g->tinted) { // none could be made: this copy modulated
        gfx_color_mod(g, t, tint.r, tint.g, tint.b);
        gfx_alpha_mod(g, t, tint.a);
    }
    gfx_copy(g, t, src, &dst);
}

float gfx_text_width(float scale, const char *text) {
    return (float)SDL_strlen(text) * ART_FONT_W * scale;
}

float gfx_text(gfx *g, float x, float y, float scale, SDL_Color c, const char *text) {
    if (g->text_drawn) g->text_drawn(text);
    c = faded(g, c);
    modulate(g, g->font, c);
    float x0 = x;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        int ch = *p;
        if (ch < ART_FONT_FIRST || ch > ART_FONT_LAST) ch = '?';
        int idx = ch - ART_FONT_FIRST;
        SDL_Rect src = {idx % ART_FONT_PER_ROW * ART_FONT_W, idx / ART_FONT_PER_ROW * ART_FONT_H,
                        ART_FONT_W, ART_FONT_H};
        SDL_FRect dst = {x, y, ART_FONT_W * scale, ART_FONT_H * scale};
        if (ch != ' ') tinted_copy(g, g->font, g->font_px, &src, dst, c);
        x += ART_FONT_W * scale;
    }
    return x - x0;
}

void gfx_text_centered(gfx *g, float x, float y, float scale, SDL_Color c, const char *text) {
    gfx_text(g, x - 0.5f * gfx_text_width(scale, text), y, scale, c, text);
}

float gfx_text_wrapped(gfx *g, float x, float y, float scale, SDL_Color c, const char *text,
                       float max_w, int max_lines) {
    const float line_h = (ART_FONT_H + 2) * scale;
    char line[512];
    const size_t per_line = (size_t)fminf(fmaxf(4.0f, max_w / (ART_FONT_W * scale)), 500.0f);
    size_t len = SDL_strlen(text), at = 0;
    int lines = 0;
    while (at < len && lines < max_lines) {
        size_t n = len - at;
        if (n > per_line) { // break after the last space or '/' of the line's second half
            n = per_line;
            for (size_t k = per_line; k > per_line / 2; k--)
                if (text[at + k - 1] == ' ' || text[at + k - 1] == '/') {
                    n = k;
                    break;
                }
        }
        bool last = lines == max_lines - 1 && at + n < len;
        if (last) { // elided: the line's start, "..." and as much of the text's end as fits
            size_t head = (per_line - 3) / 3, tail = per_line - 3 - head;
            SDL_snprintf(line, sizeof line, "%.*s...%s", (int)head, text + at, text + len - tail);
        } else {
            SDL_snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1),
                         text + at);
        }
        if (g) gfx_text_centered(g, x, y + (float)lines * line_h, scale, c, line);
        at += last ? len - at : n;
        lines++;
    }
    return (float)lines * line_h;
}

SDL_Color gfx_tier_color(int tier) {
    static const SDL_Color tiers[3] = {
        {225, 225, 225, 255}, {80, 160, 255, 255}, {205, 95, 255, 255}};
    return tiers[tier >= 0 && tier < 3 ? tier : 0];
}

void gfx_pickup_icon(gfx *g, int cell, float x, float y, float size, SDL_Color tint) {
    tint = faded(g, tint);
    SDL_Rect src = {cell % ART_PICKUPS_PER_ROW * ART_PICKUP,
                    cell / ART_PICKUPS_PER_ROW * ART_PICKUP, ART_PICKUP, ART_PICKUP};
    modulate(g, g->pickups, tint);
    tinted_copy(g, g->pickups, g->pickups_px, &src, (SDL_FRect){x, y, size, size}, tint);
}

void gfx_icon(gfx *g, int icon, float x, float y, float size, SDL_Color tint) {
    tint = faded(g, tint);
    SDL_Rect src = {icon % ART_ICONS_PER_ROW * ART_ICON, icon / ART_ICONS_PER_ROW * ART_ICON,
                    ART_ICON, ART_ICON};
    modulate(g, g->icons, tint);
    tinted_copy(g, g->icons, g->icons_px, &src, (SDL_FRect){x, y, size, size}, tint);
}

/// The panel's middle over dst, tinted, as bands of solid colour (one per row of ui.png's middle,
/// where a nearest stretch of it would put that row): a solid band is a fill on the software
/// renderer, which costs a small part of a stretched, modulated copy. One geometry call.
static void panel_middle(gfx *g, SDL_FRect dst, SDL_Color tint) {
    // Whole pixels, as SDL's copy truncates its destination; rows sampled in its fixed point.
    const int y0 = (int)dst.y, h = (int)dst.h;
    const float x0 = (float)(int)dst.x, x1 = x0 + (float)(int)dst.w;
    if (h <= 0 || x1 <= x0) return;
    const Uint32 step = ((Uint32)GFX_PANEL_ROWS << 16) / (Uint32)h;
    SDL_Vertex v[GFX_PANEL_ROWS * 4];
    int idx[GFX_PANEL_ROWS * 6], quads = 0;
    for (int top = 0; top < h;) {
        const int row = (int)((step / 2 + (Uint32)top * step) >> 16);
        int end = top + 1;
        while (end < h && (int)((step / 2 + (Uint32)end * step) >> 16) == row) end++;
        const Uint32 p = g->panel_rows[row < GFX_PANEL_ROWS ? row : GFX_PANEL_ROWS - 1];
        const SDL_Color c = {(Uint8)(((p >> 16) & 255) * tint.r / 255),
                             (Uint8)(((p >> 8) & 255) * tint.g / 255),
                             (Uint8)((p & 255) * tint.b / 255), (Uint8)((p >> 24) * tint.a / 255)};
        const float ya = (float)(y0 + top), yb = (float)(y0 + end);
        SDL_Vertex *q = &v[quads * 4];
        q[0] = (SDL_Vertex){{x0, ya}, c, {0, 0}};
        q[1] = (SDL_Vertex){{x1, ya}, c, {0, 0}};
        q[2] = (SDL_Vertex){{x1, yb}, c, {0, 0}};
        q[3] = (SDL_Vertex){{x0, yb}, c, {0, 0}};
        int *i = &idx[quads * 6], base = quads * 4;
        i[0] = base, i[1] = base + 1, i[2] = base + 2, i[3] = base, i[4] = base + 2,
        i[5] = base + 3;
        quads++;
        top = end;
    }
    SDL_SetRenderDrawBlendMode(g->renderer, SDL_BLENDMODE_BLEND);
    gfx_geometry(g, NULL, v, quads * 4, idx, quads * 6);
}

void gfx_panel(gfx *g, SDL_FRect r, SDL_Color tint) {
    tint = faded(g, tint);
    const int b = ART_UI_PANEL_BORDER, s = ART_UI_PANEL, x0 = ART_UI_PANEL_X;
    const float fb = (float)b;
    modulate(g, g->ui, tint);
    const int sx[3] = {x0, x0 + b, x0 + s - b}, sw[3] = {b, s - 2 * b, b};
    const float dx[3] = {r.x, r.x + fb, r.x + r.w - fb}, dw[3] = {fb, r.w - 2 * fb, fb};
    const float dy[3] = {r.y, r.y + fb, r.y + r.h - fb}, dh[3] = {fb, r.h - 2 * fb, fb};
    const int sy[3] = {0, b, s - b};
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 3; i++) {
            SDL_Rect src = {sx[i], sy[j], sw[i], sw[j]};
            SDL_FRect dst = {dx[i], dy[j], dw[i], dh[j]};
            if (i == 1 && j == 1 && g->panel_flat)
                panel_middle(g, dst, tint);
            else
                tinted_copy(g, g->ui, g->ui_px, &src, dst, tint);
        }
}

void gfx_backing(gfx *g, SDL_FRect r) {
    gfx_fill_rect(g, r, (SDL_Color){14, 18, 28, 205});
    gfx_panel(g, r, (SDL_Color){150, 170, 210, 110});
}

void gfx_fill_rect(gfx *g, SDL_FRect rect, SDL_Color c) {
    c = faded(g, c);
    SDL_SetRenderDrawBlendMode(g->renderer, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(g->renderer, c.r, c.g, c.b, c.a);
    gfx_fill_rects(g, &rect, 1);
}

enum { RING_SEGMENTS = 96, RING_MAX_SEGMENTS = 1024 };

void gfx_ring(gfx *g, float cx, float cy, float radius, float thickness, SDL_Color c, bool dashed) {
    c = faded(g, c);
    // About one segment per 10 pixels of circumference, so big rings stay round and their dashes
    // stay short.
    int segments = (int)(6.2831853f * radius / 10.0f);
    segments = segments < RING_SEGMENTS
                   ? RING_SEGMENTS
                   : (segments > RING_MAX_SEGMENTS ? RING_MAX_SEGMENTS : segments);
    static SDL_Vertex v[RING_MAX_SEGMENTS * 6];
    int n = 0;
    float inner = radius - 0.5f * thickness, outer = radius + 0.5f * thickness;
    for (int i = 0; i < segments; i++) {
        if (dashed && (i & 1)) continue;
        float a0 = (float)i * 6.2831853f / (float)segments,
              a1 = (float)(i + 1) * 6.2831853f / (float)segments;
        SDL_FPoint p[4] = {{cx + cosf(a0) * inner, cy + sinf(a0) * inner},
                           {cx + cosf(a0) * outer, cy + sinf(a0) * outer},
                           {cx + cosf(a1) * outer, cy + sinf(a1) * outer},
                           {cx + cosf(a1) * inner, cy + sinf(a1) * inner}};
        const int order[6] = {0, 1, 2, 0, 2, 3};
        for (int k = 0; k < 6; k++) v[n++] = (SDL_Vertex){p[order[k]], c, {0, 0}};
    }
    gfx_geometry(g, NULL, v, n, NULL, 0);
}

void gfx_disc(gfx *g, float cx, float cy, float radius, SDL_Color c) {
    c = faded(g, c);
    SDL_Vertex v[RING_SEGMENTS * 3];
    int n = 0;
    for (int i = 0; i < RING_SEGMENTS; i++) {
        float a0 = (float)i * 6.2831853f / RING_SEGMENTS,
              a1 = (float)(i + 1) * 6.2831853f / RING_SEGMENTS;
        v[n++] = (SDL_Vertex){{cx, cy}, c, {0, 0}};
        v[n++] = (SDL_Vertex){{cx + cosf(a0) * radius, cy + sinf(a0) * radius}, c, {0, 0}};
        v[n++] = (SDL_Vertex){{cx + cosf(a1) * radius, cy + sinf(a1) * radius}, c, {0, 0}};
    }
    gfx_geometry(g, NULL, v, n, NULL, 0);
}

void gfx_pie(gfx *g, float cx, float cy, float radius, float share, SDL_Color c) {
    c = faded(g, c);
    if (!(share > 0.0f)) return;
    if (share > 1.0f) share = 1.0f;
    SDL_Vertex v[RING_SEGMENTS * 3];
    int n = 0, segments = (int)ceilf(share * RING_SEGMENTS);
    const float a0 = -1.5707963f, span = share * 6.2831853f;
    for (int i = 0; i < segments; i++) {
        float s0 = a0 + span * (float)i / (float)segments,
              s1 = a0 + span * (float)(i + 1) / (float)segments;
        v[n++] = (SDL_Vertex){{cx, cy}, c, {0, 0}};
        v[n++] = (SDL_Vertex){{cx + cosf(s0) * radius, cy + sinf(s0) * radius}, c, {0, 0}};
        v[n++] = (SDL_Vertex){{cx + cosf(s1) * radius, cy + sinf(s1) * radius}, c, {0, 0}};
    }
    gfx_geometry(g, NULL, v, n, NULL, 0);
}
