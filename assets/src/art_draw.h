/// The art generator's drawing, private to it: each sheet's drawing function and the pieces
/// that several sheets share, on the rasteriser's canvas (raster.h).
#ifndef ART_DRAW_H
#define ART_DRAW_H

#include "art.h"
#include "raster.h"

/// Sheet drawing functions (one file each).
void art_draw_tiles(rs_canvas *c);
void art_draw_agent(rs_canvas *c);
void art_draw_props(rs_canvas *c);
void art_draw_fx(rs_canvas *c);
void art_draw_muzzle(rs_canvas *c);
void art_draw_icons(rs_canvas *c);
void art_draw_ui(rs_canvas *c);
void art_draw_vignette(rs_canvas *c);
void art_draw_font(rs_canvas *c);
void art_draw_near(rs_canvas *c);
void art_draw_weapons(rs_canvas *c);
void art_draw_blast(rs_canvas *c);
void art_draw_door(rs_canvas *c);
void art_draw_pickups(rs_canvas *c);

/// tiles.png helpers shared by art_tiles.c and art_water.c: the current cell becomes tile t's
/// 32x32 pixels; smoothstep on [0, 1]; the water, shore and rock tiles.
void art_set_tile(rs_canvas *c, int tile);
float art_smooth01(float t);
void art_draw_water_tiles(rs_canvas *c);

/// Draws a purple gem centred at (x, y) with half-width `r` (used by the fx sheet and the icon).
void art_gem(rs_canvas *c, float x, float y, float r);

/// Draws weapon `w` (art_weapon) with its grip at (gx, gy) and its barrel along (ux, uy) (unit,
/// or shorter to foreshorten it), `k` times its size in weapons.png.
void art_weapon(rs_canvas *c, int w, float gx, float gy, float ux, float uy, float k);
/// Weapon `w` side on, centred at (cx, cy), scaled to about `width` pixels long (pickups, HUD).
void art_weapon_icon(rs_canvas *c, int w, float cx, float cy, float width);
/// A medkit and a shield centred at (x, y), `k` times their pickup size (pickups and icons).
void art_medkit(rs_canvas *c, float x, float y, float k);
void art_shield(rs_canvas *c, float x, float y, float k);

#endif
