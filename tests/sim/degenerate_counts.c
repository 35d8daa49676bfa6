// Degenerate agent counts and pools: one agent, no agents, humans only, SIM_MAX_AGENTS agents on
// the largest and the smallest shipped maps, full bullet and gem pools, the largest capacities.
#include "test.h"

#include "degenerate_cases.h"
#include "degenerate_util.h"

/// A single agent (one human, or one bot): the match ends at the end of its first tick with that
/// agent as the winner (placement 1, untouched). Further steps change nothing.
void test_one_agent(void) {
    for (int humans = 0; humans <= 1; humans++) {
        sim_world *w = dg_world("arena", 4, humans, 1 - humans);
        REQUIRE(w);
        CHECK(!sim_over(w) && w->alive_count == 1);
        sim_step(w, NULL); // NULL inputs: the human idles
        CHECK(sim_over(w) && sim_tick(w) == 1);
        CHECK(w->winner == 0 && w->agents[0].placement == 1 && w->alive_count == 0);
        CHECK(w->agents[0].hp == w->agents[0].max_hp && w->agents[0].cause == SIM_ALIVE);
        CHECK(dg_world_sane(w, "one agent"));
        uint64_t h = sim_hash(w);
        for (int t = 0; t < 10; t++) sim_step(w, NULL);
        CHECK(sim_tick(w) == 1 && sim_hash(w) == h);
        sim_destroy(w);
    }
    CHECK(ae_live_bytes() == 0);
}

/// Configs with a negative count, or more than the limits, are refused with a one-line reason
/// (no agents at all is a map on its own: sim.edit.map_world).
void test_agent_limits(void) {
    ae_grid g;
    REQUIRE(dg_design("arena", &g));
    static const struct {
        int humans, bots;
        const char *reason;
    } bad[] = {
        {0, -1, "a match needs 1 to 1000 agents, not -1"},
        {1, -1, "a match needs 1 to 1000 agents, not 0"},
        {0, SIM_MAX_AGENTS + 1, "a match needs 1 to 1000 agents, not 1001"},
        {SIM_MAX_HUMANS, SIM_MAX_AGENTS - SIM_MAX_HUMANS + 1,
         "a match needs 1 to 1000 agents, not 1001"},
        {SIM_MAX_HUMANS + 1, 0, "humans must be 0 to 100, not 101"},
        {-1, 5, "humans must be 0 to 100, not -1"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sim_config cfg = sim_default_config();
        cfg.humans = bad[i].humans;
        cfg.bots = bad[i].bots;
        ae_error err = {{0}};
        CHECK(sim_create(&cfg, &g, &err) == NULL);
        CHECK_STR(err.msg, bad[i].reason);
    }
    sim_config cfg = sim_default_config();
    cfg.max_bullets = (1 << 20) + 1;
    ae_error err;
    CHECK(sim_create(&cfg, &g, &err) == NULL);
    CHECK_STR(err.msg, "config: max_bullets is 1048577, not 1 to 1048576");
    cfg = sim_default_config();
    cfg.max_gems = 0;
    CHECK(sim_create(&cfg, &g, &err) == NULL);
    CHECK_STR(err.msg, "config: max_gems is 0, not 1 to 1048576");
    // Rules are checked too: a non-finite speed would reach the movement code.
    cfg = sim_default_config();
    cfg.rules.agent_speed = NAN;
    CHECK(sim_create(&cfg, &g, &err) == NULL);
    CHECK_STR(err.msg, "config: rules.agent_speed is nan, not 0 to 64");
    cfg = sim_default_config();
    cfg.rules.zone[0].shrink_ticks = 0;
    CHECK(sim_create(&cfg, &g, &err) == NULL);
    CHECK_STR(err.msg, "config: zone phase 0 out of range");
    ae_grid_free(&g);
    CHECK(ae_live_bytes() == 0);
}

/// Humans only (8 idle humans, no bots): they auto-aim at whoever they see, the zone closes,
/// and the match ends within the time limit with one winner and placements 1..8.
void test_humans_only(void) {
    sim_world *w = dg_world("ruins", 12, SIM_MAX_HUMANS, 0);
    REQUIRE(w);
    bool sane = true;
    while (!sim_over(w) && sane) {
        sim_step(w, NULL);
        sane = dg_world_sane(w, "humans only");
    }
    CHECK(sane);
    CHECK(sim_over(w) && w->winner >= 0 && w->agents[w->winner].placement == 1);
    CHECK(w->tick <= sim_zone_ticks(w, w->cfg.rules.time_limit_ticks));
    int seen[SIM_MAX_HUMANS + 1] = {0};
    for (int i = 0; i < w->agent_count; i++) {
        int p = w->agents[i].placement;
        CHECK(p >= 1 && p <= SIM_MAX_HUMANS);
        if (p >= 1 && p <= SIM_MAX_HUMANS) seen[p]++;
    }
    for (int p = 1; p <= SIM_MAX_HUMANS; p++) CHECK(seen[p] == 1);
    sim_destroy(w);
    CHECK(ae_live_bytes() == 0);
}

/// SIM_MAX_AGENTS agents on a map: every one spawns inside it with twice its radius clear of
/// walls, spawning ends, and the match runs on with a sane state.
static void max_agents_on(const char *map, int ticks) {
    sim_world *w = dg_world(map, 31, 1, SIM_MAX_AGENTS - 1);
    REQUIRE(w);
    CHECK(w->agent_count == SIM_MAX_AGENTS && w->alive_count == SIM_MAX_AGENTS);
    CHECK(dg_world_sane(w, map));
    int roomy = 0;
    for (int i = 0; i < w->agent_count; i++)
        roomy += ae_sdf_sample(&w->sdf, w->agents[i].pos) >= 2.0f * w->agents[i].radius;
    CHECK(roomy == w->agent_count);
    bool sane = true;
    for (int t = 0; t < ticks && sane && !sim_over(w); t++) {
        sim_step(w, NULL);
        sane = dg_world_sane(w, map);
    }
    CHECK(sane);
    CHECK(w->tick == ticks);
    sim_destroy(w);
    CHECK(ae_live_bytes() == 0);
}

void test_max_agents_large(void) {
    max_agents_on("large", DG_BUILD(2400, 400));
}

void test_max_agents_small(void) {
    max_agents_on("arena", DG_BUILD(2400, 400));
}

/// Steps one tick phase by phase and checks the full-pool rule at the fire phase: shots are
/// served in agent id order into the lowest free slots; once every slot is in flight the rest
/// are refused (no bullet, no SHOT event, the shooter's cooldown does not start, so it fires as
/// soon as a slot frees) and no bullet in flight is dropped. Returns true when a shot was
/// refused this tick.
static bool step_checking_pool(sim_world *w, const sim_input *in) {
    for (int p = 0; p < SIM_PHASE_FIRE; p++) sim_step_phase(w, in, (sim_phase)p);
    const int events = w->event_count, before = w->bullet_count;
    static int cooldown[SIM_MAX_AGENTS], shots[SIM_MAX_AGENTS];
    static bool wants[SIM_MAX_AGENTS];
    uint8_t *was_alive = malloc((size_t)w->cfg.max_bullets);
    for (int k = 0; k < w->cfg.max_bullets; k++) was_alive[k] = w->bullets[k].alive;
    for (int i = 0; i < w->agent_count; i++) {
        const sim_agent *a = &w->agents[i];
        vec2s dir;
        cooldown[i] = a->fire_cooldown;
        shots[i] = a->stats.shots;
        // Aimed fire is a sure wish to shoot (with rounds in the magazine and no reload under
        // way); auto-aim fire depends on who is in sight.
        wants[i] = a->placement == 0 && a->fire_cooldown == 0 && a->reload_ticks == 0 &&
                   a->mag[a->held] > 0 && sim_input_aim(&w->controls[i], &dir) &&
                   (w->controls[i].buttons & SIM_BUTTON_FIRE);
    }
    sim_step_phase(w, in, SIM_PHASE_FIRE);
    int fired = w->bullet_count - before, shot_events = 0, refused_at = -1, last_shooter = -1;
    int shooters = 0; // one SHOT event per shot, which fires a weapon's pellets (a shotgun's five)
    for (int e = events; e < w->event_count; e++)
        shot_events += w->events[e].kind == SIM_EVENT_SHOT;
    for (int i = 0; i < w->agent_count; i++) {
        const sim_agent *a = &w->agents[i];
        bool shot = a->stats.shots != shots[i];
        if (shot) last_shooter = i;
        shooters += shot;
        if (shot) CHECK(cooldown[i] == 0 && a->stats.shots == shots[i] + 1 && a->fire_cooldown > 0);
        if (wants[i] && !shot) {
            if (refused_at < 0) refused_at = i;
            CHECK(a->fire_cooldown == 0); // ready again next tick
        }
    }
    CHECK(shot_events == shooters || w->event_count == w->event_capacity);
    // New bullets fill the lowest free slots; nobody in flight was dropped.
    int taken = 0, gaps_left = 0;
    for (int k = 0; k < w->cfg.max_bullets; k++) {
        if (was_alive[k]) CHECK(w->bullets[k].alive);
        if (!was_alive[k] && w->bullets[k].alive) {
            taken++;
            CHECK(gaps_left == 0);
        }
        gaps_left += !w->bullets[k].alive;
    }
    CHECK(taken == fired);
    if (refused_at >= 0) {
        CHECK(w->bullet_count == w->cfg.max_bullets); // refused only when full
        CHECK(last_shooter < refused_at);             // and everyone after is refused too
    }
    free(was_alive);
    for (int p = SIM_PHASE_FIRE + 1; p < SIM_PHASE_COUNT; p++) sim_step_phase(w, in, (sim_phase)p);
    return refused_at >= 0;
}

/// A small pool and eight humans firing every tick they may: the pool fills and the full-pool
/// rule holds on every tick.
void test_bullet_pool_small(void) {
    ae_grid g;
    REQUIRE(dg_design("arena", &g));
    sim_config cfg = sim_default_config();
    cfg.humans = SIM_MAX_HUMANS;
    cfg.bots = 0;
    cfg.max_bullets = 12;
    cfg.rules.weapon[SIM_WEAPON_PISTOL].cooldown = 1; // the fastest the rules allow (3 ticks)
    cfg.rules.weapon[SIM_WEAPON_PISTOL].speed = 0.5f;
    sim_world *w = sim_create(&cfg, &g, NULL);
    ae_grid_free(&g);
    REQUIRE(w);
    sim_input in[SIM_MAX_HUMANS] = {{0}};
    for (int h = 0; h < SIM_MAX_HUMANS; h++) {
        sim_input_set_aim(&in[h], (vec2s){{(float)(h % 3) - 1.0f, (float)(h / 3) - 1.0f + 0.1f}});
        in[h].buttons = SIM_BUTTON_FIRE;
    }
    int refusals = 0;
    bool sane = true;
    for (int t = 0; t < DG_BUILD(3000, 1000) && !sim_over(w) && sane; t++) {
        for (int h = 0; h < SIM_MAX_HUMANS; h++) w->agents[h].hp = w->agents[h].max_hp;
        refusals += step_checking_pool(w, in);
        sane = dg_world_sane(w, "small bullet pool");
    }
    CHECK(sane);
    CHECK(refusals > 100);
    sim_destroy(w);
    CHECK(ae_live_bytes() == 0);
}

/// SIM_MAX_AGENTS agents firing as fast as the rules allow with slow long-range bullets: the
/// default pool (4096) fills within a few seconds of play and the full-pool rule holds. Bots
/// only: such slow, far bullets could reach a person almost anywhere, so fair sight would hold
/// every bot's fire near one.
void test_bullet_pool_max_agents(void) {
    ae_grid g;
    REQUIRE(dg_design("arena", &g));
    sim_config cfg = sim_default_config();
    cfg.seed = 6;
    cfg.humans = 0;
    cfg.bots = SIM_MAX_AGENTS;
    cfg.rules.weapon[SIM_WEAPON_PISTOL].cooldown = 1;
    cfg.rules.weapon[SIM_WEAPON_PISTOL].speed = 1.0f;
    cfg.rules.weapon[SIM_WEAPON_PISTOL].range = 3000.0f;
    cfg.max_bullets = DG_BUILD(4096, 1024); // the default pool; a quarter fills sooner under ASan
    sim_world *w = sim_create(&cfg, &g, NULL);
    ae_grid_free(&g);
    REQUIRE(w);
    int refusals = 0;
    bool sane = true;
    for (int t = 0; t < DG_BUILD(320, 100) && !sim_over(w) && sane; t++) {
        refusals += step_checking_pool(w, NULL);
        sane = dg_world_sane(w, "full bullet pool");
    }
    CHECK(sane);
    CHECK(refusals > 0);
    sim_destroy(w);
    CHECK(ae_live_bytes() == 0);
}

/// A gem pool of 4: deaths drop more gems than it holds, and the spawner keeps trying. When the
/// pool is full, new gems (dropped or spawned) are not created and the lying ones stay; picked-up
/// gems free their slots for the next ones.
void test_gem_pool_full(void) {
    ae_grid g;
    REQUIRE(dg_design("arena", &g));
    sim_config cfg = sim_default_config();
    cfg.humans = 0;
    cfg.bots = 20;
    cfg.max_gems = 4;
    sim_world *w = sim_create(&cfg, &g, NULL);
    ae_grid_free(&g);
    REQUIRE(w);
    for (int t = 0; t < 30; t++) sim_step(w, NULL);
    for (int i = 0; i < 8; i++) w->agents[i].hp = 0.0f; // eight deaths drop 24 gems or more
    sim_step(w, NULL);
    CHECK(w->gem_count == w->cfg.max_gems);
    int full = 0;
    bool sane = true;
    for (int t = 0; t < DG_BUILD(3000, 1500) && !sim_over(w) && sane; t++) {
        int before = w->gem_count;
        bool had[4];
        for (int k = 0; k < 4; k++) had[k] = w->gems[k].alive;
        sim_step(w, NULL);
        CHECK(w->gem_count <= w->cfg.max_gems);
        full += before == w->cfg.max_gems;
        // A gem leaves only when picked up: never to make room for a new one.
        int gone = 0, pickups = 0;
        for (int k = 0; k < 4; k++) gone += had[k] && !w->gems[k].alive;
        for (int e = 0; e < w->event_count; e++) pickups += w->events[e].kind == SIM_EVENT_PICKUP;
        CHECK(gone <= pickups);
        sane = dg_world_sane(w, "full gem pool");
    }
    CHECK(sane);
    CHECK(full > 0);
    sim_destroy(w);
    CHECK(ae_live_bytes() == 0);
}

/// The largest capacities a config accepts (2^20 bullets and gems) with SIM_MAX_AGENTS agents:
/// the match is created, runs and frees everything it took.
void test_max_capacities(void) {
    ae_grid g;
    REQUIRE(dg_design("arena", &g));
    sim_config cfg = sim_default_config();
    cfg.humans = 1;
    cfg.bots = SIM_MAX_AGENTS - 1;
    cfg.max_bullets = cfg.max_gems = 1 << 20;
    ae_error err;
    sim_world *w = sim_create(&cfg, &g, &err);
    ae_grid_free(&g);
    REQUIRE(w);
    bool sane = true;
    for (int t = 0; t < DG_BUILD(120, 60) && sane; t++) {
        sim_step(w, NULL);
        sane = dg_world_sane(w, "largest capacities");
    }
    CHECK(sane);
    CHECK(sim_tick(w) == DG_BUILD(120, 60));
    sim_destroy(w);
    CHECK(ae_live_bytes() == 0);
}
