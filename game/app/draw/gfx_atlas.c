// The world atlas: every sheet the depth-sorted world draws (tiles, props, agents, weapons,
// effects, pickups, muzzle flashes, doors, blasts) and copies of the agent, its hand and the
// effects tinted in each player's colour, packed into one texture once at load. The tint is the
// software renderer's colour modulation done ahead (c * m / 255, per channel, alpha kept), so a
// tinted sprite draws the same pixels as the modulated one did, and a sorted world of sprites
// all from one texture batches into a few SDL_RenderGeometry calls on a GPU driver.
#include "gfx.h"

#include <stdio.h>
#include <stdlib.h>

const SDL_Color gfx_tint_colors[GFX_TINTS + 1] = {
    // humans
    {255, 214, 64, 255},
    {90, 220, 255, 255},
    {255, 120, 200, 255},
    {150, 255, 120, 255},
    // bots
    {235, 90, 80, 255},
    {90, 160, 235, 255},
    {120, 200, 110, 255},
    {230, 150, 70, 255},
    {170, 120, 220, 255},
    {80, 200, 190, 255},
    {220, 110, 160, 255},
    {200, 200, 90, 255},
    {140, 150, 160, 255},
    {240, 170, 140, 255},
    // a grenade
    {120, 140, 60, 255},
};

enum { ATLAS_W = 2048, GAP = 2, MAX_ITEMS = 64 };

/// A piece of the atlas: rect `src` of sheet `sheet`, tinted by `tint` (GFX_TINT_NONE: as is).
typedef struct item {
    int sheet, tint;
    SDL_Rect src;
    gfx_sheet *slot;
    int x, y; ///< its place, once packed
} item;

static int next_pow2(int v) {
    int p = 1;
    while (p < v) p *= 2;
    return p;
}

/// Copies src of s to (x, y) of the atlas surface, each channel times tint / 255.
static void put(SDL_Surface *atlas, const SDL_Surface *s, SDL_Rect src, int x, int y, int tint) {
    const SDL_Color m =
        tint < GFX_TINT_NONE ? gfx_tint_colors[tint] : (SDL_Color){255, 255, 255, 255};
    for (int j = 0; j < src.h; j++) {
        const Uint32 *in =
            (const Uint32 *)((const Uint8 *)s->pixels + (size_t)(src.y + j) * (size_t)s->pitch) +
            src.x;
        Uint32 *out =
            (Uint32 *)((Uint8 *)atlas->pixels + (size_t)(y + j) * (size_t)atlas->pitch) + x;
        for (int i = 0; i < src.w; i++) {
            Uint32 p = in[i]; // ARGB8888
            Uint32 r = ((p >> 16) & 255) * m.r / 255, g = ((p >> 8) & 255) * m.g / 255,
                   b = (p & 255) * m.b / 255;
            out[i] = (p & 0xFF000000u) | r << 16 | g << 8 | b;
        }
    }
}

/// The cells of each sheet that has them (0: none).
static const struct {
    short w, h;
} cells[GFX_AT_COUNT] = {
    [GFX_AT_PROPS] = {ART_PROP_W, ART_PROP_H},
    [GFX_AT_AGENT] = {ART_AGENT_W, ART_AGENT_H},
    [GFX_AT_WEAPONS] = {ART_WEAPON_CELL, ART_WEAPON_CELL},
    [GFX_AT_FX] = {ART_FX, ART_FX},
    [GFX_AT_PICKUPS] = {ART_PICKUP, ART_PICKUP},
    [GFX_AT_MUZZLE] = {ART_MUZZLE, ART_MUZZLE},
    [GFX_AT_BLAST] = {ART_BLAST, ART_BLAST},
};

/// Fills g->trim for sheet s's cells from `at`; its grid (cw 0 when it has none) in *grid.
static void find_trims(gfx *g, const SDL_Surface *s, int sheet, int *at, gfx_sheet *grid) {
    *grid = (gfx_sheet){0};
    const int cw = cells[sheet].w, ch = cells[sheet].h;
    if (!cw || s->w % cw || s->h % ch) return;
    const int cols = s->w / cw, count = cols * (s->h / ch);
    if (*at + count > GFX_TRIM_MAX) return;
    for (int k = 0; k < count; k++) {
        int x0 = cw, y0 = ch, x1 = -1, y1 = -1;
        for (int y = 0; y < ch; y++) {
            const Uint32 *row = (const Uint32 *)((const Uint8 *)s->pixels +
                                                 (size_t)(k / cols * ch + y) * (size_t)s->pitch) +
                                k % cols * cw;
            for (int x = 0; x < cw; x++)
                if (row[x] >> 24) {
                    x0 = x < x0 ? x : x0, x1 = x > x1 ? x : x1;
                    y0 = y < y0 ? y : y0, y1 = y > y1 ? y : y1;
                }
        }
        g->trim[*at + k] =
            x1 < 0 ? (SDL_Rect){0, 0, 0, 0} : (SDL_Rect){x0, y0, x1 - x0 + 1, y1 - y0 + 1};
    }
    *grid = (gfx_sheet){0, 0, (short)cw, (short)ch, (short)cols, (short)*at};
    *at += count;
}

bool gfx_atlas_build(gfx *g, SDL_Surface *const sheets[GFX_AT_COUNT], char *err, size_t n) {
    gfx_sheet grid[GFX_AT_COUNT];
    int trims = 0;
    for (int k = 0; k < GFX_AT_COUNT; k++) find_trims(g, sheets[k], k, &trims, &grid[k]);
    item items[MAX_ITEMS];
    int count = 0;
#define ADD(sheet_, tint_, rect_, slot_)                                                           \
    items[count++] = (item){(sheet_), (tint_), (rect_), (slot_), 0, 0}
#define WHOLE(sheet_) ((SDL_Rect){0, 0, sheets[sheet_]->w, sheets[sheet_]->h})
    ADD(GFX_AT_TILES, GFX_TINT_NONE, WHOLE(GFX_AT_TILES), &g->at_tiles);
    ADD(GFX_AT_PROPS, GFX_TINT_NONE, WHOLE(GFX_AT_PROPS), &g->at_props);
    ADD(GFX_AT_WEAPONS, GFX_TINT_NONE, WHOLE(GFX_AT_WEAPONS), &g->at_weapons);
    ADD(GFX_AT_PICKUPS, GFX_TINT_NONE, WHOLE(GFX_AT_PICKUPS), &g->at_pickups);
    ADD(GFX_AT_MUZZLE, GFX_TINT_NONE, WHOLE(GFX_AT_MUZZLE), &g->at_muzzle);
    ADD(GFX_AT_DOOR, GFX_TINT_NONE, WHOLE(GFX_AT_DOOR), &g->at_door);
    ADD(GFX_AT_BLAST, GFX_TINT_NONE, WHOLE(GFX_AT_BLAST), &g->at_blast);
    const SDL_Rect hand = {0, ART_WEAPON_HAND * ART_WEAPON_CELL, sheets[GFX_AT_WEAPONS]->w,
                           ART_WEAPON_CELL};
    for (int t = 0; t < GFX_TINT_SLOTS; t++) {
        if (t != GFX_TINT_GRENADE) {
            ADD(GFX_AT_AGENT, t, WHOLE(GFX_AT_AGENT), &g->at_agent[t]);
            ADD(GFX_AT_WEAPONS, t, hand, &g->at_hand[t]);
        }
        ADD(GFX_AT_FX, t, WHOLE(GFX_AT_FX), &g->at_fx[t]);
    }
#undef ADD
#undef WHOLE
    // Shelves, tallest pieces first: rows of pieces left to right, a new row when one is full.
    for (int i = 1; i < count; i++)
        for (int k = i; k > 0 && items[k].src.h > items[k - 1].src.h; k--) {
            item t = items[k];
            items[k] = items[k - 1];
            items[k - 1] = t;
        }
    int x = 0, y = 0, shelf = 0;
    for (int i = 0; i < count; i++) {
        if (x + items[i].src.w > ATLAS_W) x = 0, y += shelf + GAP, shelf = 0;
        items[i].x = x, items[i].y = y;
        x += items[i].src.w + GAP;
        if (items[i].src.h > shelf) shelf = items[i].src.h;
    }
    // The white square sits right of the last piece (or below it when the row is full).
    if (x + 4 > ATLAS_W) x = 0, y += shelf + GAP, shelf = 0;
    g->at_white = (gfx_sheet){x, y, 0, 0, 0, 0};
    const int height = next_pow2(y + (shelf > 4 ? shelf : 4));
    SDL_RendererInfo info;
    if (SDL_GetRendererInfo(g->renderer, &info) == 0 && info.max_texture_height > 0 &&
        (info.max_texture_height < height || info.max_texture_width < ATLAS_W)) {
        snprintf(err, n, "the renderer's textures are at most %dx%d; the atlas needs %dx%d",
                 info.max_texture_width, info.max_texture_height, ATLAS_W, height);
        return false;
    }
    SDL_Surface *atlas =
        SDL_CreateRGBSurfaceWithFormat(0, ATLAS_W, height, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!atlas) {
        snprintf(err, n, "atlas: %s", SDL_GetError());
        return false;
    }
    SDL_FillRect(atlas, NULL, 0);
    SDL_FillRect(atlas, &(SDL_Rect){g->at_white.x, g->at_white.y, 4, 4}, 0xFFFFFFFFu);
    for (int i = 0; i < count; i++) {
        put(atlas, sheets[items[i].sheet], items[i].src, items[i].x, items[i].y, items[i].tint);
        // A slot's coordinates are those of its whole sheet (the hand row keeps its row).
        gfx_sheet at = grid[items[i].sheet];
        at.x = items[i].x - items[i].src.x, at.y = items[i].y - items[i].src.y;
        *items[i].slot = at;
    }
    g->atlas = SDL_CreateTextureFromSurface(g->renderer, atlas);
    SDL_FreeSurface(atlas);
    if (!g->atlas) {
        snprintf(err, n, "atlas: %s", SDL_GetError());
        return false;
    }
    SDL_SetTextureBlendMode(g->atlas, SDL_BLENDMODE_BLEND);
    return true;
}
