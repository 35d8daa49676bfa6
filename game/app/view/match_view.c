// The frame's one tick driver: after the screens' update it asks what owes ticks this frame, the
// live match's accumulator or the theatre's playback, and steps them. Nothing else steps the
// session on screen (the offline renderers, --screenshot and --frames, step their own).
#include "app.h"

/// A long stall is not made up at once: at most this many live ticks a frame.
#define MAX_LIVE_TICKS 8

int app_ticks_due(app *a, float dt) {
    if (a->view.clock == APP_CLOCK_THEATRE) return app_theatre_ticks_due(a, dt);
    if (!app_world_runs(a)) return 0;
    a->view.clock = APP_CLOCK_LIVE;
    a->view.accumulator += dt;
    const double step = 1.0 / SIM_TICK_HZ;
    int due = 0;
    while (a->view.accumulator >= step && due < MAX_LIVE_TICKS) {
        a->view.accumulator -= step;
        due++;
    }
    if (due == MAX_LIVE_TICKS) a->view.accumulator = 0; // never spiral after a long stall
    return due;
}

view_event app_ticks_done(app *a) {
    view_event ev = VIEW_NONE;
    if (a->view.clock == APP_CLOCK_LIVE)
        a->view.alpha = (float)(a->view.accumulator / (1.0 / SIM_TICK_HZ));
    if (a->view.clock == APP_CLOCK_THEATRE) ev = app_theatre_played(a);
    a->view.clock = APP_CLOCK_STILL;
    a->view.theatre_steps = 0;
    if (a->guide_finished) { // the guide ran to its end: it does not run again
        a->guide_finished = false;
        a->set.onboarding_done = true;
        app_settings_changed(a);
    }
    return ev;
}

view_event app_run_ticks(app *a, float dt) {
    const int due = app_ticks_due(a, dt);
    for (int i = 0; i < due; i++) app_tick(a);
    return app_ticks_done(a);
}
