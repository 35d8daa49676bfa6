// arena-bench render: frames of a busy scene drawn by the software renderer at 1920x1080.
#include "suites.h"

#include "app.h"
#include "map_designs.h"
#include "sim_world.h"
#include "tool_util.h"

#include <stdio.h>
#include <stdlib.h>

#ifndef ARENA_SOURCE_DIR
#define ARENA_SOURCE_DIR "."
#endif

enum { FRAMES = 60, W = 1920, H = 1080 };

/// A mid-match world with 100 agents alive and 1,000 bullets in the air around the view.
static sim_world *busy_world(const ae_grid *map) {
    sim_config cfg = sim_default_config();
    cfg.seed = 9;
    cfg.humans = 0;
    cfg.bots = 100;
    sim_world *w = sim_create(&cfg, map, NULL);
    if (!w) return NULL;
    for (int t = 0; t < 240; t++) sim_step(w, NULL);
    ae_rng rng;
    ae_rng_seed(&rng, 5, 5);
    vec2s c = w->agents[0].pos;
    // Everyone alive and gathered around the view, bullets everywhere.
    for (int i = 0; i < w->agent_count; i++) {
        sim_agent *a = &w->agents[i];
        a->placement = 0;
        a->hp = a->max_hp;
        vec2s p = {{c.x + ae_rng_range(&rng, -900, 900), c.y + ae_rng_range(&rng, -500, 500)}};
        if (ae_sdf_sample(&w->sdf, p) >= a->radius) a->pos = a->prev_pos = p;
    }
    for (int k = 0; k < 1000 && k < w->cfg.max_bullets; k++) {
        sim_bullet *b = &w->bullets[k];
        b->alive = true;
        b->pos =
            (vec2s){{c.x + ae_rng_range(&rng, -960, 960), c.y + ae_rng_range(&rng, -540, 540)}};
        b->vel = (vec2s){{ae_rng_range(&rng, -5, 5), ae_rng_range(&rng, -5, 5)}};
        b->owner = (int)ae_rng_below(&rng, (uint32_t)w->agent_count);
        b->radius = 5;
        w->bullet_top = k + 1;
    }
    return w;
}

static uint64_t checksum(const SDL_Surface *s) {
    uint64_t h = 0xCBF29CE484222325ull;
    for (int y = 0; y < s->h; y++) {
        const Uint8 *row = (const Uint8 *)s->pixels + y * s->pitch;
        for (int x = 0; x < s->w * 4; x++) h = (h ^ row[x]) * 0x100000001B3ull;
    }
    return h;
}

int bench_render(bool csv) {
    static const char *const columns[] = {"scene", "median_ms", "p99_ms", "frames"};
    static const int widths[] = {16, 10, 10, 7};
    tool_table t = {csv, 4, columns, widths};
    ae_grid map;
    if (!map_design_build(&map_designs[0], &map)) return TOOL_EXIT_FAIL;
    sim_world *w = busy_world(&map);
    SDL_Surface *surface = SDL_CreateRGBSurfaceWithFormat(0, W, H, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer *r = surface ? SDL_CreateSoftwareRenderer(surface) : NULL;
    gfx g;
    char err[256];
    if (!w || !r || !gfx_load(&g, r, ARENA_SOURCE_DIR "/assets/sprites", err, sizeof err)) {
        tool_fail(ARENA_BENCH, "render", "cannot set up the scene");
        return TOOL_EXIT_FAIL;
    }
    world_renderer wr = {0};
    world_renderer_init(&wr, &g, w);
    hud h;
    hud_init(&h);
    hud_build_minimap(&h, r, w);
    camera cam;
    camera_init(&cam, w->agents[0].pos, W, H);
    fx_state fx;
    fx_clear(&fx);
    hud_timings timings = {0};
    if (!csv)
        printf("\n# render: 100 agents, 1000 bullets, %dx%d, software renderer, %d frames\n", W, H,
               FRAMES);
    tool_table_header(&t);
    double ms[FRAMES];
    uint64_t first = 0;
    bool same = true;
    for (int f = 0; f < FRAMES; f++) {
        uint64_t t0 = tool_now_ns();
        world_renderer_draw(&wr, &cam, w, 1.0f, 0.0f, &fx);
        hud_draw(&h, &g, &cam, w, 0, &fx, false, &timings, 1.0f / 60.0f);
        SDL_RenderPresent(r);
        ms[f] = (double)(tool_now_ns() - t0) * 1e-6;
        uint64_t c = checksum(surface);
        if (f == 0) first = c;
        same = same && c == first;
    }
    double median = tool_median(ms, FRAMES), p99 = tool_percentile(ms, FRAMES, 99.0);
    char c1[32], c2[32], c3[32];
    snprintf(c1, sizeof c1, "%.2f", median);
    snprintf(c2, sizeof c2, "%.2f", p99);
    snprintf(c3, sizeof c3, "%d", FRAMES);
    const char *row[] = {"busy-1080p", c1, c2, c3};
    tool_table_row(&t, row);
    if (!csv)
        printf("check: every frame of the same state draws the same pixels: %s\n",
               same ? "ok" : "FAILED");
    hud_free(&h);
    world_renderer_free(&wr);
    gfx_free(&g);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(surface);
    sim_destroy(w);
    ae_grid_free(&map);
    return same ? TOOL_EXIT_OK : TOOL_EXIT_FAIL;
}
