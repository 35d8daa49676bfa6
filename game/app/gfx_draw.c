#include "gfx_draw.h"

static gfx_counts counts;

gfx_counts gfx_counts_take(void) {
    gfx_counts c = counts;
    counts = (gfx_counts){0};
    return c;
}

int gfx_copy(SDL_Renderer *r, SDL_Texture *t, const SDL_Rect *src, const SDL_FRect *dst) {
    counts.copies++;
    return SDL_RenderCopyF(r, t, src, dst);
}

int gfx_copy_px(SDL_Renderer *r, SDL_Texture *t, const SDL_Rect *src, const SDL_Rect *dst) {
    counts.copies++;
    return SDL_RenderCopy(r, t, src, dst);
}

int gfx_geometry(SDL_Renderer *r, SDL_Texture *t, const SDL_Vertex *v, int n, const int *idx,
                 int nidx) {
    counts.geometry++;
    counts.vertices += idx ? nidx : n;
    return SDL_RenderGeometry(r, t, v, n, idx, nidx);
}

int gfx_fill_rects(SDL_Renderer *r, const SDL_FRect *rects, int n) {
    counts.fills++;
    return SDL_RenderFillRectsF(r, rects, n);
}

int gfx_line(SDL_Renderer *r, float x0, float y0, float x1, float y1) {
    counts.lines++;
    return SDL_RenderDrawLineF(r, x0, y0, x1, y1);
}

int gfx_rect_outline(SDL_Renderer *r, const SDL_FRect *rect) {
    counts.lines++;
    return SDL_RenderDrawRectF(r, rect);
}

int gfx_color_mod(SDL_Texture *t, Uint8 r, Uint8 g, Uint8 b) {
    counts.mods++;
    return SDL_SetTextureColorMod(t, r, g, b);
}

int gfx_alpha_mod(SDL_Texture *t, Uint8 a) {
    counts.mods++;
    return SDL_SetTextureAlphaMod(t, a);
}

int gfx_target(SDL_Renderer *r, SDL_Texture *t) {
    counts.targets++;
    return SDL_SetRenderTarget(r, t);
}

int gfx_clear(SDL_Renderer *r) {
    counts.clears++;
    return SDL_RenderClear(r);
}
