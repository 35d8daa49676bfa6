#include "gfx_draw.h"

#include <stdbool.h>

static gfx_counts counts;

/// Quads a batch holds before it is sent (a busy frame's world is a few thousand).
enum { BATCH_QUADS = 4096 };

/// The batch being gathered: quads of one texture on one renderer.
static struct {
    SDL_Renderer *r;
    SDL_Texture *t;
    float inv_w, inv_h; ///< 1 / the texture's size, for texture coordinates
    int quads;
    SDL_Vertex v[BATCH_QUADS * 4];
    int idx[BATCH_QUADS * 6];
} batch;

/// A scaled copy that reaches past the edge of what it draws on: SDL's software renderer scales
/// such a copy whole into a temporary surface (allocated, cleared, stretched, then blitted) so
/// that clipping keeps its proportions; a ground chunk or a sprite at the screen's edge paid for
/// all of it. This cuts the copy to the output instead, dropping the source pixels wholly beyond
/// the edge (rounded to whole ones: the pixels left keep their places to within one), so SDL
/// scales only what shows. False when nothing of it shows.
static bool clip_scaled(SDL_Renderer *r, SDL_Rect *src, SDL_FRect *dst) {
    if ((float)src->w == dst->w && (float)src->h == dst->h) return true; // SDL clips plain copies
    int ow = 0, oh = 0;
    SDL_Texture *target = SDL_GetRenderTarget(r);
    if (target ? SDL_QueryTexture(target, NULL, NULL, &ow, &oh)
               : SDL_GetRendererOutputSize(r, &ow, &oh))
        return true;
    const float w = (float)ow, h = (float)oh;
    if (dst->x >= w || dst->y >= h || dst->x + dst->w <= 0.0f || dst->y + dst->h <= 0.0f)
        return false;
    const float kx = (float)src->w / dst->w, ky = (float)src->h / dst->h; // source per screen
    if (dst->x < 0.0f) {
        int k = (int)(-dst->x * kx + 0.5f);
        k = k < src->w - 1 ? k : src->w - 1;
        src->x += k, src->w -= k;
        dst->w += dst->x, dst->x = 0.0f;
    }
    if (dst->y < 0.0f) {
        int k = (int)(-dst->y * ky + 0.5f);
        k = k < src->h - 1 ? k : src->h - 1;
        src->y += k, src->h -= k;
        dst->h += dst->y, dst->y = 0.0f;
    }
    if (dst->x + dst->w > w) {
        int k = (int)((dst->x + dst->w - w) * kx + 0.5f);
        src->w -= k < src->w - 1 ? k : src->w - 1;
        dst->w = w - dst->x;
    }
    if (dst->y + dst->h > h) {
        int k = (int)((dst->y + dst->h - h) * ky + 0.5f);
        src->h -= k < src->h - 1 ? k : src->h - 1;
        dst->h = h - dst->y;
    }
    return true;
}

void gfx_flush(void) {
    if (batch.quads == 0) return;
    counts.geometry++;
    counts.vertices += batch.quads * 6;
    SDL_RenderGeometry(batch.r, batch.t, batch.v, batch.quads * 4, batch.idx, batch.quads * 6);
    batch.quads = 0;
    batch.t = NULL; // a texture made later at the same address may have another size
}

void gfx_quad(SDL_Renderer *r, SDL_Texture *t, const SDL_Rect *src_in, const SDL_FRect *dst_in,
              SDL_Color c) {
    SDL_Rect cut = *src_in;
    SDL_FRect to = *dst_in;
    if (!clip_scaled(r, &cut, &to)) return;
    const SDL_Rect *src = &cut;
    const SDL_FRect *dst = &to;
    if (batch.quads && (batch.r != r || batch.t != t)) gfx_flush();
    if (batch.quads == BATCH_QUADS) gfx_flush();
    if (batch.t != t || batch.r != r) {
        int w = 1, h = 1;
        SDL_QueryTexture(t, NULL, NULL, &w, &h);
        batch.r = r, batch.t = t;
        batch.inv_w = 1.0f / (float)w, batch.inv_h = 1.0f / (float)h;
    }
    // Texture coordinates are exact when the texture's sides are powers of two (the atlas's and
    // the ground chunks' are): the software renderer turns them back into the same source rect.
    const float u0 = (float)src->x * batch.inv_w, u1 = (float)(src->x + src->w) * batch.inv_w;
    const float v0 = (float)src->y * batch.inv_h, v1 = (float)(src->y + src->h) * batch.inv_h;
    const float x0 = dst->x, x1 = dst->x + dst->w, y0 = dst->y, y1 = dst->y + dst->h;
    SDL_Vertex *v = &batch.v[batch.quads * 4];
    v[0] = (SDL_Vertex){{x0, y0}, c, {u0, v0}};
    v[1] = (SDL_Vertex){{x1, y0}, c, {u1, v0}};
    v[2] = (SDL_Vertex){{x1, y1}, c, {u1, v1}};
    v[3] = (SDL_Vertex){{x0, y1}, c, {u0, v1}};
    int *i = &batch.idx[batch.quads * 6], base = batch.quads * 4;
    i[0] = base, i[1] = base + 1, i[2] = base + 2, i[3] = base, i[4] = base + 2, i[5] = base + 3;
    batch.quads++;
}

gfx_counts gfx_counts_take(void) {
    gfx_flush();
    gfx_counts c = counts;
    counts = (gfx_counts){0};
    return c;
}

int gfx_copy(SDL_Renderer *r, SDL_Texture *t, const SDL_Rect *src, const SDL_FRect *dst) {
    gfx_flush();
    if (dst) {
        SDL_Rect cut = {0, 0, 0, 0};
        if (src)
            cut = *src;
        else if (SDL_QueryTexture(t, NULL, NULL, &cut.w, &cut.h) != 0)
            return -1;
        SDL_FRect to = *dst;
        if (!clip_scaled(r, &cut, &to)) return 0;
        counts.copies++;
        return SDL_RenderCopyF(r, t, &cut, &to);
    }
    counts.copies++;
    return SDL_RenderCopyF(r, t, src, dst);
}

int gfx_copy_px(SDL_Renderer *r, SDL_Texture *t, const SDL_Rect *src, const SDL_Rect *dst) {
    gfx_flush();
    counts.copies++;
    return SDL_RenderCopy(r, t, src, dst);
}

int gfx_geometry(SDL_Renderer *r, SDL_Texture *t, const SDL_Vertex *v, int n, const int *idx,
                 int nidx) {
    gfx_flush();
    counts.geometry++;
    counts.vertices += idx ? nidx : n;
    return SDL_RenderGeometry(r, t, v, n, idx, nidx);
}

int gfx_fill_rects(SDL_Renderer *r, const SDL_FRect *rects, int n) {
    gfx_flush();
    counts.fills++;
    return SDL_RenderFillRectsF(r, rects, n);
}

int gfx_line(SDL_Renderer *r, float x0, float y0, float x1, float y1) {
    gfx_flush();
    counts.lines++;
    return SDL_RenderDrawLineF(r, x0, y0, x1, y1);
}

int gfx_rect_outline(SDL_Renderer *r, const SDL_FRect *rect) {
    gfx_flush();
    counts.lines++;
    return SDL_RenderDrawRectF(r, rect);
}

int gfx_color_mod(SDL_Texture *t, Uint8 r, Uint8 g, Uint8 b) {
    gfx_flush();
    counts.mods++;
    return SDL_SetTextureColorMod(t, r, g, b);
}

int gfx_alpha_mod(SDL_Texture *t, Uint8 a) {
    gfx_flush();
    counts.mods++;
    return SDL_SetTextureAlphaMod(t, a);
}

int gfx_target(SDL_Renderer *r, SDL_Texture *t) {
    gfx_flush();
    counts.targets++;
    return SDL_SetRenderTarget(r, t);
}

int gfx_clear(SDL_Renderer *r) {
    gfx_flush();
    counts.clears++;
    return SDL_RenderClear(r);
}
