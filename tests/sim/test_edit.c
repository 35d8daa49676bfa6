// A world of no agents (a map on its own) and the cells the editor writes into it.
#include "test.h"

#include "sim.h"
#include "sim_state.h"

/// A 16x16 map: a corridor one cell high (row 8, with a door at its left end and a breakable
/// wall at its right end) in solid wall: no room for any agent.
static void corridor(ae_grid *g) {
    ae_error err;
    if (!ae_grid_init(g, 16, 16, &err)) abort();
    memset(g->cells, AE_CELL_WALL, 256);
    for (int x = 1; x < 15; x++) g->cells[8 * 16 + x] = AE_CELL_FREE;
    g->cells[8 * 16 + 1] = AE_CELL_DOOR;
    g->cells[8 * 16 + 14] = AE_CELL_WALL | AE_CELL_BREAKABLE;
}

/// No agents: any map, no room asked; props and doors listed, no gems or loot; over from the
/// start, so a step changes nothing.
static void test_map_world(void) {
    ae_grid g;
    corridor(&g);
    sim_config cfg = sim_default_config();
    cfg.humans = 0;
    cfg.bots = 1;
    ae_error err;
    CHECK(sim_create(&cfg, &g, &err) == NULL);
    CHECK_STR(err.msg, "map has room for 0 agents, the match needs 1");
    cfg.bots = 0;
    sim_world *w = sim_create(&cfg, &g, &err);
    REQUIRE(w);
    CHECK(sim_agent_count(w) == 0 && sim_over(w) && sim_winner(w) == -1);
    CHECK(sim_gem_top(w) == 0 && sim_pickup_top(w) == 0);
    CHECK(sim_prop_count(w) == 1 && sim_door_count(w) == 1);
    CHECK(sim_map_hash(w) == sim_hash_grid(&g));
    const uint64_t h = sim_hash(w);
    sim_step(w, NULL);
    CHECK(sim_tick(w) == 0 && sim_hash(w) == h);
    sim_destroy(w);
    ae_grid_free(&g);
    CHECK(ae_live_bytes() == 0);
}

/// sim_edit_cells: a bad write changes nothing and says which; writing cells' own values counts
/// no change; a real write rehashes the map, counts a generation and lists the props again.
static void test_edit_cells(void) {
    ae_grid g;
    corridor(&g);
    sim_config cfg = sim_default_config();
    cfg.humans = cfg.bots = 0;
    ae_error err;
    sim_world *w = sim_create(&cfg, &g, &err);
    REQUIRE(w);
    const uint64_t hash = sim_map_hash(w);
    const uint32_t gen = sim_map_generation(w);
    const sim_cell_write off[2] = {{3, 8, AE_CELL_WALL}, {16, 3, AE_CELL_FREE}};
    CHECK(!sim_edit_cells(w, off, 2, &err));
    CHECK_STR(err.msg, "cell (16, 3) is outside the 16x16 map");
    const sim_cell_write bad = {3, 3, 7};
    CHECK(!sim_edit_cells(w, &bad, 1, &err));
    CHECK_STR(err.msg, "cell (3, 3): 7 is not a map cell");
    CHECK(sim_grid(w)->cells[8 * 16 + 3] == AE_CELL_FREE);
    const sim_cell_write same[2] = {{3, 8, AE_CELL_FREE}, {0, 0, AE_CELL_WALL}};
    CHECK(sim_edit_cells(w, same, 2, &err) && sim_edit_cells(w, same, 0, &err));
    CHECK(sim_map_hash(w) == hash && sim_map_generation(w) == gen);
    const sim_cell_write props[2] = {{5, 8, AE_CELL_WALL | AE_CELL_BREAKABLE},
                                     {1, 8, AE_CELL_FREE}};
    CHECK(sim_edit_cells(w, props, 2, &err));
    CHECK(sim_map_generation(w) == gen + 1 && sim_map_hash(w) != hash);
    CHECK(sim_map_hash(w) == sim_hash_grid(sim_grid(w)));
    CHECK(sim_prop_count(w) == 2 && sim_door_count(w) == 0);
    CHECK(sim_prop_find(w, 5, 8) == 0 && sim_prop_find(w, 14, 8) == 1);
    sim_destroy(w);
    ae_grid_free(&g);
    CHECK(ae_live_bytes() == 0);
}

TEST_MAIN(TEST_CASE(map_world), TEST_CASE(edit_cells))
