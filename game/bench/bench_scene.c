#include "bench_scene.h"

#include "sim_world.h"

sim_world *bench_scene_create(const ae_grid *map, const bench_scene_def *def) {
    sim_config cfg = sim_default_config();
    cfg.seed = 9;
    cfg.humans = 0;
    cfg.bots = def->bots;
    sim_world *w = sim_create(&cfg, map, NULL);
    if (!w) return NULL;
    for (int t = 0; t < def->ticks; t++) sim_step(w, NULL);
    ae_rng rng;
    ae_rng_seed(&rng, 5, 5);
    const vec2s c = w->agents[0].pos, as = def->agent_spread, bs = def->bullet_spread;
    for (int i = 0; i < w->agent_count; i++) {
        sim_agent *a = &w->agents[i];
        a->placement = 0;
        a->hp = def->varied ? a->max_hp * (float)(1 + i % 4) / 4.0f : a->max_hp;
        vec2s p = {{c.x + ae_rng_range(&rng, -as.x, as.x), c.y + ae_rng_range(&rng, -as.y, as.y)}};
        if (ae_sdf_sample(&w->sdf, p) >= a->radius) a->pos = a->prev_pos = p;
    }
    for (int k = 0; k < def->bullets && k < w->cfg.max_bullets; k++) {
        sim_bullet *b = &w->bullets[k];
        b->alive = true;
        b->pos =
            (vec2s){{c.x + ae_rng_range(&rng, -bs.x, bs.x), c.y + ae_rng_range(&rng, -bs.y, bs.y)}};
        b->vel = (vec2s){{ae_rng_range(&rng, -5, 5), ae_rng_range(&rng, -5, 5)}};
        b->owner = (int)ae_rng_below(&rng, (uint32_t)w->agent_count);
        if (def->varied) b->weapon = k % 17 == 0 ? SIM_WEAPON_GRENADE : SIM_WEAPON_PISTOL;
        b->radius = 5;
        w->bullet_top = k + 1;
    }
    return w;
}
