/// The art generator as a library: each sheet of art_layout.h has a drawing function, and
/// art_sheets lists them with their file names and sizes. make_art.c writes them as PNGs; the
/// asset tests regenerate them and compare with the committed files. The drawing itself (the
/// rasteriser and each sheet's functions) is private to the generator: src/art_draw.h.
#ifndef ART_H
#define ART_H

#include <stdbool.h>
#include <stdint.h>

/// The seed of every random choice in the art (PCG32 streams are derived from it per sheet).
#define ART_SEED 0x41524541ull

struct rs_canvas; // the rasteriser's canvas (src/raster.h)

/// One output image.
typedef struct art_sheet {
    const char *file;                  ///< file name (art_layout.h)
    int w, h;                          ///< size in pixels
    int cell_w, cell_h;                ///< cell size (the whole image for single pictures)
    int cells;                         ///< cells in use, left to right, top to bottom
    void (*draw)(struct rs_canvas *c); ///< draws the whole sheet onto a w x h transparent canvas
} art_sheet;

/// Every sheet, in a fixed order.
extern const art_sheet art_sheets[];
/// Number of entries in art_sheets.
extern const int art_sheet_count;

/// Draws sheet `s` and returns its pixels as RGBA8 (straight alpha, w * h * 4 bytes, malloc'd).
uint8_t *art_render(const art_sheet *s);

/// The font's glyph for ASCII code `ch` (32..126) as it sits in its 8x16 cell: 16 rows, bit 7
/// of each byte is the leftmost column. Returns false (rows untouched) outside the range.
bool art_font_glyph(int ch, uint8_t rows[16]);

#endif
