/// A minimal PNG encoder for tests: every colour type and bit depth, optional PLTE and tRNS,
/// optional Adam7 interlacing, and uncompressed ("stored") deflate, so tests can build every
/// format the loader must accept and damage the bytes precisely.
#ifndef PNG_WRITER_H
#define PNG_WRITER_H

#include <stddef.h>
#include <stdint.h>

typedef struct png_spec {
    int width, height;
    int color_type; ///< 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA
    int bit_depth;  ///< 1, 2, 4 (grey, palette), 8, 16 (not palette)
    /// Rows of width pixels, no filter byte. Depths 8 and 16: packed samples, big-endian for 16.
    /// Depths 1, 2, 4: one byte per pixel holding the sample (the encoder packs them).
    const uint8_t *pixels;
    const uint8_t *palette;
    int palette_len; ///< entries (RGB triplets)
    const uint8_t *trns;
    int trns_len; ///< bytes of the tRNS chunk
} png_spec;

/// Encodes into a malloc'd buffer; returns its length (0 on failure).
size_t png_encode(const png_spec *spec, uint8_t **out);
/// The same picture Adam7-interlaced.
size_t png_encode_interlaced(const png_spec *spec, uint8_t **out);
/// Writes a PNG whose IHDR declares w x h but carries no image data beyond a tiny IDAT.
size_t png_encode_header_only(uint32_t w, uint32_t h, uint8_t **out);
/// CRC32 as PNG uses it (for tests that re-sign chunks they changed).
uint32_t png_crc(const uint8_t *data, size_t len);

/// Offset of the first chunk of the given type (at its length field), or 0 when there is none.
size_t png_find_chunk(const uint8_t *png, size_t len, const char *type);
/// Recomputes the CRC of the chunk at `at` (as png_find_chunk returns) after its data changed.
void png_resign(uint8_t *png, size_t at);

/// A zlib stream of stored (uncompressed) blocks holding data; returns its length, *out malloc'd.
size_t png_zlib_stored(const uint8_t *data, size_t n, uint8_t **out);
/// The payloads of the PNG's IDAT chunks joined into one malloc'd buffer; returns its length.
size_t png_idat_data(const uint8_t *png, size_t len, uint8_t **out);
/// The PNG with its IDAT chunks replaced by the zlib data z, cut into IDAT chunks of at most
/// `piece` bytes (0: a single chunk) where the first IDAT was; returns the length, *out malloc'd.
size_t png_with_idat(const uint8_t *png, size_t len, const uint8_t *z, size_t zlen, size_t piece,
                     uint8_t **out);

/// Writes bytes to a file; returns 0 on success.
int write_file(const char *path, const uint8_t *data, size_t len);

#endif
