/// The one door to SDL_Renderer's drawing calls: every copy, geometry batch, fill, line, colour or
/// alpha modulation change, target switch and clear the game issues goes through these wrappers,
/// which count it. The counts are what a frame costs a GPU driver in calls (arena-bench render
/// prints them per frame and per driver); they cost an increment each.
///
/// gfx_quad batches: textured quads of one texture gather into one SDL_RenderGeometry call, sent
/// when the texture changes, when any other call below is made (so the order of drawing is always
/// the order of the calls) or at gfx_flush. A GPU driver then draws a run of sprites in one call;
/// SDL's software renderer turns each axis-aligned quad back into a copy, so it loses nothing.
/// The batch is the gfx's own (gfx.h: each wrapper takes the gfx that draws, on its renderer).
#ifndef ARENA_GFX_DRAW_H
#define ARENA_GFX_DRAW_H

#include <SDL.h>

typedef struct gfx gfx;
/// The quads being gathered (gfx_draw.c), one per gfx.
typedef struct gfx_batch gfx_batch;

typedef struct gfx_counts {
    int copies;   ///< SDL_RenderCopy / SDL_RenderCopyF
    int geometry; ///< SDL_RenderGeometry calls
    int vertices; ///< vertices (or indices, where given) those calls sent
    int fills;    ///< SDL_RenderFillRect(s)F calls
    int lines;    ///< SDL_RenderDrawLine(F) / SDL_RenderDrawRect(F) calls
    int mods;     ///< SDL_SetTextureColorMod / SDL_SetTextureAlphaMod calls
    int targets;  ///< SDL_SetRenderTarget calls
    int clears;   ///< SDL_RenderClear calls
} gfx_counts;

/// The counts since the last call (the process's one set of counters: a measuring instrument,
/// read and reset once a frame by whoever measures), g's batch sent first.
gfx_counts gfx_counts_take(gfx *g);

/// Queues `src` of t drawn over dst, its colour multiplied by c (c.a: its opacity).
void gfx_quad(gfx *g, SDL_Texture *t, const SDL_Rect *src, const SDL_FRect *dst, SDL_Color c);
/// The batch's memory, made by gfx_load and freed by gfx_free (NULL when out of memory).
gfx_batch *gfx_batch_create(void);
void gfx_batch_destroy(gfx_batch *b);

/// Sends the queued quads. Call before anything that changes how they would draw and that does
/// not go through these wrappers (a clip rectangle, the end of a frame).
void gfx_flush(gfx *g);

int gfx_copy(gfx *g, SDL_Texture *t, const SDL_Rect *src, const SDL_FRect *dst);
int gfx_copy_px(gfx *g, SDL_Texture *t, const SDL_Rect *src, const SDL_Rect *dst);
int gfx_geometry(gfx *g, SDL_Texture *t, const SDL_Vertex *v, int n, const int *idx, int nidx);
int gfx_fill_rects(gfx *g, const SDL_FRect *rects, int n);
int gfx_line(gfx *g, float x0, float y0, float x1, float y1);
int gfx_rect_outline(gfx *g, const SDL_FRect *rect);
int gfx_color_mod(gfx *g, SDL_Texture *t, Uint8 r, Uint8 gr, Uint8 b);
int gfx_alpha_mod(gfx *g, SDL_Texture *t, Uint8 a);
int gfx_target(gfx *g, SDL_Texture *t);
int gfx_clear(gfx *g);

#endif
