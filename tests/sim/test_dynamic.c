// The world that changes under fire: props that break through cell edits, loot, weapons, the
// blink, sliding doors, grenades, and reloads that restore the map's props.
#include "open_field.h"
#include "test.h"

#include "map_designs.h"
#include "sim_bots.h"
#include "sim_internal.h"

#include "arena/ae_nav.h"

static void set(ae_grid *g, int x, int y, uint8_t v) {
    g->cells[y * g->width + x] = v;
}

/// Two humans, no bots (a match of one would end at once).
static sim_world *duel(const ae_grid *g) {
    sim_config cfg = sim_default_config();
    cfg.humans = 2;
    cfg.bots = 0;
    cfg.seed = 3;
    sim_world *w = sim_create(&cfg, g, NULL);
    if (!w) abort(); // every map here hosts a duel
    return w;
}

static void place(sim_world *w, int i, float x, float y) {
    w->agents[i].pos = w->agents[i].prev_pos = (vec2s){{x, y}};
}

/// Human 0 aims along `aim` (firing if `fire`) and walks along `move`; human 1 stands, aiming
/// away, never firing.
static void step(sim_world *w, vec2s aim, bool fire, vec2s move, uint8_t buttons) {
    sim_input in[2] = {{0}};
    sim_input_set_aim(&in[0], aim);
    sim_input_set_move(&in[0], move);
    in[0].buttons = (uint8_t)((fire ? SIM_BUTTON_FIRE : 0) | buttons);
    sim_input_set_aim(&in[1], (vec2s){{0.0f, 1.0f}});
    sim_step(w, in);
}

static bool field_equals_rebake(const sim_world *w) {
    ae_sdf fresh;
    if (!ae_sdf_init(&fresh, &w->grid, w->cfg.cell_size, NULL)) return false;
    bool same = true;
    for (int cy = 0; cy <= w->grid.height && same; cy++)
        for (int cx = 0; cx <= w->grid.width && same; cx++)
            same = ae_sdf_corner(&fresh, cx, cy) == ae_sdf_corner(&w->sdf, cx, cy);
    ae_sdf_free(&fresh);
    return same;
}

/// A cell on row y whose prop kind is `kind`.
static int column_of_kind(int y, sim_prop_kind kind) {
    for (int x = 3; x < SIDE - 3; x++)
        if (sim_prop_kind_at(x, y) == kind) return x;
    return -1;
}

/// An open field with one breakable prop of `kind` on row y; returns its column (-1: none).
static int field_with_prop(ae_grid *g, int y, sim_prop_kind kind) {
    open_field(g);
    const int x = column_of_kind(y, kind);
    if (x >= 0) set(g, x, y, AE_CELL_WALL | AE_CELL_BREAKABLE);
    return x;
}

static bool saw_event(const sim_world *w, sim_event_kind kind) {
    for (int e = 0; e < w->event_count; e++)
        if (w->events[e].kind == kind) return true;
    return false;
}

// Bullets wear a crate down; it breaks through a cell edit (the field equals a rebake, the
// navigation opens the cell), drops loot, and the hash follows.
static void test_breaks(void) {
    ae_grid g;
    const int y = 6, x = field_with_prop(&g, y, SIM_PROP_CRATE);
    REQUIRE(x >= 0);
    sim_world *w = duel(&g);
    REQUIRE(w->prop_count == 1);
    const int p = sim_prop_find(w, x, y);
    REQUIRE(p == 0);
    CHECK(w->props[p].hp == w->cfg.rules.prop_hp[SIM_PROP_CRATE]);
    place(w, 0, cell_centre(x), cell_centre(y + 8));
    place(w, 1, cell_centre(3), cell_centre(SIDE - 3));
    const int layer = ae_nav_layer(sim_bots_nav(w), w->cfg.rules.agent_radius);
    CHECK(!ae_nav_passable(sim_bots_nav(w), layer, x, y));
    uint64_t before[SIM_HASH_FIELD_COUNT], after[SIM_HASH_FIELD_COUNT];
    sim_hash_fields(w, before);
    bool hit = false, broke = false;
    for (int t = 0; t < 1200 && !broke; t++) {
        step(w, (vec2s){{0.0f, -1.0f}}, true, glms_vec2_zero(), 0);
        hit |= saw_event(w, SIM_EVENT_PROP_HIT);
        broke = saw_event(w, SIM_EVENT_PROP_BREAK);
    }
    CHECK(hit);
    REQUIRE(broke);
    CHECK(w->props[p].hp == 0.0f);
    CHECK(w->props_broken == 1 && w->agents[0].stats.props_broken == 1);
    CHECK(w->grid.cells[y * SIDE + x] == AE_CELL_FREE);
    CHECK(field_equals_rebake(w));
    CHECK(ae_nav_passable(sim_bots_nav(w), layer, x, y));
    CHECK(w->pickup_count == 1); // a crate drops loot
    sim_hash_fields(w, after);
    CHECK(after[SIM_HASH_PROPS] != before[SIM_HASH_PROPS]);
    CHECK(after[SIM_HASH_PICKUPS] != before[SIM_HASH_PICKUPS]);
    CHECK(after[SIM_HASH_MAP] == before[SIM_HASH_MAP]); // the map as loaded; breaks are props'
    // Bullets now fly through the cell.
    const int bullets = w->bullet_count;
    for (int t = 0; t < 40; t++) step(w, (vec2s){{0.0f, -1.0f}}, true, glms_vec2_zero(), 0);
    CHECK(w->bullet_count >= bullets);
    sim_destroy(w);
    ae_grid_free(&g);
}

// Weapons from pickups: taken into an empty slot (and held, with the pistol in hand), rounds spent
// shot by shot, thrown away for the pistol when none are left; a swap happens on the press, not
// the hold; items go into their stacks; a shield soaks an agent's damage, not the zone's.
static void test_loot(void) {
    ae_grid g;
    open_field(&g);
    sim_world *w = duel(&g);
    const sim_rules *r = &w->cfg.rules;
    vec2s at = {{cell_centre(8), cell_centre(8)}};
    place(w, 0, at.x, at.y);
    place(w, 1, cell_centre(20), cell_centre(20));
    sim_pickup_drop(w, at, SIM_PICKUP_WEAPON, SIM_WEAPON_SHOTGUN, SIM_TIER_COMMON, 3);
    step(w, (vec2s){{1.0f, 0.0f}}, false, glms_vec2_zero(), 0);
    step(w, (vec2s){{1.0f, 0.0f}}, false, glms_vec2_zero(), 0);
    sim_agent *a = &w->agents[0];
    CHECK(a->weapon == SIM_WEAPON_SHOTGUN && a->held == SIM_SLOT_FIRST && a->mag[0] == 3);
    CHECK(w->pickup_count == 0);
    // A shot fires a fan of pellets and spends one round (after the switch's wait).
    for (int t = 0; t < r->switch_ticks; t++)
        step(w, (vec2s){{1.0f, 0.0f}}, false, glms_vec2_zero(), 0);
    const int before = w->bullet_count;
    step(w, (vec2s){{1.0f, 0.0f}}, true, glms_vec2_zero(), 0);
    CHECK(w->bullet_count - before == r->weapon[SIM_WEAPON_SHOTGUN].pellets);
    CHECK(a->mag[0] == 2);
    for (int t = 0; t < 400 && a->weapon != SIM_WEAPON_PISTOL; t++)
        step(w, (vec2s){{1.0f, 0.0f}}, true, glms_vec2_zero(), 0);
    CHECK(a->weapon == SIM_WEAPON_PISTOL && a->guns[0] == SIM_WEAPON_COUNT);

    // Swap: both slots full, holding an SMG, standing on a rifle; walking over it is not enough.
    sim_agent_load(w, a, SIM_SLOT_FIRST, SIM_WEAPON_SMG, SIM_TIER_COMMON, 20);
    sim_agent_load(w, a, SIM_SLOT_SECOND, SIM_WEAPON_SHOTGUN, SIM_TIER_COMMON, 4);
    sim_agent_hold(w, a, SIM_SLOT_FIRST);
    sim_pickup_drop(w, at, SIM_PICKUP_WEAPON, SIM_WEAPON_RIFLE, SIM_TIER_RARE, 5);
    for (int t = 0; t < 5; t++) step(w, (vec2s){{1.0f, 0.0f}}, false, glms_vec2_zero(), 0);
    CHECK(a->weapon == SIM_WEAPON_SMG);
    for (int t = 0; t < 30; t++) // held down for half a second: one swap
        step(w, (vec2s){{1.0f, 0.0f}}, false, glms_vec2_zero(), SIM_BUTTON_SWAP);
    CHECK(a->weapon == SIM_WEAPON_RIFLE && a->held == SIM_SLOT_FIRST &&
          a->tiers[0] == SIM_TIER_RARE && a->mag[0] + a->reserve[0] == 5);
    CHECK(a->guns[1] == SIM_WEAPON_SHOTGUN); // the other slot keeps its weapon
    REQUIRE(w->pickup_count == 1);
    for (int s = 0; s < w->pickup_top; s++)
        if (w->pickups[s].alive)
            CHECK(w->pickups[s].weapon == SIM_WEAPON_SMG && w->pickups[s].ammo == 20);

    // A medkit is carried, not used on touch.
    a->hp = 30.0f;
    sim_pickup_drop(w, glms_vec2_add(at, (vec2s){{0.0f, 4.0f}}), SIM_PICKUP_MEDKIT, 0, 0, 1);
    step(w, (vec2s){{1.0f, 0.0f}}, false, glms_vec2_zero(), 0);
    step(w, (vec2s){{1.0f, 0.0f}}, false, glms_vec2_zero(), 0);
    CHECK(a->items[SIM_ITEM_MEDKIT] == 1 && a->hp < 31.0f);
    // Shield: soaks an agent's damage before HP, not the zone's.
    a->shield = r->item[SIM_ITEM_CELL].shield;
    float hp = a->hp;
    sim_damage(w, 0, 1, SIM_WEAPON_PISTOL, (sim_harm)SIM_WEAPON_PISTOL, 10.0f);
    CHECK(a->hp == hp && a->shield == r->item[SIM_ITEM_CELL].shield - 10.0f);
    sim_damage(w, 0, -1, -1, SIM_HARM_ZONE, 5.0f);
    CHECK(a->hp == hp - 5.0f);
    sim_destroy(w);
    ae_grid_free(&g);
}

// The blink: along the stick, up to its distance, stopped short of walls (never in or through
// one), then a cooldown.
static void test_blink(void) {
    ae_grid g;
    open_field(&g);
    for (int y = 2; y < SIDE - 2; y++) set(&g, 14, y, AE_CELL_WALL); // a wall at x = 14 cells
    sim_world *w = duel(&g);
    const sim_rules *r = &w->cfg.rules; // pointed at the second world further down
    place(w, 1, cell_centre(3), cell_centre(SIDE - 3));
    // In the open: the full distance.
    place(w, 0, cell_centre(3), cell_centre(5));
    step(w, (vec2s){{1.0f, 0.0f}}, false, (vec2s){{1.0f, 0.0f}}, SIM_BUTTON_BLINK);
    float moved = w->agents[0].pos.x - cell_centre(3);
    CHECK(moved > r->blink_distance - 1.0f && moved <= r->blink_distance + r->agent_speed + 1e-3f);
    CHECK(saw_event(w, SIM_EVENT_BLINK));
    CHECK(w->agents[0].blink_cooldown == r->blink_cooldown);
    // Cooling down: pressing again does nothing.
    float x0 = w->agents[0].pos.x;
    step(w, (vec2s){{1.0f, 0.0f}}, false, glms_vec2_zero(), SIM_BUTTON_BLINK);
    CHECK(w->agents[0].pos.x == x0);
    // Towards the wall: stops against it, on this side.
    place(w, 0, cell_centre(12), cell_centre(10));
    w->agents[0].blink_cooldown = 0;
    step(w, (vec2s){{1.0f, 0.0f}}, false, (vec2s){{1.0f, 0.0f}}, SIM_BUTTON_BLINK);
    CHECK(w->agents[0].pos.x <= 14.0f * 32.0f - r->agent_radius + 1e-3f);
    CHECK(ae_sdf_sample(&w->sdf, w->agents[0].pos) >= r->agent_radius - 1e-3f);
    sim_destroy(w);
    ae_grid_free(&g);

    // Random blinks on a shipped map never end in a wall or cross one.
    ae_grid arena;
    for (int i = 0; i < map_design_count; i++)
        if (!strcmp(map_designs[i].name, "ruins"))
            REQUIRE(map_design_build(&map_designs[i], &arena));
    sim_config cfg = sim_default_config();
    cfg.humans = 2;
    cfg.bots = 0;
    w = sim_create(&cfg, &arena, NULL);
    REQUIRE(w);
    r = &w->cfg.rules;
    ae_rng rng;
    ae_rng_seed(&rng, 11, 1);
    int bad = 0;
    for (int k = 0; k < 2000; k++) {
        vec2s from = w->agents[0].pos;
        float a = ae_rng_range(&rng, -1.0f, 1.0f), b = ae_rng_range(&rng, -1.0f, 1.0f);
        w->agents[0].blink_cooldown = 0;
        step(w, (vec2s){{a, b}}, false, (vec2s){{a, b}}, SIM_BUTTON_BLINK);
        vec2s to = w->agents[0].pos;
        bad += ae_sdf_sample(&w->sdf, to) < r->agent_radius - 1e-2f;
        bad += !ae_sdf_clear_path(&w->sdf, from, to, r->agent_radius - 0.6f);
        if (w->agents[0].placement != 0) break;
    }
    CHECK(bad == 0);
    sim_destroy(w);
    ae_grid_free(&arena);
}

// A double door in a wall (a doorway two cells wide: the field's corners leave no room in a
// one-cell gap): closed it stops bullets and sight; it opens as someone comes near, lets them
// through, stays open while someone stands in it and closes once nobody is near.
static void test_doors(void) {
    ae_grid g;
    open_field(&g);
    const int wy = 12, dx = 11;
    for (int x = 1; x < SIDE - 1; x++) set(&g, x, wy, AE_CELL_WALL);
    set(&g, dx, wy, AE_CELL_DOOR);
    set(&g, dx + 1, wy, AE_CELL_DOOR);
    sim_world *w = duel(&g);
    REQUIRE(w->door_count == 2);
    CHECK(w->doors[0].open == 0.0f);
    CHECK(w->doors[0].axis.x == -1.0f && w->doors[0].axis.y == 0.0f); // each slides into its wall
    CHECK(w->doors[1].axis.x == 1.0f && w->doors[1].axis.y == 0.0f);
    place(w, 1, cell_centre(3), cell_centre(3));
    const float mid = (float)(dx + 1) * 32.0f; // between the two leaves
    vec2s north = {{mid, cell_centre(wy - 4)}}, south = {{mid, cell_centre(wy + 4)}};
    place(w, 0, south.x, south.y);
    CHECK(!sim_field_clear_path(w, north, south, 0.0f));
    // A bullet fired at the closed door ends at it.
    step(w, (vec2s){{0.0f, -1.0f}}, true, glms_vec2_zero(), 0);
    for (int t = 0; t < 60; t++) step(w, (vec2s){{0.0f, -1.0f}}, false, glms_vec2_zero(), 0);
    for (int k = 0; k < w->bullet_top; k++)
        if (w->bullets[k].alive) CHECK(w->bullets[k].pos.y > cell_centre(wy));
    // Walk north through the doorway.
    bool opened = false;
    for (int t = 0; t < 400 && w->agents[0].pos.y > north.y; t++) {
        step(w, (vec2s){{0.0f, -1.0f}}, false, (vec2s){{0.0f, -1.0f}}, 0);
        opened |= w->doors[0].open > 0.0f;
    }
    CHECK(opened);
    CHECK(w->agents[0].pos.y <= north.y + 1.0f);
    // Standing in the doorway keeps it open.
    place(w, 0, mid, cell_centre(wy));
    for (int t = 0; t < 120; t++) step(w, (vec2s){{0.0f, -1.0f}}, false, glms_vec2_zero(), 0);
    CHECK(w->doors[0].open == 1.0f && w->doors[1].open == 1.0f);
    CHECK(sim_field_clear_path(w, north, south, 0.0f));
    // Gone: it closes and blocks again.
    place(w, 0, cell_centre(20), cell_centre(3));
    for (int t = 0; t < 120; t++) step(w, (vec2s){{0.0f, -1.0f}}, false, glms_vec2_zero(), 0);
    CHECK(w->doors[0].open == 0.0f && w->doors[1].open == 0.0f);
    CHECK(!sim_field_clear_path(w, north, south, 0.0f));
    sim_destroy(w);
    ae_grid_free(&g);
}

/// Whether door k's box overlaps [lo, hi], as sim_doors_near tests it.
static bool door_overlaps(const sim_world *w, int k, vec2s lo, vec2s hi) {
    ae_shape s = sim_door_shape(w, &w->doors[k]);
    return !(s.center.x + s.half.x < lo.x || s.center.x - s.half.x > hi.x ||
             s.center.y + s.half.y < lo.y || s.center.y - s.half.y > hi.y);
}

// The door index answers every box as a look at every door would: the overlapping doors,
// ascending, and when more overlap than fit, the first ones by index (176 doors, some open,
// boxes of every size from a point to the whole map).
static void test_doors_near(void) {
    ae_grid g;
    open_field(&g);
    // Eight rows of doors, room to stand below them: the whole map's box holds more doors than
    // the index collects, and blocks listing later doors come before the top rows' last ones.
    for (int y = 1; y < 16; y += 2)
        for (int x = 1; x < SIDE - 1; x++) set(&g, x, y, AE_CELL_DOOR);
    sim_world *w = duel(&g);
    REQUIRE(w->door_count == 176);
    for (int k = 0; k < w->door_count; k++) w->doors[k].open = (float)(k % 5) * 0.25f;
    uint32_t seed = 12345u;
    int mismatches = 0, crowded = 0;
    for (int q = 0; q < 2000; q++) {
        float c[4];
        for (int i = 0; i < 4; i++) {
            seed = seed * 1664525u + 1013904223u;
            c[i] = (float)(seed >> 8) / 16777216.0f * (float)SIDE * 32.0f;
        }
        const float grow = q % 4 == 0 ? 1.0f : 0.1f; // a quarter of the boxes span the map
        vec2s lo = {{c[0], c[1]}}, hi = {{c[0] + c[2] * grow, c[1] + c[3] * grow}};
        if (q == 0)
            lo = (vec2s){{0.0f, 0.0f}}, hi = (vec2s){{(float)SIDE * 32.0f, (float)SIDE * 32.0f}};
        ae_shape shapes[32];
        int index[32];
        const int n = sim_doors_near(w, lo, hi, shapes, index, 32);
        int want = 0;
        for (int k = 0; k < w->door_count; k++) {
            if (!door_overlaps(w, k, lo, hi)) continue;
            if (want < 32 && (want >= n || index[want] != k)) mismatches++;
            want++;
        }
        crowded += want > 64;
        if (n != (want < 32 ? want : 32)) mismatches++;
    }
    CHECK(mismatches == 0);
    CHECK(crowded > 0); // boxes holding more doors than the index collects were asked
    sim_destroy(w);
    ae_grid_free(&g);
}

/// Whether door k is active wherever a living agent stands within its opening radius.
static bool near_doors_active(const sim_world *w, int *woken) {
    const float reach = w->cfg.rules.door_open_radius;
    for (int k = 0; k < w->door_count; k++)
        for (int i = 0; i < w->agent_count; i++) {
            const sim_agent *a = &w->agents[i];
            if (a->placement != 0 ||
                glms_vec2_distance2(a->pos, w->doors[k].closed) >= reach * reach)
                continue;
            if (!w->doors[k].active) return false;
            (*woken)++;
            break;
        }
    return true;
}

// Through a match, the doors' update wakes every door with a living agent near it, whether the
// doors look for agents (fewer doors than agents) or the agents for doors.
static void test_doors_wake(void) {
    ae_grid map;
    REQUIRE(map_design_build(&map_designs[0], &map));
    for (int round = 0; round < 2; round++) {
        sim_config cfg = sim_default_config();
        cfg.humans = 0;
        cfg.bots = round == 0 ? 300 : 4;
        cfg.seed = 7;
        sim_world *w = sim_create(&cfg, &map, NULL);
        REQUIRE(w);
        REQUIRE(round == 0 ? w->door_count < w->alive_count : w->door_count >= w->alive_count);
        int woken = 0, bad = 0;
        for (int t = 0; t < 1500 && !sim_over(w); t++) {
            sim_step(w, NULL);
            sim_doors_update(w); // (one more door step than the match takes: a test's match)
            bad += !near_doors_active(w, &woken);
        }
        CHECK(bad == 0);
        CHECK(woken > 0);
        sim_destroy(w);
    }
    ae_grid_free(&map);
}

// Water is a wall that never breaks: nobody walks or sees across it, bullets end in it, and a
// door beside it slides into the plain wall on its other side, never into the water.
static void test_water(void) {
    ae_grid g;
    open_field(&g);
    const int wy = 12, dx = 11;
    const uint8_t water = AE_CELL_WALL | AE_CELL_WATER;
    for (int x = 1; x < SIDE - 1; x++) set(&g, x, wy, water);
    set(&g, dx, wy, AE_CELL_DOOR); // water on its left (looked at first), a plain wall on its right
    set(&g, dx + 1, wy, AE_CELL_WALL);
    sim_world *w = duel(&g);
    REQUIRE(w->door_count == 1 && w->prop_count == 0);
    CHECK(w->doors[0].axis.x == 1.0f && w->doors[0].axis.y == 0.0f);
    const vec2s south = {{cell_centre(5), cell_centre(wy + 3)}};
    place(w, 0, south.x, south.y);
    place(w, 1, cell_centre(5), cell_centre(wy - 3));
    CHECK(sim_nearest_visible_enemy(w, 0, 1000.0f) == -1);
    CHECK(!sim_field_clear_path(w, south, w->agents[1].pos, 0.0f));
    // Fire at it for a while: every bullet ends at the water, which stays as it was.
    bool splashed = false;
    for (int t = 0; t < 300; t++) {
        step(w, (vec2s){{0.0f, -1.0f}}, true, glms_vec2_zero(), 0);
        splashed |= saw_event(w, SIM_EVENT_WALL_HIT);
        for (int k = 0; k < w->bullet_top; k++)
            if (w->bullets[k].alive) CHECK(w->bullets[k].pos.y > (float)(wy + 1) * 32.0f - 8.0f);
    }
    CHECK(splashed);
    CHECK(w->agents[1].hp == w->agents[1].max_hp);
    for (int x = 1; x < SIDE - 1; x++)
        if (x != dx && x != dx + 1) CHECK(w->grid.cells[wy * SIDE + x] == water);
    // Walk into it: the bank holds.
    for (int t = 0; t < 300; t++) step(w, (vec2s){{0.0f, -1.0f}}, false, (vec2s){{0.0f, -1.0f}}, 0);
    CHECK(w->agents[0].pos.y >= (float)(wy + 1) * 32.0f + w->cfg.rules.agent_radius - 0.5f);
    // The same two on the same side see each other (the water was what hid them).
    place(w, 1, cell_centre(9), cell_centre(wy + 3));
    CHECK(sim_nearest_visible_enemy(w, 0, 1000.0f) == 1);
    sim_destroy(w);
    ae_grid_free(&g);
}

// A grenade bounces off a wall along the field's gradient and bursts, hurting those near.
static void test_grenade(void) {
    ae_grid g;
    open_field(&g);
    sim_world *w = duel(&g);
    place(w, 0, cell_centre(12), cell_centre(12));
    place(w, 1, cell_centre(6), cell_centre(14));
    sim_agent_load(w, &w->agents[0], SIM_SLOT_FIRST, SIM_WEAPON_GRENADE, SIM_TIER_COMMON, 1);
    sim_agent_hold(w, &w->agents[0], SIM_SLOT_FIRST);
    w->agents[0].fire_cooldown = 0;
    // Thrown east at the wall: it comes back west.
    step(w, (vec2s){{1.0f, 0.0f}}, true, glms_vec2_zero(), 0);
    int slot = -1;
    for (int k = 0; k < w->bullet_top; k++)
        if (w->bullets[k].alive) slot = k;
    REQUIRE(slot >= 0);
    CHECK(w->bullets[slot].blast > 0.0f);
    bool bounced = false, burst = false;
    for (int t = 0; t < 600 && !burst; t++) {
        step(w, (vec2s){{1.0f, 0.0f}}, false, glms_vec2_zero(), 0);
        if (w->bullets[slot].alive && w->bullets[slot].vel.x < 0.0f) bounced = true;
        burst = saw_event(w, SIM_EVENT_BLAST);
    }
    CHECK(bounced);
    CHECK(burst);
    CHECK(w->agents[0].weapon == SIM_WEAPON_PISTOL); // its one round spent
    sim_destroy(w);
    ae_grid_free(&g);
}

static uint64_t full_match(const ae_grid *g, int seed, int *broken) {
    sim_config cfg = sim_default_config();
    cfg.humans = 0;
    cfg.bots = 30;
    cfg.seed = (uint64_t)seed;
    sim_world *w = sim_create(&cfg, g, NULL);
    if (!w) return 0;
    while (!sim_over(w)) sim_step(w, NULL);
    *broken = w->props_broken;
    uint64_t h = sim_hash(w);
    sim_destroy(w);
    return h;
}

// Every wall breakable (the border too: beyond the map is still wall): matches end, the same
// way twice, and bots break props.
static void test_all_breakable(void) {
    ae_grid g;
    for (int i = 0; i < map_design_count; i++)
        if (!strcmp(map_designs[i].name, "arena")) REQUIRE(map_design_build(&map_designs[i], &g));
    for (int i = 0; i < g.width * g.height; i++)
        if (g.cells[i] & AE_CELL_WALL) g.cells[i] = AE_CELL_WALL | AE_CELL_BREAKABLE;
    int broken_a = 0, broken_b = 0;
    uint64_t a = full_match(&g, 5, &broken_a), b = full_match(&g, 5, &broken_b);
    CHECK(a != 0 && a == b && broken_a == broken_b);
    CHECK(broken_a > 10);
    ae_grid_free(&g);
}

// A reload of the map (a swap to the same file) restores every prop whole.
static void test_reload_restores(void) {
    ae_grid g;
    const int y = 6, x = field_with_prop(&g, y, SIM_PROP_BUSH);
    REQUIRE(x >= 0);
    sim_world *w = duel(&g);
    sim_prop_damage(w, 0, 0, SIM_WEAPON_PISTOL, 1e6f);
    CHECK(w->props_broken == 1 && w->grid.cells[y * SIDE + x] == AE_CELL_FREE);
    CHECK(sim_swap_map(w, &g, NULL));
    CHECK(w->props_broken == 0 && w->prop_count == 1 && w->props[0].hp == w->props[0].max_hp);
    CHECK(w->grid.cells[y * SIDE + x] == (AE_CELL_WALL | AE_CELL_BREAKABLE));
    CHECK(field_equals_rebake(w));
    sim_destroy(w);
    ae_grid_free(&g);
}

// Barrels set each other off through a queue, not a recursion: a field of breakables whose
// barrels burst hard enough to break everything near them breaks in one chain, and the queue
// ends empty.
static void test_barrel_chain(void) {
    ae_grid g;
    REQUIRE(ae_grid_init(&g, 96, 96, NULL));
    for (int y = 0; y < 96; y++)
        for (int x = 0; x < 96; x++)
            g.cells[y * 96 + x] = (x >= 8 && y >= 8 && x < 88 && y < 88)
                                      ? (AE_CELL_WALL | AE_CELL_BREAKABLE)
                                      : AE_CELL_FREE;
    sim_world *w = duel(&g);
    w->cfg.rules.barrel_damage = 1e6f;
    w->cfg.rules.barrel_radius = 100.0f; // three cells: every prop has a barrel that near
    place(w, 0, 100.0f, 100.0f);
    place(w, 1, 2900.0f, 2900.0f);
    int first = -1;
    for (int k = 0; k < w->prop_count && first < 0; k++)
        if (w->props[k].kind == SIM_PROP_BARREL) first = k;
    REQUIRE(first >= 0);
    sim_prop_damage(w, first, 0, SIM_WEAPON_PISTOL, 1e6f);
    CHECK(w->burst_head == -1 && w->burst_tail == -1);
    CHECK(w->props_broken > w->prop_count / 2);
    CHECK(field_equals_rebake(w));
    sim_destroy(w);
    ae_grid_free(&g);
}

TEST_MAIN(TEST_CASE(breaks), TEST_CASE(loot), TEST_CASE(blink), TEST_CASE(doors),
          TEST_CASE(doors_near), TEST_CASE(doors_wake), TEST_CASE(water), TEST_CASE(grenade),
          TEST_CASE(all_breakable), TEST_CASE(reload_restores), TEST_CASE(barrel_chain))
