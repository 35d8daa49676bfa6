// Rendering with the software renderer and no display: screenshots and depth order.
#include "test.h"

#include "app.h"
#include "sim_world.h"

#include <SDL_image.h>
#include <unistd.h>

#define ASSETS ARENA_SOURCE_DIR "/assets/sprites"

static void test_screenshot(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    char path[256];
    snprintf(path, sizeof path, "/tmp/arena-shot-%d.png", (int)getpid());
    char *argv[] = {"arena", "--screenshot", path, "--ticks", "600", "--seed",
                    "3",     "--bots",       "20", NULL};
    arena_options o;
    REQUIRE(arena_parse_options(9, argv, &o));
    REQUIRE(app_run_screenshot(&o) == 0);
    SDL_Surface *s = IMG_Load(path);
    REQUIRE(s);
    SDL_Surface *rgba = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_RGBA32, 0);
    CHECK(rgba->w == 1280 && rgba->h == 720);
    // Not blank: many distinct colours, and no single colour covers most of the picture.
    enum { BINS = 4096 };
    static int hist[BINS];
    memset(hist, 0, sizeof hist);
    int distinct = 0, most = 0;
    for (int y = 0; y < rgba->h; y++)
        for (int x = 0; x < rgba->w; x++) {
            const Uint8 *p = (const Uint8 *)rgba->pixels + y * rgba->pitch + 4 * x;
            int bin = (p[0] >> 4) << 8 | (p[1] >> 4) << 4 | (p[2] >> 4);
            distinct += hist[bin]++ == 0;
            if (hist[bin] > most) most = hist[bin];
        }
    CHECK(distinct > 100);
    CHECK(most < rgba->w * rgba->h / 2);
    SDL_FreeSurface(rgba);
    SDL_FreeSurface(s);
    remove(path);
}

/// Renders `w` centred on `center` into a fresh surface.
static SDL_Surface *render(sim_world *w, gfx *g, world_renderer *wr, vec2s center) {
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, 320, 240, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(s);
    char err[256];
    if (!gfx_load(g, r, ASSETS, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return NULL;
    }
    world_renderer_init(wr, g);
    camera cam;
    camera_init(&cam, center, 320, 240);
    fx_state fx;
    fx_clear(&fx);
    world_renderer_draw(wr, &cam, w, 1.0f, 0.0f, &fx);
    SDL_RenderPresent(r);
    gfx_free(g);
    world_renderer_free(wr);
    SDL_DestroyRenderer(r);
    return s;
}

/// Pixels that differ between two renders inside the screen rows [y0, y1) around column cx.
static int diff_rows(SDL_Surface *a, SDL_Surface *b, int cx, int y0, int y1) {
    int n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = cx - 8; x < cx + 8; x++)
            n += memcmp((Uint8 *)a->pixels + y * a->pitch + 4 * x,
                        (Uint8 *)b->pixels + y * b->pitch + 4 * x, 4) != 0;
    return n;
}

static void test_depth_order(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    // A wall along row 8 of a 16x16 map; the agent stands just north, then just south of it.
    ae_grid grid;
    REQUIRE(ae_grid_init(&grid, 16, 16, NULL));
    for (int x = 2; x < 14; x++) grid.cells[8 * 16 + x] = 1;
    sim_config cfg = sim_default_config();
    cfg.humans = 2;
    cfg.bots = 0;
    ae_error err;
    sim_world *w = sim_create(&cfg, &grid, &err);
    REQUIRE(w);
    w->zone.radius = 1e6f; // keep the zone overlay out of the picture
    gfx g = {0};
    world_renderer wr = {0};
    const float cs = cfg.cell_size, wall_top = 8 * cs, wall_bottom = 9 * cs;
    const vec2s center = {{8 * cs, 8.5f * cs}};
    vec2s away = {{1.5f * cs, 14.5f * cs}};
    w->agents[1].pos = w->agents[1].prev_pos = away;
    w->agents[1].facing = (vec2s){{0, 1}};
    // Screen rows: the camera centres `center` at row 120.
    int row_wall_top = 120 + (int)(wall_top - center.y),
        row_wall_bottom = 120 + (int)(wall_bottom - center.y);

    w->agents[0].pos = w->agents[0].prev_pos = (vec2s){{8 * cs, wall_top - 2.0f}};
    w->agents[0].facing = (vec2s){{0, 1}};
    SDL_Surface *north = render(w, &g, &wr, center);
    w->agents[0].pos = w->agents[0].prev_pos = away; // same picture without it
    w->agents[1].pos = w->agents[1].prev_pos = (vec2s){{1.5f * cs, 13.5f * cs}};
    SDL_Surface *none = render(w, &g, &wr, center);
    w->agents[0].pos = w->agents[0].prev_pos = (vec2s){{8 * cs, wall_bottom + 14.0f}};
    SDL_Surface *south = render(w, &g, &wr, center);
    REQUIRE(north && none && south);
    int cx = 160;
    // North of the wall: the wall's top and front face (drawn over the agent's lower body)
    // look exactly as they do with nobody there.
    CHECK(diff_rows(north, none, cx, row_wall_top - 2, row_wall_bottom) == 0);
    // ... while the head above the wall shows.
    CHECK(diff_rows(north, none, cx, row_wall_top - 40, row_wall_top - 20) > 20);
    // South of the wall: the agent's head is drawn over the wall's front face.
    CHECK(diff_rows(south, none, cx, row_wall_bottom - 14, row_wall_bottom) > 20);
    SDL_FreeSurface(north);
    SDL_FreeSurface(none);
    SDL_FreeSurface(south);
    sim_destroy(w);
    ae_grid_free(&grid);
}

TEST_MAIN(TEST_CASE(screenshot), TEST_CASE(depth_order))
