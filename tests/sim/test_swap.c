// Map swaps: agents pushed out of new walls, bullets and gems in walls removed, size changes,
// a map that cannot host the match refused with the old one kept.
#include "test.h"

#include "map_designs.h"
#include "sim_world.h"

static void build(const char *name, ae_grid *g) {
    for (int i = 0; i < map_design_count; i++)
        if (!strcmp(map_designs[i].name, name)) map_design_build(&map_designs[i], g);
}

static void check_clear(const sim_world *w) {
    for (int i = 0; i < w->agent_count; i++) {
        const sim_agent *a = &w->agents[i];
        if (a->placement == 0) CHECK(ae_sdf_sample(&w->sdf, a->pos) >= a->radius - 1e-3f);
    }
    for (int k = 0; k < w->cfg.max_bullets; k++)
        if (w->bullets[k].alive)
            CHECK(ae_sdf_sample(&w->sdf, w->bullets[k].pos) >= w->bullets[k].radius);
    for (int g = 0; g < w->cfg.max_gems; g++)
        if (w->gems[g].alive) CHECK(ae_sdf_sample(&w->sdf, w->gems[g].pos) >= 6.0f);
}

static void test_swaps(void) {
    ae_grid arena, ruins, islands;
    build("arena", &arena);
    build("ruins", &ruins);
    build("islands", &islands);
    sim_config cfg = sim_default_config();
    cfg.humans = 0;
    cfg.bots = 60;
    cfg.seed = 4;
    sim_world *w = sim_create(&cfg, &arena, NULL);
    REQUIRE(w);
    uint64_t fields[SIM_HASH_FIELD_COUNT];
    // The map's part of the hash is kept from when the map changed, never recomputed per tick:
    // it must still be the grid's own hash, and another map's differs.
    sim_hash_fields(w, fields);
    CHECK(fields[SIM_HASH_MAP] == sim_hash_grid(&arena));
    CHECK(sim_hash_grid(&arena) != sim_hash_grid(&ruins));
    const ae_grid *maps[] = {&ruins, &islands, &arena, &ruins};
    for (int s = 0; s < 4; s++) {
        for (int t = 0; t < 400; t++) sim_step(w, NULL);
        ae_error err;
        CHECK(sim_swap_map(w, maps[s], &err));
        CHECK(w->grid.width == maps[s]->width && w->grid.height == maps[s]->height);
        sim_hash_fields(w, fields);
        CHECK(fields[SIM_HASH_MAP] == sim_hash_grid(maps[s]));
        check_clear(w);
        // The match goes on: bots replan on the new map and nobody ends a tick in a wall.
        for (int t = 0; t < 120; t++) {
            sim_step(w, NULL);
            for (int i = 0; i < w->agent_count; i++)
                if (w->agents[i].placement == 0)
                    CHECK(ae_sdf_sample(&w->sdf, w->agents[i].pos) >= w->agents[i].radius - 1e-3f);
        }
    }
    // Almost all wall: no room for the players, so it is refused and the old map stays.
    ae_grid cramped;
    REQUIRE(ae_grid_init(&cramped, 32, 32, NULL));
    memset(cramped.cells, 1, 32 * 32);
    cramped.cells[16 * 32 + 16] = 0;
    uint64_t before = sim_hash(w);
    ae_error err;
    CHECK(!sim_swap_map(w, &cramped, &err));
    CHECK(strstr(err.msg, "room for") != NULL);
    CHECK(sim_hash(w) == before);
    ae_grid_free(&cramped);
    sim_destroy(w);
    ae_grid_free(&arena);
    ae_grid_free(&ruins);
    ae_grid_free(&islands);
    CHECK(ae_live_bytes() == 0);
}

TEST_MAIN(TEST_CASE(swaps))
