// font.png: the hand-drawn bitmap font, white on transparent, 8x16 cells.
#include "art_draw.h"
#include "art_font_glyphs.h"
#include "art_layout.h"

#include <string.h>

// Where the 6x12 glyph art sits inside the 8x16 cell.
#define GLYPH_X 1
#define GLYPH_Y 2

bool art_font_glyph(int ch, uint8_t rows[16]) {
    if (ch < ART_FONT_FIRST || ch > ART_FONT_LAST) return false;
    int index = ch - ART_FONT_FIRST;
    int block = index / ART_FONT_ART_PER_BLOCK, slot = index % ART_FONT_ART_PER_BLOCK;
    memset(rows, 0, 16);
    for (int r = 0; r < ART_FONT_ART_H; r++) {
        const char *line = art_font_art[block * ART_FONT_ART_H + r] + slot * (ART_FONT_ART_W + 1);
        for (int x = 0; x < ART_FONT_ART_W; x++)
            if (line[x] == '#') rows[GLYPH_Y + r] |= (uint8_t)(0x80u >> (GLYPH_X + x));
    }
    return true;
}

void art_draw_font(rs_canvas *c) {
    const rs_color white = {1.0f, 1.0f, 1.0f, 1.0f};
    for (int ch = ART_FONT_FIRST; ch <= ART_FONT_LAST; ch++) {
        int i = ch - ART_FONT_FIRST;
        rs_cell(c, (i % ART_FONT_PER_ROW) * ART_FONT_W, (i / ART_FONT_PER_ROW) * ART_FONT_H,
                ART_FONT_W, ART_FONT_H);
        uint8_t rows[16];
        art_font_glyph(ch, rows);
        for (int y = 0; y < ART_FONT_H; y++)
            for (int x = 0; x < ART_FONT_W; x++)
                if (rows[y] & (0x80u >> x)) rs_plot(c, x, y, white, 1.0f, RS_OVER);
    }
}
