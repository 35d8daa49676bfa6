/// A minimal BMP encoder for tests: 8-bit paletted, 24-bit and 32-bit (with alpha) pictures,
/// bottom-up rows, no compression.
#ifndef BMP_WRITER_H
#define BMP_WRITER_H

#include <stddef.h>
#include <stdint.h>

/// Encodes w x h RGBA pixels (bytes R, G, B, A) at 8, 24 or 32 bits per pixel into a malloc'd
/// buffer; 8 bits builds a palette of the distinct colours (at most 256; alpha is dropped below
/// 32 bits). Returns the length, 0 on failure.
size_t bmp_encode(int w, int h, int bits, const uint8_t *rgba, uint8_t **out);

#endif
