/// A minimal PNG encoder for tests: any colour type at bit depth 8 or 16, optional tRNS, and
/// uncompressed ("stored") deflate, so tests can build every format the loader must accept and
/// damage the bytes precisely.
#ifndef PNG_WRITER_H
#define PNG_WRITER_H

#include <stddef.h>
#include <stdint.h>

typedef struct png_spec {
    int width, height;
    int color_type;        ///< 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA
    int bit_depth;         ///< 8 or 16 (palette: 8)
    const uint8_t *pixels; ///< packed rows, no filter byte, big-endian samples for 16-bit
    const uint8_t *palette;
    int palette_len; ///< entries (RGB triplets)
    const uint8_t *trns;
    int trns_len; ///< bytes of the tRNS chunk
} png_spec;

/// Encodes into a malloc'd buffer; returns its length (0 on failure).
size_t png_encode(const png_spec *spec, uint8_t **out);
/// Writes a PNG whose IHDR declares w x h but carries no image data beyond a tiny IDAT.
size_t png_encode_header_only(uint32_t w, uint32_t h, uint8_t **out);
/// CRC32 as PNG uses it (for tests that re-sign chunks they changed).
uint32_t png_crc(const uint8_t *data, size_t len);

/// Writes bytes to a file; returns 0 on success.
int write_file(const char *path, const uint8_t *data, size_t len);

#endif
