/// Textures of the generated art (assets/sprites, laid out by art_layout.h) and small drawing
/// helpers on top of SDL_Renderer: text in the bitmap font, icons, filled circles and rings.
#ifndef ARENA_GFX_H
#define ARENA_GFX_H

#include <SDL.h>
#include <stdbool.h>

#include "art_layout.h"
#include "gfx_draw.h"

/// The near parallax layer is mostly transparent: it is drawn block by block, skipping empty
/// blocks, which keeps it cheap on the software renderer.
#define GFX_NEAR_BLOCK  32
#define GFX_NEAR_BLOCKS (ART_PARALLAX / GFX_NEAR_BLOCK)

typedef struct gfx {
    SDL_Renderer *renderer;
    SDL_Texture *tiles, *agent, *props, *fx, *icons, *ui, *font, *near, *vignette, *muzzle;
    SDL_Texture *weapons, *blast, *door, *pickups;
    bool near_used[GFX_NEAR_BLOCKS * GFX_NEAR_BLOCKS]; ///< blocks of near.png with any pixel
} gfx;

/// Loads every sheet from `dir`. False with a one-line reason in err (size errlen) on failure.
bool gfx_load(gfx *g, SDL_Renderer *r, const char *dir, char *err, size_t errlen);
void gfx_free(gfx *g);

/// Scales the alpha of everything the helpers below draw (1: as given) until set again.
void gfx_set_opacity(float opacity);
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
/// A 9-slice panel.
void gfx_panel(gfx *g, SDL_FRect r, SDL_Color tint);
void gfx_fill_rect(SDL_Renderer *r, SDL_FRect rect, SDL_Color c);
/// A ring of the given thickness as triangles (batched, one call).
void gfx_ring(SDL_Renderer *r, float cx, float cy, float radius, float thickness, SDL_Color c,
              bool dashed);
void gfx_disc(SDL_Renderer *r, float cx, float cy, float radius, SDL_Color c);
/// A pie slice: the share `share` (0..1) of a disc, clockwise from 12 o'clock (cooldown sweeps).
void gfx_pie(SDL_Renderer *r, float cx, float cy, float radius, float share, SDL_Color c);

#endif
