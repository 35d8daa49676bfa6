// The guided start: each step's prompt waits its moment, ends when the player does the thing,
// and the whole guide finishes once (or is skipped).
#include "test.h"

#include "onboarding.h"

#include <string.h>

static const float DT = 1.0f / 60.0f;

/// Runs `seconds` of ticks with facts f; returns whether the guide finished during them.
static bool run(onboarding *o, float seconds, onboarding_facts f) {
    bool finished = false;
    for (float t = 0; t < seconds; t += DT) finished |= onboarding_update(o, DT, &f);
    return finished;
}

static void test_steps(void) {
    onboarding o;
    onboarding_start(&o, false);
    CHECK(onboarding_active(&o) && o.step == ONBOARD_MOVE);
    const onboarding_facts idle = {.playing = true};
    // No prompt at once: the player gets a moment to find the keys alone.
    run(&o, 0.5f, idle);
    CHECK(onboarding_prompt(&o, false, false) == NULL);
    run(&o, 0.6f, idle);
    const char *p = onboarding_prompt(&o, false, false);
    CHECK(p && strstr(p, "W A S D"));
    CHECK(strstr(onboarding_prompt(&o, true, false), "stick") != NULL);
    CHECK(strstr(onboarding_prompt(&o, false, true), "Drag") != NULL); // touch names no keys
    // Not while dead or in a menu.
    run(&o, 0.1f, (onboarding_facts){.playing = false});
    CHECK(onboarding_prompt(&o, false, false) == NULL);
    // Moving a full second ends the step; a moment of moving does not.
    run(&o, 0.5f, (onboarding_facts){.playing = true, .moved = true});
    CHECK(o.step == ONBOARD_MOVE);
    run(&o, 0.6f, (onboarding_facts){.playing = true, .moved = true});
    CHECK(o.step == ONBOARD_FIRE);
    // Three shots end the fire step.
    for (int i = 0; i < ONBOARD_SHOTS; i++) {
        CHECK(o.step == ONBOARD_FIRE);
        onboarding_facts shot = {.playing = true, .fired = true};
        onboarding_update(&o, DT, &shot);
    }
    CHECK(o.step == ONBOARD_GEMS);
    // The gem prompt shows for a while, then the skill step waits for a level-up, silently.
    run(&o, 1.0f, idle);
    CHECK(onboarding_prompt(&o, false, false) &&
          strstr(onboarding_prompt(&o, false, false), "gems"));
    run(&o, ONBOARD_SHOW_SECONDS, idle);
    CHECK(o.step == ONBOARD_SKILL);
    run(&o, 5.0f, idle);
    CHECK(onboarding_prompt(&o, false, false) == NULL);
    run(&o, 0.1f, (onboarding_facts){.playing = true, .level_pending = true});
    CHECK(onboarding_prompt(&o, false, false) &&
          strstr(onboarding_prompt(&o, false, false), "key shown under a skill"));
    CHECK(strstr(onboarding_prompt(&o, false, true), "Tap a skill") != NULL);
    onboarding_facts picked = {.playing = true, .picked = true};
    CHECK(!onboarding_update(&o, DT, &picked));
    CHECK(o.step == ONBOARD_ZONE);
    // The zone prompt ends the guide, which reports finishing exactly once.
    CHECK(run(&o, ONBOARD_SHOW_SECONDS + 1.0f, idle));
    CHECK(!onboarding_active(&o));
    CHECK(!run(&o, 2.0f, idle));
    CHECK(onboarding_prompt(&o, false, false) == NULL);
}

static void test_skip_and_done(void) {
    onboarding o;
    onboarding_start(&o, true); // ran before
    CHECK(!onboarding_active(&o));
    CHECK(!run(&o, 3.0f, (onboarding_facts){.playing = true}));
    onboarding_start(&o, false);
    run(&o, 2.0f, (onboarding_facts){.playing = true});
    CHECK(onboarding_prompt(&o, false, false) != NULL);
    onboarding_skip(&o);
    CHECK(!onboarding_active(&o) && onboarding_prompt(&o, false, false) == NULL);
}

TEST_MAIN(TEST_CASE(steps), TEST_CASE(skip_and_done))
