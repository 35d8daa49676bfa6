/// The names a player reads for agents and for what eliminated them: the kill feed, the
/// spectator banner and the scoreboard all name things through here.
#ifndef SIM_NAMES_H
#define SIM_NAMES_H

#include "sim_state.h"

#include <stddef.h>

/// Room for any agent's name with its terminating zero ("Bot 999", "You", "P8").
#define SIM_NAME_SIZE 16

/// "You" for the first local player, "P2" .. "P8" for the others, "Bot N" (N counting bots from
/// 1) for bots. Writes at most `size` bytes.
void sim_agent_name(const sim_world *w, int id, char *out, size_t size);

/// What dealt a blow (a sim_harm), as it follows "with" or "by": "the Rifle", "a Grenade",
/// "a barrel blast", "the zone"; "" for SIM_HARM_NONE or anything else.
const char *sim_harm_phrase(int harm);
/// The same as a short name, as a list of who dealt what reads it: "Pistol", "Grenade",
/// "Barrel", "Zone"; "" for SIM_HARM_NONE or anything else.
const char *sim_harm_name(int harm);

#endif
