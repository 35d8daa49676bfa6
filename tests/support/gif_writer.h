/// A minimal GIF encoder for tests: one frame, a global palette of the picture's distinct
/// colours and LZW codes that never grow past the first code width (a clear code comes before the
/// table would need a wider code), so the output is simple and predictable.
#ifndef GIF_WRITER_H
#define GIF_WRITER_H

#include <stddef.h>
#include <stdint.h>

/// Encodes w x h RGBA pixels (bytes R, G, B, A) into a malloc'd GIF89a. Pixels with alpha under
/// 128 become the one transparent colour (a graphic control extension); others are opaque.
/// At most 255 distinct opaque colours. Returns the length, 0 on failure.
size_t gif_encode(int w, int h, const uint8_t *rgba, uint8_t **out);

#endif
