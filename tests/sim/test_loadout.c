// The loadout: weapon slots and swaps, magazines and reloads, carried items and their use, loot
// tiers, the rooms' loot and the supply drop, and bots and the novice handling theirs.
#include "open_field.h"
#include "test.h"

#include "bot_brain.h"
#include "session.h"
#include "sim_internal.h"

#include <math.h>

/// Two humans, no bots.
static sim_world *duel(const ae_grid *g) {
    sim_config cfg = sim_default_config();
    cfg.humans = 2;
    cfg.bots = 0;
    cfg.seed = 5;
    sim_world *w = sim_create(&cfg, g, NULL);
    if (!w) abort();
    return w;
}

static void place(sim_world *w, int i, float x, float y) {
    w->agents[i].pos = w->agents[i].prev_pos = (vec2s){{x, y}};
}

/// One tick: human 0 plays `in` (aiming east unless it aims), human 1 stands aiming south.
static void tick(sim_world *w, sim_input in) {
    sim_input both[2] = {in, {0}};
    if (!in.aim_x && !in.aim_y) sim_input_set_aim(&both[0], (vec2s){{1.0f, 0.0f}});
    sim_input_set_aim(&both[1], (vec2s){{0.0f, 1.0f}});
    sim_step(w, both);
}

static void ticks(sim_world *w, sim_input in, int n) {
    for (int t = 0; t < n; t++) tick(w, in);
}

static const sim_input idle = {0};

static int live_pickups(const sim_world *w, sim_pickup_kind kind) {
    int n = 0;
    for (int s = 0; s < w->pickup_top; s++) n += w->pickups[s].alive && w->pickups[s].kind == kind;
    return n;
}

// Walking over weapons fills the empty slots (the first held at once, as the pistol was); with
// both full it takes a press of swap, which puts the new one in the held slot and leaves the old
// one on the ground; with the pistol in hand the swap replaces the first slot. The same weapon of
// a tier as good gives its rounds.
static void test_slots_and_swaps(void) {
    ae_grid g;
    open_field(&g);
    sim_world *w = duel(&g);
    sim_agent *a = &w->agents[0];
    const vec2s at = {{cell_centre(8), cell_centre(8)}};
    place(w, 0, at.x, at.y);
    place(w, 1, cell_centre(20), cell_centre(20));
    CHECK(a->held == SIM_SLOT_PISTOL && a->weapon == SIM_WEAPON_PISTOL);
    CHECK(a->mag[SIM_SLOT_PISTOL] == w->cfg.rules.weapon[SIM_WEAPON_PISTOL].magazine);
    sim_pickup_drop(w, at, SIM_PICKUP_WEAPON, SIM_WEAPON_SMG, SIM_TIER_COMMON, 50);
    ticks(w, idle, 2);
    const int smg_mag = w->cfg.rules.weapon[SIM_WEAPON_SMG].magazine;
    REQUIRE(smg_mag < 50);
    CHECK(a->guns[0] == SIM_WEAPON_SMG && a->held == 0 && a->mag[0] == smg_mag &&
          a->reserve[0] == 50 - smg_mag);
    sim_pickup_drop(w, at, SIM_PICKUP_WEAPON, SIM_WEAPON_SHOTGUN, SIM_TIER_RARE, 12);
    ticks(w, idle, 2);
    CHECK(a->guns[1] == SIM_WEAPON_SHOTGUN && a->tiers[1] == SIM_TIER_RARE && a->held == 0);
    // The same weapon, common: its rounds go to the reserve.
    sim_pickup_drop(w, at, SIM_PICKUP_WEAPON, SIM_WEAPON_SMG, SIM_TIER_COMMON, 10);
    ticks(w, idle, 2);
    CHECK(a->reserve[0] == 60 - smg_mag && w->pickup_count == 0);
    // Both full: a rifle waits under it until swap is pressed.
    sim_pickup_drop(w, at, SIM_PICKUP_WEAPON, SIM_WEAPON_RIFLE, SIM_TIER_EPIC, 10);
    ticks(w, idle, 5);
    CHECK(a->guns[0] == SIM_WEAPON_SMG && live_pickups(w, SIM_PICKUP_WEAPON) == 1);
    sim_input swap = {.buttons = SIM_BUTTON_SWAP};
    ticks(w, swap, 20); // held down: one swap
    CHECK(a->guns[0] == SIM_WEAPON_RIFLE && a->tiers[0] == SIM_TIER_EPIC && a->held == 0);
    CHECK(a->weapon == SIM_WEAPON_RIFLE && a->mag[0] + a->reserve[0] == 10);
    CHECK(a->guns[1] == SIM_WEAPON_SHOTGUN);
    REQUIRE(w->pickup_count == 1); // the SMG, with every round it had
    for (int s = 0; s < w->pickup_top; s++)
        if (w->pickups[s].alive)
            CHECK(w->pickups[s].weapon == SIM_WEAPON_SMG && w->pickups[s].ammo == 60);
    // Slot 3 is the pistol; with it in hand a swap replaces the first slot and holds it.
    ticks(w, idle, 1);
    tick(w, (sim_input){.slot = 1 + SIM_SLOT_PISTOL});
    CHECK(a->held == SIM_SLOT_PISTOL && a->weapon == SIM_WEAPON_PISTOL);
    ticks(w, swap, 3);
    CHECK(a->held == 0 && a->weapon == SIM_WEAPON_SMG && a->guns[1] == SIM_WEAPON_SHOTGUN);
    // An empty slot cannot be held.
    a->guns[1] = SIM_WEAPON_COUNT;
    tick(w, (sim_input){.slot = 2});
    CHECK(a->held == 0);
    sim_destroy(w);
    ae_grid_free(&g);
}

// A magazine empties shot by shot; empty, it reloads by itself (nothing fires meanwhile) and takes
// the rounds from the reserve; R reloads a magazine that is not full; a switch stops a reload;
// the pistol reloads too, from a reserve that never ends.
static void test_reload(void) {
    ae_grid g;
    open_field(&g);
    sim_world *w = duel(&g);
    const sim_rules *r = &w->cfg.rules;
    sim_agent *a = &w->agents[0];
    place(w, 0, cell_centre(4), cell_centre(4));
    place(w, 1, cell_centre(20), cell_centre(20));
    sim_agent_load(w, a, 0, SIM_WEAPON_RIFLE, SIM_TIER_COMMON, 8);
    sim_agent_hold(w, a, 0);
    CHECK(a->mag[0] == 5 && a->reserve[0] == 3);
    sim_input fire = {.buttons = SIM_BUTTON_FIRE};
    int shots = a->stats.shots, t = 0;
    for (; t < 600 && a->mag[0] > 0; t++) tick(w, fire);
    CHECK(a->stats.shots - shots == 5);
    tick(w, fire);
    CHECK(a->reload_ticks == r->weapon[SIM_WEAPON_RIFLE].reload - 0 ||
          a->reload_ticks == r->weapon[SIM_WEAPON_RIFLE].reload); // started by itself
    shots = a->stats.shots;
    ticks(w, fire, r->weapon[SIM_WEAPON_RIFLE].reload - 1);
    CHECK(a->stats.shots == shots); // nothing fires while it lasts
    ticks(w, idle, 2);
    CHECK(a->reload_ticks == 0 && a->mag[0] == 3 && a->reserve[0] == 0 && a->stats.reloads == 1);
    // R with a full reserve-less magazine: nothing to reload.
    tick(w, (sim_input){.buttons = SIM_BUTTON_RELOAD});
    CHECK(a->reload_ticks == 0);
    // The pistol: R after one shot reloads it to full, from nothing.
    tick(w, (sim_input){.slot = 1 + SIM_SLOT_PISTOL});
    ticks(w, idle, r->switch_ticks);
    tick(w, fire);
    const int full = r->weapon[SIM_WEAPON_PISTOL].magazine;
    CHECK(a->mag[SIM_SLOT_PISTOL] == full - 1);
    tick(w, (sim_input){.buttons = SIM_BUTTON_RELOAD});
    CHECK(a->reload_ticks > 0);
    // A switch stops it; back, and R again, it ends full.
    tick(w, (sim_input){.slot = 1});
    CHECK(a->reload_ticks == 0 && a->held == 0);
    tick(w, (sim_input){.slot = 1 + SIM_SLOT_PISTOL});
    tick(w, (sim_input){.buttons = SIM_BUTTON_RELOAD});
    ticks(w, idle, r->weapon[SIM_WEAPON_PISTOL].reload + 1);
    CHECK(a->mag[SIM_SLOT_PISTOL] == full && a->reserve[SIM_SLOT_PISTOL] == 0);
    // A found weapon whose last round is fired is thrown away for the pistol.
    tick(w, (sim_input){.slot = 1});
    ticks(w, idle, r->switch_ticks + 1);
    for (t = 0; t < 600 && a->guns[0] != SIM_WEAPON_COUNT; t++) tick(w, fire);
    CHECK(a->guns[0] == SIM_WEAPON_COUNT && a->held == SIM_SLOT_PISTOL);
    sim_destroy(w);
    ae_grid_free(&g);
}

// Items: taken while the stack has room (the rest stays on the ground), used over their time
// (the effect at the end), slowed walking meanwhile, not stopped by damage, stopped by firing.
static void test_items(void) {
    ae_grid g;
    open_field(&g);
    sim_world *w = duel(&g);
    const sim_rules *r = &w->cfg.rules;
    sim_agent *a = &w->agents[0];
    const vec2s at = {{cell_centre(6), cell_centre(6)}};
    place(w, 0, at.x, at.y);
    place(w, 1, cell_centre(20), cell_centre(20));
    CHECK(a->items[SIM_ITEM_BANDAGE] == r->start_bandages);
    a->items[SIM_ITEM_BANDAGE] = 0;
    sim_pickup_drop(w, at, SIM_PICKUP_BANDAGE, 0, 0, 7);
    ticks(w, idle, 2);
    CHECK(a->items[SIM_ITEM_BANDAGE] == r->item[SIM_ITEM_BANDAGE].stack);
    REQUIRE(live_pickups(w, SIM_PICKUP_BANDAGE) == 1); // two left lying
    for (int s = 0; s < w->pickup_top; s++)
        if (w->pickups[s].alive) {
            CHECK(w->pickups[s].ammo == 7 - r->item[SIM_ITEM_BANDAGE].stack);
            sim_pickup_remove(w, s); // else it refills the stack as soon as one is used
        }
    // Not of use at full HP: nothing starts.
    tick(w, (sim_input){.use = 1 + SIM_ITEM_BANDAGE});
    CHECK(a->using_item < 0);
    // A bandage on 40 HP: nothing until its time is up, then its heal; damage does not stop it,
    // and it walks at half speed meanwhile.
    a->hp = 40.0f;
    a->hurt_tick = w->tick; // no calm regeneration in the way
    sim_input walk = {.use = 1 + SIM_ITEM_BANDAGE};
    sim_input_set_move(&walk, (vec2s){{1.0f, 0.0f}});
    const float x0 = a->pos.x;
    tick(w, walk);
    CHECK(a->using_item == SIM_ITEM_BANDAGE);
    sim_input move = {0};
    sim_input_set_move(&move, (vec2s){{1.0f, 0.0f}});
    ticks(w, move, 10);
    const float slowed = a->pos.x - x0;
    CHECK_NEAR(slowed, 11.0f * r->agent_speed * r->use_move_scale, 0.01f);
    sim_damage(w, 0, 1, SIM_WEAPON_PISTOL, (sim_harm)SIM_WEAPON_PISTOL, 5.0f);
    CHECK(a->using_item == SIM_ITEM_BANDAGE && a->hp == 35.0f);
    ticks(w, idle, r->item[SIM_ITEM_BANDAGE].use_ticks - 11); // one tick short
    CHECK(a->using_item == SIM_ITEM_BANDAGE && a->hp == 35.0f);
    tick(w, idle);
    CHECK(a->using_item < 0 && a->hp == 35.0f + r->item[SIM_ITEM_BANDAGE].heal);
    CHECK(a->items[SIM_ITEM_BANDAGE] == r->item[SIM_ITEM_BANDAGE].stack - 1);
    CHECK(a->stats.items_used[SIM_ITEM_BANDAGE] == 1);
    // Firing stops a use: the item is kept.
    tick(w, (sim_input){.use = 1 + SIM_ITEM_BANDAGE});
    CHECK(a->using_item == SIM_ITEM_BANDAGE);
    a->fire_cooldown = 0;
    tick(w, (sim_input){.buttons = SIM_BUTTON_FIRE});
    CHECK(a->using_item < 0 && a->items[SIM_ITEM_BANDAGE] == r->item[SIM_ITEM_BANDAGE].stack - 1);
    // A shield cell fills the shield, up to its most.
    a->items[SIM_ITEM_CELL] = 1;
    a->shield = r->max_shield - 10.0f;
    tick(w, (sim_input){.use = 1 + SIM_ITEM_CELL});
    ticks(w, idle, r->item[SIM_ITEM_CELL].use_ticks + 1);
    CHECK(a->shield == r->max_shield && a->items[SIM_ITEM_CELL] == 0);
    // The best item for now: a medkit below half HP, else a bandage.
    a->items[SIM_ITEM_MEDKIT] = 1;
    a->hp = 30.0f;
    CHECK(sim_agent_best_item(w, a) == SIM_ITEM_MEDKIT);
    a->hp = 80.0f;
    CHECK(sim_agent_best_item(w, a) == SIM_ITEM_BANDAGE);
    sim_destroy(w);
    ae_grid_free(&g);
}

// Tiers: each adds damage and magazine; better tiers lie in rooms behind doors (never common) and
// the supply drop's weapon is epic.
static void test_tiers(void) {
    ae_grid g;
    open_field(&g);
    sim_world *w = duel(&g);
    const sim_rules *r = &w->cfg.rules;
    sim_agent *a = &w->agents[0];
    sim_agent_load(w, a, 0, SIM_WEAPON_SMG, SIM_TIER_COMMON, 60);
    sim_agent_hold(w, a, 0);
    const float common = sim_agent_damage(w, a);
    sim_agent_load(w, a, 0, SIM_WEAPON_SMG, SIM_TIER_EPIC, 60);
    CHECK_NEAR(sim_agent_damage(w, a), common * (1.0f + 2.0f * r->tier_damage_bonus), 1e-4f);
    CHECK(a->mag[0] == sim_weapon_magazine(r, SIM_WEAPON_SMG, SIM_TIER_EPIC));
    const int base = r->weapon[SIM_WEAPON_SMG].magazine;
    CHECK(sim_weapon_magazine(r, SIM_WEAPON_SMG, SIM_TIER_EPIC) ==
          base + (int)((float)base * 2.0f * r->tier_mag_bonus));
    CHECK(sim_weapon_magazine(r, SIM_WEAPON_SMG, SIM_TIER_RARE) ==
          base + (int)((float)base * r->tier_mag_bonus));
    CHECK(sim_weapon_magazine(r, SIM_WEAPON_SMG, SIM_TIER_RARE) > base);
    int seen[SIM_TIER_COUNT] = {0};
    for (int k = 0; k < 200; k++) seen[sim_loot_tier(w, r->room_tiers)]++;
    CHECK(seen[SIM_TIER_COMMON] == 0 && seen[SIM_TIER_RARE] > seen[SIM_TIER_EPIC] &&
          seen[SIM_TIER_EPIC] > 0);
    sim_destroy(w);
    ae_grid_free(&g);
}

// A room behind a door (walls around four by three cells, a door in its wall) holds a rare or
// epic weapon when the match begins; the open field outside holds none.
static void test_room_loot(void) {
    ae_grid g;
    open_field(&g);
    for (int x = 10; x <= 15; x++) g.cells[8 * SIDE + x] = g.cells[12 * SIDE + x] = AE_CELL_WALL;
    for (int y = 8; y <= 12; y++) g.cells[y * SIDE + 10] = g.cells[y * SIDE + 15] = AE_CELL_WALL;
    g.cells[12 * SIDE + 12] = AE_CELL_DOOR;
    sim_world *w = duel(&g);
    int in_room = 0, elsewhere = 0;
    for (int s = 0; s < w->pickup_top; s++) {
        const sim_pickup *p = &w->pickups[s];
        if (!p->alive) continue;
        const bool inside = p->pos.x > 11 * 32.0f && p->pos.x < 15 * 32.0f &&
                            p->pos.y > 9 * 32.0f && p->pos.y < 12 * 32.0f;
        in_room += inside;
        elsewhere += !inside;
        if (inside) CHECK(p->kind == SIM_PICKUP_WEAPON && p->tier >= SIM_TIER_RARE);
    }
    CHECK(in_room == 1 && elsewhere == 0);
    sim_destroy(w);
    ae_grid_free(&g);
}

// The supply drop: announced while the first circle closes, its point inside the circle it closes
// to; it lands when that circle has closed, with an epic weapon there.
static void test_supply_drop(void) {
    ae_grid g;
    open_field(&g);
    sim_config cfg = sim_default_config();
    cfg.humans = 2;
    cfg.bots = 0;
    cfg.seed = 9;
    cfg.rules.zone[0].hold_ticks = 60;
    cfg.rules.zone[0].shrink_ticks = 300;
    cfg.rules.supply_warning = 120;
    sim_world *w = sim_create(&cfg, &g, NULL);
    REQUIRE(w);
    place(w, 0, cell_centre(12), cell_centre(12));
    place(w, 1, cell_centre(13), cell_centre(12));
    const sim_zone *z = &w->zone;
    int announced = -1;
    for (int t = 0; t < 600 && z->supply != SIM_SUPPLY_LANDED; t++) {
        w->agents[0].hp = w->agents[1].hp = 100.0f; // nobody falls to the zone meanwhile
        tick(w, idle);
        if (announced < 0 && z->supply == SIM_SUPPLY_COMING) {
            announced = w->tick;
            CHECK(z->phase == 0 && z->shrinking);
            CHECK(glms_vec2_distance(z->supply_pos, z->next_center) <= z->next_radius);
            CHECK(z->supply_tick - w->tick <= cfg.rules.supply_warning);
        }
    }
    REQUIRE(announced > 0 && z->supply == SIM_SUPPLY_LANDED);
    CHECK(z->phase == 1 && z->supply_tick == w->tick - 1);
    CHECK(w->tick - 1 - announced <= cfg.rules.supply_warning);
    CHECK(glms_vec2_distance(z->supply_pos, z->center) <= z->radius);
    int epic = 0;
    for (int s = 0; s < w->pickup_top; s++) {
        const sim_pickup *p = &w->pickups[s];
        epic += p->alive && p->kind == SIM_PICKUP_WEAPON && p->tier == SIM_TIER_EPIC &&
                glms_vec2_distance(p->pos, z->supply_pos) < 40.0f;
    }
    CHECK(epic == 1);
    sim_destroy(w);
    ae_grid_free(&g);
}

// Bots handle their loadout through their input as people do: out of a fight and out of fire they
// reload and heal; in a fight they hold a loaded weapon and use nothing.
static void test_bots_reload_and_heal(void) {
    ae_grid g;
    open_field(&g);
    for (int y = 1; y < SIDE - 1; y++) g.cells[y * SIDE + 12] = AE_CELL_WALL; // apart
    sim_config cfg = sim_default_config();
    cfg.humans = 0;
    cfg.bots = 2;
    cfg.seed = 4;
    sim_world *w = sim_create(&cfg, &g, NULL);
    REQUIRE(w);
    place(w, 0, cell_centre(4), cell_centre(10));
    place(w, 1, cell_centre(20), cell_centre(10));
    sim_agent *a = &w->agents[0];
    a->hp = 30.0f;
    a->items[SIM_ITEM_MEDKIT] = 1;
    a->items[SIM_ITEM_BANDAGE] = 2;
    a->mag[SIM_SLOT_PISTOL] = 2;
    // What the brain asks for, fighting or not (the novice asks the same way).
    sim_input out = {0};
    bot_loadout(w, 0, true, &out);
    CHECK(out.use == 0 && !(out.buttons & SIM_BUTTON_RELOAD));
    a->hurt_tick = w->tick - 2 * SIM_TICK_HZ;
    out = (sim_input){0};
    bot_loadout(w, 0, false, &out);
    CHECK(out.use == 1 + SIM_ITEM_MEDKIT && (out.buttons & SIM_BUTTON_RELOAD));
    sim_agent_load(w, a, 1, SIM_WEAPON_RIFLE, SIM_TIER_COMMON, 5);
    out = (sim_input){0};
    bot_loadout(w, 0, true, &out);
    CHECK(out.slot == 2); // the better weapon, loaded
    a->guns[1] = SIM_WEAPON_COUNT;
    // Played: it reloads and heals by itself.
    for (int t = 0; t < 10 * SIM_TICK_HZ; t++) sim_step(w, NULL);
    CHECK(a->stats.reloads >= 1 && a->mag[SIM_SLOT_PISTOL] > 2);
    CHECK(a->stats.items_used[SIM_ITEM_MEDKIT] == 1 && a->hp > 75.0f);
    sim_destroy(w);
    ae_grid_free(&g);
}

// The novice player model on the shipped map picks up loot, reloads and uses items over a few
// whole matches (any one match may pass by all loot), and the bots use items too.
static void test_novice_loadout(void) {
    int pickups = 0, used = 0, reloads = 0, by_bots = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        session_def def = {0};
        def.map_path = ARENA_SOURCE_DIR "/assets/maps/arena.png";
        def.config = sim_default_config();
        def.config.seed = seed;
        def.config.humans = 1;
        def.config.bots = 29;
        def.config.bot_difficulty = SIM_EASY;
        def.pilot = SIM_PILOT_NOVICE;
        ae_error err;
        session *s = session_create(&def, &err);
        REQUIRE(s);
        while (!session_done(s)) session_step(s, NULL);
        const sim_world *w = session_world(s);
        const sim_agent *me = &sim_agents(w)[0];
        pickups += me->stats.pickups;
        reloads += me->stats.reloads;
        for (int k = 0; k < SIM_ITEM_COUNT; k++) used += me->stats.items_used[k];
        for (int i = 1; i < sim_agent_count(w); i++)
            for (int k = 0; k < SIM_ITEM_COUNT; k++)
                by_bots += sim_agents(w)[i].stats.items_used[k];
        session_destroy(s);
    }
    printf("novice in 4 matches: %d pick-ups, %d items used, %d reloads; bots used %d items\n",
           pickups, used, reloads, by_bots);
    CHECK(pickups > 0 && used > 0 && reloads > 0 && by_bots > 0);
}

TEST_MAIN(TEST_CASE(slots_and_swaps), TEST_CASE(reload), TEST_CASE(items), TEST_CASE(tiers),
          TEST_CASE(room_loot), TEST_CASE(supply_drop), TEST_CASE(bots_reload_and_heal),
          TEST_CASE(novice_loadout))
