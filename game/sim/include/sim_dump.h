/// The match state as stable, line-oriented text (`arena --replay FILE --headless --dump-tick
/// T`), so that the states two builds reach can be compared with `diff`.
///
/// One thing per line, each line starting with its kind and, for things of which there are
/// many, its index; then `key value` pairs in a fixed order:
///
///   tick 300 over 0 winner -1
///   match seed 11 humans 1 bots 29 agents 30 alive 27 difficulty normal
///   map width 60 height 40 cell_size 32 hash 8f0c...
///   rng state ... inc ...
///   zone phase 0 timer 300 shrinking 0 center 960 640 radius 1100 ...
///   counts bullets 12 gems 88 spawned_gems 61 pickups 9 props 40 props_broken 2 ...
///   agent 0 player 1 slot 0 pos 1234.5 88.25 facing 0.707106769 0.707106769 ... hp 87.5 ...
///     ... weapon smg held 0 guns 3,5,0 tiers 1,0,0 mag 30,0,12 reserve 20,0,0 reload_ticks 0
///     items 2,0,1 using_item -1 use_ticks 0 ...          (the loadout; 5: an empty slot)
///   agent 5 bot 5 difficulty normal slot -1 pos ...   (bots are numbered as named)
///   brain 5 rng_state ... state fight target 7 ...      (agent 5's bot brain; a person's agent
///                                                        has one too, unused while it drives)
///   bullet 3 pos ... vel ... owner 7 ...                (live bullets, by slot)
///   gem 17 pos ... xp 1 dropped 0                       (live gems, by slot)
///   pickup 2 pos ... kind weapon weapon rifle tier 1 ammo 10   (loot on the ground, by slot)
///   prop 5 cell 12 7 kind crate hp 20 ...               (props that have been hit)
///   door 1 cell 30 4 open 0.25 moving 1 active 1        (doors not closed and still)
///
/// Floats are printed with %.9g: nine significant digits tell every two floats apart, so any
/// bit difference shows (-0 and 0 too; a NaN prints as nan, its payload unseen). Everything the
/// state hash covers is in it, with a few fields that only explain it (a bot's goal).
#ifndef SIM_DUMP_H
#define SIM_DUMP_H

#include "sim.h"

#include <stdio.h>

/// Receives each line of a dump, without its newline.
typedef void sim_dump_fn(void *ctx, const char *line);

/// Hands every line of the dump of `w` to fn, in order.
void sim_dump_lines(const sim_world *w, sim_dump_fn *fn, void *ctx);

/// Writes the dump of `w` to out, a newline after each line.
void sim_dump(const sim_world *w, FILE *out);

#endif
