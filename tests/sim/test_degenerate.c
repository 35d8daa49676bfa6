// Degenerate play (issue 8, hardening): special floats in input frames, positions far outside
// the map, the smallest and largest agent counts, full bullet and gem pools. Every case states the
// defined outcome it checks; the map cases (all-wall hot reload, holes, size changes, crowded
// spawns) are in degenerate_maps.c.
#include "test.h"

#include "degenerate_maps.h"
#include "degenerate_util.h"
#include "session.h"

#include <float.h>
#include <unistd.h>

/// Inputs built from floats map as sim_input.h documents: a non-finite component clears the stick
/// or the aim; huge finite vectors keep their direction (no overflow to zero); a stick vector is
/// capped at length 1; an aim shorter than 1e-6 (subnormals included) is no aim.
static void test_input_mapping(void) {
    static const struct {
        float x, y;
        int8_t qx, qy;
    } moves[] = {
        {NAN, 1.0f, 0, 0},        {1.0f, -NAN, 0, 0},
        {INFINITY, 0.0f, 0, 0},   {-INFINITY, -INFINITY, 0, 0},
        {FLT_MAX, 0.0f, 127, 0},  {-FLT_MAX, FLT_MAX, -90, 90},
        {1e30f, -1e30f, 90, -90}, {2e19f, 2e19f, 90, 90},
        {1e-40f, -1e-40f, 0, 0},  {FLT_MIN, 0.0f, 0, 0},
        {0.5f, 0.0f, 64, 0},      {3.0f, 4.0f, 76, 102},
        {-0.0f, -0.0f, 0, 0},     {0.0f, -1e20f, 0, -127},
    };
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
        sim_input in = {0};
        sim_input_set_move(&in, (vec2s){{moves[i].x, moves[i].y}});
        if (in.move_x != moves[i].qx || in.move_y != moves[i].qy)
            fprintf(stderr, "move %zu (%g, %g) -> %d %d\n", i, (double)moves[i].x,
                    (double)moves[i].y, in.move_x, in.move_y);
        CHECK(in.move_x == moves[i].qx && in.move_y == moves[i].qy);
    }
    static const struct {
        float x, y;
        int16_t qx, qy;
    } aims[] = {
        {NAN, 0.0f, 0, 0},           {INFINITY, 1.0f, 0, 0},
        {1.0f, -INFINITY, 0, 0},     {FLT_MAX, FLT_MAX, 22627, 22627},
        {1e30f, 0.0f, 32000, 0},     {0.0f, -2e19f, 0, -32000},
        {1e-40f, 0.0f, 0, 0},        {1e-7f, 0.0f, 0, 0},
        {1e-3f, 0.0f, 32000, 0},     {-0.0f, 0.0f, 0, 0},
        {-FLT_MAX, 0.0f, -32000, 0},
    };
    for (size_t i = 0; i < sizeof aims / sizeof aims[0]; i++) {
        sim_input in = {0};
        sim_input_set_aim(&in, (vec2s){{aims[i].x, aims[i].y}});
        if (in.aim_x != aims[i].qx || in.aim_y != aims[i].qy)
            fprintf(stderr, "aim %zu (%g, %g) -> %d %d\n", i, (double)aims[i].x, (double)aims[i].y,
                    in.aim_x, in.aim_y);
        CHECK(in.aim_x == aims[i].qx && in.aim_y == aims[i].qy);
    }
    // Every pair of specials: the stick stays within the unit circle, the aim within 32000.
    for (int a = 0; a < dg_special_count; a++)
        for (int b = 0; b < dg_special_count; b++) {
            sim_input in = {0};
            sim_input_set_move(&in, (vec2s){{dg_specials[a], dg_specials[b]}});
            sim_input_set_aim(&in, (vec2s){{dg_specials[a], dg_specials[b]}});
            vec2s m = sim_input_move(&in), dir;
            CHECK(isfinite(m.x) && isfinite(m.y) && glms_vec2_norm(m) <= 1.0f + 1e-6f);
            CHECK(abs(in.aim_x) <= 32000 && abs(in.aim_y) <= 32000);
            if (sim_input_aim(&in, &dir)) CHECK(fabsf(glms_vec2_norm(dir) - 1.0f) < 1e-5f);
            uint8_t bytes[SIM_INPUT_BYTES];
            sim_input_pack(&in, bytes);
            CHECK(sim_input_unpack(bytes, &in));
        }
    // Raw frames (a caller filling the fields itself): sim_input_normalize maps every value to
    // one a replay can hold: move -128 -> -127, unknown buttons cleared, unknown skills 0.
    for (int v = 0; v < 256; v++) {
        sim_input in = {(int8_t)v,   (int8_t)(255 - v), (int16_t)(v * 257),
                        (int16_t)-v, (uint8_t)v,        (uint8_t)v};
        sim_input_normalize(&in);
        CHECK(in.move_x == (v == 128 ? -127 : (int8_t)v));
        CHECK(in.move_y == (v == 127 ? -127 : (int8_t)(255 - v)));
        CHECK(in.aim_x == (int16_t)(v * 257) && in.aim_y == (int16_t)-v);
        CHECK(in.buttons == (v & SIM_BUTTON_FIRE));
        CHECK(in.skill_pick == (v <= SIM_SKILL_COUNT ? v : 0));
        uint8_t bytes[SIM_INPUT_BYTES];
        sim_input_pack(&in, bytes);
        sim_input back;
        CHECK(sim_input_unpack(bytes, &back) && !memcmp(&back, &in, sizeof in));
    }
}

/// One human's frame for tick t: specials in every float, and every fifth tick raw garbage in
/// the integer fields as well.
static sim_input special_frame(ae_rng *rng) {
    sim_input in = {0};
    float f[4];
    for (int k = 0; k < 4; k++) f[k] = dg_specials[ae_rng_below(rng, (uint32_t)dg_special_count)];
    sim_input_set_move(&in, (vec2s){{f[0], f[1]}});
    sim_input_set_aim(&in, (vec2s){{f[2], f[3]}});
    in.buttons = (uint8_t)ae_rng_below(rng, 2);
    if (ae_rng_below(rng, 5) == 0) {
        in.move_x = (int8_t)ae_rng_below(rng, 256);
        in.move_y = (int8_t)ae_rng_below(rng, 256);
        in.aim_x = (int16_t)ae_rng_below(rng, 65536);
        in.buttons = (uint8_t)ae_rng_below(rng, 256);
        in.skill_pick = (uint8_t)ae_rng_below(rng, 256);
    }
    return in;
}

/// Special inputs for many ticks: no crash, every number in the state stays finite and every
/// agent stays on free ground; the match is deterministic (two runs, one hash).
static void test_input_specials(void) {
    const int ticks = DG_BUILD(4000, 2000);
    uint64_t hash[2];
    for (int run = 0; run < 2; run++) {
        sim_world *w = dg_world("ruins", 21, 2, 6);
        REQUIRE(w);
        ae_rng rng;
        ae_rng_seed(&rng, 99, 1);
        int bad = 0;
        for (int t = 0; t < ticks && !sim_over(w); t++) {
            sim_input in[2] = {special_frame(&rng), special_frame(&rng)};
            // Keep the humans playing (and levelling, so raw skill picks are tried) to the end.
            for (int h = 0; h < 2; h++) {
                w->agents[h].hp = w->agents[h].max_hp;
                if (t % 50 == 0) w->agents[h].pending_picks++;
            }
            sim_step(w, in);
            if (!bad && !dg_world_sane(w, "special inputs")) bad = 1;
        }
        CHECK(!bad);
        CHECK(w->tick == ticks); // the humans never die, so the match cannot end sooner
        hash[run] = sim_hash(w);
        sim_destroy(w);
    }
    CHECK(hash[0] == hash[1]);
    CHECK(ae_live_bytes() == 0);
}

/// A recording session fed special and raw inputs stores the normalised frames; playing it back
/// verifies every checkpoint and ends on the same hash.
static void test_input_specials_replay(void) {
    char path[64];
    snprintf(path, sizeof path, "/tmp/arena-degen-%d.arp", (int)getpid());
    const int ticks = DG_BUILD(1200, 600);
    session_def def = {0};
    def.map_path = ARENA_SOURCE_DIR "/assets/maps/arena.png";
    def.config = sim_default_config();
    def.config.seed = 8;
    def.config.humans = 2;
    def.config.bots = 6;
    def.record_path = path;
    ae_error err;
    session *rec = session_create(&def, &err);
    REQUIRE(rec);
    sim_input *sent = calloc((size_t)ticks * 2, sizeof *sent);
    REQUIRE(sent);
    ae_rng rng;
    ae_rng_seed(&rng, 5, 2);
    int played = 0;
    for (; played < ticks && !session_done(rec); played++) {
        sent[2 * played] = special_frame(&rng);
        sent[2 * played + 1] = special_frame(&rng);
        session_step(rec, &sent[2 * played]);
        CHECK(dg_world_sane(session_world(rec), "recording"));
    }
    uint64_t recorded = sim_hash(session_world(rec));
    REQUIRE(session_finish(rec, &err));
    session_destroy(rec);

    rp_replay r;
    rp_load_opts opts = {SIM_INPUT_BYTES, 1};
    REQUIRE(rp_replay_load(path, &opts, &r, &err));
    CHECK(r.tick_count == (uint32_t)played);
    int mismatched = 0;
    for (int t = 0; t < played; t++)
        for (int h = 0; h < 2; h++) {
            sim_input want = sent[2 * t + h];
            sim_input_normalize(&want);
            uint8_t bytes[SIM_INPUT_BYTES];
            sim_input_pack(&want, bytes);
            mismatched += memcmp(bytes, rp_replay_record(&r, (uint32_t)t, h), sizeof bytes) != 0;
        }
    CHECK(mismatched == 0);
    rp_replay_free(&r);

    session_def play = {0};
    play.replay_path = path;
    session *back = session_create(&play, &err);
    if (!back) fprintf(stderr, "replay refused: %s\n", err.msg);
    REQUIRE(back);
    while (!session_done(back)) session_step(back, NULL);
    session_finish(back, &err);
    char msg[160] = "";
    CHECK(!session_diverged(back, msg, sizeof msg));
    if (msg[0]) fprintf(stderr, "%s\n", msg);
    CHECK(sim_hash(session_world(back)) == recorded);
    session_destroy(back);
    free(sent);
    remove(path);
    CHECK(ae_live_bytes() == 0);
}

/// Where the sim puts an agent found off the map or inside a wall (the rule documented at
/// sim_step), computed here by brute force: the centre of the nearest cell whose SDF is at least
/// the radius, from the position clamped into the map (a non-finite coordinate reads as the
/// map's middle), ties to the first cell in row order.
static vec2s expected_relocation(const sim_world *w, vec2s p, float radius) {
    const float cs = w->cfg.cell_size;
    const float mw = (float)w->grid.width * cs, mh = (float)w->grid.height * cs;
    vec2s from = {{isfinite(p.x) ? fminf(fmaxf(p.x, 0.0f), mw) : 0.5f * mw,
                   isfinite(p.y) ? fminf(fmaxf(p.y, 0.0f), mh) : 0.5f * mh}};
    vec2s best = from;
    float best_d2 = INFINITY;
    for (int y = 0; y < w->grid.height; y++)
        for (int x = 0; x < w->grid.width; x++) {
            vec2s c = {{((float)x + 0.5f) * cs, ((float)y + 0.5f) * cs}};
            float d2 = glms_vec2_distance2(c, from);
            if (d2 < best_d2 && ae_sdf_sample(&w->sdf, c) >= radius) {
                best_d2 = d2;
                best = c;
            }
        }
    return best;
}

/// A point whose SDF lies in [lo, hi] (a scan over cell corners and centres), for poking.
static bool find_point(const sim_world *w, float lo, float hi, vec2s *out) {
    const float cs = w->cfg.cell_size;
    for (int y = 0; y < 2 * w->grid.height; y++)
        for (int x = 0; x < 2 * w->grid.width; x++) {
            vec2s p = {{(float)x * 0.5f * cs + 3.0f, (float)y * 0.5f * cs + 5.0f}};
            float d = ae_sdf_sample(&w->sdf, p);
            if (d >= lo && d <= hi) {
                *out = p;
                return true;
            }
        }
    return false;
}

/// One run of the poking scenario; returns the final hash (0 when it could not be set up).
static uint64_t poke_run(void) {
    sim_world *w = dg_world("arena", 17, 2, 14);
    if (!w) return 0;
    w->cfg.rules.fire_cooldown = 4; // the humans fill the air with bullets to poke
    sim_input fire[2] = {{0}};
    sim_input_set_aim(&fire[0], (vec2s){{1.0f, 0.2f}});
    sim_input_set_aim(&fire[1], (vec2s){{-0.3f, 1.0f}});
    fire[0].buttons = fire[1].buttons = SIM_BUTTON_FIRE;
    for (int t = 0; t < 400 && w->bullet_count < 6; t++) sim_step(w, fire);
    sim_gems_drop(w, w->agents[2].pos, 6);
    if (w->bullet_count < 6 || w->gem_count < 4 || w->alive_count < 12) {
        fprintf(stderr, "set-up: %d bullets, %d gems, %d alive\n", w->bullet_count, w->gem_count,
                w->alive_count);
        sim_destroy(w);
        return 0;
    }
    // Agents: far away, non-finite, deep in a wall, on the map's corner (inside the border
    // wall); then two with the centre clear but the body overlapping a wall.
    vec2s deep, half, edge;
    bool found = find_point(w, -1e9f, -20.0f, &deep) && find_point(w, 5.0f, 7.0f, &half) &&
                 find_point(w, 0.0f, 0.5f, &edge);
    const vec2s pokes[] = {{{1e9f, 1e9f}},
                           {{-1e9f, 100.0f}},
                           {{NAN, NAN}},
                           {{INFINITY, -INFINITY}},
                           {{FLT_MAX, -FLT_MAX}},
                           {{2000.0f, NAN}},
                           deep,
                           {{0.0f, 0.0f}},
                           half,
                           edge};
    enum {
        POKES = 10,
        RELOCATED = 8
    }; // the first eight have their centre off the map or in a wall
    int ids[POKES], n = 0;
    for (int i = 0; i < w->agent_count && n < POKES; i++)
        if (w->agents[i].placement == 0) ids[n++] = i;
    vec2s want[POKES];
    for (int k = 0; k < POKES; k++) {
        sim_agent *a = &w->agents[ids[k]];
        a->pos = pokes[k];
        if (k == 2) a->prev_pos = pokes[k];
        want[k] = expected_relocation(w, a->pos, a->radius);
    }
    // Bullets: far away, non-finite position or velocity, standing still, inside a wall.
    const vec2s bpos[] = {{{1e9f, 0.0f}}, {{NAN, 3.0f}}, {{0}}, {{0}}, {{0}}, deep};
    const vec2s bvel[] = {{{1, 0}}, {{1, 0}}, {{NAN, 0}}, {{0, 0}}, {{1e30f, 1e30f}}, {{0, 1}}};
    int nb = 0;
    for (int k = 0; k < w->cfg.max_bullets && nb < 6; k++) {
        sim_bullet *b = &w->bullets[k];
        if (!b->alive) continue;
        if (bpos[nb].x != 0.0f || bpos[nb].y != 0.0f) b->pos = bpos[nb];
        b->vel = bvel[nb];
        nb++;
    }
    const int bullets_before = w->bullet_count;
    // Gems: far away, non-finite, inside a wall.
    const vec2s gpos[] = {{{1e9f, 1e9f}}, {{NAN, 0.0f}}, deep, {{-1e9f, INFINITY}}};
    int ng = 0;
    for (int g = 0; g < w->cfg.max_gems && ng < 4; g++)
        if (w->gems[g].alive) w->gems[g].pos = gpos[ng++];
    const int gems_before = w->gem_count;

    CHECK(found);
    // The repair happens first thing in the tick, before the bots think.
    sim_step_phase(w, fire, SIM_PHASE_BOTS);
    for (int k = 0; k < POKES; k++) {
        const sim_agent *a = &w->agents[ids[k]];
        if (k < RELOCATED) {
            CHECK(a->pos.x == want[k].x && a->pos.y == want[k].y);
            CHECK(a->prev_pos.x == a->pos.x && a->prev_pos.y == a->pos.y);
        } else {
            CHECK(a->pos.x == pokes[k].x && a->pos.y == pokes[k].y); // left to the slide
        }
    }
    CHECK(w->bullet_count == bullets_before - 6);
    CHECK(w->gem_count == gems_before - 4);
    for (int p = SIM_PHASE_BOTS + 1; p < SIM_PHASE_COUNT; p++)
        sim_step_phase(w, fire, (sim_phase)p);
    // The two overlapping a wall are pushed out by the slide.
    CHECK(dg_world_sane(w, "after the pokes"));
    bool sane = true;
    for (int t = 0; t < 300 && !sim_over(w) && sane; t++) {
        sim_step(w, fire);
        sane = dg_world_sane(w, "later");
    }
    CHECK(sane);
    uint64_t h = sim_hash(w);
    sim_destroy(w);
    return h;
}

/// Positions far outside the map, non-finite or inside walls (agents, bullets, gems): repaired
/// as sim_step documents, no crash, a finite state and the same hash on every run.
static void test_positions_outside(void) {
    uint64_t a = poke_run(), b = poke_run();
    CHECK(a != 0);
    CHECK(a == b);
    CHECK(ae_live_bytes() == 0);
}

/// A single agent (one human, or one bot): the match ends at the end of its first tick with that
/// agent as the winner (placement 1, untouched). Further steps change nothing.
static void test_one_agent(void) {
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

/// Configs without agents, or with more than the limits, are refused with a one-line reason.
static void test_agent_limits(void) {
    ae_grid g;
    REQUIRE(dg_design("arena", &g));
    static const struct {
        int humans, bots;
        const char *reason;
    } bad[] = {
        {0, 0, "a match needs 1 to 1000 agents, not 0"},
        {0, -1, "a match needs 1 to 1000 agents, not -1"},
        {1, -1, "a match needs 1 to 1000 agents, not 0"},
        {0, SIM_MAX_AGENTS + 1, "a match needs 1 to 1000 agents, not 1001"},
        {SIM_MAX_HUMANS, SIM_MAX_AGENTS - SIM_MAX_HUMANS + 1,
         "a match needs 1 to 1000 agents, not 1001"},
        {SIM_MAX_HUMANS + 1, 0, "humans must be 0 to 8, not 9"},
        {-1, 5, "humans must be 0 to 8, not -1"},
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
    CHECK_STR(err.msg, "capacities or cell size out of range");
    cfg = sim_default_config();
    cfg.max_gems = 0;
    CHECK(sim_create(&cfg, &g, &err) == NULL);
    ae_grid_free(&g);
    CHECK(ae_live_bytes() == 0);
}

/// Humans only (8 idle humans, no bots): they auto-aim at whoever they see, the zone closes,
/// and the match ends within the time limit with one winner and placements 1..8.
static void test_humans_only(void) {
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

/// SIM_MAX_AGENTS agents on a map: every one spawns inside it with at least its radius clear of
/// walls (twice that wherever the map has room; agents do not collide with each other, so a
/// crowded map may stack them), spawning ends, and the match runs on with a sane state.
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

static void test_max_agents_large(void) {
    max_agents_on("large", DG_BUILD(2400, 400));
}

static void test_max_agents_small(void) {
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
        // Aimed fire is a sure wish to shoot; auto-aim fire depends on who is in sight.
        wants[i] = a->placement == 0 && a->fire_cooldown == 0 &&
                   sim_input_aim(&w->controls[i], &dir) &&
                   (w->controls[i].buttons & SIM_BUTTON_FIRE);
    }
    sim_step_phase(w, in, SIM_PHASE_FIRE);
    int fired = w->bullet_count - before, shot_events = 0, refused_at = -1, last_shooter = -1;
    for (int e = events; e < w->event_count; e++)
        shot_events += w->events[e].kind == SIM_EVENT_SHOT;
    for (int i = 0; i < w->agent_count; i++) {
        const sim_agent *a = &w->agents[i];
        bool shot = a->stats.shots != shots[i];
        if (shot) last_shooter = i;
        if (shot) CHECK(cooldown[i] == 0 && a->stats.shots == shots[i] + 1 && a->fire_cooldown > 0);
        if (wants[i] && !shot) {
            if (refused_at < 0) refused_at = i;
            CHECK(a->fire_cooldown == 0); // ready again next tick
        }
    }
    CHECK(shot_events == fired || w->event_count == w->event_capacity);
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

/// A small pool and eight humans firing every tick they may: the pool fills, shots are refused
/// while it is full, and a freed slot is taken by the next shot.
static void test_bullet_pool_small(void) {
    ae_grid g;
    REQUIRE(dg_design("arena", &g));
    sim_config cfg = sim_default_config();
    cfg.humans = SIM_MAX_HUMANS;
    cfg.bots = 0;
    cfg.max_bullets = 12;
    cfg.rules.fire_cooldown = 1; // the fastest the rules allow (4 ticks)
    cfg.rules.bullet_speed = 0.5f;
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
/// default pool (4096) fills within a few seconds of play and the full-pool rule holds.
static void test_bullet_pool_max_agents(void) {
    ae_grid g;
    REQUIRE(dg_design("arena", &g));
    sim_config cfg = sim_default_config();
    cfg.seed = 6;
    cfg.humans = SIM_MAX_HUMANS;
    cfg.bots = SIM_MAX_AGENTS - SIM_MAX_HUMANS;
    cfg.rules.fire_cooldown = 1;
    cfg.rules.bullet_speed = 1.0f;
    cfg.rules.bullet_range = 3000.0f;
    cfg.max_bullets = DG_BUILD(4096, 1024); // the default pool; a quarter fills sooner under ASan
    sim_world *w = sim_create(&cfg, &g, NULL);
    ae_grid_free(&g);
    REQUIRE(w);
    sim_input in[SIM_MAX_HUMANS] = {{0}};
    for (int h = 0; h < SIM_MAX_HUMANS; h++) in[h].buttons = SIM_BUTTON_FIRE; // auto-aim
    int refusals = 0;
    bool sane = true;
    for (int t = 0; t < DG_BUILD(320, 100) && !sim_over(w) && sane; t++) {
        refusals += step_checking_pool(w, in);
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
static void test_gem_pool_full(void) {
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
static void test_max_capacities(void) {
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

TEST_MAIN(TEST_CASE(input_mapping), TEST_CASE(input_specials), TEST_CASE(input_specials_replay),
          TEST_CASE(positions_outside), TEST_CASE(one_agent), TEST_CASE(agent_limits),
          TEST_CASE(humans_only), TEST_CASE(max_agents_large), TEST_CASE(max_agents_small),
          TEST_CASE(bullet_pool_small), TEST_CASE(bullet_pool_max_agents), TEST_CASE(gem_pool_full),
          TEST_CASE(max_capacities), TEST_CASE(reload_all_wall), TEST_CASE(swap_no_room),
          TEST_CASE(swap_smaller_map), TEST_CASE(crowded_spawn))
