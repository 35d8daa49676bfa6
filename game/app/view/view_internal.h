/// What the view's files share among themselves (view/): the tick driver's theatre and killcam
/// steps, which only view_ticks_due and view_ticks_done call.
#ifndef ARENA_VIEW_INTERNAL_H
#define ARENA_VIEW_INTERNAL_H

#include "match_view.h"

/// The ticks the theatre's playback owes for dt seconds, with the single steps asked for.
int view_theatre_ticks_due(match_view *v, float dt);
/// After them: the camera goes on with the followed agent's killer, the interpolation, and the
/// killcam lingers on its last frame (dt seconds more), then ends.
view_event view_theatre_played(match_view *v, float dt);
/// While the killcam plays, dt seconds on: ends it a moment after its last frame.
view_event view_killcam_linger(match_view *v, float dt);

#endif
