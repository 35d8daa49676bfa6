/// Debug overlays for tuning maps and bots, each on a function key (F1 lists them): the SDF
/// heatmap with the iso-line at the agent radius, gradient arrows under the cursor, the nav
/// clearance grid, every bot's path, target and state, the MBP regions with proxy counts, cover
/// points with normals, the zone circles, a per-phase timing graph, and the world's changes
/// (props' hit points, cells broken this match, doors' boxes and distance fields).
#ifndef ARENA_OVERLAYS_H
#define ARENA_OVERLAYS_H

#include "camera.h"
#include "gfx.h"
#include "sim_state.h"

enum overlay_kind {
    OVERLAY_SDF,      ///< F4
    OVERLAY_GRADIENT, ///< F5
    OVERLAY_NAV,      ///< F6
    OVERLAY_BOTS,     ///< F7
    OVERLAY_MBP,      ///< F8
    OVERLAY_COVER,    ///< F9
    OVERLAY_TIMING,   ///< F10 (zones and the per-phase timing graph)
    OVERLAY_WORLD,    ///< F2 (props' hit points, broken cells, doors' fields); F11 is fullscreen
    OVERLAY_COUNT
};

#define OVERLAY_HISTORY 240

typedef struct overlays {
    unsigned on;                                     ///< bit per overlay_kind
    bool help;                                       ///< F1 list shown (help_view.c)
    float history[OVERLAY_HISTORY][SIM_PHASE_COUNT]; ///< us per phase of recent ticks
    int history_pos;
} overlays;

/// Records one tick's phase times for the graph.
void overlays_record(overlays *o, const float *phase_us);
/// Draws the overlays that are on (world-space ones under the HUD). mouse: cursor in screen pixels.
void overlays_draw(const overlays *o, gfx *g, const camera *c, const sim_world *w, float mouse_x,
                   float mouse_y);
/// Key names and titles for the help list and the README.
const char *overlay_title(int kind);

#endif
