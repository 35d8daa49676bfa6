#include "degenerate_util.h"

#include "map_designs.h"
#include "png_writer.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool dg_design(const char *name, ae_grid *g) {
    for (int i = 0; i < map_design_count; i++)
        if (!strcmp(map_designs[i].name, name)) return map_design_build(&map_designs[i], g);
    return false;
}

bool dg_walled(ae_grid *g, int w, int h, int x0, int y0, int x1, int y1) {
    if (!ae_grid_init(g, w, h, NULL)) return false;
    memset(g->cells, 1, (size_t)w * (size_t)h);
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) g->cells[(size_t)y * (size_t)w + (size_t)x] = 0;
    return true;
}

sim_world *dg_world(const char *map, uint64_t seed, int humans, int bots) {
    ae_grid g;
    if (!dg_design(map, &g)) return NULL;
    sim_config cfg = sim_default_config();
    cfg.seed = seed;
    cfg.humans = humans;
    cfg.bots = bots;
    ae_error err;
    sim_world *w = sim_create(&cfg, &g, &err);
    if (!w) fprintf(stderr, "sim_create: %s\n", err.msg);
    ae_grid_free(&g);
    return w;
}

const float dg_specials[] = {
    NAN,     -NAN,     INFINITY, -INFINITY, FLT_MAX, -FLT_MAX, 1e30f, -1e30f,  1e20f, -1e20f,
    FLT_MIN, -FLT_MIN, 1e-40f,   -1e-40f,   1e-45f,  0.0f,     -0.0f, 1.0f,    -1.0f, 0.5f,
    -0.75f,  3.0f,     1e-7f,    -1e-7f,    2e19f,   -2e19f,   1e-3f, 127.49f, 1e9f,  -1e9f,
};
const int dg_special_count = (int)(sizeof dg_specials / sizeof dg_specials[0]);

static bool finite2(vec2s v) {
    return isfinite(v.x) && isfinite(v.y);
}

/// Inside the map's rectangle (world units).
static bool inside(const sim_world *w, vec2s p) {
    float mw = (float)w->grid.width * w->cfg.cell_size,
          mh = (float)w->grid.height * w->cfg.cell_size;
    return p.x >= 0.0f && p.y >= 0.0f && p.x <= mw && p.y <= mh;
}

#define DG_FAIL(...)                                                                               \
    do {                                                                                           \
        fprintf(stderr, "%s, tick %d: ", what, w->tick);                                           \
        fprintf(stderr, __VA_ARGS__);                                                              \
        fprintf(stderr, "\n");                                                                     \
        return false;                                                                              \
    } while (0)

static bool agents_sane(const sim_world *w, const char *what) {
    int alive = 0;
    for (int i = 0; i < w->agent_count; i++) {
        const sim_agent *a = &w->agents[i];
        if (!finite2(a->pos) || !finite2(a->prev_pos) || !finite2(a->facing) || !finite2(a->move) ||
            !isfinite(a->hp) || !isfinite(a->max_hp) || !isfinite(a->radius))
            DG_FAIL("agent %d has a non-finite number (pos %g %g, hp %g)", i, (double)a->pos.x,
                    (double)a->pos.y, (double)a->hp);
        if (glms_vec2_norm(a->move) > 1.0f + 1e-5f) DG_FAIL("agent %d moves faster than 1", i);
        if (fabsf(glms_vec2_norm(a->facing) - 1.0f) > 1e-3f)
            DG_FAIL("agent %d faces along a vector of length %g", i,
                    (double)glms_vec2_norm(a->facing));
        if (a->placement != 0) continue;
        alive++;
        if (!inside(w, a->pos)) DG_FAIL("agent %d outside the map", i);
        float d = ae_sdf_sample(&w->sdf, a->pos);
        if (d < a->radius - 1e-3f) DG_FAIL("agent %d in a wall (sdf %g)", i, (double)d);
    }
    if (!w->over && alive != w->alive_count)
        DG_FAIL("%d agents alive, alive_count says %d", alive, w->alive_count);
    return true;
}

static bool pools_sane(const sim_world *w, const char *what) {
    int bullets = 0, gems = 0, spawned = 0;
    for (int k = 0; k < w->cfg.max_bullets; k++) {
        const sim_bullet *b = &w->bullets[k];
        if (!b->alive) continue;
        bullets++;
        if (!finite2(b->pos) || !finite2(b->vel) || !isfinite(b->range_left) ||
            !isfinite(b->damage))
            DG_FAIL("bullet %d has a non-finite number", k);
        if (!inside(w, b->pos)) DG_FAIL("bullet %d outside the map", k);
    }
    for (int g = 0; g < w->cfg.max_gems; g++) {
        const sim_gem *gem = &w->gems[g];
        if (!gem->alive) continue;
        gems++;
        spawned += !gem->dropped;
        if (!finite2(gem->pos) || !inside(w, gem->pos)) DG_FAIL("gem %d outside the map", g);
    }
    if (bullets != w->bullet_count)
        DG_FAIL("%d bullets, bullet_count %d", bullets, w->bullet_count);
    if (gems != w->gem_count || spawned != w->spawned_gems)
        DG_FAIL("%d gems (%d spawned), counts %d (%d)", gems, spawned, w->gem_count,
                w->spawned_gems);
    const sim_zone *z = &w->zone;
    if (!finite2(z->center) || !finite2(z->next_center) || !isfinite(z->radius) ||
        !isfinite(z->next_radius) || !isfinite(z->dps))
        DG_FAIL("the zone has a non-finite number");
    return true;
}

bool dg_world_sane(const sim_world *w, const char *what) {
    return agents_sane(w, what) && pools_sane(w, what);
}

uint64_t dg_map_hash(const sim_world *w) {
    uint64_t f[SIM_HASH_FIELD_COUNT];
    sim_hash_fields(w, f);
    return f[SIM_HASH_MAP];
}

bool dg_write_map_png(const char *path, const ae_grid *g) {
    size_t n = (size_t)g->width * (size_t)g->height;
    uint8_t *px = malloc(3 * n);
    if (!px) return false;
    for (size_t i = 0; i < n; i++) ae_grid_cell_color(g->cells[i], px + 3 * i); // tags and all
    png_spec spec = {g->width, g->height, 2, 8, px, NULL, 0, NULL, 0};
    uint8_t *png = NULL;
    size_t len = png_encode(&spec, &png);
    free(px);
    char tmp[1100];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    bool ok = len > 0 && write_file(tmp, png, len) == 0 && rename(tmp, path) == 0;
    free(png);
    return ok;
}
