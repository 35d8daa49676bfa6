/// A multi-condition idle timer (article 002): a hint shows only after every one of its idle
/// conditions has held, without a break, for `threshold` seconds, and never again once the
/// player has done what it hints at. No SDL, so its rules are unit-tested.
#ifndef ARENA_IDLE_HINT_H
#define ARENA_IDLE_HINT_H

#include <stdbool.h>

typedef struct idle_hint {
    float threshold; ///< seconds every condition must hold
    float held;      ///< seconds they have held so far
    bool retired;    ///< the player acted: never show again
} idle_hint;

void idle_hint_init(idle_hint *h, float threshold);
/// conditions: one flag per idle condition (all must be true); acted: the player did the hinted
/// thing this frame. Returns whether the hint shows now.
bool idle_hint_update(idle_hint *h, float dt, const bool *conditions, int count, bool acted);

#endif
