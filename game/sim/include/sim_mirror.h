/// A mirror world for a network client: a world made with sim_create from the server's map and
/// config, never stepped, into which the client writes what the server's snapshots say, so that
/// everything reading sim_state.h (the renderer, HUD, minimap, effects, sound, scoreboard) runs
/// on it unchanged. Each setter keeps what the world derives from what it sets, as the sim's own
/// step would: the alive count, the bullet, gem and pickup counts and tops (a slot's top is one
/// past the highest live slot, as in the sim), a broken prop's cell freed in the grid and the
/// field (with the sim's own function, so movement and line of sight see it), the list of doors
/// at work, who drives whom, and the broadphase box of an agent (so auto-aim and
/// sim_predict_agent see the agents where the mirror has them).
///
/// The setters check the indices and refuse (false, nothing changed) what the sim never does: an
/// index out of range, an agent's slot that is not one of the match's, a fallen agent rising
/// again, a broken prop made whole. They never draw from the RNG or touch the bot brains, so
/// the mirror's hash parts for the RNG and the bots stay at their start; the props' part is a
/// running hash of every blow dealt, which hit points alone cannot give.
#ifndef SIM_MIRROR_H
#define SIM_MIRROR_H

#include "sim_state.h"

/// The tick the mirror shows (>= 0).
bool sim_mirror_set_tick(sim_world *w, int tick);
/// Agent `id`'s whole record (stats included). A fall (placement 0 to not 0) lowers the alive
/// count and takes the agent out of the broadphase; its slot (-1, or 0 .. humans-1) is the one
/// sim_slot_agent reports.
bool sim_mirror_set_agent(sim_world *w, int id, const sim_agent *a);
/// Slot `slot` (0 .. max_bullets-1) holds this bullet, or is free when it is not alive.
bool sim_mirror_set_bullet(sim_world *w, int slot, const sim_bullet *b);
/// Slot `slot` (0 .. max_gems-1) holds this gem, or is free when it is not alive.
bool sim_mirror_set_gem(sim_world *w, int slot, const sim_gem *g);
/// Slot `slot` (0 .. SIM_PICKUP_SLOTS(agents)-1) holds this pickup, or is free when not alive.
bool sim_mirror_set_pickup(sim_world *w, int slot, const sim_pickup *p);
/// Prop `index`'s hit points and hit record (its cell and kind are the map's and stay); down to
/// 0 it breaks: counted, and its cell freed as the sim frees it.
bool sim_mirror_set_prop(sim_world *w, int index, const sim_prop *p);
/// Door `index`'s openness, motion and whether it is at work (its cell and shape are the map's).
bool sim_mirror_set_door(sim_world *w, int index, const sim_door *d);
void sim_mirror_set_zone(sim_world *w, const sim_zone *z);
/// The match's end: over, and the winner (-1 for none).
void sim_mirror_set_result(sim_world *w, bool over, int winner);
/// The last tick's events (for effects, sounds and the kill feed); at most SIM_EVENT_CAPACITY
/// are kept.
void sim_mirror_set_events(sim_world *w, const sim_event *events, int count);

#endif
