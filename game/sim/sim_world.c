// Creating and destroying a match, spawning, and the small shared helpers.
#include "sim_config_io.h"
#include "sim_internal.h"

#include "sim_bots.h"
#include "sim_collide.h"

#include <stdlib.h>
#include <string.h>

sim_config sim_default_config(void) {
    sim_config c;
    memset(&c, 0, sizeof c);
    c.seed = 1;
    c.humans = 1;
    c.bots = 29;
    c.bot_difficulty = SIM_NORMAL;
    c.max_bullets = 4096;
    c.max_gems = 1024;
    c.cell_size = 32.0f;
    c.rules = sim_default_rules();
    return c;
}

static bool check_config(const sim_config *c, ae_error *err) {
    int agents = c->humans + c->bots;
    if (c->humans < 0 || c->humans > SIM_MAX_HUMANS) {
        ae_error_set(err, "humans must be 0 to %d, not %d", SIM_MAX_HUMANS, c->humans);
        return false;
    }
    if (c->bots < 0 || agents < 0 || agents > SIM_MAX_AGENTS) {
        ae_error_set(err, "a match needs 1 to %d agents, not %d", SIM_MAX_AGENTS, agents);
        return false;
    }
    return sim_config_check(c, err);
}

/// Room a map needs: every agent must find a spot with twice its radius of clearance.
bool sim_map_can_host(const ae_sdf *sdf, const sim_config *c, ae_error *err) {
    float need = 2.0f * c->rules.agent_radius;
    int spots = 0, want = c->humans + c->bots;
    for (int y = 0; y < sdf->height && spots < want; y++)
        for (int x = 0; x < sdf->width && spots < want; x++) {
            vec2s p = {{((float)x + 0.5f) * sdf->cell_size, ((float)y + 0.5f) * sdf->cell_size}};
            spots += ae_sdf_sample(sdf, p) >= need;
        }
    if (spots < want) {
        ae_error_set(err, "map has room for %d agents, the match needs %d", spots, want);
        return false;
    }
    return true;
}

sim_world *sim_create(const sim_config *cfg, const ae_grid *grid, ae_error *err) {
    ae_grid copy;
    return ae_grid_init_copy(&copy, grid, err) ? sim_create_taking(cfg, &copy, err) : NULL;
}

sim_world *sim_create_taking(const sim_config *cfg, ae_grid *grid, ae_error *err) {
    ae_grid own = *grid;
    memset(grid, 0, sizeof *grid);
    if (!check_config(cfg, err)) {
        ae_grid_free(&own);
        return NULL;
    }
    sim_world *w = ae_calloc(1, sizeof *w);
    if (!w) {
        ae_grid_free(&own);
        ae_error_set(err, "out of memory");
        return NULL;
    }
    w->cfg = *cfg;
    w->agent_count = cfg->humans + cfg->bots;
    w->winner = -1;
    w->alive_at_last_shrink = -1;
    ae_rng_seed(&w->rng, cfg->seed, 0x5EED);
    w->event_capacity = SIM_EVENT_CAPACITY;
    // A world of no agents is a map on its own (the editor's): it needs no room, starts over
    // (sim_step does nothing) and has no gems or loot; the rest (field, navigation, cover, rooms,
    // props, doors, zone) is built as for a match.
    const bool map_only = w->agent_count == 0;
    w->over = map_only;
    w->grid = own;
    bool ok = ae_sdf_init(&w->sdf, &w->grid, cfg->cell_size, err) &&
              (map_only || sim_map_can_host(&w->sdf, cfg, err));
    if (ok && !sim_room_index_build(&w->rooms, &w->sdf)) {
        ae_error_set(err, "out of memory");
        ok = false;
    }
    if (ok) {
        w->map_hash = sim_hash_grid(&w->grid);
        w->agents = ae_calloc((size_t)w->agent_count, sizeof *w->agents);
        w->bullets = ae_calloc((size_t)cfg->max_bullets, sizeof *w->bullets);
        w->gems = ae_calloc((size_t)cfg->max_gems, sizeof *w->gems);
        w->events = ae_calloc((size_t)w->event_capacity, sizeof *w->events);
        w->controls = ae_calloc((size_t)w->agent_count, sizeof *w->controls);
        w->pickup_capacity = SIM_PICKUP_SLOTS(w->agent_count);
        w->pickups = ae_calloc((size_t)w->pickup_capacity, sizeof *w->pickups);
        ok = (map_only || (w->agents && w->controls)) && w->bullets && w->gems && w->events &&
             w->pickups;
        if (!ok) ae_error_set(err, "out of memory");
    }
    if (ok) {
        sim_map_things t;
        ok = sim_map_things_build(&t, &w->grid, &cfg->rules, cfg->cell_size, err);
        if (ok) sim_world_take_things(w, &t);
    }
    if (ok) {
        sim_zone_init(w); // first: humans spawn inside the first safe circle
        sim_spawn_agents(w);
        if (!map_only) {
            sim_gems_scatter(w);
            sim_loot_rooms(w);
        }
        ok = sim_collide_create(w, err) && sim_bots_create(w, err);
    }
    if (!ok) {
        sim_destroy(w);
        return NULL;
    }
    return w;
}

void sim_destroy(sim_world *w) {
    if (!w) return;
    sim_bots_destroy(w);
    sim_collide_destroy(w);
    ae_free(w->agents, (size_t)w->agent_count * sizeof *w->agents);
    ae_free(w->bullets, (size_t)w->cfg.max_bullets * sizeof *w->bullets);
    ae_free(w->gems, (size_t)w->cfg.max_gems * sizeof *w->gems);
    ae_free(w->events, (size_t)w->event_capacity * sizeof *w->events);
    ae_free(w->controls, (size_t)w->agent_count * sizeof *w->controls);
    ae_free(w->pickups, (size_t)w->pickup_capacity * sizeof *w->pickups);
    sim_map_things old = sim_world_give_things(w);
    sim_map_things_free(&old);
    sim_room_index_free(&w->rooms);
    if (w->sdf.dist) ae_sdf_free(&w->sdf);
    if (w->grid.cells) ae_grid_free(&w->grid);
    ae_free(w, sizeof *w);
}

void sim_world_take_things(sim_world *w, sim_map_things *t) {
    w->props = t->props;
    w->prop_count = t->prop_count;
    w->props_broken = 0;
    w->props_hash = 0xCBF29CE484222325ull;
    w->burst_head = w->burst_tail = -1;
    w->doors = t->doors;
    w->door_count = t->door_count;
    w->door_block_start = t->door_block_start;
    w->door_block = t->door_block;
    w->door_block_sum = t->door_block_sum;
    w->door_bw = t->door_bw;
    w->door_active = t->door_active;
    w->door_active_count = t->door_active_count;
    w->door_bh = t->door_bh;
    memset(t, 0, sizeof *t);
}

sim_map_things sim_world_give_things(sim_world *w) {
    sim_map_things t = {.props = w->props,
                        .prop_count = w->prop_count,
                        .doors = w->doors,
                        .door_count = w->door_count,
                        .door_block_start = w->door_block_start,
                        .door_block = w->door_block,
                        .door_block_sum = w->door_block_sum,
                        .door_bw = w->door_bw,
                        .door_bh = w->door_bh,
                        .door_active = w->door_active,
                        .door_active_count = w->door_active_count};
    w->props = NULL;
    w->doors = NULL;
    w->door_block_start = w->door_block = w->door_block_sum = w->door_active = NULL;
    w->door_active_count = 0;
    w->prop_count = w->door_count = 0;
    return t;
}

int sim_slot_agent(const sim_world *w, int slot) {
    return w->slot_agent[slot];
}

static bool check_slot(const sim_world *w, int slot, ae_error *err) {
    if (slot >= 0 && slot < w->cfg.humans) return true;
    ae_error_set(err, "slot %d is not a player's (the match has %d)", slot, w->cfg.humans);
    return false;
}

bool sim_release(sim_world *w, int slot, ae_error *err) {
    if (!check_slot(w, slot, err)) return false;
    if (w->slot_agent[slot] >= 0) w->agents[w->slot_agent[slot]].slot = -1;
    w->slot_agent[slot] = -1;
    return true;
}

bool sim_take_over(sim_world *w, int slot, int agent, ae_error *err) {
    if (!check_slot(w, slot, err)) return false;
    if (agent < 0 || agent >= w->agent_count || w->agents[agent].placement != 0) {
        ae_error_set(err, "agent %d is not alive in the match", agent);
        return false;
    }
    sim_agent *taken = &w->agents[agent];
    if (taken->slot >= 0) w->slot_agent[taken->slot] = -1; // another slot's: it drives nothing
    if (w->slot_agent[slot] >= 0) w->agents[w->slot_agent[slot]].slot = -1;
    taken->slot = (int8_t)slot;
    w->slot_agent[slot] = agent;
    return true;
}

bool sim_over(const sim_world *w) {
    return w->over;
}

int sim_tick(const sim_world *w) {
    return w->tick;
}

const sim_config *sim_config_of(const sim_world *w) {
    return &w->cfg;
}
const ae_grid *sim_grid(const sim_world *w) {
    return &w->grid;
}
uint64_t sim_map_hash(const sim_world *w) {
    // An edited map (the editor's world) is hashed when asked: a 4096 map's hash is 16 MB of
    // FNV, more than the stroke that changed it, and nothing reads it while the editor paints.
    return w->map_hash_stale ? sim_hash_grid(&w->grid) : w->map_hash;
}
uint32_t sim_map_generation(const sim_world *w) {
    return w->map_generation;
}
const sim_agent *sim_agents(const sim_world *w) {
    return w->agents;
}
int sim_agent_count(const sim_world *w) {
    return w->agent_count;
}
int sim_alive_count(const sim_world *w) {
    return w->alive_count;
}
int sim_winner(const sim_world *w) {
    return w->winner;
}
const sim_bullet *sim_bullets(const sim_world *w) {
    return w->bullets;
}
int sim_bullet_top(const sim_world *w) {
    return w->bullet_top;
}
const sim_gem *sim_gems(const sim_world *w) {
    return w->gems;
}
int sim_gem_top(const sim_world *w) {
    return w->gem_top;
}
const sim_prop *sim_props(const sim_world *w) {
    return w->props;
}
int sim_prop_count(const sim_world *w) {
    return w->prop_count;
}
int sim_props_broken(const sim_world *w) {
    return w->props_broken;
}
const sim_pickup *sim_pickups(const sim_world *w) {
    return w->pickups;
}
int sim_pickup_top(const sim_world *w) {
    return w->pickup_top;
}
const sim_door *sim_doors(const sim_world *w) {
    return w->doors;
}
int sim_door_count(const sim_world *w) {
    return w->door_count;
}
const sim_zone *sim_zone_state(const sim_world *w) {
    return &w->zone;
}
const sim_event *sim_events(const sim_world *w) {
    return w->events;
}
int sim_event_count(const sim_world *w) {
    return w->event_count;
}

void sim_event_push(sim_world *w, sim_event_kind kind, int a, int b, float value, vec2s pos) {
    if (w->event_count >= w->event_capacity) return;
    w->events[w->event_count++] = (sim_event){kind, a, b, value, pos, pos};
}

void sim_event_push_hit(sim_world *w, int shooter, int target, float damage, vec2s pos,
                        vec2s from) {
    if (w->event_count >= w->event_capacity) return;
    w->events[w->event_count++] = (sim_event){SIM_EVENT_HIT, shooter, target, damage, pos, from};
}

bool sim_random_free_point(sim_world *w, float clearance, vec2s center, float radius, vec2s *out) {
    const float mw = (float)w->sdf.width * w->sdf.cell_size;
    const float mh = (float)w->sdf.height * w->sdf.cell_size;
    for (int i = 0; i < 64; i++) {
        vec2s p;
        if (radius > 0.0f) {
            // Uniform in the disk by rejection from its bounding square.
            float dx = ae_rng_range(&w->rng, -1.0f, 1.0f), dy = ae_rng_range(&w->rng, -1.0f, 1.0f);
            if (dx * dx + dy * dy > 1.0f) continue;
            p = (vec2s){{center.x + dx * radius, center.y + dy * radius}};
        } else {
            p = (vec2s){{ae_rng_range(&w->rng, 0.0f, mw), ae_rng_range(&w->rng, 0.0f, mh)}};
        }
        if (ae_sdf_sample(&w->sdf, p) >= clearance) {
            *out = p;
            return true;
        }
    }
    return false;
}

void sim_spawn_agents(sim_world *w) {
    const sim_rules *r = &w->cfg.rules;
    // Spawning on a crowded map, where random tries found no room: of the cell centres with
    // twice the radius clear (the spots sim_map_can_host counted), the one farthest from the
    // agents spawned so far, ties to the first in row order. The spots are listed on the first
    // such agent and keep their distance to the nearest agent as agents are placed. Agents do
    // not collide with each other, so when there are fewer spots than agents some share one;
    // sim_map_can_host makes sure there are enough.
    sim_spots spots = {0};
    bool listed = false;
    for (int i = 0; i < w->agent_count; i++) {
        sim_agent *a = &w->agents[i];
        a->radius = r->agent_radius;
        a->hp = a->max_hp = r->agent_hp;
        a->level = 1;
        a->killer = -1;
        a->last_hit_by = -1;
        a->stats.first_level_tick = -1;
        a->stats.first_fight_tick = -1;
        a->stats.last_harm = a->stats.death_harm = SIM_HARM_NONE;
        a->auto_target = -1;
        sim_agent_arm(r, a);
        a->facing = (vec2s){{1.0f, 0.0f}};
        a->bot = i >= w->cfg.humans;
        a->slot = a->bot ? -1 : (int8_t)i;
        if (!a->bot) w->slot_agent[i] = i;
        int bot_index = i - w->cfg.humans;
        a->difficulty = w->cfg.bot_difficulty >= 0
                            ? (sim_difficulty)w->cfg.bot_difficulty
                            : (sim_difficulty)(bot_index % SIM_DIFFICULTY_COUNT);
        if (!a->bot) a->difficulty = SIM_NORMAL;
        // Best of a few random spots: the one farthest from everyone spawned so far. Humans
        // spawn first, and a human counts as twice as near, so people get room to start.
        // Humans start inside the first safe circle, with room to move: a newcomer never opens
        // a match running from the zone or stuck in a corner. Where that finds nothing (small,
        // crowded maps) they spawn as bots do.
        const sim_zone *z = &w->zone;
        const bool human = !a->bot;
        vec2s best = {{0}};
        float best_d2 = -1.0f;
        for (int k = 0; k < 24; k++) {
            vec2s p;
            if (!(human && sim_random_free_point(w, 4.0f * a->radius, z->next_center,
                                                 0.8f * z->next_radius, &p)) &&
                !sim_random_free_point(w, 2.0f * a->radius, glms_vec2_zero(), 0.0f, &p))
                continue;
            float d2 = 1e30f;
            for (int j = 0; j < i; j++) {
                float dd = glms_vec2_distance2(p, w->agents[j].pos);
                if (j < w->cfg.humans) dd *= 0.25f;
                if (dd < d2) d2 = dd;
            }
            if (d2 > best_d2) {
                best_d2 = d2;
                best = p;
            }
        }
        if (best_d2 < 0.0f) {
            if (!listed) {
                // Out of memory lists no spot: such agents start at (0, 0), and the first tick's
                // repair moves them to the nearest room.
                listed = sim_spots_build(&spots, &w->sdf, &w->rooms, 2.0f * a->radius);
                for (int j = 0; listed && j < i; j++) sim_spots_place(&spots, w->agents[j].pos);
            }
            best = sim_spots_roomiest(&spots);
        }
        a->pos = a->prev_pos = best;
        if (listed) sim_spots_place(&spots, best);
    }
    sim_spots_free(&spots);
    w->alive_count = w->agent_count;
}
