/// A minimal GIF encoder for tests: a global or local palette of the picture's distinct colours
/// and LZW codes that never grow past the first code width (a clear code comes before the table
/// would need a wider one), so the output is simple and predictable. A frame may cover part of
/// the logical screen, be interlaced, and be followed by a second frame.
#ifndef GIF_WRITER_H
#define GIF_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct gif_spec {
    int width, height; ///< the logical screen
    /// The first frame's rectangle in the screen; a zero size means the whole screen.
    int frame_x, frame_y, frame_width, frame_height;
    const uint8_t *rgba;   ///< the frame's pixels (bytes R, G, B, A), row by row
    bool local_palette;    ///< the colour table follows the image descriptor, none is global
    bool interlaced;       ///< rows stored in the four interlace passes
    bool gif87a;           ///< version 87a: no extensions, so no transparent colour
    const uint8_t *second; ///< optional second frame of the same rectangle
} gif_spec;

/// Encodes into a malloc'd buffer. Pixels with alpha under 128 become the one transparent
/// colour (a graphic control extension, GIF89a only); others are opaque. At most 255 distinct
/// opaque colours over both frames. Returns the length, 0 on failure.
size_t gif_encode_spec(const gif_spec *spec, uint8_t **out);

/// One frame covering the w x h screen, global palette, GIF89a.
size_t gif_encode(int w, int h, const uint8_t *rgba, uint8_t **out);

#endif
