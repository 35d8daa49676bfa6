// The degenerate-play cases that live outside test_degenerate.c, run by its TEST_MAIN.
#ifndef DEGENERATE_CASES_H
#define DEGENERATE_CASES_H

// degenerate_counts.c
void test_one_agent(void);
void test_agent_limits(void);
void test_humans_only(void);
void test_max_agents_large(void);
void test_max_agents_small(void);
void test_bullet_pool_small(void);
void test_bullet_pool_max_agents(void);
void test_gem_pool_full(void);
void test_max_capacities(void);

// degenerate_maps.c
void test_reload_all_wall(void);
void test_swap_no_room(void);
void test_swap_smaller_map(void);
void test_crowded_spawn(void);
void test_crowded_spawn_spread(void);
void test_swap_spacing(void);

#endif
