/// The F2 debug overlay: breakable props' hit points, the cells broken this match, and each
/// visible door's box with the heat and iso-distance contours of its own distance field.
#ifndef ARENA_OVERLAY_WORLD_H
#define ARENA_OVERLAY_WORLD_H

#include "camera.h"
#include "gfx.h"
#include "sim_state.h"

void overlay_world_draw(gfx *g, const camera *c, const sim_world *w);

#endif
