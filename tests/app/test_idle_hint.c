// The multi-condition idle timer's rules.
#include "test.h"

#include "idle_hint.h"

static void test_rules(void) {
    idle_hint h;
    idle_hint_init(&h, 1.0f);
    bool all[3] = {true, true, true}, some[3] = {true, false, true};
    // Shows only after every condition has held for the threshold, without a break.
    for (int i = 0; i < 9; i++) CHECK(!idle_hint_update(&h, 0.1f, all, 3, false));
    CHECK(!idle_hint_update(&h, 0.05f, some, 3, false)); // one condition broke: start over
    for (int i = 0; i < 9; i++) CHECK(!idle_hint_update(&h, 0.1f, all, 3, false));
    CHECK(idle_hint_update(&h, 0.15f, all, 3, false));
    CHECK(idle_hint_update(&h, 0.1f, all, 3, false));
    // The player acts: it hides and never comes back, however idle they are later.
    CHECK(!idle_hint_update(&h, 0.1f, all, 3, true));
    for (int i = 0; i < 100; i++) CHECK(!idle_hint_update(&h, 0.1f, all, 3, false));
    // Acting before it ever showed retires it as well.
    idle_hint_init(&h, 1.0f);
    CHECK(!idle_hint_update(&h, 0.5f, all, 3, true));
    for (int i = 0; i < 30; i++) CHECK(!idle_hint_update(&h, 0.1f, all, 3, false));
}

TEST_MAIN(TEST_CASE(rules))
