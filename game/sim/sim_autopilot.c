#include "sim_autopilot.h"

#include "bot_nav.h"
#include "pilot_novice.h"

struct sim_autopilot {
    sim_pilot pilot;
    int agents;
    bot_brain *brains;     ///< one per agent: the bot pilot's brains; the novices walk with them
    pilot_novice *novices; ///< one per agent
    bot_nav nav;           ///< its own queue and flood context over the world's maps
    uint32_t generation;   ///< sim_map_generation of the maps `nav` points at
    bool bound;            ///< false after a failed rebinding: `nav` points at freed maps
    int served_tick;       ///< the world's tick the path queue was last served at
};

static void free_slots(sim_autopilot *ap) {
    const size_t n = (size_t)(ap->agents > 0 ? ap->agents : 1);
    if (ap->novices)
        for (int i = 0; i < ap->agents; i++) pilot_novice_free(&ap->novices[i]);
    if (ap->novices) ae_free(ap->novices, n * sizeof *ap->novices);
    if (ap->brains) ae_free(ap->brains, n * sizeof *ap->brains);
}

sim_autopilot *sim_autopilot_create(const sim_world *w, uint64_t seed, sim_pilot pilot) {
    if (pilot == SIM_PILOT_NONE) return NULL;
    sim_autopilot *ap = ae_calloc(1, sizeof *ap);
    if (!ap) return NULL;
    ap->pilot = pilot;
    // One brain per agent, not per human: a network client flies whichever agent the server gave
    // it (a joiner may take a bot's). A brain never asked for is never served, so a session that
    // flies its humans gets the same inputs as with brains for the humans only.
    ap->agents = w->agent_count;
    const size_t n = (size_t)(ap->agents > 0 ? ap->agents : 1);
    ap->brains = ae_calloc(n, sizeof *ap->brains);
    ap->novices = ae_calloc(n, sizeof *ap->novices);
    bool ok = ap->brains && ap->novices;
    for (int i = 0; ok && i < ap->agents; i++) bot_brain_init(&ap->brains[i], seed ^ 0xA11CEull, i);
    if (pilot == SIM_PILOT_NOVICE)
        for (int i = 0; i < ap->agents; i++) ok = ok && pilot_novice_init(&ap->novices[i], w);
    ap->generation = sim_map_generation(w);
    ap->bound = true;
    ap->served_tick = -1;
    if (!ok || !bot_nav_init(&ap->nav, sim_bots_nav(w), sim_bots_cover(w), ap->agents, NULL)) {
        free_slots(ap);
        ae_free(ap, sizeof *ap);
        return NULL;
    }
    return ap;
}

void sim_autopilot_destroy(sim_autopilot *ap) {
    if (!ap) return;
    bot_nav_free(&ap->nav);
    free_slots(ap);
    ae_free(ap, sizeof *ap);
}

void sim_autopilot_input(sim_autopilot *ap, sim_world *w, int agent, sim_input *out) {
    // The map was swapped (once or more since the last call), or the last rebinding failed:
    // follow the world's maps. Until a rebinding succeeds the pilot idles, since its queue
    // still points at maps the swap freed; it tries again at every call.
    if (!ap->bound || sim_map_generation(w) != ap->generation) {
        ap->bound = bot_nav_set_maps(&ap->nav, sim_bots_nav(w), sim_bots_cover(w), NULL);
        ap->generation = sim_map_generation(w);
        if (ap->bound)
            for (int i = 0; i < ap->agents; i++)
                ap->brains[i].path_count = ap->brains[i].path_pending = 0;
    }
    if (!ap->bound) {
        *out = (sim_input){0};
        return;
    }
    if (agent < 0 || agent >= ap->agents) {
        *out = (sim_input){0};
        return;
    }
    // Paths are served once a tick, at its first call: human 0's in a session, which asks for
    // every human in order; a network client flies one agent, whichever it is.
    if (sim_tick(w) != ap->served_tick) {
        bot_nav_serve(&ap->nav, ap->brains, ap->agents, &w->sdf, BOT_NAV_BUDGET);
        ap->served_tick = sim_tick(w);
    }
    if (ap->pilot == SIM_PILOT_NOVICE)
        pilot_novice_update(w, &ap->novices[agent], &ap->brains[agent], agent, &ap->nav.planner,
                            out);
    else
        bot_brain_update(w, &ap->brains[agent], agent, &ap->nav.planner, out);
}
