/// A minimal BMP encoder for tests: the header versions, bit depths and compressions SDL reads,
/// so tests can build every BMP form the loader must accept and damage the bytes precisely.
#ifndef BMP_WRITER_H
#define BMP_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct bmp_spec {
    int width, height;
    /// 4 or 8 (a palette of the distinct colours; alpha is dropped), 16 (5-5-5), 24, or 32
    /// (with alpha).
    int bits;
    int header;     ///< info header bytes: 12 (OS/2 core), 40 (0 means 40), 108 (V4), 124 (V5)
    bool top_down;  ///< negative height, rows from the top
    bool rle;       ///< RLE4 at 4 bits, RLE8 at 8
    bool bitfields; ///< 32 bits in a V4 or V5 header: BI_BITFIELDS with R, G, B, A masks
} bmp_spec;

/// Encodes width x height RGBA pixels (bytes R, G, B, A) into a malloc'd buffer. Returns the
/// length, 0 on failure (more colours than the palette holds).
size_t bmp_encode_spec(const bmp_spec *spec, const uint8_t *rgba, uint8_t **out);

/// A 40-byte header, bottom-up, uncompressed, at 8, 24 or 32 bits.
size_t bmp_encode(int w, int h, int bits, const uint8_t *rgba, uint8_t **out);

#endif
