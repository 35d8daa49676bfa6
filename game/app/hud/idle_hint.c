#include "idle_hint.h"

void idle_hint_init(idle_hint *h, float threshold) {
    h->threshold = threshold;
    h->held = 0.0f;
    h->retired = false;
}

bool idle_hint_update(idle_hint *h, float dt, const bool *conditions, int count, bool acted) {
    if (acted) h->retired = true;
    if (h->retired) return false;
    bool all = true;
    for (int i = 0; i < count; i++) all = all && conditions[i];
    h->held = all ? h->held + dt : 0.0f;
    return all && h->held >= h->threshold; // "all": a zero threshold shows only while they hold
}
