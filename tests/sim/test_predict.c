// Client-side prediction (sim_predict.h): on every shipped map, a player's scripted moves, turns,
// blinks, wall slides, weapon switches, reloads and bandages, each tick predicted on a twin of the
// world as it stood before the step, land bit for bit where the real step put the agent, and the
// prediction changes nothing else.
#include "test.h"

#include "arena/ae_map_file.h"
#include "sim_predict.h"
#include "sim_internal.h"

#include <dirent.h>
#include <string.h>

/// The player's input at tick t: legs of 90 ticks in turning directions, aimed ahead or off to
/// the side (a few legs without aim: auto-aim), a blink every 70 ticks, and in the first half
/// of every 1200 ticks heading for the nearest door (or wall), so the agent meets doors, walls
/// and corners even on a large open map.
static sim_input scripted(const sim_world *w, int t) {
    sim_input in = {0};
    const int leg = t / 90;
    vec2s dir = {{cosf(2.4f * (float)leg), sinf(2.4f * (float)leg)}};
    if (t % 1200 < 600 && w->door_count > 0) {
        const sim_agent *a = &w->agents[0];
        float best = 1e30f;
        for (int k = 0; k < w->door_count; k++) {
            float d = glms_vec2_distance2(w->doors[k].closed, a->pos);
            if (d < best) {
                best = d;
                dir = glms_vec2_normalize(glms_vec2_sub(w->doors[k].closed, a->pos));
            }
        }
    }
    if (t % 90 > 80) dir = glms_vec2_scale(dir, 0.3f); // a slow step now and then
    sim_input_set_move(&in, dir);
    if (leg % 5 != 3) {
        const float turn = 0.05f * (float)t;
        sim_input_set_aim(&in, (vec2s){{cosf(turn), sinf(turn)}});
    }
    if (t % 70 == 5) in.buttons |= SIM_BUTTON_BLINK;
    if (t % 500 == 250) in.skill_pick = 1 + SIM_SKILL_MOVE_SPEED;
    // The loadout: a slot now and then (the empty ones refused), a reload, a bandage.
    if (t % 250 == 40) in.slot = (uint8_t)(1 + (t / 250) % SIM_SLOT_COUNT);
    if (t % 300 == 100) in.buttons |= SIM_BUTTON_RELOAD;
    if (t % 400 == 150) in.use = 1 + SIM_ITEM_BANDAGE;
    return in;
}

static bool same_bits(const void *a, const void *b, size_t n) {
    return memcmp(a, b, n) == 0;
}

typedef struct tally {
    int doors, compared, blinks, slides, near_doors;
    int loadout; ///< compared ticks with a reload, an item in use or a switch
} tally;

/// Plays `ticks` on the map at `path`: the real world steps, its twin predicts agent 0 and is
/// put back, then steps with the same input and must stay equal to the real world.
static void play(const char *path, int ticks, tally *out) {
    ae_grid grid;
    ae_error err;
    REQUIRE(ae_map_load_file(path, &grid, &err));
    sim_config cfg = sim_default_config();
    cfg.seed = 41;
    cfg.bots = 6;
    cfg.bot_difficulty = SIM_EASY;
    sim_world *w = sim_create(&cfg, &grid, &err);
    sim_world *twin = sim_create(&cfg, &grid, &err);
    ae_grid_free(&grid);
    REQUIRE(w && twin);
    out->doors = w->door_count;
    // A sturdy player, the same in both worlds, so the script runs its course; on a map with
    // doors it starts two cells in front of one (the first tick's repair finds it room), so a
    // large map's doors are not beyond its walk.
    for (sim_world *x = w; x; x = x == w ? twin : NULL) {
        sim_agent *a = &x->agents[0];
        a->max_hp = 1e7f;
        a->hp = a->max_hp - 1000.0f; // hurt: a bandage is of use
        a->items[SIM_ITEM_BANDAGE] = 5;
        sim_agent_load(x, a, SIM_SLOT_SECOND, SIM_WEAPON_SMG, SIM_TIER_RARE, 80);
        if (x->door_count > 0) {
            const sim_door *d = &x->doors[x->door_count / 2];
            const vec2s across = {{-d->axis.y, d->axis.x}};
            a->pos = a->prev_pos =
                glms_vec2_add(d->closed, glms_vec2_scale(across, 2 * cfg.cell_size));
        }
    }
    sim_door *doors_before = calloc((size_t)w->door_count + 1, sizeof *doors_before);
    REQUIRE(doors_before);
    int mismatches = 0;
    for (int t = 0; t < ticks && !sim_over(w) && w->agents[0].placement == 0; t++) {
        const sim_input in = scripted(w, t);
        const float hp = w->agents[0].hp;
        sim_step(w, &in);
        // What the real step did to agent 0 besides moving: shots turn it, blows are others'.
        bool touched = w->agents[0].hp < hp;
        for (int e = 0; e < w->event_count; e++) {
            const sim_event *ev = &w->events[e];
            touched |= (ev->kind == SIM_EVENT_SHOT && ev->a == 0) ||
                       (ev->kind == SIM_EVENT_HIT && ev->b == 0) ||
                       (ev->kind == SIM_EVENT_LOOT && ev->a == 0);
        }
        // The twin is the world before this step. Its doors are set to where the step's door
        // phase (before the move) left them: a client has them from the server's snapshot.
        memcpy(doors_before, twin->doors, (size_t)twin->door_count * sizeof *twin->doors);
        for (int k = 0; k < twin->door_count; k++) twin->doors[k].open = w->doors[k].open;
        const sim_agent keep = twin->agents[0];
        const sim_input keep_control = twin->controls[0];
        const int keep_events = twin->event_count;
        sim_predict_agent(twin, 0, &in);
        const sim_agent *p = &twin->agents[0], *r = &w->agents[0];
        // Auto-aim's line of sight goes through the doors as they stood before the step, and the
        // twin has them where the door phase put them: a lock taken through a door that moved
        // this tick is not the prediction's to match.
        touched |= twin->agents[0].auto_target != w->agents[0].auto_target;
        if (!touched) {
            out->compared++;
            const bool same = same_bits(&p->pos, &r->pos, sizeof p->pos) &&
                              same_bits(&p->prev_pos, &r->prev_pos, sizeof p->pos) &&
                              same_bits(&p->facing, &r->facing, sizeof p->facing) &&
                              p->blink_cooldown == r->blink_cooldown && p->held == r->held &&
                              p->weapon == r->weapon && p->reload_ticks == r->reload_ticks &&
                              p->mag[p->held] == r->mag[r->held] &&
                              p->using_item == r->using_item && p->use_ticks == r->use_ticks &&
                              p->items[SIM_ITEM_BANDAGE] == r->items[SIM_ITEM_BANDAGE];
            out->loadout += p->reload_ticks > 0 || p->using_item >= 0 || p->held != keep.held;
            if (!same && mismatches++ < 5)
                fprintf(stderr, "%s tick %d: predicted (%.9g %.9g) cd %d, real (%.9g %.9g) cd %d\n",
                        path, t, (double)p->pos.x, (double)p->pos.y, p->blink_cooldown,
                        (double)r->pos.x, (double)r->pos.y, r->blink_cooldown);
            out->blinks += r->blink_cooldown == cfg.rules.blink_cooldown;
            const float want = glms_vec2_norm(r->move) * sim_agent_speed(w, r);
            out->slides += want > 1.0f && glms_vec2_distance(r->pos, r->prev_pos) < 0.9f * want;
            for (int k = 0; k < w->door_count; k++)
                out->near_doors +=
                    glms_vec2_distance(w->doors[k].closed, r->pos) < 1.5f * cfg.cell_size;
        }
        // Put the twin back as it was and play the same step: it must match the real world, so
        // the prediction touched nothing but agent 0 (and the controls and events it restores).
        twin->agents[0] = keep;
        twin->controls[0] = keep_control;
        twin->event_count = keep_events;
        memcpy(twin->doors, doors_before, (size_t)twin->door_count * sizeof *twin->doors);
        sim_step(twin, &in);
        if (sim_hash(twin) != sim_hash(w)) {
            fprintf(stderr, "%s tick %d: the twin diverged after a prediction\n", path, t);
            CHECK(false);
            break;
        }
    }
    CHECK(mismatches == 0);
    free(doors_before);
    sim_destroy(w);
    sim_destroy(twin);
}

static void test_every_map(void) {
    DIR *d = opendir(ARENA_SOURCE_DIR "/assets/maps");
    REQUIRE(d);
    int maps = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        const size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".png") != 0) continue;
        char path[512];
        snprintf(path, sizeof path, "%s/assets/maps/%s", ARENA_SOURCE_DIR, e->d_name);
        tally t = {0};
        play(path, 3000, &t);
        fprintf(stderr,
                "%s: %d ticks compared, %d blinks, %d slowed by walls, %d near its %d doors, "
                "%d busy with its loadout\n",
                e->d_name, t.compared, t.blinks, t.slides, t.near_doors, t.doors, t.loadout);
        CHECK(t.loadout >= 200);
        CHECK(t.compared >= 2000);
        CHECK(t.blinks >= 8); // the bandages' slow walks move some blinks against walls
        CHECK(t.slides >= 50);
        CHECK(t.doors == 0 || t.near_doors >= 20);
        maps++;
    }
    closedir(d);
    CHECK(maps >= 4);
}

TEST_MAIN(TEST_CASE(every_map))
