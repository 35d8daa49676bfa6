// Degenerate maps: a map file that becomes all wall (or all wall but a hole) under hot reload,
// the same grids handed to the sim directly, a swap to a smaller map that leaves agents, bullets
// and gems outside its bounds, and spawning on a map with barely any room.
#include "test.h"

#include "arena/rp_replay.h"
#include "degenerate_cases.h"
#include "degenerate_util.h"
#include "hot_reload.h"
#include "sim_config_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/// Steps a live session `ticks` times, checking the state after each.
/// True when the recording at `rec` plays back without diverging and ends on `final_hash`.
static bool replays_to(const char *rec, uint64_t final_hash) {
    session_def def = {0};
    def.replay_path = rec;
    ae_error err;
    session *back = session_create(&def, &err);
    if (!back) return false;
    while (!session_done(back)) session_step(back, NULL);
    bool ok = session_finish(back, &err);
    ok = ok && !session_diverged(back, NULL, 0) && sim_hash(session_world(back)) == final_hash;
    session_destroy(back);
    return ok;
}

static bool play(session *s, int ticks, const char *what) {
    for (int t = 0; t < ticks && !session_done(s); t++) {
        session_step(s, NULL);
        if (!dg_world_sane(session_world(s), what)) return false;
    }
    return true;
}

/// Replaces the watched map file and polls the watcher as the game does (fake time: one poll to
/// see the change, one after it settled, which starts loading on a thread, and one once the
/// load is done). Returns what the last hot_reload_poll returned; msg gets its message.
static bool reload(hot_reload *h, session *s, double *now, const char *path, const ae_grid *g,
                   char *msg, size_t len) {
    if (!dg_write_map_png(path, g)) return false;
    *now += 1.0;
    bool changed = hot_reload_poll(h, s, *now, msg, len);
    CHECK(!changed && msg[0] == '\0'); // not settled yet
    *now += 0.2;
    changed = hot_reload_poll(h, s, *now, msg, len);
    CHECK(!changed && msg[0] == '\0'); // loading
    hot_reload_wait(h);
    return hot_reload_poll(h, s, *now, msg, len);
}

/// A map file that becomes all wall, then all wall but a one-cell hole (an agent's body fits in
/// a cell, but a spawn spot needs twice its radius of clearance), then a 3x3 room (room for one
/// agent): each is refused with its one-line reason, the match keeps its map (the grid's hash is
/// unchanged) and plays on; a refused version is not retried; a valid map afterwards is swapped
/// in. The recording holds only the accepted swap and replays identically.
void test_reload_all_wall(void) {
    char dir[64], path[128], rec[128];
    snprintf(dir, sizeof dir, "/tmp/arena-degen-XXXXXX");
    REQUIRE(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/m.png", dir);
    snprintf(rec, sizeof rec, "%s/r.arp", dir);
    ae_grid arena, ruins, wall, hole, room;
    REQUIRE(dg_design("arena", &arena) && dg_design("ruins", &ruins));
    REQUIRE(dg_walled(&wall, 128, 128, 0, 0, 0, 0) && dg_walled(&hole, 128, 128, 64, 64, 65, 65) &&
            dg_walled(&room, 128, 128, 10, 20, 13, 23));
    REQUIRE(dg_write_map_png(path, &arena));

    session_def def = {0};
    def.map_path = path;
    def.config = sim_default_config();
    def.config.seed = 19;
    def.config.bots = 12;
    def.pilot = SIM_PILOT_BOT;
    def.record_path = rec;
    ae_error err;
    session *s = session_create(&def, &err);
    REQUIRE(s);
    sim_world *w = session_world(s);
    hot_reload h;
    double now = 0.0;
    hot_reload_init(&h, s, now);
    CHECK(h.active);
    CHECK(play(s, 60, "before"));

    const uint64_t map_hash = dg_map_hash(w);
    const struct {
        const ae_grid *grid;
        const char *reason;
    } bad[] = {
        {&wall, "map has no free cell"}, // the loader refuses it before the sim sees it
        {&hole, "map has room for 0 agents, the match needs 13"},
        {&room, "map has room for 1 agents, the match needs 13"},
    };
    for (int i = 0; i < 3; i++) {
        char msg[1280], want[1280];
        int tick = sim_tick(w);
        CHECK(!reload(&h, s, &now, path, bad[i].grid, msg, sizeof msg));
        snprintf(want, sizeof want, "map reload failed: %s: %s (keeping previous map)", path,
                 bad[i].reason);
        CHECK_STR(msg, want);
        CHECK(dg_map_hash(w) == map_hash);
        CHECK(play(s, 120, "after a refused reload"));
        CHECK(sim_tick(w) == tick + 120); // the match goes on
        // The refused version is not offered again while the file stays as it is.
        now += 1.0;
        CHECK(!hot_reload_poll(&h, s, now, msg, sizeof msg) && msg[0] == '\0');
    }

    char msg[1280], want[1280];
    CHECK(reload(&h, s, &now, path, &ruins, msg, sizeof msg));
    snprintf(want, sizeof want, "map reloaded: %s (128x128, bake ", path);
    CHECK(strncmp(msg, want, strlen(want)) == 0);
    CHECK(w->grid.width == 128 && !memcmp(w->grid.cells, ruins.cells, 128 * 128));
    CHECK(dg_map_hash(w) != map_hash);
    CHECK(play(s, 120, "after the valid reload"));
    uint64_t final_hash = sim_hash(w);
    REQUIRE(session_finish(s, &err));
    hot_reload_free(&h);
    session_destroy(s);

    rp_replay r;
    rp_load_opts opts = {SIM_INPUT_BYTES, SIM_CONFIG_VERSION};
    REQUIRE(rp_replay_init_file(rec, &opts, &r, &err));
    CHECK(r.event_count == 1 && r.events[0].type == RP_EVENT_MAP_SWAP);
    rp_replay_free(&r);
    CHECK(replays_to(rec, final_hash));

    ae_grid *grids[] = {&arena, &ruins, &wall, &hole, &room};
    for (int i = 0; i < 5; i++) ae_grid_free(grids[i]);
    remove(path);
    remove(rec);
    rmdir(dir);
    CHECK(ae_live_bytes() == 0);
}

/// The same grids handed to the sim directly (no loader in between): sim_create refuses them,
/// and sim_swap_map refuses them with the whole state (not only the map) unchanged.
void test_swap_no_room(void) {
    ae_grid wall, hole, arena;
    REQUIRE(dg_walled(&wall, 64, 64, 0, 0, 0, 0) && dg_walled(&hole, 64, 64, 9, 9, 10, 10));
    REQUIRE(dg_design("arena", &arena));
    sim_config cfg = sim_default_config();
    ae_error err;
    CHECK(sim_create(&cfg, &wall, &err) == NULL);
    CHECK_STR(err.msg, "map has room for 0 agents, the match needs 30");
    CHECK(sim_create(&cfg, &hole, &err) == NULL);
    CHECK_STR(err.msg, "map has room for 0 agents, the match needs 30");
    sim_world *w = sim_create(&cfg, &arena, &err);
    REQUIRE(w);
    for (int t = 0; t < 200; t++) sim_step(w, NULL);
    const ae_grid *bad[] = {&wall, &hole};
    for (int i = 0; i < 2; i++) {
        uint64_t before = sim_hash(w);
        CHECK(!sim_swap_map(w, bad[i], &err));
        CHECK_STR(err.msg, "map has room for 0 agents, the match needs 30");
        CHECK(sim_hash(w) == before);
        bool sane = true;
        for (int t = 0; t < 60 && sane; t++) {
            sim_step(w, NULL);
            sane = dg_world_sane(w, "after a refused swap");
        }
        CHECK(sane);
    }
    sim_destroy(w);
    ae_grid_free(&wall);
    ae_grid_free(&hole);
    ae_grid_free(&arena);
    CHECK(ae_live_bytes() == 0);
}

/// A swap from the largest shipped map (512x512) to the smallest (128x128) mid-match: agents
/// beyond the new bounds move to the nearest cell with room (prev_pos too: no sweep), bullets and
/// gems beyond them disappear, the zone's circles move inside the new map, and the match plays on
/// to its end with a sane state. Agents poked to non-finite positions just before the swap are
/// repaired by it (sim_repair runs first), dead ones included.
void test_swap_smaller_map(void) {
    ae_grid small;
    REQUIRE(dg_design("arena", &small));
    sim_world *w = dg_world("large", 41, 0, 200);
    REQUIRE(w);
    // At least 15 s, and until someone has died (bots loot before they fight).
    for (int t = 0; t < 900 || (w->alive_count == w->agent_count && t < 6000); t++)
        sim_step(w, NULL);
    const float new_side = 128.0f * w->cfg.cell_size;
    int outside = 0;
    for (int i = 0; i < w->agent_count; i++)
        outside += w->agents[i].placement == 0 &&
                   (w->agents[i].pos.x > new_side || w->agents[i].pos.y > new_side);
    int stray_bullets = 0;
    for (int k = 0; k < w->cfg.max_bullets; k++)
        stray_bullets += w->bullets[k].alive &&
                         (w->bullets[k].pos.x > new_side || w->bullets[k].pos.y > new_side);
    int stray_gems = 0;
    for (int g = 0; g < w->cfg.max_gems; g++)
        stray_gems +=
            w->gems[g].alive && (w->gems[g].pos.x > new_side || w->gems[g].pos.y > new_side);
    // Most of the match happens beyond the new bounds.
    CHECK(outside > 50 && stray_bullets > 0 && stray_gems > 0);
    // Poked just before the swap (no tick in between): a living and a dead agent, not finite.
    int living = -1, dead = -1;
    for (int i = 0; i < w->agent_count; i++) {
        if (w->agents[i].placement == 0 && living < 0) living = i;
        if (w->agents[i].placement != 0 && dead < 0) dead = i;
    }
    REQUIRE(living >= 0 && dead >= 0);
    w->agents[living].pos = (vec2s){{NAN, 1e9f}};
    w->agents[dead].pos = w->agents[dead].prev_pos = (vec2s){{-INFINITY, NAN}};
    static vec2s before[200];
    for (int i = 0; i < w->agent_count; i++) before[i] = w->agents[i].pos;
    ae_error err;
    REQUIRE(sim_swap_map(w, &small, &err));
    CHECK(w->grid.width == 128 && w->grid.height == 128);
    CHECK(dg_world_sane(w, "right after the swap"));
    int moved = 0;
    for (int i = 0; i < w->agent_count; i++) {
        const sim_agent *a = &w->agents[i];
        if (a->placement != 0 || (a->pos.x == before[i].x && a->pos.y == before[i].y)) continue;
        moved++;
        CHECK(a->prev_pos.x == a->pos.x && a->prev_pos.y == a->pos.y);
    }
    CHECK(moved >= outside);
    const sim_zone *z = &w->zone;
    CHECK(z->center.x <= new_side && z->center.y <= new_side);
    CHECK(z->next_center.x <= new_side && z->next_center.y <= new_side);
    // To the end (the match keeps the large map's pace); the sanitizer build plays a part.
    const int limit = DG_BUILD(1 << 30, 6000);
    bool sane = true;
    for (int t = 0; t < limit && !sim_over(w) && sane; t++) {
        sim_step(w, NULL);
        sane = dg_world_sane(w, "after the swap");
    }
    CHECK(sane);
    CHECK(limit < (1 << 30) || (sim_over(w) && w->winner >= 0));
    sim_destroy(w);
    ae_grid_free(&small);
    CHECK(ae_live_bytes() == 0);
}

/// Spawning where random tries almost never find room: a 512x512 map of walls with one 3x3 room
/// has a spawn spot for exactly one agent. The bounded random tries (24 x 64) almost surely miss
/// it, then a scan takes the spot sim_map_can_host counted: a cell centre with twice the agent's
/// radius clear. A second agent is refused before anything spawns.
void test_crowded_spawn(void) {
    ae_grid g;
    REQUIRE(dg_walled(&g, 512, 512, 300, 200, 303, 203));
    sim_config cfg = sim_default_config();
    cfg.humans = 1;
    cfg.bots = 0;
    ae_error err;
    sim_world *w = sim_create(&cfg, &g, &err);
    REQUIRE(w);
    const float cs = w->cfg.cell_size;
    // The room's middle cell is the only centre with twice the radius clear.
    CHECK(w->agents[0].pos.x == 301.5f * cs && w->agents[0].pos.y == 201.5f * cs);
    CHECK(dg_world_sane(w, "crowded spawn"));
    sim_step(w, NULL);
    CHECK(sim_over(w) && w->winner == 0);
    sim_destroy(w);
    cfg.bots = 1;
    CHECK(sim_create(&cfg, &g, &err) == NULL);
    CHECK_STR(err.msg, "map has room for 1 agents, the match needs 2");
    ae_grid_free(&g);
    CHECK(ae_live_bytes() == 0);
}

/// A crowded map with exactly as many spots as agents: a one-cell-high strip of room 40 cells
/// long (3 rows of free cells) in a 512x512 wall. Every agent gets a spot of its own, each with
/// twice its radius clear, none stacked on another.
void test_crowded_spawn_spread(void) {
    ae_grid g;
    REQUIRE(dg_walled(&g, 512, 512, 100, 300, 140, 303));
    sim_config cfg = sim_default_config();
    cfg.humans = 1;
    cfg.bots = 0;
    ae_error err;
    // Too many agents: the refusal says how many spots there are.
    cfg.bots = 99;
    int spots = 0;
    REQUIRE(sim_create(&cfg, &g, &err) == NULL);
    REQUIRE(sscanf(err.msg, "map has room for %d agents", &spots) == 1);
    REQUIRE(spots >= 10 && spots < 100);
    cfg.bots = spots - 1;
    sim_world *w = sim_create(&cfg, &g, &err);
    REQUIRE(w);
    int stacked = 0, cramped = 0;
    for (int i = 0; i < w->agent_count; i++) {
        const sim_agent *a = &w->agents[i];
        cramped += !(ae_sdf_sample(&w->sdf, a->pos) >= 2.0f * a->radius);
        for (int j = 0; j < i; j++) stacked += glms_vec2_distance2(a->pos, w->agents[j].pos) < 1.0f;
    }
    CHECK(stacked == 0);
    CHECK(cramped == 0);
    CHECK(dg_world_sane(w, "crowded spawn spread"));
    sim_destroy(w);
    ae_grid_free(&g);
    CHECK(ae_live_bytes() == 0);
}

/// Map swaps come at most once a tick, and a big map only after its gap (session.h): a swap too
/// soon is refused with the tick it may come at and changes nothing, a recording holds the
/// accepted ones, and it plays back.
void test_swap_spacing(void) {
    char dir[64], path[128], rec[128];
    snprintf(dir, sizeof dir, "/tmp/arena-spacing-XXXXXX");
    REQUIRE(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/m.png", dir);
    snprintf(rec, sizeof rec, "%s/r.arp", dir);
    ae_grid arena, ruins, big;
    REQUIRE(dg_design("arena", &arena) && dg_design("ruins", &ruins));
    REQUIRE(dg_walled(&big, 1024, 1024, 1, 1, 1023, 1023));
    REQUIRE(dg_write_map_png(path, &arena));
    session_def def = {0};
    def.map_path = path;
    def.config = sim_default_config();
    def.config.bots = 5;
    def.record_path = rec;
    ae_error err;
    session *s = session_create(&def, &err);
    REQUIRE(s);
    CHECK(session_swap_gap(128, 128) == 1 && session_swap_gap(1024, 1024) == 4 &&
          session_swap_gap(4096, 4096) == 64);
    // Tick 0: the start counts as a swap.
    const uint64_t hash = sim_hash(session_world(s));
    CHECK(!session_swap_map(s, &ruins, "ruins.png", &err));
    CHECK_STR(err.msg, "too soon after the last map swap: a 128x128 map may come at tick 1");
    CHECK(sim_hash(session_world(s)) == hash);
    session_step(s, NULL);
    CHECK(session_swap_map(s, &ruins, "ruins.png", &err));
    CHECK(!session_swap_map(s, &arena, "arena.png", &err)); // the same tick
    CHECK_STR(err.msg, "too soon after the last map swap: a 128x128 map may come at tick 2");
    session_step(s, NULL);
    session_step(s, NULL);
    CHECK(session_swap_allowed_at(s, 1024, 1024) == 5);
    CHECK(!session_swap_map(s, &big, "big.png", &err));
    CHECK_STR(err.msg, "too soon after the last map swap: a 1024x1024 map may come at tick 5");
    while (sim_tick(session_world(s)) < 5) session_step(s, NULL);
    CHECK(session_swap_map(s, &big, "big.png", &err));
    for (int t = 0; t < 120; t++) session_step(s, NULL);
    const uint64_t final_hash = sim_hash(session_world(s));
    REQUIRE(session_finish(s, &err));
    session_destroy(s);

    CHECK(replays_to(rec, final_hash));
    ae_grid_free(&arena);
    ae_grid_free(&ruins);
    ae_grid_free(&big);
    remove(path);
    remove(rec);
    rmdir(dir);
    CHECK(ae_live_bytes() == 0);
}
