// What bots sense, cheaply: cell lists, the bullet lanes dodging reads, the agent cells gems read,
// the staggered look round for enemies, the cover spot kept while it hides; and a match that
// allocates nothing tick after tick once its arrays have grown.
#include "open_field.h"
#include "test.h"
#include "test_alloc.h"

#include "bot_brain.h"
#include "bot_lanes.h"
#include "map_designs.h"
#include "sim_collide.h"
#include "sim_internal.h"

#include <stdlib.h>

/// `bots` normal bots and no human on map g.
static sim_world *bots_on(const ae_grid *g, int bots, uint64_t seed) {
    sim_config cfg = sim_default_config();
    cfg.humans = 0;
    cfg.bots = bots;
    cfg.seed = seed;
    cfg.bot_difficulty = SIM_NORMAL;
    sim_world *w = sim_create(&cfg, g, NULL);
    if (!w) abort();
    return w;
}

/// Puts agent i at (x, y), the broadphase too (as the move phase would).
static void place(sim_world *w, int i, float x, float y) {
    w->agents[i].pos = w->agents[i].prev_pos = (vec2s){{x, y}};
    sim_collide_agent(w, i);
}

/// Bot `id` thinks at tick t (a tick it decides on: (t + id) multiple of its think interval).
static void think_at(sim_world *w, int id, int t) {
    w->tick = t;
    sim_bots_count_attackers(w);
    sim_input in;
    sim_bots_think(w, id, &in);
}

static bool listed(const sim_cells *g, int cell, int32_t value, int *times) {
    *times = 0;
    for (int32_t e = sim_cells_first(g, cell); e >= 0; e = sim_cells_next(g, e))
        *times += sim_cells_value(g, e) == value;
    return *times > 0;
}

// Lists hold what was added since the last begin, nothing older; coordinates beyond the map
// (and NaN) fall in the border cells.
static void test_cells(void) {
    ae_grid g;
    open_field(&g);
    sim_world *w = bots_on(&g, 2, 1);
    sim_cells c = {0};
    sim_cells_begin(&c, w, 100.0f);
    CHECK(c.side == 100.0f && c.nx == 8 && c.ny == 8); // 768 units a side
    sim_cells_add(&c, 9, 4);
    sim_cells_add(&c, 9, 7);
    sim_cells_add(&c, 63, 1);
    int times;
    CHECK(listed(&c, 9, 4, &times) && times == 1);
    CHECK(listed(&c, 9, 7, &times) && times == 1);
    CHECK(listed(&c, 63, 1, &times) && !listed(&c, 9, 1, &times));
    CHECK(sim_cells_first(&c, 0) < 0);
    for (int k = 0; k < 5000; k++) sim_cells_add(&c, k % 64, k); // grows past its first arrays
    CHECK(listed(&c, 9, 4, &times) && listed(&c, 9, 9, &times) && listed(&c, 7, 4999, &times));
    sim_cells_begin(&c, w, 100.0f);
    for (int cell = 0; cell < 64; cell++) CHECK(sim_cells_first(&c, cell) < 0);
    CHECK(sim_cells_at(&c, (vec2s){{-50.0f, -1e9f}}) == 0);
    CHECK(sim_cells_at(&c, (vec2s){{1e9f, 1e9f}}) == 63);
    CHECK(sim_cells_at(&c, (vec2s){{NAN, 150.0f}}) == 8);
    CHECK(sim_cells_at(&c, (vec2s){{250.0f, 150.0f}}) == 10);
    sim_cells_free(&c);
    sim_destroy(w);
    ae_grid_free(&g);
}

/// Distance from p to the segment ab.
static double segment_distance(vec2s p, vec2s a, vec2s b) {
    double abx = (double)b.x - a.x, aby = (double)b.y - a.y;
    double apx = (double)p.x - a.x, apy = (double)p.y - a.y;
    double len2 = abx * abx + aby * aby;
    double t = len2 > 0.0 ? (apx * abx + apy * aby) / len2 : 0.0;
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    double dx = apx - t * abx, dy = apy - t * aby;
    return sqrt(dx * dx + dy * dy);
}

// Through a busy match: wherever an agent stands (and at random spots), the lanes of its cell
// list every bullet old enough to be noticed that passes within dodging distance during the
// lookahead, each once.
static void test_lanes(void) {
    ae_grid map;
    REQUIRE(map_design_build(&map_designs[0], &map));
    sim_world *w = bots_on(&map, 200, 11);
    ae_rng rng;
    ae_rng_seed(&rng, 3, 3);
    const float mw = (float)map.width * w->cfg.cell_size;
    long checked = 0, close = 0;
    int *seen = calloc((size_t)w->cfg.max_bullets, sizeof *seen);
    REQUIRE(seen);
    for (int t = 0; t < 2400 && !sim_over(w); t++) {
        sim_step(w, NULL);
        if (t < 300 || t % 40) continue;
        const sim_cells *lanes = bot_bullet_lanes(w);
        for (int q = 0; q < w->agent_count + 200; q++) {
            vec2s p = q < w->agent_count ? w->agents[q].pos
                                         : (vec2s){{ae_rng_range(&rng, -100, mw + 100),
                                                    ae_rng_range(&rng, -100, mw + 100)}};
            const int cell = sim_cells_at(lanes, p);
            for (int32_t e = sim_cells_first(lanes, cell); e >= 0; e = sim_cells_next(lanes, e))
                seen[sim_cells_value(lanes, e)]++;
            for (int k = 0; k < w->bullet_top; k++) {
                const sim_bullet *b = &w->bullets[k];
                CHECK(seen[k] <= 1);
                // Fresher bullets no bot may notice yet: a build serves several ticks.
                if (!b->alive || w->tick - b->fired_tick < bot_lanes_reuse_ticks()) continue;
                vec2s end = glms_vec2_add(
                    b->pos, glms_vec2_scale(b->vel, bot_bullet_flight(b, BOT_DODGE_LOOKAHEAD)));
                double reach = w->cfg.rules.agent_radius + b->radius + BOT_DODGE_MARGIN;
                if (segment_distance(p, b->pos, end) <= reach) {
                    CHECK(seen[k] == 1);
                    close++;
                }
                checked++;
            }
            for (int32_t e = sim_cells_first(lanes, cell); e >= 0; e = sim_cells_next(lanes, e))
                seen[sim_cells_value(lanes, e)] = 0;
        }
    }
    fprintf(stderr, "%ld agent-bullet checks, %ld within dodging distance\n", checked, close);
    CHECK(checked > 100000 && close > 200);
    free(seen);
    sim_destroy(w);
    ae_grid_free(&map);
}

// One build of the lanes serves bot_lanes_reuse_ticks() ticks (the hard bots' reaction time),
// unless a bullet jumps (a bounce) in between.
static void test_lanes_reuse(void) {
    ae_grid map;
    REQUIRE(map_design_build(&map_designs[0], &map));
    sim_world *w = bots_on(&map, 200, 11);
    for (int t = 0; t < 600; t++) sim_step(w, NULL);
    REQUIRE(w->bullet_count > 0);
    const int reuse = bot_lanes_reuse_ticks();
    CHECK(reuse == bot_skill_for(SIM_HARD)->reaction_ticks);
    bot_lanes l = {0};
    const uint32_t first = bot_lanes_update(w, &l)->build;
    for (int t = 1; t < reuse; t++) {
        sim_step(w, NULL);
        CHECK(bot_lanes_update(w, &l)->build == first);
    }
    sim_step(w, NULL);
    const uint32_t second = bot_lanes_update(w, &l)->build;
    CHECK(second != first);
    sim_collide_bullets_jumped(w);
    CHECK(bot_lanes_update(w, &l)->build != second);
    bot_lanes_free(&l);
    sim_destroy(w);
    ae_grid_free(&map);
}

// The pickup cells list every live pickup once, in the cell holding it, and nothing else; they
// follow the pickups from tick to tick (taken, dropped).
static void test_pickup_cells(void) {
    ae_grid map;
    REQUIRE(map_design_build(&map_designs[0], &map));
    sim_world *w = bots_on(&map, 200, 5);
    int *seen = calloc((size_t)w->pickup_capacity, sizeof *seen);
    REQUIRE(seen);
    int listed = 0;
    for (int t = 0; t < 1200 && !sim_over(w); t++) {
        sim_step(w, NULL);
        if (t % 100) continue;
        const sim_cells *cells = bot_pickup_cells(w);
        for (int c = 0; c < cells->nx * cells->ny; c++)
            for (int32_t e = sim_cells_first(cells, c); e >= 0; e = sim_cells_next(cells, e)) {
                const int s = sim_cells_value(cells, e);
                CHECK(s >= 0 && s < w->pickup_top && w->pickups[s].alive);
                CHECK(sim_cells_at(cells, w->pickups[s].pos) == c);
                seen[s]++;
            }
        for (int s = 0; s < w->pickup_capacity; s++) {
            CHECK(seen[s] == (s < w->pickup_top && w->pickups[s].alive ? 1 : 0));
            listed += seen[s];
            seen[s] = 0;
        }
    }
    CHECK(listed > 100);
    free(seen);
    sim_destroy(w);
    ae_grid_free(&map);
}

// The agent cells list every living agent once, in the cell holding it, and no dead one; they
// follow the agents from tick to tick.
static void test_agent_cells(void) {
    ae_grid map;
    REQUIRE(map_design_build(&map_designs[0], &map));
    sim_world *w = bots_on(&map, 150, 5);
    int checks = 0;
    for (int t = 0; t < 3000 && !sim_over(w); t++) {
        sim_step(w, NULL);
        if (t % 250) continue;
        const sim_cells *c = sim_collide_agent_cells(w, NULL);
        for (int i = 0; i < w->agent_count; i++) {
            int times;
            bool in = listed(c, sim_cells_at(c, w->agents[i].pos), i, &times);
            CHECK(w->agents[i].placement == 0 ? in && times == 1 : !in);
            checks++;
        }
    }
    CHECK(checks > 1000);
    sim_destroy(w);
    ae_grid_free(&map);
}

// Between looks round, a bot keeps its target even when another comes closer; it looks again
// after three thinks, at once when its target leaves its range, and at once when someone else
// hurts it (it answers as fast as before).
static void test_retarget(void) {
    ae_grid g;
    open_field(&g);
    sim_world *w = bots_on(&g, 3, 2);
    const bot_brain *b = sim_bots_brain(w, 0);
    const int every = 6; // a normal bot's think interval
    place(w, 0, cell_centre(6), cell_centre(6));
    place(w, 1, cell_centre(10), cell_centre(6)); // 128 units east
    place(w, 2, cell_centre(6), cell_centre(20)); // 448 units south: out of range
    think_at(w, 0, 0);
    CHECK(b->target == 1 && b->scan_tick == 0);
    place(w, 2, cell_centre(6), cell_centre(8)); // 64 units: clearly better
    think_at(w, 0, every);
    CHECK(b->target == 1 && b->scan_tick == 0); // no look round yet
    think_at(w, 0, 2 * every);
    CHECK(b->target == 1 && b->scan_tick == 0);
    think_at(w, 0, 3 * every);
    CHECK(b->target == 2 && b->scan_tick == 3 * every);
    // The target runs out of range: a look round at the next think.
    place(w, 2, cell_centre(6), cell_centre(21));
    think_at(w, 0, 4 * every);
    CHECK(b->target == 1 && b->scan_tick == 4 * every);
    // Someone else shoots it: a look round at the next think, which picks the shooter when it
    // is the better choice.
    place(w, 2, cell_centre(6), cell_centre(7));
    w->tick = 4 * every + 2;
    sim_damage(w, 0, 2, SIM_WEAPON_PISTOL, (sim_harm)SIM_WEAPON_PISTOL, 5.0f);
    think_at(w, 0, 5 * every);
    CHECK(b->target == 2 && b->scan_tick == 5 * every);
    // Its own target hurting it changes nothing: it is already watching that one.
    w->tick = 5 * every + 1;
    sim_damage(w, 0, 2, SIM_WEAPON_PISTOL, (sim_harm)SIM_WEAPON_PISTOL, 5.0f);
    think_at(w, 0, 6 * every);
    CHECK(b->target == 2 && b->scan_tick == 5 * every);
    sim_destroy(w);
    ae_grid_free(&g);
}

// A hurt bot hiding behind crates and bushes keeps its spot while the spot still hides it (no new
// search); when the crates break, the spot is dropped and the next decision searches again.
static void test_cover_cache(void) {
    ae_grid g;
    open_field(&g);
    // A wall of crates and bushes down column 16, rows 5 to 18 (no barrel there: barrels burst).
    const int col = 16;
    for (int y = 5; y <= 18; y++) g.cells[y * SIDE + col] = AE_CELL_WALL | AE_CELL_BREAKABLE;
    sim_world *w = bots_on(&g, 2, 4);
    REQUIRE(w->prop_count == 14);
    for (int k = 0; k < w->prop_count; k++) REQUIRE(w->props[k].kind != SIM_PROP_BARREL);
    const bot_brain *b = sim_bots_brain(w, 0);
    place(w, 1, cell_centre(8), cell_centre(12)); // the threat, west of the wall
    place(w, 0, cell_centre(13), cell_centre(3)); // in the open, north-west of it: seen
    sim_damage(w, 0, 1, SIM_WEAPON_PISTOL, (sim_harm)SIM_WEAPON_PISTOL, 80.0f);
    think_at(w, 0, 0);
    REQUIRE(b->state == BOT_COVER && b->target == 1);
    CHECK(b->cover_found && b->cover_search_tick == 0);
    CHECK(b->cover_spot.x > cell_centre(col)); // east of the wall
    CHECK(!ae_sdf_clear_path(&w->sdf, w->agents[1].pos, b->cover_spot, 0.0f));
    // Half a second on, still seen, the spot still hides it: kept without a search.
    vec2s spot = b->cover_spot;
    think_at(w, 0, 30);
    CHECK(b->state == BOT_COVER && b->cover_found && b->cover_search_tick == 0);
    CHECK(b->cover_spot.x == spot.x && b->cover_spot.y == spot.y);
    // The wall breaks: the spot is dropped at once, and the next decision searches.
    for (int k = 0; k < w->prop_count; k++) sim_prop_damage(w, k, 1, SIM_WEAPON_PISTOL, 1e6f);
    CHECK(w->props_broken == 14);
    CHECK(!b->cover_found && b->state != BOT_COVER);
    think_at(w, 0, 60);
    CHECK(b->state == BOT_COVER && b->cover_search_tick == 60);
    CHECK(!b->cover_found); // nothing left to hide behind in the open
    sim_destroy(w);
    ae_grid_free(&g);
}

static bool broke_a_prop(const sim_world *w) {
    for (int e = 0; e < w->event_count; e++)
        if (w->events[e].kind == SIM_EVENT_PROP_BREAK) return true;
    return false;
}

// Once its arrays have grown to what the match needs, a tick allocates nothing. Over a whole
// 100-agent match: the lanes and the agent cells, rebuilt after every tick, allocate only
// while they grow (a few doublings in all; sim_collide_near's buffer is sized once); and the whole
// tick allocates on few ticks: those where a prop breaks (the map's edit takes scratch for its
// field and cover) and those where an array kept for the match grows (an agent's longest path so
// far, a broadphase region's most proxies so far).
static void test_no_alloc_per_tick(void) {
    REQUIRE(ae_live_bytes() == 0);
    ae_set_allocator(test_alloc_counting, test_free_counting, NULL);
    ae_grid map;
    REQUIRE(map_design_build(&map_designs[0], &map));
    sim_world *w = bots_on(&map, 100, 42);
    int ticks = 0, allocating = 0, breaking = 0;
    size_t senses = 0;
    while (!sim_over(w)) {
        size_t before = test_alloc_calls;
        sim_step(w, NULL);
        ticks++;
        if (broke_a_prop(w))
            breaking++;
        else
            allocating += test_alloc_calls != before;
        before = test_alloc_calls;
        bot_bullet_lanes(w);
        sim_collide_agent_cells(w, NULL);
        senses += test_alloc_calls - before;
    }
    fprintf(stderr, "%d of %d ticks allocated (and %d broke props); the senses: %zu times\n",
            allocating, ticks, breaking, senses);
    CHECK(ticks > 5000);
    CHECK(allocating * 40 < ticks);
    CHECK(senses <= 12);
    sim_destroy(w);
    ae_grid_free(&map);
    ae_set_allocator(NULL, NULL, NULL);
}

TEST_MAIN(TEST_CASE(cells), TEST_CASE(lanes), TEST_CASE(lanes_reuse), TEST_CASE(pickup_cells),
          TEST_CASE(agent_cells), TEST_CASE(retarget), TEST_CASE(cover_cache),
          TEST_CASE(no_alloc_per_tick))
