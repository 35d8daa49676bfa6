// The ground on screen, rendered with the software renderer and no display: water drawn as
// animated water (not as walls), wall shadows as continuous bands, tiles that leave no gap at
// any zoom, the rock and the sea round the map, and the minimap's water.
#include "test.h"

#include "hud.h"
#include "render_internal.h"
#include "sim_world.h"

#define ASSETS ARENA_SOURCE_DIR "/assets/sprites"
#define SHOT_W 320
#define SHOT_H 240
#define MAP_W  16
#define MAP_H  12

static const uint8_t WATER = AE_CELL_WALL | AE_CELL_WATER;

/// A world on `grid` with two humans far off in the bottom corners, no gems and no zone tint.
static sim_world *make_world(const ae_grid *grid) {
    sim_config cfg = sim_default_config();
    cfg.humans = 2;
    cfg.bots = 0;
    sim_world *w = sim_create(&cfg, grid, NULL);
    if (!w) return NULL;
    w->zone.radius = 1e6f;
    for (int i = 0; i < w->gem_top; i++) w->gems[i].alive = false;
    w->gem_top = w->gem_count = w->spawned_gems = 0;
    const float cs = w->cfg.cell_size;
    for (int i = 0; i < 2; i++) {
        sim_agent *a = &w->agents[i];
        a->pos = a->prev_pos = (vec2s){{(i ? MAP_W - 1.5f : 1.5f) * cs, (MAP_H - 1.0f) * cs}};
    }
    return w;
}

/// A MAP_W x MAP_H grid, free but for the cells [x0, x1] x [y0, y1], which hold `v`.
static void grid_with(ae_grid *g, int x0, int y0, int x1, int y1, uint8_t v) {
    if (!ae_grid_init(g, MAP_W, MAP_H, NULL)) abort();
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) g->cells[y * MAP_W + x] = v;
}

typedef struct view {
    vec2s center;
    float zoom, time;
    bool ground_only; ///< only the ground and the blocks, over a magenta screen (to find gaps)
} view;

static SDL_Surface *render(const sim_world *w, view v) {
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, SHOT_W, SHOT_H, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer *r = s ? SDL_CreateSoftwareRenderer(s) : NULL;
    gfx g;
    char err[256];
    if (!r || !gfx_load(&g, r, ASSETS, err, sizeof err)) {
        fprintf(stderr, "render: %s\n", r ? err : SDL_GetError());
        return NULL;
    }
    camera cam;
    camera_init(&cam, v.center, SHOT_W, SHOT_H);
    cam.zoom = cam.target_zoom = v.zoom > 0.0f ? v.zoom : 1.0f;
    world_renderer wr = {0};
    world_renderer_init(&wr, &g);
    if (v.ground_only) {
        SDL_SetRenderDrawColor(r, 255, 0, 255, 255);
        SDL_RenderClear(r);
        const float cs = w->cfg.cell_size;
        vec2s tl = camera_to_world(&cam, (vec2s){{0, 0}});
        vec2s br = camera_to_world(&cam, (vec2s){{SHOT_W, SHOT_H}});
        const int x0 = (int)floorf(tl.x / cs) - 1, y0 = (int)floorf(tl.y / cs) - 1;
        const int x1 = (int)floorf(br.x / cs) + 1, y1 = (int)floorf(br.y / cs) + 2;
        render_ground(&wr, &cam, w, x0, y0, x1, y1, v.time);
        // The raised blocks over their own footprints, rows north to south as the sort has them.
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++)
                if (render_block(&w->grid, x, y)) render_block_cell(&g, &cam, w, x, y);
        gfx_flush(&g);
    } else {
        static fx_state none;
        world_renderer_draw(&wr, &cam, w, 1.0f, v.time, &none);
    }
    world_renderer_free(&wr);
    SDL_RenderPresent(r);
    gfx_free(&g);
    SDL_DestroyRenderer(r);
    return s;
}

static const Uint8 *pixel(SDL_Surface *s, int x, int y) {
    return (const Uint8 *)s->pixels + y * s->pitch + 4 * x;
}

/// Mean red, green, blue of the screen rectangle [x0, x1) x [y0, y1).
static void mean_rgb(SDL_Surface *s, int x0, int y0, int x1, int y1, double rgb[3]) {
    rgb[0] = rgb[1] = rgb[2] = 0.0;
    int n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++, n++)
            for (int k = 0; k < 3; k++) rgb[k] += pixel(s, x, y)[k];
    for (int k = 0; k < 3; k++) rgb[k] /= n > 0 ? n : 1;
}

static double luma(SDL_Surface *s, int x0, int y0, int x1, int y1) {
    double rgb[3];
    mean_rgb(s, x0, y0, x1, y1, rgb);
    return 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2];
}

static int differing(SDL_Surface *a, SDL_Surface *b, int x0, int y0, int x1, int y1) {
    int n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) n += memcmp(pixel(a, x, y), pixel(b, x, y), 4) != 0;
    return n;
}

/// The screen position of world point p in a view centred on `center` at zoom 1.
static vec2s to_screen(vec2s center, float x, float y) {
    return (vec2s){{x - center.x + 0.5f * SHOT_W, y - center.y + 0.5f * SHOT_H}};
}

// A pond of 6 x 4 cells is drawn as water: blue where the same cells as walls are grey stone,
// with an earth bank along its north shore; it moves with time while the ground away from it
// stays still.
static void test_water(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    ae_grid wet, stone;
    grid_with(&wet, 5, 3, 10, 6, WATER);
    grid_with(&stone, 5, 3, 10, 6, AE_CELL_WALL);
    sim_world *w = make_world(&wet), *walls = make_world(&stone);
    ae_grid_free(&wet);
    ae_grid_free(&stone);
    REQUIRE(w && walls);
    const float cs = w->cfg.cell_size;
    const vec2s c = {{8.0f * cs, 5.0f * cs}};
    SDL_Surface *now = render(w, (view){c, 1.0f, 0.0f, false});
    SDL_Surface *later = render(w, (view){c, 1.0f, 0.5f, false});
    SDL_Surface *wall = render(walls, (view){c, 1.0f, 0.0f, false});
    REQUIRE(now && later && wall);
    // The pond's middle (cells 7..8 x 4..5), clear of its shores.
    vec2s a = to_screen(c, 7.0f * cs, 4.0f * cs), b = to_screen(c, 9.0f * cs, 6.0f * cs);
    double water[3], rock[3];
    mean_rgb(now, (int)a.x, (int)a.y, (int)b.x, (int)b.y, water);
    mean_rgb(wall, (int)a.x, (int)a.y, (int)b.x, (int)b.y, rock);
    CHECK(water[2] > water[0] + 60.0 && water[2] > water[1]); // blue
    CHECK(fabs(rock[2] - rock[0]) < 30.0);                    // grey
    // The bank: the top rows of the pond's north cells are earth (more red than blue).
    vec2s bank = to_screen(c, 6.0f * cs, 3.0f * cs);
    double earth[3];
    mean_rgb(now, (int)bank.x, (int)bank.y + 1, (int)bank.x + 4 * (int)cs, (int)bank.y + 5, earth);
    CHECK(earth[0] > earth[2]);
    // It moves; the ground two cells and more from it (cells 12 and 13) does not.
    CHECK(differing(now, later, (int)a.x, (int)a.y, (int)b.x, (int)b.y) > 200);
    vec2s far = to_screen(c, 12.0f * cs, 0.0f);
    REQUIRE(far.x > 0.0f && far.x < SHOT_W);
    CHECK(differing(now, later, (int)far.x, 0, SHOT_W, SHOT_H) == 0);
    SDL_FreeSurface(now);
    SDL_FreeSurface(later);
    SDL_FreeSurface(wall);
    sim_destroy(w);
    sim_destroy(walls);
}

/// How much darker each line across a shadow band is than the same line without the wall:
/// `n` lines starting at `first`, along x (`along_x`) or along y, each `depth` pixels deep
/// from `edge` (a column when along y, a row when along x).
static void darkening(SDL_Surface *lit, SDL_Surface *shaded, bool along_x, int first, int n,
                      int edge, int depth, double *out) {
    for (int i = 0; i < n; i++) {
        int p = first + i;
        out[i] = along_x ? luma(lit, p, edge, p + 1, edge + depth) -
                               luma(shaded, p, edge, p + 1, edge + depth)
                         : luma(lit, edge, p, edge + depth, p + 1) -
                               luma(shaded, edge, p, edge + depth, p + 1);
    }
}

/// A shadow band: there all along (at least `least`), and even: it varies along the band by
/// less than a quarter of its mean (a comb drawn cell by cell varies by twice its mean).
static void check_band(const double *d, int n, double least) {
    double lo = 1e9, hi = -1e9, sum = 0.0;
    for (int i = 0; i < n; i++) {
        lo = fmin(lo, d[i]);
        hi = fmax(hi, d[i]);
        sum += d[i];
    }
    double mean = sum / n;
    if (!(lo >= least && hi - lo <= 0.25 * mean))
        fprintf(stderr, "shadow band: min %.2f max %.2f mean %.2f\n", lo, hi, mean);
    CHECK(lo >= least);
    CHECK(hi - lo <= 0.25 * mean);
}

// A wall casts its shadow as one band along its south side and one along its east side, even
// from end to end; a tree casts none (its sprite carries its own).
static void test_shadow_bands(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    ae_grid open, vertical, horizontal, tree;
    grid_with(&open, 0, 0, 0, 0, AE_CELL_FREE);
    grid_with(&vertical, 6, 1, 6, 9, AE_CELL_WALL);
    grid_with(&horizontal, 2, 4, 12, 4, AE_CELL_WALL);
    grid_with(&tree, 8, 5, 8, 5, AE_CELL_WALL);
    sim_world *w0 = make_world(&open), *wv = make_world(&vertical), *wh = make_world(&horizontal),
              *wt = make_world(&tree);
    ae_grid_free(&open);
    ae_grid_free(&vertical);
    ae_grid_free(&horizontal);
    ae_grid_free(&tree);
    REQUIRE(w0 && wv && wh && wt);
    const float cs = w0->cfg.cell_size;
    const vec2s c = {{7.0f * cs, 5.0f * cs}};
    const view v = {c, 1.0f, 0.0f, true};
    SDL_Surface *lit = render(w0, v), *sv = render(wv, v), *sh = render(wh, v), *st = render(wt, v);
    REQUIRE(lit && sv && sh && st);
    double d[4 * 32];
    // East of the vertical wall: rows of its cells 2 to 5, the 6 columns next to it.
    vec2s east = to_screen(c, 7.0f * cs, 2.0f * cs);
    darkening(lit, sv, false, (int)east.y, 4 * (int)cs, (int)east.x, 6, d);
    check_band(d, 4 * (int)cs, 6.0);
    // South of the horizontal wall: columns of its cells 3 to 6, the 6 rows under it.
    vec2s south = to_screen(c, 3.0f * cs, 5.0f * cs);
    darkening(lit, sh, true, (int)south.x, 4 * (int)cs, (int)south.y, 6, d);
    check_band(d, 4 * (int)cs, 6.0);
    // The ground round a tree is as it was (the tree itself is drawn later, sorted).
    vec2s t = to_screen(c, 7.0f * cs, 4.0f * cs);
    CHECK(differing(lit, st, (int)t.x, (int)t.y, (int)t.x + 3 * (int)cs, (int)t.y + 3 * (int)cs) <=
          (int)(cs * cs)); // its own cell only
    SDL_FreeSurface(lit);
    SDL_FreeSurface(sv);
    SDL_FreeSurface(sh);
    SDL_FreeSurface(st);
    sim_destroy(w0);
    sim_destroy(wv);
    sim_destroy(wh);
    sim_destroy(wt);
}

// At any zoom and any position the tiles of the ground, the water and the walls meet edge to
// edge: no pixel is left undrawn (the screen is cleared magenta first).
static void test_no_gaps(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    ae_grid g;
    grid_with(&g, 5, 3, 9, 5, WATER); // water and its shores too
    g.cells[8 * MAP_W + 3] = AE_CELL_WALL;
    sim_world *w = make_world(&g);
    ae_grid_free(&g);
    REQUIRE(w);
    const float zooms[] = {0.7f, 0.8f, 1.0f, 1.37f, 1.6f, 2.0f};
    const float cs = w->cfg.cell_size;
    for (size_t k = 0; k < sizeof zooms / sizeof zooms[0]; k++) {
        const vec2s c = {{7.0f * cs + 0.37f * (float)k, 6.0f * cs + 0.61f * (float)k}};
        SDL_Surface *s = render(w, (view){c, zooms[k], 1.0f, true});
        REQUIRE(s);
        int holes = 0;
        for (int y = 0; y < SHOT_H; y++)
            for (int x = 0; x < SHOT_W; x++) {
                const Uint8 *p = pixel(s, x, y);
                holes += p[0] == 255 && p[1] == 0 && p[2] == 255;
            }
        if (holes) fprintf(stderr, "zoom %.2f: %d pixels undrawn\n", (double)zooms[k], holes);
        CHECK(holes == 0);
        SDL_FreeSurface(s);
    }
    sim_destroy(w);
}

// Zoomed out past a small map, the world goes on round it: rock beside land, darkening with the
// distance from the map, and the sea beyond water that reaches the edge. Nothing is left empty.
static void test_off_map(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    ae_grid g;
    grid_with(&g, 0, 0, 2, MAP_H - 1, WATER); // a sea along the west edge
    sim_world *w = make_world(&g);
    ae_grid_free(&g);
    REQUIRE(w);
    const float cs = w->cfg.cell_size, zoom = 0.25f;
    const vec2s c = {{0.5f * MAP_W * cs, 0.5f * MAP_H * cs}};
    SDL_Surface *s = render(w, (view){c, zoom, 0.0f, false});
    REQUIRE(s);
    // Screen x of a world x, and the map's bottom edge on screen.
    const float cx = 0.5f * SHOT_W, cy = 0.5f * SHOT_H;
    const int east = (int)(cx + (MAP_W * cs - c.x) * zoom), west = (int)(cx - c.x * zoom);
    const int top = (int)(cy - c.y * zoom), bottom = (int)(cy + (MAP_H * cs - c.y) * zoom);
    REQUIRE(east + 3 * (int)(cs * zoom) < SHOT_W && top > 2 * (int)(cs * zoom));
    // Rock east of the map: grey, not the clear colour, not grass; darker farther out.
    const int cell = (int)(cs * zoom);
    double near_rgb[3];
    mean_rgb(s, east + 1, top + 2, east + cell, bottom - 2, near_rgb);
    CHECK(fabs(near_rgb[0] - near_rgb[1]) < 25.0 && fabs(near_rgb[1] - near_rgb[2]) < 25.0);
    CHECK(
        !(fabs(near_rgb[0] - 34) < 3 && fabs(near_rgb[1] - 48) < 3 && fabs(near_rgb[2] - 40) < 3));
    double near = luma(s, east + 1, top + 2, east + cell, bottom - 2);
    double far = luma(s, SHOT_W - 2 * cell, top + 2, SHOT_W, bottom - 2);
    CHECK(near > far + 8.0);
    // West of the map the sea goes on, blue.
    double sea[3];
    mean_rgb(s, 0, top + 2, west - 1, bottom - 2, sea);
    CHECK(sea[2] > sea[0] + 40.0);
    // Above the map, over its sea and its land alike, nothing is the clear colour.
    int empty = 0;
    for (int y = 0; y < top; y++)
        for (int x = 0; x < SHOT_W; x++) {
            const Uint8 *p = pixel(s, x, y);
            empty += p[0] == 34 && p[1] == 48 && p[2] == 40;
        }
    CHECK(empty == 0);
    SDL_FreeSurface(s);
    sim_destroy(w);
}

// The minimap shows water blue, walls grey and open ground green.
static void test_minimap_water(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    ae_grid g;
    grid_with(&g, 0, 0, 3, MAP_H - 1, WATER);
    for (int y = 0; y < MAP_H; y++) g.cells[y * MAP_W + MAP_W - 1] = AE_CELL_WALL;
    sim_world *w = make_world(&g);
    ae_grid_free(&g);
    REQUIRE(w);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, MAP_W, MAP_H, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer *r = s ? SDL_CreateSoftwareRenderer(s) : NULL;
    REQUIRE(r);
    hud h;
    hud_init(&h);
    hud_build_minimap(&h, r, w);
    REQUIRE(h.minimap);
    SDL_SetTextureBlendMode(h.minimap, SDL_BLENDMODE_NONE);
    SDL_RenderCopy(r, h.minimap, NULL, NULL); // one pixel a cell
    SDL_RenderPresent(r);
    const Uint8 *sea = pixel(s, 1, 5), *wall = pixel(s, MAP_W - 1, 5), *land = pixel(s, 8, 5);
    CHECK(sea[2] > sea[0] + 60 && sea[2] > sea[1]);
    CHECK(land[1] > land[0] && land[1] > land[2]);
    CHECK(abs((int)wall[0] - (int)wall[2]) < 30);
    hud_free(&h);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
    sim_destroy(w);
}

// A bullet that strikes water splashes; one that strikes a wall beside the water throws dust.
static void test_splash(void) {
    ae_grid g;
    grid_with(&g, 4, 2, 6, 9, WATER);
    for (int y = 2; y <= 9; y++) g.cells[y * MAP_W + 7] = AE_CELL_WALL; // a quay along it
    sim_world *w = make_world(&g);
    ae_grid_free(&g);
    REQUIRE(w && w->events);
    const float cs = w->cfg.cell_size;
    static const struct {
        float x, y;
        int kind;
    } hits[] = {{4.0f, 5.5f, ART_FX_SPLASH},  // the water's west shore
                {5.5f, 10.0f, ART_FX_SPLASH}, // its south shore
                {8.0f, 5.5f, ART_FX_DUST}};   // the quay's east face
    for (size_t k = 0; k < sizeof hits / sizeof hits[0]; k++) {
        static fx_state f;
        fx_clear(&f);
        const vec2s at = {{hits[k].x * cs, hits[k].y * cs}};
        w->events[0] = (sim_event){SIM_EVENT_WALL_HIT, 0, -1, 0.0f, at, at};
        w->event_count = 1;
        fx_absorb(&f, w);
        CHECK(f.count == 1 && f.particles[0].kind == hits[k].kind);
    }
    w->event_count = 0;
    sim_destroy(w);
}

TEST_MAIN(TEST_CASE(water), TEST_CASE(shadow_bands), TEST_CASE(no_gaps), TEST_CASE(off_map),
          TEST_CASE(minimap_water), TEST_CASE(splash))
