// Fair sight: bots fire at a person only from inside the person's view, spare people in the
// match's first seconds and, early on easy and normal, prefer fighting each other; the measure
// of damage from beyond a person's view counts what it should.
#include "test.h"

#include "bot_brain.h"
#include "sim_internal.h"
#include "sim_sight.h"

/// An open field of FIELD x FIELD 32-unit cells inside a wall border, no props.
enum { FIELD = 40 };

static bool open_grid(ae_grid *g) {
    if (!ae_grid_init(g, FIELD, FIELD, NULL)) return false;
    for (int i = 0; i < FIELD; i++) {
        g->cells[i] = g->cells[(FIELD - 1) * FIELD + i] = AE_CELL_WALL;
        g->cells[i * FIELD] = g->cells[i * FIELD + FIELD - 1] = AE_CELL_WALL;
    }
    return true;
}

static const vec2s centre = {{FIELD * 16.0f, FIELD * 16.0f}};

static void place(sim_world *w, int i, vec2s at) {
    w->agents[i].pos = w->agents[i].prev_pos = at;
}

/// One person in the middle of the field and `bots` bots of `difficulty` on a ring round it,
/// from 120 to 260 units away.
static sim_world *ring(int bots, sim_difficulty difficulty, uint64_t seed) {
    ae_grid g;
    if (!open_grid(&g)) return NULL;
    sim_config cfg = sim_default_config();
    cfg.seed = seed;
    cfg.humans = 1;
    cfg.bots = bots;
    cfg.bot_difficulty = difficulty;
    sim_world *w = sim_create(&cfg, &g, NULL);
    ae_grid_free(&g);
    if (!w) return NULL;
    place(w, 0, centre);
    for (int i = 1; i <= bots; i++) {
        const float t = 6.2831853f * (float)i / (float)bots, r = 120.0f + 140.0f * (float)(i % 2);
        place(w, i, (vec2s){{centre.x + r * cosf(t), centre.y + r * sinf(t)}});
    }
    return w;
}

/// The person stands still and fires at whoever auto-aim finds, seeing `half` either way.
static sim_input standing(float half_w, float half_h) {
    sim_input in = {0};
    in.buttons = SIM_BUTTON_FIRE;
    sim_input_set_view(&in, half_w, half_h);
    return in;
}

typedef struct fought {
    double bot_damage;   ///< the person took from bots
    int unseen_hits;     ///< bot hits on the person whose source was outside its view
    int bot_shots;       ///< shots bots fired
    int targeted_before; ///< ticks before spawn grace ended that a bot had the person as target
} fought;

/// Plays `ticks` of the ring with the person's view `half` either way.
static fought play(sim_world *w, float half_w, float half_h, int ticks) {
    fought f = {0};
    const sim_input in = standing(half_w, half_h);
    for (int t = 0; t < ticks && !sim_over(w) && w->agents[0].placement == 0; t++) {
        const vec2s at = w->agents[0].pos;
        sim_step(w, &in);
        for (int e = 0; e < w->event_count; e++) {
            const sim_event *ev = &w->events[e];
            if (ev->kind == SIM_EVENT_SHOT && ev->a > 0) f.bot_shots++;
            if (ev->kind != SIM_EVENT_HIT || ev->b != 0 || ev->a <= 0) continue;
            f.bot_damage += ev->value;
            // The person stands still: its view was where it is now when the shot was fired.
            f.unseen_hits += fabsf(ev->from.x - at.x) > half_w || fabsf(ev->from.y - at.y) > half_h;
        }
        for (int i = 1; i < w->agent_count && w->tick <= w->cfg.rules.spawn_grace_ticks; i++)
            f.targeted_before += sim_bots_brain(w, i)->target == 0;
    }
    return f;
}

/// A person who sees only 100 x 100 units, ringed by hard bots: no bot hits it from outside
/// that, by the events' sources and by the measure, though the bots fight all round it.
static void test_tiny_view(void) {
    for (uint64_t seed = 1; seed <= 3; seed++) {
        sim_world *w = ring(12, SIM_HARD, seed);
        REQUIRE(w);
        const fought f = play(w, 50.0f, 50.0f, 60 * SIM_TICK_HZ);
        CHECK(f.unseen_hits == 0);
        CHECK(w->agents[0].stats.unseen_from_bots == 0.0);
        CHECK(f.bot_shots > 0);
        sim_destroy(w);
    }
}

/// The same ring with a 1280 x 720 view: the bots fight the person, and nothing it takes comes
/// from beyond its view.
static void test_big_view(void) {
    double damage = 0.0;
    for (uint64_t seed = 1; seed <= 3; seed++) {
        sim_world *w = ring(12, SIM_HARD, seed);
        REQUIRE(w);
        const fought f = play(w, 640.0f, 360.0f, 60 * SIM_TICK_HZ);
        damage += f.bot_damage;
        CHECK(f.unseen_hits == 0);
        CHECK(w->agents[0].stats.unseen_from_bots == 0.0);
        sim_destroy(w);
    }
    CHECK(damage > 0.0);
}

/// In the first rules.spawn_grace_ticks no bot makes the person its target; after, they do.
static void test_spawn_grace(void) {
    sim_world *w = ring(12, SIM_HARD, 4);
    REQUIRE(w);
    const fought f = play(w, 640.0f, 360.0f, w->cfg.rules.spawn_grace_ticks + 1);
    CHECK(f.targeted_before == 0);
    int later = 0;
    const sim_input in = standing(640.0f, 360.0f);
    for (int t = 0; t < 10 * SIM_TICK_HZ && !sim_over(w); t++) {
        sim_step(w, &in);
        for (int i = 1; i < w->agent_count; i++) later += sim_bots_brain(w, i)->target == 0;
    }
    CHECK(later > 0);
    sim_destroy(w);
}

/// Bot 1 with the person near it and bot 2 a little farther; nobody moves or fires. Returns
/// bot 1's target after it has thought, past the spawn grace.
static int early_choice(sim_difficulty difficulty, bool provoked) {
    ae_grid g;
    if (!open_grid(&g)) return -2;
    sim_config cfg = sim_default_config();
    cfg.humans = 1;
    cfg.bots = 2;
    cfg.bot_difficulty = difficulty;
    cfg.rules.spawn_grace_ticks = 0;
    sim_world *w = sim_create(&cfg, &g, NULL);
    ae_grid_free(&g);
    if (!w) return -2;
    place(w, 1, centre);
    place(w, 0, (vec2s){{centre.x + 60.0f, centre.y}});
    place(w, 2, (vec2s){{centre.x - 100.0f, centre.y}});
    if (provoked) sim_bots_provoke(w, 1, 0);
    sim_input in = {0};
    sim_input_set_aim(&in, (vec2s){{0.0f, 1.0f}}); // aimed, no fire: never shoots
    for (int t = 0; t < 2 * bot_skill_for(difficulty)->think_interval; t++) {
        sim_step(w, &in);
        place(w, 0, (vec2s){{centre.x + 60.0f, centre.y}});
        place(w, 1, centre);
        place(w, 2, (vec2s){{centre.x - 100.0f, centre.y}});
    }
    const int target = sim_bots_brain(w, 1)->target;
    sim_destroy(w);
    return target;
}

/// Until the first circle has closed, easy and normal bots fight the bot over the nearer person
/// who has not shot at them; hard bots, or a provoked bot, take the nearer person.
static void test_prefer_bots(void) {
    CHECK(early_choice(SIM_EASY, false) == 2);
    CHECK(early_choice(SIM_NORMAL, false) == 2);
    CHECK(early_choice(SIM_HARD, false) == 0);
    CHECK(early_choice(SIM_NORMAL, true) == 0);
}

/// The discipline itself: a bot outside a person's tiny view holds a shot that flies towards
/// the person, fires one that flies away, and fires either once the view holds it.
static void test_discipline(void) {
    sim_world *w = ring(2, SIM_NORMAL, 5);
    REQUIRE(w);
    w->agents[0].view = (vec2s){{50.0f, 50.0f}};
    place(w, 1, (vec2s){{centre.x + 300.0f, centre.y}});
    place(w, 2, (vec2s){{centre.x, centre.y + 500.0f}});
    CHECK(!sim_sight_may_fire(w, 1, (vec2s){{-1.0f, 0.0f}}));
    CHECK(sim_sight_may_fire(w, 1, (vec2s){{1.0f, 0.0f}}));
    // Past the person, a little to one side: its walk and the blink may still bring it in.
    CHECK(!sim_sight_may_fire(w, 1, (vec2s){{-0.95f, 0.3122499f}}));
    w->agents[0].view = (vec2s){{640.0f, 360.0f}};
    CHECK(sim_sight_may_fire(w, 1, (vec2s){{-1.0f, 0.0f}}));
    // Out of a 1280 x 720 view below it, bot 2 may not fire up at it, nor past it.
    CHECK(!sim_sight_may_fire(w, 2, (vec2s){{0.0f, -1.0f}}));
    CHECK(sim_sight_may_fire(w, 2, (vec2s){{1.0f, 0.0f}}));
    sim_destroy(w);
}

/// The measure counts what a person takes from another person beyond its view as from people,
/// never as from bots.
static void test_measure_people(void) {
    ae_grid g;
    REQUIRE(open_grid(&g));
    sim_config cfg = sim_default_config();
    cfg.humans = 2;
    cfg.bots = 0;
    sim_world *w = sim_create(&cfg, &g, NULL);
    ae_grid_free(&g);
    REQUIRE(w);
    place(w, 0, centre);
    place(w, 1, (vec2s){{centre.x + 300.0f, centre.y}});
    sim_input in[2] = {{0}};
    sim_input_set_aim(&in[0], (vec2s){{0.0f, 1.0f}});
    sim_input_set_view(&in[0], 50.0f, 50.0f);
    sim_input_set_aim(&in[1], (vec2s){{-1.0f, 0.0f}});
    in[1].buttons = SIM_BUTTON_FIRE;
    for (int t = 0; t < 4 * SIM_TICK_HZ && !sim_over(w); t++) sim_step(w, in);
    CHECK(w->agents[0].stats.damage_taken > 0.0);
    CHECK_NEAR(w->agents[0].stats.unseen_from_people, w->agents[0].stats.damage_taken, 1e-9);
    CHECK(w->agents[0].stats.unseen_from_bots == 0.0);
    // The shooter sees its victim (the reference view): nothing of its own is unseen.
    CHECK(w->agents[1].stats.unseen_from_people == 0.0);
    sim_destroy(w);
}

TEST_MAIN(TEST_CASE(tiny_view), TEST_CASE(big_view), TEST_CASE(spawn_grace), TEST_CASE(prefer_bots),
          TEST_CASE(discipline), TEST_CASE(measure_people))
