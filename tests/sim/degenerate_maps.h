// The map cases of the degenerate-play tests (degenerate_maps.c), run by test_degenerate.
#ifndef DEGENERATE_MAPS_H
#define DEGENERATE_MAPS_H

void test_reload_all_wall(void);
void test_swap_no_room(void);
void test_swap_smaller_map(void);
void test_crowded_spawn(void);

#endif
