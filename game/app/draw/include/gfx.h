/// Textures of the generated art (assets/sprites, laid out by art_layout.h) and small drawing
/// helpers on top of SDL_Renderer: text in the bitmap font, icons, filled circles and rings.
#ifndef ARENA_GFX_H
#define ARENA_GFX_H

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "art_layout.h"
#include "gfx_draw.h"

/// The near parallax layer is mostly transparent: it is drawn block by block, skipping empty
/// blocks, which keeps it cheap on the software renderer.
#define GFX_NEAR_BLOCK  32
#define GFX_NEAR_BLOCKS (ART_PARALLAX / GFX_NEAR_BLOCK)
/// The near layer's opacity, baked into its texture at load.
#define GFX_NEAR_ALPHA 80

/// The players' colours (render_world.c's agent_color gives each agent one). Sprites tinted in
/// each are made once at load, in the world atlas: drawing them needs no colour modulation, which
/// is what the software renderer's blitters are slowest at.
#define GFX_TINTS        14
#define GFX_TINT_GRENADE GFX_TINTS       ///< a grenade's dark olive (fx.png only)
#define GFX_TINT_NONE    (GFX_TINTS + 1) ///< the sheet as drawn
#define GFX_TINT_SLOTS   (GFX_TINTS + 2)
extern const SDL_Color gfx_tint_colors[GFX_TINTS + 1];

/// Where a sheet lies in the world atlas. A sheet laid out in cells of cw x ch pixels (cols a
/// row) has each cell's box of visible pixels in gfx.trim from index `trim` on: a sprite that is
/// one whole cell is drawn as that box only (most of a weapon's or a bullet's cell is clear, and
/// the software renderer's scaled, blended copies cost by the pixel).
typedef struct gfx_sheet {
    int x, y;
    short cw, ch, cols, trim; ///< cw 0: no cells
} gfx_sheet;

enum { GFX_TRIM_MAX = 512 };

/// A sheet's pixels kept in memory, for the tinted copies made ahead of it (gfx_tinted.c); the id
/// (a hash of its pixels) tells sources apart in that cache (0: none).
typedef struct gfx_pixels {
    SDL_Surface *s;
    uint64_t id;
} gfx_pixels;
/// The copies made ahead (gfx_tinted.c).
typedef struct gfx_tinted gfx_tinted;

/// Rows of the panel's middle in ui.png (between its borders).
#define GFX_PANEL_ROWS (ART_UI_PANEL - 2 * ART_UI_PANEL_BORDER)

typedef struct gfx {
    SDL_Renderer *renderer;
    SDL_Texture *tiles, *agent, *props, *fx, *icons, *ui, *font, *near, *vignette, *muzzle;
    SDL_Texture *weapons, *blast, *door, *pickups;
    bool near_used[GFX_NEAR_BLOCKS * GFX_NEAR_BLOCKS]; ///< blocks of near.png with any pixel
    /// Every sheet the depth-sorted world draws, with the tinted copies, in one texture (its
    /// sides powers of two), so a GPU driver draws the sorted world in a few calls (gfx_atlas.c).
    SDL_Texture *atlas;
    gfx_sheet at_tiles, at_props, at_weapons, at_pickups, at_muzzle, at_door, at_blast;
    gfx_sheet at_white; ///< a small white square: solid rectangles (bars) as sprites
    gfx_sheet at_agent[GFX_TINT_SLOTS], at_fx[GFX_TINT_SLOTS];
    gfx_sheet at_hand[GFX_TINT_SLOTS]; ///< the hand row of weapons.png alone
    SDL_Rect trim[GFX_TRIM_MAX];       ///< boxes of visible pixels of the sheets' cells
    /// The panel's middle, a row at a time (ARGB8888), when each of its rows is one colour
    /// (panel_flat): then gfx_panel draws it as solid bands.
    Uint32 panel_rows[GFX_PANEL_ROWS];
    bool panel_flat;
    gfx_batch *batch; ///< the quads gathered for one draw call (gfx_draw.h)
    /// On the software renderer only (NULL elsewhere: a GPU modulates and scales for free): the
    /// HUD's sheets' pieces made ahead at their drawn sizes and tints, and those sheets' pixels.
    gfx_tinted *tinted;
    gfx_pixels icons_px, ui_px, font_px, pickups_px;
    float opacity; ///< multiplies the alpha of what the helpers below draw (gfx_set_opacity)
    /// Tests: called with every text gfx_text draws, to read what a screen says (NULL: none).
    void (*text_drawn)(const char *text);
} gfx;

/// Draws `src` of sheet s (coordinates within the sheet) over dst, multiplied by c.
static inline void gfx_sprite(gfx *g, gfx_sheet s, SDL_Rect src, SDL_FRect dst, SDL_Color c) {
    if (s.cw && src.w == s.cw && src.h == s.ch && src.x % s.cw == 0 && src.y % s.ch == 0) {
        const SDL_Rect t = g->trim[s.trim + (src.y / s.ch) * s.cols + src.x / s.cw];
        if (t.w <= 0) return; // nothing visible
        const float kx = dst.w / (float)src.w, ky = dst.h / (float)src.h;
        dst = (SDL_FRect){dst.x + (float)t.x * kx, dst.y + (float)t.y * ky, (float)t.w * kx,
                          (float)t.h * ky};
        src = (SDL_Rect){src.x + t.x, src.y + t.y, t.w, t.h};
    }
    src.x += s.x;
    src.y += s.y;
    gfx_quad(g, g->atlas, &src, &dst, c);
}

/// A solid rectangle, batched with the sprites around it.
static inline void gfx_solid(gfx *g, SDL_FRect dst, SDL_Color c) {
    gfx_sprite(g, g->at_white, (SDL_Rect){1, 1, 2, 2}, dst, c);
}

/// Builds g->atlas from the sheets, each an ARGB8888 surface (indexed by enum gfx_atlas_sheet).
enum gfx_atlas_sheet {
    GFX_AT_TILES,
    GFX_AT_PROPS,
    GFX_AT_AGENT,
    GFX_AT_WEAPONS,
    GFX_AT_FX,
    GFX_AT_PICKUPS,
    GFX_AT_MUZZLE,
    GFX_AT_DOOR,
    GFX_AT_BLAST,
    GFX_AT_COUNT
};
bool gfx_atlas_build(gfx *g, SDL_Surface *const sheets[GFX_AT_COUNT], char *err, size_t errlen);

/// The cache of tinted copies (gfx_load makes it for a software renderer, gfx_free frees it).
gfx_tinted *gfx_tinted_create(void);
void gfx_tinted_destroy(gfx_tinted *c);
/// Keeps s (ARGB8888, owned by the caller until it frees it) under the id of its pixels.
gfx_pixels gfx_pixels_keep(SDL_Surface *s);
/// A new frame begins (app_draw says so, and whoever else draws frames with g): a piece asked
/// for with another alpha than in the frame before is fading (gfx_tinted_copy). NULL is ignored.
void gfx_tinted_next_frame(gfx_tinted *c);
/// The copies made so far (tests count them).
unsigned gfx_tinted_made(const gfx_tinted *c);
/// Draws src of px (NULL: all of it) over dst multiplied by tint, as SDL's software renderer
/// would draw the sheet's texture with that colour and alpha modulation (nearest scaling, the
/// destination truncated to whole pixels), from a copy made ahead at that size and tint and
/// kept: a plain blended copy. A piece asked for with another alpha than in the frame before (a
/// fade's) is drawn from the opaque tint's copy with its alpha modulated instead, making no copy
/// for an alpha that changes every frame. False when it cannot (no cache: not a software renderer;
/// no pixels; a source beyond the sheet; out of memory): the caller then draws the modulated copy.
bool gfx_tinted_copy(gfx *g, gfx_pixels px, const SDL_Rect *src, SDL_FRect dst, SDL_Color tint);

/// Loads every sheet from `dir`. False with a one-line reason in err (size errlen) on failure.
bool gfx_load(gfx *g, SDL_Renderer *r, const char *dir, char *err, size_t errlen);
void gfx_free(gfx *g);

/// Scales the alpha of everything the helpers below draw (1: as given) until set again.
void gfx_set_opacity(gfx *g, float opacity);
/// Text in the bitmap font, `scale` pixels per font pixel, tinted. Returns the width drawn.
float gfx_text(gfx *g, float x, float y, float scale, SDL_Color c, const char *text);
float gfx_text_width(float scale, const char *text);
/// Text centred on x.
void gfx_text_centered(gfx *g, float x, float y, float scale, SDL_Color c, const char *text);
/// Text centred on x in lines at most max_w pixels wide, each broken after a space or a '/' in
/// its last half when there is one (else where it is full). Text that needs more than max_lines
/// lines shows its first max_lines - 1 and, on the last, that line's start, "..." and the text's
/// end, so a long path keeps its start and its file name. Returns the height used; g NULL only
/// measures.
float gfx_text_wrapped(gfx *g, float x, float y, float scale, SDL_Color c, const char *text,
                       float max_w, int max_lines);
void gfx_icon(gfx *g, int icon, float x, float y, float size, SDL_Color tint);
/// A cell of pickups.png (art_pickup: a weapon, the medkit, the shield) as an icon.
void gfx_pickup_icon(gfx *g, int cell, float x, float y, float size, SDL_Color tint);
/// A loot tier's colour (sim_tier: common grey, rare blue, epic violet), on the ground and in the
/// HUD alike.
SDL_Color gfx_tier_color(int tier);
/// A 9-slice panel.
void gfx_panel(gfx *g, SDL_FRect r, SDL_Color tint);
/// A translucent backing panel (the one menus use) for other screens' content.
void gfx_backing(gfx *g, SDL_FRect r);
void gfx_fill_rect(gfx *g, SDL_FRect rect, SDL_Color c);
/// A ring of the given thickness as triangles (batched, one call).
void gfx_ring(gfx *g, float cx, float cy, float radius, float thickness, SDL_Color c, bool dashed);
void gfx_disc(gfx *g, float cx, float cy, float radius, SDL_Color c);
/// A pie slice: the share `share` (0..1) of a disc, clockwise from 12 o'clock (cooldown sweeps).
void gfx_pie(gfx *g, float cx, float cy, float radius, float share, SDL_Color c);

#endif
