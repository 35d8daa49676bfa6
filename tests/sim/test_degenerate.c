// Degenerate play (issue 8, hardening): special floats in input frames and positions far outside
// the map. Every case states the defined outcome it checks. The agent-count and pool cases are in
// degenerate_counts.c, the map cases (all-wall hot reload, holes, size changes, crowded spawns) in
// degenerate_maps.c; this file runs them all.
#include "test.h"

#include "degenerate_cases.h"
#include "degenerate_util.h"
#include "session.h"
#include "sim_config_io.h"

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
    // one a replay can hold: move -128 -> -127, unknown buttons cleared, unknown skills, slots
    // and items 0.
    for (int v = 0; v < 256; v++) {
        sim_input in = {(int8_t)v,  (int8_t)(255 - v), (int16_t)(v * 257), (int16_t)-v,
                        (uint8_t)v, (uint8_t)v,        (uint8_t)v,         (uint8_t)v,
                        (uint8_t)v, (uint8_t)(255 - v)};
        sim_input_normalize(&in);
        CHECK(in.move_x == (v == 128 ? -127 : (int8_t)v));
        CHECK(in.move_y == (v == 127 ? -127 : (int8_t)(255 - v)));
        CHECK(in.aim_x == (int16_t)(v * 257) && in.aim_y == (int16_t)-v);
        CHECK(in.buttons == (v & SIM_BUTTON_ALL));
        CHECK(in.skill_pick == (v <= SIM_SKILL_COUNT ? v : 0));
        CHECK(in.slot == (v <= SIM_INPUT_SLOTS ? v : 0) &&
              in.use == (v <= SIM_INPUT_ITEMS ? v : 0));
        CHECK(in.view_w == v && in.view_h == 255 - v); // every view is a view
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
    rp_load_opts opts = {SIM_INPUT_BYTES, SIM_CONFIG_VERSION};
    REQUIRE(rp_replay_init_file(path, &opts, &r, &err));
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
    w->cfg.rules.weapon[SIM_WEAPON_PISTOL].cooldown = 4; // the humans fill the air to poke
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
    vec2s deep = {{0}}, half = {{0}}, edge = {{0}};
    bool found = find_point(w, -1e9f, -20.0f, &deep) && find_point(w, 5.0f, 7.0f, &half) &&
                 find_point(w, 0.01f, 0.5f, &edge);
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
    int slots[6], nb = 0;
    for (int k = 0; k < w->cfg.max_bullets && nb < 6; k++) {
        sim_bullet *b = &w->bullets[k];
        if (!b->alive) continue;
        if (bpos[nb].x != 0.0f || bpos[nb].y != 0.0f) b->pos = bpos[nb];
        b->vel = bvel[nb];
        slots[nb++] = k;
    }
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
    CHECK(w->gem_count == gems_before - 4);
    // Bullets are checked as their flight starts: the five broken ones vanish without effect,
    // the one inside a wall ends there as a wall hit, like any bullet meeting a wall.
    for (int p = SIM_PHASE_BOTS + 1; p <= SIM_PHASE_BULLETS; p++)
        sim_step_phase(w, fire, (sim_phase)p);
    for (int k = 0; k < 6; k++) CHECK(!w->bullets[slots[k]].alive);
    int wall_hits_at_deep = 0;
    const float side = (float)w->grid.width * w->cfg.cell_size;
    for (int e = 0; e < w->event_count; e++) {
        const sim_event *ev = &w->events[e];
        CHECK(ev->pos.x >= 0.0f && ev->pos.x <= side && ev->pos.y >= 0.0f && ev->pos.y <= side);
        wall_hits_at_deep +=
            ev->kind == SIM_EVENT_WALL_HIT && ev->pos.x == deep.x && ev->pos.y == deep.y;
    }
    CHECK(wall_hits_at_deep == 1);
    for (int p = SIM_PHASE_BULLETS + 1; p < SIM_PHASE_COUNT; p++)
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

TEST_MAIN(TEST_CASE(input_mapping), TEST_CASE(input_specials), TEST_CASE(input_specials_replay),
          TEST_CASE(positions_outside), TEST_CASE(one_agent), TEST_CASE(agent_limits),
          TEST_CASE(humans_only), TEST_CASE(max_agents_large), TEST_CASE(max_agents_small),
          TEST_CASE(bullet_pool_small), TEST_CASE(bullet_pool_max_agents), TEST_CASE(gem_pool_full),
          TEST_CASE(max_capacities), TEST_CASE(reload_all_wall), TEST_CASE(swap_no_room),
          TEST_CASE(swap_smaller_map), TEST_CASE(crowded_spawn), TEST_CASE(crowded_spawn_spread),
          TEST_CASE(swap_spacing))
