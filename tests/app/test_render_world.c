// The changing world on screen, rendered with the software renderer and no display: breakable
// props and their damage, doors where they stand, pickups, the weapon held, effects of breaks,
// blasts and blinks, the HUD's weapon panel and the F2 overlay. Each case compares renders of
// the same world that differ in one thing and checks the difference shows where it should (and
// nowhere it should not).
#include "test.h"

#include "hud.h"
#include "overlays.h"
#include "render_world.h"
#include "sim_internal.h"

#include <SDL_image.h>

#define ASSETS ARENA_SOURCE_DIR "/assets/sprites"
#define SHOT_W 320
#define SHOT_H 240

/// The test map, 16 x 12 cells: a breakable wall at (4, 4); a wall row y = 7 from x = 7 to 13
/// with a door at (10, 7) (it slides left into the wall); everything else free.
enum { PROP_X = 4, PROP_Y = 4, DOOR_X = 10, DOOR_Y = 7 };

static sim_world *make_world(bool breakable) {
    ae_grid grid;
    if (!ae_grid_init(&grid, 16, 12, NULL)) return NULL;
    if (breakable) grid.cells[PROP_Y * 16 + PROP_X] = AE_CELL_WALL | AE_CELL_BREAKABLE;
    for (int x = 7; x <= 13; x++) grid.cells[DOOR_Y * 16 + x] = AE_CELL_WALL;
    grid.cells[DOOR_Y * 16 + DOOR_X] = AE_CELL_DOOR;
    sim_config cfg = sim_default_config();
    cfg.humans = 2;
    cfg.bots = 0;
    ae_error err;
    sim_world *w = sim_create(&cfg, &grid, &err);
    ae_grid_free(&grid);
    if (!w) return NULL;
    w->zone.radius = 1e6f; // keep the zone's tint out of the picture
    for (int i = 0; i < w->gem_top; i++) w->gems[i].alive = false; // gems lie at random
    w->gem_top = w->gem_count = w->spawned_gems = 0;
    // Both agents far away in the bottom corners, facing the camera, unless a case moves them.
    const float cs = w->cfg.cell_size;
    for (int i = 0; i < 2; i++) {
        sim_agent *a = &w->agents[i];
        a->pos = a->prev_pos = (vec2s){{(i ? 14.5f : 1.5f) * cs, 11.0f * cs}};
        a->facing = (vec2s){{0, 1}};
        a->move = glms_vec2_zero();
        a->shield = 0.0f;
    }
    return w;
}

static vec2s cell_centre(const sim_world *w, int x, int y) {
    return (vec2s){{((float)x + 0.5f) * w->cfg.cell_size, ((float)y + 0.5f) * w->cfg.cell_size}};
}

typedef struct scene {
    vec2s center; ///< world point at the middle of the picture
    float time;   ///< animation time
    unsigned overlays;
    int hud_agent; ///< draw the weapon panel of this agent (-1: none)
} scene;

/// Renders w as the game would (world, overlays, weapon panel) into a new 320x240 surface.
static SDL_Surface *render(const sim_world *w, const fx_state *fx, scene sc) {
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, SHOT_W, SHOT_H, 32, SDL_PIXELFORMAT_RGBA32);
    SDL_Renderer *r = s ? SDL_CreateSoftwareRenderer(s) : NULL;
    gfx g;
    char err[256];
    if (!r || !gfx_load(&g, r, ASSETS, err, sizeof err)) {
        fprintf(stderr, "render: %s\n", r ? err : SDL_GetError());
        return NULL;
    }
    world_renderer wr = {0};
    world_renderer_init(&wr, &g);
    camera cam;
    camera_init(&cam, sc.center, SHOT_W, SHOT_H);
    static fx_state none;
    world_renderer_draw(&wr, &cam, w, 1.0f, sc.time, fx ? fx : &none);
    overlays o = {0};
    o.on = sc.overlays;
    overlays_draw(&o, &g, &cam, w, 0, 0);
    if (sc.hud_agent >= 0)
        hud_draw_loadout(&g, &cam, w, &w->agents[sc.hud_agent], false, false, SHOT_H, NULL);
    SDL_RenderPresent(r);
    world_renderer_free(&wr);
    gfx_free(&g);
    SDL_DestroyRenderer(r);
    return s;
}

/// Screen position of world point p in a render centred on `center`.
static vec2s to_screen(vec2s center, vec2s p) {
    return (vec2s){{p.x - center.x + 0.5f * SHOT_W, p.y - center.y + 0.5f * SHOT_H}};
}

/// Pixels that differ between two renders inside the screen rectangle [x0, x1) x [y0, y1).
static int diff_in(SDL_Surface *a, SDL_Surface *b, int x0, int y0, int x1, int y1) {
    int n = 0;
    for (int y = ae_maxi(0, y0); y < ae_mini(SHOT_H, y1); y++)
        for (int x = ae_maxi(0, x0); x < ae_mini(SHOT_W, x1); x++)
            n += memcmp((Uint8 *)a->pixels + y * a->pitch + 4 * x,
                        (Uint8 *)b->pixels + y * b->pitch + 4 * x, 4) != 0;
    return n;
}

static int diff_all(SDL_Surface *a, SDL_Surface *b) {
    return diff_in(a, b, 0, 0, SHOT_W, SHOT_H);
}

static void free_all(SDL_Surface **s, int n) {
    for (int i = 0; i < n; i++) SDL_FreeSurface(s[i]);
}

static void test_breakables(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    sim_world *w = make_world(true), *plain = make_world(false);
    REQUIRE(w && plain);
    REQUIRE(w->prop_count == 1);
    sim_prop *p = &w->props[0];
    const vec2s c = cell_centre(w, PROP_X, PROP_Y);
    const scene sc = {c, 0.0f, 0, -1};
    // The prop's sprite: its cell and up to 40 units above it (it stands taller than a cell).
    const vec2s s = to_screen(c, c);
    const int x0 = (int)s.x - 24, x1 = (int)s.x + 24, y0 = (int)s.y - 56, y1 = (int)s.y + 18;
    SDL_Surface *whole = render(w, NULL, sc);
    p->hp = 1.0f;
    SDL_Surface *cracked = render(w, NULL, sc);
    p->hp = p->max_hp;
    p->hit_tick = w->tick; // just hit: it shakes
    SDL_Surface *shaking = render(w, NULL, sc);
    p->hit_tick = w->tick - 30; // long ago: still again
    SDL_Surface *still = render(w, NULL, sc);
    // Broken as the sim breaks it: hit points 0 and its cell freed by a cell edit.
    p->hp = 0.0f;
    ae_error err;
    REQUIRE(ae_sdf_set_cell(&w->sdf, &w->grid, PROP_X, PROP_Y, AE_CELL_FREE, &err));
    SDL_Surface *broken = render(w, NULL, sc);
    SDL_Surface *never = render(plain, NULL, sc);
    SDL_Surface *all[] = {whole, cracked, shaking, still, broken, never};
    REQUIRE(whole && cracked && shaking && still && broken && never);
    CHECK(diff_in(whole, never, x0, y0, x1, y1) > 300);  // it is drawn
    CHECK(diff_in(cracked, whole, x0, y0, x1, y1) > 50); // damage shows
    CHECK(diff_in(shaking, whole, x0, y0, x1, y1) > 50); // a hit shakes it ...
    CHECK(diff_all(still, whole) == 0);                  // ... for a few ticks only
    CHECK(diff_all(broken, never) == 0);                 // broken: nothing left, as if never there
    free_all(all, 6);
    sim_destroy(w);
    sim_destroy(plain);
}

static void test_doors(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    sim_world *w = make_world(false);
    REQUIRE(w && w->door_count == 1);
    sim_door *d = &w->doors[0];
    CHECK(d->axis.x == -1.0f && d->axis.y == 0.0f); // into the wall on its left
    const float cs = w->cfg.cell_size;
    const vec2s c = cell_centre(w, DOOR_X, DOOR_Y);
    const scene sc = {c, 0.0f, 0, -1};
    // The doorway's columns, from the top of a wall standing in it to its south edge.
    const vec2s s = to_screen(c, c);
    const int x0 = (int)(s.x - 0.5f * cs), x1 = (int)(s.x + 0.5f * cs);
    const int y0 = (int)(s.y - 0.5f * cs) - ART_WALL_HEIGHT, y1 = (int)(s.y + 0.5f * cs);
    d->open = 0.0f;
    SDL_Surface *closed = render(w, NULL, sc);
    d->open = 0.5f;
    SDL_Surface *half = render(w, NULL, sc);
    d->open = 1.0f;
    SDL_Surface *open = render(w, NULL, sc);
    // Depth: an agent just north of the closed door is hidden behind it where the door is
    // drawn; just south of it, its head is drawn over the door's face.
    d->open = 0.0f;
    sim_agent *a = &w->agents[0];
    a->pos = a->prev_pos = (vec2s){{c.x, c.y - 0.5f * cs - 2.0f}};
    SDL_Surface *north = render(w, NULL, sc);
    a->pos = a->prev_pos = (vec2s){{c.x, c.y + 0.5f * cs + 14.0f}};
    SDL_Surface *south = render(w, NULL, sc);
    SDL_Surface *all[] = {closed, half, open, north, south};
    REQUIRE(closed && half && open && north && south);
    CHECK(diff_in(closed, open, x0, y0, x1, y1) > 200);
    CHECK(diff_in(half, closed, x0, y0, x1, y1) > 50);
    CHECK(diff_in(half, open, x0, y0, x1, y1) > 50);
    // Half open, the right half of the doorway is clear already; the left still holds the
    // door, which slid in from the right: the left half matches neither end.
    CHECK(diff_in(half, open, (int)s.x + 2, y0, x1, y1) == 0);
    CHECK(diff_in(half, open, x0, y0, (int)s.x - 2, y1) > 20);
    // The door's box spans y from its centre - 0.2 cells to + 0.2 cells, raised by the wall
    // height: those rows of the doorway hide the agent standing north of it.
    const int face0 = (int)(s.y - 0.2f * cs) - ART_WALL_HEIGHT, face1 = (int)(s.y + 0.2f * cs);
    CHECK(diff_in(north, closed, x0 + 1, face0 + 1, x1 - 1, face1 - 1) == 0);
    CHECK(diff_in(north, closed, x0, face0 - 30, x1, face0 - 4) > 20); // its head shows
    CHECK(diff_in(south, closed, x0, face0, x1, face1) > 20);
    free_all(all, 5);
    sim_destroy(w);
}

static void test_pickups(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    sim_world *w = make_world(false);
    REQUIRE(w && w->pickup_capacity > 0);
    const vec2s at = cell_centre(w, 4, 9);
    const scene sc = {at, 0.0f, 0, -1};
    const vec2s s = to_screen(at, at);
    const int x0 = (int)s.x - 24, x1 = (int)s.x + 24, y0 = (int)s.y - 40, y1 = (int)s.y + 10;
    SDL_Surface *nothing = render(w, NULL, sc);
    w->pickups[0] =
        (sim_pickup){at, SIM_PICKUP_WEAPON, SIM_WEAPON_RIFLE, SIM_TIER_COMMON, 10, 0, true};
    w->pickup_top = w->pickup_count = 1;
    SDL_Surface *rifle = render(w, NULL, sc);
    scene later = sc;
    later.time = 0.5f;
    SDL_Surface *bobbed = render(w, NULL, later);
    w->pickups[0].kind = SIM_PICKUP_MEDKIT;
    SDL_Surface *medkit = render(w, NULL, sc);
    w->pickups[0].kind = SIM_PICKUP_SHIELD;
    SDL_Surface *shield = render(w, NULL, sc);
    w->pickups[0].alive = false; // taken
    w->pickup_top = w->pickup_count = 0;
    SDL_Surface *taken = render(w, NULL, sc);
    SDL_Surface *all[] = {nothing, rifle, bobbed, medkit, shield, taken};
    REQUIRE(nothing && rifle && bobbed && medkit && shield && taken);
    CHECK(diff_in(rifle, nothing, x0, y0, x1, y1) > 150);
    CHECK(diff_all(rifle, nothing) == diff_in(rifle, nothing, x0, y0, x1, y1)); // only there
    CHECK(diff_in(bobbed, rifle, x0, y0, x1, y1) > 50);                         // it bobs
    CHECK(diff_in(medkit, rifle, x0, y0, x1, y1) > 100);
    CHECK(diff_in(shield, medkit, x0, y0, x1, y1) > 100);
    CHECK(diff_all(taken, nothing) == 0);
    free_all(all, 6);
    sim_destroy(w);
}

static void test_held_weapon(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    sim_world *w = make_world(false);
    REQUIRE(w);
    sim_agent *a = &w->agents[0];
    const vec2s foot = cell_centre(w, 4, 10);
    a->pos = a->prev_pos = foot;
    const scene sc = {foot, 0.0f, 0, -1};
    const vec2s s = to_screen(foot, foot);
    // Facing east the barrel points right at chest height; the rifle reaches past the pistol.
    a->facing = (vec2s){{1, 0}};
    SDL_Surface *shot[SIM_WEAPON_COUNT];
    for (int k = 0; k < SIM_WEAPON_COUNT; k++) {
        a->weapon = (uint8_t)k;
        shot[k] = render(w, NULL, sc);
        REQUIRE(shot[k]);
    }
    float mx, my;
    art_weapon_muzzle(ART_WEAPON_PISTOL, 1.0f, 0.0f, &mx, &my);
    const int past0 = (int)(s.x + mx) + 4, row0 = (int)(s.y + my) - 5, row1 = (int)(s.y + my) + 5;
    CHECK(diff_in(shot[SIM_WEAPON_RIFLE], shot[SIM_WEAPON_PISTOL], past0, row0, past0 + 8, row1) >
          5);
    // Every weapon looks different in the agent's hands.
    for (int i = 0; i < SIM_WEAPON_COUNT; i++)
        for (int j = i + 1; j < SIM_WEAPON_COUNT; j++)
            CHECK(diff_in(shot[i], shot[j], (int)s.x - 30, (int)s.y - 48, (int)s.x + 34,
                          (int)s.y + 4) > 20);
    // Facing west (away from the camera's side) the weapon shows too, on the other side.
    a->facing = (vec2s){{-1, 0}};
    a->weapon = SIM_WEAPON_PISTOL;
    SDL_Surface *west_pistol = render(w, NULL, sc);
    a->weapon = SIM_WEAPON_SHOTGUN;
    SDL_Surface *west_shotgun = render(w, NULL, sc);
    REQUIRE(west_pistol && west_shotgun);
    CHECK(diff_in(west_pistol, west_shotgun, (int)s.x - 34, (int)s.y - 40, (int)s.x - 6,
                  (int)s.y - 10) > 10);
    // The shield: a blue bar over the health bar.
    a->shield = w->cfg.rules.max_shield;
    SDL_Surface *shielded = render(w, NULL, sc);
    REQUIRE(shielded);
    CHECK(diff_in(shielded, west_shotgun, (int)s.x - 17, (int)s.y - 60, (int)s.x + 17,
                  (int)s.y - 48) > 40);
    free_all(shot, SIM_WEAPON_COUNT);
    SDL_Surface *all[] = {west_pistol, west_shotgun, shielded};
    free_all(all, 3);
    sim_destroy(w);
}

static void test_effects(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    sim_world *w = make_world(true);
    REQUIRE(w);
    const vec2s c = cell_centre(w, PROP_X, PROP_Y);
    static fx_state fx;
    // A break throws more debris than a hit; it all settles and goes within two seconds.
    fx_clear(&fx);
    fx_debris(&fx, SIM_PROP_CRATE, c, false);
    const int hit = fx.count;
    fx_clear(&fx);
    fx_debris(&fx, SIM_PROP_CRATE, c, true);
    CHECK(hit > 0 && fx.count > 2 * hit);
    fx_update(&fx, 0.2f);
    bool settling = false;
    for (int i = 0; i < fx.count; i++) settling |= fx.particles[i].z > 0.0f;
    CHECK(settling);
    for (int k = 0; k < 20; k++) fx_update(&fx, 0.1f);
    CHECK(fx.count == 0);
    // The sim's events: a break, a blast and a blink become effects.
    w->event_count = 0;
    w->events[w->event_count++] = (sim_event){SIM_EVENT_PROP_BREAK, 0, 0, 0.0f, c, c};
    w->events[w->event_count++] = (sim_event){SIM_EVENT_BLAST, 0, SIM_WEAPON_GRENADE, 60.0f, c, c};
    const vec2s from = cell_centre(w, 2, 9), to = cell_centre(w, 6, 9);
    w->agents[1].pos = w->agents[1].prev_pos = to;
    w->events[w->event_count++] = (sim_event){SIM_EVENT_BLINK, 1, -1, 128.0f, from, from};
    fx_clear(&fx);
    fx_absorb(&fx, w);
    CHECK(fx.blast_count == 1 && fx.trail_count == 1 && fx.count > 10);
    const scene sc = {cell_centre(w, 4, 6), 0.0f, 0, -1};
    SDL_Surface *with = render(w, &fx, sc);
    // A wider blast covers more of the screen.
    fx.blasts[0].radius = 30.0f;
    SDL_Surface *small = render(w, &fx, sc);
    fx.blasts[0].radius = 60.0f;
    w->event_count = 0;
    SDL_Surface *without = render(w, NULL, sc);
    REQUIRE(with && small && without);
    const vec2s sb = to_screen(sc.center, c),
                mid = to_screen(sc.center, glms_vec2_lerp(from, to, 0.5f));
    const int wide =
        diff_in(with, without, (int)sb.x - 70, (int)sb.y - 80, (int)sb.x + 70, (int)sb.y + 60);
    const int narrow =
        diff_in(small, without, (int)sb.x - 70, (int)sb.y - 80, (int)sb.x + 70, (int)sb.y + 60);
    CHECK(narrow > 200 && wide > narrow + 500);
    // The blink's streak and afterimages lie between where it left and where it landed.
    CHECK(diff_in(with, without, (int)mid.x - 6, (int)mid.y - 30, (int)mid.x + 6, (int)mid.y) > 30);
    // All gone after their lives.
    for (int k = 0; k < 20; k++) fx_update(&fx, 0.1f);
    CHECK(fx.blast_count == 0 && fx.trail_count == 0 && fx.count == 0);
    SDL_Surface *after = render(w, &fx, sc);
    REQUIRE(after);
    CHECK(diff_all(after, without) == 0);
    SDL_Surface *all[] = {with, small, without, after};
    free_all(all, 4);
    sim_destroy(w);
}

/// Pixels of the render close to colour (r, g, b) inside a rectangle (clipped to the render).
static int count_colour(SDL_Surface *s, int x0, int y0, int x1, int y1, int r, int g, int b) {
    x0 = ae_maxi(x0, 0), y0 = ae_maxi(y0, 0), x1 = ae_mini(x1, s->w), y1 = ae_mini(y1, s->h);
    int n = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            const Uint8 *p = (const Uint8 *)s->pixels + y * s->pitch + 4 * x;
            n += abs(p[0] - r) < 12 && abs(p[1] - g) < 12 && abs(p[2] - b) < 12;
        }
    return n;
}

static double mean_light(SDL_Surface *s, int x0, int y0, int x1, int y1) {
    x0 = ae_maxi(x0, 0), y0 = ae_maxi(y0, 0), x1 = ae_mini(x1, s->w), y1 = ae_mini(y1, s->h);
    double sum = 0;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            const Uint8 *p = (const Uint8 *)s->pixels + y * s->pitch + 4 * x;
            sum += p[0] + p[1] + p[2];
        }
    return sum / (3.0 * (x1 - x0) * (y1 - y0));
}

static void test_hud_loadout(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    sim_world *w = make_world(false);
    REQUIRE(w);
    sim_agent *a = &w->agents[0];
    const scene sc = {cell_centre(w, 8, 3), 0.0f, 0, 0};
    // The panel: 320 x HUD_LOADOUT_H at the bottom left, 12 from the edges (the screen is 240
    // high): the slots' row, then the weapon held (from top + 36), then the items' row.
    const int top = SHOT_H - 12 - HUD_LOADOUT_H, mid = top + 36;
    a->shield = 0.5f * w->cfg.rules.max_shield;
    SDL_Surface *half = render(w, NULL, sc);
    a->shield = w->cfg.rules.max_shield;
    SDL_Surface *full = render(w, NULL, sc);
    sim_agent_load(w, a, SIM_SLOT_FIRST, SIM_WEAPON_SHOTGUN, SIM_TIER_COMMON, 9);
    sim_agent_hold(w, a, SIM_SLOT_FIRST);
    a->fire_cooldown = 0;
    SDL_Surface *shotgun = render(w, NULL, sc);
    a->blink_cooldown = w->cfg.rules.blink_cooldown / 2;
    SDL_Surface *cooling = render(w, NULL, sc);
    a->fire_cooldown = sim_agent_cooldown(w, a);
    SDL_Surface *firing = render(w, NULL, sc);
    a->reload_ticks = w->cfg.rules.weapon[SIM_WEAPON_SHOTGUN].reload / 2;
    SDL_Surface *reloading = render(w, NULL, sc);
    a->reload_ticks = 0;
    a->using_item = SIM_ITEM_BANDAGE;
    a->use_ticks = w->cfg.rules.item[SIM_ITEM_BANDAGE].use_ticks / 2;
    SDL_Surface *healing = render(w, NULL, sc);
    SDL_Surface *all[] = {half, full, shotgun, cooling, firing, reloading, healing};
    REQUIRE(half && full && shotgun && cooling && firing && reloading && healing);
    // The shield bar grows with the shield.
    int h = count_colour(half, 12, mid, 332, SHOT_H, 90, 170, 255),
        f = count_colour(full, 12, mid, 332, SHOT_H, 90, 170, 255);
    CHECK(h > 100 && f > 100 && fabs((double)h / f - 0.5) < 0.1);
    // Name, icon and rounds change with the weapon (only in the panel's left part), and the held
    // slot's chip with it.
    CHECK(diff_in(shotgun, full, 12, mid, 240, mid + 84) > 200);
    CHECK(diff_in(shotgun, full, 240, mid, 332, mid + 84) == 0);
    CHECK(diff_in(shotgun, full, 12, top, 332, mid) > 100);
    // The blink icon darkens while it cools down.
    CHECK(mean_light(cooling, 250, mid + 12, 314, mid + 76) <
          mean_light(shotgun, 250, mid + 12, 314, mid + 76) - 10.0);
    // The fire cooldown bar turns from green to an emptying amber; a reload fills it in blue.
    CHECK(count_colour(cooling, 96, mid + 42, 232, mid + 50, 110, 220, 110) > 500);
    CHECK(count_colour(firing, 96, mid + 42, 232, mid + 50, 110, 220, 110) == 0);
    const int blue = count_colour(reloading, 96, mid + 42, 232, mid + 50, 90, 200, 255);
    CHECK(blue > 150 && blue < 600); // half way
    CHECK(count_colour(firing, 96, mid + 42, 232, mid + 50, 90, 200, 255) == 0);
    // An item in use: its progress under its chip in the items' row.
    CHECK(count_colour(healing, 12, top + HUD_LOADOUT_H - 28, 332, SHOT_H, 110, 230, 140) > 40);
    CHECK(count_colour(firing, 12, top + HUD_LOADOUT_H - 28, 332, SHOT_H, 110, 230, 140) == 0);
    free_all(all, 7);
    sim_destroy(w);
}

// The weapon to swap for: only one no slot takes by walking over it (both found-weapon slots hold
// other weapons, or the same weapon of a lower tier), only within reach; the prompt shows it.
static void test_swap_offer(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    sim_world *w = make_world(false);
    REQUIRE(w);
    sim_agent *a = &w->agents[0];
    const vec2s at = cell_centre(w, 4, 9);
    a->pos = a->prev_pos = at;
    w->pickups[0] =
        (sim_pickup){at, SIM_PICKUP_WEAPON, SIM_WEAPON_RIFLE, SIM_TIER_RARE, 10, 0, true};
    w->pickups[1] = (sim_pickup){at, SIM_PICKUP_MEDKIT, 0, 0, 1, 0, true};
    w->pickup_top = w->pickup_count = 2;
    CHECK(hud_swap_offer(w, 0) == -1); // an empty slot takes it
    sim_agent_load(w, a, 0, SIM_WEAPON_SMG, SIM_TIER_COMMON, 30);
    sim_agent_load(w, a, 1, SIM_WEAPON_RIFLE, SIM_TIER_RARE, 5);
    CHECK(hud_swap_offer(w, 0) == -1); // the same rifle takes its rounds
    a->tiers[1] = SIM_TIER_COMMON;
    CHECK(hud_swap_offer(w, 0) == 0); // a better one
    a->guns[1] = SIM_WEAPON_SHOTGUN;
    CHECK(hud_swap_offer(w, 0) == 0);
    const float reach = a->radius + w->cfg.rules.pickup_radius;
    a->pos = a->prev_pos = (vec2s){{at.x + reach + 1.0f, at.y}};
    CHECK(hud_swap_offer(w, 0) == -1);
    a->pos = a->prev_pos = (vec2s){{at.x + reach - 1.0f, at.y}};
    CHECK(hud_swap_offer(w, 0) == 0);
    // The prompt under the agent.
    SDL_Surface *s[2] = {NULL, NULL};
    for (int k = 0; k < 2; k++) {
        a->guns[1] = k ? SIM_WEAPON_SHOTGUN : SIM_WEAPON_COUNT;
        s[k] = SDL_CreateRGBSurfaceWithFormat(0, SHOT_W, SHOT_H, 32, SDL_PIXELFORMAT_RGBA32);
        SDL_Renderer *r = s[k] ? SDL_CreateSoftwareRenderer(s[k]) : NULL;
        gfx g;
        char err[256];
        REQUIRE(r && gfx_load(&g, r, ASSETS, err, sizeof err));
        camera cam;
        camera_init(&cam, a->pos, SHOT_W, SHOT_H);
        hud_draw_swap_prompt(&g, &cam, w, 0, 1.0f, false, false, NULL);
        SDL_RenderPresent(r);
        gfx_free(&g);
        SDL_DestroyRenderer(r);
    }
    REQUIRE(s[0] && s[1]);
    CHECK(diff_in(s[0], s[1], 0, SHOT_H / 2 + 10, SHOT_W, SHOT_H / 2 + 60) > 300);
    CHECK(diff_in(s[0], s[1], 0, 0, SHOT_W, SHOT_H / 2) == 0);
    // Its edge in the tier's colour.
    CHECK(count_colour(s[1], 0, SHOT_H / 2 + 10, SHOT_W, SHOT_H / 2 + 60, 80, 160, 255) > 50);
    free_all(s, 2);
    sim_destroy(w);
}

static void test_overlay_world(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    sim_world *w = make_world(true);
    REQUIRE(w);
    const vec2s c = cell_centre(w, PROP_X, PROP_Y);
    const vec2s s = to_screen(c, c);
    scene off = {c, 0.0f, 0, -1}, on = {c, 0.0f, 1u << OVERLAY_WORLD, -1};
    SDL_Surface *a = render(w, NULL, off), *b = render(w, NULL, on);
    // Broken: the cell is marked.
    w->props[0].hp = 0.0f;
    ae_error err;
    REQUIRE(ae_sdf_set_cell(&w->sdf, &w->grid, PROP_X, PROP_Y, AE_CELL_FREE, &err));
    SDL_Surface *broken_off = render(w, NULL, off), *broken_on = render(w, NULL, on);
    // The door's field.
    const vec2s dc = cell_centre(w, DOOR_X, DOOR_Y);
    off.center = on.center = dc;
    SDL_Surface *door_off = render(w, NULL, off), *door_on = render(w, NULL, on);
    SDL_Surface *all[] = {a, b, broken_off, broken_on, door_off, door_on};
    REQUIRE(a && b && broken_off && broken_on && door_off && door_on);
    CHECK(diff_in(a, b, (int)s.x - 24, (int)s.y - 40, (int)s.x + 24, (int)s.y - 16) > 30);
    CHECK(diff_in(broken_off, broken_on, (int)s.x - 16, (int)s.y - 16, (int)s.x + 16,
                  (int)s.y + 16) > 600);
    // Around the door (its box, heat and contours reach 40 units out).
    CHECK(diff_in(door_off, door_on, SHOT_W / 2 - 50, SHOT_H / 2 - 40, SHOT_W / 2 + 50,
                  SHOT_H / 2 + 40) > 3000);
    free_all(all, 6);
    sim_destroy(w);
}

/// A world of no agents (the map editor's) draws like a match's map: the same prop and door, and
/// every overlay on it draws (the bots' and the timing's with nothing to show).
static void test_map_world(void) {
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    sim_world *match = make_world(true);
    REQUIRE(match);
    sim_config cfg = match->cfg;
    cfg.humans = 0;
    ae_error err;
    sim_world *map = sim_create(&cfg, &match->grid, &err);
    REQUIRE(map && map->agent_count == 0 && map->prop_count == 1 && map->door_count == 1);
    map->zone.radius = 1e6f; // as make_world's
    const vec2s c = cell_centre(map, PROP_X, PROP_Y), s = to_screen(c, c);
    scene sc = {c, 0.0f, 0, -1};
    SDL_Surface *a = render(match, NULL, sc), *b = render(map, NULL, sc);
    sc.overlays = (1u << OVERLAY_COUNT) - 1u;
    SDL_Surface *all_on = render(map, NULL, sc);
    SDL_Surface *shots[] = {a, b, all_on};
    REQUIRE(a && b && all_on);
    CHECK(diff_in(a, b, (int)s.x - 24, (int)s.y - 56, (int)s.x + 24, (int)s.y + 18) == 0);
    CHECK(diff_all(b, all_on) > 1000);
    free_all(shots, 3);
    sim_destroy(map);
    sim_destroy(match);
}

TEST_MAIN(TEST_CASE(breakables), TEST_CASE(doors), TEST_CASE(pickups), TEST_CASE(held_weapon),
          TEST_CASE(effects), TEST_CASE(hud_loadout), TEST_CASE(swap_offer),
          TEST_CASE(overlay_world), TEST_CASE(map_world))
