/// The results screen's scoreboard, drawn: a translucent panel with the headline (WINNER! or
/// #N of M), how the match ended for the viewer ("Eliminated by Bot 7 with the Rifle") and who
/// damaged it ("Hurt by Bot 7: Rifle 62, Pistol 12; Zone 9", up to two lines), the
/// viewer's figures as a card (kills, damage dealt, survival time, level, skills) and the top
/// players with the viewer's row highlighted. It fits a 1280x720 and an 800x600 screen with room
/// below for the screen's buttons. The data comes from sim_scoreboard_build (sim_scoreboard.h).
///
///   sim_scoreboard sb;
///   sim_scoreboard_build(world, 0, &sb);
///   float used = results_view_draw(g, 0, 0.06f * screen_h, screen_w, &sb);
///   // buttons from y = 0.06f * screen_h + used + a gap
#ifndef ARENA_RESULTS_VIEW_H
#define ARENA_RESULTS_VIEW_H

#include "gfx.h"
#include "sim_scoreboard.h"

/// Where everything goes, in screen pixels.
typedef struct results_layout {
    SDL_FRect panel; ///< the backing panel: centred in [x, x + width), from y down
    SDL_FRect title; ///< the headline
    SDL_FRect fate;  ///< the line under it (empty without a viewer)
    SDL_FRect hurt;  ///< who damaged the viewer, with what and how much (empty when nobody did)
    SDL_FRect card;  ///< the viewer's figures and skills (empty without a viewer)
    SDL_FRect table; ///< the top players, heading included
    /// The table's rows: top[0 .. top_count-1], then the viewer's own row when it is not among
    /// them (row_count is then top_count + 1).
    SDL_FRect rows[SIM_SCOREBOARD_TOP + 1];
    int row_count;
} results_layout;

/// The layout for a band `width` pixels wide starting at (x, y). Two columns (card beside
/// table) from 680 pixels wide; one above the other when narrower.
void results_view_layout(float x, float y, float width, const sim_scoreboard *sb,
                         results_layout *out);

/// Draws the scoreboard in the band; returns the height it used (panel.h), so the caller can
/// put its buttons below. Draws nothing outside the panel.
float results_view_draw(gfx *g, float x, float y, float width, const sim_scoreboard *sb);

#endif
