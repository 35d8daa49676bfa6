// Match invariants: walls, bullets, zone table, levels and skills, match end, determinism.
#include "test.h"

#include "map_designs.h"
#include "sim_internal.h"

static sim_world *make_world(const char *map, uint64_t seed, int humans, int bots) {
    ae_grid g;
    const map_design *d = NULL;
    for (int i = 0; i < map_design_count; i++)
        if (!strcmp(map_designs[i].name, map)) d = &map_designs[i];
    if (!d || !map_design_build(d, &g)) return NULL;
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

/// Independent of the sim's swept test: samples the tick densely and reports whether a bullet
/// that survived the tick ever overlapped a (moving) agent other than its owner.
static bool bullet_passed_through(const sim_world *w, const vec2s *bullet_before,
                                  const bool *alive_before) {
    for (int k = 0; k < w->cfg.max_bullets; k++) {
        const sim_bullet *b = &w->bullets[k];
        if (!alive_before[k] || !b->alive) continue;
        for (int i = 0; i < w->agent_count; i++) {
            const sim_agent *a = &w->agents[i];
            if (i == b->owner || a->placement != 0) continue;
            for (int s = 0; s <= 32; s++) {
                float t = (float)s / 32.0f;
                vec2s bp = glms_vec2_lerp(bullet_before[k], b->pos, t);
                vec2s ap = glms_vec2_lerp(a->prev_pos, a->pos, t);
                if (glms_vec2_distance(bp, ap) < a->radius + b->radius - 1e-3f) return true;
            }
        }
    }
    return false;
}

#ifndef INVARIANT_AGENTS
#define INVARIANT_AGENTS 100
#endif

/// The pools' tops are tight: every slot at or above is free, the one just below is in use, and
/// the counts match the slots in use (loops over bullets and gems stop at the tops).
static bool pools_tight(const sim_world *w) {
    int bullets = 0, gems = 0;
    for (int k = 0; k < w->cfg.max_bullets; k++)
        if (w->bullets[k].alive) {
            if (k >= w->bullet_top) return false;
            bullets++;
        }
    for (int g = 0; g < w->cfg.max_gems; g++)
        if (w->gems[g].alive) {
            if (g >= w->gem_top) return false;
            gems++;
        }
    return bullets == w->bullet_count && gems == w->gem_count &&
           (w->bullet_top == 0 || w->bullets[w->bullet_top - 1].alive) &&
           (w->gem_top == 0 || w->gems[w->gem_top - 1].alive);
}

static void test_invariants(void) {
    sim_world *w = make_world("arena", 11, 0, INVARIANT_AGENTS);
    REQUIRE(w);
    vec2s *before = calloc((size_t)w->cfg.max_bullets, sizeof *before);
    bool *alive = calloc((size_t)w->cfg.max_bullets, sizeof *alive);
    int in_wall = 0, through = 0, bad_pools = 0;
    while (!sim_over(w)) {
        for (int k = 0; k < w->cfg.max_bullets; k++) {
            before[k] = w->bullets[k].pos;
            alive[k] = w->bullets[k].alive;
        }
        sim_step(w, NULL);
        for (int i = 0; i < w->agent_count; i++) {
            const sim_agent *a = &w->agents[i];
            if (a->placement == 0 && ae_sdf_sample(&w->sdf, a->pos) < a->radius - 1e-3f) in_wall++;
        }
        through += bullet_passed_through(w, before, alive);
        bad_pools += !pools_tight(w);
    }
    CHECK(in_wall == 0);
    CHECK(through == 0);
    CHECK(bad_pools == 0);
    // One winner, placements a permutation of 1..N, within the time limit.
    CHECK(w->winner >= 0 && w->agents[w->winner].placement == 1);
    CHECK(w->tick <= sim_zone_ticks(w, w->cfg.rules.time_limit_ticks));
    int seen[SIM_MAX_AGENTS + 1] = {0};
    for (int i = 0; i < w->agent_count; i++) {
        int p = w->agents[i].placement;
        CHECK(p >= 1 && p <= w->agent_count);
        if (p >= 1 && p <= w->agent_count) seen[p]++;
    }
    for (int p = 1; p <= w->agent_count; p++) CHECK(seen[p] == 1);
    free(before);
    free(alive);
    sim_destroy(w);
    CHECK(ae_live_bytes() == 0);
}

static void test_matches_end(void) {
    const char *maps[] = {"arena", "ruins", "islands"};
    for (int s = 0; s < 3; s++) {
        sim_world *w = make_world(maps[s], (uint64_t)(100 + s), 0, 100);
        REQUIRE(w);
        while (!sim_over(w)) sim_step(w, NULL);
        CHECK(w->winner >= 0);
        CHECK(w->tick <= sim_zone_ticks(w, w->cfg.rules.time_limit_ticks));
        sim_destroy(w);
    }
}

static void test_deterministic(void) {
    uint64_t h[2];
    for (int run = 0; run < 2; run++) {
        sim_world *w = make_world("ruins", 5, 1, 40);
        REQUIRE(w);
        sim_input in = {0};
        for (int t = 0; t < 1500; t++) {
            sim_input_set_move(&in, (vec2s){{(float)(t % 97) / 97.0f - 0.5f, 0.3f}});
            in.buttons = (uint8_t)(t % 50 == 0);
            sim_input_set_aim(&in, (vec2s){{1.0f, (float)(t % 13) - 6.0f}});
            sim_step(w, &in);
        }
        h[run] = sim_hash(w);
        sim_destroy(w);
    }
    CHECK(h[0] == h[1]);
}

static void test_zone_table(void) {
    sim_world *w = make_world("arena", 3, 2, 0);
    REQUIRE(w);
    const sim_rules *r = &w->cfg.rules;
    sim_input idle[2] = {{0}};
    // Keep both humans far apart and unable to see each other: they stand still at spawn.
    float r0 = w->zone.radius;
    for (int t = 0; t < sim_zone_ticks(w, r->zone[0].hold_ticks); t++) {
        w->agents[0].hp = w->agents[1].hp = 100.0f; // nothing else may end the test early
        sim_step(w, idle);
    }
    CHECK(w->zone.shrinking);
    CHECK_NEAR(w->zone.radius, r0, 1e-3);
    CHECK_NEAR(w->zone.next_radius, r0 * r->zone[0].radius_scale, 1e-2);
    // The next circle lies inside the current one.
    CHECK(glms_vec2_distance(w->zone.next_center, w->zone.center) + w->zone.next_radius <=
          r0 + 1e-2f);
    for (int t = 0; t < sim_zone_ticks(w, r->zone[0].shrink_ticks); t++) {
        w->agents[0].hp = w->agents[1].hp = 100.0f;
        sim_step(w, idle);
    }
    CHECK(!w->zone.shrinking && w->zone.phase == 1);
    CHECK_NEAR(w->zone.radius, r0 * r->zone[0].radius_scale, 1e-2);
    // Damage outside the circle follows the phase's damage per second.
    sim_agent *a = &w->agents[0];
    a->pos = a->prev_pos = glms_vec2_add(w->zone.center, (vec2s){{w->zone.radius + 50.0f, 0}});
    a->hp = 100.0f;
    w->agents[1].hp = 100.0f;
    float hp = a->hp;
    sim_step(w, idle);
    if (glms_vec2_distance(a->pos, w->zone.center) > w->zone.radius)
        CHECK_NEAR(hp - a->hp, r->zone[1].dps / SIM_TICK_HZ, 1e-4);
    sim_destroy(w);
}

static void test_levels_and_skills(void) {
    // Two idle humans (one alone would win at once); both aim without firing, so nobody shoots.
    sim_world *w = make_world("arena", 9, 2, 0);
    REQUIRE(w);
    sim_agent *a = &w->agents[0];
    const sim_rules *r = &w->cfg.rules;
    sim_input both[2] = {{0}};
    sim_input_set_aim(&both[1], (vec2s){{1, 0}});
    sim_input *me = &both[0];
    sim_input_set_aim(me, (vec2s){{1, 0}});
    int need = sim_rules_xp_for_level(r, 1);
    for (int i = 0; i < need; i++) {
        REQUIRE(w->gem_count < w->cfg.max_gems);
        int slot = 0;
        while (w->gems[slot].alive) slot++;
        w->gems[slot] = (sim_gem){a->pos, r->gem_xp, true, true};
        w->gem_count++;
        if (slot >= w->gem_top) w->gem_top = slot + 1;
        sim_step(w, both);
    }
    CHECK(a->level == 2);
    CHECK(a->pending_picks == 1);
    int cooldown = sim_agent_cooldown(w, a);
    me->skill_pick = 1 + SIM_SKILL_FIRE_RATE;
    sim_step(w, both);
    CHECK(a->skills[SIM_SKILL_FIRE_RATE] == 1 && a->pending_picks == 0);
    CHECK(sim_agent_cooldown(w, a) < cooldown);
    // Without a pending pick nothing changes.
    sim_step(w, both);
    CHECK(a->skills[SIM_SKILL_FIRE_RATE] == 1);
    // Regeneration heals over time once learned.
    a->skills[SIM_SKILL_REGEN] = 2;
    a->hp = 50.0f;
    me->skill_pick = 0;
    for (int t = 0; t < SIM_TICK_HZ; t++) sim_step(w, both);
    CHECK_NEAR(a->hp, 50.0f + 2 * r->regen_hp_per_second, 0.05);

    sim_destroy(w);
}

static void test_input_quantise(void) {
    sim_input in = {0};
    sim_input_set_move(&in, (vec2s){{NAN, 1.0f}});
    CHECK(in.move_x == 0 && in.move_y == 0);
    sim_input_set_move(&in, (vec2s){{3.0f, 4.0f}});
    vec2s m = sim_input_move(&in);
    CHECK(glms_vec2_norm(m) <= 1.0f + 1e-6f);
    CHECK_NEAR(m.x, 0.6, 0.01);
    sim_input_set_aim(&in, (vec2s){{INFINITY, 0.0f}});
    vec2s aim;
    CHECK(!sim_input_aim(&in, &aim));
    sim_input_set_aim(&in, (vec2s){{0.0f, -2.0f}});
    CHECK(sim_input_aim(&in, &aim) && aim.y < -0.999f);
    in.skill_pick = 3;
    in.buttons = SIM_BUTTON_FIRE;
    uint8_t bytes[SIM_INPUT_BYTES];
    sim_input_pack(&in, bytes);
    sim_input back;
    CHECK(sim_input_unpack(bytes, &back));
    CHECK(memcmp(&back, &in, sizeof in) == 0);
    bytes[0] = 0x80; // -128 is outside the quantised range
    CHECK(!sim_input_unpack(bytes, &back));
    sim_input_pack(&in, bytes);
    bytes[7] = 200;
    CHECK(!sim_input_unpack(bytes, &back));
    // Quantisation rounds halves away from zero, as roundf does: every direction on a fine
    // circle and the components that land on a half exactly give what roundf gives.
    int bad = 0;
    for (int i = 0; i < 200000; i++) {
        const float a = (float)i * (6.2831853f / 200000.0f);
        const vec2s v = {{cosf(a), sinf(a)}};
        sim_input_set_move(&in, v);
        sim_input_set_aim(&in, v);
        const float len = sqrtf(v.x * v.x + v.y * v.y);
        bad += in.move_x != (int8_t)fmaxf(-127.0f, fminf(127.0f, roundf(v.x * 127.0f)));
        bad += in.aim_y != (int16_t)roundf(v.y / len * 32000.0f);
    }
    const float halves[] = {0.5f / 127.0f, -0.5f / 127.0f, 1.5f / 127.0f, -2.5f / 127.0f};
    for (int i = 0; i < 4; i++) {
        sim_input_set_move(&in, (vec2s){{halves[i], 0.0f}});
        bad += in.move_x != (int8_t)roundf(halves[i] * 127.0f);
    }
    CHECK(bad == 0);
}

// Humans spawn inside the first safe circle, which is known from the first tick and is the one
// the zone then shrinks to, with room around them (twice the clearance bots get).
static void test_spawn_in_first_circle(void) {
    const char *maps[] = {"arena", "ruins", "islands", "large"};
    for (int m = 0; m < 4; m++)
        for (uint64_t seed = 1; seed <= 12; seed++) {
            sim_world *w = make_world(maps[m], seed, 4, 20);
            REQUIRE(w);
            const sim_zone *z = &w->zone;
            CHECK(z->next_radius < z->radius && !z->shrinking);
            for (int h = 0; h < 4; h++) {
                const sim_agent *a = &w->agents[h];
                CHECK(glms_vec2_distance(a->pos, z->next_center) <= 0.8f * z->next_radius + 1e-3f);
                CHECK(ae_sdf_sample(&w->sdf, a->pos) >= 4.0f * a->radius - 1e-3f);
            }
            vec2s first = z->next_center;
            float first_r = z->next_radius;
            sim_input idle[4] = {{0}};
            for (int t = 0; t <= sim_zone_ticks(w, w->cfg.rules.zone[0].hold_ticks); t++)
                sim_step(w, idle);
            CHECK(z->shrinking);
            CHECK(glms_vec2_distance(z->next_center, first) < 1e-4f && z->next_radius == first_r);
            sim_destroy(w);
        }
}

/// sim_create_taking makes the caller's cells the world's map (the map in memory once) and
/// zeroes the caller's grid; when it refuses (here too many agents) it frees the grid.
static void test_create_taking(void) {
    const size_t live = ae_live_bytes();
    ae_grid g;
    REQUIRE(map_design_build(&map_designs[0], &g));
    const uint8_t *cells = g.cells;
    sim_config cfg = sim_default_config();
    cfg.humans = 1;
    cfg.bots = 3;
    ae_error err;
    sim_world *w = sim_create_taking(&cfg, &g, &err);
    REQUIRE(w);
    CHECK(g.cells == NULL && g.width == 0 && g.height == 0);
    CHECK(sim_grid(w)->cells == cells);
    sim_destroy(w);
    CHECK(ae_live_bytes() == live);
    REQUIRE(map_design_build(&map_designs[0], &g));
    cfg.bots = SIM_MAX_AGENTS;
    CHECK(sim_create_taking(&cfg, &g, &err) == NULL);
    CHECK(strstr(err.msg, "agents") != NULL);
    CHECK(g.cells == NULL);
    CHECK(ae_live_bytes() == live);
}

TEST_MAIN(TEST_CASE(invariants), TEST_CASE(matches_end), TEST_CASE(deterministic),
          TEST_CASE(zone_table), TEST_CASE(levels_and_skills), TEST_CASE(input_quantise),
          TEST_CASE(spawn_in_first_circle), TEST_CASE(create_taking))
