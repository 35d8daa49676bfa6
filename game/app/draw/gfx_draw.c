#include "gfx_draw.h"

#include "gfx.h"

#include <stdbool.h>

static gfx_counts counts;

/// Quads a batch holds before it is sent (a busy frame's world is a few thousand).
enum { BATCH_QUADS = 4096 };

/// The batch being gathered: quads of one texture.
struct gfx_batch {
    SDL_Texture *t;
    float inv_w, inv_h; ///< 1 / the texture's size, for texture coordinates
    int quads;
    SDL_Vertex v[BATCH_QUADS * 4];
    int idx[BATCH_QUADS * 6];
};

gfx_batch *gfx_batch_create(void) {
    return SDL_calloc(1, sizeof(gfx_batch));
}

void gfx_batch_destroy(gfx_batch *b) {
    SDL_free(b);
}

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

void gfx_flush(gfx *g) {
    gfx_batch *b = g->batch;
    if (b->quads == 0) return;
    counts.geometry++;
    counts.vertices += b->quads * 6;
    SDL_RenderGeometry(g->renderer, b->t, b->v, b->quads * 4, b->idx, b->quads * 6);
    b->quads = 0;
    b->t = NULL; // a texture made later at the same address may have another size
}

void gfx_quad(gfx *g, SDL_Texture *t, const SDL_Rect *src_in, const SDL_FRect *dst_in,
              SDL_Color c) {
    gfx_batch *b = g->batch;
    SDL_Rect cut = *src_in;
    SDL_FRect to = *dst_in;
    if (!clip_scaled(g->renderer, &cut, &to)) return;
    const SDL_Rect *src = &cut;
    const SDL_FRect *dst = &to;
    if (b->quads && b->t != t) gfx_flush(g);
    if (b->quads == BATCH_QUADS) gfx_flush(g);
    if (b->t != t) {
        int w = 1, h = 1;
        SDL_QueryTexture(t, NULL, NULL, &w, &h);
        b->t = t;
        b->inv_w = 1.0f / (float)w, b->inv_h = 1.0f / (float)h;
    }
    // Texture coordinates are exact when the texture's sides are powers of two (the atlas's and
    // the ground chunks' are): the software renderer turns them back into the same source rect.
    const float u0 = (float)src->x * b->inv_w, u1 = (float)(src->x + src->w) * b->inv_w;
    const float v0 = (float)src->y * b->inv_h, v1 = (float)(src->y + src->h) * b->inv_h;
    const float x0 = dst->x, x1 = dst->x + dst->w, y0 = dst->y, y1 = dst->y + dst->h;
    SDL_Vertex *v = &b->v[b->quads * 4];
    v[0] = (SDL_Vertex){{x0, y0}, c, {u0, v0}};
    v[1] = (SDL_Vertex){{x1, y0}, c, {u1, v0}};
    v[2] = (SDL_Vertex){{x1, y1}, c, {u1, v1}};
    v[3] = (SDL_Vertex){{x0, y1}, c, {u0, v1}};
    int *i = &b->idx[b->quads * 6], base = b->quads * 4;
    i[0] = base, i[1] = base + 1, i[2] = base + 2, i[3] = base, i[4] = base + 2, i[5] = base + 3;
    b->quads++;
}

gfx_counts gfx_counts_take(gfx *g) {
    gfx_flush(g);
    gfx_counts c = counts;
    counts = (gfx_counts){0};
    return c;
}

int gfx_copy(gfx *g, SDL_Texture *t, const SDL_Rect *src, const SDL_FRect *dst) {
    gfx_flush(g);
    if (dst) {
        SDL_Rect cut = {0, 0, 0, 0};
        if (src)
            cut = *src;
        else if (SDL_QueryTexture(t, NULL, NULL, &cut.w, &cut.h) != 0)
            return -1;
        SDL_FRect to = *dst;
        if (!clip_scaled(g->renderer, &cut, &to)) return 0;
        counts.copies++;
        return SDL_RenderCopyF(g->renderer, t, &cut, &to);
    }
    counts.copies++;
    return SDL_RenderCopyF(g->renderer, t, src, dst);
}

int gfx_copy_px(gfx *g, SDL_Texture *t, const SDL_Rect *src, const SDL_Rect *dst) {
    gfx_flush(g);
    counts.copies++;
    return SDL_RenderCopy(g->renderer, t, src, dst);
}

int gfx_geometry(gfx *g, SDL_Texture *t, const SDL_Vertex *v, int n, const int *idx, int nidx) {
    gfx_flush(g);
    counts.geometry++;
    counts.vertices += idx ? nidx : n;
    return SDL_RenderGeometry(g->renderer, t, v, n, idx, nidx);
}

int gfx_fill_rects(gfx *g, const SDL_FRect *rects, int n) {
    gfx_flush(g);
    counts.fills++;
    return SDL_RenderFillRectsF(g->renderer, rects, n);
}

int gfx_line(gfx *g, float x0, float y0, float x1, float y1) {
    gfx_flush(g);
    counts.lines++;
    return SDL_RenderDrawLineF(g->renderer, x0, y0, x1, y1);
}

int gfx_rect_outline(gfx *g, const SDL_FRect *rect) {
    gfx_flush(g);
    counts.lines++;
    return SDL_RenderDrawRectF(g->renderer, rect);
}

int gfx_color_mod(gfx *g, SDL_Texture *t, Uint8 r, Uint8 gr, Uint8 b) {
    gfx_flush(g);
    counts.mods++;
    return SDL_SetTextureColorMod(t, r, gr, b);
}

int gfx_alpha_mod(gfx *g, SDL_Texture *t, Uint8 a) {
    gfx_flush(g);
    counts.mods++;
    return SDL_SetTextureAlphaMod(t, a);
}

int gfx_target(gfx *g, SDL_Texture *t) {
    gfx_flush(g);
    counts.targets++;
    return SDL_SetRenderTarget(g->renderer, t);
}

int gfx_clear(gfx *g) {
    gfx_flush(g);
    counts.clears++;
    return SDL_RenderClear(g->renderer);
}
