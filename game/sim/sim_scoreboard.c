#include "sim_scoreboard.h"

#include "sim_world.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static sim_score_row row_of(const sim_world *w, int id) {
    const sim_agent *a = &w->agents[id];
    sim_score_row r = {0};
    r.agent = id;
    sim_agent_name(w, id, r.name, sizeof r.name);
    r.placement = a->placement;
    r.kills = a->kills;
    r.damage = (int)floor(a->stats.damage_dealt + 0.5);
    r.level = a->level;
    r.bot = a->bot;
    return r;
}

/// True when agent i ranks above agent j: the living above the placed, placed agents by
/// placement, the living by kills, then damage dealt, then the lower id.
static bool ranks_above(const sim_world *w, int i, int j) {
    const sim_agent *a = &w->agents[i], *b = &w->agents[j];
    if ((a->placement == 0) != (b->placement == 0)) return a->placement == 0;
    if (a->placement != b->placement) return a->placement < b->placement;
    if (a->kills != b->kills) return a->kills > b->kills;
    if (a->stats.damage_dealt != b->stats.damage_dealt)
        return a->stats.damage_dealt > b->stats.damage_dealt;
    return i < j;
}

/// The best SIM_SCOREBOARD_TOP agents, best first, by insertion into the short list.
static void build_top(const sim_world *w, sim_scoreboard *out) {
    int ids[SIM_SCOREBOARD_TOP], n = 0;
    for (int i = 0; i < w->agent_count; i++) {
        int at = n;
        while (at > 0 && ranks_above(w, i, ids[at - 1])) at--;
        if (at >= SIM_SCOREBOARD_TOP) continue;
        if (n < SIM_SCOREBOARD_TOP) n++;
        memmove(&ids[at + 1], &ids[at], (size_t)(n - 1 - at) * sizeof ids[0]);
        ids[at] = i;
    }
    out->top_count = n;
    for (int k = 0; k < n; k++) out->top[k] = row_of(w, ids[k]);
}

/// True when the time limit ended the match with more than one agent standing (they were
/// placed by HP).
static bool outlasted_by_others(const sim_world *w) {
    int standing = 0;
    for (int i = 0; i < w->agent_count; i++)
        standing += w->agents[i].placement != 0 && w->agents[i].cause == SIM_ALIVE;
    return standing > 1;
}

/// What dealer `by` dealt in all (its sources summed).
static double dealer_total(const sim_agent_stats *st, int by) {
    double t = 0;
    for (int k = 0; k < st->hurt_count; k++)
        if (st->hurt[k].by == by) t += st->hurt[k].amount;
    return t;
}

/// True when ledger row i lists before row j: its dealer dealt more (ties: the lower id, the
/// nobody's last), then within a dealer the bigger source (ties: the lower sim_harm).
static bool hurt_before(const sim_agent_stats *st, const sim_hurt *i, const sim_hurt *j) {
    if (i->by != j->by) {
        const double ti = dealer_total(st, i->by), tj = dealer_total(st, j->by);
        if (ti != tj) return ti > tj;
        return (unsigned)i->by < (unsigned)j->by;
    }
    if (i->amount != j->amount) return i->amount > j->amount;
    return i->harm < j->harm;
}

static void build_hurt(const sim_world *w, const sim_agent *a, sim_scoreboard *out) {
    const sim_agent_stats *st = &a->stats;
    int order[SIM_HURT_SOURCES], n = 0;
    for (int k = 0; k < st->hurt_count; k++) { // insertion: eight rows at most
        int at = n;
        while (at > 0 && hurt_before(st, &st->hurt[k], &st->hurt[order[at - 1]])) at--;
        memmove(&order[at + 1], &order[at], (size_t)(n - at) * sizeof order[0]);
        order[at] = k;
        n++;
    }
    double dropped = st->hurt_other;
    for (int k = 0; k < n; k++) {
        const sim_hurt *h = &st->hurt[order[k]];
        const int amount = (int)floor(h->amount + 0.5);
        if (amount <= 0) {
            dropped += h->amount;
            continue;
        }
        sim_score_hurt *r = &out->hurt[out->hurt_count++];
        r->agent = h->by >= 0 && h->by < w->agent_count ? h->by : -1;
        if (r->agent >= 0) sim_agent_name(w, r->agent, r->name, sizeof r->name);
        r->harm = h->harm;
        r->amount = amount;
    }
    out->hurt_other = (int)floor(dropped + 0.5);
}

static void build_viewer(const sim_world *w, int viewer, sim_scoreboard *out) {
    const sim_agent *a = &w->agents[viewer];
    out->viewer = row_of(w, viewer);
    out->survived_s = (double)(a->cause != SIM_ALIVE ? a->death_tick : w->tick) / SIM_TICK_HZ;
    memcpy(out->skills, a->skills, sizeof out->skills);
    build_hurt(w, a, out);
    if (a->placement == 0) {
        out->fate = SIM_FATE_PLAYING;
        snprintf(out->fate_text, sizeof out->fate_text, "Still in the match");
    } else if (a->placement == 1) {
        out->fate = SIM_FATE_WON;
        snprintf(out->fate_text, sizeof out->fate_text,
                 outlasted_by_others(w) ? "Ahead when time ran out" : "Last one standing");
    } else if (a->cause == SIM_ALIVE) {
        out->fate = SIM_FATE_OUTLASTED;
        snprintf(out->fate_text, sizeof out->fate_text, "Still standing when time ran out");
    } else if (a->cause == SIM_DIED_ZONE) {
        out->fate = SIM_FATE_ZONE;
        out->harm = SIM_HARM_ZONE;
        snprintf(out->fate_text, sizeof out->fate_text, "Eliminated by the zone");
    } else {
        out->fate = SIM_FATE_ELIMINATED;
        out->harm = a->stats.death_harm;
        if (a->killer >= 0 && a->killer < w->agent_count) {
            out->killer = a->killer;
            sim_agent_name(w, a->killer, out->killer_name, sizeof out->killer_name);
        }
        const char *with = sim_harm_phrase(out->harm);
        if (out->killer < 0)
            snprintf(out->fate_text, sizeof out->fate_text, "Eliminated");
        else if (!*with)
            snprintf(out->fate_text, sizeof out->fate_text, "Eliminated by %s", out->killer_name);
        else
            snprintf(out->fate_text, sizeof out->fate_text, "Eliminated by %s with %s",
                     out->killer_name, with);
    }
}

int sim_kill_leader(const sim_world *w) {
    int best = -1;
    for (int i = 0; i < w->agent_count; i++)
        if (w->agents[i].kills > 0 && (best < 0 || w->agents[i].kills > w->agents[best].kills))
            best = i;
    return best;
}

void sim_scoreboard_hurt_text(const sim_scoreboard *sb, char *out, size_t n) {
    if (n == 0) return;
    out[0] = '\0';
    size_t len = 0;
    for (int k = 0; k < sb->hurt_count && len < n; k++) {
        const sim_score_hurt *h = &sb->hurt[k];
        const bool same = k > 0 && sb->hurt[k - 1].agent == h->agent;
        const char *sep = k == 0 ? "" : same ? ", " : "; ";
        if (!same && h->agent >= 0)
            len += (size_t)snprintf(out + len, n - len, "%s%s: %s %d", sep, h->name,
                                    sim_harm_name(h->harm), h->amount);
        else
            len += (size_t)snprintf(out + len, n - len, "%s%s %d", sep, sim_harm_name(h->harm),
                                    h->amount);
    }
    if (sb->hurt_other > 0 && len < n)
        snprintf(out + len, n - len, "%sothers %d", len ? "; " : "", sb->hurt_other);
}

void sim_scoreboard_build(const sim_world *w, int viewer, sim_scoreboard *out) {
    memset(out, 0, sizeof *out);
    out->agents = w->agent_count;
    out->over = w->over;
    out->alive = w->over ? 0 : w->alive_count;
    out->killer = -1;
    out->harm = SIM_HARM_NONE;
    out->viewer_top = -1;
    build_top(w, out);
    if (viewer < 0 || viewer >= w->agent_count) return;
    build_viewer(w, viewer, out);
    for (int k = 0; k < out->top_count; k++)
        if (out->top[k].agent == viewer) out->viewer_top = k;
}
