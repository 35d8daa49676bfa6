// Tinted copies made ahead for the software renderer. SDL's software renderer draws a copy with
// colour or alpha modulation, or a scaled one, in its per-pixel C blitters; an unmodulated,
// unscaled blended copy takes its SIMD one, several times faster. The HUD and the menus draw the
// same few pieces (glyphs, icons, panel borders, the minimap) at the same sizes and tints frame
// after frame, so each is made once as a texture of its own at its drawn size with the tint
// applied, and drawn as a plain copy.
//
// A fading panel asks for a new alpha every frame: a copy made for each would be a texture made
// and thrown away per piece per frame. So a piece asked for with another alpha than in the frame
// before (fading) is drawn from its copy with the opaque tint, its alpha modulated: the same
// source pixels (the modulation multiplies alpha as make does), through SDL's modulated blitter.
// Any other piece, a steady one, is drawn from a copy of its own, from the first frame on, so a
// frame drawn twice draws the same pixels.
#include "gfx.h"

#include <stdlib.h>

/// A set-associative cache: a key hashes to a set of WAYS slots; a miss replaces the slot of the
/// set used longest ago. The pieces' alphas are remembered alike, by the hash of the piece with
/// its tint made opaque (two pieces of one hash at worst take the slower way for a frame), in
/// sets of SEEN_WAYS: a frame asks for a few hundred pieces.
enum { SETS = 256, WAYS = 8, SEEN_SETS = 1024, SEEN_WAYS = 4 };

typedef struct entry {
    uint64_t id;        ///< the source's gfx_pixels id (0: an empty slot)
    int sx, sy, sw, sh; ///< the source rectangle
    int w, h;           ///< the size drawn
    Uint32 tint;        ///< ARGB of the tint
    unsigned used;      ///< the cache's clock at its last use
    SDL_Texture *t;
} entry;

/// A piece as the last frame that asked for it saw it.
typedef struct seen {
    unsigned hash;  ///< the piece's hash (its tint opaque)
    unsigned frame; ///< the last frame it was asked for in
    Uint8 alpha;    ///< the alpha that frame first asked for
    bool fading;    ///< what that frame decided
} seen;

struct gfx_tinted {
    unsigned clock;
    unsigned frame; ///< gfx_tinted_next_frame's count
    unsigned made;  ///< copies made so far
    entry slots[SETS * WAYS];
    seen seen[SEEN_SETS * SEEN_WAYS];
};

gfx_tinted *gfx_tinted_create(void) {
    return calloc(1, sizeof(gfx_tinted));
}

void gfx_tinted_next_frame(gfx_tinted *c) {
    if (c) c->frame++;
}

unsigned gfx_tinted_made(const gfx_tinted *c) {
    return c ? c->made : 0;
}

void gfx_tinted_destroy(gfx_tinted *c) {
    if (!c) return;
    for (int i = 0; i < SETS * WAYS; i++)
        if (c->slots[i].t) SDL_DestroyTexture(c->slots[i].t);
    free(c);
}

gfx_pixels gfx_pixels_keep(SDL_Surface *s) {
    // The id is a hash of the size and the pixels: a source freed and another made at its address
    // never meets the first one's copies, and equal pixels may share theirs.
    if (!s) return (gfx_pixels){NULL, 0};
    uint64_t h = 0xCBF29CE484222325ull;
    const uint64_t size = (uint64_t)(unsigned)s->w << 32 | (unsigned)s->h;
    h = (h ^ size) * 0x100000001B3ull;
    for (int y = 0; y < s->h; y++) {
        const Uint8 *row = (const Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch;
        for (size_t i = 0; i < (size_t)s->w * 4; i++) h = (h ^ row[i]) * 0x100000001B3ull;
    }
    return (gfx_pixels){s, h | 1}; // never 0
}

/// The pixels SDL's scaled, modulated blend would draw before blending: each one sampled from
/// src as its nearest stretch samples (16.16 fixed point from half a step), then multiplied by the
/// tint as its modulation does. NULL when out of memory.
static SDL_Texture *make(SDL_Renderer *r, const SDL_Surface *px, const entry *e) {
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, e->w, e->h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s) return NULL;
    const Uint32 tr = (e->tint >> 16) & 255, tg = (e->tint >> 8) & 255, tb = e->tint & 255,
                 ta = e->tint >> 24;
    const Uint32 incx = ((Uint32)e->sw << 16) / (Uint32)e->w,
                 incy = ((Uint32)e->sh << 16) / (Uint32)e->h;
    Uint32 posy = incy / 2;
    for (int y = 0; y < e->h; y++, posy += incy) {
        const Uint32 *in =
            (const Uint32 *)((const Uint8 *)px->pixels +
                             (size_t)(e->sy + (int)(posy >> 16)) * (size_t)px->pitch) +
            e->sx;
        Uint32 *out = (Uint32 *)((Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch);
        Uint32 posx = incx / 2;
        for (int x = 0; x < e->w; x++, posx += incx) {
            const Uint32 p = in[posx >> 16];
            out[x] = ((p >> 24) * ta / 255) << 24 | (((p >> 16) & 255) * tr / 255) << 16 |
                     (((p >> 8) & 255) * tg / 255) << 8 | ((p & 255) * tb / 255);
        }
    }
    SDL_Texture *t = SDL_CreateTextureFromSurface(r, s);
    SDL_FreeSurface(s);
    if (t) SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    return t;
}

static bool same(const entry *a, const entry *b) {
    return a->id == b->id && a->sx == b->sx && a->sy == b->sy && a->sw == b->sw && a->sh == b->sh &&
           a->w == b->w && a->h == b->h && a->tint == b->tint;
}

static unsigned hash(const entry *k) {
    const unsigned v[8] = {(unsigned)(k->id ^ k->id >> 32),
                           (unsigned)k->sx,
                           (unsigned)k->sy,
                           (unsigned)k->sw,
                           (unsigned)k->sh,
                           (unsigned)k->w,
                           (unsigned)k->h,
                           k->tint};
    unsigned h = 2166136261u;
    for (int i = 0; i < 8; i++) h = (h ^ v[i]) * 16777619u;
    return h ^ (h >> 15);
}

/// The slot holding key (its hash h), NULL when none does.
static entry *find(gfx_tinted *c, const entry *key, unsigned h) {
    entry *set = &c->slots[(h % SETS) * WAYS];
    for (int i = 0; i < WAYS; i++)
        if (set[i].t && same(&set[i], key)) return &set[i];
    return NULL;
}

/// Makes key's copy in the slot of its set used longest ago; NULL when out of memory.
static entry *make_in(gfx_tinted *c, SDL_Renderer *r, const SDL_Surface *px, const entry *key,
                      unsigned h) {
    entry *set = &c->slots[(h % SETS) * WAYS], *e = &set[0];
    for (int i = 1; i < WAYS; i++)
        if (set[i].used < e->used) e = &set[i];
    if (e->t) SDL_DestroyTexture(e->t);
    *e = *key;
    e->t = make(r, px, e);
    if (!e->t) {
        e->id = 0;
        return NULL;
    }
    c->made++;
    return e;
}

/// True when the piece of hash h (its tint opaque) is fading: first asked for in this frame with
/// another alpha than in the frame before. The frame's first ask decides for all its others (a
/// glyph drawn twice in a text is drawn alike), and is noted in the piece's own slot, else in the
/// slot of its set asked for longest ago.
static bool fading(gfx_tinted *c, unsigned h, Uint8 alpha) {
    seen *set = &c->seen[(h / SETS % SEEN_SETS) * SEEN_WAYS], *s = &set[0];
    for (int i = 0; i < SEEN_WAYS; i++) {
        if (set[i].hash == h) {
            s = &set[i];
            break;
        }
        if (set[i].frame < s->frame) s = &set[i];
    }
    if (s->hash == h && s->frame == c->frame) return s->fading;
    const bool changed = s->hash == h && s->frame + 1 == c->frame && s->alpha != alpha;
    *s = (seen){h, c->frame, alpha, changed};
    return changed;
}

bool gfx_tinted_copy(gfx *g, gfx_pixels px, const SDL_Rect *src, SDL_FRect dst, SDL_Color tint) {
    if (!g->tinted || !px.s) return false;
    // Whole pixels, as SDL's software renderer truncates a copy's destination.
    const SDL_Rect to = {(int)dst.x, (int)dst.y, (int)dst.w, (int)dst.h};
    const SDL_Rect from = src ? *src : (SDL_Rect){0, 0, px.s->w, px.s->h};
    if (from.x < 0 || from.y < 0 || from.x + from.w > px.s->w || from.y + from.h > px.s->h)
        return false; // SDL would clip the source: leave it to SDL
    if (to.w <= 0 || to.h <= 0 || from.w <= 0 || from.h <= 0 || tint.a == 0)
        return true; // nothing to draw (a fully transparent tint leaves every pixel as it was)
    gfx_tinted *c = g->tinted;
    const Uint32 argb = (Uint32)tint.a << 24 | (Uint32)tint.r << 16 | (Uint32)tint.g << 8 | tint.b;
    const entry key = {px.id, from.x, from.y, from.w, from.h, to.w, to.h, argb, 0, NULL};
    entry opaque = key;
    opaque.tint = argb | 0xFF000000u;
    const unsigned h = hash(&key), ho = tint.a == 255 ? h : hash(&opaque);
    Uint8 alpha_mod = 255;
    entry *e = NULL;
    if (fading(c, ho, tint.a) && tint.a < 255) { // from the opaque tint's copy, alpha modulated
        e = find(c, &opaque, ho);
        if (!e) e = make_in(c, g->renderer, px.s, &opaque, ho);
        alpha_mod = tint.a;
    } else {
        e = find(c, &key, h);
        if (!e) e = make_in(c, g->renderer, px.s, &key, h);
    }
    if (!e) return false;
    e->used = ++c->clock;
    if (alpha_mod == 255) {
        gfx_copy_px(g, e->t, NULL, &to);
        return true;
    }
    gfx_alpha_mod(g, e->t, alpha_mod);
    gfx_copy_px(g, e->t, NULL, &to);
    gfx_alpha_mod(g, e->t, 255); // plain copies from it again
    return true;
}
