// The software renderer against a stored frame, and the renderer's caches against a fresh draw:
// - reference: a fixed busy scene at 640x360 matches tests/data/render_reference.png within a
//   small per-channel tolerance on all but a small share of pixels (ARENA_UPDATE_REFERENCE=1
//   writes the file anew from this build);
// - reference_detects: the same comparison fails for the scene seen from a little further on;
// - chunks_follow_cells: after a wall breaks and water floods a cell, frames drawn with the ground
//   chunks cached from before equal frames drawn with no cache;
// - tint_matches_modulation: a sprite pre-tinted in the atlas draws the pixels that the sheet
//   drawn with the renderer's colour modulation did (to the blend's rounding);
// - large_screen_stretches_reference: on a 1920x1080 screen the software renderer's world is the
//   1280x720 one stretched by 1.5 (drawn unscaled, stretched once), at zoom level 1 and zoomed;
// - panel_bands_match_copy: a panel's middle drawn as solid bands draws the pixels the stretched,
//   tinted copy of ui.png's middle did, at several sizes, tints and opacities;
// - tinted_copies_match_modulation: the HUD's pieces (panels, icons, text, a pickup icon, the
//   minimap) drawn from the copies made ahead at their sizes and tints draw the pixels that SDL's
//   scaled, modulated copies did (to the blend's rounding), through a fade and back;
// - fade_makes_no_copies: a fade (a new alpha every frame) draws from the opaque tints' copies
//   and makes none; at rest the pieces get their own copies again;
// - fog_follows_zoom: at the map's edges and corner, a world renderer that drew the fog at one
//   zoom draws it at the next as a fresh one does (its sides' strips are remade for their depth);
// - low_target_follows_screen: a world renderer that drew at one screen size and zoom draws the
//   next size and zoom as a fresh one does (the reference-size target is remade, never stale).
#include "test.h"

#include "app.h"
#include "bench_scene.h"
#include "map_designs.h"
#include "sim_world.h"
#include "tool_save_png.h"

#include <SDL_image.h>

#define ASSETS    ARENA_SOURCE_DIR "/assets/sprites"
#define REFERENCE ARENA_SOURCE_DIR "/tests/data/render_reference.png"

enum { W = 640, H = 360 };

/// Per channel, a pixel within this of the reference counts as the same (blend rounding differs
/// by a unit or two between SDL's blitters); at most this share of pixels may differ by more.
#define TOLERANCE 6
#define MAX_SHARE 0.005

/// A mid-match world: 30 agents alive round agent 0, 200 bullets in the air round the view.
static sim_world *scene(ae_grid *map) {
    if (!map_design_build(&map_designs[0], map)) return NULL;
    static const bench_scene_def def = {.bots = 30,
                                        .ticks = 120,
                                        .agent_spread = {{300, 170}},
                                        .bullets = 200,
                                        .bullet_spread = {{320, 180}},
                                        .varied = true};
    return bench_scene_create(map, &def);
}

typedef struct canvas {
    SDL_Surface *s;
    SDL_Renderer *r;
    gfx g;
    world_renderer wr;
} canvas;

static void canvas_open_size(canvas *cv, int w, int h) {
    cv->s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    REQUIRE(cv->s);
    cv->r = SDL_CreateSoftwareRenderer(cv->s);
    REQUIRE(cv->r);
    char err[256];
    REQUIRE(gfx_load(&cv->g, cv->r, ASSETS, err, sizeof err));
    cv->wr = (world_renderer){0};
    world_renderer_init(&cv->wr, &cv->g);
}

static void canvas_open(canvas *cv) {
    canvas_open_size(cv, W, H);
}

static void canvas_close(canvas *cv) {
    world_renderer_free(&cv->wr);
    gfx_free(&cv->g);
    SDL_DestroyRenderer(cv->r);
    SDL_FreeSurface(cv->s);
}

/// The world on cv's whole surface at zoom `level` (1: the default).
static void draw_zoomed(canvas *cv, const sim_world *w, vec2s center, float time, float level) {
    camera cam;
    camera_init(&cam, center, (float)cv->s->w, (float)cv->s->h);
    cam.zoom *= level;
    fx_state fx;
    fx_clear(&fx);
    world_renderer_draw(&cv->wr, &cam, w, 1.0f, time, &fx);
    SDL_RenderPresent(cv->r);
}

static void draw(canvas *cv, const sim_world *w, vec2s center, float time) {
    draw_zoomed(cv, w, center, time, 1.0f);
}

/// The share of pixels of a (ARGB8888) that differ from b (any format) by more than TOLERANCE in
/// a channel; 1 when the sizes differ.
static double differing_share(SDL_Surface *a, SDL_Surface *b) {
    SDL_Surface *bb = SDL_ConvertSurfaceFormat(b, SDL_PIXELFORMAT_ARGB8888, 0);
    if (!bb || bb->w != a->w || bb->h != a->h) {
        SDL_FreeSurface(bb);
        return 1.0;
    }
    long n = 0;
    for (int y = 0; y < a->h; y++)
        for (int x = 0; x < a->w; x++) {
            Uint32 p = ((const Uint32 *)((const Uint8 *)a->pixels + y * a->pitch))[x];
            Uint32 q = ((const Uint32 *)((const Uint8 *)bb->pixels + y * bb->pitch))[x];
            for (int k = 0; k < 24; k += 8) {
                int d = (int)((p >> k) & 255) - (int)((q >> k) & 255);
                if (d > TOLERANCE || d < -TOLERANCE) {
                    n++;
                    break;
                }
            }
        }
    SDL_FreeSurface(bb);
    return (double)n / ((double)a->w * a->h);
}

static void test_reference(void) {
    ae_grid map;
    sim_world *w = scene(&map);
    REQUIRE(w);
    canvas cv;
    canvas_open(&cv);
    draw(&cv, w, w->agents[0].pos, 0.0f);
    const char *update = getenv("ARENA_UPDATE_REFERENCE");
    if (update && update[0] == '1') {
        SDL_Surface *rgba = SDL_ConvertSurfaceFormat(cv.s, SDL_PIXELFORMAT_RGBA32, 0);
        ae_error err;
        CHECK(rgba && tool_save_png(rgba, REFERENCE, &err));
        SDL_FreeSurface(rgba);
    }
    SDL_Surface *ref = IMG_Load(REFERENCE);
    REQUIRE(ref);
    double share = differing_share(cv.s, ref);
    if (share > MAX_SHARE) {
        IMG_SavePNG(cv.s, "/tmp/arena-render-reference-got.png");
        fprintf(stderr, "%.4f of the pixels differ (at most %.4f); this build's frame: %s\n", share,
                MAX_SHARE, "/tmp/arena-render-reference-got.png");
    }
    CHECK(share <= MAX_SHARE);
    SDL_FreeSurface(ref);
    canvas_close(&cv);
    sim_destroy(w);
    ae_grid_free(&map);
}

static void test_reference_detects(void) {
    ae_grid map;
    sim_world *w = scene(&map);
    REQUIRE(w);
    canvas cv;
    canvas_open(&cv);
    // Three world units on: every sprite and tile moves by a few pixels.
    vec2s c = w->agents[0].pos;
    c.x += 3.0f;
    draw(&cv, w, c, 0.0f);
    SDL_Surface *ref = IMG_Load(REFERENCE);
    REQUIRE(ref);
    CHECK(differing_share(cv.s, ref) > 10 * MAX_SHARE);
    SDL_FreeSurface(ref);
    canvas_close(&cv);
    sim_destroy(w);
    ae_grid_free(&map);
}

/// The largest difference in a channel between two ARGB8888 surfaces of one size.
static int max_difference(const SDL_Surface *a, const SDL_Surface *b) {
    int most = 0;
    for (int y = 0; y < a->h; y++)
        for (int x = 0; x < a->w; x++) {
            Uint32 p = ((const Uint32 *)((const Uint8 *)a->pixels + y * a->pitch))[x];
            Uint32 q = ((const Uint32 *)((const Uint8 *)b->pixels + y * b->pitch))[x];
            for (int k = 0; k < 24; k += 8) {
                int d = abs((int)((p >> k) & 255) - (int)((q >> k) & 255));
                most = d > most ? d : most;
            }
        }
    return most;
}

/// True when the two surfaces hold the same pixels.
static bool same_pixels(const SDL_Surface *a, const SDL_Surface *b) {
    for (int y = 0; y < a->h; y++)
        if (memcmp((const Uint8 *)a->pixels + y * a->pitch, (const Uint8 *)b->pixels + y * b->pitch,
                   (size_t)a->w * 4) != 0)
            return false;
    return true;
}

static void test_chunks_follow_cells(void) {
    ae_grid map;
    sim_world *w = scene(&map);
    REQUIRE(w);
    canvas cached;
    canvas_open(&cached);
    const vec2s c = w->agents[0].pos;
    draw(&cached, w, c, 0.0f); // every chunk in view cached
    // Near the view's centre: a free cell becomes water and a plain wall is broken open.
    const float cs = w->cfg.cell_size;
    const int cx = (int)(c.x / cs), cy = (int)(c.y / cs);
    int changed = 0;
    for (int r = 1; r < 8 && changed < 2; r++)
        for (int y = cy - r; y <= cy + r && changed < 2; y++)
            for (int x = cx - r; x <= cx + r && changed < 2; x++) {
                if (!ae_grid_in_bounds(&w->grid, x, y)) continue;
                uint8_t *cell = &w->grid.cells[(size_t)y * (size_t)w->grid.width + (size_t)x];
                if (changed == 0 && *cell == 0) {
                    *cell = AE_CELL_WALL | AE_CELL_WATER;
                    changed++;
                } else if (changed == 1 && *cell == AE_CELL_WALL) {
                    *cell = 0;
                    changed++;
                }
            }
    CHECK(changed == 2);
    for (int f = 0; f < 3; f++) { // and a camera that moves on over cached and new chunks
        vec2s at = {{c.x + 40.0f * (float)f, c.y + 25.0f * (float)f}};
        draw(&cached, w, at, 0.5f);
        canvas fresh;
        canvas_open(&fresh);
        draw(&fresh, w, at, 0.5f);
        CHECK(same_pixels(cached.s, fresh.s));
        canvas_close(&fresh);
    }
    canvas_close(&cached);
    sim_destroy(w);
    ae_grid_free(&map);
}

static void test_tint_matches_modulation(void) {
    canvas cv;
    ae_grid map;
    sim_world *w = scene(&map);
    REQUIRE(w);
    canvas_open(&cv);
    SDL_Surface *a = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Surface *first = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
    REQUIRE(a && first);
    for (int tint = 0; tint < GFX_TINTS; tint++) {
        const SDL_Color m = gfx_tint_colors[tint];
        // Every cell of agent.png at 1:1 over a grey ground, once modulated, once pre-tinted.
        for (int pass = 0; pass < 2; pass++) {
            SDL_SetRenderDrawColor(cv.r, 90, 100, 80, 255);
            SDL_RenderClear(cv.r);
            gfx_color_mod(&cv.g, cv.g.agent, m.r, m.g, m.b);
            for (int row = 0; row < ART_AGENT_DIRS; row++)
                for (int f = 0; f < ART_AGENT_FRAMES; f++) {
                    SDL_Rect src = {f * ART_AGENT_W, row * ART_AGENT_H, ART_AGENT_W, ART_AGENT_H};
                    SDL_FRect dst = {(float)(f * (ART_AGENT_W + 4)),
                                     (float)(row * (ART_AGENT_H - 4)), ART_AGENT_W, ART_AGENT_H};
                    if (pass == 0)
                        gfx_copy(&cv.g, cv.g.agent, &src, &dst);
                    else
                        gfx_sprite(&cv.g, cv.g.at_agent[tint], src, dst,
                                   (SDL_Color){255, 255, 255, 255});
                }
            gfx_color_mod(&cv.g, cv.g.agent, 255, 255, 255);
            gfx_flush(&cv.g);
            SDL_SetSurfaceBlendMode(cv.s, SDL_BLENDMODE_NONE); // a plain copy
            if (pass == 0) SDL_BlitSurface(cv.s, NULL, a, NULL);
        }
        // Equal but for the blend's rounding: SDL blends a modulated copy and a plain one in
        // different code (a unit or two apart); a wrong tint is tens of units off.
        CHECK(max_difference(a, cv.s) <= 2);
        if (tint == 0) SDL_BlitSurface(cv.s, NULL, first, NULL);
    }
    // And the comparison sees a tint: the first colour (yellow) against the last (salmon).
    CHECK(max_difference(first, cv.s) > 40);
    SDL_FreeSurface(first);
    SDL_FreeSurface(a);
    canvas_close(&cv);
    sim_destroy(w);
    ae_grid_free(&map);
}

static void test_large_screen_stretches_reference(void) {
    ae_grid map;
    sim_world *w = scene(&map);
    REQUIRE(w);
    canvas big, ref;
    canvas_open_size(&big, 1920, 1080);
    canvas_open_size(&ref, 1280, 720);
    SDL_Surface *stretched =
        SDL_CreateRGBSurfaceWithFormat(0, 1920, 1080, 32, SDL_PIXELFORMAT_ARGB8888);
    REQUIRE(stretched);
    static const float levels[2] = {1.0f, 1.4f};
    for (int k = 0; k < 2; k++) {
        draw_zoomed(&big, w, w->agents[0].pos, 0.0f, levels[k]);
        draw_zoomed(&ref, w, w->agents[0].pos, 0.0f, levels[k]);
        SDL_SetSurfaceBlendMode(ref.s, SDL_BLENDMODE_NONE);
        REQUIRE(SDL_BlitScaled(ref.s, NULL, stretched, NULL) == 0);
        CHECK(same_pixels(big.s, stretched));
    }
    SDL_FreeSurface(stretched);
    canvas_close(&ref);
    canvas_close(&big);
    sim_destroy(w);
    ae_grid_free(&map);
}

static void test_low_target_follows_screen(void) {
    ae_grid map;
    sim_world *w = scene(&map);
    REQUIRE(w);
    // One world renderer through screen sizes and zooms, as a window resized and a player
    // zooming in and out would take it; each frame against a renderer that drew nothing before.
    static const struct {
        int w, h;
        float level;
    } steps[4] = {{1920, 1080, 1.0f}, {1920, 1080, 1.6f}, {1920, 1200, 0.8f}, {2000, 1000, 1.2f}};
    canvas kept;
    canvas_open_size(&kept, 64, 64); // it draws into a target of each step's size
    for (int k = 0; k < 4; k++) {
        const int sw = steps[k].w, sh = steps[k].h;
        SDL_Texture *screen =
            SDL_CreateTexture(kept.r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, sw, sh);
        SDL_Surface *got = SDL_CreateRGBSurfaceWithFormat(0, sw, sh, 32, SDL_PIXELFORMAT_ARGB8888);
        REQUIRE(screen && got);
        REQUIRE(SDL_SetRenderTarget(kept.r, screen) == 0);
        camera cam;
        camera_init(&cam, w->agents[0].pos, (float)sw, (float)sh);
        cam.zoom *= steps[k].level;
        fx_state fx;
        fx_clear(&fx);
        world_renderer_draw(&kept.wr, &cam, w, 1.0f, 0.0f, &fx);
        CHECK(SDL_GetRenderTarget(kept.r) == screen); // the screen's target is back
        REQUIRE(SDL_RenderReadPixels(kept.r, NULL, SDL_PIXELFORMAT_ARGB8888, got->pixels,
                                     got->pitch) == 0);
        SDL_SetRenderTarget(kept.r, NULL);
        canvas fresh;
        canvas_open_size(&fresh, sw, sh);
        draw_zoomed(&fresh, w, w->agents[0].pos, 0.0f, steps[k].level);
        CHECK(same_pixels(got, fresh.s));
        canvas_close(&fresh);
        SDL_FreeSurface(got);
        SDL_DestroyTexture(screen);
    }
    canvas_close(&kept);
    sim_destroy(w);
    ae_grid_free(&map);
}

static void test_panel_bands_match_copy(void) {
    canvas cv;
    canvas_open(&cv);
    // Against SDL's own modulated copy of the middle: the borders too are modulated copies here,
    // not the copies made ahead (whose blend rounds differently; tinted_copies_match_modulation).
    gfx_tinted *tinted = cv.g.tinted;
    cv.g.tinted = NULL;
    CHECK(cv.g.panel_flat); // ui.png's panel has rows of one colour: the bands are what draws
    SDL_Surface *copied = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
    REQUIRE(copied);
    static const SDL_FRect boxes[3] = {
        {10.5f, 12.25f, 300, 120}, {330, 20, 97.6f, 333}, {40, 200, 260, 45}};
    static const SDL_Color tints[3] = {
        {255, 255, 255, 255}, {150, 170, 210, 110}, {90, 200, 120, 230}};
    for (int pass = 0; pass < 2; pass++) {
        cv.g.panel_flat = pass == 1; // first the copies, then the bands
        SDL_SetRenderDrawColor(cv.r, 70, 90, 60, 255);
        SDL_RenderClear(cv.r);
        for (int k = 0; k < 3; k++) {
            gfx_set_opacity(&cv.g, k == 2 ? 0.6f : 1.0f);
            gfx_panel(&cv.g, boxes[k], tints[k]);
        }
        gfx_flush(&cv.g);
        SDL_RenderPresent(cv.r);
        SDL_SetSurfaceBlendMode(cv.s, SDL_BLENDMODE_NONE);
        if (pass == 0) SDL_BlitSurface(cv.s, NULL, copied, NULL);
    }
    CHECK(same_pixels(copied, cv.s)); // SDL blends a fill and a modulated copy alike
    SDL_FreeSurface(copied);
    cv.g.tinted = tinted;
    canvas_close(&cv);
}

/// The HUD's pieces: panels, icons at their sizes, text at three scales, a pickup icon and the
/// minimap, with the opacity given (the HUD's fades).
static void draw_hud_pieces(canvas *cv, const hud *h, float opacity) {
    SDL_SetRenderDrawColor(cv->r, 70, 90, 60, 255);
    SDL_RenderClear(cv->r);
    gfx *g = &cv->g;
    gfx_set_opacity(g, opacity);
    gfx_panel(g, (SDL_FRect){10.5f, 12.25f, 300, 120}, (SDL_Color){255, 255, 255, 215});
    gfx_panel(g, (SDL_FRect){330, 20, 97.6f, 150}, (SDL_Color){150, 170, 210, 110});
    gfx_icon(g, ART_ICON_HEART, 26, 26, 28, (SDL_Color){255, 255, 255, 255});
    gfx_icon(g, ART_ICON_REGEN, 60.5f, 26, 48, (SDL_Color){110, 110, 110, 255});
    gfx_icon(g, ART_ICON_SKULL, 120, 30, 32, (SDL_Color){255, 150, 140, 200});
    gfx_pickup_icon(g, 0, 170, 30, 40, gfx_tier_color(2));
    gfx_text(g, 20, 90, 1.0f, (SDL_Color){255, 255, 255, 255}, "100 alive 3:07");
    gfx_text(g, 21.5f, 111.5f, 1.5f, (SDL_Color){0, 0, 0, 160}, "Zone 2 closing");
    gfx_text(g, 20, 110, 1.5f, (SDL_Color){255, 214, 80, 255}, "Zone 2 closing");
    gfx_text(g, 340, 200, 2.0f, (SDL_Color){255, 240, 150, 255}, "LEVEL UP!");
    gfx_set_opacity(g, 1.0f);
    // The minimap as hud.c draws it: stretched, its alpha modulated by the panel's opacity.
    const SDL_FRect to = {420.5f, 150, 190, 190};
    const Uint8 alpha = (Uint8)(220.0f * opacity);
    if (!gfx_tinted_copy(g, h->minimap_px, NULL, to, (SDL_Color){255, 255, 255, alpha})) {
        gfx_alpha_mod(g, h->minimap, alpha);
        gfx_copy(g, h->minimap, NULL, &to);
    }
    gfx_flush(g);
}

static void test_tinted_copies_match_modulation(void) {
    ae_grid map;
    sim_world *w = scene(&map);
    REQUIRE(w);
    canvas cv;
    canvas_open(&cv);
    REQUIRE(cv.g.tinted); // a software renderer makes its HUD's copies ahead
    hud h;
    hud_init(&h);
    hud_build_minimap(&h, cv.r, w);
    SDL_Surface *modulated = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Surface *opaque = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_ARGB8888);
    REQUIRE(modulated && opaque);
    gfx_tinted *tinted = cv.g.tinted;
    // Opaque, faded, then opaque again: a copy made for one tint is never drawn for another.
    static const float opacities[3] = {1.0f, 0.6f, 1.0f};
    for (int round = 0; round < 3; round++) {
        for (int pass = 0; pass < 2; pass++) {
            // First SDL's modulated copies; then the copies made ahead, twice: a piece whose
            // alpha changed since the frame before is drawn modulated, then from its own copy.
            cv.g.tinted = pass == 0 ? NULL : tinted;
            for (int frame = 0; frame < 1 + pass; frame++) {
                gfx_tinted_next_frame(cv.g.tinted);
                gfx_counts_take(&cv.g);
                draw_hud_pieces(&cv, &h, opacities[round]);
                const gfx_counts calls = gfx_counts_take(&cv.g);
                // SDL's way, every piece is modulated; made ahead and steady, none is.
                if (pass == 0) CHECK(calls.mods > 0);
                if (frame == 1 || (pass == 1 && round == 0)) CHECK(calls.mods == 0);
                SDL_RenderPresent(cv.r);
                SDL_SetSurfaceBlendMode(cv.s, SDL_BLENDMODE_NONE);
                if (pass == 0) SDL_BlitSurface(cv.s, NULL, modulated, NULL);
                // Equal but for the blend's rounding (SDL's SIMD blend of a plain copy against
                // its C one of a modulated copy: a unit or two, three where faded pieces lie on
                // each other); a wrong tint, size or place is tens of units off.
                if (pass == 1) CHECK(max_difference(modulated, cv.s) <= 3);
            }
        }
        if (round == 0) SDL_BlitSurface(cv.s, NULL, opaque, NULL);
        if (round == 1) CHECK(max_difference(opaque, cv.s) > 40); // the fade shows
    }
    cv.g.tinted = tinted;
    SDL_FreeSurface(opaque);
    SDL_FreeSurface(modulated);
    hud_free(&h);
    canvas_close(&cv);
    sim_destroy(w);
    ae_grid_free(&map);
}

/// A fade asks for new tints every frame: they are drawn from the opaque tints' copies (made in
/// its first frame where a piece had none), making none of their own; once the opacity rests,
/// each piece gets its copy again.
static void test_fade_makes_no_copies(void) {
    ae_grid map;
    sim_world *w = scene(&map);
    REQUIRE(w);
    canvas cv;
    canvas_open(&cv);
    REQUIRE(cv.g.tinted);
    hud h;
    hud_init(&h);
    hud_build_minimap(&h, cv.r, w);
    unsigned made_first = 0;
    float opacity = 1.0f;
    for (int frame = 0; frame < 40; frame++) {
        gfx_tinted_next_frame(cv.g.tinted);
        gfx_counts_take(&cv.g);
        draw_hud_pieces(&cv, &h, opacity);
        const gfx_counts calls = gfx_counts_take(&cv.g);
        if (frame == 0) CHECK(calls.mods == 0); // steady: every piece from its own copy
        if (frame == 1) made_first = gfx_tinted_made(cv.g.tinted);
        if (frame >= 1 && frame < 30) CHECK(calls.mods > 0);
        if (frame < 30) {
            if (frame > 1) CHECK(gfx_tinted_made(cv.g.tinted) == made_first); // none made
            opacity -= 0.02f;
        }
        if (frame == 31) CHECK(gfx_tinted_made(cv.g.tinted) > made_first); // at rest: its own
        if (frame >= 31) CHECK(calls.mods == 0);
    }
    CHECK(made_first > 0);
    hud_free(&h);
    canvas_close(&cv);
    sim_destroy(w);
    ae_grid_free(&map);
}

static void test_fog_follows_zoom(void) {
    ae_grid map;
    sim_world *w = scene(&map);
    REQUIRE(w);
    const float cs = w->cfg.cell_size, mw = (float)w->grid.width * cs,
                mh = (float)w->grid.height * cs;
    // The top-left corner, the right side and the bottom side, each through three zooms.
    const vec2s at[3] = {{{0.0f, 0.0f}}, {{mw, 0.5f * mh}}, {{0.5f * mw, mh}}};
    static const float levels[3] = {1.0f, 1.35f, 0.8f};
    canvas kept;
    canvas_open(&kept);
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++) {
            draw_zoomed(&kept, w, at[i], 0.0f, levels[k]);
            canvas fresh;
            canvas_open(&fresh);
            draw_zoomed(&fresh, w, at[i], 0.0f, levels[k]);
            CHECK(same_pixels(kept.s, fresh.s));
            canvas_close(&fresh);
        }
    canvas_close(&kept);
    sim_destroy(w);
    ae_grid_free(&map);
}

TEST_MAIN(TEST_CASE(reference), TEST_CASE(reference_detects), TEST_CASE(chunks_follow_cells),
          TEST_CASE(tint_matches_modulation), TEST_CASE(large_screen_stretches_reference),
          TEST_CASE(low_target_follows_screen), TEST_CASE(fog_follows_zoom),
          TEST_CASE(panel_bands_match_copy), TEST_CASE(tinted_copies_match_modulation),
          TEST_CASE(fade_makes_no_copies))
