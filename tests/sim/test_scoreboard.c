// The scoreboard's figures and model: damage dealt without overkill, what eliminated an agent
// (each weapon, a barrel, the zone), and sim_scoreboard_build on constructed fights and on whole
// matches played by the novice pilot.
#include "test.h"

#include "session.h"
#include "sim_internal.h"
#include "sim_scoreboard.h"

enum { SIDE = 24 };

static float cell_centre(int c) {
    return ((float)c + 0.5f) * 32.0f;
}

/// An open SIDE x SIDE field with a wall border, and one breakable barrel at (bx, by) when
/// bx >= 0 (the caller picks a cell whose kind is a barrel).
static bool open_field(ae_grid *g, int bx, int by) {
    if (!ae_grid_init(g, SIDE, SIDE, NULL)) return false;
    for (int i = 0; i < SIDE; i++) {
        g->cells[i] = g->cells[(SIDE - 1) * SIDE + i] = AE_CELL_WALL;
        g->cells[i * SIDE] = g->cells[i * SIDE + SIDE - 1] = AE_CELL_WALL;
    }
    if (bx >= 0) g->cells[by * SIDE + bx] = AE_CELL_WALL | AE_CELL_BREAKABLE;
    return true;
}

/// `humans` humans and no bots on the grid, each placed on row 12 from the left, 4 cells apart.
static sim_world *humans_only(const ae_grid *g, int humans) {
    sim_config cfg = sim_default_config();
    cfg.humans = humans;
    cfg.bots = 0;
    cfg.seed = 5;
    sim_world *w = sim_create(&cfg, g, NULL);
    for (int i = 0; w && i < humans; i++)
        w->agents[i].pos = w->agents[i].prev_pos =
            (vec2s){{cell_centre(3 + 4 * i), cell_centre(12)}};
    return w;
}

/// Human 0 aims east and fires when `fire`; the others stand still, aiming away.
static void step(sim_world *w, bool fire) {
    sim_input in[SIM_MAX_HUMANS] = {{0}};
    sim_input_set_aim(&in[0], (vec2s){{1.0f, 0.0f}});
    in[0].buttons = fire ? SIM_BUTTON_FIRE : 0;
    for (int i = 1; i < w->cfg.humans; i++) sim_input_set_aim(&in[i], (vec2s){{0.0f, 1.0f}});
    sim_step(w, in);
}

// A blow counts what it removed: the shield, then HP up to what was left; nothing once the
// agent is down, nothing from the zone. Dealt and taken agree. The blow that downed it names the
// killer, not one that lands after it in the same tick.
static void test_damage_counts(void) {
    ae_grid g;
    REQUIRE(open_field(&g, -1, 0));
    sim_world *w = humans_only(&g, 3);
    REQUIRE(w);
    sim_agent *me = &w->agents[0], *foe = &w->agents[1];
    foe->shield = 20.0f;
    sim_damage(w, 1, 0, SIM_WEAPON_PISTOL, (sim_harm)SIM_WEAPON_PISTOL, 10.0f); // shield only
    CHECK_NEAR(me->stats.damage_dealt, 10.0, 1e-9);
    sim_damage(w, 1, 0, SIM_WEAPON_SMG, (sim_harm)SIM_WEAPON_SMG, 50.0f); // 10 shield + 40 HP
    CHECK_NEAR(me->stats.damage_dealt, 60.0, 1e-9);
    CHECK_NEAR(foe->hp, 60.0f, 1e-6);
    sim_damage(w, 1, -1, -1, SIM_HARM_ZONE, 5.0f); // the zone: nobody's damage
    CHECK_NEAR(me->stats.damage_dealt, 60.0, 1e-9);
    CHECK_NEAR(foe->stats.damage_taken, 60.0, 1e-9);
    CHECK(foe->stats.last_harm == SIM_WEAPON_SMG);
    sim_damage(w, 1, 2, SIM_WEAPON_RIFLE, (sim_harm)SIM_WEAPON_RIFLE, 1000.0f); // 55 HP left
    CHECK_NEAR(w->agents[2].stats.damage_dealt, 55.0, 1e-9);
    sim_damage(w, 1, 0, SIM_WEAPON_PISTOL, (sim_harm)SIM_WEAPON_PISTOL, 12.0f); // already down
    CHECK_NEAR(me->stats.damage_dealt, 60.0, 1e-9);
    CHECK_NEAR(foe->stats.damage_taken, 115.0, 1e-9);
    CHECK(foe->stats.death_harm == SIM_HARM_NONE);
    step(w, false);
    // The rifle downed it: the kill goes to agent 2 with it (the pistol came too late).
    CHECK(foe->placement == 3 && foe->killer == 2 && foe->stats.death_harm == SIM_WEAPON_RIFLE);
    CHECK(me->kills == 0 && me->stats.kills_with[SIM_WEAPON_PISTOL] == 0);
    CHECK(w->agents[2].kills == 1 && w->agents[2].stats.kills_with[SIM_WEAPON_RIFLE] == 1);
    sim_scoreboard sb;
    sim_scoreboard_build(w, 1, &sb);
    CHECK(sb.fate == SIM_FATE_ELIMINATED && sb.killer == 2 && sb.harm == SIM_WEAPON_RIFLE);
    CHECK_STR(sb.viewer.name, "P2");
    CHECK_STR(sb.killer_name, "P3");
    CHECK_STR(sb.fate_text, "Eliminated by P3 with the Rifle");
    CHECK(sb.viewer.placement == 3 && sb.viewer.damage == 0 && sb.agents == 3 && sb.alive == 2);
    CHECK(!sb.over);
    // Mid-match: the living lead the table, by kills, then damage dealt.
    sim_scoreboard_build(w, 0, &sb);
    CHECK(sb.fate == SIM_FATE_PLAYING && sb.viewer.placement == 0 && sb.viewer.damage == 60);
    CHECK_STR(sb.fate_text, "Still in the match");
    REQUIRE(sb.top_count == 3);
    CHECK(sb.top[0].agent == 2 && sb.top[1].agent == 0 && sb.top[2].agent == 1);
    CHECK(sb.viewer_top == 1 && sb.top[0].damage == 55 && sb.top[2].placement == 3);
    sim_destroy(w);
    ae_grid_free(&g);
}

// The damage ledger: a row per (dealer, harm), the zone's apart; the scoreboard lists dealers by
// what they dealt, each one's sources biggest first; a full ledger keeps the biggest sources
// and sums the rest, so nothing is lost; the first fight's tick is both sides'.
static void test_ledger(void) {
    ae_grid g;
    REQUIRE(open_field(&g, -1, 0));
    sim_world *w = humans_only(&g, 3);
    REQUIRE(w);
    sim_agent *foe = &w->agents[1];
    CHECK(foe->stats.first_fight_tick == -1 && w->agents[2].stats.first_fight_tick == -1);
    sim_damage(w, 1, -1, -1, SIM_HARM_ZONE, 5.0f);
    CHECK(foe->stats.first_fight_tick == -1); // the zone is no fight
    w->tick = 40;
    sim_damage(w, 1, 0, SIM_WEAPON_PISTOL, (sim_harm)SIM_WEAPON_PISTOL, 10.0f);
    CHECK(foe->stats.first_fight_tick == 40 && w->agents[0].stats.first_fight_tick == 40);
    CHECK(w->agents[2].stats.first_fight_tick == -1);
    w->tick = 50;
    sim_damage(w, 1, 0, SIM_WEAPON_SMG, (sim_harm)SIM_WEAPON_SMG, 30.0f);
    sim_damage(w, 1, 2, SIM_WEAPON_GRENADE, (sim_harm)SIM_WEAPON_GRENADE, 20.0f);
    sim_damage(w, 1, 2, SIM_WEAPON_GRENADE, (sim_harm)SIM_WEAPON_GRENADE, 22.0f);
    sim_damage(w, 1, 0, SIM_WEAPON_PISTOL, (sim_harm)SIM_WEAPON_PISTOL, 1000.0f); // 13 HP left
    CHECK(foe->stats.first_fight_tick == 40 && w->agents[2].stats.first_fight_tick == 50);
    CHECK(foe->stats.hurt_count == 4);
    CHECK_NEAR(foe->stats.damage_world, 5.0, 1e-9);
    step(w, false);
    REQUIRE(foe->placement != 0 && foe->killer == 0);
    sim_scoreboard sb;
    sim_scoreboard_build(w, 1, &sb);
    CHECK_STR(sb.fate_text, "Eliminated by You with the Pistol");
    REQUIRE(sb.hurt_count == 4);
    // You dealt 53 (SMG 30, Pistol 10 + 13), P3 42, the zone 5.
    CHECK(sb.hurt[0].agent == 0 && sb.hurt[0].harm == SIM_WEAPON_SMG && sb.hurt[0].amount == 30);
    CHECK(sb.hurt[1].agent == 0 && sb.hurt[1].harm == SIM_WEAPON_PISTOL && sb.hurt[1].amount == 23);
    CHECK(sb.hurt[2].agent == 2 && sb.hurt[2].amount == 42);
    CHECK(sb.hurt[3].agent == -1 && sb.hurt[3].harm == SIM_HARM_ZONE && sb.hurt[3].amount == 5);
    char text[128];
    sim_scoreboard_hurt_text(&sb, text, sizeof text);
    CHECK_STR(text, "You: SMG 30, Pistol 23; P3: Grenade 42; Zone 5");
    sim_scoreboard_hurt_text(&sb, text, 12); // cut short, still a string
    CHECK_STR(text, "You: SMG 30");
    sim_scoreboard_build(w, 2, &sb); // unhurt: nothing to list
    sim_scoreboard_hurt_text(&sb, text, sizeof text);
    CHECK(sb.hurt_count == 0 && text[0] == '\0');

    // Fourteen sources, each bigger than the last: the ledger keeps the last eight.
    sim_agent *me = &w->agents[0];
    me->hp = me->max_hp = 10000.0f;
    double sum = 0;
    for (int k = 0; k < 14; k++) {
        const int from = 1 + k % 2, harm = k / 2;
        sim_damage(w, 0, from, harm < SIM_WEAPON_COUNT ? harm : -1, (sim_harm)harm,
                   1.0f + (float)k);
        sum += 1.0 + k;
    }
    CHECK(me->stats.hurt_count == SIM_HURT_SOURCES);
    double kept = 0, smallest = 1e9;
    for (int k = 0; k < me->stats.hurt_count; k++) {
        kept += me->stats.hurt[k].amount;
        if (me->stats.hurt[k].amount < smallest) smallest = me->stats.hurt[k].amount;
    }
    CHECK_NEAR(smallest, 7.0, 1e-9);
    CHECK_NEAR(me->stats.hurt_other, 1.0 + 2 + 3 + 4 + 5 + 6, 1e-9);
    CHECK_NEAR(kept + me->stats.hurt_other, sum, 1e-9);
    CHECK_NEAR(kept + me->stats.hurt_other, me->stats.damage_taken + me->stats.damage_world, 1e-9);
    sim_scoreboard_build(w, 0, &sb);
    sim_scoreboard_hurt_text(&sb, text, sizeof text);
    CHECK(sb.hurt_other == 21 && strstr(text, "; others 21") != NULL);
    sim_destroy(w);
    ae_grid_free(&g);
}

// The kill leader: most kills, ties to the lowest id, nobody while no one has a kill; a fallen
// leader stays one.
static void test_kill_leader(void) {
    ae_grid g;
    REQUIRE(open_field(&g, -1, 0));
    sim_world *w = humans_only(&g, 4);
    REQUIRE(w);
    CHECK(sim_kill_leader(w) == -1);
    w->agents[2].kills = 1;
    CHECK(sim_kill_leader(w) == 2);
    w->agents[3].kills = 2;
    CHECK(sim_kill_leader(w) == 3);
    w->agents[1].kills = 2;
    CHECK(sim_kill_leader(w) == 1);
    w->agents[1].placement = 4;
    CHECK(sim_kill_leader(w) == 1);
    sim_destroy(w);
    ae_grid_free(&g);
}

/// Steps until agent 1 is eliminated (at most `ticks`); true when it was.
static bool until_eliminated(sim_world *w, bool fire, int ticks) {
    for (int t = 0; t < ticks && w->agents[1].placement == 0; t++) step(w, fire);
    return w->agents[1].placement != 0;
}

/// Agent 0 holds `weapon` and shoots agent 1 (one hit from death, 4 cells east) until it falls.
static void shot_with(sim_weapon weapon, const char *text) {
    ae_grid g;
    REQUIRE(open_field(&g, -1, 0));
    sim_world *w = humans_only(&g, 3);
    REQUIRE(w);
    w->agents[2].pos = w->agents[2].prev_pos = (vec2s){{cell_centre(12), cell_centre(20)}};
    sim_agent_load(w, &w->agents[0], SIM_SLOT_FIRST, weapon, SIM_TIER_COMMON, 10);
    sim_agent_hold(w, &w->agents[0], SIM_SLOT_FIRST);
    w->agents[1].hp = 1.0f;
    REQUIRE(until_eliminated(w, true, 600));
    CHECK(w->agents[1].killer == 0 && w->agents[1].stats.death_harm == (int)weapon);
    CHECK(w->agents[0].stats.kills_with[weapon] == 1);
    CHECK_NEAR(w->agents[0].stats.damage_dealt, 1.0, 1e-6); // one HP was all it had
    sim_scoreboard sb;
    sim_scoreboard_build(w, 1, &sb);
    CHECK(sb.fate == SIM_FATE_ELIMINATED && sb.harm == (int)weapon);
    CHECK_STR(sb.fate_text, text);
    sim_destroy(w);
    ae_grid_free(&g);
}

// Every weapon, a grenade's burst included, names itself; a barrel set off by a shot names the
// shooter and the blast; the zone names the zone, whoever hit last.
static void test_harms(void) {
    shot_with(SIM_WEAPON_PISTOL, "Eliminated by You with the Pistol");
    shot_with(SIM_WEAPON_SHOTGUN, "Eliminated by You with the Shotgun");
    shot_with(SIM_WEAPON_RIFLE, "Eliminated by You with the Rifle");
    shot_with(SIM_WEAPON_SMG, "Eliminated by You with the SMG");
    shot_with(SIM_WEAPON_GRENADE, "Eliminated by You with a Grenade");

    // A barrel beside agent 1, broken by agent 0's SMG.
    int bx = -1;
    for (int x = 3; x < SIDE - 3 && bx < 0; x++)
        if (sim_prop_kind_at(x, 13) == SIM_PROP_BARREL) bx = x;
    REQUIRE(bx >= 0);
    ae_grid g;
    REQUIRE(open_field(&g, bx, 13));
    sim_world *w = humans_only(&g, 3);
    REQUIRE(w);
    w->agents[1].pos = w->agents[1].prev_pos = (vec2s){{cell_centre(bx), cell_centre(12)}};
    w->agents[0].pos = w->agents[0].prev_pos = (vec2s){{cell_centre(bx), cell_centre(3)}};
    w->agents[2].pos = w->agents[2].prev_pos = (vec2s){{cell_centre(bx), cell_centre(20)}};
    w->agents[1].hp = 1.0f;
    step(w, false); // the broadphase learns where everyone stands
    int barrel = sim_prop_find(w, bx, 13);
    REQUIRE(barrel >= 0);
    sim_prop_damage(w, barrel, 0, SIM_WEAPON_SMG, 1e6f);
    REQUIRE(until_eliminated(w, false, 1));
    CHECK(w->agents[1].killer == 0 && w->agents[1].stats.death_harm == SIM_HARM_BARREL);
    CHECK(w->agents[0].stats.kills_with[SIM_WEAPON_SMG] == 1); // counted by what broke it
    sim_scoreboard sb;
    sim_scoreboard_build(w, 1, &sb);
    CHECK_STR(sb.fate_text, "Eliminated by You with a barrel blast");
    sim_destroy(w);
    ae_grid_free(&g);

    // The zone: agent 1 was shot a moment before, but the zone took its last HP.
    REQUIRE(open_field(&g, -1, 0));
    w = humans_only(&g, 3);
    REQUIRE(w);
    sim_damage(w, 1, 0, SIM_WEAPON_RIFLE, (sim_harm)SIM_WEAPON_RIFLE, 99.0f);
    w->zone.center = (vec2s){{cell_centre(3), cell_centre(3)}};
    w->zone.radius = 1.0f; // everyone is outside; only agent 1 is that low
    REQUIRE(until_eliminated(w, false, 120));
    CHECK(w->agents[1].killer == -1 && w->agents[1].stats.death_harm == SIM_HARM_ZONE);
    CHECK(w->agents[0].kills == 0);
    sim_scoreboard_build(w, 1, &sb);
    CHECK(sb.fate == SIM_FATE_ZONE && sb.killer == -1 && sb.harm == SIM_HARM_ZONE);
    CHECK_STR(sb.fate_text, "Eliminated by the zone");
    CHECK_STR(sb.killer_name, "");
    sim_destroy(w);
    ae_grid_free(&g);
}

/// Checks the scoreboard of `viewer` against the world it came from.
static void check_viewer(const sim_world *w, int viewer) {
    sim_scoreboard sb, again;
    sim_scoreboard_build(w, viewer, &sb);
    sim_scoreboard_build(w, viewer, &again);
    CHECK(memcmp(&sb, &again, sizeof sb) == 0);
    const sim_agent *a = &w->agents[viewer];
    char name[SIM_NAME_SIZE];
    sim_agent_name(w, viewer, name, sizeof name);
    CHECK(sb.viewer.agent == viewer && sb.viewer.placement == a->placement);
    CHECK(sb.viewer.kills == a->kills && sb.viewer.level == a->level);
    CHECK(fabs(sb.viewer.damage - a->stats.damage_dealt) <= 0.5);
    CHECK_STR(sb.viewer.name, name);
    CHECK(memcmp(sb.skills, a->skills, sizeof sb.skills) == 0);
    const int until = a->cause != SIM_ALIVE ? a->death_tick : w->tick;
    CHECK_NEAR(sb.survived_s, (double)until / SIM_TICK_HZ, 1e-9);
    CHECK((sb.fate == SIM_FATE_WON) == (a->placement == 1));
    CHECK((sb.fate == SIM_FATE_PLAYING) == (a->placement == 0));
    if (a->placement > 1 && a->cause == SIM_DIED_ZONE) {
        CHECK(sb.fate == SIM_FATE_ZONE && sb.harm == SIM_HARM_ZONE && sb.killer == -1);
        CHECK_STR(sb.fate_text, "Eliminated by the zone");
    }
    if (sb.fate == SIM_FATE_ELIMINATED) {
        CHECK(sb.killer == a->killer && sb.killer >= 0 && sb.killer != viewer);
        CHECK(sb.harm == a->stats.death_harm && sb.harm >= 0 && sb.harm <= SIM_HARM_BARREL);
        char text[64];
        sim_agent_name(w, a->killer, name, sizeof name);
        snprintf(text, sizeof text, "Eliminated by %s with %s", name, sim_harm_phrase(sb.harm));
        CHECK_STR(sb.killer_name, name);
        CHECK_STR(sb.fate_text, text);
    }
    int found = -1;
    for (int k = 0; k < sb.top_count; k++)
        if (sb.top[k].agent == viewer) found = k;
    CHECK(sb.viewer_top == found);
    if (w->over) CHECK((found >= 0) == (a->placement <= SIM_SCOREBOARD_TOP));
}

/// Damage dealt and taken sum alike; kills match the victims that name a killer; each victim's
/// weapon counts towards its killer's kills by that weapon.
static void check_totals(const sim_world *w) {
    double dealt = 0, taken = 0;
    int kills = 0, victims = 0;
    static int by_weapon[SIM_MAX_AGENTS][SIM_WEAPON_COUNT];
    memset(by_weapon, 0, sizeof by_weapon);
    for (int i = 0; i < w->agent_count; i++) {
        const sim_agent *a = &w->agents[i];
        CHECK(a->stats.damage_dealt >= 0.0 && a->stats.damage_taken >= 0.0);
        dealt += a->stats.damage_dealt;
        taken += a->stats.damage_taken;
        kills += a->kills;
        if (a->placement != 0 && a->killer >= 0) {
            victims++;
            if (a->stats.death_harm < SIM_WEAPON_COUNT) by_weapon[a->killer][a->stats.death_harm]++;
        }
        CHECK((a->stats.death_harm == SIM_HARM_ZONE) == (a->cause == SIM_DIED_ZONE));
        CHECK((a->stats.death_harm == SIM_HARM_NONE) == (a->cause == SIM_ALIVE));
        // The ledger sums to all it took; a killer is named in it while nothing fell out.
        double ledger = a->stats.hurt_other;
        bool killer_listed = false;
        for (int k = 0; k < a->stats.hurt_count; k++) {
            ledger += a->stats.hurt[k].amount;
            killer_listed |= a->stats.hurt[k].by == a->killer;
        }
        CHECK_NEAR(ledger, a->stats.damage_taken + a->stats.damage_world, 1e-6);
        if (a->killer >= 0 && a->stats.hurt_other == 0.0) CHECK(killer_listed);
        if (a->stats.damage_taken > 0.0 || a->stats.damage_dealt > 0.0)
            CHECK(a->stats.first_fight_tick >= 0);
    }
    CHECK(dealt > 0.0);
    CHECK_NEAR(dealt, taken, 1e-9 * taken);
    CHECK(kills == victims);
    for (int i = 0; i < w->agent_count; i++)
        for (int k = 0; k < SIM_WEAPON_COUNT; k++)
            CHECK(by_weapon[i][k] <= w->agents[i].stats.kills_with[k]);
}

#ifndef SCOREBOARD_SEEDS
#define SCOREBOARD_SEEDS 3
#endif

// Whole matches on `arena` with the novice flying the human: halfway through and at the end,
// every agent's scoreboard agrees with the world, the table is ordered, and damage adds up.
static void test_match(void) {
    for (int seed = 1; seed <= SCOREBOARD_SEEDS; seed++) {
        session_def def = {0};
        def.map_path = ARENA_SOURCE_DIR "/assets/maps/arena.png";
        def.config = sim_default_config();
        def.config.seed = (uint64_t)seed;
        def.pilot = SIM_PILOT_NOVICE;
        ae_error err;
        session *s = session_create(&def, &err);
        REQUIRE(s);
        const sim_world *w = session_world(s);
        bool looked_mid = false;
        while (!session_done(s)) {
            session_step(s, NULL);
            if (!looked_mid && w->alive_count <= w->agent_count / 2) {
                looked_mid = true;
                sim_scoreboard sb;
                sim_scoreboard_build(w, 0, &sb);
                CHECK(sb.alive == w->alive_count && !sb.over);
                REQUIRE(sb.top_count == SIM_SCOREBOARD_TOP);
                // Fifteen alive: all five rows are living agents, most kills first.
                for (int k = 0; k < sb.top_count; k++) {
                    CHECK(sb.top[k].placement == 0);
                    if (k > 0) CHECK(sb.top[k].kills <= sb.top[k - 1].kills);
                }
                for (int i = 0; i < w->agent_count; i++) check_viewer(w, i);
                check_totals(w);
            }
        }
        CHECK(looked_mid && w->over);
        sim_scoreboard sb;
        sim_scoreboard_build(w, 0, &sb);
        CHECK(sb.over && sb.alive == 0 && sb.agents == w->agent_count);
        REQUIRE(sb.top_count == SIM_SCOREBOARD_TOP);
        for (int k = 0; k < sb.top_count; k++) {
            CHECK(sb.top[k].placement == k + 1);
            CHECK(sb.top[k].kills == w->agents[sb.top[k].agent].kills);
        }
        CHECK(sb.top[0].agent == w->winner);
        sim_scoreboard_build(w, w->winner, &sb);
        CHECK(sb.fate == SIM_FATE_WON);
        CHECK_STR(sb.fate_text, "Last one standing");
        for (int i = 0; i < w->agent_count; i++) check_viewer(w, i);
        check_totals(w);
        // No viewer: the table alone.
        sim_scoreboard_build(w, -1, &sb);
        CHECK(sb.fate == SIM_FATE_NONE && sb.viewer_top == -1 && sb.top_count == 5);
        sim_scoreboard_build(w, w->agent_count, &sb);
        CHECK(sb.fate == SIM_FATE_NONE && sb.top[0].placement == 1);
        CHECK(session_finish(s, &err));
        session_destroy(s);
    }
}

// A match cut short by its time limit: the survivors are placed by HP, the first wins, the
// others are told they were still standing.
static void test_time_limit(void) {
    ae_grid g;
    REQUIRE(open_field(&g, -1, 0));
    sim_world *w = humans_only(&g, 3);
    REQUIRE(w);
    w->cfg.rules.time_limit_ticks = 10;
    w->agents[2].hp = 50.0f;
    w->agents[1].hp = 70.0f;
    for (int t = 0; t < 60 && !w->over; t++) step(w, false);
    REQUIRE(w->over);
    sim_scoreboard sb;
    sim_scoreboard_build(w, 0, &sb);
    CHECK(sb.fate == SIM_FATE_WON && sb.viewer.placement == 1);
    CHECK_STR(sb.fate_text, "Ahead when time ran out");
    sim_scoreboard_build(w, 2, &sb);
    CHECK(sb.fate == SIM_FATE_OUTLASTED && sb.viewer.placement == 3 && sb.killer == -1);
    CHECK_STR(sb.fate_text, "Still standing when time ran out");
    CHECK(sb.top[0].agent == 0 && sb.top[1].agent == 1 && sb.top[2].agent == 2);
    sim_destroy(w);
    ae_grid_free(&g);
}

// Names as the game shows them: You, P2.., Bot 1...
static void test_names(void) {
    ae_grid g;
    REQUIRE(open_field(&g, -1, 0));
    sim_config cfg = sim_default_config();
    cfg.humans = 3;
    cfg.bots = 2;
    sim_world *w = sim_create(&cfg, &g, NULL);
    REQUIRE(w);
    const char *want[] = {"You", "P2", "P3", "Bot 1", "Bot 2"};
    for (int i = 0; i < 5; i++) {
        char name[SIM_NAME_SIZE];
        sim_agent_name(w, i, name, sizeof name);
        CHECK_STR(name, want[i]);
    }
    CHECK_STR(sim_harm_phrase(SIM_HARM_NONE), "");
    CHECK_STR(sim_harm_phrase(SIM_HARM_ZONE + 1), "");
    sim_destroy(w);
    ae_grid_free(&g);
}

TEST_MAIN(TEST_CASE(damage_counts), TEST_CASE(ledger), TEST_CASE(kill_leader), TEST_CASE(harms),
          TEST_CASE(match), TEST_CASE(time_limit), TEST_CASE(names))
