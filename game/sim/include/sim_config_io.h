/// The match config as bytes, for replays: every field little-endian in a fixed order, and a
/// validating reader that refuses out-of-range values with a one-line reason naming the field.
#ifndef SIM_CONFIG_IO_H
#define SIM_CONFIG_IO_H

#include "sim.h"

/// The rules version: the config's layout and the sim's behaviour. Bumped whenever either
/// changes, so a replay recorded under other rules is refused instead of diverging.
/// 2: fair bots (reaction, aim spread, field of view, looting), gem magnet, calm regeneration,
///    auto-aim lock-on, normal difficulty by default.
/// 3: a world that changes under fire: weapons (the pistol's numbers moved into the weapon
///    table), breakable props, loot, medkits and shields, the blink, sliding doors.
/// 4: each phase's next circle is picked when its hold begins; humans spawn inside the first one.
/// 5: bots look round for a better enemy every third think (at once when another hurts them),
///    keep a cover spot while it hides them, back off a while after finding none, and dodge a
///    bullet only where its range still reaches.
/// 6: a match worth a second try: input frames carry a weapon slot, an item to use and the
///    person's view (bots fire at a person only from inside it), a reload button; two weapon
///    slots and the pistol, rounds and reloading, carried items, loot tiers, a supply drop.
/// 7: jump point search prunes diagonal jump points (as warthog's jps2): among paths of equal
///    length the bots walk other ones than before; hard bots react in 7 ticks (was 10) and spread
///    less against a crossing target (0.08, was 0.12).
/// 8: the field stored to 1/256 cell (2 bytes a corner), cover points on a 1/4096-cell lattice,
///    path searches' diagonal steps summed exactly (equal paths tie, and ties go to larger g):
///    bots slide, hide and route a hair differently; the blow that downs an agent names its
///    killer (a second blow landing in the same tick took the kill).
#define SIM_CONFIG_VERSION   8
#define SIM_CONFIG_MAX_BYTES 1024

/// Writes cfg (without seed and humans, which replays keep in their header); returns the size.
size_t sim_config_pack(const sim_config *cfg, uint8_t out[SIM_CONFIG_MAX_BYTES]);
/// Checks every config field against the range a match accepts; false with a reason naming
/// the field ("config: rules.agent_speed is 1e+09, not 0 to 64"). sim_create runs it too.
bool sim_config_check(const sim_config *cfg, ae_error *err);
/// Reads a packed config into cfg, whose seed and humans the caller sets. False with err when
/// the bytes are short, long or hold values out of range.
bool sim_config_unpack(const uint8_t *data, size_t size, sim_config *cfg, ae_error *err);

#endif
