// The client's mirror world (sim_mirror.h): a real match copied into a world of the same map and
// config through the mirror's setters only, every tick or every few; every sim_state.h accessor
// must then answer as the real world's does.
#include "test.h"

#include "arena/ae_map_file.h"
#include "sim_mirror.h"
#include "sim_state.h"

#include <string.h>

static sim_world *world(const char *map, const sim_config *cfg) {
    char path[512];
    snprintf(path, sizeof path, "%s/assets/maps/%s.png", ARENA_SOURCE_DIR, map);
    ae_grid grid;
    ae_error err;
    if (!ae_map_load_file(path, &grid, &err)) {
        fprintf(stderr, "%s\n", err.msg);
        return NULL;
    }
    sim_world *w = sim_create(cfg, &grid, &err);
    if (!w) fprintf(stderr, "%s\n", err.msg);
    ae_grid_free(&grid);
    return w;
}

static int max_i(int a, int b) {
    return a > b ? a : b;
}

/// Everything a snapshot could carry, written into the mirror (slots up to either world's top,
/// so freed ones are freed there too).
static void copy(const sim_world *w, sim_world *m) {
    CHECK(sim_mirror_set_tick(m, sim_tick(w)));
    for (int i = 0; i < sim_agent_count(w); i++)
        CHECK(sim_mirror_set_agent(m, i, &sim_agents(w)[i]));
    for (int i = 0; i < max_i(sim_bullet_top(w), sim_bullet_top(m)); i++)
        CHECK(sim_mirror_set_bullet(m, i, &sim_bullets(w)[i]));
    for (int i = 0; i < max_i(sim_gem_top(w), sim_gem_top(m)); i++)
        CHECK(sim_mirror_set_gem(m, i, &sim_gems(w)[i]));
    for (int i = 0; i < max_i(sim_pickup_top(w), sim_pickup_top(m)); i++)
        CHECK(sim_mirror_set_pickup(m, i, &sim_pickups(w)[i]));
    for (int i = 0; i < sim_prop_count(w); i++) CHECK(sim_mirror_set_prop(m, i, &sim_props(w)[i]));
    for (int i = 0; i < sim_door_count(w); i++) CHECK(sim_mirror_set_door(m, i, &sim_doors(w)[i]));
    sim_mirror_set_zone(m, sim_zone_state(w));
    sim_mirror_set_result(m, sim_over(w), sim_winner(w));
    sim_mirror_set_events(m, sim_events(w), sim_event_count(w));
}

static bool same(const void *a, const void *b, size_t n) {
    return memcmp(a, b, n) == 0;
}

/// Every accessor of sim_state.h (and sim.h's) answers alike; false at the first difference.
static bool answers_alike(const sim_world *w, const sim_world *m) {
    bool ok = sim_tick(w) == sim_tick(m) && sim_over(w) == sim_over(m) &&
              sim_winner(w) == sim_winner(m) && sim_alive_count(w) == sim_alive_count(m) &&
              sim_agent_count(w) == sim_agent_count(m);
    for (int i = 0; ok && i < sim_agent_count(w); i++)
        ok = same(&sim_agents(w)[i], &sim_agents(m)[i], sizeof(sim_agent)) &&
             sim_nearest_visible_enemy(w, i, 600.0f) == sim_nearest_visible_enemy(m, i, 600.0f);
    for (int h = 0; ok && h < sim_config_of(w)->humans; h++)
        ok = sim_slot_agent(w, h) == sim_slot_agent(m, h);
    ok = ok && sim_bullet_top(w) == sim_bullet_top(m) && sim_gem_top(w) == sim_gem_top(m) &&
         sim_pickup_top(w) == sim_pickup_top(m);
    for (int i = 0; ok && i < sim_bullet_top(w); i++)
        ok = sim_bullets(w)[i].alive == sim_bullets(m)[i].alive &&
             (!sim_bullets(w)[i].alive ||
              same(&sim_bullets(w)[i], &sim_bullets(m)[i], sizeof(sim_bullet)));
    for (int i = 0; ok && i < sim_gem_top(w); i++)
        ok = sim_gems(w)[i].alive == sim_gems(m)[i].alive &&
             (!sim_gems(w)[i].alive || same(&sim_gems(w)[i], &sim_gems(m)[i], sizeof(sim_gem)));
    for (int i = 0; ok && i < sim_pickup_top(w); i++)
        ok = sim_pickups(w)[i].alive == sim_pickups(m)[i].alive &&
             (!sim_pickups(w)[i].alive ||
              same(&sim_pickups(w)[i], &sim_pickups(m)[i], sizeof(sim_pickup)));
    ok = ok && sim_prop_count(w) == sim_prop_count(m) &&
         sim_props_broken(w) == sim_props_broken(m) && sim_door_count(w) == sim_door_count(m);
    for (int i = 0; ok && i < sim_prop_count(w); i++) {
        const sim_prop *a = &sim_props(w)[i], *b = &sim_props(m)[i];
        ok = a->x == b->x && a->y == b->y && a->kind == b->kind && a->hp == b->hp &&
             a->max_hp == b->max_hp && a->hit_tick == b->hit_tick;
    }
    for (int i = 0; ok && i < sim_door_count(w); i++)
        ok = same(&sim_doors(w)[i], &sim_doors(m)[i], sizeof(sim_door));
    const ae_grid *gw = sim_grid(w), *gm = sim_grid(m);
    ok = ok && gw->width == gm->width && gw->height == gm->height &&
         same(gw->cells, gm->cells, (size_t)gw->width * (size_t)gw->height);
    ok = ok && same(sim_zone_state(w), sim_zone_state(m), sizeof(sim_zone)) &&
         sim_event_count(w) == sim_event_count(m) &&
         same(sim_events(w), sim_events(m), (size_t)sim_event_count(w) * sizeof(sim_event));
    // The hash's parts a snapshot can carry. Not the RNG, the bot brains, nor the props' part
    // (a running hash of every blow each prop took, which snapshots of hit points cannot give).
    uint64_t hw[SIM_HASH_FIELD_COUNT], hm[SIM_HASH_FIELD_COUNT];
    sim_hash_fields(w, hw);
    sim_hash_fields(m, hm);
    static const sim_hash_field parts[] = {SIM_HASH_TICK,    SIM_HASH_MAP,  SIM_HASH_AGENTS,
                                           SIM_HASH_BULLETS, SIM_HASH_GEMS, SIM_HASH_ZONE,
                                           SIM_HASH_PICKUPS};
    for (size_t k = 0; ok && k < sizeof parts / sizeof *parts; k++)
        ok = hw[parts[k]] == hm[parts[k]];
    return ok;
}

/// A whole match on `map`, copied every `every` ticks; the mirror is compared after each copy.
static void mirror_match(const char *map, int every, int humans, int bots) {
    sim_config cfg = sim_default_config();
    cfg.seed = 19;
    cfg.humans = humans;
    cfg.bots = bots;
    sim_world *w = world(map, &cfg), *m = world(map, &cfg);
    REQUIRE(w && m);
    int copies = 0, broken = 0, bullets = 0, pickups = 0, dead = 0;
    while (!sim_over(w) && sim_tick(w) < 20000) {
        sim_step(w, NULL); // idle people: auto-aim fire
        if (sim_tick(w) % every != 0 && !sim_over(w)) continue;
        copy(w, m);
        copies++;
        if (!answers_alike(w, m)) {
            fprintf(stderr, "%s: the mirror differs at tick %d\n", map, sim_tick(w));
            CHECK(false);
            break;
        }
        broken = sim_props_broken(w);
        bullets += sim_bullet_top(w) > 0;
        pickups += sim_pickup_top(w) > 0;
        dead = sim_agent_count(w) - sim_alive_count(w);
    }
    fprintf(stderr, "%s every %d: %d copies, %d props broken, %d dead at the end\n", map, every,
            copies, broken, dead);
    CHECK(sim_over(w) && sim_over(m) && sim_winner(m) == sim_winner(w));
    CHECK(copies > 100 && bullets > 50 && pickups > 50 && dead > 1);
    CHECK(sim_prop_count(w) == 0 || broken > 0);
    sim_destroy(w);
    sim_destroy(m);
}

static void test_every_tick(void) {
    mirror_match("arena", 1, 1, 29);
}

/// Copies far apart (a client that joined late, snapshots lost): slots freed and reused
/// between copies, several props broken at once.
static void test_every_few_ticks(void) {
    mirror_match("ruins", 37, 2, 20);
}

/// Bad indices and states the sim never goes back from are refused, the mirror unchanged.
static void test_refusals(void) {
    sim_config cfg = sim_default_config();
    sim_world *m = world("arena", &cfg);
    REQUIRE(m);
    sim_agent a = sim_agents(m)[3];
    CHECK(!sim_mirror_set_agent(m, -1, &a));
    CHECK(!sim_mirror_set_agent(m, sim_agent_count(m), &a));
    a.slot = 5; // the match has one slot
    CHECK(!sim_mirror_set_agent(m, 3, &a));
    a = sim_agents(m)[3];
    a.placement = 7;
    CHECK(sim_mirror_set_agent(m, 3, &a));
    CHECK(sim_alive_count(m) == sim_agent_count(m) - 1);
    a.placement = 0; // the fallen stay fallen
    CHECK(!sim_mirror_set_agent(m, 3, &a));
    CHECK(sim_agents(m)[3].placement == 7);
    sim_bullet b = {0};
    b.alive = true;
    CHECK(!sim_mirror_set_bullet(m, cfg.max_bullets, &b));
    CHECK(!sim_mirror_set_gem(m, -2, &sim_gems(m)[0]));
    CHECK(!sim_mirror_set_prop(m, sim_prop_count(m), &sim_props(m)[0]));
    sim_prop p = sim_props(m)[0];
    p.hp = 0.0f;
    CHECK(sim_mirror_set_prop(m, 0, &p));
    CHECK(sim_props_broken(m) == 1);
    p.hp = p.max_hp; // a broken prop stays broken
    CHECK(!sim_mirror_set_prop(m, 0, &p));
    CHECK(!sim_mirror_set_door(m, sim_door_count(m), &sim_doors(m)[0]));
    CHECK(!sim_mirror_set_tick(m, -1));
    sim_destroy(m);
}

TEST_MAIN(TEST_CASE(every_tick), TEST_CASE(every_few_ticks), TEST_CASE(refusals))
