/// Keyframes: copies of a match's whole state (its state_heap) at ticks along a replay, kept in
/// memory so that seeking restores the nearest earlier one and re-simulates from there.
///
/// A keyframe is a list of the heap's pages. A page equal to the same page of the keyframe
/// before it is shared, and an all-zero page costs nothing, so a keyframe costs about what
/// changed since the last one: the map, the navigation and most of the pools' free slots are
/// stored once.
#ifndef KEYFRAMES_H
#define KEYFRAMES_H

#include "state_heap.h"

typedef struct keyframes keyframes;

keyframes *keyframes_create(void);
void keyframes_destroy(keyframes *k);

/// Saves the heap as the keyframe of `tick`, which must be later than the last one's. False
/// when memory runs out (nothing saved).
bool keyframes_save(keyframes *k, int tick, const state_heap *h);
/// Keyframes saved so far, and the tick of keyframe i (ascending).
int keyframes_count(const keyframes *k);
int keyframes_tick(const keyframes *k, int i);
/// The last keyframe at or before `tick`, -1 when none.
int keyframes_find(const keyframes *k, int tick);
/// Writes keyframe i back into the heap it was saved from: the state is again what it was.
void keyframes_restore(const keyframes *k, int i, state_heap *h);
/// Forgets the keyframes after `tick` (a branch of the match makes them wrong).
void keyframes_drop_after(keyframes *k, int tick);
/// Bytes the keyframes take (pages, and the lists of them).
size_t keyframes_bytes(const keyframes *k);

#endif
