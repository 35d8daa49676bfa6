/// The guided start of a first run: move, fire, gems, a skill, the zone. Each step's prompt
/// waits on the idle-hint timer (it shows once the player has not yet done the thing for a
/// moment) and the step ends when the player has done it. It can be skipped, and the app keeps
/// "done" in the settings so it runs once. No SDL, so its rules are unit-tested.
#ifndef ARENA_ONBOARDING_H
#define ARENA_ONBOARDING_H

#include "idle_hint.h"

#include <stdbool.h>

typedef enum onboarding_step {
    ONBOARD_MOVE,
    ONBOARD_FIRE,
    ONBOARD_GEMS,
    ONBOARD_SKILL,
    ONBOARD_ZONE,
    ONBOARD_DONE
} onboarding_step;

/// What the guided player did this tick.
typedef struct onboarding_facts {
    bool playing;       ///< alive in a running match (prompts wait otherwise)
    bool moved, fired;  ///< moved / fired this tick
    bool level_pending; ///< a skill pick waits
    bool picked;        ///< picked a skill this tick
} onboarding_facts;

typedef struct onboarding {
    onboarding_step step;
    idle_hint wait;  ///< the current step's prompt shows once its conditions held this long
    float progress;  ///< seconds moved, or shots fired, in this step
    float shown_for; ///< seconds the current prompt has shown
    bool showing;    ///< the prompt shows now
} onboarding;

/// Starts the guide; `done` (it ran before, or was skipped): it stays finished.
void onboarding_start(onboarding *o, bool done);
/// Advances by dt seconds. Returns true on the call where the guide finishes.
bool onboarding_update(onboarding *o, float dt, const onboarding_facts *f);
/// Ends the guide now.
void onboarding_skip(onboarding *o);
/// True while the guide has steps left.
bool onboarding_active(const onboarding *o);
/// The prompt to show now, or NULL; worded for a pad or touch when has_pad / touch.
const char *onboarding_prompt(const onboarding *o, bool has_pad, bool touch);

/// Seconds of moving, and shots, that finish the first two steps; seconds the gem and zone
/// prompts show.
#define ONBOARD_MOVE_SECONDS 1.0f
#define ONBOARD_SHOTS        3
#define ONBOARD_SHOW_SECONDS 6.0f

#endif
