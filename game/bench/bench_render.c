// arena-bench render: frames of a busy scene at 1920x1080. By default the software renderer draws
// into an ARGB8888 surface (what screenshots, frame export and machines without a GPU driver use);
// --driver NAME draws into a window with that SDL render driver instead. Every row gives the
// calls one frame issued, by kind (gfx_draw.h counts them).
#include "suites.h"

#include "app.h"
#include "bench_scene.h"
#include "asset_dir.h"
#include "map_designs.h"
#include "tool_args.h"
#include "tool_util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_FRAMES = 10000, W = 1920, H = 1080 };

/// World units the camera moves a frame in the panning scene (a running agent's pace and more).
#define PAN_STEP 6.0f

typedef struct render_opts {
    const char *driver; ///< NULL: the software renderer on a surface
    int frames;
    const char *scene; ///< NULL: every scene
    bool csv;
} render_opts;

/// A mid-match world with 100 agents alive and 1,000 bullets in the air around the view.
static const bench_scene_def busy = {.bots = 100,
                                     .ticks = 240,
                                     .agent_spread = {{900, 500}},
                                     .bullets = 1000,
                                     .bullet_spread = {{960, 540}}};

/// FNV-1a over the frame's pixels (read back from the target).
static uint64_t checksum(SDL_Renderer *r, int w, int h) {
    static Uint32 pixels[W * H]; // the largest scene's
    if (SDL_RenderReadPixels(r, NULL, SDL_PIXELFORMAT_ARGB8888, pixels, w * 4) != 0) return 0;
    uint64_t sum = 0xCBF29CE484222325ull;
    for (size_t i = 0; i < (size_t)w * (size_t)h; i++) sum = (sum ^ pixels[i]) * 0x100000001B3ull;
    return sum;
}

/// What draws: a software surface, or a window with the named driver.
typedef struct target {
    SDL_Surface *surface;
    SDL_Window *window;
    SDL_Renderer *r;
    char name[64];
} target;

static int driver_index(const char *name) {
    for (int i = 0; i < SDL_GetNumRenderDrivers(); i++) {
        SDL_RendererInfo info;
        if (SDL_GetRenderDriverInfo(i, &info) == 0 && !strcmp(info.name, name)) return i;
    }
    return -1;
}

/// Opens the target; false with a reason in `why` when the driver cannot draw here.
static bool target_open(target *t, const char *driver, int w, int h, char *why, size_t n) {
    *t = (target){0};
    if (!driver) {
        t->surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
        t->r = t->surface ? SDL_CreateSoftwareRenderer(t->surface) : NULL;
        snprintf(t->name, sizeof t->name, "sw-surface");
    } else {
        // A window's renderer needs a video driver: the display's, else SDL's offscreen one.
        if (!SDL_WasInit(SDL_INIT_VIDEO) && SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen");
            if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) {
                snprintf(why, n, "no video driver (%s)", SDL_GetError());
                return false;
            }
        }
        int index = driver_index(driver);
        if (index < 0) {
            snprintf(why, n, "SDL has no render driver of that name");
            return false;
        }
        t->window = SDL_CreateWindow(
            "arena-bench", 0, 0, w, h,
            SDL_WINDOW_HIDDEN | (strncmp(driver, "opengl", 6) == 0 ? SDL_WINDOW_OPENGL : 0));
        t->r = t->window ? SDL_CreateRenderer(t->window, index, 0) : NULL;
        SDL_RendererInfo info;
        if (t->r && SDL_GetRendererInfo(t->r, &info) == 0)
            snprintf(t->name, sizeof t->name, "%s", info.name);
    }
    if (!t->r) {
        snprintf(why, n, "cannot create the renderer (%s)", SDL_GetError());
        return false;
    }
    return true;
}

static void target_close(target *t) {
    if (t->r) SDL_DestroyRenderer(t->r);
    if (t->window) SDL_DestroyWindow(t->window);
    if (t->surface) SDL_FreeSurface(t->surface);
    *t = (target){0};
}

/// A scene of the table: its name, the screen's size, whether the camera pans, and whether the
/// HUD's panels fade in and out (their opacity changes every frame, as while the player walks
/// under one).
typedef struct scene_def {
    const char *name;
    int w, h;
    bool pan, fade;
} scene_def;

static const scene_def scenes[] = {{"busy-1080p", W, H, false, false},
                                   {"busy-1080p-pan", W, H, true, false},
                                   {"busy-1080p-fade", W, H, false, true},
                                   {"busy-720p", 1280, 720, false, false}};

/// What draws one scene: its target, the sheets loaded for its renderer, the world renderer and
/// the HUD.
typedef struct stage {
    target tg;
    gfx g;
    world_renderer wr;
    hud h;
} stage;

/// One scene's frames: the medians and the calls of its last frame, in a row of the table.
static bool run_scene(const tool_table *tab, const render_opts *o, stage *st, const scene_def *sc,
                      const sim_world *w) {
    target *tg = &st->tg;
    world_renderer *wr = &st->wr;
    hud *h = &st->h;
    gfx *g = &st->g;
    const bool pan = sc->pan;
    camera cam;
    camera_init(&cam, sim_agents(w)[0].pos, (float)sc->w, (float)sc->h);
    fx_state fx;
    fx_clear(&fx);
    hud_timings timings = {0};
    static double submit[MAX_FRAMES], whole[MAX_FRAMES], cpu[MAX_FRAMES];
    uint64_t first = 0;
    bool same = true;
    gfx_counts calls = {0};
    double first_ms = 0.0;
    // Frame 0 builds whatever the renderer caches and settles the HUD's fades (a long dt); it is
    // reported on its own (first_ms) and kept out of the median.
    for (int f = 0; f <= o->frames; f++) {
        if (pan) cam.center.x += PAN_STEP, cam.center.y += 0.5f * PAN_STEP;
        if (sc->fade && f > 0) // between HUD_FADED and opaque and back, about a second each way
            for (int p = 0; p < HUD_PANEL_COUNT; p++)
                h->opacity[p] = 0.65f + 0.35f * cosf((float)f * 0.05f);
        gfx_tinted_next_frame(g->tinted);
        gfx_counts_take(g);
        uint64_t c0 = tool_thread_cpu_ns(), t0 = tool_now_ns();
        world_renderer_draw(wr, &cam, w, 1.0f, 0.0f, &fx);
        hud_draw(h, g, &cam, w, 0, &fx, false, &timings, f == 0 ? 1000.0f : 1.0f / 60.0f);
        SDL_RenderFlush(tg->r);
        uint64_t t1 = tool_now_ns(), c1 = tool_thread_cpu_ns();
        calls = gfx_counts_take(g);
        bool check = !pan && !sc->fade && (f == 1 || f == o->frames);
        uint64_t c = check ? checksum(tg->r, sc->w, sc->h) : 0;
        uint64_t t2 = tool_now_ns();
        SDL_RenderPresent(tg->r);
        uint64_t t3 = tool_now_ns();
        if (f == 0) {
            first_ms = (double)(t3 - t0) * 1e-6;
            continue;
        }
        submit[f - 1] = (double)(t1 - t0) * 1e-6;
        cpu[f - 1] = (double)(c1 - c0) * 1e-6;
        whole[f - 1] = (double)((t1 - t0) + (t3 - t2)) * 1e-6;
        if (f == 1) first = c;
        if (check) same = same && c == first;
    }
    const int n = o->frames;
    char cells[14][72];
    snprintf(cells[0], sizeof cells[0], "%s", sc->name);
    snprintf(cells[1], sizeof cells[1], "%s", tg->name);
    snprintf(cells[2], sizeof cells[2], "%.2f", tool_median(submit, n));
    snprintf(cells[3], sizeof cells[3], "%.2f", tool_percentile(submit, n, 99.0));
    snprintf(cells[4], sizeof cells[4], "%.2f", tool_median(whole, n));
    snprintf(cells[5], sizeof cells[5], "%.1f", first_ms);
    snprintf(cells[6], sizeof cells[6], "%d", calls.copies);
    snprintf(cells[7], sizeof cells[7], "%d", calls.geometry);
    snprintf(cells[8], sizeof cells[8], "%d", calls.vertices);
    snprintf(cells[9], sizeof cells[9], "%d", calls.fills);
    snprintf(cells[10], sizeof cells[10], "%d", calls.mods);
    snprintf(cells[11], sizeof cells[11], "%d", calls.targets);
    snprintf(cells[12], sizeof cells[12], "%.2f", tool_median(cpu, n));
    snprintf(cells[13], sizeof cells[13], "%.2f", tool_percentile(cpu, n, 99.0));
    const char *row[14];
    for (int i = 0; i < 14; i++) row[i] = cells[i];
    tool_table_row(tab, row);
    return same;
}

static void list_drivers(void) {
    printf("render drivers SDL lists:");
    for (int i = 0; i < SDL_GetNumRenderDrivers(); i++) {
        SDL_RendererInfo info;
        if (SDL_GetRenderDriverInfo(i, &info) == 0) printf(" %s", info.name);
    }
    printf("\n");
}

/// Opens the stage for a w x h screen; false with a reason in `why` (*available false when the
/// driver cannot draw here, which is no failure).
static bool stage_open(stage *s, const char *driver, int w, int h, const sim_world *world,
                       bool *available, char *why, size_t n) {
    *s = (stage){0};
    *available = target_open(&s->tg, driver, w, h, why, n);
    if (!*available) return false;
    char *sprites = tool_join(app_asset_dir(), "sprites");
    bool loaded = sprites && gfx_load(&s->g, s->tg.r, sprites, why, n);
    free(sprites);
    if (!loaded) return false;
    world_renderer_init(&s->wr, &s->g);
    hud_init(&s->h);
    hud_build_minimap(&s->h, s->tg.r, world);
    return true;
}

static void stage_close(stage *s, bool loaded) {
    if (loaded) {
        hud_free(&s->h);
        world_renderer_free(&s->wr);
        gfx_free(&s->g);
    }
    target_close(&s->tg);
}

static int run(const render_opts *o) {
    static const char *const columns[] = {
        "scene",    "driver",   "median_ms", "p99_ms", "with_present", "first_ms", "copies",
        "geometry", "vertices", "fills",     "mods",   "targets",      "cpu_ms",   "cpu_p99_ms"};
    static const int widths[] = {14, 10, 9, 8, 12, 8, 6, 8, 8, 5, 5, 7, 6, 10};
    tool_table t = {o->csv, 14, columns, widths};
    ae_grid map;
    if (!map_design_build(&map_designs[0], &map)) return TOOL_EXIT_FAIL;
    sim_world *w = bench_scene_create(&map, &busy);
    if (!w) {
        tool_fail(ARENA_BENCH, "render", "cannot set up the scene");
        ae_grid_free(&map);
        return TOOL_EXIT_FAIL;
    }
    bool same = true, header = false;
    int status = TOOL_EXIT_OK;
    for (size_t k = 0; k < sizeof scenes / sizeof scenes[0] && status == TOOL_EXIT_OK; k++) {
        const scene_def *sc = &scenes[k];
        if (o->scene && strcmp(o->scene, sc->name)) continue;
        stage st;
        bool available = true;
        char why[256];
        bool open = stage_open(&st, o->driver, sc->w, sc->h, w, &available, why, sizeof why);
        if (!available) {
            // Not a failure: this machine has no such driver. Say so plainly.
            printf("render driver %s: not available here: %s\n", o->driver, why);
            if (!o->csv) list_drivers();
            stage_close(&st, false);
            break;
        }
        if (!open) {
            tool_fail(ARENA_BENCH, "render", "cannot set up the scene: %s", why);
            status = TOOL_EXIT_FAIL;
        } else {
            if (!header && !o->csv) {
                printf("\n# render: 100 agents, 1000 bullets, %s, %d frames after a first\n",
                       o->driver ? "a window with --driver"
                                 : "software renderer on an ARGB8888 surface",
                       o->frames);
                printf("# median_ms, p99_ms: drawing and submitting a frame (every call, then "
                       "SDL_RenderFlush); with_present: and SDL_RenderPresent; first_ms: the "
                       "first frame (caches built); calls: the last frame's, by kind; cpu_ms, "
                       "cpu_p99_ms: the thread's CPU time for what median_ms times; pan: the "
                       "camera moves %.0f units a frame; fade: the HUD's panels fade in and "
                       "out\n",
                       (double)PAN_STEP);
            }
            if (!header) tool_table_header(&t);
            header = true;
            same = run_scene(&t, o, &st, sc, w) && same;
        }
        stage_close(&st, open);
    }
    if (header && !o->csv)
        printf("check: every frame of the same state draws the same pixels: %s\n",
               same ? "ok" : "FAILED");
    sim_destroy(w);
    ae_grid_free(&map);
    return status != TOOL_EXIT_OK ? status : (same ? TOOL_EXIT_OK : TOOL_EXIT_FAIL);
}

int bench_render(bool csv) {
    return run(&(render_opts){NULL, 60, NULL, csv});
}

int cmd_render(int argc, char **argv) {
    enum { OPT_DRIVER, OPT_FRAMES, OPT_SCENE, OPT_CSV, OPT_COUNT };
    static const tool_option options[OPT_COUNT] = {
        {"--driver", true}, {"--frames", true}, {"--scene", true}, {"--csv", false}};
    tool_args args;
    if (!tool_args_read(ARENA_BENCH, options, OPT_COUNT, 0, argc, argv, &args))
        return TOOL_EXIT_BAD_INPUT;
    render_opts o = {args.given[OPT_DRIVER] ? args.value[OPT_DRIVER] : NULL, 60,
                     args.given[OPT_SCENE] ? args.value[OPT_SCENE] : NULL, args.given[OPT_CSV]};
    long frames = 60;
    if (args.given[OPT_FRAMES] && !tool_parse_int(args.value[OPT_FRAMES], 1, MAX_FRAMES, &frames)) {
        tool_fail(ARENA_BENCH, args.value[OPT_FRAMES], "--frames needs a whole number from 1 to %d",
                  MAX_FRAMES);
        return TOOL_EXIT_BAD_INPUT;
    }
    o.frames = (int)frames;
    return run(&o);
}
