// The client's mirror world (sim_mirror.h): snapshots written into a world, its derived state
// kept as the step keeps it.
#include "sim_mirror.h"

#include "sim_collide.h"
#include "sim_internal.h"

#include <string.h>

bool sim_mirror_set_tick(sim_world *w, int tick) {
    if (tick < 0) return false;
    w->tick = tick;
    return true;
}

bool sim_mirror_set_agent(sim_world *w, int id, const sim_agent *a) {
    if (id < 0 || id >= w->agent_count || a->slot < -1 || a->slot >= w->cfg.humans) return false;
    sim_agent *to = &w->agents[id];
    const bool fell = to->placement == 0 && a->placement != 0;
    if (to->placement != 0 && a->placement == 0) return false;
    if (to->slot >= 0 && w->slot_agent[to->slot] == id) w->slot_agent[to->slot] = -1;
    *to = *a;
    if (to->slot >= 0) w->slot_agent[to->slot] = id;
    w->alive_count -= fell;
    sim_collide_agent(w, id); // its box, or out of the broadphase once fallen
    return true;
}

/// The live slots' count and top after slot `slot` of `n` became `alive` (was `was`): the top is
/// one past the highest live slot, as the sim keeps it.
static void track_slot(bool was, bool alive, int slot, int *count, int *top, const void *items,
                       size_t stride, size_t alive_at) {
    *count += (int)alive - (int)was;
    if (alive && slot >= *top) *top = slot + 1;
    while (*top > 0) {
        bool live;
        memcpy(&live, (const char *)items + (size_t)(*top - 1) * stride + alive_at, sizeof live);
        if (live) break;
        (*top)--;
    }
}

bool sim_mirror_set_bullet(sim_world *w, int slot, const sim_bullet *b) {
    if (slot < 0 || slot >= w->cfg.max_bullets) return false;
    const bool was = w->bullets[slot].alive;
    if (b->alive)
        w->bullets[slot] = *b;
    else
        w->bullets[slot].alive = false;
    track_slot(was, b->alive, slot, &w->bullet_count, &w->bullet_top, w->bullets,
               sizeof *w->bullets, offsetof(sim_bullet, alive));
    sim_collide_bullets_jumped(w);
    return true;
}

bool sim_mirror_set_gem(sim_world *w, int slot, const sim_gem *g) {
    if (slot < 0 || slot >= w->cfg.max_gems) return false;
    sim_gem *to = &w->gems[slot];
    const bool was = to->alive;
    w->spawned_gems -= was && !to->dropped;
    if (g->alive)
        *to = *g;
    else
        to->alive = false;
    w->spawned_gems += g->alive && !g->dropped;
    track_slot(was, g->alive, slot, &w->gem_count, &w->gem_top, w->gems, sizeof *w->gems,
               offsetof(sim_gem, alive));
    return true;
}

bool sim_mirror_set_pickup(sim_world *w, int slot, const sim_pickup *p) {
    if (slot < 0 || slot >= w->pickup_capacity) return false;
    const bool was = w->pickups[slot].alive;
    if (p->alive)
        w->pickups[slot] = *p;
    else
        w->pickups[slot].alive = false;
    track_slot(was, p->alive, slot, &w->pickup_count, &w->pickup_top, w->pickups,
               sizeof *w->pickups, offsetof(sim_pickup, alive));
    return true;
}

bool sim_mirror_set_prop(sim_world *w, int index, const sim_prop *p) {
    if (index < 0 || index >= w->prop_count) return false;
    sim_prop *to = &w->props[index];
    const bool broken = to->hp <= 0.0f;
    if (broken && p->hp > 0.0f) return false;
    to->hp = p->hp > 0.0f ? p->hp : 0.0f;
    to->max_hp = p->max_hp;
    to->hit_tick = p->hit_tick;
    to->broken_by = p->broken_by;
    to->broken_weapon = p->broken_weapon;
    if (!broken && to->hp <= 0.0f) {
        w->props_broken++;
        sim_prop_free_cell(w, to->x, to->y);
    }
    return true;
}

bool sim_mirror_set_door(sim_world *w, int index, const sim_door *d) {
    if (index < 0 || index >= w->door_count) return false;
    sim_door *to = &w->doors[index];
    to->open = d->open < 0.0f ? 0.0f : d->open > 1.0f ? 1.0f : d->open;
    to->moving = d->moving;
    if (to->active != d->active) {
        // The list of doors at work stays ascending, as the sim leaves it after each tick.
        int at = 0;
        while (at < w->door_active_count && w->door_active[at] < index) at++;
        int32_t *list = w->door_active + at;
        const size_t after = (size_t)(w->door_active_count - at);
        if (d->active) {
            memmove(list + 1, list, after * sizeof *list);
            *list = index;
            w->door_active_count++;
        } else {
            memmove(list, list + 1, (after - 1) * sizeof *list);
            w->door_active_count--;
        }
        to->active = d->active;
    }
    return true;
}

void sim_mirror_set_zone(sim_world *w, const sim_zone *z) {
    w->zone = *z;
}

void sim_mirror_set_result(sim_world *w, bool over, int winner) {
    w->over = over;
    w->winner = winner >= 0 && winner < w->agent_count ? winner : -1;
}

void sim_mirror_set_events(sim_world *w, const sim_event *events, int count) {
    if (count < 0) count = 0;
    if (count > w->event_capacity) count = w->event_capacity;
    memcpy(w->events, events, (size_t)count * sizeof *events);
    w->event_count = count;
}
