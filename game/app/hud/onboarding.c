#include "onboarding.h"

#include <stddef.h>

/// Seconds each step's prompt waits for the player to act on their own first.
static const float step_wait[ONBOARD_DONE] = {1.0f, 1.5f, 0.5f, 0.0f, 0.5f};

static void begin_step(onboarding *o, onboarding_step s) {
    o->step = s;
    o->progress = 0.0f;
    o->shown_for = 0.0f;
    o->showing = false;
    if (s < ONBOARD_DONE) idle_hint_init(&o->wait, step_wait[s]);
}

void onboarding_start(onboarding *o, bool done) {
    begin_step(o, done ? ONBOARD_DONE : ONBOARD_MOVE);
}

void onboarding_skip(onboarding *o) {
    begin_step(o, ONBOARD_DONE);
}

bool onboarding_active(const onboarding *o) {
    return o->step < ONBOARD_DONE;
}

bool onboarding_update(onboarding *o, float dt, const onboarding_facts *f) {
    if (o->step >= ONBOARD_DONE) return false;
    bool finished = false; // the player did what the step asks
    bool idle = true;      // the step's own wait condition
    switch (o->step) {
    case ONBOARD_MOVE:
        if (f->playing && f->moved) o->progress += dt;
        finished = o->progress >= ONBOARD_MOVE_SECONDS;
        idle = !f->moved;
        break;
    case ONBOARD_FIRE:
        if (f->playing && f->fired) o->progress += 1.0f;
        finished = o->progress >= (float)ONBOARD_SHOTS;
        idle = !f->fired;
        break;
    case ONBOARD_GEMS: // shows for a while, or until a level-up makes the next step due
        finished = o->shown_for >= ONBOARD_SHOW_SECONDS || f->level_pending;
        break;
    case ONBOARD_SKILL: // waits for a level-up, then shows until a skill is picked
        finished = f->picked || (o->shown_for > 0.0f && !f->level_pending);
        idle = f->level_pending;
        break;
    case ONBOARD_ZONE:
        finished = o->shown_for >= ONBOARD_SHOW_SECONDS;
        break;
    case ONBOARD_DONE:
        break;
    }
    if (finished) {
        begin_step(o, (onboarding_step)(o->step + 1));
        return o->step == ONBOARD_DONE;
    }
    const bool conditions[2] = {f->playing, idle};
    o->showing = idle_hint_update(&o->wait, dt, conditions, 2, false);
    if (o->showing) o->shown_for += dt;
    return false;
}

const char *onboarding_prompt(const onboarding *o, bool has_pad, bool touch) {
    if (!o->showing) return NULL;
    switch (o->step) {
    case ONBOARD_MOVE:
        return has_pad ? "Move with the left stick"
               : touch ? "Drag anywhere to move"
                       : "Move with W A S D (or drag with the right mouse button)";
    case ONBOARD_FIRE:
        return has_pad ? "Aim with the right stick: pushing it fires"
               : touch ? "You fire at the nearest enemy in sight by yourself"
                       : "Aim with the mouse and hold the left button to fire";
    case ONBOARD_GEMS:
        return "Walk over purple gems to gain XP and level up";
    case ONBOARD_SKILL:
        return has_pad ? "Level up! Pick a skill with the button shown under it"
               : touch ? "Level up! Tap a skill on the panel to pick it"
                       : "Level up! Press the key shown under a skill to pick it";
    case ONBOARD_ZONE:
        return "The safe zone shrinks: stay inside the white circle (see the map)";
    case ONBOARD_DONE:
        break;
    }
    return NULL;
}
