/// The hand-drawn glyph art of the bitmap font (see art_font_glyphs.c for the format).
#ifndef ART_FONT_GLYPHS_H
#define ART_FONT_GLYPHS_H

/// Glyphs per block (side by side in one string row).
#define ART_FONT_ART_PER_BLOCK 8
/// Columns of one glyph in the art (a space separates neighbours).
#define ART_FONT_ART_W 6
/// Rows of one glyph in the art.
#define ART_FONT_ART_H 12
/// Total rows of art: 12 blocks of 12 rows cover ASCII 32..126 (95 glyphs, the last block
/// holds 7).
#define ART_FONT_ART_ROWS (12 * ART_FONT_ART_H)

/// The art, row by row; block b's row r is art_font_art[b * ART_FONT_ART_H + r].
extern const char *const art_font_art[ART_FONT_ART_ROWS];

#endif
