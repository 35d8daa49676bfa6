// Bot quality over several matches: harder bots place better, the zone rarely kills, and no
// bot stays stuck.
#include "test.h"

#include "map_designs.h"
#include "sim_world.h"

#ifndef BOT_TEST_SEEDS
#define BOT_TEST_SEEDS 4
#endif

static void test_quality(void) {
    ae_grid g;
    REQUIRE(map_design_build(&map_designs[0], &g));
    double placement[SIM_DIFFICULTY_COUNT] = {0};
    int count[SIM_DIFFICULTY_COUNT] = {0}, zone_deaths = 0, bots = 0, longest_stuck = 0;
    for (int seed = 1; seed <= BOT_TEST_SEEDS; seed++) {
        sim_config cfg = sim_default_config();
        cfg.seed = (uint64_t)seed * 7919u;
        cfg.humans = 0;
        cfg.bots = 99;
        cfg.bot_difficulty = -1; // mixed: a third of each
        sim_world *w = sim_create(&cfg, &g, NULL);
        REQUIRE(w);
        while (!sim_over(w)) sim_step(w, NULL);
        for (int i = 0; i < w->agent_count; i++) {
            const sim_agent *a = &w->agents[i];
            placement[a->difficulty] += a->placement;
            count[a->difficulty]++;
            zone_deaths += a->cause == SIM_DIED_ZONE;
            if (a->stats.longest_stuck > longest_stuck) longest_stuck = a->stats.longest_stuck;
            bots++;
        }
        sim_destroy(w);
    }
    ae_grid_free(&g);
    double easy = placement[SIM_EASY] / count[SIM_EASY],
           hard = placement[SIM_HARD] / count[SIM_HARD];
    fprintf(stderr,
            "mean placement easy %.1f normal %.1f hard %.1f; zone deaths %d of %d; longest stuck "
            "%.1f s\n",
            easy, placement[SIM_NORMAL] / count[SIM_NORMAL], hard, zone_deaths, bots,
            (double)longest_stuck / SIM_TICK_HZ);
    CHECK(hard < easy);
    CHECK(placement[SIM_NORMAL] / count[SIM_NORMAL] < easy);
    CHECK(zone_deaths * 10 < bots);         // under a tenth of all bots
    CHECK(longest_stuck < 5 * SIM_TICK_HZ); // nobody pinned for five seconds
}

TEST_MAIN(TEST_CASE(quality))
