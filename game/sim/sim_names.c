#include "sim_names.h"

#include "sim_world.h"

#include <stdio.h>

void sim_agent_name(const sim_world *w, int id, char *out, size_t size) {
    if (w->cfg.humans > 0 && id == w->slot_agent[0]) // the first player's, a taken bot too
        snprintf(out, size, "You");
    else if (!w->agents[id].bot)
        snprintf(out, size, "P%d", id + 1);
    else
        snprintf(out, size, "Bot %d", id - w->cfg.humans + 1);
}

const char *sim_harm_phrase(int harm) {
    static const char *const phrases[] = {
        [SIM_WEAPON_PISTOL] = "the Pistol", [SIM_WEAPON_SHOTGUN] = "the Shotgun",
        [SIM_WEAPON_RIFLE] = "the Rifle",   [SIM_WEAPON_SMG] = "the SMG",
        [SIM_WEAPON_GRENADE] = "a Grenade", [SIM_HARM_BARREL] = "a barrel blast",
        [SIM_HARM_ZONE] = "the zone"};
    _Static_assert(SIM_WEAPON_COUNT == 5, "a phrase for every weapon");
    return harm >= 0 && harm <= SIM_HARM_ZONE ? phrases[harm] : "";
}

const char *sim_harm_name(int harm) {
    static const char *const names[] = {
        [SIM_WEAPON_PISTOL] = "Pistol",   [SIM_WEAPON_SHOTGUN] = "Shotgun",
        [SIM_WEAPON_RIFLE] = "Rifle",     [SIM_WEAPON_SMG] = "SMG",
        [SIM_WEAPON_GRENADE] = "Grenade", [SIM_HARM_BARREL] = "Barrel",
        [SIM_HARM_ZONE] = "Zone"};
    _Static_assert(SIM_WEAPON_COUNT == 5, "a name for every weapon");
    return harm >= 0 && harm <= SIM_HARM_ZONE ? names[harm] : "";
}
