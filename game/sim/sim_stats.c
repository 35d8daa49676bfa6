#include "sim_stats.h"

#include "sim_world.h"

#include <math.h>
#include <string.h>

void sim_stats_difficulty(const sim_world *w, sim_difficulty d, sim_difficulty_stats *out) {
    memset(out, 0, sizeof *out);
    double placement = 0;
    for (int i = 0; i < w->agent_count; i++) {
        const sim_agent *a = &w->agents[i];
        if (!a->bot || a->difficulty != d) continue;
        out->bots++;
        placement += a->placement ? a->placement : 1;
        out->zone_deaths += a->cause == SIM_DIED_ZONE;
        out->bullet_deaths += a->cause == SIM_DIED_BULLET;
        out->shots += a->stats.shots;
        out->hits += a->stats.hits;
        out->threats += a->stats.threats;
        out->dodged += a->stats.threats_dodged;
        out->stuck_ticks += a->stats.stuck_ticks;
        if (a->stats.longest_stuck > out->longest_stuck)
            out->longest_stuck = a->stats.longest_stuck;
        for (int k = 0; k < SIM_WEAPON_COUNT; k++) out->kills_with[k] += a->stats.kills_with[k];
        out->props_broken += a->stats.props_broken;
        out->pickups += a->stats.pickups;
        out->blinks += a->stats.blinks;
    }
    out->mean_placement = out->bots ? placement / out->bots : 0.0;
}

void sim_stats_human(const sim_world *w, int human, sim_human_stats *out) {
    const sim_agent *a = &w->agents[human];
    memset(out, 0, sizeof *out);
    out->placement = a->placement;
    out->agents = w->agent_count;
    // Deaths set a cause; the survivors of a match cut short by its end placed by HP keep none.
    out->survived_s = (double)(a->cause != SIM_ALIVE ? a->death_tick : w->tick) / SIM_TICK_HZ;
    out->first_level_s =
        a->stats.first_level_tick < 0 ? -1.0 : (double)a->stats.first_level_tick / SIM_TICK_HZ;
    out->level = a->level;
    out->kills = a->kills;
    out->hit_rate = a->stats.shots ? (double)a->stats.hits / a->stats.shots : 0.0;
    out->threats = a->stats.threats;
    out->dodged = a->stats.threats ? (double)a->stats.threats_dodged / a->stats.threats : 0.0;
    for (int k = 0; k < SIM_WEAPON_COUNT; k++) out->kills_with[k] = a->stats.kills_with[k];
    out->props_broken = a->stats.props_broken;
    out->pickups = a->stats.pickups;
    out->blinks = a->stats.blinks;
    out->damage_dealt = a->stats.damage_dealt;
    out->unseen_from_bots = a->stats.unseen_from_bots;
    out->unseen_from_people = a->stats.unseen_from_people;
    memcpy(out->picked, a->stats.picked, sizeof out->picked);
    memcpy(out->items_used, a->stats.items_used, sizeof out->items_used);
    out->reloads = a->stats.reloads;
    out->first_fight_s =
        a->stats.first_fight_tick < 0 ? -1.0 : (double)a->stats.first_fight_tick / SIM_TICK_HZ;
}

double sim_stats_first_circle_s(const sim_world *w) {
    const sim_rules *r = &w->cfg.rules;
    if (r->zone_phase_count == 0) return INFINITY;
    return (double)sim_zone_ticks(w, r->zone[0].hold_ticks + r->zone[0].shrink_ticks) / SIM_TICK_HZ;
}

int sim_stats_alive_at_last_shrink(const sim_world *w) {
    return w->alive_at_last_shrink;
}
