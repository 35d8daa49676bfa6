/// The art generator as a library: each sheet of art_layout.h has a drawing function, and
/// art_sheets lists them with their file names and sizes. make_art.c writes them as PNGs; the
/// asset tests regenerate them and compare with the committed files.
#ifndef ART_H
#define ART_H

#include "raster.h"

#include <stdbool.h>
#include <stdint.h>

/// The seed of every random choice in the art (PCG32 streams are derived from it per sheet).
#define ART_SEED 0x41524541ull

/// One output image.
typedef struct art_sheet {
    const char *file;           ///< file name (art_layout.h)
    int w, h;                   ///< size in pixels
    int cell_w, cell_h;         ///< cell size (the whole image for single pictures)
    int cells;                  ///< cells in use, left to right, top to bottom
    void (*draw)(rs_canvas *c); ///< draws the whole sheet onto a w x h transparent canvas
} art_sheet;

/// Every sheet, in a fixed order.
extern const art_sheet art_sheets[];
/// Number of entries in art_sheets.
extern const int art_sheet_count;

/// Draws sheet `s` and returns its pixels as RGBA8 (straight alpha, w * h * 4 bytes, malloc'd).
uint8_t *art_render(const art_sheet *s);

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

/// The font's glyph for ASCII code `ch` (32..126) as it sits in its 8x16 cell: 16 rows, bit 7
/// of each byte is the leftmost column. Returns false (rows untouched) outside the range.
bool art_font_glyph(int ch, uint8_t rows[16]);

#endif
